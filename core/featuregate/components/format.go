package components

import (
	"bytes"
	"fmt"
	"slices"
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
	// gates are the gate names, sorted, and readers their components, by
	// index. A table is looked up by binary search, not hashed: in the
	// browser a first evaluation asks it about every gate of the newest
	// release, and building and asking a map of them was a fifth of the
	// string hashing that had V8 optimize the hash on a background thread
	// while the evaluation ran (issue 15).
	gates   []string
	readers []Set
}

// tableOf builds a table from a map of gate to readers.
func tableOf(release, patch string, readers map[string]Set) *Table {
	t := &Table{Release: release, Patch: patch, gates: make([]string, 0, len(readers))}
	for g := range readers {
		t.gates = append(t.gates, g)
	}
	sort.Strings(t.gates)
	t.readers = make([]Set, len(t.gates))
	for i, g := range t.gates {
		t.readers[i] = readers[g]
	}
	return t
}

// Gates returns the gate names of the table, sorted.
func (t *Table) Gates() []string {
	return append([]string(nil), t.gates...)
}

// Readers returns the components whose code reads gate; ok is false when
// the table has no entry for it (the release does not register it).
func (t *Table) Readers(gate string) (s Set, ok bool) {
	i, ok := slices.BinarySearch(t.gates, gate)
	if !ok {
		return 0, false
	}
	return t.readers[i], true
}

// NewTable builds a table (for the generator and tests).
func NewTable(release, patch string, readers map[string]Set) *Table {
	return tableOf(release, patch, readers)
}

// ApplyDelta decodes one data file (named name, for error messages) on top
// of prev, the previous release's table (nil for the oldest file).
func ApplyDelta(prev *Table, name string, data []byte) (*Table, error) {
	if prev == nil {
		prev = &Table{}
	}
	// The file's changes to prev: what it drops and what it adds or
	// replaces (ScanDelta allows one change per gate).
	dropped := map[string]bool{}
	added := map[string]Set{}
	release, patch, err := catalog.ScanDelta(name, data, prev.Release, func(l catalog.DeltaLine) (string, error) {
		if l.Remove {
			if _, ok := prev.Readers(l.Text); !ok {
				return "", fmt.Errorf("drops %s, which the previous release does not have", l.Text)
			}
			dropped[l.Text] = true
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
		added[f[0]] = s
		return f[0], nil
	})
	if err != nil {
		return nil, err
	}
	return prev.merge(release, patch, dropped, added), nil
}

// merge is the table of release: t without the gates dropped, with the
// gates added, both few. t's gates are sorted, so it merges them with the
// added ones sorted rather than sorting all again, for each release of the
// chain an older release's first evaluation reads.
func (t *Table) merge(release, patch string, dropped map[string]bool, added map[string]Set) *Table {
	names := make([]string, 0, len(added))
	for g := range added {
		names = append(names, g)
	}
	sort.Strings(names)
	out := &Table{Release: release, Patch: patch, gates: make([]string, 0, len(t.gates)+len(names)), readers: make([]Set, 0, len(t.gates)+len(names))}
	i := 0
	for j, g := range t.gates {
		for ; i < len(names) && names[i] < g; i++ {
			out.gates, out.readers = append(out.gates, names[i]), append(out.readers, added[names[i]])
		}
		if i < len(names) && names[i] == g {
			out.gates, out.readers = append(out.gates, g), append(out.readers, added[g])
			i++
			continue
		}
		if !dropped[g] {
			out.gates, out.readers = append(out.gates, g), append(out.readers, t.readers[j])
		}
	}
	for ; i < len(names); i++ {
		out.gates, out.readers = append(out.gates, names[i]), append(out.readers, added[names[i]])
	}
	return out
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
		for _, g := range prev.gates {
			if _, ok := cur.Readers(g); !ok {
				b.WriteString("-" + g + "\n")
			}
		}
	}
	for i, g := range cur.gates {
		s := cur.readers[i]
		if prev != nil {
			if old, ok := prev.Readers(g); ok && old == s {
				continue
			}
		}
		b.WriteString("+" + g + " " + s.code() + "\n")
	}
	return b.Bytes()
}
