package upstream

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/spf13/pflag"
	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/component-base/featuregate"

	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario"
)

// impl is scenario.Impl over the real library of one generation.
type impl struct{ gen Generation }

func (u *impl) Name() string           { return u.gen.Module }
func (u *impl) Library() int           { return u.gen.Library }
func (u *impl) TakeWarnings() []string { return u.gen.Log.Take() }

func (u *impl) NewFeatureGate() scenario.Gate { return &gate{g: newGate()} }

func (u *impl) NewVersioned(emu string) scenario.Gate {
	if u.gen.NewVersioned == nil {
		return nil
	}
	return &gate{g: u.gen.NewVersioned(mustParse(emu))}
}

func (u *impl) NewVersionedWithMinCompat(emu, mc string) scenario.Gate {
	if u.gen.NewVersionedWithMinCompat == nil {
		return nil
	}
	return &gate{g: u.gen.NewVersionedWithMinCompat(mustParse(emu), mustParse(mc))}
}

// mustParse is apimachinery's version.MustParse (semantic if possible,
// else generic), built from the two parsers v0.18's apimachinery already
// had.
func mustParse(s string) *version.Version {
	if v, err := version.ParseSemantic(s); err == nil {
		return v
	}
	v, err := version.ParseGeneric(s)
	if err != nil {
		panic(err)
	}
	return v
}

// newGate is the one call site of NewFeatureGate, so every unversioned gate
// carries the same call-site name (it shows in the ≤ v0.30 Enabled panic).
func newGate() featuregate.MutableFeatureGate { return featuregate.NewFeatureGate() }

// GateName is the call-site name upstream gives gates made by newGate, read
// back from the Enabled panic ("" from v0.31, whose panic names no gate).
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

type gate struct {
	g featuregate.MutableFeatureGate
}

// toSpec builds a FeatureSpec; the fields and the stage later generations
// added are set by name so that this compiles against v0.18.
func toSpec(s scenario.Spec) featuregate.FeatureSpec {
	var fs featuregate.FeatureSpec
	fs.Default, fs.LockToDefault = s.Default, s.Lock
	rv := reflect.ValueOf(&fs).Elem()
	rv.FieldByName("PreRelease").SetString(s.Pre)
	set := func(field, v string) {
		if v == "" {
			return
		}
		f := rv.FieldByName(field)
		if !f.IsValid() {
			panic(fmt.Sprintf("FeatureSpec has no %s in this generation", field))
		}
		f.Set(reflect.ValueOf(mustParse(v)))
	}
	set("Version", s.Version)
	set("MinCompatibilityVersion", s.MinCompat)
	return fs
}

func fromSpec(fs featuregate.FeatureSpec) scenario.Spec {
	rv := reflect.ValueOf(fs)
	sp := scenario.Spec{Default: fs.Default, Lock: fs.LockToDefault, Pre: rv.FieldByName("PreRelease").String()}
	get := func(field string) string {
		f := rv.FieldByName(field)
		if !f.IsValid() || f.IsNil() {
			return ""
		}
		return f.Interface().(*version.Version).String()
	}
	if v := get("Version"); v != "0.0" {
		sp.Version = v
	}
	if f := rv.FieldByName("MinCompatibilityVersion"); f.IsValid() && !f.IsNil() {
		sp.MinCompat = get("MinCompatibilityVersion")
	}
	return sp
}

// call invokes a method by name with reflected arguments; ok is false when
// the generation does not have it.
func (g *gate) call(name string, args ...reflect.Value) ([]reflect.Value, bool) {
	m := reflect.ValueOf(g.g).MethodByName(name)
	if !m.IsValid() {
		return nil, false
	}
	return m.Call(args), true
}

func asError(v reflect.Value) error {
	if v.IsNil() {
		return nil
	}
	return v.Interface().(error)
}

func (g *gate) Add(m map[string]scenario.Spec) error {
	in := map[featuregate.Feature]featuregate.FeatureSpec{}
	for k, s := range m {
		in[featuregate.Feature(k)] = toSpec(s)
	}
	return g.g.Add(in)
}

// AddVersioned builds map[Feature]VersionedSpecs by reflection: the type
// does not exist before v0.31.
func (g *gate) AddVersioned(m map[string][]scenario.Spec) error {
	meth := reflect.ValueOf(g.g).MethodByName("AddVersioned")
	if !meth.IsValid() {
		return scenario.ErrUnsupported
	}
	mapType := meth.Type().In(0)
	in := reflect.MakeMap(mapType)
	for k, specs := range m {
		vs := reflect.MakeSlice(mapType.Elem(), 0, len(specs))
		for _, s := range specs {
			vs = reflect.Append(vs, reflect.ValueOf(toSpec(s)))
		}
		in.SetMapIndex(reflect.ValueOf(featuregate.Feature(k)), vs)
	}
	return asError(meth.Call([]reflect.Value{in})[0])
}

