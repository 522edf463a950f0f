package main

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/explorer"
)

// docs/api.md is what the generator writes from the current code: CI runs
// make apidoc, and this test says so earlier, in go test ./... .
func TestAPIDocIsCurrent(t *testing.T) {
	want, err := generate("../..", explorer.Methods(), explorer.Mechanisms())
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatal("docs/api.md is out of date: run make apidoc")
	}
	again, _ := generate("../..", explorer.Methods(), explorer.Mechanisms())
	if string(again) != string(want) {
		t.Fatal("the generator is not deterministic")
	}
	for _, m := range explorer.Methods() {
		if !strings.Contains(string(want), "| `"+m.Name+"` |") {
			t.Errorf("method %s is not documented", m.Name)
		}
	}
	for _, s := range []string{`| ` + "`gates.warning`" + ` | explorer/gates | a problem the kubelet tolerates`,
		"One of \"error\", \"warning\", \"info\".", "| `endColumn` | integer | *optional.*"} {
		if !strings.Contains(string(want), s) {
			t.Errorf("the reference lacks %q", s)
		}
	}
}

type inner struct {
	A string `json:"a"`
	B string `json:"b,omitempty"`
	c string
}

type outer struct {
	*inner
	B    int    `json:"b"`
	Skip string `json:"-"`
	Raw  string
}

func TestJSONFields(t *testing.T) {
	var names []string
	for _, f := range jsonFields(reflect.TypeFor[outer]()) {
		names = append(names, f.name)
		if f.name == "b" && f.typ.Kind() != reflect.Int {
			t.Errorf("the outer b must hide the embedded one")
		}
	}
	if strings.Join(names, ",") != "a,b,Raw" {
		t.Errorf("fields %v, want a,b,Raw", names)
	}
	_ = inner{c: ""}
}
