package scenario

import (
	"fmt"
	"sort"
	"strings"
)

// Signature groups mismatches that are probably the same defect: the
// operation, what differed, and the shape of the texts (feature names and
// numbers blanked).
func (m Mismatch) Signature() string {
	do := strings.Fields(m.Op)[0]
	what := m.What
	if i := strings.Index(what, " ("); i >= 0 {
		what = what[:i]
	}
	return do + ": " + what + ": " + shape(m.Ours) + " <> " + shape(m.Up)
}

func shape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s) && b.Len() < 160; i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if b.Len() == 0 || !strings.HasSuffix(b.String(), "#") {
				b.WriteByte('#')
			}
		case c == 'F' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			b.WriteString("F")
			for i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
				i++
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Summary groups mismatches by signature: one example per group, biggest
// group first.
func Summary(ms []Mismatch) string {
	type group struct {
		n       int
		example Mismatch
	}
	groups := map[string]*group{}
	for _, m := range ms {
		s := m.Signature()
		if g, ok := groups[s]; ok {
			g.n++
			continue
		}
		groups[s] = &group{n: 1, example: m}
	}
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if groups[keys[i]].n != groups[keys[j]].n {
			return groups[keys[i]].n > groups[keys[j]].n
		}
		return keys[i] < keys[j]
	})
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%d× %s\n", groups[k].n, groups[k].example)
	}
	return b.String()
}
