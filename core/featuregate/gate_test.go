package featuregate

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
	"github.com/spf13/pflag"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
)

// TestTranscripts runs testdata/*.txt. Directives:
//
//	new lib=18 [emu=1.36] [min=1.35] [name=...]
//	new-release 1.18        the gate a kubelet of that release starts with (embedded catalog)
//	add | add-versioned     one spec per line: Name default=true lock=true stage=BETA [version=1.31] [min=1.36]
//	add-deps                one line per feature: Child Dep1 Dep2
//	set-from-map A=true,B=false
//	set A=true,B=false      (the gate's own flag parser)
//	enabled A B             (panics are reported)
//	known | string | validate | get-all
//	copy | use-copy | use-original
//	emulation 1.36 [min=1.35]
//	reset A
//	override A=true [at=1.31]
//	close
//
// Every directive prints its error (if any) and the warnings it produced.
func TestTranscripts(t *testing.T) {
	datadriven.Walk(t, "testdata", func(t *testing.T, path string) {
		var g, orig, cp *featureGate
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			var out strings.Builder
			errOut := func(err error) {
				if err != nil {
					fmt.Fprintf(&out, "error: %v\n", err)
				}
			}
			switch d.Cmd {
			case "new":
				o := Options{}
				for _, a := range d.CmdArgs {
					val := ""
					if len(a.Vals) > 0 {
						val = a.Vals[0]
					}
					switch a.Key {
					case "lib":
						l, err := ParseLibrary(val)
						if err != nil {
							d.Fatalf(t, "%v", err)
						}
						o.Library = l
					case "emu":
						o.EmulationVersion = version.MustParse(val)
					case "min":
						o.MinCompatibilityVersion = version.MustParse(val)
					case "name":
						o.Name = val
					}
				}
				g = New(o)
				orig = g
				return "ok\n"
			case "new-release":
				rel, err := catalog.Load(d.CmdArgs[0].Key)
				if err != nil {
					d.Fatalf(t, "%v", err)
				}
				rg, err := ForRelease(rel, nil)
				if err != nil {
					d.Fatalf(t, "%v", err)
				}
				g = rg.(*featureGate)
				orig = g
				return fmt.Sprintf("ok: library %s, %d gates\n", g.Library(), len(g.known))
			case "add", "add-versioned":
				specs, err := parseSpecLines(d.Input)
				if err != nil {
					d.Fatalf(t, "%v", err)
				}
				if d.Cmd == "add" {
					plain := map[Feature]FeatureSpec{}
					for k, v := range specs {
						plain[k] = v[0]
					}
					errOut(g.Add(plain))
				} else {
					errOut(g.AddVersioned(specs))
				}
			case "add-deps":
				deps := map[Feature][]Feature{}
				for _, line := range strings.Split(strings.TrimSpace(d.Input), "\n") {
					f := strings.Fields(line)
					for _, dep := range f[1:] {
						deps[Feature(f[0])] = append(deps[Feature(f[0])], Feature(dep))
					}
				}
				errOut(g.AddDependencies(deps))
			case "set-from-map":
				m := map[string]bool{}
				if len(d.CmdArgs) > 0 {
					for _, p := range strings.Split(rawArg(d.CmdArgs[0]), ",") {
						k, v, _ := strings.Cut(p, "=")
						m[k] = v == "true"
					}
				}
				errOut(g.SetFromMap(m))
			case "set":
				errOut(g.Set(strings.TrimSpace(d.Input)))
			case "enabled":
				for _, a := range d.CmdArgs {
					func() {
						defer func() {
							if r := recover(); r != nil {
								fmt.Fprintf(&out, "%s: panic: %v\n", a.Key, r)
							}
						}()
						fmt.Fprintf(&out, "%s=%t\n", a.Key, g.Enabled(Feature(a.Key)))
					}()
				}
			case "known":
				for _, l := range g.KnownFeatures() {
					fmt.Fprintln(&out, l)
				}
			case "string":
				fmt.Fprintf(&out, "%q\n", g.String())
			case "validate":
				for _, e := range g.Validate() {
					fmt.Fprintf(&out, "error: %v\n", e)
				}
			case "get-all":
				all := g.GetAll()
				for _, k := range sortedFeatures(all) {
					fmt.Fprintf(&out, "%s %s\n", k, formatSpec(g.lib, all[k]))
				}
			case "copy":
				cp = g.deepCopy()
			case "use-copy":
				g = cp
			case "use-original":
				g = orig
			case "emulation":
				emu := version.MustParse(d.CmdArgs[0].Key)
				if len(d.CmdArgs) > 1 {
					errOut(g.SetEmulationVersionAndMinCompatibilityVersion(emu, version.MustParse(d.CmdArgs[1].Vals[0])))
				} else {
					errOut(g.SetEmulationVersion(emu))
				}
			case "reset":
				errOut(g.ResetFeatureValueToDefault(Feature(d.CmdArgs[0].Key)))
			case "override":
				k, v, _ := strings.Cut(rawArg(d.CmdArgs[0]), "=")
				if len(d.CmdArgs) > 1 {
					errOut(g.OverrideDefaultAtVersion(Feature(k), v == "true", version.MustParse(d.CmdArgs[1].Vals[0])))
				} else {
					errOut(g.OverrideDefault(Feature(k), v == "true"))
				}
			case "close":
				g.Close()
			case "flag":
				fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
				g.AddFlag(fs)
				fmt.Fprintln(&out, fs.Lookup("feature-gates").Usage)
			default:
				d.Fatalf(t, "unknown directive %q", d.Cmd)
			}
			for _, w := range orig.TakeWarnings() {
				fmt.Fprintf(&out, "warning %s\n", w)
			}
			if out.Len() == 0 {
				return "ok\n"
			}
			return out.String()
		})
	})
}

