// Command catalog regenerates kubexplorer's feature-gate catalogs
// (core/featuregate/catalog/data) from the real Kubernetes modules on the Go
// module proxy.
//
// For every minor release from 1.18 to the newest the proxy serves it
// creates a throw-away module that requires that release's k8s.io/kubernetes
// (staging modules pinned to the matching v0 versions, upstream's other pins
// copied), lists the packages of the real kubelet binary (cmd/kubelet) to
// find every package whose initialisation registers feature gates on the
// process-global gate, builds a small program that performs exactly those
// registrations without compiling the kubelet itself, and dumps the gate.
// The declaring constants tell which component owns each gate. For 1.32+
// the result is compared with upstream's generated feature lists.
//
// Usage (from tools/catalog, or `make catalog` at the top):
//
//	go run . [-only 1.36,1.37] [-probe=false] [-work DIR] [-check 1.18.19]
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/internal/datagen"
)

func main() {
	out := flag.String("out", "../../core/featuregate/catalog/data", "catalog data directory")
	pinsFile := flag.String("pins", "releases.txt", "minor release -> patch pins")
	only := flag.String("only", "", "comma-separated minor releases to regenerate (default: all)")
	probe := flag.Bool("probe", true, "probe the proxy for newer patches and minor releases")
	work := flag.String("work", "", "work directory for the throw-away modules (default: a temporary directory, removed afterwards)")
	check := flag.String("check", "", "dump one patch release (e.g. 1.18.19) and print its statistics without writing data")
	reportFile := flag.String("report", "report.txt", "where to write the per-release report")
	flag.Parse()
	log.SetFlags(0)

	workDir, cleanup, err := datagen.WorkDir(*work, "kubexplorer-catalog-")
	if err != nil {
		log.Fatal(err)
	}
	defer cleanup()
	g := &generator{work: workDir}

	if *check != "" {
		res, err := g.release(*check)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Print(res.report())
		return
	}

	pins, err := readPins(*pinsFile)
	if err != nil {
		log.Fatal(err)
	}
	want := map[string]bool{}
	for _, v := range strings.Split(*only, ",") {
		if v = strings.TrimSpace(v); v != "" {
			want[v] = true
		}
	}
	if *probe {
		pins = g.probe(pins)
	}
	existing, err := readData(*out)
	if err != nil {
		log.Fatal(err)
	}
	var reports []string
	failed := false
	for _, p := range pins {
		if len(want) > 0 && !want[p.minor] {
			continue
		}
		start := time.Now()
		log.Printf("== %s (k8s.io/kubernetes v%s)", p.minor, p.patch)
		res, err := g.release(p.patch)
		if err != nil {
			log.Printf("FAILED %s: %v", p.patch, err)
			failed = true
			continue
		}
		log.Printf("   %s in %s", res.stats, time.Since(start).Round(time.Second))
		existing[p.minor] = res.rel
		reports = append(reports, res.report())
	}
	if err := writeData(*out, existing); err != nil {
		log.Fatal(err)
	}
	if len(reports) > 0 && *reportFile != "" {
		if err := datagen.MergeReport(*reportFile, "# Feature-gate catalog generation report (written by tools/catalog)", reports); err != nil {
			log.Fatal(err)
		}
	}
	if failed {
		os.Exit(1)
	}
}

type pin struct{ minor, patch string }

func readPins(path string) ([]pin, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parsePins(data)
}

func parsePins(data []byte) ([]pin, error) {
	var pins []pin
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 || !strings.HasPrefix(f[1], f[0]+".") {
			return nil, fmt.Errorf("pins:%d: want \"MINOR PATCH\", got %q", n, line)
		}
		if _, _, ok := parseMinorNum(f[0]); !ok {
			return nil, fmt.Errorf("pins:%d: bad minor %q", n, f[0])
		}
		pins = append(pins, pin{f[0], f[1]})
	}
	sort.Slice(pins, func(i, j int) bool { return minorLess(pins[i].minor, pins[j].minor) })
	return pins, sc.Err()
}

type generator struct {
	work string
}

