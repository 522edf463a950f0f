package catalog

import (
	"bytes"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog/resolvedtest"
	"github.com/kubexplorer/kubexplorer/core/releases"
)

// wantCounts is the number of gates the real kubelet binary of each release
// registers, AllAlpha and AllBeta included (the catalog leaves those two
// out), as tools/catalog measured them; 1.18, 1.24, 1.30 and 1.37 agree with
// the counts verified independently in the facts file (1.18.19 → 101,
// 1.24.17 → 140, 1.30.14 → 169, 1.37.0 → 254).
var wantCounts = map[string]int{
	"1.18": 101, "1.19": 107, "1.20": 119, "1.21": 125, "1.22": 129, "1.23": 140, "1.24": 140,
	"1.25": 142, "1.26": 147, "1.27": 149, "1.28": 154, "1.29": 162, "1.30": 169, "1.31": 167,
	"1.32": 179, "1.33": 191, "1.34": 208, "1.35": 218, "1.36": 242, "1.37": 254,
}

var knownComponents = map[string]bool{
	"kube": true, "apiserver": true, "apiextensions": true, "client-go": true, "logs": true,
	"metrics": true, "controller-manager": true, "zpages": true,
}

func load(t *testing.T, release string) *Release {
	t.Helper()
	r, err := Load(release)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The catalog has a file for every release of the project's one range,
// and none more: core/releases is what the explorer, the CLI and the page
// offer, so a release without a catalog would fail there.
func TestReleasesAreTheModelledRange(t *testing.T) {
	rs := Releases()
	if !slices.Equal(rs, releases.All()) {
		t.Fatalf("catalog releases = %v, want core/releases' %v", rs, releases.All())
	}
	if Latest() != releases.Newest {
		t.Errorf("latest = %s, want %s", Latest(), releases.Newest)
	}
	if len(rs) != len(wantCounts) {
		t.Errorf("%d releases, but the count table has %d: add the new release's count", len(rs), len(wantCounts))
	}
}

func TestCounts(t *testing.T) {
	for _, v := range Releases() {
		r := load(t, v)
		if got := len(r.Gates) + 2; got != wantCounts[v] {
			t.Errorf("%s: %d gates incl. AllAlpha/AllBeta, want %d", v, got, wantCounts[v])
		}
	}
}

func TestWellFormed(t *testing.T) {
	for _, v := range Releases() {
		r := load(t, v)
		versioned := compareMinor(v, "1.31") >= 0
		hasDeps := compareMinor(v, "1.35") >= 0
		if r.Version != v || !strings.HasPrefix(r.Patch, v+".") {
			t.Errorf("%s: version %q patch %q", v, r.Version, r.Patch)
		}
		names := map[string]bool{}
		for i, g := range r.Gates {
			if i > 0 && r.Gates[i-1].Name >= g.Name {
				t.Errorf("%s: gates not sorted/unique at %s", v, g.Name)
			}
			names[g.Name] = true
			if g.Name == "AllAlpha" || g.Name == "AllBeta" {
				t.Errorf("%s: %s is listed", v, g.Name)
			}
			if !knownComponents[g.Component] {
				t.Errorf("%s: %s has component %q", v, g.Name, g.Component)
			}
			if len(g.Specs) == 0 {
				t.Errorf("%s: %s has no spec", v, g.Name)
			}
			if !versioned && (len(g.Specs) != 1 || g.Specs[0].Version != "") {
				t.Errorf("%s: %s must have one unversioned spec before 1.31: %+v", v, g.Name, g.Specs)
			}
			for j, s := range g.Specs {
				switch s.PreRelease {
				case Alpha, Beta, GA, Deprecated, PreAlpha:
				default:
					t.Errorf("%s: %s: prerelease %q", v, g.Name, s.PreRelease)
				}
				if s.Version != "" && j > 0 && g.Specs[j-1].Version != "" && compareMinor(s.Version, g.Specs[j-1].Version) < 0 {
					t.Errorf("%s: %s: specs out of version order: %+v", v, g.Name, g.Specs)
				}
				if s.Version != "" && compareMinor(s.Version, v) > 0 && compareMinor(s.Version, v) > 1 {
					t.Errorf("%s: %s: spec version %s is more than one release ahead", v, g.Name, s.Version)
				}
				if s.MinCompatibilityVersion != "" && !hasDeps {
					t.Errorf("%s: %s: min compatibility version before 1.35", v, g.Name)
				}
			}
			if g.Dependencies != nil && (!hasDeps || len(g.Dependencies) == 0 || !slices.IsSorted(g.Dependencies)) {
				t.Errorf("%s: %s: dependencies %v", v, g.Name, g.Dependencies)
			}
		}
		for _, g := range r.Gates {
			for _, d := range g.Dependencies {
				if !names[d] {
					t.Errorf("%s: %s depends on unknown %s", v, g.Name, d)
				}
			}
		}
	}
}

// TestDataIsCanonical re-encodes every release and requires the embedded
// files byte for byte: the files are exactly what the generator writes, and
// decoding loses nothing.
func TestDataIsCanonical(t *testing.T) {
	var prev *Release
	for _, v := range Releases() {
		r := load(t, v)
		data, err := fs.ReadFile(diskFS, "data/"+v+".txt")
		if err != nil {
			t.Fatal(err)
		}
		var comments []string
		for _, line := range strings.Split(string(data), "\n") {
			if c, ok := strings.CutPrefix(line, "# "); ok {
				comments = append(comments, c)
			}
		}
		again, err := FormatDelta(prev, r, comments...)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, data) {
			t.Errorf("%s: the embedded file is not what FormatDelta writes", v)
		}
		prev = r
	}
}

