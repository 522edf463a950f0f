package v035

import (
	"testing"

	"github.com/kubexplorer/kubexplorer/tools/conformance/versioned"
)

var (
	gen        = versioned.Generation{Library: 35, Module: "k8s.io/component-base v0.35.8", LastKubelet: 35}
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
