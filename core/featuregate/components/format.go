package components

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

// The data format, one release per file, line oriented:
//
//	# comment
//	release 1.37 patch 1.37.1
//	-GateGone
//	+Name codes
//
// The header comes first (after comments). "-" drops a gate the previous
// release's table had; "+" adds a gate or replaces its entry. The oldest
// release has only "+" lines. codes are the components whose code reads
// the gate, one letter each in this order: k kubelet, a kube-apiserver,
// c kube-controller-manager, s kube-scheduler, p kube-proxy, t kubectl;
// "." when no binary reads it. Example: "+NodeSwap k", "+SidecarContainers kacs".

// Table is the data of one release.
type Table struct {
	Release string // minor release, "1.37"
	Patch   string // the patch release the data was derived from, "1.37.1"
	readers map[string]Set
}

// Gates returns the gate names of the table, sorted.
func (t *Table) Gates() []string {
	out := make([]string, 0, len(t.readers))
	for g := range t.readers {
		out = append(out, g)
	}
	sort.Strings(out)
	return out
}

// Readers returns the components whose code reads gate; ok is false when
// the table has no entry for it (the release does not register it).
func (t *Table) Readers(gate string) (s Set, ok bool) {
	s, ok = t.readers[gate]
	return s, ok
}

// NewTable builds a table (for the generator and tests).
func NewTable(release, patch string, readers map[string]Set) *Table {
	t := &Table{Release: release, Patch: patch, readers: make(map[string]Set, len(readers))}
	for g, s := range readers {
		t.readers[g] = s
	}
	return t
}

// ApplyDelta decodes one data file (named name, for error messages) on top
// of prev, the previous release's table (nil for the oldest file).
func ApplyDelta(prev *Table, name string, data []byte) (*Table, error) {
	t := &Table{readers: map[string]Set{}}
	prevRelease := ""
	if prev != nil {
		prevRelease = prev.Release
		t.readers = make(map[string]Set, len(prev.readers))
		for g, s := range prev.readers {
			t.readers[g] = s
		}
	}
	var err error
	t.Release, t.Patch, err = catalog.ScanDelta(name, data, prevRelease, func(l catalog.DeltaLine) (string, error) {
		if l.Remove {
			if _, ok := t.readers[l.Text]; !ok {
				return "", fmt.Errorf("drops %s, which the previous release does not have", l.Text)
			}
			delete(t.readers, l.Text)
			return l.Text, nil
		}
		f := strings.Fields(l.Text)
		if len(f) != 2 {
			return "", fmt.Errorf("want \"+Name codes\", got %q", "+"+l.Text)
		}
		if !catalog.ValidName(f[0]) {
			return "", fmt.Errorf("bad gate name %q", f[0])
		}
		s, ok := parseCode(f[1])
		if !ok {
			return "", fmt.Errorf("bad component codes %q (letters of %q in that order, or \".\")", f[1], codes)
		}
		t.readers[f[0]] = s
		return f[0], nil
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// FormatDelta encodes cur relative to prev (nil for the oldest release).
// ApplyDelta(prev, _, FormatDelta(prev, cur)) equals cur.
func FormatDelta(prev, cur *Table, comments ...string) []byte {
	var b bytes.Buffer
	for _, c := range comments {
		for _, l := range strings.Split(c, "\n") {
			b.WriteString("# " + l + "\n")
		}
	}
	fmt.Fprintf(&b, "release %s patch %s\n", cur.Release, cur.Patch)
	if prev != nil {
		for _, g := range prev.Gates() {
			if _, ok := cur.readers[g]; !ok {
				b.WriteString("-" + g + "\n")
			}
		}
	}
	for _, g := range cur.Gates() {
		s := cur.readers[g]
		if prev != nil {
			if old, ok := prev.readers[g]; ok && old == s {
				continue
			}
		}
		b.WriteString("+" + g + " " + s.code() + "\n")
	}
	return b.Bytes()
}
