package featuregate

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
)

// Set parses "key1=value1,key2=value2" and calls SetFromMap; it is the
// pflag.Value used when the gate itself is the flag (control-plane
// components, not the kubelet). Empty pieces are skipped, keys and values
// trimmed, values read with strconv.ParseBool.
func (f *featureGate) Set(value string) error {
	m, err := ParseGateString(value)
	if err != nil {
		return err
	}
	return f.SetFromMap(m)
}

// ParseGateString is the parsing half of Set, with Set's error texts.
func ParseGateString(value string) (map[string]bool, error) {
	m := make(map[string]bool)
	for _, s := range strings.Split(value, ",") {
		if len(s) == 0 {
			continue
		}
		arr := strings.SplitN(s, "=", 2)
		k := strings.TrimSpace(arr[0])
		if len(arr) != 2 {
			return nil, fmt.Errorf("missing bool value for %s", k)
		}
		v := strings.TrimSpace(arr[1])
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, fmt.Errorf("invalid value of %s=%s, err: %v", k, v, err)
		}
		m[k] = b
	}
	return m, nil
}

// SetFromMap stores values for known features.
//
// ≤ v0.30: keys are applied to a copy; the first problem is returned and
// nothing is kept, but warnings for keys applied before it were already
// logged. v0.31+: the keys join the raw map, which is stored before any
// check, then the whole raw map is resolved again on top of the previous
// values; on error the resolved values are not kept.
func (f *featureGate) SetFromMap(m map[string]bool) error {
	if !f.lib.Versioned() {
		return f.setFromMapUnversioned(m)
	}
	enabled := copyEnabled(f.enabled)
	raw := make(map[string]bool, len(f.enabledRaw)+len(m))
	for k, v := range f.enabledRaw {
		raw[k] = v
	}
	for k, v := range m {
		raw[k] = v
	}
	f.enabledRaw = raw
	errs := f.resolve(enabled, raw, f.emulationVersion, f.minCompatibility)
	if len(errs) == 0 {
		f.enabled = enabled
	}
	return NewAggregate(errs)
}

func (f *featureGate) setFromMapUnversioned(m map[string]bool) error {
	enabled := copyEnabled(f.enabled)
	for _, k := range sortedKeys(m) {
		v := m[k]
		key := Feature(k)
		specs, ok := f.known[key]
		if !ok {
			return unrecognized(k)
		}
		spec := specs[0]
		if spec.LockToDefault && spec.Default != v {
			return fmt.Errorf("cannot set feature gate %v to %v, feature is locked to %v", k, v, spec.Default)
		}
		enabled[key] = v
		if key == allAlphaGate || key == allBetaGate {
			f.fillUnset(enabled, key, v, nil, nil)
		}
		f.warnSet(spec.PreRelease, key, v)
	}
	f.enabled = enabled
	// Unversioned gates keep no raw map; this one only answers ExplicitlySet
	// and provenance questions and never changes resolution.
	raw := make(map[string]bool, len(f.enabledRaw)+len(m))
	for k, v := range f.enabledRaw {
		raw[k] = v
	}
	for k, v := range m {
		raw[k] = v
	}
	f.enabledRaw = raw
	return nil
}

// resolve is upstream's unsafeSetFromMap for v0.31+: it walks m into
// enabled at the given versions and returns the problems found.
func (f *featureGate) resolve(enabled map[Feature]bool, m map[string]bool, emu, minCompat *version.Version) []error {
	var errs []error
	for _, k := range sortedKeys(m) {
		v := m[k]
		key := Feature(k)
		specs, ok := f.known[key]
		if !ok {
			// Upstream stops at the first unknown key, keeping what it found so far.
			return append(errs, unrecognized(k))
		}
		spec := specAt(specs, emu, minCompat)
		if spec.LockToDefault && spec.Default != v {
			errs = append(errs, fmt.Errorf("cannot set feature gate %v to %v, feature is locked to %v", k, v, spec.Default))
			continue
		}
		if key == allAlphaGate || key == allBetaGate {
			f.fillUnset(enabled, key, v, emu, minCompat)
			enabled[key] = v
			continue
		}
		if spec.PreRelease == PreAlpha {
			if f.lib.HasMinCompatibility() {
				errs = append(errs, fmt.Errorf("cannot set feature gate %v to %v, feature is PreAlpha at emulated version %s, min compatibility version %s", k, v, emu, minCompat))
			} else {
				errs = append(errs, fmt.Errorf("cannot set feature gate %v to %v, feature is PreAlpha at emulated version %s", k, v, emu))
			}
			continue
		}
		enabled[key] = v
		f.warnSet(spec.PreRelease, key, v)
	}
	if len(errs) > 0 || !f.lib.HasDependencies() {
		return errs
	}
	// Dependencies are checked at the versions being resolved for (the new
	// ones during an emulation change), in sorted order (OrderRule).
	order := f.depOrder
	if len(order) != len(f.dependencies) {
		order = sortedFeatures(f.dependencies)
	}
	for _, feature := range order {
		if !f.enabledIn(feature, enabled, emu, minCompat) {
			continue
		}
		var disabled []string
		for _, dep := range f.dependencies[feature] {
			if !f.enabledIn(dep, enabled, emu, minCompat) {
				disabled = append(disabled, string(dep))
			}
		}
		if len(disabled) > 0 {
			errs = append(errs, fmt.Errorf("%s is enabled, but depends on features that are disabled: [%s]", feature, strings.Join(disabled, " ")))
		}
	}
	return errs
}

