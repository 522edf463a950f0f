package kubeletstart

import (
	"sort"

	"github.com/kubexplorer/kubexplorer/core/featuregate"
)

// finishGates builds the effective-gates table from the global gate as
// start-up left it: the release's gates, then the names the inputs asked
// for that the release does not know.
func (r *run) finishGates() {
	enabled := r.gate.EnabledMap()
	problems := r.gateProblems()
	named := r.named(enabled, problems)
	// The table is built in one buffer (growing it by doubling costs twice
	// its size), which the model's memo may replace by an equal table
	// (tablememo.go).
	r.res.Gates = r.tables.buffer(2 + len(r.rel.Gates))
	// AllAlpha and AllBeta, then the release's gates in catalog order. A
	// row's component and dependencies are the catalog's; its value is the
	// explicit one if any, else the default of the spec in force (the
	// gate's Lookup, without looking the name up once more).
	for i := -2; i < len(r.rel.Gates); i++ {
		var name, comp string
		var deps []string
		switch i {
		case -2:
			name = "AllAlpha"
		case -1:
			name = "AllBeta"
		default:
			cg := &r.rel.Gates[i]
			name, comp, deps = cg.Name, cg.Component, cg.Dependencies
		}
		spec, ok := r.gate.SpecAt(featuregate.Feature(name))
		if !ok {
			continue
		}
		if len(deps) == 0 {
			deps = nil
		}
		gs := GateState{
			Name: name, Component: comp, Stage: stageName(spec),
			Default: spec.Default, Locked: spec.LockToDefault, Enabled: spec.Default,
			Dependencies: deps,
		}
		if !named.has(name) {
			gs.Source = "default"
			r.res.Gates = append(r.res.Gates, gs)
			continue
		}
		if on, set := enabled[featuregate.Feature(name)]; set {
			gs.Enabled = on
		}
		gs.Problem = problems[name]
		if v, ok := r.requested(name); ok {
			gs.Requested = &v
		}
		r.setSource(&gs, spec, enabled)
		r.res.Gates = append(r.res.Gates, gs)
	}
	r.unknownGateRows()
	r.res.Gates = r.tables.intern(r.res.Release, r.res.Gates)
}

// named is every gate name that an input, the gate's explicit values or
// the error names. Any other gate's row is its spec in force, from
// "default": setSource's last case with nothing filled. Most rows are
// such, and asking each of the run's maps about each of them was most of
// the map lookups of a first evaluation, which in the browser run out V8's
// budgets for the map code and have it optimized while the evaluation runs
// (issue 15).
func (r *run) named(enabled map[featuregate.Feature]bool, problems map[string]string) *nameSet {
	named := &nameSet{}
	for _, m := range []map[string]bool{r.merged, r.failingMap, r.flagGates} {
		for k := range m {
			named.add(k)
		}
	}
	for _, m := range []map[string]origin{r.origins, r.pending, r.applied} {
		for k := range m {
			named.add(k)
		}
	}
	for k := range enabled {
		named.add(string(k))
	}
	for k := range problems {
		named.add(k)
	}
	return named
}

// gateProblems are the per-gate errors of the error that stopped start-up.
func (r *run) gateProblems() map[string]string {
	problems := map[string]string{}
	if r.res.Error == "" {
		return problems
	}
	for _, find := range []func(string) []gateProblem{unknownGates, lockedGates, dependencyProblems} {
		for _, p := range find(r.res.Error) {
			problems[p.name] = p.text
		}
	}
	return problems
}

// setSource says where a known gate's value came from: the input that
// asks for it, an earlier SetFromMap the final configuration no longer
// repeats, AllAlpha/AllBeta, or the default.
func (r *run) setSource(gs *GateState, spec featuregate.FeatureSpec, enabled map[featuregate.Feature]bool) {
	name := gs.Name
	switch o, ok := r.originOf(name); {
	case ok && r.isRequested(name):
		gs.from(o)
	case r.isFlag(name):
		gs.Source = "flag"
	case r.applied[name].source != "" && r.gate.ExplicitlySet(featuregate.Feature(name)):
		gs.from(r.applied[name])
		gs.Problem = "kept from an earlier SetFromMap call: the final configuration no longer sets it"
	default:
		if _, filled := enabled[featuregate.Feature(name)]; !filled {
			gs.Source = "default"
			return
		}
		switch spec.PreRelease {
		case featuregate.Alpha:
			gs.Source = "AllAlpha"
		case featuregate.Beta:
			gs.Source = "AllBeta"
		default:
			gs.Source = "flag"
		}
		if o, ok := r.origins[gs.Source]; ok {
			gs.SourcePath = o.path
			gs.at(o.at)
		}
	}
}

// from sets the row's source to an origin.
func (gs *GateState) from(o origin) {
	gs.Source, gs.SourcePath = o.source, o.path
	gs.at(o.at)
}

// at locates the row's source.
func (gs *GateState) at(s Span) {
	gs.SourceLine, gs.SourceColumn, gs.SourceEndLine, gs.SourceEndColumn = s.Line, s.Column, s.EndLine, s.EndColumn
}

// unknownGateRows adds a row for each name the inputs asked for that this
// release does not know.
func (r *run) unknownGateRows() {
	var unknown []string
	for _, m := range []map[string]bool{r.merged, r.failingMap, r.flagGates} {
		for k := range m {
			if _, ok := r.gate.SpecAt(featuregate.Feature(k)); !ok {
				unknown = append(unknown, k)
			}
		}
	}
	sort.Strings(unknown)
	for i, k := range unknown {
		if i > 0 && unknown[i-1] == k {
			continue
		}
		gs := GateState{Name: k, Stage: "UNKNOWN", Source: "flag", Problem: "unrecognized feature gate: " + k}
		if v, ok := r.requested(k); ok {
			gs.Requested = &v
		}
		if o, ok := r.originOf(k); ok {
			gs.from(o)
		}
		r.res.Gates = append(r.res.Gates, gs)
	}
}

func (r *run) requested(name string) (bool, bool) {
	for _, m := range []map[string]bool{r.merged, r.failingMap, r.flagGates} {
		if v, ok := m[name]; ok {
			return v, true
		}
	}
	return false, false
}

func (r *run) isRequested(name string) bool {
	_, ok := r.requested(name)
	return ok
}

func (r *run) isFlag(name string) bool {
	_, ok := r.flagGates[name]
	return ok
}

func stageName(s featuregate.FeatureSpec) string {
	if s.PreRelease == featuregate.GA {
		return "GA"
	}
	return string(s.PreRelease)
}
