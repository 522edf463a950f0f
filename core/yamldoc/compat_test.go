package yamldoc

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	sigsyaml "sigs.k8s.io/yaml"
)

// These tests hold the decoder to sigs.k8s.io/yaml (yaml.v2), the reader of
// the kubelet, kubectl and the API server, which only tests may link.

// sigs is what the upstream reader gives: JSON or an error text, and the
// strict reader's error text.
func sigs(in string) (js, strict string) {
	j, err := sigsyaml.YAMLToJSON([]byte(in))
	if err != nil {
		js = "error: " + err.Error()
	} else {
		js = string(j)
	}
	if _, err := sigsyaml.YAMLToJSONStrict([]byte(in)); err != nil {
		strict = err.Error()
	}
	return js, strict
}

func ours(in string) (js, strict string) {
	d, err := Parse([]byte(in))
	if err != nil {
		return "error: " + err.Error(), err.Error()
	}
	j, err := d.JSON()
	if err != nil {
		js = "error: " + err.Error()
	} else {
		js = string(j)
	}
	if err := d.DuplicateKeys(); err != nil {
		strict = err.Error()
	} else if strings.HasPrefix(js, "error: ") {
		strict = strings.TrimPrefix(js, "error: ")
	}
	return js, strict
}

var compatCases = []string{
	"",
	"\n",
	"# only a comment\n",
	"---\n",
	// A broken token right after the second document's marker: yaml.v3 scans
	// two tokens ahead, yaml.v2 stops at the marker.
	"a: 1\n--- \"unclosed\nb: 2\n",
	"--- \"unclosed\n",
	"a: 1\n---\n\"unclosed\n",
	"a: 1\n---\nb: \"unclosed\n",
	"a: 1\n--- \"unclosed\n---\nb: 2\n",
	// A quoted scalar of the first document that runs into the marker:
	// yaml.v2 scans it up to the marker too, and fails there.
	"logging:\n  vmodule: \"unclosed\n---\nb: 2\n",
	"a: 'unclosed\n---\n",
	"a: \"unclosed\n--- b\n",
	"a: [1,\n---\n",
	"a: 1\n--- 'x\n---\n",
	"a: 1\n---\nb: 'x\n---\n",
	"'x\n---\n",
	"a: \"x\n...\n",
	"a: \"x\n  more\n\n---\nb: 1\n",
	"# c\n\na:\n  b: 'x\n---\n",
	// A document that is a quoted scalar spanning lines: yaml.v2 reads one
	// token past it and stops, before what yaml.v3 fails on (quoted.go).
	"--- \"unclosed\n- \" quay.io/*\"\nMaxPods: 20\n",
	"--- \"a\nb\" x\nc: d\n",
	"\"a\nb\" x\nc: : d\n",
	"--- 'a\n  b' x\n- c: : d\n",
	"--- \"unclosed\nkind: 'KubeletConfiguration'\n- \"quay.io/a*\"\n- \" quay.io/*\"\nMaxPods: 20\n",
	"a: 1\n",
	"a: yes\nb: No\nc: on\nd: OFF\ne: y\nf: n\ng: true\nh: ~\ni: null\nj:\n",
	"a: 0777\nb: 0x1F\nc: 1_000\nd: 08\ne: 0b101\nf: -0b11\ng: 0o17\nh: +12\ni: -0\n",
	"a: 1.5\nb: .5\nc: 1e3\nd: 1.e3\ne: -.inf\nf: 1e400\ng: 6.02e+23\nh: 1.0\ni: 100000000000000000000000\n",
	"a: 18446744073709551615\nb: 9223372036854775808\nc: -9223372036854775808\n",
	"a: 2001-12-14\nb: 2001-12-14t21:59:43.10-05:00\nc: 2001-12-14 21:59:43.10\nd: 2001-13-14\n",
	"a: 'yes'\nb: \"1\"\nc: |\n  x\n  y\nd: >\n  folded\n  text\n",
	"a: !!str 1\nb: !!int \"12\"\nc: !!float 1\nd: !!bool yes\ne: !custom x\nf: !!binary aGVsbG8=\ng: !!timestamp 2001-01-01\n",
	"a: !!int abc\n",
	"a: !!float 1.5.5\n",
	"a: !!binary '*'\n",
	"a: !!timestamp 5\n",
	"a: !!null x\n",
	"1: a\n1.5: b\n0x1f: c\ntrue: d\n~: e\n",
	"1.1234567891: a\n",
	".inf: a\n-.inf: b\n.nan: c\n",
	"18446744073709551615: a\n",
	// An empty flow collection as the first key is the whole document for
	// yaml.v2, which reads nothing after it (emptykey.go).
	"{}: :\n",
	"[]: :\n",
	"  {}: :\n",
	"# c\n{}: :\n",
	"{}: :\nb: [\n",
	"{}: x\nb: \"unclosed\n",
	"? [a]\n: 1\n",
	"? {a: 1}\n: 1\n",
	"a: &x {b: 1}\nc: *x\n",
	"a: &x [*x]\n",
	"base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  y: 3\n",
	"base: &b {x: 1, y: 2}\nd:\n  y: 3\n  <<: *b\n",
	"a: &a {x: 1}\nb: &b {x: 2, z: 3}\nd:\n  <<: [*a, *b]\n",
	"d:\n  <<: 1\n",
	"d:\n  <<: [1]\n",
	"a: &s [1]\nd:\n  <<: *s\n",
	"d:\n  '<<': {x: 1}\n",
	"a: 1\na: 2\n",
	"a: {b: 1, b: 2}\nc: [{d: 1, d: 2}]\nc: 3\n",
	"x: &x {a: 1, a: 2}\ny: *x\nz: *x\n",
	"a: .nan\n",
	"a: [1, .inf]\n",
	"a: \"\\xff\"\n",
	"a: b: c\n",
	"a: 1\nfoo\nb: 2\n",
	"- a\n- b\n",
	"just a string\n",
	"42\n",
	"a: 1\n---\nb: 2\n",
	"--- |\n  text\n",
	"a: <b>&</b>\n",
	"a: [1, 2\n",
	"a: *unknown\n",
	"&a a: 1\n*a : 2\n",
	"{a: 1, a: 1}\n",
	"a:\n  - &x 1\n  - *x\n",
	"x: &a 1\n*a : 2\n",
	"featureGates:\n  A: true\n  A: false\n",
	"featureGates:\n  yes: true\n  on: false\n",
	"a: 1\n\"a\": 2\n",
	"1: a\n0x1: b\n",
	"<<: {a: 1}\na: 2\n",
	"- a: 1\n  a: 2\n",
	"a:\n  - {b: 1, b: 2}\n",
	"2001-12-14: a\n2001-12-14t21:59:43.10-05:00: b\n",
	"~: a\nnull: b\n",
	"A.b-c_d: 1\nA.b-c_e: 2\n",
}

