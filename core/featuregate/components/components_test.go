package components

import (
	"bytes"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog/resolvedtest"
)

// TestTablesMatchTheCatalogs: one table per catalog release, listing
// exactly the gates the catalog lists.
func TestTablesMatchTheCatalogs(t *testing.T) {
	if !slices.Equal(Releases(), catalog.Releases()) {
		t.Fatalf("releases %v, catalogs %v", Releases(), catalog.Releases())
	}
	for _, v := range Releases() {
		tab, err := Load(v)
		if err != nil {
			t.Fatal(err)
		}
		rel, err := catalog.Load(v)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, g := range rel.Gates {
			names = append(names, g.Name)
		}
		if got := tab.Gates(); !slices.Equal(got, names) {
			t.Errorf("%s: table gates differ from the catalog's", v)
		}
		if !strings.HasPrefix(tab.Patch, v+".") || tab.Patch != rel.Patch {
			t.Errorf("%s: derived from %s, the catalog from %s", v, tab.Patch, rel.Patch)
		}
		kubelet := 0
		for _, g := range tab.Gates() {
			if s, _ := tab.Readers(g); s.Has(Kubelet) {
				kubelet++
			}
		}
		// Every release's kubelet reads most of the gates it registers.
		if kubelet*2 < len(names) {
			t.Errorf("%s: the kubelet reads only %d of %d gates: the derivation looks broken", v, kubelet, len(names))
		}
	}
}

// TestCheckedByHand pins entries verified against upstream's source (see
// docs/catalog.md): a change here needs the same check again.
func TestCheckedByHand(t *testing.T) {
	cases := []struct {
		release, gate string
		want          []Component
	}{
		// pkg/kubelet/kuberuntime, pkg/kubelet/apis/config/validation, cmd/kubelet/app.
		{"1.30", "NodeSwap", []Component{Kubelet}},
		// cmd/kube-proxy/app only.
		{"1.30", "KubeProxyDrainingTerminatingNodes", []Component{Proxy}},
		// client-go's reflector still used ENABLE_CLIENT_GO_WATCH_LIST_ALPHA in 1.30.
		{"1.30", "WatchListClient", []Component{}},
		// Registered in component-base/metrics/features, read nowhere.
		{"1.30", "ComponentSLIs", []Component{}},
		// An untyped constant in pkg/features, read in pkg/kubelet.
		{"1.37", "ReloadKubeletClientCAFile", []Component{Kubelet}},
		// GA: the code no longer asks.
		{"1.37", "KubeletCgroupDriverFromCRI", []Component{}},
		{"1.30", "KubeletCgroupDriverFromCRI", []Component{Kubelet}},
		// The logs gate every binary's logging setup reads.
		{"1.24", "ContextualLogging", []Component{Kubelet, APIServer, ControllerManager, Scheduler, Proxy, Kubectl}},
	}
	for _, c := range cases {
		got, ok, err := ReadBy(c.release, c.gate)
		if err != nil || !ok {
			t.Fatalf("%s %s: ok=%t err=%v", c.release, c.gate, ok, err)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s %s: read by %v, want %v", c.release, c.gate, got, c.want)
		}
	}
	if _, ok, _ := ReadBy("1.30", "NoSuchGate"); ok {
		t.Error("an unknown gate has readers")
	}
	if _, _, err := ReadBy("1.99", "NodeSwap"); err == nil {
		t.Error("no error for an unknown release")
	}
}

func TestNotReadBy(t *testing.T) {
	tab := NewTable("1.30", "1.30.0", map[string]Set{
		"KubeletOnly": Set(0).With(Kubelet),
		"ServerOnly":  Set(0).With(APIServer).With(ControllerManager),
		"Nobody":      0,
	})
	got := tab.NotReadBy(Kubelet, []string{"ServerOnly", "KubeletOnly", "Nobody", "Unknown", "ServerOnly"})
	if len(got) != 2 || got[0].Gate != "Nobody" || got[1].Gate != "ServerOnly" || !slices.Equal(got[1].ReadBy, []Component{APIServer, ControllerManager}) {
		t.Fatalf("NotReadBy = %+v", got)
	}
	if m := got[1].Message(Kubelet, "1.30"); m != "ServerOnly is accepted but no kubelet code of 1.30 reads it, so setting it here changes nothing (only kube-apiserver, kube-controller-manager read it)" {
		t.Errorf("message = %q", m)
	}
	if m := got[0].Message(Kubelet, "1.30"); !strings.HasSuffix(m, "(no Kubernetes binary reads it)") {
		t.Errorf("message = %q", m)
	}
}