// fillUnset is setUnsetAlphaGates/setUnsetBetaGates: every gate of the
// stage that has no value yet gets val. No lock check, no warning.
func (f *featureGate) fillUnset(enabled map[Feature]bool, special Feature, val bool, emu, minCompat *version.Version) {
	stage := Alpha
	if special == allBetaGate {
		stage = Beta
	}
	for k, specs := range f.known {
		if f.lib.Versioned() && (k == allAlphaGate || k == allBetaGate) {
			continue
		}
		var spec *FeatureSpec
		if f.lib.Versioned() {
			spec = specAt(specs, emu, minCompat)
		} else {
			spec = &specs[0]
		}
		if spec.PreRelease != stage {
			continue
		}
		if _, found := enabled[k]; !found {
			enabled[k] = val
		}
	}
}

func (f *featureGate) warnSet(p prerelease, key Feature, v bool) {
	switch p {
	case Deprecated:
		f.warn(Warning{Kind: WarnSetDeprecated, Feature: key, Value: v})
	case GA:
		f.warn(Warning{Kind: WarnSetGA, Feature: key, Value: v})
	}
}

// Validate resolves everything ever set into a fresh map at the current
// versions, with logging off from v0.36 (v0.31–v0.35 log its warnings), and returns the problems (v0.31+; nil before,
// where the method does not exist).
func (f *featureGate) Validate() []error {
	if !f.lib.Versioned() {
		return nil
	}
	if f.lib.QuietValidate() {
		quiet := f.quiet
		f.quiet = true
		defer func() { f.quiet = quiet }()
	}
	return f.resolve(map[Feature]bool{}, f.enabledRaw, f.emulationVersion, f.minCompatibility)
}

// ResetFeatureValueToDefault forgets a feature's explicit value (v0.31+).
func (f *featureGate) ResetFeatureValueToDefault(name Feature) error {
	enabled := copyEnabled(f.enabled)
	raw := make(map[string]bool, len(f.enabledRaw))
	for k, v := range f.enabledRaw {
		raw[k] = v
	}
	_, inEnabled := enabled[name]
	delete(enabled, name)
	_, inRaw := raw[string(name)]
	delete(raw, string(name))
	if inRaw && !inEnabled {
		return fmt.Errorf("feature:%s was explicitly set, but not in enabled map", name)
	}
	f.enabled, f.enabledRaw = enabled, raw
	return nil
}

// SetEmulationVersion re-resolves everything set at a new emulation version
// (v0.31+). On error nothing changes; features already queried through
// Enabled that would flip are warned about either way.
func (f *featureGate) SetEmulationVersion(emulationVersion *version.Version) error {
	mc := f.minCompatibility
	if f.lib.HasMinCompatibility() {
		mc = emulationVersion.SubtractMinor(1)
	}
	return f.setVersions(emulationVersion, mc)
}

// SetEmulationVersionAndMinCompatibilityVersion sets both versions (v0.35+).
func (f *featureGate) SetEmulationVersionAndMinCompatibilityVersion(emulationVersion, minCompatibilityVersion *version.Version) error {
	if !f.lib.HasMinCompatibility() {
		return fmt.Errorf("SetEmulationVersionAndMinCompatibilityVersion does not exist in component-base %s", f.lib)
	}
	return f.setVersions(emulationVersion, minCompatibilityVersion)
}

func (f *featureGate) setVersions(emu, minCompat *version.Version) error {
	if !f.lib.Versioned() {
		return fmt.Errorf("SetEmulationVersion does not exist in component-base %s", f.lib)
	}
	// Upstream returns early when both versions compare equal (EqualTo:
	// "1.35.0" equals "1.35", and a pre-release is ignored against a
	// generic version), without re-resolving anything; v0.31–v0.34 look
	// only at the emulation version (minCompat is nil on both sides).
	if emu.EqualTo(f.emulationVersion) && minCompat.EqualTo(f.minCompatibility) {
		return nil
	}
	enabled := map[Feature]bool{}
	errs := f.resolve(enabled, f.enabledRaw, emu, minCompat)
	for _, feature := range sortedFeatures(f.queried) {
		newVal := f.enabledIn(feature, enabled, emu, minCompat)
		oldVal := f.enabledIn(feature, f.enabled, f.emulationVersion, f.minCompatibility)
		if newVal != oldVal {
			f.warn(Warning{Kind: WarnEmulationChange, Feature: feature, Old: oldVal, Value: newVal})
		}
	}
	if len(errs) == 0 {
		f.enabled = enabled
		f.emulationVersion = emu
		f.minCompatibility = minCompat
		f.queried = map[Feature]bool{}
	}
	return NewAggregate(errs)
}

// EmulationVersion returns the version the gate emulates.
func (f *featureGate) EmulationVersion() *version.Version { return f.emulationVersion }

// MinCompatibilityVersion returns the min-compatibility version (v0.35+, nil before).
func (f *featureGate) MinCompatibilityVersion() *version.Version { return f.minCompatibility }

func copyEnabled(m map[Feature]bool) map[Feature]bool {
	out := make(map[Feature]bool, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// unrecognized is the error of a key the gate does not know. It is on the
// path of a first evaluation whose config names a removed gate, so it is
// built without fmt (issue 15: every fmt function a first evaluation calls
// is compiled before it can answer).
func unrecognized(k string) error { return errors.New("unrecognized feature gate: " + k) }
