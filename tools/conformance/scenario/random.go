package scenario

import (
	"fmt"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

// Random builds a seeded random call sequence for library generation lib:
// a random catalogue (unversioned before v0.31; versioned histories around
// the emulation versions after, with min-compatibility entries and
// dependencies from v0.35), then 8–30 calls drawn from every operation the
// generation has, with odd input on purpose — unknown and case-mismatched
// names, names with spaces, the empty name, bad and odd boolean spellings,
// stray commas and blanks in Set strings, locked, GA and deprecated gates,
// emulation and min-compatibility versions with patches, pre-releases
// ("1.33.0-alpha.1") and build metadata, features added and defaults
// overridden half-way, AddMetrics before an emulation change. The same
// seed always gives the same sequence.
func Random(seed uint64, lib int) Case {
	r := sim.NewRand(seed)
	c := Case{Name: fmt.Sprintf("random seed %d", seed)}
	n := 3 + r.Intn(6)
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("F%d", i)
	}
	versioned := lib >= 31
	g := &generator{r: r, lib: lib, names: names}
	if !versioned {
		c.Ops = append(c.Ops, Op{Do: "new"})
		specs := map[string][]Spec{}
		for _, name := range names {
			specs[name] = one(randomUnversioned(r))
		}
		c.Ops = append(c.Ops, Op{Do: "add", Specs: specs})
	} else {
		emu := g.version(lib - 3 + r.Intn(4))
		if lib >= 35 && r.Intn(3) == 0 {
			c.Ops = append(c.Ops, Op{Do: "newVersionedMC", Arg: emu, Arg2: g.version(minorOf(emu) - 1 - r.Intn(2))})
		} else {
			c.Ops = append(c.Ops, Op{Do: "newVersioned", Arg: emu})
		}
		specs := map[string][]Spec{}
		for _, name := range names {
			specs[name] = randomHistory(r, lib)
		}
		c.Ops = append(c.Ops, Op{Do: "addVersioned", Specs: specs})
		if lib >= 35 && r.Intn(2) == 0 {
			if deps := g.deps(); len(deps) > 0 {
				c.Ops = append(c.Ops, Op{Do: "addDeps", Deps: deps})
			}
		}
	}
	steps := 8 + r.Intn(23)
	for i := 0; i < steps; i++ {
		c.Ops = append(c.Ops, g.op())
	}
	return c
}

// generator draws the calls of one random sequence.
type generator struct {
	r     *sim.Rand
	lib   int
	names []string
	added int // features added after the start, named G0, G1, …
}

// minorOf reads the minor of "1.33", "v1.33.0-rc.1", ….
func minorOf(v string) int {
	x := 0
	fmt.Sscanf(strings.TrimPrefix(v, "v"), "1.%d", &x)
	return x
}

// version spells minor 1.m in one of the forms versions come in: mostly
// plain, else with a patch, a pre-release, build metadata, a "v", or the
// generic form whose pre-release the parser drops.
func (g *generator) version(m int) string {
	if m < 0 {
		m = 0
	}
	forms := []string{"1.%d", "1.%d", "1.%d", "1.%d.0", "1.%d.1", "1.%d.0-alpha.1", "1.%d.0-rc.0", "1.%d.0-beta.2+build.7", "v1.%d.0-alpha.0", "1.%d-alpha.3"}
	return fmt.Sprintf(forms[g.r.Intn(len(forms))], m)
}

// name picks a key for SetFromMap and friends: mostly a registered feature,
// sometimes AllAlpha/AllBeta, an unknown or a near-miss name.
func (g *generator) name() string {
	switch x := g.r.Intn(40); {
	case x < 2:
		return "Unknown"
	case x < 4:
		return "AllAlpha"
	case x < 6:
		return "AllBeta"
	case x == 6:
		return strings.ToLower(g.names[g.r.Intn(len(g.names))])
	case x == 7:
		return " " + g.names[g.r.Intn(len(g.names))]
	case x == 8:
		return ""
	case x == 9 && g.added > 0:
		return fmt.Sprintf("G%d", g.r.Intn(g.added))
	}
	return g.names[g.r.Intn(len(g.names))]
}

func (g *generator) deps() map[string][]string {
	deps := map[string][]string{}
	for i := 1; i < len(g.names); i++ {
		if g.r.Intn(3) == 0 {
			deps[g.names[i]] = append(deps[g.names[i]], g.names[g.r.Intn(i)])
		}
	}
	return deps
}

