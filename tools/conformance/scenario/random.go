package scenario

import (
	"fmt"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

// Random builds a seeded random scenario for library generation lib: a
// random catalogue (unversioned before v0.31; versioned histories around
// the emulation versions after, with min-compatibility entries and
// dependencies from v0.35), then a random mix of the operations that
// generation has. The same seed always gives the same scenario.
func Random(seed uint64, lib int) Case {
	r := sim.NewRand(seed)
	c := Case{Name: fmt.Sprintf("random seed %d", seed)}
	n := 3 + r.Intn(6)
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("F%d", i)
	}
	versioned := lib >= 31
	if !versioned {
		c.Ops = append(c.Ops, Op{Do: "new"})
		specs := map[string][]Spec{}
		for _, name := range names {
			specs[name] = one(randomUnversioned(r))
		}
		c.Ops = append(c.Ops, Op{Do: "add", Specs: specs})
	} else {
		emu := fmt.Sprintf("1.%d", lib-3+r.Intn(4))
		if lib >= 35 && r.Intn(3) == 0 {
			x := 0
			fmt.Sscanf(emu, "1.%d", &x)
			c.Ops = append(c.Ops, Op{Do: "newVersionedMC", Arg: emu, Arg2: fmt.Sprintf("1.%d", x-1-r.Intn(2))})
		} else {
			c.Ops = append(c.Ops, Op{Do: "newVersioned", Arg: emu})
		}
		specs := map[string][]Spec{}
		for _, name := range names {
			specs[name] = randomHistory(r, lib)
		}
		c.Ops = append(c.Ops, Op{Do: "addVersioned", Specs: specs})
		if lib >= 35 && r.Intn(2) == 0 {
			deps := map[string][]string{}
			for i := 1; i < n; i++ {
				if r.Intn(3) == 0 {
					deps[names[i]] = append(deps[names[i]], names[r.Intn(i)])
				}
			}
			if len(deps) > 0 {
				c.Ops = append(c.Ops, Op{Do: "addDeps", Deps: deps})
			}
		}
	}
	pick := func() string {
		switch x := r.Intn(20); {
		case x == 0:
			return "Unknown"
		case x == 1:
			return "AllAlpha"
		case x == 2:
			return "AllBeta"
		}
		return names[r.Intn(n)]
	}
	closed := false
	steps := 6 + r.Intn(12)
	for i := 0; i < steps; i++ {
		var op Op
		switch x := r.Intn(100); {
		case x < 40:
			m := map[string]bool{}
			for k := 1 + r.Intn(3); k > 0; k-- {
				m[pick()] = r.Intn(2) == 0
			}
			op = Op{Do: "setFromMap", Values: m}
		case x < 50:
			op = Op{Do: "set", Arg: randomSetString(r, pick)}
		case x < 60:
			op = Op{Do: "enabled", Arg: pick()}
		case x < 65:
			op = Op{Do: "copy"}
		case x < 68:
			op = Op{Do: "pop"}
		case x < 72:
			op = Op{Do: "addFlag"}
			closed = true
		case x < 76 && lib >= 30 && !closed:
			op = Op{Do: "override", Arg: pick(), Bool: r.Intn(2) == 0}
		case x < 84 && versioned:
			op = Op{Do: "setEmu", Arg: fmt.Sprintf("1.%d", lib-4+r.Intn(5))}
		case x < 88 && versioned:
			op = Op{Do: "validate"}
		case x < 92 && versioned:
			op = Op{Do: "reset", Arg: pick()}
		case x < 94 && versioned:
			op = Op{Do: "copyReset"}
		case x < 97 && lib >= 22:
			op = Op{Do: "getAll"}
		default:
			op = Op{Do: "enabled", Arg: pick()}
		}
		c.Ops = append(c.Ops, op)
	}
	return c
}

func randomUnversioned(r *sim.Rand) Spec {
	switch r.Intn(6) {
	case 0:
		return alpha("", r.Intn(4) == 0)
	case 1, 2:
		return beta("", r.Intn(2) == 0)
	case 3:
		return ga("", true, r.Intn(2) == 0)
	case 4:
		return deprecated("", r.Intn(2) == 0, r.Intn(3) == 0)
	}
	return ga("", r.Intn(4) != 0, false)
}

// randomHistory is a well-formed versioned history: stages only move
// forward (alpha → beta → GA → deprecated), versions strictly increase,
// locks are never lifted, and (v0.35+) a beta may flip its default behind
// a min-compatibility entry at the same version.
func randomHistory(r *sim.Rand, lib int) []Spec {
	v := lib - 8 + r.Intn(8)
	var out []Spec
	stage := r.Intn(3)
	locked := false
	for len(out) < 4 && v <= lib+1 {
		ver := fmt.Sprintf("1.%d", v)
		switch stage {
		case 0:
			out = append(out, alpha(ver, false))
		case 1:
			def := r.Intn(2) == 0
			out = append(out, beta(ver, def))
			if lib >= 35 && !def && r.Intn(3) == 0 {
				out = append(out, Spec{Version: ver, Pre: "BETA", Default: true, MinCompat: ver})
			}
		case 2:
			locked = locked || r.Intn(2) == 0
			out = append(out, ga(ver, true, locked))
		case 3:
			if locked {
				out = append(out, deprecated(ver, true, true))
			} else {
				out = append(out, deprecated(ver, r.Intn(2) == 0, false))
			}
		default:
			return out
		}
		stage += 1 + r.Intn(2)
		v += 1 + r.Intn(2)
		if stage > 3 || r.Intn(3) == 0 {
			break
		}
	}
	return out
}

func randomSetString(r *sim.Rand, pick func() string) string {
	var parts []string
	for k := 1 + r.Intn(3); k > 0; k-- {
		key := pick()
		val := []string{"true", "false", "1", "0", "T", "f", "TRUE", "False", " true ", "maybe", ""}[r.Intn(11)]
		switch r.Intn(10) {
		case 0:
			parts = append(parts, key)
		case 1:
			parts = append(parts, " "+key+" = "+val)
		case 2:
			parts = append(parts, "")
		default:
			parts = append(parts, key+"="+val)
		}
	}
	return strings.Join(parts, ",")
}
