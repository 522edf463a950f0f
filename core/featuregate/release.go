package featuregate

import (
	"fmt"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
)

// ForRelease builds the gate a kubelet binary of a catalog release holds at
// start-up: the release's library generation, emulating its own version
// (the kubelet has no --emulated-version), every catalogued gate plus
// AllAlpha/AllBeta, and the 1.35+ dependencies.
//
// The specs are stored as registered, without AddVersioned's validation: the
// real library accepted them when the binary started, so re-validating
// could only surface errors of this model.
func ForRelease(rel *catalog.Release, sink WarningSink) (Gate, error) {
	lib, err := LibraryFor(rel.Version)
	if err != nil {
		return nil, err
	}
	g := New(Options{Library: lib, Sink: sink, Name: globalGateName})
	// Sized once: growing a map rehashes what it holds.
	known := make(map[Feature]VersionedSpecs, len(g.known)+len(rel.Gates))
	for k, v := range g.known {
		known[k] = v
	}
	g.known = known
	deps := map[Feature][]Feature{}
	// A release's specs name a few dozen versions a thousand times: parse
	// each once (versions are immutable, so specs can share them).
	versions := &versionMemo{}
	for _, cg := range rel.Gates {
		if len(cg.Specs) == 0 {
			return nil, fmt.Errorf("catalog %s: gate %s has no spec", rel.Version, cg.Name)
		}
		specs := make(VersionedSpecs, len(cg.Specs))
		for i, cs := range cg.Specs {
			s, err := specFromCatalog(cs, versions)
			if err != nil {
				return nil, fmt.Errorf("catalog %s: gate %s: %w", rel.Version, cg.Name, err)
			}
			if !lib.Versioned() && i > 0 {
				return nil, fmt.Errorf("catalog %s: gate %s has versioned specs before 1.31", rel.Version, cg.Name)
			}
			specs[i] = s
		}
		g.known[Feature(cg.Name)] = specs
		for _, d := range cg.Dependencies {
			deps[Feature(cg.Name)] = append(deps[Feature(cg.Name)], Feature(d))
		}
	}
	if len(deps) > 0 && lib.HasDependencies() {
		for k, ds := range deps {
			for _, d := range ds {
				if _, ok := g.known[d]; !ok {
					return nil, fmt.Errorf("catalog %s: gate %s depends on unknown gate %s", rel.Version, k, d)
				}
			}
		}
		g.dependencies, g.depOrder = deps, sortedFeatures(deps)
	}
	return g, nil
}

func specFromCatalog(cs catalog.Spec, versions *versionMemo) (FeatureSpec, error) {
	p, err := ParsePreRelease(cs.PreRelease)
	if err != nil {
		return FeatureSpec{}, err
	}
	s := FeatureSpec{Default: cs.Default, LockToDefault: cs.LockToDefault, PreRelease: p, Version: zeroVersion}
	if cs.Version != "" {
		if s.Version, err = versions.parse(cs.Version); err != nil {
			return FeatureSpec{}, err
		}
	}
	if cs.MinCompatibilityVersion != "" {
		if s.MinCompatibilityVersion, err = versions.parse(cs.MinCompatibilityVersion); err != nil {
			return FeatureSpec{}, err
		}
	}
	return s, nil
}

// versionMemo is version.Parse through a memo of the versions parsed.
// Nearly every version a catalog names is "1.N", which the memo keeps by N
// in an array: a map lookup for each of a release's thousand specs was
// the most called map code of a first evaluation, enough for V8 to
// optimize it on a background thread while the evaluation ran (issue 15).
type versionMemo struct {
	minor [64]*version.Version
	other map[string]*version.Version
}

func (m *versionMemo) parse(s string) (*version.Version, error) {
	n, minor := oneMinor(s)
	if minor && m.minor[n] != nil {
		return m.minor[n], nil
	}
	if v, ok := m.other[s]; ok {
		return v, nil
	}
	v, err := version.Parse(s)
	if err != nil {
		return nil, err
	}
	if minor {
		m.minor[n] = v
		return v, nil
	}
	if m.other == nil {
		m.other = map[string]*version.Version{}
	}
	m.other[s] = v
	return v, nil
}

// oneMinor reads "1.N" with N below 64 written without leading zeros, the
// one spelling of its version.
func oneMinor(s string) (int, bool) {
	digits, ok := strings.CutPrefix(s, "1.")
	if !ok || digits == "" || len(digits) > 2 || len(digits) == 2 && digits[0] == '0' {
		return 0, false
	}
	n := 0
	for _, c := range []byte(digits) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n < 64
}

// globalGateName is the call-site name of the process-global gate, which
// only shows in the ≤ v0.30 panic: upstream names a gate after the
// file:line that called NewFeatureGate, here the package-level
// DefaultMutableFeatureGate initializer of k8s.io/apiserver's
// pkg/util/feature/feature_gate.go, on line 28 in every release 1.18–1.30.
const globalGateName = "k8s.io/apiserver/pkg/util/feature/feature_gate.go:28"
