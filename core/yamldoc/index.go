package yamldoc

import (
	"fmt"
	"strconv"
	"strings"
)

// Pos is a 1-based line and column.
type Pos struct{ Line, Column int }

// Index maps field paths ("spec.containers[0].image") to positions: a
// mapping entry's is its key's, a sequence item's and the root's their
// own. With repeated keys, the last one counts, as for the value.
type Index struct {
	pos map[string]Pos
}

// IndexOf indexes the tree under n, with paths relative to it.
func IndexOf(n *Node) *Index {
	ix := &Index{pos: map[string]Pos{}}
	if n != nil {
		ix.add(n, "")
	}
	return ix
}

func (ix *Index) add(n *Node, path string) {
	ix.pos[path] = Pos{n.Line, n.Column}
	n = n.Deref()
	switch n.Kind {
	case MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			p := joinPath(path, KeyString(k.Deref()))
			ix.add(n.Content[i+1], p)
			ix.pos[p] = Pos{k.Line, k.Column}
		}
	case SequenceNode:
		for i, c := range n.Content {
			ix.add(c, path+"["+strconv.Itoa(i)+"]")
		}
	}
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// Pos returns the position of path, or of its nearest indexed ancestor;
// zeros when there is none.
func (ix *Index) Pos(path string) (line, col int) {
	if ix == nil {
		return 0, 0
	}
	for p := path; ; {
		if v, ok := ix.pos[p]; ok {
			return v.Line, v.Column
		}
		if p == "" {
			return 0, 0
		}
		i := strings.LastIndexAny(p, ".[")
		if i < 0 {
			p = ""
		} else {
			p = p[:i]
		}
	}
}

// Errorf returns a Located error for path, positioned through the index.
func (ix *Index) Errorf(path, format string, args ...any) error {
	l, c := ix.Pos(path)
	return &Located{&Error{Line: l, Column: c, Path: path, Msg: fmt.Sprintf(format, args...)}}
}
