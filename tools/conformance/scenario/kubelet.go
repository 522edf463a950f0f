package scenario

import (
	"fmt"
	"sort"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// Kubelet builds a seeded scenario on a real catalog: the gates the kubelet
// of rel registers are put on a fresh gate the way the kubelet's global gate
// gets them (Add for unversioned specs, AddVersioned for histories, then the
// dependencies; emulation version = the release), followed by random
// operations over the real names — locked, GA, deprecated and alpha gates,
// AllAlpha/AllBeta, and a gate that an older release had but rel removed.
//
// Besides comparing the two implementations on realistic data, the
// registration step checks the catalog itself: upstream's library must
// accept every spec history and dependency exactly as the catalog holds it.
func Kubelet(rel *catalog.Release, removed []string, seed uint64, lib int) Case {
	r := sim.NewRand(seed)
	c := Case{Name: fmt.Sprintf("kubelet %s seed %d", rel.Version, seed)}
	var x, y int
	fmt.Sscanf(rel.Version, "%d.%d", &x, &y)
	versioned := lib >= 31
	plain := map[string][]Spec{}
	hist := map[string][]Spec{}
	deps := map[string][]string{}
	var names, interesting []string
	for _, g := range rel.Gates {
		names = append(names, g.Name)
		specs := InputSpecs(g.Specs)
		if len(specs) == 1 && specs[0].Version == "" {
			plain[g.Name] = specs
		} else {
			hist[g.Name] = specs
		}
		if len(g.Dependencies) > 0 {
			deps[g.Name] = append([]string(nil), g.Dependencies...)
		}
		last := g.Specs[len(g.Specs)-1]
		if last.LockToDefault || last.PreRelease != catalog.Beta || len(g.Dependencies) > 0 {
			interesting = append(interesting, g.Name)
		}
	}
	if versioned {
		c.Ops = append(c.Ops, Op{Do: "newVersioned", Arg: rel.Version})
	} else {
		c.Ops = append(c.Ops, Op{Do: "new"})
	}
	if len(plain) > 0 {
		c.Ops = append(c.Ops, Op{Do: "add", Specs: plain})
	}
	if len(hist) > 0 {
		c.Ops = append(c.Ops, Op{Do: "addVersioned", Specs: hist})
	}
	if lib >= 35 && len(deps) > 0 {
		c.Ops = append(c.Ops, Op{Do: "addDeps", Deps: deps})
	}
	sort.Strings(removed)
	pick := func() string {
		switch k := r.Intn(24); {
		case k == 0:
			return "AllAlpha"
		case k == 1:
			return "AllBeta"
		case k == 2 && len(removed) > 0:
			return removed[r.Intn(len(removed))]
		case k < 12 && len(interesting) > 0:
			return interesting[r.Intn(len(interesting))]
		}
		return names[r.Intn(len(names))]
	}
	closed := false
	steps := 6 + r.Intn(10)
	for i := 0; i < steps; i++ {
		var op Op
		switch k := r.Intn(100); {
		case k < 45:
			m := map[string]bool{}
			for n := 1 + r.Intn(4); n > 0; n-- {
				m[pick()] = r.Intn(2) == 0
			}
			op = Op{Do: "setFromMap", Values: m}
		case k < 55:
			op = Op{Do: "set", Arg: randomSetString(r, pick)}
		case k < 65:
			op = Op{Do: "enabled", Arg: pick()}
		case k < 68:
			op = Op{Do: "copy"}
		case k < 70:
			op = Op{Do: "pop"}
		case k < 72:
			op = Op{Do: "addFlag"}
			closed = true
		case k < 76 && lib >= 30 && !closed:
			op = Op{Do: "override", Arg: pick(), Bool: r.Intn(2) == 0}
		case k < 81 && versioned:
			op = Op{Do: "setEmu", Arg: fmt.Sprintf("%d.%d", x, y-r.Intn(3))}
		case k < 84 && lib >= 26:
			// The kubelet records the feature metrics at start-up (1.26+).
			op = Op{Do: "addMetrics"}
		case k < 88 && versioned:
			op = Op{Do: "validate"}
		case k < 92 && versioned:
			op = Op{Do: "reset", Arg: pick()}
		case k < 94 && versioned:
			op = Op{Do: "copyReset"}
		case k < 97 && lib >= 22:
			op = Op{Do: "getAll"}
		default:
			op = Op{Do: "enabled", Arg: pick()}
		}
		c.Ops = append(c.Ops, op)
	}
	return c
}

// Removed returns the gates that release prev had and rel no longer has:
// the names users still carry in their configuration after an upgrade.
func Removed(prev, rel *catalog.Release) []string {
	if prev == nil {
		return nil
	}
	var out []string
	for _, g := range prev.Gates {
		if _, ok := rel.Gate(g.Name); !ok {
			out = append(out, g.Name)
		}
	}
	return out
}

// InputSpecs turns a catalog history back into the form upstream's source
// declares it in. The catalog holds the specs as AddVersioned stored them
// (v0.35+ copies a min-compatibility version onto the later entries), and
// AddVersioned refuses such a copied value as input ("specified
// MinCompatibilityVersion … without a preceding entry at the same Version").
func InputSpecs(cs []catalog.Spec) []Spec {
	out := make([]Spec, len(cs))
	for i, s := range cs {
		out[i] = Spec{Default: s.Default, Lock: s.LockToDefault, Pre: s.PreRelease, Version: s.Version, MinCompat: s.MinCompatibilityVersion}
		if i > 0 && s.Version != cs[i-1].Version && s.MinCompatibilityVersion == cs[i-1].MinCompatibilityVersion {
			out[i].MinCompat = ""
		}
	}
	return out
}

// Register runs the registration steps of c (up to the first operation
// that is not a registration) on a fresh gate of impl and returns the first
// error: a real catalog must register cleanly.
func Register(c Case, impl Impl) error {
	var g Gate
	for _, op := range c.Ops {
		var err error
		switch op.Do {
		case "new":
			g = impl.NewFeatureGate()
		case "newVersioned":
			g = impl.NewVersioned(op.Arg)
		case "add":
			m := map[string]Spec{}
			for k, v := range op.Specs {
				m[k] = v[0]
			}
			err = g.Add(m)
		case "addVersioned":
			err = g.AddVersioned(op.Specs)
		case "addDeps":
			err = g.AddDependencies(op.Deps)
		default:
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", op.Do, err)
		}
	}
	return nil
}