func TestLoadErrorsAndCopies(t *testing.T) {
	for _, bad := range []string{"", "1.17", "1.99", "v1.30", "1.30.1", "latest"} {
		if _, err := Load(bad); err == nil {
			t.Errorf("Load(%q) succeeded", bad)
		}
	}
	a := load(t, "1.30")
	a.Gates[0].Name = "Mutated"
	a.Gates[0].Specs[0].Default = !a.Gates[0].Specs[0].Default
	b := load(t, "1.30")
	if b.Gates[0].Name == "Mutated" || b.Gates[0].Specs[0].Default == a.Gates[0].Specs[0].Default {
		t.Error("Load returned shared data")
	}
	if _, ok := b.Gate("NoSuchGate"); ok {
		t.Error("Gate found an unknown name")
	}
}

// specAtRelease resolves a gate at its own release, the way the kubelet
// sees it (emulation version = the release, min compatibility = one below).
func specAtRelease(t *testing.T, release, name string) (Spec, bool) {
	t.Helper()
	g, ok := load(t, release).Gate(name)
	if !ok {
		return Spec{}, false
	}
	return g.SpecAt(release), true
}

// TestStagesAgainstTheFacts checks the stage mix at each release against
// the facts file's table (measured on pkg/features, AllAlpha and AllBeta
// counted as alpha and beta), plus the gates the kubelet adds on top: the
// logs gates (ContextualLogging alpha in 1.24, beta by 1.30;
// LoggingAlphaOptions, LoggingBetaOptions), ComponentSLIs (beta) in 1.30,
// NativeHistograms and one controller-manager gate in 1.37.
func TestStagesAgainstTheFacts(t *testing.T) {
	type mix struct{ alpha, beta, ga, deprecated, locked int }
	cases := []struct {
		release string
		facts   mix // pkg/features incl. AllAlpha/AllBeta
		extra   mix // added by the kubelet
	}{
		{"1.18", mix{39, 42, 19, 1, 14}, mix{}},
		{"1.24", mix{45, 54, 39, 1, 31}, mix{alpha: 1}},
		{"1.30", mix{61, 68, 30, 6, 29}, mix{alpha: 1, beta: 3}},
		// NativeHistograms (beta) and ControllerManagerReleaseLeaderElectionLockOnExit (alpha).
		{"1.37", mix{55, 106, 71, 17, 67}, mix{alpha: 2, beta: 3}},
	}
	for _, c := range cases {
		var got mix
		for _, g := range load(t, c.release).Gates {
			s, _ := specAtRelease(t, c.release, g.Name)
			switch s.PreRelease {
			case Alpha:
				got.alpha++
			case Beta:
				got.beta++
			case GA:
				got.ga++
			case Deprecated:
				got.deprecated++
			}
			if s.LockToDefault {
				got.locked++
			}
		}
		got.alpha++ // AllAlpha
		got.beta++  // AllBeta
		want := mix{c.facts.alpha + c.extra.alpha, c.facts.beta + c.extra.beta, c.facts.ga + c.extra.ga,
			c.facts.deprecated + c.extra.deprecated, c.facts.locked + c.extra.locked}
		if got != want {
			t.Errorf("%s: alpha/beta/GA/deprecated/locked = %+v, want %+v", c.release, got, want)
		}
	}
}

