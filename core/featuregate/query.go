package featuregate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
)

// Enabled returns the feature's value: the resolved explicit value if any,
// else the default of the spec in force. An unknown feature panics exactly
// like upstream (the ≤ v0.30 text names the gate, later ones do not); code
// handling user input calls Lookup instead.
func (f *featureGate) Enabled(key Feature) bool {
	// One lookup in enabled, one in known: Enabled is the hot path of every
	// component, so it stays as cheap as upstream's.
	v, set := f.enabled[key]
	if !set {
		specs, ok := f.known[key]
		if !ok {
			if f.lib.Versioned() {
				panic(fmt.Errorf("feature %q is not registered in FeatureGate", key))
			}
			panic(fmt.Errorf("feature %q is not registered in FeatureGate %q", key, f.name))
		}
		if f.lib.Versioned() {
			v = specAt(specs, f.emulationVersion, f.minCompatibility).Default
		} else {
			v = specs[0].Default
		}
	}
	if f.lib.Versioned() && !f.queried[key] {
		f.queried[key] = true
	}
	return v
}

// Lookup is the non-panicking Enabled for user-supplied names.
func (f *featureGate) Lookup(name string) (enabled, ok bool) {
	if _, ok := f.known[Feature(name)]; !ok {
		return false, false
	}
	return f.enabledIn(Feature(name), f.enabled, f.emulationVersion, f.minCompatibility), true
}

// enabledIn is upstream's featureEnabled for a known key.
func (f *featureGate) enabledIn(key Feature, enabled map[Feature]bool, emu, minCompat *version.Version) bool {
	if v, ok := enabled[key]; ok {
		return v
	}
	specs, ok := f.known[key]
	if !ok {
		return false
	}
	if !f.lib.Versioned() {
		return specs[0].Default
	}
	return specAt(specs, emu, minCompat).Default
}

// SpecAt returns the spec in force at the gate's versions.
func (f *featureGate) SpecAt(name Feature) (FeatureSpec, bool) {
	specs, ok := f.known[name]
	if !ok {
		return FeatureSpec{}, false
	}
	if !f.lib.Versioned() {
		return specs[0], true
	}
	return *f.specNow(specs), true
}

// KnownFeatures lists "Name=true|false (STAGE - default=x)" for every
// feature not GA, DEPRECATED or (v0.31+) PRE-ALPHA at the current versions,
// sorted as whole lines. AllAlpha and AllBeta are always listed. From v0.35 a
// feature whose spec changes once the min-compatibility version reaches the
// emulation version shows both forms.
func (f *featureGate) KnownFeatures() []string {
	var known []string
	for k, specs := range f.known {
		if !f.lib.Versioned() {
			s := specs[0]
			if s.PreRelease == GA || s.PreRelease == Deprecated {
				continue
			}
			known = append(known, fmt.Sprintf("%s=true|false (%s - default=%t)", k, s.PreRelease, s.Default))
			continue
		}
		if k == allAlphaGate || k == allBetaGate {
			known = append(known, fmt.Sprintf("%s=true|false (%s - default=%t)", k, specs[0].PreRelease, specs[0].Default))
			continue
		}
		s := f.specNow(specs)
		if !f.lib.HasMinCompatibility() {
			if str := helpString(k, s, false); str != "" {
				known = append(known, str)
			}
			continue
		}
		// v0.35+: the spec at the current versions and the one once the
		// min-compatibility version reaches the emulation version; both are
		// shown when they differ in any field.
		up := specAt(specs, f.emulationVersion, f.emulationVersion)
		if sameSpec(s, up) {
			if str := helpString(k, s, false); str != "" {
				known = append(known, str)
			}
			continue
		}
		var parts []string
		if str := helpString(k, s, false); str != "" {
			parts = append(parts, str)
		}
		if str := helpString(k, up, true); str != "" {
			parts = append(parts, str)
		}
		if len(parts) > 0 {
			known = append(known, strings.Join(parts, ", or "))
		}
	}
	sort.Strings(known)
	return known
}

// String returns the resolved explicit values "k=v,..." sorted; empty when
// nothing was set.
func (f *featureGate) String() string {
	pairs := make([]string, 0, len(f.enabled))
	for k, v := range f.enabled {
		pairs = append(pairs, fmt.Sprintf("%s=%t", k, v))
	}
	sort.Strings(pairs)
	return strings.Join(pairs, ",")
}

