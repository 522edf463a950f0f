package scenario

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/kubexplorer/kubexplorer/core/featuregate"
	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
)

// Ours adapts kubexplorer's core/featuregate, modelling library generation
// lib. gateName is the call-site name upstream's NewFeatureGate derives in
// the sibling module (only visible in the ≤ v0.30 Enabled panic).
func Ours(lib int, gateName string) Impl {
	return &oursImpl{lib: featuregate.Library(lib), gateName: gateName}
}

type oursImpl struct {
	lib      featuregate.Library
	gateName string
	warnings []string
}

func (o *oursImpl) Name() string { return "kubexplorer" }
func (o *oursImpl) Library() int { return int(o.lib) }

func (o *oursImpl) sink(w featuregate.Warning) { o.warnings = append(o.warnings, w.String()) }

func (o *oursImpl) TakeWarnings() []string {
	w := o.warnings
	o.warnings = nil
	return w
}

func (o *oursImpl) NewFeatureGate() Gate {
	return &oursGate{o: o, g: featuregate.New(featuregate.Options{Library: o.lib, Name: o.gateName, Sink: o.sink})}
}

func (o *oursImpl) NewVersioned(emu string) Gate {
	if !o.lib.Versioned() {
		return nil
	}
	v, err := version.Parse(emu)
	if err != nil {
		panic(err)
	}
	return &oursGate{o: o, g: featuregate.New(featuregate.Options{Library: o.lib, Name: o.gateName, Sink: o.sink, EmulationVersion: v})}
}

func (o *oursImpl) NewVersionedWithMinCompat(emu, minCompat string) Gate {
	if !o.lib.HasMinCompatibility() {
		return nil
	}
	v, err := version.Parse(emu)
	if err != nil {
		panic(err)
	}
	m, err := version.Parse(minCompat)
	if err != nil {
		panic(err)
	}
	return &oursGate{o: o, g: featuregate.New(featuregate.Options{Library: o.lib, Name: o.gateName, Sink: o.sink, EmulationVersion: v, MinCompatibilityVersion: m})}
}

type oursGate struct {
	o *oursImpl
	g featuregate.Gate
}

func toOurSpec(s Spec) featuregate.FeatureSpec {
	p, err := featuregate.ParsePreRelease(s.Pre)
	if err != nil {
		panic(err)
	}
	fs := featuregate.FeatureSpec{Default: s.Default, LockToDefault: s.Lock, PreRelease: p}
	if s.Version != "" {
		fs.Version = version.MustParse(s.Version)
	}
	if s.MinCompat != "" {
		fs.MinCompatibilityVersion = version.MustParse(s.MinCompat)
	}
	return fs
}

func (g *oursGate) Add(m map[string]Spec) error {
	in := map[featuregate.Feature]featuregate.FeatureSpec{}
	for k, s := range m {
		in[featuregate.Feature(k)] = toOurSpec(s)
	}
	return g.g.Add(in)
}

func (g *oursGate) AddVersioned(m map[string][]Spec) error {
	if !g.o.lib.Versioned() {
		return ErrUnsupported
	}
	in := map[featuregate.Feature]featuregate.VersionedSpecs{}
	for k, specs := range m {
		var vs featuregate.VersionedSpecs
		for _, s := range specs {
			vs = append(vs, toOurSpec(s))
		}
		in[featuregate.Feature(k)] = vs
	}
	return g.g.AddVersioned(in)
}

func (g *oursGate) AddDependencies(m map[string][]string) error {
	if !g.o.lib.HasDependencies() {
		return ErrUnsupported
	}
	in := map[featuregate.Feature][]featuregate.Feature{}
	for k, deps := range m {
		for _, d := range deps {
			in[featuregate.Feature(k)] = append(in[featuregate.Feature(k)], featuregate.Feature(d))
		}
	}
	return g.g.AddDependencies(in)
}

func (g *oursGate) SetFromMap(m map[string]bool) error { return g.g.SetFromMap(m) }
func (g *oursGate) Set(s string) error                 { return g.g.(pflag.Value).Set(s) }

