package v035

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/component-base/featuregate"

	"github.com/kubexplorer/kubexplorer/tools/conformance/upstream"
)

// gen is k8s.io/component-base v0.35.8; its catalogs are those of the
// releases built with v0.35:.
var gen = upstream.Generation{
	Library: 35,
	Module:  "k8s.io/component-base v0.35.8",
	Log:     upstream.KlogV2,
	NewVersioned: func(emu *version.Version) featuregate.MutableFeatureGate {
		return featuregate.NewVersionedFeatureGate(emu)
	},
	NewVersionedWithMinCompat: func(emu, mc *version.Version) featuregate.MutableFeatureGate {
		return featuregate.NewVersionedFeatureGateWithMinCompatibility(emu, mc)
	},
	Catalogs: func(minor int) bool { return minor == 35 },
}

func TestConformance(t *testing.T)  { gen.Test(t) }
func BenchmarkEnabled(b *testing.B) { gen.Bench(b) }
