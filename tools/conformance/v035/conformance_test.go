package v035

import (
	"flag"
	"fmt"
	"regexp"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario"
)

var seeds = flag.Int("seeds", 300, "number of randomized scenarios")

func impls() (ours, up scenario.Impl) {
	return scenario.Ours(Library, ""), NewUpstream()
}

func TestTable(t *testing.T) {
	ran := 0
	for _, c := range scenario.Cases {
		if !c.Applies(Library) {
			continue
		}
		ran++
		t.Run(c.Name, func(t *testing.T) {
			ours, up := impls()
			for _, m := range scenario.Run(c, ours, up) {
				t.Errorf("%s", m)
			}
		})
	}
	if ran < 20 {
		t.Fatalf("only %d cases apply to v0.%d", ran, Library)
	}
}

// TestRandom runs seeded random scenarios; mismatches are grouped so that
// one defect shows once with its count.
func TestRandom(t *testing.T) {
	var all []scenario.Mismatch
	failed := 0
	for seed := 1; seed <= *seeds; seed++ {
		c := scenario.Random(uint64(seed), Library)
		ours, up := impls()
		ms := scenario.Run(c, ours, up)
		if len(ms) > 0 {
			failed++
			all = append(all, ms...)
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d random scenarios disagree; mismatches by kind:\n%s", failed, *seeds, scenario.Summary(all))
	}
}

var seed = flag.Int("seed", 0, "TestSeed: run only this random scenario and print every mismatch")

func TestSeed(t *testing.T) {
	if *seed == 0 {
		t.Skip("set -seed")
	}
	c := scenario.Random(uint64(*seed), Library)
	for i, op := range c.Ops {
		t.Logf("step %d: %s", i+1, op)
	}
	ours, up := impls()
	for _, m := range scenario.Run(c, ours, up) {
		t.Errorf("%s", m)
	}
}

// ownRelease is the release whose kubelet ran this library generation.
const ownRelease = "1.35"

var kubeletSeeds = flag.Int("kubelet-seeds", 20, "random scenarios per release on the real kubelet catalogs")

// TestKubeletCatalogs registers the real catalog of every release that
// used this library generation and runs seeded scenarios over its gates.
func TestKubeletCatalogs(t *testing.T) {
	var prev *catalog.Release
	for _, v := range catalog.Releases() {
		rel, err := catalog.Load(v)
		if err != nil {
			t.Fatal(err)
		}
		removed := scenario.Removed(prev, rel)
		prev = rel
		if !kubeletRelease(v) {
			continue
		}
		t.Run(v, func(t *testing.T) {
			ours, up := impls()
			reg := scenario.Kubelet(rel, removed, 0, Library)
			errO, errU := scenario.Register(reg, ours), scenario.Register(reg, up)
			switch {
			case sameShape(errO) != sameShape(errU):
				t.Fatalf("registering the %s catalog:\n  kubexplorer: %v\n  upstream:    %v", v, errO, errU)
			case errU != nil && v == ownRelease:
				t.Fatalf("upstream refuses its own release's catalog: %v", errU)
			case errU != nil:
				// A validation rule newer than the release (e.g. v0.33's
				// "introduced as deprecated must provide a 1.0 entry"):
				// that kubelet never ran this library generation.
				t.Skipf("v0.%d refuses the %s catalog, as ours does: %v", Library, v, errU)
			}
			var all []scenario.Mismatch
			failed := 0
			for seed := 1; seed <= *kubeletSeeds; seed++ {
				c := scenario.Kubelet(rel, removed, uint64(seed), Library)
				ours, up := impls()
				if ms := scenario.Run(c, ours, up); len(ms) > 0 {
					failed++
					all = append(all, ms...)
				}
			}
			if failed > 0 {
				t.Errorf("%d of %d scenarios disagree; mismatches by kind:\n%s", failed, *kubeletSeeds, scenario.Summary(all))
			}
		})
	}
}

// kubeletRelease: the releases with versioned specs (1.31+); their
// histories are registered on this generation at their own emulation
// version.
func kubeletRelease(v string) bool {
	var x, y int
	fmt.Sscanf(v, "%d.%d", &x, &y)
	return y >= 31 && y <= 35
}

var kubeletRel = flag.String("release", "", "TestKubeletSeed: the catalog release (with -seed)")

func TestKubeletSeed(t *testing.T) {
	if *kubeletRel == "" || *seed == 0 {
		t.Skip("set -release and -seed")
	}
	rel, err := catalog.Load(*kubeletRel)
	if err != nil {
		t.Fatal(err)
	}
	var removed []string
	if rs := catalog.Releases(); rs[0] != *kubeletRel {
		for i := range rs {
			if rs[i] == *kubeletRel {
				prev, err := catalog.Load(rs[i-1])
				if err != nil {
					t.Fatal(err)
				}
				removed = scenario.Removed(prev, rel)
			}
		}
	}
	c := scenario.Kubelet(rel, removed, uint64(*seed), Library)
	for i, op := range c.Ops {
		if i > 3 {
			t.Logf("step %d: %s", i+1, op)
		}
	}
	ours, up := impls()
	for _, m := range scenario.Run(c, ours, up) {
		t.Errorf("%s", m)
	}
}

var quoted = regexp.MustCompile(`"[^"]*"`)

// sameShape blanks the quoted feature names in a registration error: with
// several bad features, which one upstream reports depends on map order.
func sameShape(err error) string {
	if err == nil {
		return ""
	}
	return quoted.ReplaceAllString(err.Error(), `"…"`)
}
