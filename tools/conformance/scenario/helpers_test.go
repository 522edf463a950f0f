package scenario

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

func TestWarnedFeature(t *testing.T) {
	for in, want := range map[string]string{
		"W SetEmulationVersion will change already queried feature:Foo from true to false":                                                              "Foo",
		`I "Warning: SetEmulationVersionAndMinCompatibilityVersion will change already queried feature" featureGate="Bar" oldValue=false newValue=true`: "Bar",
		"W SetEmulationVersionAndMinCompatibilityVersion will change already queried feature:Baz":                                                       "Baz",
		"I something else": "",
	} {
		if got := warnedFeature(in); got != want {
			t.Errorf("warnedFeature(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDropRawFeatures(t *testing.T) {
	ws := []string{
		"W SetEmulationVersion will change already queried feature:A from true to false",
		"W SetEmulationVersion will change already queried feature:B from true to false",
	}
	got := dropRawFeatures(ws, map[string]bool{"A": true, "Unknown": true})
	if len(got) != 1 || !strings.Contains(got[0], "feature:B ") {
		t.Errorf("got %q", got)
	}
	if got := dropRawFeatures(ws, map[string]bool{"AllBeta": false}); got != nil {
		t.Errorf("with AllBeta in the raw map every warning may differ; got %q", got)
	}
}

func TestCompact(t *testing.T) {
	short1, short2 := compact("a=1 b=2", "a=1 b=3")
	if short1 != "a=1 b=2" || short2 != "a=1 b=3" {
		t.Errorf("short texts must stay whole: %q %q", short1, short2)
	}
	common := strings.Repeat("same=true ", 100)
	a, b := compact(common+"x=true", common+"x=false")
	if a != "differs in: x=true" || b != "differs in: x=false" {
		t.Errorf("compact = %q, %q", a, b)
	}
}

func TestInputSpecs(t *testing.T) {
	// As stored by AddVersioned v0.35+: the 1.37 entry inherited mc=1.36.
	stored := []catalog.Spec{
		{Version: "1.35", PreRelease: catalog.Beta},
		{Version: "1.36", PreRelease: catalog.Beta, Default: true},
		{Version: "1.36", PreRelease: catalog.Beta, Default: true, MinCompatibilityVersion: "1.36"},
		{Version: "1.37", PreRelease: catalog.GA, Default: true, LockToDefault: true, MinCompatibilityVersion: "1.36"},
	}
	got := InputSpecs(stored)
	want := []Spec{
		{Version: "1.35", Pre: "BETA"},
		{Version: "1.36", Pre: "BETA", Default: true},
		{Version: "1.36", Pre: "BETA", Default: true, MinCompat: "1.36"},
		{Version: "1.37", Pre: "", Default: true, Lock: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("InputSpecs = %+v, want %+v", got, want)
	}
}
