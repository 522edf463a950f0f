package featuregate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
	"github.com/kubexplorer/kubexplorer/core/releases"
)

// Library names the k8s.io/component-base minor whose featuregate semantics
// are modelled: 18 means v0.18.x (Kubernetes 1.18), 37 means v0.37.x.
type Library int

// The range of library generations this package reproduces.
const (
	OldestLibrary Library = releases.OldestMinor
	NewestLibrary Library = releases.NewestMinor
)

// LibraryFor returns the library a Kubernetes minor release ("1.31", "v1.31.4")
// was built with.
func LibraryFor(release string) (Library, error) {
	v, err := version.ParseRelease(release)
	if err != nil {
		return 0, err
	}
	if v.Major() != 1 {
		return 0, fmt.Errorf("release %q: only Kubernetes 1.x is modelled", release)
	}
	l := Library(v.Minor())
	if l < OldestLibrary || l > NewestLibrary {
		return 0, fmt.Errorf("release %q: component-base v0.%d is not modelled (have v0.%d … v0.%d)", release, l, OldestLibrary, NewestLibrary)
	}
	return l, nil
}

// ParseLibrary reads "v0.31", "0.31" or "31".
func ParseLibrary(s string) (Library, error) {
	t := strings.TrimPrefix(strings.TrimPrefix(s, "v"), "0.")
	if i := strings.IndexByte(t, '.'); i >= 0 {
		t = t[:i]
	}
	n, err := strconv.Atoi(t)
	if err != nil || Library(n) < OldestLibrary || Library(n) > NewestLibrary {
		return 0, fmt.Errorf("unknown component-base version %q", s)
	}
	return Library(n), nil
}

// String prints the module version, "v0.31".
func (l Library) String() string { return "v0." + strconv.Itoa(int(l)) } // no fmt on an evaluation's path

// BinaryVersion is the DefaultKubeBinaryVersion a gate of this library
// emulates when created with NewFeatureGate (the Kubernetes minor, "1.31").
func (l Library) BinaryVersion() *version.Version { return version.MajorMinor(1, uint(l)) }

// Versioned reports the KEP-4330 versioned generation (v0.31+).
func (l Library) Versioned() bool { return l >= 31 }

// HasMinCompatibility reports MinCompatibilityVersion support (v0.35+).
func (l Library) HasMinCompatibility() bool { return l >= 35 }

// HasDependencies reports feature dependencies (v0.35+).
func (l Library) HasDependencies() bool { return l >= 35 }

// StructuredWarnings reports the structured warning lines of v0.36+.
func (l Library) StructuredWarnings() bool { return l >= 36 }

// QuietValidate reports that Validate resolves with logging off (v0.36+);
// v0.31–v0.35 log the same GA/deprecated warnings SetFromMap does.
func (l Library) QuietValidate() bool { return l >= 36 }

// ValidatesSpecs reports whether AddVersioned validates spec lists (v0.33+)
// rather than sorting them (v0.31–v0.32).
func (l Library) ValidatesSpecs() bool { return l >= 33 }

// HasOverrideDefault reports OverrideDefault (v0.30+).
func (l Library) HasOverrideDefault() bool { return l >= 30 }
