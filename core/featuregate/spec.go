package featuregate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
)

// Feature is the name of a feature gate.
type Feature string

type prerelease string

// Prerelease stages, with upstream's exact string values (GA is empty).
const (
	PreAlpha   = prerelease("PRE-ALPHA")
	Alpha      = prerelease("ALPHA")
	Beta       = prerelease("BETA")
	GA         = prerelease("")
	Deprecated = prerelease("DEPRECATED")
)

// The two special gates every gate is created with.
const (
	allAlphaGate Feature = "AllAlpha"
	allBetaGate  Feature = "AllBeta"
)

// ParsePreRelease maps upstream's prerelease strings to the stage constants.
func ParsePreRelease(s string) (prerelease, error) {
	switch p := prerelease(s); p {
	case PreAlpha, Alpha, Beta, GA, Deprecated:
		return p, nil
	}
	return "", fmt.Errorf("unknown prerelease %q", s)
}

// FeatureSpec is the registration of a feature, optionally from a version on.
type FeatureSpec struct {
	// Default is the value when the feature is not set.
	Default bool
	// LockToDefault forbids setting any other value than Default.
	LockToDefault bool
	// PreRelease is the maturity stage.
	PreRelease prerelease
	// Version is the earliest version this spec applies to (v0.31+). Plain
	// Add uses 0.0, valid at every version.
	Version *version.Version
	// MinCompatibilityVersion (v0.35+) makes the spec apply only when the
	// min-compatibility version is at least this.
	MinCompatibilityVersion *version.Version
}

// VersionedSpecs is a feature's specs, oldest version first.
type VersionedSpecs []FeatureSpec

// Len, Less and Swap sort specs by Version, as AddVersioned did in v0.31–v0.32.
func (g VersionedSpecs) Len() int           { return len(g) }
func (g VersionedSpecs) Less(i, j int) bool { return g[i].Version.LessThan(g[j].Version) }
func (g VersionedSpecs) Swap(i, j int)      { g[i], g[j] = g[j], g[i] }

var zeroVersion = version.MajorMinor(0, 0)

// specAt picks the spec in force at emulation version emu and
// min-compatibility version minCompat (nil before v0.35): the newest spec
// whose Version is not after emu and, when it carries a
// MinCompatibilityVersion, whose requirement minCompat meets. Without one,
// the feature does not exist yet: a synthetic PRE-ALPHA spec, default off.
func specAt(specs VersionedSpecs, emu, minCompat *version.Version) *FeatureSpec {
	for i := len(specs) - 1; i >= 0; i-- {
		s := &specs[i]
		if s.Version != nil && s.Version.GreaterThan(emu) {
			continue
		}
		if minCompat != nil && s.MinCompatibilityVersion != nil && s.MinCompatibilityVersion.GreaterThan(minCompat) {
			continue
		}
		return s
	}
	return &FeatureSpec{Default: false, PreRelease: PreAlpha, Version: zeroVersion}
}

// specAtMinCompat is upstream's featureSpecAtEmulationAndMinCompatVersion
// (v0.35+): a nil min-compatibility version means one minor below emu.
func specAtMinCompat(specs VersionedSpecs, emu, minCompat *version.Version) *FeatureSpec {
	if minCompat == nil {
		minCompat = emu.SubtractMinor(1)
	}
	return specAt(specs, emu, minCompat)
}

// formatSpec renders a spec the way fmt's %v printed upstream's struct in
// that library generation: {Default LockToDefault PreRelease[ Version[ MinCompat]]}.
func formatSpec(lib Library, s FeatureSpec) string {
	switch {
	case !lib.Versioned():
		return fmt.Sprintf("{%t %t %s}", s.Default, s.LockToDefault, s.PreRelease)
	case !lib.HasMinCompatibility():
		return fmt.Sprintf("{%t %t %s %s}", s.Default, s.LockToDefault, s.PreRelease, s.Version)
	default:
		return fmt.Sprintf("{%t %t %s %s %s}", s.Default, s.LockToDefault, s.PreRelease, s.Version, s.MinCompatibilityVersion)
	}
}

// formatSpecs renders the existing registration in the "different spec"
// error: one struct before v0.31, a list after.
func formatSpecs(lib Library, specs VersionedSpecs) string {
	if !lib.Versioned() {
		if len(specs) == 0 {
			return "{false false }"
		}
		return formatSpec(lib, specs[0])
	}
	parts := make([]string, len(specs))
	for i, s := range specs {
		parts[i] = formatSpec(lib, s)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func cloneSpecs(v VersionedSpecs) VersionedSpecs {
	out := make(VersionedSpecs, len(v))
	copy(out, v)
	return out
}

func specsEqual(a, b VersionedSpecs) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Default != b[i].Default || a[i].LockToDefault != b[i].LockToDefault || a[i].PreRelease != b[i].PreRelease ||
			!versionPtrEqual(a[i].Version, b[i].Version) || !versionPtrEqual(a[i].MinCompatibilityVersion, b[i].MinCompatibilityVersion) {
			return false
		}
	}
	return true
}

// versionPtrEqual is reflect.DeepEqual of two versions inside specs.
func versionPtrEqual(a, b *version.Version) bool { return a.Identical(b) }

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func sortedFeatures[V any](m map[Feature]V) []Feature {
	keys := make([]Feature, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}