// rawArg undoes datadriven's key=value split of "A=true,B=false".
func rawArg(a datadriven.CmdArg) string {
	if len(a.Vals) == 0 {
		return a.Key
	}
	return a.Key + "=" + strings.Join(a.Vals, ",")
}

func parseSpecLines(input string) (map[Feature]VersionedSpecs, error) {
	out := map[Feature]VersionedSpecs{}
	for _, line := range strings.Split(strings.TrimSpace(input), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		var s FeatureSpec
		for _, kv := range f[1:] {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "default":
				s.Default = v == "true"
			case "lock":
				s.LockToDefault = v == "true"
			case "stage":
				if v == "GA" {
					v = ""
				}
				p, err := ParsePreRelease(v)
				if err != nil {
					return nil, err
				}
				s.PreRelease = p
			case "version":
				s.Version = version.MustParse(v)
			case "min":
				s.MinCompatibilityVersion = version.MustParse(v)
			default:
				return nil, fmt.Errorf("bad spec field %q", kv)
			}
		}
		out[Feature(f[0])] = append(out[Feature(f[0])], s)
	}
	return out, nil
}

func TestAggregate(t *testing.T) {
	a := fmt.Errorf("a")
	b := fmt.Errorf("b")
	for _, tc := range []struct {
		errs []error
		want string
	}{
		{[]error{a}, "a"},
		{[]error{a, b}, "[a, b]"},
		{[]error{a, fmt.Errorf("a")}, "a"},
		{[]error{Aggregate{a, b}, fmt.Errorf("c")}, "[a, b, c]"},
	} {
		if got := NewAggregate(tc.errs).Error(); got != tc.want {
			t.Errorf("%v: got %q want %q", tc.errs, got, tc.want)
		}
	}
	if NewAggregate([]error{nil}) != nil {
		t.Error("aggregate of nil errors must be nil")
	}
}

func TestLibraryFor(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Library
		err  bool
	}{
		{"1.18", 18, false}, {"v1.31.4", 31, false}, {"1.37", 37, false},
		{"1.17", 0, true}, {"1.38", 0, true}, {"2.0", 0, true}, {"x", 0, true},
	} {
		got, err := LibraryFor(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("LibraryFor(%q) = %v, %v", tc.in, got, err)
		}
	}
}

// TestEffectiveValuesIgnoreOrder checks the rule that makes the sorted-order
// substitution safe: whatever order keys are applied in, a successful call
// yields the same values.
func TestEffectiveValuesIgnoreOrder(t *testing.T) {
	for _, lib := range []Library{18, 30, 31, 35, 37} {
		g := New(Options{Library: lib})
		must(t, g.Add(map[Feature]FeatureSpec{
			"A1": {PreRelease: Alpha}, "A2": {PreRelease: Alpha},
			"B1": {Default: true, PreRelease: Beta}, "B2": {PreRelease: Beta},
		}))
		must(t, g.SetFromMap(map[string]bool{"AllAlpha": true, "A2": false, "AllBeta": false, "B2": true}))
		got := []string{}
		for _, k := range []string{"A1", "A2", "B1", "B2"} {
			v, _ := g.Lookup(k)
			got = append(got, fmt.Sprintf("%s=%t", k, v))
		}
		sort.Strings(got)
		if want := "A1=true A2=false B1=false B2=true"; strings.Join(got, " ") != want {
			t.Errorf("lib %d: got %v want %s", lib, got, want)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// BenchmarkForRelease builds the newest release's gate from its catalog:
// what the first evaluation of a page does once (its versions parsed once
// each, not once per spec).
func BenchmarkForRelease(b *testing.B) {
	rel, err := catalog.Load(catalog.Latest())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ForRelease(rel, nil); err != nil {
			b.Fatal(err)
		}
	}
}