func TestSetCodes(t *testing.T) {
	for _, s := range []Set{0, Set(0).With(Kubelet), Set(0).With(Kubectl).With(APIServer), 63} {
		back, ok := parseCode(s.code())
		if !ok || back != s {
			t.Errorf("%v: code %q parses back to %v", s, s.code(), back)
		}
	}
	for _, bad := range []string{"", "ka k", "ak", "kk", "x", ".k"} {
		if _, ok := parseCode(bad); ok {
			t.Errorf("%q parsed", bad)
		}
	}
	if Set(0).String() != "none" || Set(0).With(Proxy).String() != "kube-proxy" {
		t.Error("String")
	}
}

func TestDeltaRoundTripAndErrors(t *testing.T) {
	a := NewTable("1.30", "1.30.1", map[string]Set{"A": 1, "B": 3, "C": 0})
	b := NewTable("1.31", "1.31.2", map[string]Set{"A": 1, "B": 2, "D": 32})
	for _, c := range [][2]*Table{{nil, a}, {a, b}} {
		data := FormatDelta(c[0], c[1], "comment")
		got, err := ApplyDelta(c[0], "t", data)
		if err != nil {
			t.Fatal(err)
		}
		if got.Release != c[1].Release || got.Patch != c[1].Patch || !slices.Equal(got.Gates(), c[1].Gates()) {
			t.Fatalf("round trip: %+v", got)
		}
		for _, g := range got.Gates() {
			x, _ := got.Readers(g)
			y, _ := c[1].Readers(g)
			if x != y {
				t.Errorf("%s: %v, want %v", g, x, y)
			}
		}
	}
	bad := []struct {
		prev       *Table
		data, want string
	}{
		{nil, "+A k\n", "want header"},
		{nil, "release 1.30 patch 1.31.0\n", "is not a patch of"},
		{a, "release 1.29 patch 1.29.0\n", "does not follow"},
		{a, "release 1.31 patch 1.31.0\n-Z\n", "drops Z"},
		{nil, "release 1.30 patch 1.30.0\n+A kx\n", "bad component codes"},
		{nil, "release 1.30 patch 1.30.0\n+A k\n+A a\n", "already changed"},
		{nil, "release 1.30 patch 1.30.0\n*A k\n", "must start with"},
		{nil, "release 1.30 patch 1.30.0\n+A\n", "want \"+Name codes\""},
		{nil, "release 1.30 patch 1.30.0\n+A/B k\n", "bad gate name"},
		{nil, "# only a comment\n", "no release header"},
	}
	for _, c := range bad {
		if _, err := ApplyDelta(c.prev, "t", []byte(c.data)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err %v, want %q", c.data, err, c.want)
		}
	}
}

func FuzzApplyDelta(f *testing.F) {
	f.Add("release 1.30 patch 1.30.0\n+A kacspt\n-B\n+C .\n")
	f.Fuzz(func(t *testing.T, data string) {
		tab, err := ApplyDelta(nil, "f", []byte(data))
		if err != nil {
			return
		}
		again, err := ApplyDelta(nil, "f", FormatDelta(nil, tab))
		if err != nil || !slices.Equal(again.Gates(), tab.Gates()) {
			t.Fatalf("re-encoding failed: %v", err)
		}
	})
}

// TestResolvedIsTheDeltas requires the newest release, compiled in whole
// (newest.go) so that a first evaluation reads one text with whole.go's
// few functions instead of the data files, to be exactly what the deltas
// give, and to be what Load uses. go test -rewrite-resolved (part of make
// components) writes newest.go.
func TestResolvedIsTheDeltas(t *testing.T) {
	chain := newTables(diskFS)
	chain.noResolved = true
	names := Releases()
	latest := names[len(names)-1]
	tab, err := chain.get(latest)
	if err != nil {
		t.Fatal(err)
	}
	if resolvedtest.CheckFile(t, "newest.go", newestSource(tab, chain.order)) {
		return
	}
	// The engine's tables, without the newest delta, list the same
	// releases as the data files.
	if !slices.Equal(names, chain.order) {
		t.Fatalf("Releases() = %v, the data files %v", names, chain.order)
	}
	whole := newTables(dataFS)
	got2, err := whole.get(latest)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got2, tab) {
		t.Fatal("the resolved release decodes differently from the deltas")
	}
	if whole.chained != 0 || len(whole.byRel) != 1 {
		t.Fatal("loading the newest release decoded the deltas too")
	}
	// An older release still comes from the deltas, and the newest stays.
	if _, err := whole.get(names[0]); err != nil {
		t.Fatal(err)
	}
	if again, _ := whole.get(latest); again != got2 {
		t.Fatal("decoding the deltas replaced the newest release's table")
	}
}