// goCmd runs the go command in dir with the environment of a linux/amd64
// kubelet build (cgo off, as the release builds of the kubelet) and returns
// its standard output.
func (g *generator) goCmd(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOOS=linux", "GOARCH=amd64", "CGO_ENABLED=0", "GOTOOLCHAIN=local", "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 2000 {
			msg = msg[:2000] + " …"
		}
		return nil, fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, msg)
	}
	return stdout.Bytes(), nil
}

type downloaded = datagen.Module

func (g *generator) fetcher() datagen.Fetcher { return datagen.Fetcher{Work: g.work} }

// download fetches a module into the module cache.
func (g *generator) download(mod string) (downloaded, error) { return g.fetcher().Download(mod) }

// exists asks the proxy whether a version of a module exists at all.
func (g *generator) exists(mod string) bool { return g.fetcher().Exists(mod) }

// essentialStaging are the staging modules the dumper always compiles.
var essentialStaging = map[string]bool{
	"k8s.io/api": true, "k8s.io/apimachinery": true, "k8s.io/apiserver": true,
	"k8s.io/client-go": true, "k8s.io/component-base": true,
}

// served reports whether a patch release can be built: the proxy serves
// k8s.io/kubernetes at it and the essential staging modules at the matching
// v0. Other staging modules it refuses are returned (they get stubs).
func (g *generator) served(patch string) (downloaded, map[string]bool, error) {
	k, err := g.download("k8s.io/kubernetes@v" + patch)
	if err != nil {
		return k, nil, err
	}
	upstream, err := os.ReadFile(k.GoMod)
	if err != nil {
		return k, nil, err
	}
	_, staging, _, err := throwAwayGoMod(upstream, patch, nil, nil)
	if err != nil {
		return k, nil, err
	}
	sv := "v0." + strings.TrimPrefix(patch, "1.")
	unserved := map[string]bool{}
	for _, m := range staging {
		if _, err := g.download(m + "@" + sv); err != nil {
			if essentialStaging[m] {
				return k, nil, fmt.Errorf("staging module %s@%s: %v", m, sv, err)
			}
			unserved[m] = true
		}
	}
	return k, unserved, nil
}

// probe looks for newer patches of each pinned minor and for minors after
// the newest pin, and returns the pins to use. It asks the proxy about one
// version at a time and stops at the first version that does not exist, so
// a run costs one or two look-ups per minor.
func (g *generator) probe(pins []pin) []pin {
	const maxSteps = 10
	var out []pin
	for _, p := range pins {
		cur, _ := strconv.Atoi(p.patch[strings.LastIndex(p.patch, ".")+1:])
		for n := cur + 1; n <= cur+maxSteps; n++ {
			v := fmt.Sprintf("%s.%d", p.minor, n)
			if !g.exists("k8s.io/kubernetes@v" + v) {
				break
			}
			if _, _, err := g.served(v); err != nil {
				log.Printf("probe: %s exists but is not usable: %v", v, err)
				continue
			}
			log.Printf("probe: %s has a newer usable patch %s (pin says %s)", p.minor, v, p.patch)
			p.patch = v
		}
		out = append(out, p)
	}
	for len(out) > 0 {
		x, y, _ := parseMinorNum(out[len(out)-1].minor)
		next := fmt.Sprintf("%d.%d", x, y+1)
		found := ""
		for n := 0; n < maxSteps && g.exists(fmt.Sprintf("k8s.io/kubernetes@v%s.%d", next, n)); n++ {
			v := fmt.Sprintf("%s.%d", next, n)
			if _, _, err := g.served(v); err != nil {
				log.Printf("probe: %s exists but is not usable: %v", v, err)
				continue
			}
			found = v
		}
		if found == "" {
			log.Printf("probe: no usable release of %s yet", next)
			break
		}
		log.Printf("probe: new minor release %s (%s)", next, found)
		out = append(out, pin{next, found})
	}
	return out
}

// result is the outcome of one release.
type result struct {
	rel           *catalog.Release
	stats         stats
	registrations []registration
	notes         []string
	warnings      []string
	listDiffs     []string
	listsChecked  bool
	depDiffs      []string
	depsChecked   bool
}

