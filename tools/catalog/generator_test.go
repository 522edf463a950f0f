package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/internal/datagen"
)

func TestThrowAwayGoMod(t *testing.T) {
	upstream, err := os.ReadFile("testdata/gomod-1.18.txt")
	if err != nil {
		t.Fatal(err)
	}
	gomod, staging, stubs, err := throwAwayGoMod(upstream, "1.18.19",
		map[string]bool{"k8s.io/sample-cli-plugin": true}, map[string]string{"k8s.io/kube-scheduler": "v0.18.18"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"go 1.13\n",
		"require k8s.io/kubernetes v1.18.19\n",
		"\tk8s.io/api => k8s.io/api v0.18.19\n",
		"\tk8s.io/component-base => k8s.io/component-base v0.18.19\n",
		"\tk8s.io/sample-cli-plugin => ./stub/k8s_io_sample-cli-plugin\n",
		"\tk8s.io/kube-scheduler => k8s.io/kube-scheduler v0.18.18\n",
		"\tvbom.ml/util => ./stub/vbom_ml_util\n",
		"\tgithub.com/google/cadvisor => github.com/google/cadvisor v0.35.0\n",
		"\tgithub.com/bad/mod v1.0.0\n",
	} {
		if !strings.Contains(gomod, want) {
			t.Errorf("go.mod lacks %q:\n%s", want, gomod)
		}
	}
	if strings.Contains(gomod, "example.com/local") {
		t.Errorf("a local replacement outside staging leaked:\n%s", gomod)
	}
	if want := []string{"k8s.io/api", "k8s.io/component-base", "k8s.io/kube-scheduler", "k8s.io/sample-cli-plugin"}; !reflect.DeepEqual(staging, want) {
		t.Errorf("staging = %v, want %v", staging, want)
	}
	if want := []string{"k8s.io/sample-cli-plugin", "vbom.ml/util"}; !sameSet(stubs, want) {
		t.Errorf("stubs = %v, want %v", stubs, want)
	}
	dir := t.TempDir()
	if err := writeThrowAwayModule(dir, gomod, stubs); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "stub", "vbom_ml_util", "go.mod")); err != nil || string(b) != "module vbom.ml/util\n" {
		t.Errorf("stub go.mod = %q, %v", b, err)
	}
	if _, _, _, err := throwAwayGoMod([]byte("module example.com/x\n"), "1.18.19", nil, nil); err == nil {
		t.Error("a go.mod of another module was accepted")
	}
}

func sameSet(a, b []string) bool {
	m := map[string]int{}
	for _, x := range a {
		m[x]++
	}
	for _, x := range b {
		m[x]--
	}
	for _, n := range m {
		if n != 0 {
			return false
		}
	}
	return len(a) == len(b)
}

