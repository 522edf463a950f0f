package apiextensions

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// The override op pattern is matched by hand; it must accept what the
// regular expression accepts.
func TestOverrideOpPattern(t *testing.T) {
	re := regexp.MustCompile(OverrideOpPattern)
	for _, x := range []string{"", "add", "remove", "replace", "move", "copy", "test", "Add", "add ", " add", "addremove", "add\n", "replace\x00"} {
		if got, want := matchPattern(OverrideOpPattern, x), re.MatchString(x); got != want {
			t.Errorf("matchPattern(%q) = %v, regexp says %v", x, got, want)
		}
	}
	if !matchPattern("^a+$", "aaa") || matchPattern("^a+$", "b") || !matchPattern("(", "anything") {
		t.Error("other patterns must go through the regexp (an invalid one matches everything)")
	}
}

// The walks keep the field path in one buffer; the paths in errors and in
// the unknown and pruned lists must be the API server's: keys joined by
// dots, indexes in brackets, the caller's root first.
func TestSchemaPaths(t *testing.T) {
	str := &JSONSchemaProps{Type: "string"}
	item := &JSONSchemaProps{Type: "object", Required: []string{"name"},
		Properties: map[string]*JSONSchemaProps{"name": str, "op": {Type: "string", Pattern: OverrideOpPattern}}}
	schema := &JSONSchemaProps{Type: "object", Properties: map[string]*JSONSchemaProps{
		"spec": {Type: "object", Properties: map[string]*JSONSchemaProps{
			"list":   {Type: "array", Items: item},
			"labels": {Type: "object", AdditionalProperties: str},
			"known":  nil,
		}},
	}}
	obj := func() map[string]any {
		return map[string]any{"apiVersion": "v1", "kind": "K", "extra": 1, "metadata": map[string]any{"x": 1},
			"spec": map[string]any{
				"list":   []any{map[string]any{"name": "a"}, map[string]any{"op": "move", "zz": true}, map[string]any{"name": int64(3)}},
				"labels": map[string]any{"a": "b", "c": int64(1)},
				"known":  map[string]any{"anything": 1},
				"other":  "x",
			}}
	}
	var got []string
	for _, e := range schema.Validate(obj(), "") {
		got = append(got, e.Error())
	}
	want := []string{
		`spec.labels.c: Invalid value: "integer": spec.labels.c in body must be of type string: "integer"`,
		`spec.list[1].name: Required value`,
		`spec.list[1].op: Invalid value: "move": spec.list[1].op in body should match '^(add|remove|replace)?$'`,
		`spec.list[2].name: Invalid value: "integer": spec.list[2].name in body must be of type string: "integer"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Validate:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got, want := strings.Join(schema.Unknown(obj(), ""), " "), "apiVersion extra kind spec.list[1].zz spec.other"; got != want {
		t.Errorf("Unknown: %s, want %s", got, want)
	}
	o := obj()
	if got, want := strings.Join(schema.Prune(o, ""), " "), "extra spec.list[1].zz spec.other"; got != want {
		t.Errorf("Prune: %s, want %s", got, want)
	}
	if _, ok := o["apiVersion"]; !ok || o["extra"] != nil {
		t.Errorf("Prune kept or dropped the wrong fields: %v", o)
	}
	if got, want := strings.Join(schema.Properties["spec"].Unknown(obj()["spec"], "spec"), " "), "spec.list[1].zz spec.other"; got != want {
		t.Errorf("Unknown under a root: %s, want %s", got, want)
	}
}

// Native callers may validate from several goroutines at once: the pattern
// cache must not corrupt (the runtime stops the program on a concurrent map
// write, which this provokes without the lock).
func TestPatternCacheConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 2000; i++ {
				x := fmt.Sprintf("x%d_%d", g, i)
				p := "^" + x + "$"
				if !matchPattern(p, x) {
					t.Errorf("%s does not match", p)
					return
				}
			}
		}()
	}
	wg.Wait()
}
