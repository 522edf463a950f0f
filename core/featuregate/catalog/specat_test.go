package catalog_test

import (
	"testing"

	"github.com/kubexplorer/kubexplorer/core/featuregate"
	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

// TestSpecAtAgreesWithTheGateModel resolves every gate of every release
// with catalog's SpecAt and with the gate model core/featuregate builds
// for that release's kubelet: the diff and the start-up model must see
// the same stage, default and lock.
func TestSpecAtAgreesWithTheGateModel(t *testing.T) {
	for _, v := range catalog.Releases() {
		rel, err := catalog.Load(v)
		if err != nil {
			t.Fatal(err)
		}
		g, err := featuregate.ForRelease(rel, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, cg := range rel.Gates {
			want, ok := g.SpecAt(featuregate.Feature(cg.Name))
			if !ok {
				t.Fatalf("%s: model lacks %s", v, cg.Name)
			}
			got := cg.SpecAt(v)
			if got.Default != want.Default || got.LockToDefault != want.LockToDefault || got.PreRelease != string(want.PreRelease) {
				t.Errorf("%s %s: SpecAt = %+v, model = %+v", v, cg.Name, got, want)
			}
		}
	}
}
