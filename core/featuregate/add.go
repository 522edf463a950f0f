package featuregate

import (
	"fmt"
	"sort"

	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
)

// Add registers unversioned features. Re-adding an identical spec is a
// no-op; a different spec fails and nothing of the call is stored. From
// v0.31 it is AddVersioned with every spec at version 0.0.
func (f *featureGate) Add(features map[Feature]FeatureSpec) error {
	if f.lib.Versioned() {
		vs := map[Feature]VersionedSpecs{}
		for name, spec := range features {
			spec.Version = zeroVersion
			vs[name] = VersionedSpecs{spec}
		}
		return f.AddVersioned(vs)
	}
	if f.closed {
		return fmt.Errorf("cannot add a feature gate after adding it to the flag set")
	}
	known := f.copyKnown()
	for _, name := range sortedFeatures(features) {
		spec := features[name]
		spec.Version, spec.MinCompatibilityVersion = zeroVersion, nil
		if existing, found := known[name]; found {
			e := existing[0]
			if e.Default == spec.Default && e.LockToDefault == spec.LockToDefault && e.PreRelease == spec.PreRelease {
				continue
			}
			return fmt.Errorf("feature gate %q with different spec already exists: %s", name, formatSpecs(f.lib, existing))
		}
		known[name] = VersionedSpecs{spec}
	}
	f.known = known
	return nil
}

// AddVersioned registers features with version-ordered specs (v0.31+).
// v0.31–v0.32 sort the list; v0.33–v0.34 reject malformed lists; v0.35+
// check more rules and store "completed" specs, where an entry without a
// MinCompatibilityVersion inherits the previous entry's, and compare those
// with an existing registration.
func (f *featureGate) AddVersioned(features map[Feature]VersionedSpecs) error {
	if !f.lib.Versioned() {
		return fmt.Errorf("AddVersioned does not exist in component-base %s", f.lib)
	}
	if f.closed {
		return fmt.Errorf("cannot add a feature gate after adding it to the flag set")
	}
	known := f.copyKnown()
	for _, name := range sortedFeatures(features) {
		specs := cloneSpecs(features[name])
		switch {
		case f.lib.HasMinCompatibility():
			completed, err := validateSpecs35(name, specs)
			if err != nil {
				return err
			}
			specs = completed
		case f.lib.ValidatesSpecs():
			if existing, found := known[name]; found {
				if specsEqual(existing, specs) {
					continue
				}
				return fmt.Errorf("feature gate %q with different spec already exists: %s", name, formatSpecs(f.lib, existing))
			}
			if err := validateSpecs33(name, specs); err != nil {
				return err
			}
		default:
			// Upstream sorts (and would panic on a missing version; the model
			// treats it as 0.0 instead).
			for i := range specs {
				if specs[i].Version == nil {
					specs[i].Version = zeroVersion
				}
			}
			sort.Stable(specs)
		}
		if existing, found := known[name]; found {
			if specsEqual(existing, specs) {
				continue
			}
			return fmt.Errorf("feature gate %q with different spec already exists: %s", name, formatSpecs(f.lib, existing))
		}
		known[name] = specs
	}
	f.known = known
	return nil
}

// validateSpecs33 is the v0.33–v0.34 well-formedness check.
func validateSpecs33(name Feature, specs VersionedSpecs) error {
	var last *version.Version
	var wasBeta, wasGA, wasDeprecated bool
	for i, spec := range specs {
		if spec.Version == nil {
			return fmt.Errorf("feature %q did not provide a version", name)
		}
		if len(spec.Version.Components()) != 2 {
			return fmt.Errorf("feature %q specified patch version: %s", name, spec.Version)
		}
		if i == 0 && spec.PreRelease == Deprecated && spec.Version.Minor() != 0 {
			return fmt.Errorf("feature %q introduced as deprecated must provide a 1.0 entry indicating initial state", name)
		}
		if i > 0 {
			if !last.LessThan(spec.Version) {
				return fmt.Errorf("feature %q lists version transitions in non-increasing order (%s <= %s)", name, spec.Version, last)
			}
			if err := stabilityRegression(name, spec, wasBeta, wasGA, wasDeprecated); err != nil {
				return err
			}
		}
		last = spec.Version
		wasBeta = wasBeta || spec.PreRelease == Beta
		wasGA = wasGA || spec.PreRelease == GA
		wasDeprecated = wasDeprecated || spec.PreRelease == Deprecated
	}
	return nil
}

