package kubeletconfig

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestSplitAggregate(t *testing.T) {
	in := "[cannot set feature gate A to false, feature is locked to true, unrecognized feature gate: B, " +
		"C is enabled, but depends on features that are disabled: [D E], invalid configuration: maxPods (--max-pods) -1 must not be a negative number]"
	want := []string{"cannot set feature gate A to false, feature is locked to true", "unrecognized feature gate: B",
		"C is enabled, but depends on features that are disabled: [D E]", "invalid configuration: maxPods (--max-pods) -1 must not be a negative number"}
	if got := splitAggregate(in); !reflect.DeepEqual(got, want) {
		t.Errorf("splitAggregate = %q", got)
	}
	if got := splitAggregate("unrecognized feature gate: X"); len(got) != 1 {
		t.Errorf("a bare error is one item: %q", got)
	}
}

func TestDiffAcceptsOnlyOrderVariants(t *testing.T) {
	m := Outcome{Stage: "mergedGates", Error: "unrecognized feature gate: A",
		Alternatives: []string{"unrecognized feature gate: A", "unrecognized feature gate: B"}}
	if d := Diff(24, m, Outcome{Stage: "mergedGates", Error: "unrecognized feature gate: B"}); len(d) != 0 {
		t.Errorf("another bad key of the same map must be accepted: %q", d)
	}
	if d := Diff(24, m, Outcome{Stage: "mergedGates", Error: "unrecognized feature gate: C"}); len(d) != 1 {
		t.Errorf("a key outside the alternatives must differ: %q", d)
	}
	agg := Outcome{Stage: "validate", Error: "[invalid configuration: a, invalid configuration: b]"}
	if d := Diff(37, agg, Outcome{Stage: "validate", Error: "[invalid configuration: b, invalid configuration: a]"}); len(d) != 0 {
		t.Errorf("an aggregate in another order must be accepted: %q", d)
	}
	if d := Diff(37, agg, Outcome{Stage: "validate", Error: "[invalid configuration: b, invalid configuration: c]"}); len(d) != 1 {
		t.Errorf("another aggregate must differ: %q", d)
	}
	// From 1.31 an unknown gate stops the walk: any per-key errors before it.
	m31 := Outcome{Stage: "defaulting", Error: "[cannot set feature gate A to false, feature is locked to true, unrecognized feature gate: b]",
		Alternatives: []string{"cannot set feature gate A to false, feature is locked to true", "unrecognized feature gate: b", "unrecognized feature gate: c"}}
	for up, ok := range map[string]bool{
		"unrecognized feature gate: c": true,
		"[unrecognized feature gate: b, cannot set feature gate A to false, feature is locked to true]": true,
		"[unrecognized feature gate: b, unrecognized feature gate: c]":                                  false,
		"cannot set feature gate A to false, feature is locked to true":                                 false,
	} {
		if d := Diff(37, m31, Outcome{Stage: "defaulting", Error: up}); (len(d) == 0) != ok {
			t.Errorf("1.37 upstream %q: accepted %t, want %t", up, len(d) == 0, ok)
		}
	}
	rm := Outcome{Stage: "validate", Error: "[invalid configuration: the limit type \"cpu\" for NUMA node 1 is not supported, only [memory hugepages-<HugePageSize>] is accepted, " +
		"invalid configuration: reserved memory may not be zero for NUMA node 1 and resource \"memory\"]"}
	swapped := "[invalid configuration: reserved memory may not be zero for NUMA node 1 and resource \"memory\", " +
		"invalid configuration: the limit type \"cpu\" for NUMA node 1 is not supported, only [memory hugepages-<HugePageSize>] is accepted]"
	if d := Diff(24, rm, Outcome{Stage: "validate", Error: swapped}); len(d) != 0 {
		t.Errorf("reservedMemory errors in another map order must be accepted: %q", d)
	}
	if d := Diff(24, agg, Outcome{Stage: "validate", Error: "[invalid configuration: b, invalid configuration: a]"}); len(d) != 1 {
		t.Errorf("before 1.31 other validation errors must keep their order: %q", d)
	}
	if d := Diff(37, Outcome{Gates: map[string]bool{"G": true}}, Outcome{Gates: map[string]bool{"G": false}}); len(d) != 1 {
		t.Errorf("a gate value must be compared: %q", d)
	}
}

func TestKlogEntries(t *testing.T) {
	text := "W0101 00:00:00.000000   1 codec.go:118] using lenient decoding as strict decoding failed: x\n" +
		"I0101 00:00:00.000000   1 codec.go:117] \"Using lenient decoding as strict decoding failed\" err=<\n\tstrict decoding error: a\n >\n"
	got := KlogEntries(text)
	want := []string{"using lenient decoding as strict decoding failed: x", "\"Using lenient decoding as strict decoding failed\" err=<\n\tstrict decoding error: a\n >"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("KlogEntries = %q", got)
	}
}

func TestShrinkAndCorpus(t *testing.T) {
	doc := []byte("a: 1\nb: 2\nbad: x\nc: 3\n")
	small := Shrink(doc, func(d []byte) bool { return bytes.Contains(d, []byte("bad")) })
	if string(small) != "bad: x\n" {
		t.Errorf("Shrink = %q", small)
	}
	c := &Corpus{minor: 37, names: []string{"A", "B"}, alpha: []string{"A"}, beta: []string{"B"}, sample: []string{"A"}}
	for seed := uint64(1); seed < 200; seed++ {
		d1, g1 := c.Doc(seed)
		d2, g2 := c.Doc(seed)
		if !bytes.Equal(d1, d2) || strings.Join(g1, ",") != strings.Join(g2, ",") {
			t.Fatalf("seed %d: two different documents", seed)
		}
	}
}
