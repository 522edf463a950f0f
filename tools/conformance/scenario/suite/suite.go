// Package suite is the test harness every conformance module runs: the
// table, the seeded random scenarios and the real kubelet catalogs, driven
// through kubexplorer's gate and the upstream adapter of one library
// generation, plus the catalog check and the Enabled benchmark.
//
// A module keeps only what differs by generation — its upstream adapter and
// the options below — and a thin _test.go whose Test and Benchmark
// functions call into a Suite and a Catalog, so that test names stay per
// module while their bodies exist once.
package suite

import (
	"flag"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario"
)

var (
	seeds        = flag.Int("seeds", 1000, "number of random call sequences (seeds 1…N)")
	reproducers  = flag.Int("reproducers", 5, "kinds of mismatch to shrink to a minimal reproducer")
	seed         = flag.Int("seed", 0, "run only this random sequence (with -release: this kubelet scenario) and print every mismatch")
	kubeletSeeds = flag.Int("kubelet-seeds", 20, "random scenarios per release on the real kubelet catalogs")
	kubeletRel   = flag.String("release", "", "with -seed: the catalog release of the kubelet scenario")
)

// Suite is one library generation's conformance run.
type Suite struct {
	// Library is the component-base minor version the module pins (18 for v0.18).
	Library int
	// GateName is the call-site name upstream gives its gates, which ours
	// must repeat in its messages; "" where upstream names no call site.
	GateName string
	// Upstream returns a fresh adapter of the real library.
	Upstream func() scenario.Impl
	// OwnRelease is the release whose kubelet ran this generation: upstream
	// must accept its catalog.
	OwnRelease string
	// MinCases is the fewest table cases that must apply, so that a broken
	// Applies cannot silently empty TestTable.
	MinCases int
	// KubeletRelease reports whether TestKubeletCatalogs registers the
	// catalog of release 1.minor on this generation.
	KubeletRelease func(minor int) bool
}

func (s Suite) impls() (ours, up scenario.Impl) {
	return scenario.Ours(s.Library, s.GateName), s.Upstream()
}

// Run is a generation's whole conformance test: the table, the random
// sequences, the real catalogs and the catalog check, as subtests; with
// -seed N only random sequence N (with -release too, kubelet scenario N on
// that release's catalog).
func (s Suite) Run(t *testing.T, c Catalog) {
	switch {
	case *seed != 0 && *kubeletRel != "":
		s.KubeletSeed(t)
	case *seed != 0:
		s.Seed(t)
	default:
		t.Run("Table", s.Table)
		t.Run("Random", s.Random)
		t.Run("KubeletCatalogs", s.KubeletCatalogs)
		t.Run("CatalogLoadsIntoUpstream", c.Check)
	}
}

// Table runs every table case that applies to the generation .
func (s Suite) Table(t *testing.T) {
	ran := 0
	for _, c := range scenario.Cases {
		if !c.Applies(s.Library) {
			continue
		}
		ran++
		t.Run(c.Name, func(t *testing.T) {
			ours, up := s.impls()
			for _, m := range scenario.Run(c, ours, up) {
				t.Errorf("%s", m)
			}
		})
	}
	if ran < s.MinCases {
		t.Fatalf("only %d cases apply to v0.%d", ran, s.Library)
	}
}

// Random runs the seeded random call sequences and reports
// the agreement figures; every disagreeing sequence is counted, mismatches
// are grouped so that one defect shows once with its count, and the first
// sequence of each kind is shrunk to a minimal reproducer.
func (s Suite) Random(t *testing.T) {
	var all []scenario.Mismatch
	failed, calls := 0, 0
	first := map[string]int{} // signature -> first seed
	var sigs []string
	for seed := 1; seed <= *seeds; seed++ {
		c := scenario.Random(uint64(seed), s.Library)
		calls += len(c.Ops)
		ours, up := s.impls()
		ms := scenario.Run(c, ours, up)
		if len(ms) == 0 {
			continue
		}
		failed++
		all = append(all, ms...)
		if sig := ms[0].Signature(); first[sig] == 0 {
			first[sig] = seed
			sigs = append(sigs, sig)
		}
	}
	figures := fmt.Sprintf("agreement v0.%d: %d sequences, %d calls compared, %d sequences disagree (%d mismatching observations)",
		s.Library, *seeds, calls, failed, len(all))
	fmt.Println(figures)
	t.Log(figures)
	if failed == 0 {
		return
	}
	var b strings.Builder
	for i, sig := range sigs {
		if i == *reproducers {
			fmt.Fprintf(&b, "(%d more kinds not shrunk; raise -reproducers)\n", len(sigs)-i)
			break
		}
		b.WriteString(s.reproduce(uint64(first[sig]), sig))
	}
	t.Errorf("%d of %d random sequences disagree; mismatches by kind:\n%s\nminimal reproducers:\n%s", failed, *seeds, scenario.Summary(all), b.String())
}

