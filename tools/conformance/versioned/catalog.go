package versioned

import (
	"fmt"
	"testing"

	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/component-base/featuregate"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario"
	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario/suite"
)

// release is the generation's own Kubernetes release: 1.35 for v0.35.
func (gen Generation) release() string { return fmt.Sprintf("1.%d", gen.Library) }

// Suite is the conformance run of the generation. The kubelet catalogs
// registered are those with versioned specs (1.31+), each at its own
// emulation version, up to LastKubelet.
func (gen Generation) Suite() suite.Suite {
	return suite.Suite{
		Library:    gen.Library,
		Upstream:   func() scenario.Impl { return NewUpstream(gen) },
		OwnRelease: gen.release(),
		MinCases:   20,
		KubeletRelease: func(minor int) bool {
			return minor >= 31 && (gen.LastKubelet == 0 || minor <= gen.LastKubelet)
		},
	}
}

// Catalog is the catalog check and benchmark of the generation, on its own
// release's catalog.
func (gen Generation) Catalog() suite.Catalog {
	rel := gen.release()
	return suite.Catalog{
		Release:  rel,
		Queried:  []string{"NodeSwap", "GracefulNodeShutdown", "WatchListClient", "ContextualLogging", "AllAlpha", "KubeletTracing", "SidecarContainers", "InPlacePodVerticalScaling"},
		Settings: map[string]bool{"NodeSwap": true, "AllAlpha": true, "AllBeta": true, "ContextualLogging": false},
		// AddVersioned and AddDependencies validate the catalog; the gate
		// must come up emulating its own release.
		Load: func(tb testing.TB, r *catalog.Release) suite.UpstreamGate {
			captureKlog()
			tb.Cleanup(func() { takeKlog() })
			up := upstreamForRelease(tb, r)
			if !up.EmulationVersion().EqualTo(version.MustParse(rel)) {
				tb.Fatalf("upstream emulates %s", up.EmulationVersion())
			}
			return catalogGate{up}
		},
		BenchUpstream: benchUpstream,
	}
}

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