// TestChurn checks the facts file's churn figures, measured on pkg/features:
// 50 names of 1.18 are gone by 1.24; 81 names of 1.30 are gone by 1.37 and
// 165 are new. The kubelet's own gates add one gone and two new: ComponentSLIs
// (1.30, gone by 1.37), NativeHistograms and
// ControllerManagerReleaseLeaderElectionLockOnExit (new by 1.37).
func TestChurn(t *testing.T) {
	diff := func(from, to string) (gone, added int) {
		a, b := load(t, from), load(t, to)
		for _, g := range a.Gates {
			if _, ok := b.Gate(g.Name); !ok {
				gone++
			}
		}
		for _, g := range b.Gates {
			if _, ok := a.Gate(g.Name); !ok {
				added++
			}
		}
		return gone, added
	}
	if gone, _ := diff("1.18", "1.24"); gone != 50 {
		t.Errorf("1.18 → 1.24: %d gone, want 50", gone)
	}
	if gone, added := diff("1.30", "1.37"); gone != 81+1 || added != 165+2 {
		t.Errorf("1.30 → 1.37: %d gone, %d new, want 82 and 167", gone, added)
	}
}

func TestKnownHistories(t *testing.T) {
	type want struct {
		release string
		absent  bool
		pre     string
		def     bool
		lock    bool
		comp    string
	}
	cases := map[string][]want{
		// Beta default-on in 1.18, deprecated default-off 1.22–1.25, removed in 1.26.
		"DynamicKubeletConfig": {
			{release: "1.18", pre: Beta, def: true}, {release: "1.21", pre: Beta, def: true},
			{release: "1.22", pre: Deprecated}, {release: "1.25", pre: Deprecated}, {release: "1.26", absent: true},
		},
		// Alpha 1.22, beta (on) 1.23, GA locked 1.33.
		"CPUManagerPolicyOptions": {
			{release: "1.21", absent: true}, {release: "1.22", pre: Alpha}, {release: "1.23", pre: Beta, def: true},
			{release: "1.32", pre: Beta, def: true}, {release: "1.33", pre: GA, def: true, lock: true},
		},
		// Locked GA in 1.37.
		"NodeSwap": {
			{release: "1.22", pre: Alpha}, {release: "1.28", pre: Beta}, {release: "1.30", pre: Beta, def: true},
			{release: "1.37", pre: GA, def: true, lock: true},
		},
		// Removed gates from the facts' user stories.
		"KubeletCredentialProviders": {{release: "1.27", pre: GA, def: true, lock: true}, {release: "1.28", absent: true}},
		"BlockVolume":                {{release: "1.18", pre: GA, def: true, lock: true}, {release: "1.21", absent: true}},
		"CSIMigrationGCE":            {{release: "1.25", pre: GA, def: true, lock: true}},
		// apiserver, client-go and logs gates are accepted by the kubelet too.
		"APIListChunking":   {{release: "1.18", pre: Beta, def: true, comp: "apiserver"}},
		"WatchListClient":   {{release: "1.29", absent: true}, {release: "1.30", pre: Beta, comp: "client-go"}},
		"ContextualLogging": {{release: "1.23", absent: true}, {release: "1.24", pre: Alpha, comp: "logs"}},
	}
	for name, steps := range cases {
		for _, w := range steps {
			s, ok := specAtRelease(t, w.release, name)
			if w.absent {
				if ok {
					t.Errorf("%s present in %s", name, w.release)
				}
				continue
			}
			if !ok {
				t.Errorf("%s missing from %s", name, w.release)
				continue
			}
			if s.PreRelease != w.pre || s.Default != w.def || s.LockToDefault != w.lock {
				t.Errorf("%s at %s = %+v, want stage %q default %t locked %t", name, w.release, s, w.pre, w.def, w.lock)
			}
			if w.comp != "" {
				g, _ := load(t, w.release).Gate(name)
				if g.Component != w.comp {
					t.Errorf("%s at %s: component %s, want %s", name, w.release, g.Component, w.comp)
				}
			}
		}
	}
}

func TestDependencies(t *testing.T) {
	r := load(t, "1.37")
	for _, child := range []string{"WindowsGracefulNodeShutdown", "GracefulNodeShutdownBasedOnPodPriority"} {
		g, ok := r.Gate(child)
		if !ok || !slices.Contains(g.Dependencies, "GracefulNodeShutdown") {
			t.Errorf("1.37: %s dependencies = %v", child, g.Dependencies)
		}
	}
	n := 0
	for _, g := range r.Gates {
		if len(g.Dependencies) > 0 {
			n++
		}
	}
	if n != 58 {
		t.Errorf("1.37: %d gates have dependencies, the generator measured 58", n)
	}
	for _, v := range []string{"1.18", "1.30", "1.34"} {
		for _, g := range load(t, v).Gates {
			if g.Dependencies != nil {
				t.Errorf("%s: %s has dependencies before 1.35", v, g.Name)
			}
		}
	}
}

