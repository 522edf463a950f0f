package yamldoc

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// sameNodes compares what the converter reads of two yaml.v3 trees: kind,
// style, value, position, anchor and children (not the document node's
// position, nor the tags the converter resolves itself).
func sameNodes(a, b *yaml.Node, top bool) error {
	if a.Kind != b.Kind || a.Style != b.Style || a.Value != b.Value || a.Anchor != b.Anchor || a.Alias != b.Alias ||
		len(a.Content) != len(b.Content) || !top && (a.Line != b.Line || a.Column != b.Column) {
		return fmt.Errorf("%+v\nyaml.v3 %+v", *a, *b)
	}
	for i := range a.Content {
		if err := sameNodes(a.Content[i], b.Content[i], false); err != nil {
			return err
		}
	}
	return nil
}

// simpleAgrees requires parseSimple, where it answers, to give yaml.v3's
// nodes, and the document to be the one yaml.v3's nodes give.
func simpleAgrees(t *testing.T, in string) (answered bool) {
	t.Helper()
	var got, want yaml.Node
	if !parseSimple([]byte(in), &got) {
		return false
	}
	if err := yaml.Unmarshal([]byte(in), &want); err != nil {
		t.Fatalf("%q: parseSimple answered, yaml.v3 fails: %v", in, err)
	}
	if err := sameNodes(&got, &want, true); err != nil {
		t.Fatalf("%q: parseSimple gave %v", in, err)
	}
	return true
}

var simpleCases = []string{
	"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  SidecarContainers: true\n",
	"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\ncgroupDriver: systemd\nfeatureGates:\n  MemoryQoS: true\n",
	"a: 1", "\n\na:    b\n\n", "a:\n    b:\n      c: d\n    e: f\ng: h\n", "a:\n b: 1.5e+3\nc: d~\n", "x: y=z@w~/v_u.t-s+r\n", "a1: 0x1F\nb: 017\nc: 0.5\n",
	"a: yes\nb: No\nc: null\nd: Null\ne: 1_000\n", "a: b\na: c\nd:\n  a: 1\n  a: 2\n",
}

func TestSimpleIsYAMLv3(t *testing.T) {
	for _, in := range simpleCases {
		if !simpleAgrees(t, in) {
			t.Errorf("parseSimple refused %q", in)
		}
		// The document is the one yaml.v3's nodes give.
		doc, err := Parse([]byte(in))
		var y yaml.Node
		_ = yaml.Unmarshal([]byte(in), &y)
		c := &converter{data: []byte(in), lim: DefaultLimits, anchors: map[*yaml.Node]*Node{}, decodes: 1}
		root, cerr := c.convert(y.Content[0], 0)
		if err != nil || cerr != nil || !reflect.DeepEqual(doc.Root, root) {
			t.Errorf("%q: Parse gave %v (%v), yaml.v3's nodes %v (%v)", in, doc, err, root, cerr)
		}
	}
	for _, in := range []string{
		"", "a", "a:", "a: \n", "a:\nb: c\n", "  a: b\n", "a: b # c\n", "# c\na: b\n", "a: 'b'\n", "a: \"b\"\n", "a: [b]\n", "a: {}\n",
		"a:\n- b\n", "a: -1\n", "- a\n", "---\na: b\n", "a: b\n...\n", "a: !!str b\n", "a: &x b\nc: *x\n", "<<: {a: b}\n", "a: b\n  c\n",
		"a: b\n  c: d\n", "a:\n    b: c\n  d: e\n", "a:\tb\n", "a: b\r\n", "a: é\n", "a: b \n", "a: b\n  \nc: d\n", "a: @b\n",
		"a: b: c\n", "? a\n: b\n", "a: ~\n", "a: .inf\n", "a: |\n  b\n", "a: .b\n", "%YAML 1.2\n---\na: b\n", "a: b\n ",
	} {
		var n yaml.Node
		if parseSimple([]byte(in), &n) {
			t.Errorf("parseSimple answered %q", in)
		}
	}
}

func FuzzSimple(f *testing.F) {
	for _, c := range simpleCases {
		f.Add(c)
	}
	f.Add("a:\n  b: c\n d: e\n")
	f.Fuzz(func(t *testing.T, in string) {
		if strings.Count(in, "\n") > 200 {
			return
		}
		simpleAgrees(t, in)
	})
}