func scanFixture(t *testing.T) []pkgInfo {
	t.Helper()
	var pkgs []pkgInfo
	for path, dir := range map[string]string{
		"k8s.io/kubernetes/cmd/kubelet/app": "testdata/scan/app",
		"k8s.io/kubernetes/pkg/features":    "testdata/scan/features",
		"k8s.io/client-go/features":         "testdata/scan/clientfeatures",
	} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		p := pkgInfo{ImportPath: path, Dir: dir}
		for _, e := range entries {
			p.GoFiles = append(p.GoFiles, e.Name())
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

func TestScanRegistrations(t *testing.T) {
	regs, notes, err := scanRegistrations(scanFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []registration{
		{Pkg: "k8s.io/kubernetes/cmd/kubelet/app", CallPkg: "k8s.io/component-base/logs/api/v1", CallFunc: "AddFeatureGates", Checked: true, Pos: "k8s.io/kubernetes/cmd/kubelet/app/server.go:11"},
		{Pkg: "k8s.io/kubernetes/cmd/kubelet/app", CallPkg: "k8s.io/component-base/metrics/features", CallFunc: "AddFeatureGates", Checked: false, Pos: "k8s.io/kubernetes/cmd/kubelet/app/server.go:12"},
		{Pkg: "k8s.io/kubernetes/pkg/features", Pos: "k8s.io/kubernetes/pkg/features/kube_features.go:20"},
	}
	if !reflect.DeepEqual(regs, want) {
		t.Errorf("registrations:\n got %+v\nwant %+v", regs, want)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "server.go:17: AddFeatureGates called outside package init") {
		t.Errorf("notes = %q", notes)
	}
}

func TestScanOwners(t *testing.T) {
	owners, err := scanOwners(scanFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"Typed":               {"k8s.io/kubernetes/pkg/features"},
		"UntypedInTypedBlock": {"k8s.io/kubernetes/pkg/features"},
		"Converted":           {"k8s.io/kubernetes/pkg/features"},
		"WatchListClient":     {"k8s.io/client-go/features"},
	}
	if !reflect.DeepEqual(owners, want) {
		t.Errorf("owners = %v, want %v", owners, want)
	}
}

func TestComponents(t *testing.T) {
	for pkg, want := range map[string]string{
		"k8s.io/kubernetes/pkg/features":              "kube",
		"k8s.io/apiserver/pkg/features":               "apiserver",
		"k8s.io/apiextensions-apiserver/pkg/features": "apiextensions",
		"k8s.io/client-go/features":                   "client-go",
		"k8s.io/component-base/logs/api/v1":           "logs",
		"k8s.io/component-base/metrics/features":      "metrics",
		"k8s.io/component-base/zpages/features":       "zpages",
		"k8s.io/controller-manager/pkg/features":      "controller-manager",
		"k8s.io/component-base/tracing/api/v1":        "tracing",
		"k8s.io/cloud-provider/pkg/features":          "cloud-provider",
	} {
		if got := componentOf(pkg); got != want {
			t.Errorf("componentOf(%s) = %s, want %s", pkg, got, want)
		}
	}
	if got := ownerComponent([]string{"k8s.io/kubernetes/pkg/features", "k8s.io/apiserver/pkg/features"}); got != "apiserver" {
		t.Errorf("a foreign declaration must win over pkg/features, got %s", got)
	}
	if got := ownerComponent(nil); got != "kube" {
		t.Errorf("no declaration: %s", got)
	}
}

func TestDumperSource(t *testing.T) {
	calls := []registration{
		{CallPkg: "k8s.io/component-base/logs/api/v1", CallFunc: "AddFeatureGates", Checked: true},
		{CallPkg: "k8s.io/component-base/logs/api/v1", CallFunc: "AddFeatureGates", Checked: true},
		{CallPkg: "k8s.io/component-base/metrics/features", CallFunc: "AddFeatureGates"},
	}
	for _, minor := range []int{18, 21, 22, 30, 31, 34, 35, 37} {
		src, err := dumperSource(minor, []string{"k8s.io/kubernetes/pkg/features", "k8s.io/kubernetes/pkg/features"}, calls)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "main.go", src, 0); err != nil {
			t.Fatalf("1.%d: dumper does not parse: %v\n%s", minor, err, src)
		}
		s := string(src)
		if strings.Count(s, "AddFeatureGates(utilfeature.DefaultMutableFeatureGate)") != 2 {
			t.Errorf("1.%d: want each registration call once:\n%s", minor, s)
		}
		if strings.Count(s, `_ "k8s.io/kubernetes/pkg/features"`) != 1 {
			t.Errorf("1.%d: want one blank import of pkg/features", minor)
		}
		era, deps := eraOf(minor)
		if strings.Contains(s, "GetAllVersioned") != (era == "versioned") || strings.Contains(s, "Dependencies()") != deps ||
			strings.Contains(s, `FieldByName("known")`) != (era == "reflect") {
			t.Errorf("1.%d: wrong reader for era %s:\n%s", minor, era, s)
		}
	}
}

func TestToRelease(t *testing.T) {
	dump, err := os.ReadFile("testdata/dump.json")
	if err != nil {
		t.Fatal(err)
	}
	owners := map[string][]string{"Flip": {"k8s.io/kubernetes/pkg/features"}, "WatchListClient": {"k8s.io/client-go/features"}}
	rel, warnings, err := toRelease("1.37", "1.37.1", dump, owners)
	if err != nil {
		t.Fatal(err)
	}
	want := &catalog.Release{Version: "1.37", Patch: "1.37.1", Gates: []catalog.Gate{
		{Name: "Flip", Component: "kube", Specs: []catalog.Spec{
			{Version: "1.35", PreRelease: catalog.Beta},
			{Version: "1.35", Default: true, PreRelease: catalog.Beta, MinCompatibilityVersion: "1.35"},
			{Version: "1.37", Default: true, LockToDefault: true, PreRelease: catalog.GA, MinCompatibilityVersion: "1.35"},
		}},
		{Name: "Mystery", Component: "kube", Specs: []catalog.Spec{{Default: true, PreRelease: catalog.Deprecated}}},
		{Name: "WatchListClient", Component: "client-go", Specs: []catalog.Spec{{Version: "1.30", PreRelease: catalog.Beta}}, Dependencies: []string{"Flip"}},
	}}
	if !reflect.DeepEqual(rel, want) {
		t.Errorf("release:\n got %+v\nwant %+v", rel, want)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "Mystery") {
		t.Errorf("warnings = %q", warnings)
	}
	st := statsOf(rel)
	if st.Total != 5 || st.GA != 1 || st.Beta != 1 || st.Deprecated != 1 || st.Locked != 1 || st.WithDeps != 1 {
		t.Errorf("stats = %+v", st)
	}
	if _, _, err := toRelease("1.37", "1.37.1", []byte(`[{"name":"X","specs":[{"default":true}]}]`), nil); err == nil {
		t.Error("a dump without AllAlpha/AllBeta was accepted")
	}
	if _, _, err := toRelease("1.37", "1.37.1", []byte(`[`), nil); err == nil {
		t.Error("broken JSON was accepted")
	}

	list, err := os.ReadFile("testdata/list.yaml")
	if err != nil {
		t.Fatal(err)
	}
	diffs, err := compareWithLists(rel, list)
	if err != nil {
		t.Fatal(err)
	}
	wantDiffs := []string{
		"specs differ for Mystery",
		"only in the build: WatchListClient (client-go)",
		"only in upstream's list: OnlyListed",
	}
	if len(diffs) != len(wantDiffs) {
		t.Fatalf("diffs = %q", diffs)
	}
	for i, w := range wantDiffs {
		if !strings.HasPrefix(diffs[i], w) {
			t.Errorf("diff %d = %q, want prefix %q", i, diffs[i], w)
		}
	}
}

func TestAtRelease(t *testing.T) {
	g := catalog.Gate{Specs: []catalog.Spec{
		{Version: "1.35", PreRelease: catalog.Beta},
		{Version: "1.35", Default: true, PreRelease: catalog.Beta, MinCompatibilityVersion: "1.35"},
		{Version: "1.38", PreRelease: catalog.GA},
	}}
	for release, want := range map[string]bool{"1.35": false, "1.36": true, "1.37": true} {
		s, ok := atRelease(g, release)
		if !ok || s.Default != want {
			t.Errorf("at %s: %+v %v, want default %t", release, s, ok, want)
		}
	}
	if _, ok := atRelease(g, "1.34"); ok {
		t.Error("a gate before its first spec resolved")
	}
}

func TestParsePins(t *testing.T) {
	pins, err := parsePins([]byte("# c\n1.19 1.19.16\n\n1.18 1.18.19\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []pin{{"1.18", "1.18.19"}, {"1.19", "1.19.16"}}; !reflect.DeepEqual(pins, want) {
		t.Errorf("pins = %v", pins)
	}
	for _, bad := range []string{"1.18\n", "1.18 1.19.1\n", "x.y x.y.1\n"} {
		if _, err := parsePins([]byte(bad)); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
	real, err := readPins("releases.txt")
	if err != nil || len(real) == 0 || real[0].minor != "1.18" {
		t.Errorf("releases.txt: %v %v", real, err)
	}
}

func TestParseGoList(t *testing.T) {
	pkgs, err := parseGoList([]byte("a/b\t/x/b\tb.go c.go\n\nd\t/x/d\t\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 2 || pkgs[0].ImportPath != "a/b" || len(pkgs[0].GoFiles) != 2 || len(pkgs[1].GoFiles) != 0 {
		t.Errorf("pkgs = %+v", pkgs)
	}
	if _, err := parseGoList([]byte("just one field\n")); err == nil {
		t.Error("a malformed line was accepted")
	}
	if m := stubNeeded.FindStringSubmatch(`x.go:1:2: module k8s.io/kube-scheduler@latest found (v0.37.2, replaced by ./stub/k8s_io_kube-scheduler), but does not contain package k8s.io/kube-scheduler/config/v1`); m == nil || m[1] != "k8s.io/kube-scheduler" {
		t.Errorf("stubNeeded = %q", m)
	}
}

func TestDataRoundTripAndReport(t *testing.T) {
	dir := t.TempDir()
	r1 := &catalog.Release{Version: "1.18", Patch: "1.18.19", Gates: []catalog.Gate{{Name: "A", Component: "kube", Specs: []catalog.Spec{{Default: true, PreRelease: catalog.Beta}}}}}
	r2 := &catalog.Release{Version: "1.19", Patch: "1.19.16", Gates: []catalog.Gate{{Name: "B", Component: "apiserver", Specs: []catalog.Spec{{PreRelease: catalog.Alpha}}}}}
	if err := os.WriteFile(filepath.Join(dir, "1.17.txt"), []byte("release 1.17 patch 1.17.0\n+Old G+\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeData(dir, map[string]*catalog.Release{"1.18": r1, "1.19": r2}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "1.17.txt")); !os.IsNotExist(err) {
		t.Error("a stale release file was kept")
	}
	got, err := readData(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got["1.18"], r1) || !reflect.DeepEqual(got["1.19"], r2) {
		t.Errorf("round trip: %+v", got)
	}
	report := filepath.Join(dir, "report.txt")
	if err := datagen.MergeReport(report, "# report", []string{"## 1.18 (x)\nold\n", "## 1.19 (y)\nkept\n"}); err != nil {
		t.Fatal(err)
	}
	if err := datagen.MergeReport(report, "# report", []string{"## 1.18 (x)\nnew\n"}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(report)
	if s := string(b); !strings.Contains(s, "new") || strings.Contains(s, "old") || !strings.Contains(s, "kept") || strings.Index(s, "1.18") > strings.Index(s, "1.19") {
		t.Errorf("report:\n%s", s)
	}
}
