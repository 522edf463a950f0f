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

var (
	conf       = gen.Suite()
	ownCatalog = gen.Catalog()
)

func TestTable(t *testing.T)                    { conf.Table(t) }
func TestRandom(t *testing.T)                   { conf.Random(t) }
func TestSeed(t *testing.T)                     { conf.Seed(t) }
func TestKubeletCatalogs(t *testing.T)          { conf.KubeletCatalogs(t) }
func TestKubeletSeed(t *testing.T)              { conf.KubeletSeed(t) }
func TestCatalogLoadsIntoUpstream(t *testing.T) { ownCatalog.Check(t) }
func BenchmarkEnabled(b *testing.B)             { ownCatalog.Benchmark(b) }
