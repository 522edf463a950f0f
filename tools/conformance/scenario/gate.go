package scenario

import "errors"

// Spec is a FeatureSpec in version-neutral form.
type Spec struct {
	Default, Lock bool
	// Pre is upstream's prerelease string: "ALPHA", "BETA", "" (GA),
	// "DEPRECATED", "PRE-ALPHA".
	Pre string
	// Version is "" for an unversioned spec (Add), else "1.31".
	Version string
	// MinCompat is "" or "1.36" (v0.35+).
	MinCompat string
}

// ErrUnsupported is returned by adapters for methods the library generation
// does not have.
var ErrUnsupported = errors.New("not in this library generation")

// Gate is the surface the conformance table exercises; both adapters
// implement it with the real methods of their library.
type Gate interface {
	Add(map[string]Spec) error
	AddVersioned(map[string][]Spec) error
	AddDependencies(map[string][]string) error
	SetFromMap(map[string]bool) error
	Set(string) error
	// Enabled returns the value, or the text of the panic.
	Enabled(name string) (value bool, panicked string)
	KnownFeatures() []string
	String() string
	DeepCopy() Gate
	DeepCopyAndReset() Gate
	// AddFlag registers the gate on a fresh flag set and returns the
	// flag's usage text.
	AddFlag() string
	// AddMetrics registers the feature metrics (v0.26+); from v0.31 it
	// counts every feature as queried.
	AddMetrics() error
	Close() error
	SetEmulationVersion(v string) error
	SetEmulationVersionAndMinCompatibilityVersion(emu, minCompat string) error
	EmulationVersion() string
	// MinCompatibilityVersion is "" before v0.35.
	MinCompatibilityVersion() string
	Validate() []error
	ResetFeatureValueToDefault(name string) error
	OverrideDefault(name string, v bool) error
	OverrideDefaultAtVersion(name string, v bool, at string) error
	ExplicitlySet(name string) bool
	// GetAll returns name -> spec in force (v0.22+).
	GetAll() (map[string]Spec, error)
}

// Impl creates gates of one implementation of one library generation.
type Impl interface {
	Name() string
	// Library is the component-base minor: 18 or 37.
	Library() int
	NewFeatureGate() Gate
	// NewVersioned and NewVersionedWithMinCompat return nil before v0.31 / v0.35.
	NewVersioned(emu string) Gate
	NewVersionedWithMinCompat(emu, minCompat string) Gate
	// TakeWarnings returns and forgets the warnings logged since the last
	// call, each as "<severity letter> <message>".
	TakeWarnings() []string
}