func (g *oursGate) Enabled(name string) (v bool, panicked string) {
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Sprint(r)
		}
	}()
	return g.g.Enabled(featuregate.Feature(name)), ""
}

func (g *oursGate) KnownFeatures() []string { return g.g.KnownFeatures() }
func (g *oursGate) String() string          { return g.g.(pflag.Value).String() }

func (g *oursGate) DeepCopy() Gate {
	return &oursGate{o: g.o, g: g.g.DeepCopy().(featuregate.Gate)}
}

func (g *oursGate) DeepCopyAndReset() Gate {
	if !g.o.lib.Versioned() {
		return nil
	}
	return &oursGate{o: g.o, g: g.g.DeepCopyAndReset().(featuregate.Gate)}
}

func (g *oursGate) AddFlag() string {
	fs := pflag.NewFlagSet("conformance", pflag.ContinueOnError)
	g.g.AddFlag(fs)
	return fs.Lookup("feature-gates").Usage
}

func (g *oursGate) AddMetrics() error {
	if g.o.lib < 26 {
		return ErrUnsupported
	}
	g.g.AddMetrics()
	return nil
}

func (g *oursGate) Close() error {
	if !g.o.lib.Versioned() {
		return ErrUnsupported
	}
	g.g.Close()
	return nil
}

func (g *oursGate) SetEmulationVersion(v string) error {
	if !g.o.lib.Versioned() {
		return ErrUnsupported
	}
	return g.g.SetEmulationVersion(version.MustParse(v))
}

func (g *oursGate) SetEmulationVersionAndMinCompatibilityVersion(emu, mc string) error {
	if !g.o.lib.HasMinCompatibility() {
		return ErrUnsupported
	}
	return g.g.SetEmulationVersionAndMinCompatibilityVersion(version.MustParse(emu), version.MustParse(mc))
}

func (g *oursGate) EmulationVersion() string {
	if !g.o.lib.Versioned() {
		return ""
	}
	return g.g.EmulationVersion().String()
}

func (g *oursGate) MinCompatibilityVersion() string {
	if !g.o.lib.HasMinCompatibility() {
		return ""
	}
	return g.g.MinCompatibilityVersion().String()
}

func (g *oursGate) Validate() []error {
	if !g.o.lib.Versioned() {
		return []error{ErrUnsupported}
	}
	return g.g.Validate()
}

func (g *oursGate) ResetFeatureValueToDefault(name string) error {
	if !g.o.lib.Versioned() {
		return ErrUnsupported
	}
	return g.g.ResetFeatureValueToDefault(featuregate.Feature(name))
}

func (g *oursGate) OverrideDefault(name string, v bool) error {
	if !g.o.lib.HasOverrideDefault() {
		return ErrUnsupported
	}
	return g.g.OverrideDefault(featuregate.Feature(name), v)
}

func (g *oursGate) OverrideDefaultAtVersion(name string, v bool, at string) error {
	if !g.o.lib.Versioned() {
		return ErrUnsupported
	}
	return g.g.OverrideDefaultAtVersion(featuregate.Feature(name), v, version.MustParse(at))
}

func (g *oursGate) ExplicitlySet(name string) bool {
	return g.g.ExplicitlySet(featuregate.Feature(name))
}

func (g *oursGate) GetAll() (map[string]Spec, error) {
	if g.o.lib < 22 {
		return nil, ErrUnsupported
	}
	out := map[string]Spec{}
	for k, s := range g.g.GetAll() {
		out[string(k)] = fromOurSpec(s)
	}
	return out, nil
}

func fromOurSpec(s featuregate.FeatureSpec) Spec {
	sp := Spec{Default: s.Default, Lock: s.LockToDefault, Pre: string(s.PreRelease)}
	if s.Version != nil && s.Version.String() != "0.0" {
		sp.Version = s.Version.String()
	}
	if s.MinCompatibilityVersion != nil {
		sp.MinCompat = s.MinCompatibilityVersion.String()
	}
	return sp
}
