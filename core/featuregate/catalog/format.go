package catalog

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The data format, one release per file, line oriented:
//
//	# comment
//	release 1.37 patch 1.37.2
//	-RemovedGate
//	+Name[@component] spec... [deps=A,B]
//
// The header comes first (after comments). "-" removes a gate that the
// previous release had; "+" adds a gate or replaces it whole. The oldest
// release has only "+" lines. A gate without "@component" belongs to "kube".
//
// A spec is [version ":"] stage default [lock] ["~" minCompatibilityVersion]:
// stage is A (ALPHA), B (BETA), G (GA), D (DEPRECATED) or P (PRE-ALPHA);
// default is "+" (true) or "-" (false); lock is "!". Without a version the
// spec is unversioned. Examples: "B+" (1.18 style beta, on), "1.33:G+!"
// (GA from 1.33, locked on), "1.36:B+~1.36" (beta on from 1.36 once the
// minimum compatibility version is 1.36).

const defaultComponent = "kube"

var stageCodes = []struct {
	code byte
	pre  string
}{{'A', Alpha}, {'B', Beta}, {'G', GA}, {'D', Deprecated}, {'P', PreAlpha}}

// ApplyDelta decodes one data file (named name, for error messages) on top
// of prev, the previous release (nil for the first file), and returns the new
// release. prev is not modified.
//
// A delta changes a few gates of a release's few hundred, and a page that
// evaluates an older release decodes every delta up to it (in the browser,
// the largest part of that first evaluation): so the changes are collected
// on their own and merged into prev's sorted gates in one pass, rather than
// rebuilding and sorting the whole release for each file.
func ApplyDelta(prev *Release, name string, data []byte) (*Release, error) {
	r := &Release{}
	var base []Gate
	prevVersion := ""
	if prev != nil {
		prevVersion = prev.Version
		base = prev.Gates
		for i := 1; i < len(base); i++ {
			if base[i-1].Name > base[i].Name { // a caller's release, unsorted
				base = append([]Gate(nil), base...)
				sortGates(base)
				break
			}
		}
	}
	// edits are the delta's changes by gate: the new gate, or nil when
	// the delta removes it.
	edits := map[string]*Gate{}
	inBase := func(name string) bool {
		i := sort.Search(len(base), func(i int) bool { return base[i].Name >= name })
		return i < len(base) && base[i].Name == name
	}
	var err error
	r.Version, r.Patch, err = ScanDelta(name, data, prevVersion, func(l DeltaLine) (string, error) {
		if l.Remove {
			e, edited := edits[l.Text]
			if edited && e == nil || !edited && !inBase(l.Text) {
				return "", fmt.Errorf("removes %s, which release %s does not have", l.Text, versionOf(prev))
			}
			edits[l.Text] = nil
			return l.Text, nil
		}
		g, err := parseGate(l.Text)
		if err != nil {
			return "", err
		}
		edits[g.Name] = &g
		return g.Name, nil
	})
	if err != nil {
		return nil, err
	}
	// added are the gates base does not have, sorted.
	var added []Gate
	for n, g := range edits {
		if g != nil && !inBase(n) {
			added = append(added, *g)
		}
	}
	sortGates(added)
	r.Gates = make([]Gate, 0, len(base)+len(added))
	for i, j := 0, 0; i < len(base) || j < len(added); {
		var g Gate
		if j < len(added) && (i == len(base) || added[j].Name < base[i].Name) {
			g, j = added[j], j+1
		} else {
			g, i = base[i], i+1
			if e, edited := edits[g.Name]; edited {
				if e == nil {
					continue
				}
				g = *e
			}
		}
		r.Gates = append(r.Gates, g)
	}
	return r, nil
}

// sortGates sorts gates by name. It is sort.Slice, which the engines link
// already, rather than a sort instantiated for Gate (40 kB of WebAssembly).
func sortGates(gates []Gate) {
	sort.Slice(gates, func(i, j int) bool { return gates[i].Name < gates[j].Name })
}

