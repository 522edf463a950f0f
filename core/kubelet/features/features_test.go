package features

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

// TestFixedTable: a gate's default at a release, including before it
// existed (off) and after its removal (on once graduated).
func TestFixedTable(t *testing.T) {
	for _, tt := range []struct {
		gate    string
		release string
		want    bool
	}{
		{SidecarContainers, "1.27", false},
		{SidecarContainers, "1.28", false},
		{SidecarContainers, "1.29", true},
		{SidecarContainers, "1.37", true}, // removed after GA: the code path stays
		{PodHasNetworkCondition, "1.27", false},
		{StartupProbe, "1.18", true},
		{StartupProbe, "1.30", true},
		{KubeletCrashLoopBackOffMax, "1.34", false},
		{KubeletCrashLoopBackOffMax, "1.35", true},
	} {
		f, err := ForRelease(tt.release, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.Enabled(tt.gate); got != tt.want {
			t.Errorf("%s at %s: %v, want %v", tt.gate, tt.release, got, tt.want)
		}
	}
}

func TestSpecAt(t *testing.T) {
	if s, ok := SpecAt(SidecarContainers, 29); !ok || s.PreRelease != "BETA" || !s.Default || s.LockToDefault {
		t.Errorf("SidecarContainers at 1.29: %+v %v", s, ok)
	}
	if _, ok := SpecAt(SidecarContainers, 27); ok {
		t.Error("SidecarContainers does not exist at 1.27")
	}
	if _, ok := SpecAt(SidecarContainers, 37); ok {
		t.Error("SidecarContainers is removed at 1.37")
	}
}

func TestForReleaseOverrides(t *testing.T) {
	f, err := ForRelease("1.28", map[string]bool{SidecarContainers: true})
	if err != nil || !f.Enabled(SidecarContainers) {
		t.Fatalf("enabling an alpha gate: %v", err)
	}
	for _, tt := range []struct {
		release   string
		overrides map[string]bool
		want      string
	}{
		{"1.27", map[string]bool{SidecarContainers: true}, "unrecognized feature gate: SidecarContainers"},
		{"1.33", map[string]bool{SidecarContainers: false}, "cannot set feature gate SidecarContainers to false, feature is locked to true"},
		{"1.x", nil, "1.x"},
	} {
		if _, err := ForRelease(tt.release, tt.overrides); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ForRelease(%s, %v): %v, want %q", tt.release, tt.overrides, err, tt.want)
		}
	}
	known, _ := ForRelease("1.28", nil)
	k := known.Known()
	if !slices.Contains(k, SidecarContainers) || slices.Contains(k, PodHasNetworkCondition) || !slices.IsSorted(k) {
		t.Errorf("Known at 1.28: %v", k)
	}
}

// TestFromCatalog: the catalog's gates, with the library's errors; a gate
// the catalog does not know answers from the fixed table.
func TestFromCatalog(t *testing.T) {
	g, ok, err := FromCatalog("1.30", map[string]bool{"PodReadyToStartContainersCondition": false})
	if err != nil || !ok {
		t.Fatalf("FromCatalog: %v %v", ok, err)
	}
	if g.Enabled(PodReadyToStartContainersCondition) {
		t.Error("the override is not applied")
	}
	if !g.Enabled(SidecarContainers) {
		t.Error("SidecarContainers is on by default at 1.30")
	}
	if !g.Enabled(StartupProbe) {
		t.Error("StartupProbe (removed in 1.23) answers from the fixed table: on")
	}
	_, _, err = FromCatalog("1.30", map[string]bool{"NoSuchGate": true})
	var unknown *UnknownGateError
	if !errors.As(err, &unknown) || unknown.Name != "NoSuchGate" || err.Error() != "unrecognized feature gate: NoSuchGate" {
		t.Errorf("unknown gate: %v", err)
	}
	if _, _, err := FromCatalog("1.30", map[string]bool{"PodHostIPs": false}); err == nil || !strings.Contains(err.Error(), "locked") {
		t.Errorf("locked gate: %v", err)
	}
	if _, _, err := FromCatalog("2.0", nil); err == nil {
		t.Error("a release out of range is accepted")
	}
	if (Map{"A": true}).Enabled("B") || !(Map{"A": true}).Enabled("A") {
		t.Error("Map")
	}
	if len(Releases()) == 0 {
		t.Error("no releases")
	}
	if m, err := Minor("1.30"); err != nil || m != 30 {
		t.Errorf("Minor: %d %v", m, err)
	}
}

// TestTableMatchesCatalog holds up the lazy Catalog: without overrides it
// answers the fixed table's gates from the table, which must then say what
// the release's resolved catalog says, at every release with a catalog.
func TestTableMatchesCatalog(t *testing.T) {
	for _, rel := range catalog.Releases() {
		gate, err := resolve(rel)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		g, ok, err := FromCatalog(rel, nil)
		if err != nil || !ok {
			t.Fatalf("FromCatalog(%s): %v %v", rel, ok, err)
		}
		fixed, _ := ForRelease(rel, nil)
		for name := range table {
			want, known := gate.Lookup(name)
			if !known {
				want = fixed.Enabled(name)
			}
			if got := g.Enabled(name); got != want {
				t.Errorf("%s at %s: the table says %v, the catalog %v", name, rel, got, want)
			}
		}
		if c := g.(*Catalog); c.gate != nil {
			t.Errorf("%s: the table's gates resolved the catalog", rel)
		}
	}
}

// TestCatalogResolvesOutsideTheTable: a gate the table does not have is
// answered by the release's catalog.
func TestCatalogResolvesOutsideTheTable(t *testing.T) {
	rel := catalog.Latest()
	gate, err := resolve(rel)
	if err != nil {
		t.Fatal(err)
	}
	r, err := catalog.Load(rel)
	if err != nil {
		t.Fatal(err)
	}
	g, _, _ := FromCatalog(rel, nil)
	checked := 0
	for _, cg := range r.Gates {
		name := cg.Name
		if _, inTable := table[name]; inTable {
			continue
		}
		want, known := gate.Lookup(name)
		if !known {
			continue
		}
		checked++
		if got := g.Enabled(name); got != want {
			t.Errorf("%s at %s: %v, the catalog says %v", name, rel, got, want)
		}
	}
	if checked == 0 || g.(*Catalog).gate == nil {
		t.Errorf("%s: %d gates outside the table checked; resolved: %v", rel, checked, g.(*Catalog).gate != nil)
	}
}