func (r *result) report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s (k8s.io/kubernetes v%s)\n", r.rel.Version, r.rel.Patch)
	fmt.Fprintf(&b, "%s\n", r.stats)
	b.WriteString("registrations during kubelet start-up:\n")
	for _, reg := range r.registrations {
		fmt.Fprintf(&b, "  %s\n", reg)
	}
	for _, n := range r.notes {
		fmt.Fprintf(&b, "  note: %s\n", n)
	}
	for _, w := range r.warnings {
		fmt.Fprintf(&b, "  warning: %s\n", w)
	}
	if r.listsChecked {
		if len(r.listDiffs) == 0 {
			b.WriteString("upstream feature lists: identical\n")
		} else {
			b.WriteString("upstream feature lists differ:\n")
			for _, d := range r.listDiffs {
				fmt.Fprintf(&b, "  %s\n", d)
			}
		}
	}
	if r.depsChecked {
		if len(r.depDiffs) == 0 {
			b.WriteString("dependencies in upstream's feature_list.md: identical\n")
		} else {
			b.WriteString("dependencies in upstream's feature_list.md differ:\n")
			for _, d := range r.depDiffs {
				fmt.Fprintf(&b, "  %s\n", d)
			}
		}
	}
	return b.String()
}

// kubeletPkg is the main package of the kubelet binary.
const kubeletPkg = "k8s.io/kubernetes/cmd/kubelet"

func (g *generator) release(patch string) (*result, error) {
	x, y, ok := parseMinorNum(patch)
	if !ok || strings.Count(patch, ".") != 2 {
		return nil, fmt.Errorf("bad patch release %q", patch)
	}
	minor := fmt.Sprintf("%d.%d", x, y)
	k, unserved, err := g.served(patch)
	if err != nil {
		return nil, err
	}
	upstream, err := os.ReadFile(k.GoMod)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(g.work, "v"+patch)
	substitutes := map[string]string{}
	var stubs []string
	var kubeletPkgs []pkgInfo
	for attempt := 0; ; attempt++ {
		var gomod string
		gomod, _, stubs, err = throwAwayGoMod(upstream, patch, unserved, substitutes)
		if err != nil {
			return nil, err
		}
		if err := os.RemoveAll(dir); err != nil {
			return nil, err
		}
		if err := writeThrowAwayModule(dir, gomod, stubs); err != nil {
			return nil, err
		}
		// Which packages of the real kubelet register gates at start-up.
		kubeletPkgs, err = g.listDeps(dir, kubeletPkg)
		if err == nil {
			break
		}
		// A stubbed staging module turned out to be needed: pin the newest
		// served version of it from the same minor instead.
		m := stubNeeded.FindStringSubmatch(err.Error())
		if m == nil || attempt > 10 || !unserved[m[1]] {
			return nil, err
		}
		v, serr := g.nearestServed(m[1], patch)
		if serr != nil {
			return nil, fmt.Errorf("%v (and no substitute: %v)", err, serr)
		}
		substitutes[m[1]] = v
		delete(unserved, m[1])
	}
	regs, notes, err := scanRegistrations(kubeletPkgs)
	if err != nil {
		return nil, err
	}
	var blank []string
	var calls []registration
	for _, r := range regs {
		if r.CallPkg != "" {
			calls = append(calls, r)
		} else {
			blank = append(blank, r.Pkg)
		}
	}
	if len(blank) == 0 {
		return nil, fmt.Errorf("no package of the kubelet registers gates in init: scan broken?")
	}
	src, err := dumperSource(y, blank, calls)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), src, 0o644); err != nil {
		return nil, err
	}
	if _, err := g.goCmd(dir, "build", "-o", "dump", "."); err != nil {
		return nil, err
	}
	dump, err := exec.Command(filepath.Join(dir, "dump")).Output()
	if err != nil {
		return nil, fmt.Errorf("run dumper: %v", err)
	}
	dumperPkgs, err := g.listDeps(dir, ".")
	if err != nil {
		return nil, err
	}
	owners, err := scanOwners(dumperPkgs)
	if err != nil {
		return nil, err
	}
	rel, warnings, err := toRelease(minor, patch, dump, owners)
	if err != nil {
		return nil, err
	}
	res := &result{rel: rel, stats: statsOf(rel), registrations: regs, notes: notes, warnings: warnings}
	for _, s := range stubs {
		res.notes = append(res.notes, "stubbed module not served by the proxy (not compiled): "+s)
	}
	for m, v := range substitutes {
		res.notes = append(res.notes, fmt.Sprintf("%s is not served at v0.%s; used %s", m, strings.TrimPrefix(patch, "1."), v))
	}
	sort.Strings(res.notes)
	var lists [][]byte
	for _, p := range []string{
		"test/compatibility_lifecycle/reference/versioned_feature_list.yaml",
		"test/compatibility_lifecycle/reference/unversioned_feature_list.yaml",
		"test/featuregates_linter/test_data/versioned_feature_list.yaml",
		"test/featuregates_linter/test_data/unversioned_feature_list.yaml",
	} {
		if data, err := os.ReadFile(filepath.Join(k.Dir, p)); err == nil {
			lists = append(lists, data)
		}
	}
	if len(lists) > 0 {
		res.listsChecked = true
		if res.listDiffs, err = compareWithLists(rel, lists...); err != nil {
			return nil, fmt.Errorf("compare with upstream lists: %w", err)
		}
	}
	if data, err := os.ReadFile(filepath.Join(k.Dir, featureListPath)); err == nil {
		listed, err := parseFeatureListDeps(data)
		if err != nil {
			return nil, err
		}
		res.depsChecked = true
		res.depDiffs = compareDeps(rel, listed)
	}
	_ = os.Remove(filepath.Join(dir, "dump"))
	return res, nil
}

