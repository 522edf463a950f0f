package yamldoc

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Error is a problem with a document at a position. Error() is the text
// Kubernetes' tools print for it (for syntax errors yaml.v2's, such as
// "yaml: line 3: could not find expected ':'"), without the position, so
// callers that reproduce an upstream message can use it verbatim; Line and
// Column say where it is for editors and for callers that prefix them.
type Error struct {
	Line, Column int    // 1-based
	Path         string // the field path, when the problem is a field's
	Msg          string

	printed int // the line number Msg prints, if any
}

func (e *Error) Error() string { return e.Msg }

// Positioned renders the error with its position and path in front:
// "line 3, column 5: spec.x: unknown field". A reader's error loses its
// "yaml: " prefix and the line yaml.v2 would print (which can differ from
// the true one): our own formats show where the problem is.
func (e *Error) Positioned() string {
	s := strings.TrimPrefix(e.Msg, "yaml: ")
	if rest, ok := strings.CutPrefix(s, "line "); ok && len(s) != len(e.Msg) && e.Line > 0 {
		if _, tail, ok := strings.Cut(rest, ": "); ok {
			s = tail
		}
	}
	if e.Path != "" {
		s = e.Path + ": " + s
	}
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, s)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, s)
	}
	return s
}

// Located is an *Error shown the way the explorer's own formats show
// problems (Positioned): position and field path first.
type Located struct{ Err *Error }

func (l *Located) Error() string { return l.Err.Positioned() }
func (l *Located) Unwrap() error { return l.Err }

// Position returns the 1-based line and column (0 when unknown), so callers
// can mark the spot without reading it back out of the text.
func (l *Located) Position() (line, column int) { return l.Err.Line, l.Err.Column }

// Detail is the text of Error() without the position in front.
func (l *Located) Detail() string {
	s := l.Err.Positioned()
	if rest, ok := strings.CutPrefix(s, "line "); ok {
		if _, tail, ok := strings.Cut(rest, ": "); ok {
			return tail
		}
	}
	return s
}

// Locate returns err as a Located error if it is an *Error, else err.
func Locate(err error) error {
	var e *Error
	if errors.As(err, &e) {
		return &Located{e}
	}
	return err
}

func errorAt(n *Node, format string, args ...any) *Error {
	return &Error{Line: n.Line, Column: n.Column, Msg: fmt.Sprintf(format, args...)}
}

// positionOf returns the 1-based line and column (in characters) of byte
// offset off, counting lines as YAML does.
func positionOf(data []byte, off int) (line, col int) {
	starts := lineStarts(data[:min(off, len(data))])
	start := starts[len(starts)-1]
	return len(starts), utf8.RuneCount(data[start:min(off, len(data))]) + 1
}

// lineStarts lists the byte offsets where lines start. Like libyaml, it
// takes CR LF, CR, LF, NEL, LS and PS for line breaks.
func lineStarts(data []byte) []int {
	starts := []int{0}
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		case 0xC2: // NEL is C2 85
			if i+1 < len(data) && data[i+1] == 0x85 {
				i++
				starts = append(starts, i+1)
			}
		case 0xE2: // LS and PS are E2 80 A8 and E2 80 A9
			if i+2 < len(data) && data[i+1] == 0x80 && (data[i+2] == 0xA8 || data[i+2] == 0xA9) {
				i += 2
				starts = append(starts, i+1)
			}
		}
	}
	return starts
}
