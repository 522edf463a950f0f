package v031

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/component-base/featuregate"

	"github.com/kubexplorer/kubexplorer/tools/conformance/upstream"
)

// gen is k8s.io/component-base v0.31.14; its catalogs are those of the
// releases built with v0.31–v0.32.
var gen = upstream.Generation{
	Library: 31,
	Module:  "k8s.io/component-base v0.31.14",
	Log:     upstream.KlogV2,
	NewVersioned: func(emu *version.Version) featuregate.MutableFeatureGate {
		return featuregate.NewVersionedFeatureGate(emu)
	},
	Catalogs: func(minor int) bool { return minor >= 31 && minor <= 32 },
}

func TestConformance(t *testing.T)  { gen.Test(t) }
func BenchmarkEnabled(b *testing.B) { gen.Bench(b) }
