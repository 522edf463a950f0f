// Package v018 runs kubexplorer's feature-gate conformance suite against the
// real k8s.io/component-base/featuregate v0.18 (Kubernetes 1.18).
package v018

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/spf13/pflag"
	"k8s.io/component-base/featuregate"
	"k8s.io/klog"

	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario"
)

// Library is the component-base generation this module pins.
const Library = 18

var (
	klogOnce   sync.Once
	klogBuffer bytes.Buffer
)

// captureKlog sends klog's output to klogBuffer. klog v1 writes a warning to
// the WARNING and the INFO destinations; only INFO is kept so each entry
// appears once.
func captureKlog() {
	klogOnce.Do(func() {
		fs := flag.NewFlagSet("klog", flag.ContinueOnError)
		klog.InitFlags(fs)
		for k, v := range map[string]string{"logtostderr": "false", "alsologtostderr": "false", "stderrthreshold": "FATAL"} {
			if err := fs.Set(k, v); err != nil {
				panic(err)
			}
		}
		klog.SetOutputBySeverity("INFO", &klogBuffer)
		for _, s := range []string{"WARNING", "ERROR", "FATAL"} {
			klog.SetOutputBySeverity(s, io.Discard)
		}
	})
}

// takeKlog returns the lines logged since the last call as "<severity> <message>".
func takeKlog() []string {
	klog.Flush()
	text := klogBuffer.String()
	klogBuffer.Reset()
	return scenario.KlogLines(text)
}

// newGate is the one call site of featuregate.NewFeatureGate, so every gate
// carries the same call-site name.
func newGate() featuregate.MutableFeatureGate { return featuregate.NewFeatureGate() }

// GateName is the call-site name upstream derived for gates made by
// newGate, read back from the text of the Enabled panic.
func GateName() string {
	var name string
	func() {
		defer func() {
			msg := fmt.Sprint(recover())
			const marker = `is not registered in FeatureGate "`
			if i := strings.Index(msg, marker); i >= 0 {
				name = strings.TrimSuffix(msg[i+len(marker):], `"`)
			}
		}()
		newGate().Enabled("KubexplorerNameProbe")
	}()
	return name
}

// Upstream adapts the real library.
type Upstream struct{}

func NewUpstream() *Upstream {
	captureKlog()
	takeKlog()
	return &Upstream{}
}

func (*Upstream) Name() string           { return "k8s.io/component-base v0.18.19" }
func (*Upstream) Library() int           { return Library }
func (*Upstream) TakeWarnings() []string { return takeKlog() }

func (*Upstream) NewFeatureGate() scenario.Gate                          { return &gate{g: newGate()} }
func (*Upstream) NewVersioned(string) scenario.Gate                      { return nil }
func (*Upstream) NewVersionedWithMinCompat(string, string) scenario.Gate { return nil }

type gate struct {
	g featuregate.MutableFeatureGate
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
	default:
		panic("no prerelease " + s.Pre + " in v0.18")
	}
	return fs
}

func (g *gate) Add(m map[string]scenario.Spec) error {
	in := map[featuregate.Feature]featuregate.FeatureSpec{}
	for k, s := range m {
		in[featuregate.Feature(k)] = toSpec(s)
	}
	return g.g.Add(in)
}

func (g *gate) AddVersioned(map[string][]scenario.Spec) error { return scenario.ErrUnsupported }
func (g *gate) AddDependencies(map[string][]string) error     { return scenario.ErrUnsupported }
func (g *gate) SetFromMap(m map[string]bool) error            { return g.g.SetFromMap(m) }
func (g *gate) Set(s string) error                            { return g.g.Set(s) }

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

func (g *gate) DeepCopyAndReset() scenario.Gate { return nil }

func (g *gate) AddFlag() string {
	fs := pflag.NewFlagSet("conformance", pflag.ContinueOnError)
	g.g.AddFlag(fs)
	return fs.Lookup("feature-gates").Usage
}

func (g *gate) Close() error                     { return scenario.ErrUnsupported }
func (g *gate) SetEmulationVersion(string) error { return scenario.ErrUnsupported }
func (g *gate) SetEmulationVersionAndMinCompatibilityVersion(string, string) error {
	return scenario.ErrUnsupported
}
func (g *gate) EmulationVersion() string                  { return "" }
func (g *gate) Validate() []error                         { return []error{scenario.ErrUnsupported} }
func (g *gate) ResetFeatureValueToDefault(string) error   { return scenario.ErrUnsupported }
func (g *gate) OverrideDefault(string, bool) error        { return scenario.ErrUnsupported }
func (g *gate) ExplicitlySet(string) bool                 { return false }
func (g *gate) GetAll() (map[string]scenario.Spec, error) { return nil, scenario.ErrUnsupported }
