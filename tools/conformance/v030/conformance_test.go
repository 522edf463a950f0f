package v030

import (
	"testing"

	"github.com/kubexplorer/kubexplorer/tools/conformance/upstream"
)

// gen is k8s.io/component-base v0.30.14; its catalogs are those of the
// releases built with v0.22–v0.30.
var gen = upstream.Generation{
	Library:  30,
	Module:   "k8s.io/component-base v0.30.14",
	Log:      upstream.KlogV2,
	Catalogs: func(minor int) bool { return minor >= 22 && minor <= 30 },
}

func TestConformance(t *testing.T)  { gen.Test(t) }
func BenchmarkEnabled(b *testing.B) { gen.Bench(b) }
