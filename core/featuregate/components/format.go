package components

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
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
	if prev != nil {
		for g, s := range prev.readers {
			t.readers[g] = s
		}
	}
	touched := map[string]int{}
	header := false
	for i, raw := range bytes.Split(data, []byte("\n")) {
		lineNo := i + 1
		line := strings.TrimRight(string(raw), "\r")
		if line == "" || line[0] == '#' {
			continue
		}
		errf := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, lineNo, fmt.Sprintf(format, args...))
		}
		if !header {
			f := strings.Fields(line)
			if len(f) != 4 || f[0] != "release" || f[2] != "patch" {
				return nil, errf("want header %q, got %q", "release X.Y patch X.Y.Z", line)
			}
			if _, ok := parseMinor(f[1]); !ok || !strings.HasPrefix(f[3], f[1]+".") {
				return nil, errf("bad release %q patch %q", f[1], f[3])
			}
			if prev != nil && compareMinor(f[1], prev.Release) <= 0 {
				return nil, errf("release %s does not follow %s", f[1], prev.Release)
			}
			t.Release, t.Patch, header = f[1], f[3], true
			continue
		}
		op, rest := line[0], line[1:]
		var gate string
		switch op {
		case '-':
			gate = rest
			if _, ok := t.readers[gate]; !ok {
				return nil, errf("drops %s, which the previous release does not have", gate)
			}
			delete(t.readers, gate)
		case '+':
			f := strings.Fields(rest)
			if len(f) != 2 {
				return nil, errf("want \"+Name codes\", got %q", line)
			}
			s, ok := parseCode(f[1])
			if !ok {
				return nil, errf("bad component codes %q (letters of %q in that order, or \".\")", f[1], codes)
			}
			gate = f[0]
			t.readers[gate] = s
		default:
			return nil, errf("line must start with '+', '-' or '#': %q", line)
		}
		if !validName(gate) {
			return nil, errf("bad gate name %q", gate)
		}
		if at, dup := touched[gate]; dup {
			return nil, errf("%s already changed on line %d", gate, at)
		}
		touched[gate] = lineNo
	}
	if !header {
		return nil, fmt.Errorf("%s: no release header", name)
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

func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// parseMinor parses "major.minor".
func parseMinor(s string) ([2]int, bool) {
	a, b, ok := strings.Cut(s, ".")
	if !ok {
		return [2]int{}, false
	}
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || x < 0 || y < 0 || strconv.Itoa(x) != a || strconv.Itoa(y) != b {
		return [2]int{}, false
	}
	return [2]int{x, y}, true
}

func compareMinor(a, b string) int {
	x, _ := parseMinor(a)
	y, _ := parseMinor(b)
	if x[0] != y[0] {
		return x[0] - y[0]
	}
	return x[1] - y[1]
}
