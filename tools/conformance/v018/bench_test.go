package v018

import (
	"testing"

	"k8s.io/component-base/featuregate"

	ours "github.com/kubexplorer/kubexplorer/core/featuregate"
	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario"
)

// release is the catalog both gates of the benchmark are loaded with.
const release = "1.18"

// queried are the names BenchmarkEnabled reads, set and unset ones.
var queried = []string{"DynamicKubeletConfig", "CPUManager", "BlockVolume", "AllAlpha", "EphemeralContainers", "TopologyManager", "RuntimeClass", "NodeLease"}

var settings = map[string]bool{"DynamicKubeletConfig": false, "EphemeralContainers": true, "AllBeta": true}

func upstreamForRelease(tb testing.TB, rel *catalog.Release) featuregate.MutableFeatureGate {
	g := newGate()
	specs := map[featuregate.Feature]featuregate.FeatureSpec{}
	for _, cg := range rel.Gates {
		cs := cg.Specs[0]
		specs[featuregate.Feature(cg.Name)] = toSpec(scenario.Spec{Default: cs.Default, Lock: cs.LockToDefault, Pre: cs.PreRelease})
	}
	if err := g.Add(specs); err != nil {
		tb.Fatal(err)
	}
	return g
}

// BenchmarkEnabled compares Enabled() on a gate holding the real 1.18
// catalog: kubexplorer's model against k8s.io/component-base v0.18.
func BenchmarkEnabled(b *testing.B) {
	rel, err := catalog.Load(release)
	if err != nil {
		b.Fatal(err)
	}
	queried := present(rel, queried)
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
	b.Run("upstream", func(b *testing.B) {
		captureKlog()
		g := upstreamForRelease(b, rel)
		if err := g.SetFromMap(settings); err != nil {
			b.Fatal(err)
		}
		names := make([]featuregate.Feature, len(queried))
		for i, n := range queried {
			names[i] = featuregate.Feature(n)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			g.Enabled(names[i%len(names)])
		}
	})
}

// TestCatalogLoadsIntoUpstream checks that the 1.18 catalog is accepted by
// the real library and that both gates agree on every value and on the
// flag help.
func TestCatalogLoadsIntoUpstream(t *testing.T) {
	rel, err := catalog.Load(release)
	if err != nil {
		t.Fatal(err)
	}
	captureKlog()
	up := upstreamForRelease(t, rel)
	g, err := ours.ForRelease(rel, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, cg := range rel.Gates {
		if a, b := g.Enabled(ours.Feature(cg.Name)), up.Enabled(featuregate.Feature(cg.Name)); a != b {
			t.Errorf("%s: kubexplorer %t, upstream %t", cg.Name, a, b)
		}
	}
	a, b := g.KnownFeatures(), up.KnownFeatures()
	if len(a) != len(b) {
		t.Fatalf("KnownFeatures: %d lines vs %d", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("KnownFeatures line %d: %q vs %q", i, a[i], b[i])
		}
	}
	takeKlog()
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