func versionOf(r *Release) string {
	if r == nil {
		return "(none)"
	}
	return r.Version
}

func parseGate(s string) (Gate, error) {
	fields := strings.Fields(s)
	if len(fields) < 2 {
		return Gate{}, fmt.Errorf("gate %q has no spec", s)
	}
	var g Gate
	g.Name, g.Component = fields[0], defaultComponent
	if i := strings.IndexByte(g.Name, '@'); i >= 0 {
		g.Name, g.Component = g.Name[:i], g.Name[i+1:]
		if !validComponent(g.Component) {
			return Gate{}, fmt.Errorf("bad component %q", g.Component)
		}
	}
	if !validName(g.Name) {
		return Gate{}, fmt.Errorf("bad gate name %q", g.Name)
	}
	for _, f := range fields[1:] {
		if deps, ok := strings.CutPrefix(f, "deps="); ok {
			if g.Dependencies != nil {
				return Gate{}, fmt.Errorf("%s: deps given twice", g.Name)
			}
			g.Dependencies = strings.Split(deps, ",")
			for _, d := range g.Dependencies {
				if !validName(d) {
					return Gate{}, fmt.Errorf("%s: bad dependency %q", g.Name, d)
				}
			}
			if !slices.IsSorted(g.Dependencies) || len(slices.Compact(slices.Clone(g.Dependencies))) != len(g.Dependencies) {
				return Gate{}, fmt.Errorf("%s: dependencies not sorted and unique", g.Name)
			}
			continue
		}
		if g.Dependencies != nil {
			return Gate{}, fmt.Errorf("%s: spec %q after deps", g.Name, f)
		}
		sp, err := parseSpec(f)
		if err != nil {
			return Gate{}, fmt.Errorf("%s: %v", g.Name, err)
		}
		g.Specs = append(g.Specs, sp)
	}
	if len(g.Specs) == 0 {
		return Gate{}, fmt.Errorf("%s: no spec", g.Name)
	}
	return g, nil
}

func parseSpec(s string) (Spec, error) {
	var sp Spec
	orig := s
	if i := strings.IndexByte(s, ':'); i >= 0 {
		if _, ok := parseMinor(s[:i]); !ok {
			return sp, fmt.Errorf("bad spec %q: version %q", orig, s[:i])
		}
		sp.Version, s = s[:i], s[i+1:]
	}
	if i := strings.IndexByte(s, '~'); i >= 0 {
		if _, ok := parseMinor(s[i+1:]); !ok {
			return sp, fmt.Errorf("bad spec %q: min compatibility version %q", orig, s[i+1:])
		}
		sp.MinCompatibilityVersion, s = s[i+1:], s[:i]
	}
	if len(s) < 2 || len(s) > 3 {
		return sp, fmt.Errorf("bad spec %q", orig)
	}
	found := false
	for _, c := range stageCodes {
		if c.code == s[0] {
			sp.PreRelease, found = c.pre, true
		}
	}
	if !found {
		return sp, fmt.Errorf("bad spec %q: stage %q", orig, s[0])
	}
	switch s[1] {
	case '+':
		sp.Default = true
	case '-':
	default:
		return sp, fmt.Errorf("bad spec %q: default %q", orig, s[1])
	}
	if len(s) == 3 {
		if s[2] != '!' {
			return sp, fmt.Errorf("bad spec %q: flag %q", orig, s[2])
		}
		sp.LockToDefault = true
	}
	return sp, nil
}

