package upstream

import (
	"fmt"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/component-base/featuregate"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario"
	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario/suite"
)

// Generation describes the component-base release an importing module pins.
type Generation struct {
	// Library is its minor version: 35 for v0.35.8.
	Library int
	// Module names it in reports: "k8s.io/component-base v0.35.8".
	Module string
	// Log captures the library's log (KlogV2 from v0.19).
	Log Log
	// NewVersioned and NewVersionedWithMinCompat are the package-level
	// constructors of v0.31+ and v0.35+ (nil before).
	NewVersioned              func(emu *version.Version) featuregate.MutableFeatureGate
	NewVersionedWithMinCompat func(emu, minCompat *version.Version) featuregate.MutableFeatureGate
	// Catalogs reports whether the kubelet catalog of release 1.minor is
	// registered on this generation: the releases whose kubelet was built
	// with it (or with an identical feature_gate.go).
	Catalogs func(minor int) bool
}

// benchQueried are the names BenchmarkEnabled reads (those the release
// has), set and unset ones; benchSettings are applied before it (those the
// release has).
var (
	benchQueried = []string{"DynamicKubeletConfig", "CPUManager", "BlockVolume", "AllAlpha", "EphemeralContainers", "TopologyManager",
		"NodeSwap", "GracefulNodeShutdown", "WatchListClient", "ContextualLogging", "KubeletTracing", "SidecarContainers", "InPlacePodVerticalScaling"}
	benchSettings = map[string]bool{"DynamicKubeletConfig": false, "EphemeralContainers": true, "AllBeta": true,
		"NodeSwap": true, "AllAlpha": true, "ContextualLogging": false}
)

// Impl returns a fresh adapter of the real library.
func (gen Generation) Impl() scenario.Impl {
	gen.Log.Take()
	return &impl{gen: gen}
}

// release is the generation's own Kubernetes release: 1.35 for v0.35.
func (gen Generation) release() string { return fmt.Sprintf("1.%d", gen.Library) }

// Suite is the conformance run of the generation.
func (gen Generation) Suite() suite.Suite {
	return suite.Suite{
		Library:        gen.Library,
		GateName:       GateName(),
		Upstream:       gen.Impl,
		OwnRelease:     gen.release(),
		MinCases:       map[bool]int{false: 12, true: 20}[gen.Library >= 31],
		KubeletRelease: gen.Catalogs,
	}
}

// Test runs the generation's whole conformance test (suite.Suite.Run).
func (gen Generation) Test(t *testing.T) { gen.Suite().Run(t, gen.Catalog()) }

// Bench compares Enabled() on the real catalog of the generation's release.
func (gen Generation) Bench(b *testing.B) { gen.Catalog().Benchmark(b) }

// Catalog is the catalog check and Enabled benchmark of the generation, on
// its own release's catalog.
func (gen Generation) Catalog() suite.Catalog {
	return suite.Catalog{
		Release:  gen.release(),
		Queried:  benchQueried,
		Settings: benchSettings,
		Load: func(tb testing.TB, rel *catalog.Release) suite.UpstreamGate {
			tb.Cleanup(func() { gen.Log.Take() })
			g := gen.forRelease(tb, rel)
			if e, ok := g.(interface{ EmulationVersion() *version.Version }); ok && e.EmulationVersion().String() != rel.Version {
				tb.Fatalf("upstream emulates %s", e.EmulationVersion())
			}
			return catalogGate{g}
		},
		BenchUpstream: gen.bench,
		// The catalog is registered through the library's own API, so the
		// flag help must match line by line.
		ExactKnownFeatures: true,
	}
}

// forRelease registers a catalog the way the kubelet's global gate gets it:
// Add before v0.31, AddVersioned and AddDependencies after.
func (gen Generation) forRelease(tb testing.TB, rel *catalog.Release) featuregate.MutableFeatureGate {
	g := &gate{g: newGate()}
	if gen.Library < 31 {
		specs := map[string]scenario.Spec{}
		for _, cg := range rel.Gates {
			cs := cg.Specs[0]
			specs[cg.Name] = scenario.Spec{Default: cs.Default, Lock: cs.LockToDefault, Pre: cs.PreRelease}
		}
		if err := g.Add(specs); err != nil {
			tb.Fatal(err)
		}
		return g.g
	}
	specs := map[string][]scenario.Spec{}
	deps := map[string][]string{}
	for _, cg := range rel.Gates {
		for _, s := range scenario.InputSpecs(cg.Specs) {
			if s.Version == "" {
				s.Version = "0.0"
			}
			specs[cg.Name] = append(specs[cg.Name], s)
		}
		if len(cg.Dependencies) > 0 {
			deps[cg.Name] = cg.Dependencies
		}
	}
	if err := g.AddVersioned(specs); err != nil {
		tb.Fatal(err)
	}
	if len(deps) > 0 {
		if err := g.AddDependencies(deps); err != nil {
			tb.Fatal(err)
		}
	}
	return g.g
}

// bench is the upstream half of BenchmarkEnabled: it calls the library's
// Enabled directly, no adapter in between.
func (gen Generation) bench(b *testing.B, rel *catalog.Release, queried []string, settings map[string]bool) {
	g := gen.forRelease(b, rel)
	if err := g.SetFromMap(settings); err != nil {
		b.Fatal(err)
	}
	gen.Log.Take()
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