// TestLoadDecodesTheDeltasUpToTheRelease: a page evaluating an older
// release decodes the deltas up to it, not the newer ones, and a later
// release goes on from there to the same tables a full chain gives.
func TestLoadDecodesTheDeltasUpToTheRelease(t *testing.T) {
	names := Releases()
	full := newTables(diskFS)
	full.noResolved = true
	if _, err := full.get(names[len(names)-1]); err != nil {
		t.Fatal(err)
	}
	lazy := newTables(dataFS)
	for _, i := range []int{3, 3, 1, len(names) - 2} {
		tab, err := lazy.get(names[i])
		if err != nil {
			t.Fatal(err)
		}
		if lazy.chained != max(4, i+1) {
			t.Errorf("after %s: %d deltas decoded, want %d", names[i], lazy.chained, max(4, i+1))
		}
		if !reflect.DeepEqual(tab, full.byRel[names[i]]) {
			t.Errorf("%s decodes differently when its deltas are decoded on demand", names[i])
		}
	}
}

// diskFS is the package directory: data/ with every release's file (the
// engine embeds all but the newest's, dataFS).
var diskFS = os.DirFS(".")

// newestSource is newest.go for tab, the newest release's table, and
// releases, every release's data file, oldest first.
func newestSource(tab *Table, releases []string) []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by go test -rewrite-resolved; DO NOT EDIT.\n\npackage components\n\nimport \"embed\"\n\n")
	b.WriteString("// dataFS holds the deltas of every release but the newest.\n//\n//go:embed")
	for _, r := range releases[:len(releases)-1] {
		b.WriteString(" data/" + r + ".txt")
	}
	b.WriteString("\nvar dataFS embed.FS\n\n")
	fmt.Fprintf(&b, "// newestVersion is the newest release, compiled in whole (whole.go).\nconst newestVersion = %q\n\n", tab.Release)
	fmt.Fprintf(&b, "// newestText is Kubernetes %s's table resolved whole: FormatDelta(nil, T)\n// of what the deltas of data/ give up to %s.txt.\nconst newestText = `%s`\n", tab.Release, tab.Release, FormatDelta(nil, tab))
	return b.Bytes()
}

// TestReadWholeRefuses: whole.go reads only what FormatDelta writes.
func TestReadWholeRefuses(t *testing.T) {
	for _, bad := range []string{"", "release 1.37", "release 1.37 patch 1.37.1\nX k", "release 1.37 patch 1.37.1\n+A",
		"release 1.37 patch 1.37.1\n+ k", "release 1.37 patch 1.37.1\n+A q", "release 1.37 patch 1.37.1\n+A ak", "release 1.37 patch 1.37.1\n-A",
		"release 1.37 patch 1.37.1\n+B k\n+A k", "release 1.37 patch 1.37.1\n+A k\n+A k"} {
		if tab, ok := readWhole(bad); ok {
			t.Errorf("readWhole(%q) = %+v, want a refusal", bad, tab)
		}
	}
	tab, ok := readWhole("release 1.37 patch 1.37.1\n+A k\n+B .\n")
	if !ok || tab.Release != "1.37" || tab.Patch != "1.37.1" || !reflect.DeepEqual(tab.readerMap(), map[string]Set{"A": Set(0).With(Kubelet), "B": 0}) {
		t.Errorf("readWhole = %+v, %v", tab, ok)
	}
}

// readerMap is the table as a map of gate to readers.
func (t *Table) readerMap() map[string]Set {
	m := make(map[string]Set, len(t.gates))
	for i, g := range t.gates {
		m[g] = t.readers[i]
	}
	return m
}

// ApplyDelta merges a file's lines into the previous table in their order.
func TestApplyDeltaMerges(t *testing.T) {
	prev := NewTable("1.36", "1.36.0", map[string]Set{"A": 0, "B": Set(0).With(Kubelet), "C": 0})
	for delta, want := range map[string]map[string]Set{
		"-B\n+D k\n+A k\n":   {"A": Set(0).With(Kubelet), "C": 0, "D": Set(0).With(Kubelet)},
		"+X k\n-X\n":         nil, // one change per gate and file
		"+0 .\n+Z k\n":       {"0": 0, "A": 0, "B": Set(0).With(Kubelet), "C": 0, "Z": Set(0).With(Kubelet)},
		"-A\n-B\n-C\n+Z .\n": {"Z": 0},
		"-Z\n":               nil,
		"-A\n-A\n":           nil,
	} {
		tab, err := ApplyDelta(prev, "1.37.txt", []byte("release 1.37 patch 1.37.0\n"+delta))
		if want == nil {
			if err == nil {
				t.Errorf("%q: no error", delta)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", delta, err)
			continue
		}
		if !reflect.DeepEqual(tab.readerMap(), want) || !slices.IsSorted(tab.gates) {
			t.Errorf("%q: %v %v, want %v", delta, tab.gates, tab.readerMap(), want)
		}
	}
}
