package catalog

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestApplyDeltaErrors(t *testing.T) {
	base := &Release{Version: "1.18", Patch: "1.18.19", Gates: []Gate{{Name: "A", Component: "kube", Specs: []Spec{{PreRelease: Beta, Default: true}}}}}
	for _, tc := range []struct{ name, data, want string }{
		{"no header", "+A B+\n", "f.txt:1: want header"},
		{"empty", "# only a comment\n", "f.txt: no release header"},
		{"bad release", "release x patch x.1\n", "bad release"},
		{"patch of another minor", "release 1.19 patch 1.18.2\n", "is not a patch of"},
		{"not after previous", "release 1.18 patch 1.18.1\n", "does not follow"},
		{"remove unknown", "release 1.19 patch 1.19.1\n-Nope\n", "f.txt:2: removes Nope"},
		{"twice", "release 1.19 patch 1.19.1\n+B A-\n-B\n", "already changed on line 2"},
		{"bad op", "release 1.19 patch 1.19.1\n*A\n", "must start with"},
		{"no spec", "release 1.19 patch 1.19.1\n+B\n", "has no spec"},
		{"bad stage", "release 1.19 patch 1.19.1\n+B X+\n", "stage"},
		{"bad default", "release 1.19 patch 1.19.1\n+B A?\n", "default"},
		{"bad flag", "release 1.19 patch 1.19.1\n+B A-?\n", "flag"},
		{"bad version", "release 1.19 patch 1.19.1\n+B 1.x:A-\n", "version"},
		{"bad mincompat", "release 1.19 patch 1.19.1\n+B 1.2:A-~x\n", "min compatibility"},
		{"unsorted deps", "release 1.19 patch 1.19.1\n+B A- deps=Z,A\n", "not sorted"},
		{"spec after deps", "release 1.19 patch 1.19.1\n+B A- deps=A B+\n", "after deps"},
		{"bad component", "release 1.19 patch 1.19.1\n+B@a.b A-\n", "bad component"},
		{"bad name", "release 1.19 patch 1.19.1\n+B! A-\n", "bad gate name"},
	} {
		_, err := ApplyDelta(base, "f.txt", []byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestFormatAndApplyRoundTrip(t *testing.T) {
	r1 := &Release{Version: "1.34", Patch: "1.34.10", Gates: []Gate{
		{Name: "Keep", Component: "kube", Specs: []Spec{{Version: "1.30", PreRelease: Alpha}}},
		{Name: "Gone", Component: "apiserver", Specs: []Spec{{PreRelease: Deprecated, LockToDefault: true}}},
		{Name: "Grows", Component: "client-go", Specs: []Spec{{Version: "1.33", PreRelease: Beta}}},
	}}
	r2 := &Release{Version: "1.35", Patch: "1.35.8", Gates: []Gate{
		{Name: "Grows", Component: "client-go", Specs: []Spec{{Version: "1.33", PreRelease: Beta}, {Version: "1.35", PreRelease: Beta, Default: true, MinCompatibilityVersion: "1.35"}}, Dependencies: []string{"Keep"}},
		{Name: "Keep", Component: "kube", Specs: []Spec{{Version: "1.30", PreRelease: Alpha}}},
		{Name: "New", Component: "kube", Specs: []Spec{{Version: "1.35", PreRelease: PreAlpha}}},
	}}
	d1, err := FormatDelta(nil, r1, "first")
	if err != nil {
		t.Fatal(err)
	}
	d2, err := FormatDelta(r1, r2)
	if err != nil {
		t.Fatal(err)
	}
	want2 := "release 1.35 patch 1.35.8\n-Gone\n+Grows@client-go 1.33:B- 1.35:B+~1.35 deps=Keep\n+New 1.35:P-\n"
	if string(d2) != want2 {
		t.Errorf("delta:\n%s\nwant:\n%s", d2, want2)
	}
	g1, err := ApplyDelta(nil, "1", d1)
	if err != nil {
		t.Fatal(err)
	}
	g2, err := ApplyDelta(g1, "2", d2)
	if err != nil {
		t.Fatal(err)
	}
	if want := (&Release{Version: r1.Version, Patch: r1.Patch, Gates: sortedGates(r1.Gates)}); !reflect.DeepEqual(g1, want) {
		t.Errorf("first release: %+v", g1)
	}
	if !reflect.DeepEqual(g2, r2) {
		t.Errorf("second release:\n got %+v\nwant %+v", g2, r2)
	}
	if _, err := FormatDelta(nil, &Release{Version: "1.18", Patch: "1.18.1", Gates: []Gate{{Name: "X", Specs: []Spec{{PreRelease: "GAMMA"}}}}}); err == nil {
		t.Error("an unknown prerelease was encoded")
	}
	if _, err := FormatDelta(nil, &Release{Version: "1.18", Patch: "1.18.1", Gates: []Gate{{Name: "X"}}}); err == nil {
		t.Error("a gate without spec was encoded")
	}
}

func sortedGates(g []Gate) []Gate {
	out := append([]Gate(nil), g...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j].Name < out[i].Name {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// FuzzApplyDelta: arbitrary data never panics, and whatever decodes
// re-encodes to something that decodes to the same release.
func FuzzApplyDelta(f *testing.F) {
	f.Add([]byte("release 1.18 patch 1.18.19\n+A B+\n+B@apiserver G+!\n"))
	f.Add([]byte("release 1.35 patch 1.35.1\n+X 1.33:A- 1.35:B-~1.35 deps=Y\n+Y 1.30:G+!\n"))
	f.Add([]byte("# c\nrelease 1.19 patch 1.19.1\n-A\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ApplyDelta(nil, "fuzz", data)
		if err != nil {
			return
		}
		again, err := FormatDelta(nil, r)
		if err != nil {
			t.Fatalf("decoded release does not encode: %v", err)
		}
		r2, err := ApplyDelta(nil, "again", again)
		if err != nil {
			t.Fatalf("re-encoded release does not decode: %v\n%s", err, again)
		}
		if !reflect.DeepEqual(r, r2) {
			t.Fatalf("round trip changed the release:\n%+v\n%+v", r, r2)
		}
	})
}

// TestApplyDeltaMerges checks the merge of a delta into its previous
// release against the plain definition (every gate of prev, then the
// delta's removals and replacements, sorted by name), for gates added
// before, between and after prev's, and for a prev whose gates a caller
// left unsorted.
func TestApplyDeltaMerges(t *testing.T) {
	gate := func(name, stage string) Gate {
		return Gate{Name: name, Component: defaultComponent, Specs: []Spec{{PreRelease: stage}}}
	}
	sorted := &Release{Version: "1.20", Patch: "1.20.1", Gates: []Gate{gate("B", Alpha), gate("D", Alpha), gate("F", Alpha), gate("H", Alpha)}}
	unsorted := &Release{Version: "1.20", Patch: "1.20.1", Gates: []Gate{gate("H", Alpha), gate("B", Alpha), gate("F", Alpha), gate("D", Alpha)}}
	delta := "release 1.21 patch 1.21.2\n+A B+\n-D\n+E B+\n+F B+\n+Z B+\n-H\n+C B+\n"
	want := []Gate{gate("A", Beta), gate("B", Alpha), gate("C", Beta), gate("E", Beta), gate("F", Beta), gate("Z", Beta)}
	for i := range want {
		if want[i].Specs[0].PreRelease == Beta {
			want[i].Specs[0].Default = true
		}
	}
	for name, prev := range map[string]*Release{"sorted": sorted, "unsorted": unsorted} {
		keep := slices.Clone(prev.Gates)
		got, err := ApplyDelta(prev, "f.txt", []byte(delta))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got.Version != "1.21" || got.Patch != "1.21.2" || !reflect.DeepEqual(got.Gates, want) {
			t.Errorf("%s: got %+v\nwant %+v", name, got, want)
		}
		if !reflect.DeepEqual(prev.Gates, keep) {
			t.Errorf("%s: prev was modified", name)
		}
	}
	// Adding a gate and removing it in one delta is changing it twice.
	if _, err := ApplyDelta(sorted, "f.txt", []byte("release 1.21 patch 1.21.2\n+A B+\n-A\n")); err == nil || !strings.Contains(err.Error(), "already changed on line 2") {
		t.Errorf("add then remove: %v", err)
	}
	if _, err := ApplyDelta(sorted, "f.txt", []byte("release 1.21 patch 1.21.2\n-B\n-B\n")); err == nil || !strings.Contains(err.Error(), "removes B") {
		t.Errorf("remove twice: %v", err)
	}
}