// validateSpecs35 is the v0.35+ check, in upstream's order, and returns the
// completed specs.
func validateSpecs35(name Feature, specs VersionedSpecs) (VersionedSpecs, error) {
	completed := make(VersionedSpecs, 0, len(specs))
	var last FeatureSpec
	var wasBeta, wasGA, wasDeprecated, wasLocked bool
	for i, spec := range specs {
		if spec.Version == nil {
			return nil, fmt.Errorf("feature %q did not provide a version", name)
		}
		if len(spec.Version.Components()) != 2 {
			return nil, fmt.Errorf("feature %q specified patch version: %s", name, spec.Version)
		}
		if mc := spec.MinCompatibilityVersion; mc != nil {
			if i == 0 || !spec.Version.EqualTo(last.Version) {
				return nil, fmt.Errorf("feature %q specified MinCompatibilityVersion: %s without a preceding entry at the same Version without MinCompatibilityVersion set", name, mc)
			}
			if len(mc.Components()) != 2 {
				return nil, fmt.Errorf("feature %q specified patch MinCompatibilityVersion: %s", name, mc)
			}
			if mc.GreaterThan(spec.Version) {
				return nil, fmt.Errorf("feature %q MinCompatibilityVersion %s greater than Version %s", name, mc, spec.Version)
			}
		}
		if i == 0 && spec.PreRelease == Deprecated && spec.Version.Minor() != 0 {
			return nil, fmt.Errorf("feature %q introduced as deprecated must provide a 1.0 entry indicating initial state", name)
		}
		if i > 0 {
			if spec.Version.LessThan(last.Version) {
				return nil, fmt.Errorf("feature %q lists version transitions in decreasing order (%s < %s)", name, spec.Version, last.Version)
			}
			if spec.MinCompatibilityVersion != nil && last.MinCompatibilityVersion != nil && spec.MinCompatibilityVersion.LessThan(last.MinCompatibilityVersion) {
				return nil, fmt.Errorf("feature %q lists min compatibility version transitions in decreasing order (%s < %s)", name, spec.MinCompatibilityVersion, last.MinCompatibilityVersion)
			}
			if spec.Version.EqualTo(last.Version) {
				if sameOptionalVersion(spec.MinCompatibilityVersion, last.MinCompatibilityVersion) {
					return nil, fmt.Errorf("feature %q lists duplicate entries with the same versions (%s = %s)", name, spec.Version, last.Version)
				}
				if spec.PreRelease != last.PreRelease {
					return nil, fmt.Errorf("feature %q lists stability changes with the same version (%s -> %s)", name, last.PreRelease, spec.PreRelease)
				}
				if spec.LockToDefault != last.LockToDefault {
					return nil, fmt.Errorf("feature %q lists locked to default changes with the same version (%v -> %v)", name, last.LockToDefault, spec.LockToDefault)
				}
			}
			if spec.PreRelease == last.PreRelease && spec.Default == last.Default && spec.LockToDefault == last.LockToDefault {
				return nil, fmt.Errorf("feature %q lists transition without stability change (%s -> %s)", name, last.Version, spec.Version)
			}
			if wasLocked && !spec.LockToDefault {
				return nil, fmt.Errorf("feature %q must not unlock after locking to default", name)
			}
			if err := stabilityRegression(name, spec, wasBeta, wasGA, wasDeprecated); err != nil {
				return nil, err
			}
		}
		// A missing MinCompatibilityVersion inherits the previous entry's,
		// so it never decreases along the history.
		if spec.MinCompatibilityVersion == nil && i > 0 {
			spec.MinCompatibilityVersion = last.MinCompatibilityVersion
		}
		completed = append(completed, spec)
		last = spec
		wasBeta = wasBeta || spec.PreRelease == Beta
		wasGA = wasGA || spec.PreRelease == GA
		wasDeprecated = wasDeprecated || spec.PreRelease == Deprecated
		wasLocked = wasLocked || spec.LockToDefault
	}
	return completed, nil
}

// stabilityRegression: GA must not go back to beta or alpha, beta not to
// alpha, and deprecated is terminal.
func stabilityRegression(name Feature, spec FeatureSpec, wasBeta, wasGA, wasDeprecated bool) error {
	switch {
	case spec.PreRelease != Deprecated && wasDeprecated:
		return fmt.Errorf("deprecated feature %q must not resurrect from its terminal state", name)
	case spec.PreRelease == Alpha && (wasBeta || wasGA):
		return fmt.Errorf("feature %q regresses stability from more stable level to %s in %s", name, spec.PreRelease, spec.Version)
	case spec.PreRelease == Beta && wasGA:
		return fmt.Errorf("feature %q regresses stability from more stable level to %s in %s", name, spec.PreRelease, spec.Version)
	}
	return nil
}

// sameOptionalVersion is apimachinery's nil-tolerant EqualTo.
func sameOptionalVersion(a, b *version.Version) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.EqualTo(b)
}

