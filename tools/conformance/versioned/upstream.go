// Package versioned adapts the versioned k8s.io/component-base/featuregate
// (v0.31 and later: emulation versions, VersionedSpecs, dependencies) to the
// conformance suite, once for every module that tests such a generation.
//
// This module requires the oldest component-base it is tested against; by
// minimal version selection each importing module (tools/conformance/v035,
// v037) compiles it against the version that module pins. Whatever differs
// between those versions is passed in as a Generation, not copied.
package versioned

import (
	"bytes"
	"flag"
	"fmt"
	"sync"

	"github.com/spf13/pflag"
	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/component-base/featuregate"
	"k8s.io/klog/v2"

	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario"
)

// Generation describes the component-base release an importing module pins.
type Generation struct {
	// Library is its minor version: 35 for v0.35.8.
	Library int
	// Module names it in mismatch reports: "k8s.io/component-base v0.35.8".
	Module string
	// LastKubelet is the newest release whose kubelet catalog is registered
	// on it; 0 registers every release from 1.31 on.
	LastKubelet int
}

// klogBuffer receives everything klog prints once captureKlog ran.
var (
	klogOnce   sync.Once
	klogBuffer bytes.Buffer
)

// captureKlog sends klog's output, one line per entry, to klogBuffer.
func captureKlog() {
	klogOnce.Do(func() {
		fs := flag.NewFlagSet("klog", flag.ContinueOnError)
		klog.InitFlags(fs)
		for k, v := range map[string]string{"logtostderr": "false", "alsologtostderr": "false", "one_output": "true", "stderrthreshold": "FATAL"} {
			if err := fs.Set(k, v); err != nil {
				panic(err)
			}
		}
		klog.SetOutput(&klogBuffer)
	})
}

// takeKlog returns the lines logged since the last call as "<severity> <message>".
func takeKlog() []string {
	klog.Flush()
	text := klogBuffer.String()
	klogBuffer.Reset()
	return scenario.KlogLines(text)
}

// Upstream adapts the real library.
type Upstream struct{ gen Generation }

func NewUpstream(gen Generation) *Upstream {
	captureKlog()
	takeKlog()
	return &Upstream{gen: gen}
}

func (u *Upstream) Name() string         { return u.gen.Module }
func (u *Upstream) Library() int         { return u.gen.Library }
func (*Upstream) TakeWarnings() []string { return takeKlog() }

func (u *Upstream) NewFeatureGate() scenario.Gate { return &gate{g: featuregate.NewFeatureGate()} }

func (u *Upstream) NewVersioned(emu string) scenario.Gate {
	return &gate{g: featuregate.NewVersionedFeatureGate(version.MustParse(emu))}
}

func (u *Upstream) NewVersionedWithMinCompat(emu, mc string) scenario.Gate {
	return &gate{g: featuregate.NewVersionedFeatureGateWithMinCompatibility(version.MustParse(emu), version.MustParse(mc))}
}

type gate struct {
	g featuregate.MutableVersionedFeatureGate
}

func toSpec(s scenario.Spec) featuregate.FeatureSpec {
	fs := featuregate.FeatureSpec{Default: s.Default, LockToDefault: s.Lock}
	// The prerelease type is unexported: pick the constant.
	switch s.Pre {
	case "ALPHA":
		fs.PreRelease = featuregate.Alpha
	case "BETA":
		fs.PreRelease = featuregate.Beta
	case "":
		fs.PreRelease = featuregate.GA
	case "DEPRECATED":
		fs.PreRelease = featuregate.Deprecated
	case "PRE-ALPHA":
		fs.PreRelease = featuregate.PreAlpha
	default:
		panic("unknown prerelease " + s.Pre)
	}
	if s.Version != "" {
		fs.Version = version.MustParse(s.Version)
	}
	if s.MinCompat != "" {
		fs.MinCompatibilityVersion = version.MustParse(s.MinCompat)
	}
	return fs
}

func fromSpec(s featuregate.FeatureSpec) scenario.Spec {
	sp := scenario.Spec{Default: s.Default, Lock: s.LockToDefault, Pre: string(s.PreRelease)}
	if s.Version != nil && s.Version.String() != "0.0" {
		sp.Version = s.Version.String()
	}
	if s.MinCompatibilityVersion != nil {
		sp.MinCompat = s.MinCompatibilityVersion.String()
	}
	return sp
}

func (g *gate) Add(m map[string]scenario.Spec) error {
	in := map[featuregate.Feature]featuregate.FeatureSpec{}
	for k, s := range m {
		in[featuregate.Feature(k)] = toSpec(s)
	}
	return g.g.Add(in)
}

func (g *gate) AddVersioned(m map[string][]scenario.Spec) error {
	in := map[featuregate.Feature]featuregate.VersionedSpecs{}
	for k, specs := range m {
		var vs featuregate.VersionedSpecs
		for _, s := range specs {
			vs = append(vs, toSpec(s))
		}
		in[featuregate.Feature(k)] = vs
	}
	return g.g.AddVersioned(in)
}

func (g *gate) AddDependencies(m map[string][]string) error {
	in := map[featuregate.Feature][]featuregate.Feature{}
	for k, deps := range m {
		for _, d := range deps {
			in[featuregate.Feature(k)] = append(in[featuregate.Feature(k)], featuregate.Feature(d))
		}
	}
	return g.g.AddDependencies(in)
}

func (g *gate) SetFromMap(m map[string]bool) error { return g.g.SetFromMap(m) }
func (g *gate) Set(s string) error                 { return g.g.Set(s) }

func (g *gate) Enabled(name string) (v bool, panicked string) {
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Sprint(r)
		}
	}()
	return g.g.Enabled(featuregate.Feature(name)), ""
}

func (g *gate) KnownFeatures() []string { return g.g.KnownFeatures() }
func (g *gate) String() string          { return g.g.(fmt.Stringer).String() }
func (g *gate) DeepCopy() scenario.Gate { return &gate{g: g.g.DeepCopy()} }
func (g *gate) DeepCopyAndReset() scenario.Gate {
	return &gate{g: g.g.DeepCopyAndReset()}
}

func (g *gate) AddFlag() string {
	fs := pflag.NewFlagSet("conformance", pflag.ContinueOnError)
	g.g.AddFlag(fs)
	return fs.Lookup("feature-gates").Usage
}

func (g *gate) Close() error { g.g.Close(); return nil }

func (g *gate) SetEmulationVersion(v string) error {
	return g.g.SetEmulationVersion(version.MustParse(v))
}

func (g *gate) SetEmulationVersionAndMinCompatibilityVersion(emu, mc string) error {
	return g.g.SetEmulationVersionAndMinCompatibilityVersion(version.MustParse(emu), version.MustParse(mc))
}

func (g *gate) EmulationVersion() string { return g.g.EmulationVersion().String() }
func (g *gate) Validate() []error        { return g.g.Validate() }

func (g *gate) ResetFeatureValueToDefault(name string) error {
	return g.g.ResetFeatureValueToDefault(featuregate.Feature(name))
}

func (g *gate) OverrideDefault(name string, v bool) error {
	return g.g.OverrideDefault(featuregate.Feature(name), v)
}

func (g *gate) ExplicitlySet(name string) bool { return g.g.ExplicitlySet(featuregate.Feature(name)) }

func (g *gate) GetAll() (map[string]scenario.Spec, error) {
	out := map[string]scenario.Spec{}
	for k, s := range g.g.GetAll() {
		out[string(k)] = fromSpec(s)
	}
	return out, nil
}