func TestCompatWithSigsYAML(t *testing.T) {
	for _, in := range compatCases {
		wantJS, wantStrict := sigs(in)
		gotJS, gotStrict := ours(in)
		if gotJS != wantJS {
			t.Errorf("%q: JSON\n got %s\nwant %s", in, gotJS, wantJS)
		}
		if gotStrict != wantStrict {
			t.Errorf("%q: strict\n got %q\nwant %q", in, gotStrict, wantStrict)
		}
	}
}

// isSyntaxError tells yaml.v2's parser errors, whose lines yaml.v3 does not
// always reproduce, from the decoding errors this package must match.
func isSyntaxError(msg string) bool {
	msg = strings.TrimPrefix(msg, "error: ")
	if !strings.HasPrefix(msg, "yaml: ") {
		return false
	}
	for _, decoding := range []string{"invalid map key", "cannot decode", "excessive aliasing", "value contains itself",
		"map merge requires", "unmarshal errors", "!!binary"} {
		if strings.Contains(msg, decoding) {
			return false
		}
	}
	return true
}

// FuzzCompatWithSigsYAML: every document both readers accept converts to
// the same JSON, and every non-syntax error has the same text.
func FuzzCompatWithSigsYAML(f *testing.F) {
	for _, c := range compatCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, in string) {
		wantJS, wantStrict := sigs(in)
		if isSyntaxError(wantJS) || keyCollision(in) {
			return
		}
		gotJS, gotStrict := ours(in)
		if gotJS != wantJS && !isSyntaxError(gotJS) {
			t.Fatalf("%q: JSON\n got %s\nwant %s", in, gotJS, wantJS)
		}
		if gotStrict != wantStrict && !isSyntaxError(gotJS) {
			t.Fatalf("%q: strict\n got %q\nwant %q", in, gotStrict, wantStrict)
		}
	})
}

