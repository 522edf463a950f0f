package v035

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/component-base/featuregate"

	ours "github.com/kubexplorer/kubexplorer/core/featuregate"
	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario"
)

// release is the catalog both gates of the benchmark are loaded with.
const release = "1.35"

// queried are the names BenchmarkEnabled reads, set and unset ones.
var queried = []string{"NodeSwap", "GracefulNodeShutdown", "WatchListClient", "ContextualLogging", "AllAlpha", "KubeletTracing", "SidecarContainers", "InPlacePodVerticalScaling"}

func upstreamForRelease(tb testing.TB, rel *catalog.Release) featuregate.MutableVersionedFeatureGate {
	g := featuregate.NewFeatureGate()
	specs := map[featuregate.Feature]featuregate.VersionedSpecs{}
	deps := map[featuregate.Feature][]featuregate.Feature{}
	for _, cg := range rel.Gates {
		var vs featuregate.VersionedSpecs
		for _, s := range scenario.InputSpecs(cg.Specs) {
			if s.Version == "" {
				s.Version = "0.0"
			}
			vs = append(vs, toSpec(s))
		}
		specs[featuregate.Feature(cg.Name)] = vs
		for _, d := range cg.Dependencies {
			deps[featuregate.Feature(cg.Name)] = append(deps[featuregate.Feature(cg.Name)], featuregate.Feature(d))
		}
	}
	if err := g.AddVersioned(specs); err != nil {
		tb.Fatal(err)
	}
	if err := g.AddDependencies(deps); err != nil {
		tb.Fatal(err)
	}
	return g
}

var settings = map[string]bool{"NodeSwap": true, "AllAlpha": true, "AllBeta": true, "ContextualLogging": false}

// BenchmarkEnabled compares Enabled() on a gate holding the real 1.35
// catalog: kubexplorer's model against k8s.io/component-base v0.35.
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

// TestCatalogLoadsIntoUpstream checks that the 1.35 catalog is accepted by
// the real library (AddVersioned and AddDependencies validate it) and that
// both gates agree on every default.
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
	if !up.EmulationVersion().EqualTo(version.MustParse(release)) {
		t.Fatalf("upstream emulates %s", up.EmulationVersion())
	}
	for _, cg := range rel.Gates {
		if a, b := g.Enabled(ours.Feature(cg.Name)), up.Enabled(featuregate.Feature(cg.Name)); a != b {
			t.Errorf("%s: kubexplorer %t, upstream %t", cg.Name, a, b)
		}
	}
	if a, b := g.KnownFeatures(), up.KnownFeatures(); len(a) != len(b) {
		t.Errorf("KnownFeatures: %d lines vs %d", len(a), len(b))
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