// op draws one call; a call the generation lacks falls back to SetFromMap.
func (g *generator) op() Op {
	r, lib := g.r, g.lib
	has := func(do string) bool { return lib >= minLibrary[do] }
	switch x := r.Intn(100); {
	case x < 28:
		m := map[string]bool{}
		for k := 1 + r.Intn(4); k > 0; k-- {
			m[g.name()] = r.Intn(2) == 0
		}
		return Op{Do: "setFromMap", Values: m}
	case x < 38:
		return Op{Do: "set", Arg: randomSetString(r, g.name)}
	case x < 46:
		return Op{Do: "enabled", Arg: g.name()}
	case x < 50:
		return Op{Do: "copy"}
	case x < 53:
		return Op{Do: "pop"}
	case x < 55:
		return Op{Do: "addFlag"}
	case x < 58:
		// A new feature half-way, or a re-add of a known one (same or
		// different spec).
		name := g.names[r.Intn(len(g.names))]
		if r.Intn(2) == 0 {
			name = fmt.Sprintf("G%d", g.added)
			g.added++
		}
		if lib >= 31 && r.Intn(2) == 0 {
			return Op{Do: "addVersioned", Specs: map[string][]Spec{name: randomHistory(r, lib)}}
		}
		return Op{Do: "add", Specs: map[string][]Spec{name: one(randomUnversioned(r))}}
	case x < 62 && has("addMetrics"):
		return Op{Do: "addMetrics"}
	case x < 66 && has("override"):
		return Op{Do: "override", Arg: g.name(), Bool: r.Intn(2) == 0}
	case x < 68 && has("overrideAt"):
		return Op{Do: "overrideAt", Arg: g.name(), Bool: r.Intn(2) == 0, Arg2: fmt.Sprintf("1.%d", lib-3+r.Intn(4))}
	case x < 78 && has("setEmu"):
		if has("setEmuMC") && r.Intn(3) == 0 {
			emu := lib - 4 + r.Intn(5)
			return Op{Do: "setEmuMC", Arg: g.version(emu), Arg2: g.version(emu - 1 + r.Intn(3) - r.Intn(2))}
		}
		return Op{Do: "setEmu", Arg: g.version(lib - 4 + r.Intn(5))}
	case x < 81 && has("validate"):
		return Op{Do: "validate"}
	case x < 84 && has("reset"):
		return Op{Do: "reset", Arg: g.name()}
	case x < 86 && has("copyReset"):
		return Op{Do: "copyReset"}
	case x < 88 && has("explicitlySet"):
		return Op{Do: "explicitlySet", Arg: g.name()}
	case x < 89 && has("close"):
		return Op{Do: "close"}
	case x < 90 && has("addDeps"):
		if deps := g.deps(); len(deps) > 0 {
			return Op{Do: "addDeps", Deps: deps}
		}
	case x < 93 && has("getAll"):
		return Op{Do: "getAll"}
	}
	m := map[string]bool{g.name(): r.Intn(2) == 0}
	return Op{Do: "setFromMap", Values: m}
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

// randomHistory is a versioned history, nearly always well-formed: stages
// only move forward (alpha → beta → GA → deprecated), versions strictly
// increase, locks are never lifted, and (v0.35+) a beta may flip its
// default behind a min-compatibility entry at the same version. One in
// twenty-five has a version with a patch or pre-release, which v0.33+
// refuses and v0.31 sorts in.
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
	if r.Intn(25) == 0 {
		i := r.Intn(len(out))
		out[i].Version += []string{".1", ".0-alpha.1"}[r.Intn(2)]
	}
	return out
}

// randomSetString is a --feature-gates value with odd spacing, empty and
// malformed pieces, and every spelling strconv.ParseBool accepts or not.
func randomSetString(r *sim.Rand, pick func() string) string {
	vals := []string{"true", "false", "1", "0", "T", "f", "TRUE", "False", " true ", "\tfalse", "maybe", "", "yes", "on", "true=false"}
	var parts []string
	for k := 1 + r.Intn(4); k > 0; k-- {
		key := pick()
		val := vals[r.Intn(len(vals))]
		switch r.Intn(12) {
		case 0:
			parts = append(parts, key)
		case 1:
			parts = append(parts, " "+key+" = "+val)
		case 2:
			parts = append(parts, "")
		case 3:
			parts = append(parts, "\t"+key+"=\t"+val+" ")
		case 4:
			parts = append(parts, "="+val)
		default:
			parts = append(parts, key+"="+val)
		}
	}
	return strings.Join(parts, []string{",", ",", ", ", ",,"}[r.Intn(4)])
}
