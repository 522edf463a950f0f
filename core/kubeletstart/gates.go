package kubeletstart

import (
	"sort"

	"github.com/kubexplorer/kubexplorer/core/featuregate"
)

// finishGates builds the effective-gates table from the global gate as
// start-up left it.
func (r *run) finishGates() {
	enabled := r.gate.EnabledMap()
	names := []string{"AllAlpha", "AllBeta"}
	for _, cg := range r.rel.Gates {
		names = append(names, cg.Name)
	}
	problems := map[string]string{}
	if r.res.Error != "" {
		for _, find := range []func(string) []gateProblem{unknownGates, lockedGates, dependencyProblems} {
			for _, p := range find(r.res.Error) {
				problems[p.name] = p.text
			}
		}
	}
	for _, name := range names {
		spec, ok := r.gate.SpecAt(featuregate.Feature(name))
		if !ok {
			continue
		}
		on, _ := r.gate.Lookup(name)
		gs := GateState{
			Name: name, Component: r.comps[name], Stage: stageName(spec),
			Default: spec.Default, Locked: spec.LockToDefault, Enabled: on,
			Dependencies: r.deps[name], Problem: problems[name],
		}
		if v, ok := r.requested(name); ok {
			gs.Requested = &v
		}
		switch o, ok := r.originOf(name); {
		case ok && r.isRequested(name):
			gs.Source, gs.SourcePath, gs.SourceLine = o.source, o.path, o.line
		case r.isFlag(name):
			gs.Source = "flag"
		case r.applied[name].source != "" && r.gate.ExplicitlySet(featuregate.Feature(name)):
			o := r.applied[name]
			gs.Source, gs.SourcePath, gs.SourceLine = o.source, o.path, o.line
			gs.Problem = "kept from an earlier SetFromMap call: the final configuration no longer sets it"
		default:
			if _, filled := enabled[featuregate.Feature(name)]; filled {
				switch spec.PreRelease {
				case featuregate.Alpha:
					gs.Source = "AllAlpha"
				case featuregate.Beta:
					gs.Source = "AllBeta"
				default:
					gs.Source = "flag"
				}
				if o, ok := r.origins[gs.Source]; ok {
					gs.SourcePath, gs.SourceLine = o.path, o.line
				}
			} else {
				gs.Source = "default"
			}
		}
		r.res.Gates = append(r.res.Gates, gs)
	}
	// Names the inputs asked for that this release does not know.
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
			gs.Source, gs.SourcePath, gs.SourceLine = o.source, o.path, o.line
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