// FormatDelta encodes cur relative to prev (nil for the first release) in
// the data format. ApplyDelta(prev, _, FormatDelta(prev, cur)) equals cur.
func FormatDelta(prev, cur *Release, comments ...string) ([]byte, error) {
	var b bytes.Buffer
	for _, c := range comments {
		for _, l := range strings.Split(c, "\n") {
			b.WriteString("# " + l + "\n")
		}
	}
	fmt.Fprintf(&b, "release %s patch %s\n", cur.Version, cur.Patch)
	old := map[string]Gate{}
	if prev != nil {
		for _, g := range prev.Gates {
			old[g.Name] = g
		}
	}
	now := map[string]bool{}
	var removed []string
	for _, g := range cur.Gates {
		now[g.Name] = true
	}
	for name := range old {
		if !now[name] {
			removed = append(removed, name)
		}
	}
	sort.Strings(removed)
	for _, n := range removed {
		b.WriteString("-" + n + "\n")
	}
	gates := slices.Clone(cur.Gates)
	sort.Slice(gates, func(i, j int) bool { return gates[i].Name < gates[j].Name })
	for i, g := range gates {
		if i > 0 && gates[i-1].Name == g.Name {
			return nil, fmt.Errorf("gate %s listed twice", g.Name)
		}
		if o, ok := old[g.Name]; ok && equalGate(o, g) {
			continue
		}
		line, err := formatGate(g)
		if err != nil {
			return nil, err
		}
		b.WriteString("+" + line + "\n")
	}
	return b.Bytes(), nil
}

func formatGate(g Gate) (string, error) {
	if !validName(g.Name) {
		return "", fmt.Errorf("bad gate name %q", g.Name)
	}
	var b strings.Builder
	b.WriteString(g.Name)
	if g.Component != defaultComponent && g.Component != "" {
		if !validComponent(g.Component) {
			return "", fmt.Errorf("%s: bad component %q", g.Name, g.Component)
		}
		b.WriteString("@" + g.Component)
	}
	if len(g.Specs) == 0 {
		return "", fmt.Errorf("%s: no spec", g.Name)
	}
	for _, sp := range g.Specs {
		b.WriteByte(' ')
		if sp.Version != "" {
			if _, ok := parseMinor(sp.Version); !ok {
				return "", fmt.Errorf("%s: bad version %q", g.Name, sp.Version)
			}
			b.WriteString(sp.Version + ":")
		}
		code := byte(0)
		for _, c := range stageCodes {
			if c.pre == sp.PreRelease {
				code = c.code
			}
		}
		if code == 0 {
			return "", fmt.Errorf("%s: unknown prerelease %q", g.Name, sp.PreRelease)
		}
		b.WriteByte(code)
		if sp.Default {
			b.WriteByte('+')
		} else {
			b.WriteByte('-')
		}
		if sp.LockToDefault {
			b.WriteByte('!')
		}
		if sp.MinCompatibilityVersion != "" {
			if _, ok := parseMinor(sp.MinCompatibilityVersion); !ok {
				return "", fmt.Errorf("%s: bad min compatibility version %q", g.Name, sp.MinCompatibilityVersion)
			}
			b.WriteString("~" + sp.MinCompatibilityVersion)
		}
	}
	if len(g.Dependencies) > 0 {
		deps := slices.Clone(g.Dependencies)
		sort.Strings(deps)
		for _, d := range deps {
			if !validName(d) {
				return "", fmt.Errorf("%s: bad dependency %q", g.Name, d)
			}
		}
		b.WriteString(" deps=" + strings.Join(deps, ","))
	}
	return b.String(), nil
}

func equalGate(a, b Gate) bool {
	ca, cb := a.Component, b.Component
	if ca == "" {
		ca = defaultComponent
	}
	if cb == "" {
		cb = defaultComponent
	}
	return a.Name == b.Name && ca == cb && slices.Equal(a.Specs, b.Specs) && slices.Equal(a.Dependencies, b.Dependencies)
}

// validName accepts the characters upstream gate names use.
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

func validComponent(s string) bool {
	return validName(s) && !strings.Contains(s, ".")
}

// parseMinor parses "major.minor" into a comparable pair.
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

// compareMinor orders two valid "major.minor" strings.
func compareMinor(a, b string) int {
	x, _ := parseMinor(a)
	y, _ := parseMinor(b)
	if x[0] != y[0] {
		return x[0] - y[0]
	}
	return x[1] - y[1]
}
