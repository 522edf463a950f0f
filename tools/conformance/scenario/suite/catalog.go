package suite

import (
	"sort"
	"testing"

	ours "github.com/kubexplorer/kubexplorer/core/featuregate"
	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

// UpstreamGate is what the catalog check reads from a real gate.
type UpstreamGate interface {
	Enabled(name string) bool
	KnownFeatures() []string
}

// Catalog is one generation's check and benchmark on the real catalog of
// its own release.
type Catalog struct {
	// Release is the catalog both gates are loaded with.
	Release string
	// Queried are the names the benchmark reads, set and unset ones.
	Queried []string
	// Settings are applied with SetFromMap before the benchmark.
	Settings map[string]bool
	// Load registers rel in a fresh upstream gate, failing tb if the
	// library refuses it or breaks a promise of the generation.
	Load func(tb testing.TB, rel *catalog.Release) UpstreamGate
	// BenchUpstream is the upstream half of the benchmark: it loads rel,
	// applies settings and times Enabled over names, calling the library
	// directly so that no adapter is measured.
	BenchUpstream func(b *testing.B, rel *catalog.Release, names []string, settings map[string]bool)
	// ExactKnownFeatures compares KnownFeatures line by line, not only
	// their number.
	ExactKnownFeatures bool
}

// Benchmark compares Enabled() on a gate holding the real catalog:
// kubexplorer's model against the real library (BenchmarkEnabled).
func (c Catalog) Benchmark(b *testing.B) {
	rel, err := catalog.Load(c.Release)
	if err != nil {
		b.Fatal(err)
	}
	queried := present(rel, c.Queried)
	settings := map[string]bool{}
	for _, n := range present(rel, sortedNames(c.Settings)) {
		settings[n] = c.Settings[n]
	}
	b.Run("kubexplorer", func(b *testing.B) {
		g, err := ours.ForRelease(rel, func(ours.Warning) {})
		if err != nil {
			b.Fatal(err)
		}
		if err := g.SetFromMap(settings); err != nil {
			b.Fatal(err)
		}
		names := make([]ours.Feature, len(queried))
		for i, n := range queried {
			names[i] = ours.Feature(n)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			g.Enabled(names[i%len(names)])
		}
	})
	b.Run("upstream", func(b *testing.B) { c.BenchUpstream(b, rel, queried, settings) })
}

// Check verifies that the real library accepts the catalog and that both
// gates agree on every default and on KnownFeatures
// (TestCatalogLoadsIntoUpstream).
func (c Catalog) Check(t *testing.T) {
	rel, err := catalog.Load(c.Release)
	if err != nil {
		t.Fatal(err)
	}
	up := c.Load(t, rel)
	g, err := ours.ForRelease(rel, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, cg := range rel.Gates {
		if a, b := g.Enabled(ours.Feature(cg.Name)), up.Enabled(cg.Name); a != b {
			t.Errorf("%s: kubexplorer %t, upstream %t", cg.Name, a, b)
		}
	}
	a, b := g.KnownFeatures(), up.KnownFeatures()
	if !c.ExactKnownFeatures {
		if len(a) != len(b) {
			t.Errorf("KnownFeatures: %d lines vs %d", len(a), len(b))
		}
		return
	}
	if len(a) != len(b) {
		t.Fatalf("KnownFeatures: %d lines vs %d", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("KnownFeatures line %d: %q vs %q", i, a[i], b[i])
		}
	}
}

func sortedNames(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// present keeps the names the release registers (AllAlpha and AllBeta
// always are), so that the benchmark survives a regenerated catalog.
func present(rel *catalog.Release, names []string) []string {
	var out []string
	for _, n := range names {
		if _, ok := rel.Gate(n); ok || n == "AllAlpha" || n == "AllBeta" {
			out = append(out, n)
		}
	}
	return out
}