// reproduce shrinks random sequence seed to the fewest calls that still
// show a mismatch of kind sig, and prints them with the mismatch.
func (s Suite) reproduce(seed uint64, sig string) string {
	c := scenario.Random(seed, s.Library)
	fails := func(c scenario.Case) bool {
		ours, up := s.impls()
		for _, m := range scenario.Run(c, ours, up) {
			if m.Signature() == sig {
				return true
			}
		}
		return false
	}
	small := scenario.Shrink(c, fails, 400)
	ours, up := s.impls()
	var b strings.Builder
	fmt.Fprintf(&b, "  seed %d (go test -seed %d): %d of %d calls\n%s", seed, seed, len(small.Ops), len(c.Ops), scenario.Reproducer(small))
	for _, m := range scenario.Run(small, ours, up) {
		fmt.Fprintf(&b, "    => %s\n", strings.ReplaceAll(m.String(), "\n", "\n       "))
	}
	return b.String()
}

// Seed runs the one random scenario named by -seed and prints its steps
// (-seed N).
func (s Suite) Seed(t *testing.T) {
	if *seed == 0 {
		t.Skip("set -seed")
	}
	c := scenario.Random(uint64(*seed), s.Library)
	for i, op := range c.Ops {
		t.Logf("step %d: %s", i+1, op)
	}
	ours, up := s.impls()
	for _, m := range scenario.Run(c, ours, up) {
		t.Errorf("%s", m)
	}
}

// KubeletCatalogs registers the real catalog of every release that used
// this library generation and runs seeded scenarios over its gates
// .
func (s Suite) KubeletCatalogs(t *testing.T) {
	var prev *catalog.Release
	for _, v := range catalog.Releases() {
		rel, err := catalog.Load(v)
		if err != nil {
			t.Fatal(err)
		}
		removed := scenario.Removed(prev, rel)
		prev = rel
		var x, y int
		fmt.Sscanf(v, "%d.%d", &x, &y)
		if !s.KubeletRelease(y) {
			continue
		}
		t.Run(v, func(t *testing.T) {
			ours, up := s.impls()
			reg := scenario.Kubelet(rel, removed, 0, s.Library)
			errO, errU := scenario.Register(reg, ours), scenario.Register(reg, up)
			switch {
			case sameShape(errO) != sameShape(errU):
				t.Fatalf("registering the %s catalog:\n  kubexplorer: %v\n  upstream:    %v", v, errO, errU)
			case errU != nil && v == s.OwnRelease:
				t.Fatalf("upstream refuses its own release's catalog: %v", errU)
			case errU != nil:
				// A validation rule newer than the release (e.g. v0.33's
				// "introduced as deprecated must provide a 1.0 entry"):
				// that kubelet never ran this library generation.
				t.Skipf("v0.%d refuses the %s catalog, as ours does: %v", s.Library, v, errU)
			}
			var all []scenario.Mismatch
			failed, calls := 0, 0
			for seed := 1; seed <= *kubeletSeeds; seed++ {
				c := scenario.Kubelet(rel, removed, uint64(seed), s.Library)
				calls += len(c.Ops)
				ours, up := s.impls()
				if ms := scenario.Run(c, ours, up); len(ms) > 0 {
					failed++
					all = append(all, ms...)
				}
			}
			figures := fmt.Sprintf("agreement v0.%d on the %s catalog: %d sequences, %d calls compared, %d sequences disagree",
				s.Library, v, *kubeletSeeds, calls, failed)
			fmt.Println(figures)
			t.Log(figures)
			if failed > 0 {
				t.Errorf("%d of %d scenarios disagree; mismatches by kind:\n%s", failed, *kubeletSeeds, scenario.Summary(all))
			}
		})
	}
}

// KubeletSeed runs the one kubelet scenario named by -release and -seed
// (-seed N -release 1.x).
func (s Suite) KubeletSeed(t *testing.T) {
	if *kubeletRel == "" || *seed == 0 {
		t.Skip("set -release and -seed")
	}
	rel, err := catalog.Load(*kubeletRel)
	if err != nil {
		t.Fatal(err)
	}
	var removed []string
	if rs := catalog.Releases(); rs[0] != *kubeletRel {
		for i := range rs {
			if rs[i] == *kubeletRel {
				prev, err := catalog.Load(rs[i-1])
				if err != nil {
					t.Fatal(err)
				}
				removed = scenario.Removed(prev, rel)
			}
		}
	}
	c := scenario.Kubelet(rel, removed, uint64(*seed), s.Library)
	for i, op := range c.Ops {
		if i > 3 {
			t.Logf("step %d: %s", i+1, op)
		}
	}
	ours, up := s.impls()
	for _, m := range scenario.Run(c, ours, up) {
		t.Errorf("%s", m)
	}
}

var quoted = regexp.MustCompile(`"[^"]*"`)

// sameShape blanks the quoted feature names in a registration error: with
// several bad features, which one upstream reports depends on map order.
func sameShape(err error) string {
	if err == nil {
		return ""
	}
	return quoted.ReplaceAllString(err.Error(), `"…"`)
}
