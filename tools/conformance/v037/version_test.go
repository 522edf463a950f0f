package v037

import (
	"math/rand/v2"
	"testing"

	upversion "k8s.io/apimachinery/pkg/util/version"

	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
)

// TestVersionSemantics compares core/featuregate/version with
// apimachinery's version type (unchanged in this respect from v0.18 to
// v0.37) on generated version strings: what parses, the error texts, the
// printed form (pre-releases and build metadata kept for semantic
// versions, dropped for generic ones), comparisons and SubtractMinor.
func TestVersionSemantics(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	heads := []string{"", "v", " ", "\t"}
	bases := []string{"1.33", "1.33.0", "1.2.3.4", "0.0", "1.33.1", "1", "01.2", "1.02", "x1.2", ""}
	tails := []string{"-alpha", ".1", "-rc.0", "+b", ".01", "-x-y", ".2", "-", "+", " ", "a", "0", "10", ".beta", "\n", "-01", "..", "99999999999999999999"}
	var valid []string
	for i := 0; i < 50000; i++ {
		s := heads[r.IntN(len(heads))] + bases[r.IntN(len(bases))]
		for k := r.IntN(4); k > 0; k-- {
			s += tails[r.IntN(len(tails))]
		}
		up, upErr := upversion.Parse(s)
		ours, err := version.Parse(s)
		switch {
		case (upErr == nil) != (err == nil):
			t.Fatalf("Parse(%q): apimachinery %v %v, kubexplorer %v %v", s, up, upErr, ours, err)
		case upErr != nil && upErr.Error() != err.Error():
			t.Fatalf("Parse(%q) error: apimachinery %q, kubexplorer %q", s, upErr, err)
		case upErr == nil && up.String() != ours.String():
			t.Fatalf("Parse(%q): apimachinery %s, kubexplorer %s", s, up, ours)
		case upErr == nil:
			valid = append(valid, s)
		}
	}
	if len(valid) < 5000 {
		t.Fatalf("only %d valid versions generated", len(valid))
	}
	for i := 0; i < 50000; i++ {
		a, b := valid[r.IntN(len(valid))], valid[r.IntN(len(valid))]
		ua, ub := upversion.MustParse(a), upversion.MustParse(b)
		oa, ob := version.MustParse(a), version.MustParse(b)
		if ua.LessThan(ub) != oa.LessThan(ob) || ua.EqualTo(ub) != oa.EqualTo(ob) || ua.AtLeast(ub) != oa.AtLeast(ob) ||
			ua.SubtractMinor(1).String() != oa.SubtractMinor(1).String() {
			t.Fatalf("%q vs %q: apimachinery <%t =%t, kubexplorer <%t =%t", a, b, ua.LessThan(ub), ua.EqualTo(ub), oa.LessThan(ob), oa.EqualTo(ob))
		}
	}
}