// stubNeeded recognises the go command's complaint about a stubbed module
// that the build needs.
var stubNeeded = regexp.MustCompile(`module (\S+)@latest found \([^)]*replaced by \./stub/`)

// nearestServed finds the newest served version of a staging module below
// the patch release's own (same minor).
func (g *generator) nearestServed(mod, patch string) (string, error) {
	return g.fetcher().NearestServed(mod, patch)
}

func (g *generator) listDeps(dir, pkg string) ([]pkgInfo, error) {
	out, err := g.goCmd(dir, "list", "-deps", "-f", `{{if not .Standard}}{{.ImportPath}}{{"\t"}}{{.Dir}}{{"\t"}}{{join .GoFiles " "}}{{end}}`, pkg)
	if err != nil {
		return nil, err
	}
	return parseGoList(out)
}

func parseGoList(out []byte) ([]pkgInfo, error) {
	var pkgs []pkgInfo
	for _, line := range strings.Split(string(out), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("unexpected go list line %q", line)
		}
		pkgs = append(pkgs, pkgInfo{ImportPath: f[0], Dir: f[1], GoFiles: strings.Fields(f[2])})
	}
	return pkgs, nil
}

// readData decodes the existing catalog files so that a partial
// regeneration can re-encode the deltas of the releases it did not touch.
func readData(dir string) (map[string]*catalog.Release, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".txt") {
			names = append(names, e.Name())
		}
	}
	sort.Slice(names, func(i, j int) bool {
		return minorLess(strings.TrimSuffix(names[i], ".txt"), strings.TrimSuffix(names[j], ".txt"))
	})
	out := map[string]*catalog.Release{}
	var prev *catalog.Release
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			return nil, err
		}
		r, err := catalog.ApplyDelta(prev, n, data)
		if err != nil {
			return nil, err
		}
		out[r.Version] = r
		prev = r
	}
	return out, nil
}

// writeData encodes all releases, oldest whole and the rest as deltas, and
// removes files of releases that are no longer present.
func writeData(dir string, rels map[string]*catalog.Release) error {
	var versions []string
	for v := range rels {
		versions = append(versions, v)
	}
	sort.Slice(versions, func(i, j int) bool { return minorLess(versions[i], versions[j]) })
	var prev *catalog.Release
	written := map[string]bool{}
	for _, v := range versions {
		r := rels[v]
		comment := fmt.Sprintf("Kubernetes %s: the gates a kubelet v%s registers. Generated by tools/catalog (make catalog); do not edit.", v, r.Patch)
		if prev != nil {
			comment = fmt.Sprintf("Kubernetes %s: changes since %s of the gates a kubelet v%s registers. Generated by tools/catalog (make catalog); do not edit.", v, prev.Version, r.Patch)
		}
		data, err := catalog.FormatDelta(prev, r, comment)
		if err != nil {
			return fmt.Errorf("%s: %w", v, err)
		}
		name := v + ".txt"
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
		written[name] = true
		prev = r
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".txt") && !written[e.Name()] {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}