// Type implements pflag.Value.
func (f *featureGate) Type() string { return "mapStringBool" }

// GetAll returns the spec in force for every feature (PRE-ALPHA ones are
// left out from v0.31).
func (f *featureGate) GetAll() map[Feature]FeatureSpec {
	out := map[Feature]FeatureSpec{}
	for k, specs := range f.known {
		if !f.lib.Versioned() {
			out[k] = specs[0]
			continue
		}
		s := f.specNow(specs)
		if s.PreRelease == PreAlpha {
			continue
		}
		out[k] = *s
	}
	return out
}

// GetAllVersioned returns a copy of every feature's spec list.
func (f *featureGate) GetAllVersioned() map[Feature]VersionedSpecs {
	out := make(map[Feature]VersionedSpecs, len(f.known))
	for k, v := range f.known {
		out[k] = cloneSpecs(v)
	}
	return out
}

// Dependencies returns a copy of the declared dependencies.
func (f *featureGate) Dependencies() map[Feature][]Feature {
	out := make(map[Feature][]Feature, len(f.dependencies))
	for k, v := range f.dependencies {
		out[k] = append([]Feature(nil), v...)
	}
	return out
}

// ExplicitlySet reports whether the feature was named in a SetFromMap call
// (not merely filled by AllAlpha/AllBeta).
func (f *featureGate) ExplicitlySet(name Feature) bool {
	_, ok := f.enabledRaw[string(name)]
	return ok
}

// EnabledMap returns a copy of the resolved explicit values.
func (f *featureGate) EnabledMap() map[Feature]bool { return copyEnabled(f.enabled) }

// RawMap returns a copy of every key ever passed to SetFromMap.
func (f *featureGate) RawMap() map[string]bool {
	out := make(map[string]bool, len(f.enabledRaw))
	for k, v := range f.enabledRaw {
		out[k] = v
	}
	return out
}

// AddMetrics stands for upstream's kubernetes_feature_enabled gauge
// registration (v0.26+). The model has no metrics registry; FeatureInfo
// gives the same samples as values. Upstream reads every feature GetAll
// returns through Enabled to record its value, so from v0.31, where
// Enabled remembers what was queried, every feature available at the
// emulation version counts as queried: a later emulation change that
// flips one of them warns.
func (f *featureGate) AddMetrics() {
	if !f.lib.Versioned() {
		return
	}
	for k := range f.GetAll() {
		f.queried[k] = true
	}
}

// MetricSample is one kubernetes_feature_enabled{name,stage} sample.
type MetricSample struct {
	Name    Feature
	Stage   string
	Enabled bool
}

// FeatureInfo returns what AddMetrics would record, sorted by name.
func (f *featureGate) FeatureInfo() []MetricSample {
	all := f.GetAll()
	out := make([]MetricSample, 0, len(all))
	for _, k := range sortedFeatures(all) {
		v, _ := f.Lookup(string(k))
		out = append(out, MetricSample{Name: k, Stage: string(all[k].PreRelease), Enabled: v})
	}
	return out
}

// helpString is upstream's FeatureSpec.HelpString: nothing for GA,
// DEPRECATED and PRE-ALPHA specs.
func helpString(name Feature, s *FeatureSpec, withMinCompat bool) string {
	if s.PreRelease == GA || s.PreRelease == Deprecated || s.PreRelease == PreAlpha {
		return ""
	}
	str := fmt.Sprintf("%s=true|false (%s - default=%t)", name, s.PreRelease, s.Default)
	if withMinCompat && s.MinCompatibilityVersion != nil {
		str += fmt.Sprintf(" if --min-compatibility-version>=%s", s.MinCompatibilityVersion)
	}
	return str
}

// sameSpec compares every field, as upstream's reflect.DeepEqual does.
func sameSpec(a, b *FeatureSpec) bool {
	return a.Default == b.Default && a.LockToDefault == b.LockToDefault && a.PreRelease == b.PreRelease &&
		versionPtrEqual(a.Version, b.Version) && versionPtrEqual(a.MinCompatibilityVersion, b.MinCompatibilityVersion)
}
