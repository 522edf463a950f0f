package jsonvalue

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		in     string
		want   any
		refuse bool
	}{
		{in: `{}`, want: map[string]any{}},
		{in: ` {"a": [1, -2.5e3, true, false, null, "x"], "b": {}} `, want: map[string]any{"a": []any{1.0, -2500.0, true, false, nil, "x"}, "b": map[string]any{}}},
		{in: `[]`, want: []any{}},
		{in: `"tab\there \"q\" \\ \/ \b\f\r\n \u003c\u00e9\u2028 é"`, want: "tab\there \"q\" \\ / \b\f\r\n <é\u2028 é"},
		{in: `-0`, want: -0.0},
		{in: `0.5E-2`, want: 0.005},
		{in: `null`, want: nil},
		// Refused: encoding/json decides (an error, or a value it builds otherwise).
		{in: `{"a": 1, "a": 2}`, refuse: true},
		{in: `"\ud83d\ude00"`, refuse: true},
		{in: "\"\xff\"", refuse: true},
		{in: "\"a\tb\"", refuse: true},
		{in: `1e400`, refuse: true},
		{in: `01`, refuse: true},
		{in: `1.`, refuse: true},
		{in: `{"a":1,}`, refuse: true},
		{in: `[1,]`, refuse: true},
		{in: `{"a" 1}`, refuse: true},
		{in: `{} {}`, refuse: true},
		{in: `tru`, refuse: true},
		{in: `"\x"`, refuse: true},
		{in: `"\u12"`, refuse: true},
		{in: ``, refuse: true},
		{in: strings.Repeat("[", MaxDepth+2) + strings.Repeat("]", MaxDepth+2), refuse: true},
	} {
		got, ok := Decode([]byte(tc.in))
		if ok == tc.refuse {
			t.Errorf("Decode(%.40q): ok %v, want %v", tc.in, ok, !tc.refuse)
			continue
		}
		if ok && !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Decode(%.40q) = %#v, want %#v", tc.in, got, tc.want)
		}
		if ok {
			var std any
			if err := json.Unmarshal([]byte(tc.in), &std); err != nil || !reflect.DeepEqual(got, std) {
				t.Errorf("Decode(%.40q) = %#v; encoding/json: %#v, %v", tc.in, got, std, err)
			}
		}
	}
}

// FuzzDecode: whatever Decode accepts, encoding/json decodes to the same
// value.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"apiVersion":"kubelet.config.k8s.io/v1beta1","featureGates":{"A":true,"B":null},"n":[1,2.5,-3e2]}`,
		`"a\u0041\n"`, `[{"x":{}}]`, `{"a":1,"a":2}`, `1e999`, `"\ud800"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, ok := Decode(b)
		if !ok {
			return
		}
		var std any
		if err := json.Unmarshal(b, &std); err != nil {
			t.Fatalf("Decode(%q) accepted what encoding/json rejects: %v", b, err)
		}
		if !reflect.DeepEqual(got, std) {
			t.Fatalf("Decode(%q) = %#v, encoding/json %#v", b, got, std)
		}
	})
}
