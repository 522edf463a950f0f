package catalog

import (
	"slices"
	"testing"
)

func TestSpecAt(t *testing.T) {
	g := Gate{Name: "X", Specs: []Spec{
		{Version: "1.30", PreRelease: Alpha},
		{Version: "1.32", PreRelease: Beta, Default: true},
		{Version: "1.35", PreRelease: Beta, Default: false},
		{Version: "1.35", PreRelease: Beta, Default: true, MinCompatibilityVersion: "1.35"},
		{Version: "1.37", PreRelease: GA, Default: true, LockToDefault: true},
	}}
	cases := []struct {
		release string
		want    Spec
	}{
		{"1.29", Spec{PreRelease: PreAlpha}},
		{"1.30", g.Specs[0]},
		{"1.31", g.Specs[0]},
		{"1.34", g.Specs[1]},
		// At 1.35 the minimum compatibility version is 1.34: the spec
		// that needs 1.35 does not apply yet.
		{"1.35", g.Specs[2]},
		{"1.36", g.Specs[3]},
		{"1.37", g.Specs[4]},
		{"bad", Spec{PreRelease: PreAlpha}},
	}
	for _, c := range cases {
		if got := g.SpecAt(c.release); got != c.want {
			t.Errorf("SpecAt(%s) = %+v, want %+v", c.release, got, c.want)
		}
	}
	unversioned := Gate{Name: "U", Specs: []Spec{{PreRelease: Beta, Default: true}}}
	if got := unversioned.SpecAt("1.18"); got != unversioned.Specs[0] {
		t.Errorf("unversioned spec = %+v", got)
	}
}

func TestCompareKinds(t *testing.T) {
	from := &Release{Version: "1.30", Gates: []Gate{
		{Name: "Back", Component: "kube", Specs: []Spec{{PreRelease: Beta}}},
		{Name: "Dep", Component: "kube", Specs: []Spec{{PreRelease: Beta, Default: true}}},
		{Name: "Gone", Component: "kube", Specs: []Spec{{PreRelease: GA, Default: true, LockToDefault: true}}},
		{Name: "Promo", Component: "kube", Specs: []Spec{{PreRelease: Alpha}}},
		{Name: "Same", Component: "kube", Specs: []Spec{{PreRelease: Beta, Default: true}}},
		{Name: "Unlock", Component: "kube", Specs: []Spec{{PreRelease: GA, Default: true, LockToDefault: true}}},
	}}
	to := &Release{Version: "1.35", Gates: []Gate{
		{Name: "Back", Component: "kube", Specs: []Spec{{Version: "1.35", PreRelease: Alpha}}},
		{Name: "Dep", Component: "kube", Specs: []Spec{{Version: "1.33", PreRelease: Deprecated}}, Dependencies: []string{"Same"}},
		{Name: "New", Component: "kube", Specs: []Spec{{Version: "1.35", PreRelease: Beta, Default: true}}},
		{Name: "Promo", Component: "kube", Specs: []Spec{{Version: "1.34", PreRelease: GA, Default: true, LockToDefault: true}}},
		{Name: "Same", Component: "kube", Specs: []Spec{{Version: "1.20", PreRelease: Beta, Default: true}}},
		{Name: "Unlock", Component: "kube", Specs: []Spec{{Version: "1.35", PreRelease: GA, Default: true}}},
	}}
	d := Compare(from, to)
	got := map[string][]ChangeKind{}
	for _, c := range d.Changes {
		got[c.Name] = c.Kinds
	}
	want := map[string][]ChangeKind{
		"Back":   {Demoted},
		"Dep":    {DeprecatedKind, DefaultChanged, DependenciesChanged},
		"Gone":   {Removed},
		"New":    {Added},
		"Promo":  {Promoted, DefaultChanged, Locked},
		"Unlock": {Unlocked},
	}
	if len(got) != len(want) {
		t.Errorf("changes = %v, want %v", got, want)
	}
	for n, w := range want {
		if !slices.Equal(got[n], w) {
			t.Errorf("%s: kinds %v, want %v", n, got[n], w)
		}
	}
	if d.Counts[DefaultChanged] != 2 || d.Counts[Added] != 1 {
		t.Errorf("counts = %v", d.Counts)
	}
	names := make([]string, len(d.Changes))
	for i, c := range d.Changes {
		names[i] = c.Name
	}
	if !slices.IsSorted(names) {
		t.Errorf("changes not sorted: %v", names)
	}
	for _, c := range d.Changes {
		if c.Describe() == "" {
			t.Errorf("%s: empty description", c.Name)
		}
	}
}

// TestDiffReleasesKnownHistories checks the diff of the real catalogs
// against histories the catalog tests also pin.
func TestDiffReleasesKnownHistories(t *testing.T) {
	cases := []struct {
		from, to, gate string
		want           []ChangeKind
		describe       string
	}{
		{"1.21", "1.22", "DynamicKubeletConfig", []ChangeKind{DeprecatedKind, DefaultChanged}, "BETA → DEPRECATED; default true → false"},
		{"1.25", "1.26", "DynamicKubeletConfig", []ChangeKind{Removed}, "removed: a kubelet that still sets it refuses to start"},
		{"1.29", "1.30", "NodeSwap", []ChangeKind{DefaultChanged}, "default false → true"},
		{"1.30", "1.34", "NodeSwap", []ChangeKind{Promoted, Locked}, "BETA → GA; locked to true: setting it to false stops a kubelet"},
		{"1.25", "1.26", "CPUManager", []ChangeKind{Promoted, Locked}, "BETA → GA; locked to true: setting it to false stops a kubelet"},
	}
	for _, c := range cases {
		d, err := DiffReleases(c.from, c.to)
		if err != nil {
			t.Fatal(err)
		}
		var found *GateChange
		for i := range d.Changes {
			if d.Changes[i].Name == c.gate {
				found = &d.Changes[i]
			}
		}
		if found == nil {
			t.Errorf("%s→%s: no change for %s", c.from, c.to, c.gate)
			continue
		}
		if !slices.Equal(found.Kinds, c.want) || found.Describe() != c.describe {
			t.Errorf("%s→%s %s: %v %q, want %v %q", c.from, c.to, c.gate, found.Kinds, found.Describe(), c.want, c.describe)
		}
	}
	if d, _ := DiffReleases("1.30", "1.30"); len(d.Changes) != 0 {
		t.Errorf("a release differs from itself: %v", d.Changes)
	}
	if _, err := DiffReleases("1.30", "1.99"); err == nil {
		t.Error("no error for an unknown release")
	}
}