// AddDependencies declares that features need other features enabled
// (v0.35+). Lists merge with earlier declarations, are sorted and
// de-duplicated, and are checked at every version the dependent declares.
func (f *featureGate) AddDependencies(dependencies map[Feature][]Feature) error {
	if !f.lib.HasDependencies() {
		return fmt.Errorf("AddDependencies does not exist in component-base %s", f.lib)
	}
	if f.closed {
		return fmt.Errorf("cannot add a feature gate dependency after adding it to the flag set")
	}
	merged := map[Feature][]Feature{}
	for k, v := range dependencies {
		merged[k] = append([]Feature(nil), v...)
	}
	for k, v := range f.dependencies {
		merged[k] = append(merged[k], v...)
	}
	for k, v := range merged {
		sort.Slice(v, func(i, j int) bool { return v[i] < v[j] })
		out := v[:0]
		for i, d := range v {
			if i == 0 || d != v[i-1] {
				out = append(out, d)
			}
		}
		merged[k] = out
	}
	for _, feature := range sortedFeatures(merged) {
		specs, ok := f.known[feature]
		if !ok {
			return fmt.Errorf("cannot add dependency for unknown feature %s", feature)
		}
		for _, dep := range merged[feature] {
			depSpecs, ok := f.known[dep]
			if !ok {
				return fmt.Errorf("cannot add dependency from %s to unknown feature %s", feature, dep)
			}
			for i := len(specs) - 1; i >= 0; i-- {
				spec := specs[i]
				// The dependency as it stands at the version (and min
				// compatibility version, default one minor below) the
				// dependent's entry declares.
				depSpec := specAtMinCompat(depSpecs, spec.Version, spec.MinCompatibilityVersion)
				if stabilityOrder(spec.PreRelease) > stabilityOrder(depSpec.PreRelease) {
					return fmt.Errorf("%s feature %s cannot depend on %s feature %s at version %s", spec.PreRelease, feature, depSpec.PreRelease, dep, spec.Version)
				}
				if spec.Default && !depSpec.Default {
					return fmt.Errorf("default-enabled feature %s cannot depend on default-disabled feature %s at version %s", feature, dep, spec.Version)
				}
				if spec.LockToDefault && !depSpec.LockToDefault {
					return fmt.Errorf("locked-to-default feature %s cannot depend on unlocked feature %s at version %s", feature, dep, spec.Version)
				}
			}
		}
	}
	visited, finished := map[Feature]bool{}, map[Feature]bool{}
	var detect func(Feature) error
	detect = func(feature Feature) error {
		if finished[feature] {
			return nil
		}
		if visited[feature] {
			return fmt.Errorf("cycle detected with feature %s", feature)
		}
		visited[feature] = true
		for _, dep := range merged[feature] {
			if err := detect(dep); err != nil {
				return err
			}
		}
		finished[feature] = true
		return nil
	}
	for _, feature := range sortedFeatures(merged) {
		if err := detect(feature); err != nil {
			return err
		}
	}
	f.dependencies, f.depOrder = merged, sortedFeatures(merged)
	return nil
}

// stabilityOrder ranks stages for the dependency rule "no depending on a
// less stable feature"; alpha may depend on pre-alpha.
func stabilityOrder(p prerelease) int {
	switch p {
	case Deprecated:
		return 0
	case PreAlpha, Alpha:
		return 1
	case Beta:
		return 2
	case GA:
		return 3
	}
	return -1
}

// OverrideDefault changes a feature's registered default (v0.30+).
func (f *featureGate) OverrideDefault(name Feature, override bool) error {
	return f.overrideDefault(name, override, f.emulationVersion, f.minCompatibility)
}

// OverrideDefaultAtVersion changes the default of the spec in force at ver (v0.31+).
func (f *featureGate) OverrideDefaultAtVersion(name Feature, override bool, ver *version.Version) error {
	return f.overrideDefault(name, override, ver, nil)
}

// overrideDefault changes the default of the spec resolved at (ver,
// minCompat): v0.35+ resolve with the min-compatibility rule (nil: one minor
// below ver), earlier generations by version only.
func (f *featureGate) overrideDefault(name Feature, override bool, ver, minCompat *version.Version) error {
	if !f.lib.HasOverrideDefault() {
		return fmt.Errorf("OverrideDefault does not exist in component-base %s", f.lib)
	}
	if f.closed {
		return fmt.Errorf("cannot override default for feature %q: gates already added to a flag set", name)
	}
	known := f.copyKnown()
	specs, ok := known[name]
	if !ok {
		return fmt.Errorf("cannot override default: feature %q is not registered", name)
	}
	specs = cloneSpecs(specs)
	spec := specAt(specs, ver, nil)
	if f.lib.HasMinCompatibility() {
		spec = specAtMinCompat(specs, ver, minCompat)
	}
	switch {
	case spec.LockToDefault:
		return fmt.Errorf("cannot override default: feature %q default is locked to %t", name, spec.Default)
	case spec.PreRelease == PreAlpha:
		return fmt.Errorf("cannot override default: feature %q is not available before version %s", name, ver)
	case spec.PreRelease == Deprecated:
		f.warn(Warning{Kind: WarnOverrideDeprecated, Feature: name, Value: override})
	case spec.PreRelease == GA:
		f.warn(Warning{Kind: WarnOverrideGA, Feature: name, Value: override})
	}
	spec.Default = override
	known[name] = specs
	f.known = known
	return nil
}

func (f *featureGate) copyKnown() map[Feature]VersionedSpecs {
	known := make(map[Feature]VersionedSpecs, len(f.known))
	for k, v := range f.known {
		known[k] = v
	}
	return known
}
