package strictyaml

import (
	"errors"
	"testing"

	yamlv3 "go.yaml.in/yaml/v3"
)

// Syntax keeps the text the scenario parser always printed and moves the
// line into the structure.
func TestSyntax(t *testing.T) {
	tests := []struct {
		doc, text string
		line      int
	}{
		{doc: "a: 1\nb: 2\nc 2\nd: 3\n", text: "line 3: could not find expected ':'", line: 3},
		{doc: "v: [A,", text: "line 1: did not find expected node content", line: 1},
	}
	for _, tt := range tests {
		var n yamlv3.Node
		err := yamlv3.Unmarshal([]byte(tt.doc), &n)
		if err == nil {
			t.Fatalf("%q: no error", tt.doc)
		}
		e := Syntax(err)
		if e.Error() != tt.text {
			t.Errorf("%q: text %q, want %q", tt.doc, e.Error(), tt.text)
		}
		if l, c := e.Position(); l != tt.line || c != 0 {
			t.Errorf("%q: position %d:%d, want %d:0", tt.doc, l, c, tt.line)
		}
	}
	e := Syntax(errors.New("yaml: something without a line"))
	if e.Error() != "something without a line" || e.Line != 0 {
		t.Errorf("no line: %+v", e)
	}
}

func TestErrorDetail(t *testing.T) {
	e := &Error{Line: 5, Column: 7, Path: "spec.x", Msg: `unknown field "x"`}
	if e.Error() != `line 5, column 7: spec.x: unknown field "x"` || e.Detail() != `spec.x: unknown field "x"` {
		t.Errorf("%q / %q", e.Error(), e.Detail())
	}
	e.Path = ""
	if e.Detail() != `unknown field "x"` {
		t.Errorf("%q", e.Detail())
	}
}
