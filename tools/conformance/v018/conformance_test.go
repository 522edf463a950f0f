package v018

import (
	"testing"

	"github.com/kubexplorer/kubexplorer/tools/conformance/upstream"
)

// gen is k8s.io/component-base v0.18.19; its catalogs are those of the
// releases built with v0.18–v0.21.
var gen = upstream.Generation{
	Library:  18,
	Module:   "k8s.io/component-base v0.18.19",
	Log:      klogV1,
	Catalogs: func(minor int) bool { return minor <= 21 },
}

func TestConformance(t *testing.T)  { gen.Test(t) }
func BenchmarkEnabled(b *testing.B) { gen.Bench(b) }
