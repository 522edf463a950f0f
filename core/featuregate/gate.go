package featuregate

import (
	"github.com/spf13/pflag"

	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
)

// FeatureGate indicates whether a given feature is enabled or not.
type FeatureGate interface {
	// Enabled returns true if the key is enabled; it panics on an unknown key.
	Enabled(key Feature) bool
	// KnownFeatures describes the known features, one line each.
	KnownFeatures() []string
	// Dependencies returns a copy of the declared dependencies (v0.35+).
	Dependencies() map[Feature][]Feature
	// DeepCopy returns an independent copy that can be set without changing this gate.
	DeepCopy() MutableVersionedFeatureGate
	// Validate re-checks everything set at the current versions (v0.31+).
	Validate() []error
}

// MutableFeatureGate parses and stores flag gates for known features.
type MutableFeatureGate interface {
	FeatureGate
	AddFlag(fs *pflag.FlagSet)
	Close()
	Set(value string) error
	SetFromMap(m map[string]bool) error
	Add(features map[Feature]FeatureSpec) error
	GetAll() map[Feature]FeatureSpec
	AddMetrics()
	OverrideDefault(name Feature, override bool) error
}

// MutableVersionedFeatureGate adds emulation versions (v0.31+).
type MutableVersionedFeatureGate interface {
	MutableFeatureGate
	EmulationVersion() *version.Version
	SetEmulationVersion(emulationVersion *version.Version) error
	GetAllVersioned() map[Feature]VersionedSpecs
	AddVersioned(features map[Feature]VersionedSpecs) error
	AddDependencies(dependencies map[Feature][]Feature) error
	OverrideDefaultAtVersion(name Feature, override bool, ver *version.Version) error
	ExplicitlySet(name Feature) bool
	ResetFeatureValueToDefault(name Feature) error
	DeepCopyAndReset() MutableVersionedFeatureGate
}

// Gate is everything the modelled gate can do: upstream's interfaces plus
// the explorer's non-panicking queries. *featureGate implements it.
type Gate interface {
	MutableVersionedFeatureGate
	MinCompatibilityVersion() *version.Version
	SetEmulationVersionAndMinCompatibilityVersion(emulationVersion, minCompatibilityVersion *version.Version) error
	// Library is the component-base generation being modelled.
	Library() Library
	// Lookup is Enabled for user-supplied names: ok is false instead of a panic.
	Lookup(name string) (enabled, ok bool)
	// SpecAt returns the spec in force at the gate's current versions.
	SpecAt(name Feature) (FeatureSpec, bool)
	// EnabledMap is a copy of the resolved explicit values (incl. AllAlpha/AllBeta fills).
	EnabledMap() map[Feature]bool
	// RawMap is a copy of every key/value ever passed to SetFromMap.
	RawMap() map[string]bool
	// TakeWarnings returns and clears the warnings collected without a sink.
	TakeWarnings() []Warning
	// SetWarningSink routes this gate's (and later copies') warnings.
	SetWarningSink(WarningSink)
	// Copy is DeepCopy returning the full Gate interface.
	Copy() Gate
	// FeatureInfo is what AddMetrics would record.
	FeatureInfo() []MetricSample
}

var (
	_ Gate        = (*featureGate)(nil)
	_ pflag.Value = (*featureGate)(nil)
)

// featureGate holds the state upstream keeps behind atomics. Every mutating
// method works on copies and stores them only where upstream does, so
// all-or-nothing behaviour (and its exceptions) come out the same.
type featureGate struct {
	lib Library
	// name is the call-site name upstream derives; it only shows in the
	// ≤ v0.30 panic text, and DeepCopy loses it.
	name string

	known        map[Feature]VersionedSpecs
	enabled      map[Feature]bool
	enabledRaw   map[string]bool
	dependencies map[Feature][]Feature
	// depOrder is the sorted keys of dependencies, set with it.
	depOrder []Feature
	closed   bool
	queried  map[Feature]bool

	emulationVersion *version.Version
	minCompatibility *version.Version // v0.35+; nil before

	sink     WarningSink
	warnings []Warning
	// quiet suppresses warnings (Validate runs with logging off).
	quiet bool
}

// Options configures New.
type Options struct {
	// Library is the component-base generation; zero means NewestLibrary.
	Library Library
	// Name is the call-site name shown in the ≤ v0.30 Enabled panic.
	Name string
	// EmulationVersion defaults to the library's binary version (v0.31+).
	EmulationVersion *version.Version
	// MinCompatibilityVersion defaults to one minor below the emulation
	// version (v0.35+).
	MinCompatibilityVersion *version.Version
	// Sink receives warnings; without one they collect on the gate.
	Sink WarningSink
}

// New creates a gate holding only AllAlpha and AllBeta, like NewFeatureGate
// of the chosen library generation.
func New(o Options) *featureGate {
	lib := o.Library
	if lib == 0 {
		lib = NewestLibrary
	}
	f := &featureGate{
		lib:          lib,
		name:         o.Name,
		known:        map[Feature]VersionedSpecs{},
		enabled:      map[Feature]bool{},
		enabledRaw:   map[string]bool{},
		dependencies: map[Feature][]Feature{},
		queried:      map[Feature]bool{},
		sink:         o.Sink,
	}
	f.known[allAlphaGate] = VersionedSpecs{{Default: false, PreRelease: Alpha, Version: zeroVersion}}
	f.known[allBetaGate] = VersionedSpecs{{Default: false, PreRelease: Beta, Version: zeroVersion}}
	emu := o.EmulationVersion
	if emu == nil {
		emu = lib.BinaryVersion()
	}
	f.emulationVersion = emu
	if lib.HasMinCompatibility() {
		mc := o.MinCompatibilityVersion
		if mc == nil {
			mc = emu.SubtractMinor(1)
		}
		f.minCompatibility = mc
	}
	return f
}

// NewFeatureGate creates a gate of the newest library at its binary version.
func NewFeatureGate() *featureGate { return New(Options{}) }

// NewVersionedFeatureGate creates a newest-library gate emulating a version.
func NewVersionedFeatureGate(emulationVersion *version.Version) *featureGate {
	return New(Options{EmulationVersion: emulationVersion})
}

// NewVersionedFeatureGateWithMinCompatibility also sets the min-compatibility version.
func NewVersionedFeatureGateWithMinCompatibility(emulationVersion, minCompatibilityVersion *version.Version) *featureGate {
	return New(Options{EmulationVersion: emulationVersion, MinCompatibilityVersion: minCompatibilityVersion})
}

// Library returns the modelled component-base generation.
func (f *featureGate) Library() Library { return f.lib }

func (f *featureGate) warn(w Warning) {
	if f.quiet {
		return
	}
	w.Library = f.lib
	if f.sink != nil {
		f.sink(w)
		return
	}
	f.warnings = append(f.warnings, w)
}

// SetWarningSink routes warnings to sink (nil: collect on the gate).
func (f *featureGate) SetWarningSink(sink WarningSink) { f.sink = sink }

// TakeWarnings returns and clears the collected warnings.
func (f *featureGate) TakeWarnings() []Warning {
	w := f.warnings
	f.warnings = nil
	return w
}

// resolution versions: before v0.31 every spec is version 0.0 and the
// emulation version never matters.
func (f *featureGate) specNow(specs VersionedSpecs) *FeatureSpec {
	return specAt(specs, f.emulationVersion, f.minCompatibility)
}
