package yamldoc

import (
	"fmt"
	"strconv"
	"strings"
)

// Pos is a 1-based line and column.
type Pos struct{ Line, Column int }

// Index finds the positions of field paths ("spec.containers[0].image")
// in a tree: a mapping entry's is its key's, a sequence item's and the
// root's their own. With repeated keys, the last one counts, as for the
// value. It walks the tree on each lookup (errors are rare), so building
// one costs nothing.
type Index struct {
	root *Node
}

// IndexOf indexes the tree under n, with paths relative to it.
func IndexOf(n *Node) *Index { return &Index{root: n} }

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// Pos returns the position of path, or of its nearest ancestor in the
// tree; zeros without a tree.
func (ix *Index) Pos(path string) (line, col int) {
	if ix == nil || ix.root == nil {
		return 0, 0
	}
	at := ix.root
	n := ix.root
	for path != "" {
		var next, key *Node
		rest := ""
		switch d := n.Deref(); {
		case strings.HasPrefix(path, "["):
			end := strings.IndexByte(path, ']')
			i, err := strconv.Atoi(path[1:max(end, 1)])
			if end < 0 || err != nil || d.Kind != SequenceNode || i < 0 || i >= len(d.Content) {
				return at.Line, at.Column
			}
			next, rest = d.Content[i], path[end+1:]
		case d.Kind == MappingNode:
			// The longest key the path starts with: keys may hold dots.
			best := -1
			for i := 0; i+1 < len(d.Content); i += 2 {
				k := KeyString(d.Content[i].Deref())
				if len(k) >= best && (path == k || strings.HasPrefix(path, k) && (path[len(k)] == '.' || path[len(k)] == '[')) {
					best, key, next = len(k), d.Content[i], d.Content[i+1]
				}
			}
			if next == nil {
				return at.Line, at.Column
			}
			rest = path[best:]
		default:
			return at.Line, at.Column
		}
		rest = strings.TrimPrefix(rest, ".")
		n, path, at = next, rest, next
		if key != nil {
			at = key // a mapping entry's position is its key's
		}
	}
	return at.Line, at.Column
}

// Errorf returns a Located error for path, positioned through the index.
func (ix *Index) Errorf(path, format string, args ...any) error {
	l, c := ix.Pos(path)
	return &Located{&Error{Line: l, Column: c, Path: path, Msg: fmt.Sprintf(format, args...)}}
}
