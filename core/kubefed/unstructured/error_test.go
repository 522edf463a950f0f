package unstructured

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestErrorPosition(t *testing.T) {
	e := &Error{Line: 3, Column: 5, Msg: "mapping values are not allowed in this context"}
	line, column := e.Position()
	require.Equal(t, [2]int{3, 0}, [2]int{line, column}, "kubefed errors hand over their line only")
	require.Equal(t, e.Msg, e.Detail())
	require.Equal(t, "line 3: "+e.Msg, e.Error())
	require.Equal(t, "no line", (&Error{Msg: "no line"}).Error())
}

// A syntax error is marked on the line that has it, never after the text
// (unclosed quotes and brackets are found at the end of the stream).
func TestSyntaxErrorLine(t *testing.T) {
	for _, tt := range []struct {
		text string
		line int
	}{
		{"a: 1\nb: 2\nc: 3\nd: 4\nbogus: [<img\n", 5},
		{"a: 1\nb: 2\nc: [1\nd: 4\n", 3},
		{"x: 1\ny: [1\n", 2},
		{"a:\n  b: {c: 1\n  d: 2\n", 2},
		{"a: 1\n- b\n", 2},
		{"a: |\n  x\n b: 1\n", 3},
		{"- a\nb: 1\n", 2},
		{"a: 1\nb:\n  - [x, y\n  - z\n", 4},
		{"x: [1\n", 1},
		{"a: 1\nb: 2\n c: 3\n", 3},
		{"a: 'x\n", 1},
		{"a: b: c\n", 1},
		{"a: 1\nb: 2\n%x\n", 3},
		{"a: 1\nb: @x\n", 2},
		{"a: 1\n\tb: 2\n", 2},
	} {
		_, err := ParseNode(Document{Text: tt.text, StartLine: 1})
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("%q: got %v, want a syntax error", tt.text, err)
			continue
		}
		if e.Line != tt.line {
			t.Errorf("%q: line %d, want %d (%s)", tt.text, e.Line, tt.line, e.Msg)
		}
		// In a later document of a stream, the line counts from the stream's start.
		_, err = ParseNode(Document{Text: tt.text, StartLine: 10})
		if e := err.(*Error); e.Line != tt.line+9 {
			t.Errorf("%q at line 10: line %d, want %d", tt.text, e.Line, tt.line+9)
		}
	}
}