func TestClientGoGatesOfTheFacts(t *testing.T) {
	r := load(t, "1.37")
	for _, n := range []string{"AtomicFIFO", "ClientsAllowCARotation", "ClientsAllowCBOR", "ClientsAllowTLSCacheGC", "ClientsPreferCBOR",
		"InOrderInformers", "InOrderInformersBatchProcess", "InformerResourceVersion", "UnlockWhileProcessingFIFO", "WatchListClient"} {
		if g, ok := r.Gate(n); !ok || g.Component != "client-go" {
			t.Errorf("1.37: %s = %+v, %v", n, g, ok)
		}
	}
}

func BenchmarkLoad(b *testing.B) {
	var size int
	for _, v := range Releases() {
		data, _ := fs.ReadFile(diskFS, "data/"+v+".txt")
		size += len(data)
	}
	b.ReportMetric(float64(size), "embedded-bytes")
	b.Run("cold-all-releases", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			s := newStore(diskFS)
			if _, err := s.load(Latest()); err != nil {
				b.Fatal(err)
			}
		}
	})
	// The release before the newest decodes every delta up to it: a
	// returning visitor's saved release, the page's first live result.
	b.Run("cold-previous-release", func(b *testing.B) {
		all := Releases()
		for i := 0; i < b.N; i++ {
			s := newStore(diskFS)
			if _, err := s.load(all[len(all)-2]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("warm-latest", func(b *testing.B) {
		if _, err := Load(Latest()); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, err := Load(Latest()); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// diskFS is the package directory: data/ with every release's file (the
// engine embeds all but the newest's, dataFS).
var diskFS = os.DirFS(".")

// TestNewestIsTheDeltas requires the newest release, compiled in whole
// (newest.go) so that a first evaluation decodes it with the few small
// functions of whole.go, to be exactly what the deltas give.
// go test -rewrite-resolved (part of make catalog) writes newest.go.
func TestNewestIsTheDeltas(t *testing.T) {
	chain := newStore(diskFS)
	latest := Latest()
	r, err := chain.load(latest)
	if err != nil {
		t.Fatal(err)
	}
	src, err := newestSource(r, chain.files)
	if err != nil {
		t.Fatal(err)
	}
	if resolvedtest.CheckFile(t, "newest.go", src) {
		return
	}
	got, err := Load(latest)
	if err != nil || !reflect.DeepEqual(got, r) {
		t.Fatalf("Load(%s) = %v, %v; want what the deltas give", latest, got, err)
	}
	if defaultStore().decoded[len(defaultStore().decoded)-1] != nil {
		t.Fatalf("Load(%s) decoded the deltas", latest)
	}
	// The engine's store, without the newest delta, lists the same
	// releases and gives the newest whole.
	if !slices.Equal(Releases(), chain.versions) {
		t.Fatalf("Releases() = %v, the data files %v", Releases(), chain.versions)
	}
	if got, err := newStore(dataFS).load(latest); err != nil || !reflect.DeepEqual(got, r) {
		t.Fatalf("the embedded store's %s = %v, %v; want what the deltas give", latest, got, err)
	}
	for _, bad := range []string{"", "release 1.37", "release 1.37 patch 1.37.1\nX", "release 1.37 patch 1.37.1\n+A", "release 1.37 patch 1.37.1\n+A Q+",
		"release 1.37 patch 1.37.1\n+A B*", "release 1.37 patch 1.37.1\n+A B+?", "release 1.37 patch 1.37.1\n+A 1.2:B"} {
		if r, ok := readWhole(bad); ok {
			t.Errorf("readWhole(%q) = %+v, want a refusal", bad, r)
		}
	}
}

// newestSource is newest.go for r, the newest release, and files, every
// release's data file, oldest first.
func newestSource(r *Release, files []string) ([]byte, error) {
	text, err := FormatDelta(nil, r)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by go test -rewrite-resolved; DO NOT EDIT.\n\npackage catalog\n\nimport \"embed\"\n\n")
	b.WriteString("// dataFS holds the deltas of every release but the newest.\n//go:embed")
	for _, f := range files[:len(files)-1] {
		b.WriteString(" data/" + f)
	}
	b.WriteString("\nvar dataFS embed.FS\n\n")
	fmt.Fprintf(&b, "// newestVersion is the newest release, compiled in whole (whole.go).\nconst newestVersion = %q\n\n", r.Version)
	fmt.Fprintf(&b, "// newestText is Kubernetes %s resolved whole: FormatDelta(nil, R) of\n// what the deltas of data/ give up to %s.txt.\nconst newestText = `%s`\n", r.Version, r.Version, text)
	return format.Source(b.Bytes())
}
