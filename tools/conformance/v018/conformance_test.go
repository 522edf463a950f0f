package v018

import (
	"testing"

	"k8s.io/component-base/featuregate"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario"
	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario/suite"
)

var conf = suite.Suite{
	Library:    Library,
	GateName:   GateName(),
	Upstream:   func() scenario.Impl { return NewUpstream() },
	OwnRelease: "1.18",
	MinCases:   12,
	// The releases before 1.31 registered unversioned specs, which this
	// library generation takes as they are.
	KubeletRelease: func(minor int) bool { return minor < 31 },
}

// ownCatalog: the real 1.18 catalog must load into the real library, and
// both gates must agree on every value and on the flag help.
var ownCatalog = suite.Catalog{
	Release:  "1.18",
	Queried:  []string{"DynamicKubeletConfig", "CPUManager", "BlockVolume", "AllAlpha", "EphemeralContainers", "TopologyManager", "RuntimeClass", "NodeLease"},
	Settings: map[string]bool{"DynamicKubeletConfig": false, "EphemeralContainers": true, "AllBeta": true},
	Load: func(tb testing.TB, rel *catalog.Release) suite.UpstreamGate {
		captureKlog()
		tb.Cleanup(func() { takeKlog() })
		return catalogGate{upstreamForRelease(tb, rel)}
	},
	BenchUpstream:      benchUpstream,
	ExactKnownFeatures: true,
}

func TestTable(t *testing.T)                    { conf.Table(t) }
func TestRandom(t *testing.T)                   { conf.Random(t) }
func TestSeed(t *testing.T)                     { conf.Seed(t) }
func TestKubeletCatalogs(t *testing.T)          { conf.KubeletCatalogs(t) }
func TestKubeletSeed(t *testing.T)              { conf.KubeletSeed(t) }
func TestCatalogLoadsIntoUpstream(t *testing.T) { ownCatalog.Check(t) }
func BenchmarkEnabled(b *testing.B)             { ownCatalog.Benchmark(b) }

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

// benchUpstream is the upstream half of BenchmarkEnabled, calling the
// library directly.
func benchUpstream(b *testing.B, rel *catalog.Release, queried []string, settings map[string]bool) {
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
}

// catalogGate reads a real gate by plain names.
type catalogGate struct{ g featuregate.FeatureGate }

func (c catalogGate) Enabled(name string) bool { return c.g.Enabled(featuregate.Feature(name)) }
func (c catalogGate) KnownFeatures() []string  { return c.g.KnownFeatures() }
