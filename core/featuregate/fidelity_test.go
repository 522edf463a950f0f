package featuregate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
)

// TestVersionedFidelity pins three behaviours of the versioned library
// (v0.31+) that a differential run against the real component-base found
// the model getting wrong (issue 16). Every expected line was printed by the
// real k8s.io/component-base v0.31.14 and v0.37.2 running the same calls;
// v0.33 and v0.35 agree with them (tools/conformance).
//
//  1. A semantic emulation or min-compatibility version keeps its
//     pre-release ("1.33.0-alpha.1") in the gate's state and in error texts;
//     a generic one ("1.33-alpha.1") never had it; versions derived with
//     SubtractMinor are plain major.minor. A pre-release only counts between
//     two semantic versions, so specs written "1.33" are in force at
//     "1.33.0-alpha.1".
//  2. AddMetrics reads every feature GetAll returns through Enabled, so
//     they all count as queried and a later emulation change that flips one
//     warns; features not available (PRE-ALPHA) at the time are not read.
//  3. An emulation change to versions that compare equal to the current ones
//     (EqualTo, not the written form) returns at once, even with an unknown
//     name in the raw map that would fail a real re-resolution.
func TestVersionedFidelity(t *testing.T) {
	specs := map[Feature]VersionedSpecs{
		"New34":  {{Version: version.MustParse("1.34"), PreRelease: Alpha}},
		"Beta33": {{Version: version.MustParse("1.30"), PreRelease: Alpha}, {Version: version.MustParse("1.33"), PreRelease: Beta, Default: true}},
		"Grad":   {{Version: version.MustParse("1.33"), PreRelease: Alpha}, {Version: version.MustParse("1.34"), PreRelease: Beta, Default: true}},
		"Later":  {{Version: version.MustParse("1.35"), PreRelease: Beta, Default: true}},
	}
	type step struct{ do, arg, arg2, want string }
	for _, tc := range []struct {
		name  string
		libs  []Library
		emu   string
		steps []step
	}{
		{"pre-release kept in state and errors (v0.31–v0.34 text)", []Library{31, 33}, "1.33.0-alpha.1", []step{
			{"emulation", "", "", "1.33.0-alpha.1"},
			{"enabled", "Beta33", "", "true"},
			{"set", "New34", "", "cannot set feature gate New34 to true, feature is PreAlpha at emulated version 1.33.0-alpha.1"},
			{"setEmu", "1.33-alpha.1", "", "<nil>"}, // generic 1.33 equals 1.33.0-alpha.1: nothing happens
			{"emulation", "", "", "1.33.0-alpha.1"},
			{"setEmu", "1.32.0-beta.0", "", "emulation-change Beta33 true→false\n" +
				"cannot set feature gate New34 to true, feature is PreAlpha at emulated version 1.32.0-beta.0"},
		}},
		{"pre-release kept in state and errors (v0.35+ text)", []Library{35, 37}, "1.33.0-alpha.1", []step{
			{"versions", "", "", "1.33.0-alpha.1 min 1.32"},
			{"set", "New34", "", "cannot set feature gate New34 to true, feature is PreAlpha at emulated version 1.33.0-alpha.1, min compatibility version 1.32"},
			{"setEmuMC", "1.34.0-alpha.0", "1.33.0-rc.1", "<nil>"},
			{"versions", "", "", "1.34.0-alpha.0 min 1.33.0-rc.1"},
		}},
		{"AddMetrics counts every available feature as queried", []Library{31, 37}, "1.34", []step{
			{"addMetrics", "", "", ""},
			{"setEmu", "1.35", "", "<nil>"}, // Later was PRE-ALPHA at 1.34: not read, no warning
			{"addMetrics", "", "", ""},
			{"setEmu", "1.33", "", "emulation-change Grad true→false\nemulation-change Later true→false\n<nil>"},
		}},
		{"AddMetrics has nothing to mark before v0.31", []Library{30}, "", []step{
			{"addMetrics", "", "", ""},
			{"enabled", "Grad", "", "false"},
		}},
		{"an equal emulation version returns early despite an unknown name", []Library{31, 35, 37}, "1.35.0", []step{
			{"set", "NoSuchGate", "", "unrecognized feature gate: NoSuchGate"},
			{"setEmu", "1.35", "", "<nil>"},
			{"emulation", "", "", "1.35.0"},
			{"setEmu", "1.35.0-alpha.1", "", "unrecognized feature gate: NoSuchGate"},
		}},
		{"an equal min-compatibility version returns early too", []Library{35, 37}, "1.35.0", []step{
			{"set", "NoSuchGate", "", "unrecognized feature gate: NoSuchGate"},
			{"setEmuMC", "1.35", "1.34.0-rc.1", "<nil>"},
			{"versions", "", "", "1.35.0 min 1.34"},
		}},
	} {
		for _, lib := range tc.libs {
			t.Run(fmt.Sprintf("%s/v0.%d", tc.name, lib), func(t *testing.T) {
				o := Options{Library: lib}
				if tc.emu != "" {
					o.EmulationVersion = version.MustParse(tc.emu)
				}
				g := New(o)
				if lib.Versioned() {
					if err := g.AddVersioned(specs); err != nil {
						t.Fatal(err)
					}
				} else if err := g.Add(map[Feature]FeatureSpec{"Grad": {PreRelease: Alpha}}); err != nil {
					t.Fatal(err)
				}
				for i, s := range tc.steps {
					var lines []string
					result := func(err error) { lines = append(lines, fmt.Sprint(err)) }
					switch s.do {
					case "emulation":
						lines = append(lines, g.EmulationVersion().String())
					case "versions":
						lines = append(lines, g.EmulationVersion().String()+" min "+g.MinCompatibilityVersion().String())
					case "enabled":
						lines = append(lines, fmt.Sprint(g.Enabled(Feature(s.arg))))
					case "set":
						result(g.SetFromMap(map[string]bool{s.arg: true}))
					case "setEmu":
						result(g.SetEmulationVersion(version.MustParse(s.arg)))
					case "setEmuMC":
						result(g.SetEmulationVersionAndMinCompatibilityVersion(version.MustParse(s.arg), version.MustParse(s.arg2)))
					case "addMetrics":
						g.AddMetrics()
					}
					var warnings []string
					for _, w := range g.TakeWarnings() {
						if w.Kind == WarnEmulationChange { // dialects: findings.txt
							warnings = append(warnings, fmt.Sprintf("emulation-change %s %t→%t", w.Feature, w.Old, w.Value))
						} else {
							warnings = append(warnings, w.String())
						}
					}
					got := strings.Join(append(warnings, lines...), "\n")
					if got != s.want {
						t.Errorf("step %d (%s %s %s):\ngot  %q\nwant %q", i+1, s.do, s.arg, s.arg2, got, s.want)
					}
				}
			})
		}
	}
}