func (g *gate) AddDependencies(m map[string][]string) error {
	d, ok := g.g.(interface {
		AddDependencies(map[featuregate.Feature][]featuregate.Feature) error
	})
	if !ok {
		return scenario.ErrUnsupported
	}
	in := map[featuregate.Feature][]featuregate.Feature{}
	for k, deps := range m {
		for _, dep := range deps {
			in[featuregate.Feature(k)] = append(in[featuregate.Feature(k)], featuregate.Feature(dep))
		}
	}
	return d.AddDependencies(in)
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

func (g *gate) DeepCopy() scenario.Gate {
	var c featuregate.MutableFeatureGate = g.g.DeepCopy()
	return &gate{g: c}
}

func (g *gate) DeepCopyAndReset() scenario.Gate {
	out, ok := g.call("DeepCopyAndReset")
	if !ok {
		return nil
	}
	return &gate{g: out[0].Interface().(featuregate.MutableFeatureGate)}
}

func (g *gate) AddFlag() string {
	fs := pflag.NewFlagSet("conformance", pflag.ContinueOnError)
	g.g.AddFlag(fs)
	return fs.Lookup("feature-gates").Usage
}

func (g *gate) AddMetrics() error {
	m, ok := g.g.(interface{ AddMetrics() })
	if !ok {
		return scenario.ErrUnsupported
	}
	m.AddMetrics()
	return nil
}

func (g *gate) Close() error {
	c, ok := g.g.(interface{ Close() })
	if !ok {
		return scenario.ErrUnsupported
	}
	c.Close()
	return nil
}

func (g *gate) SetEmulationVersion(v string) error {
	s, ok := g.g.(interface {
		SetEmulationVersion(*version.Version) error
	})
	if !ok {
		return scenario.ErrUnsupported
	}
	return s.SetEmulationVersion(mustParse(v))
}

func (g *gate) SetEmulationVersionAndMinCompatibilityVersion(emu, mc string) error {
	s, ok := g.g.(interface {
		SetEmulationVersionAndMinCompatibilityVersion(*version.Version, *version.Version) error
	})
	if !ok {
		return scenario.ErrUnsupported
	}
	return s.SetEmulationVersionAndMinCompatibilityVersion(mustParse(emu), mustParse(mc))
}

func (g *gate) versionOf(method string) string {
	v, ok := g.g.(interface{ EmulationVersion() *version.Version })
	if !ok {
		return ""
	}
	if method == "EmulationVersion" {
		return v.EmulationVersion().String()
	}
	m, ok := g.g.(interface{ MinCompatibilityVersion() *version.Version })
	if !ok {
		return ""
	}
	return m.MinCompatibilityVersion().String()
}

func (g *gate) EmulationVersion() string        { return g.versionOf("EmulationVersion") }
func (g *gate) MinCompatibilityVersion() string { return g.versionOf("MinCompatibilityVersion") }

func (g *gate) Validate() []error {
	v, ok := g.g.(interface{ Validate() []error })
	if !ok {
		return []error{scenario.ErrUnsupported}
	}
	return v.Validate()
}

func (g *gate) ResetFeatureValueToDefault(name string) error {
	r, ok := g.g.(interface {
		ResetFeatureValueToDefault(featuregate.Feature) error
	})
	if !ok {
		return scenario.ErrUnsupported
	}
	return r.ResetFeatureValueToDefault(featuregate.Feature(name))
}

func (g *gate) OverrideDefault(name string, v bool) error {
	o, ok := g.g.(interface {
		OverrideDefault(featuregate.Feature, bool) error
	})
	if !ok {
		return scenario.ErrUnsupported
	}
	return o.OverrideDefault(featuregate.Feature(name), v)
}

func (g *gate) OverrideDefaultAtVersion(name string, v bool, at string) error {
	o, ok := g.g.(interface {
		OverrideDefaultAtVersion(featuregate.Feature, bool, *version.Version) error
	})
	if !ok {
		return scenario.ErrUnsupported
	}
	return o.OverrideDefaultAtVersion(featuregate.Feature(name), v, mustParse(at))
}

func (g *gate) ExplicitlySet(name string) bool {
	e, ok := g.g.(interface {
		ExplicitlySet(featuregate.Feature) bool
	})
	return ok && e.ExplicitlySet(featuregate.Feature(name))
}

func (g *gate) GetAll() (map[string]scenario.Spec, error) {
	a, ok := g.g.(interface {
		GetAll() map[featuregate.Feature]featuregate.FeatureSpec
	})
	if !ok {
		return nil, scenario.ErrUnsupported
	}
	out := map[string]scenario.Spec{}
	for k, s := range a.GetAll() {
		out[string(k)] = fromSpec(s)
	}
	return out, nil
}