// keyCollision reports distinct keys of one mapping that become the same
// JSON key (1 and "1"): sigs.k8s.io/yaml then keeps one of them at random.
func keyCollision(in string) bool {
	d, err := Parse([]byte(in))
	if err != nil || d.Root == nil {
		return false
	}
	var walk func(n *Node) bool
	walk = func(n *Node) bool {
		n = n.Deref()
		if n.Kind == MappingNode {
			seen := map[string]any{}
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i].Deref().Value
				s, _ := jsonKey(k)
				if prev, ok := seen[s]; ok && prev != k {
					return true
				}
				seen[s] = k
			}
		}
		for _, c := range n.Content {
			if walk(c) {
				return true
			}
		}
		return false
	}
	return walk(d.Root)
}

var marshalCases = []any{
	nil,
	map[string]any{},
	[]any{},
	map[string]any{"b": 1, "a": []any{1, "two", 3.5, true, nil}, "c": map[string]any{"z": "yes", "y": "1", "x": "2001-01-01"}},
	map[string]any{"a10": 1, "a2": 2, "a1": 3, "B": 4, "_x": 5, "1": 6, "10": 7, "9": 8, "a01": 9, "a001": 10},
	map[string]any{"s": "multi\nline\n", "t": "trailing\n\n", "u": "no trailing\nnewline", "v": "  leading", "w": "a: b", "x": "- item", "y": "#c", "z": ""},
	map[string]any{"q": "1:20", "r": "190:20:30.15", "s": "it's", "t": "\"quoted\"", "u": "tab\there", "v": "ünïcode", "w": "<b>&", "x": "~", "y": "null", "z": "0x1F"},
	map[string]any{"list": []any{map[string]any{"a": 1, "b": []any{"x", "y"}}, []any{1, []any{2}}}, "empty": map[string]any{"m": map[string]any{}, "l": []any{}}},
	map[string]any{"f": 1e21, "g": 0.000001, "h": 123456789.125, "i": math.Copysign(0, -1), "j": uint64(18446744073709551615), "k": int64(-9223372036854775808)},
	[]any{"a", map[string]any{"k": "v"}},
	"plain string",
	42,
}

func TestMarshalLikeSigsYAML(t *testing.T) {
	for _, v := range marshalCases {
		want, werr := sigsyaml.Marshal(v)
		got, gerr := Marshal(v)
		if string(got) != string(want) || (werr == nil) != (gerr == nil) {
			t.Errorf("%#v:\n got %q (%v)\nwant %q (%v)", v, got, gerr, want, werr)
		}
	}
}

type unmarshalTarget struct {
	Name    string            `json:"name"`
	Version string            `json:"version,omitempty"`
	Count   int               `json:"count,omitempty"`
	Labels  map[string]string `json:"labels,omitempty"`
	List    []string          `json:"list,omitempty"`
	Inner   *struct {
		Flag string `json:"flag"`
	} `json:"inner,omitempty"`
	Embedded
}

type Embedded struct {
	Promoted string `json:"promoted,omitempty"`
}

var unmarshalCases = []string{
	"name: a\nversion: 1.10\ncount: 3\nlabels: {a: 1, b: true}\nlist: [1, 2.5, yes]\ninner: {flag: on}\n",
	"NAME: a\nVersion: 2\n",
	"promoted: 5\n",
	"name: a\nunknown: 1\n",
	"name: a\nname: b\n",
	"count: abc\n",
	"count: 1.5\n",
	"a: b: c\n",
	"",
	"- a\n",
	"name: .nan\n",
	"count: .nan\n",
	"labels: {1: x}\n",
	"~: 1\n",
}

func TestUnmarshalLikeSigsYAML(t *testing.T) {
	for _, in := range unmarshalCases {
		for _, strict := range []bool{false, true} {
			var want, got unmarshalTarget
			var werr, gerr error
			if strict {
				werr, gerr = sigsyaml.UnmarshalStrict([]byte(in), &want), UnmarshalStrict([]byte(in), &got)
			} else {
				werr, gerr = sigsyaml.Unmarshal([]byte(in), &want), Unmarshal([]byte(in), &got)
			}
			if fmt.Sprint(werr) != fmt.Sprint(gerr) || !reflect.DeepEqual(want, got) {
				t.Errorf("%q strict=%v:\n got %+v (%v)\nwant %+v (%v)", in, strict, got, gerr, want, werr)
			}
		}
	}
}
