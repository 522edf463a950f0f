// Command components derives, for every Kubernetes release the feature-gate
// catalogs cover, which binaries contain code that reads each gate, and
// writes the result to core/featuregate/components/data.
//
// For each minor release it fetches k8s.io/kubernetes at the patch release
// the catalogs were generated from (tools/catalog/releases.txt) and, on
// demand, the staging modules at the matching v0 version, from the Go
// module proxy. Nothing is compiled and no third-party module is fetched:
// packages are read from the module cache with go/build (each platform's
// build constraints) and go/parser. It then
//
//  1. walks the import graph of each binary's main package (cmd/kubelet,
//     cmd/kube-apiserver, cmd/kube-controller-manager, cmd/kube-scheduler,
//     cmd/kube-proxy, cmd/kubectl) within the Kubernetes modules, for every
//     platform the binary ships on;
//  2. finds the feature-gate constants (refs.go) and every reference to one
//     outside the registration tables;
//  3. says a binary reads a gate when a package it links references it.
//
// The table lists exactly the gates of the release's catalog. Names found in
// code but not in the catalog, and catalog gates without a constant, go to
// the report.
//
// Usage (from tools/components, or `make components` at the top):
//
//	go run . [-only 1.36,1.37] [-why NodeSwap,MemoryQoS] [-work DIR]
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/core/featuregate/components"
	"github.com/kubexplorer/kubexplorer/internal/datagen"
)

// binaries are the main packages and the platforms each binary is
// released for.
var binaries = []struct {
	comp components.Component
	main string
	goos []string
}{
	{components.Kubelet, "k8s.io/kubernetes/cmd/kubelet", []string{"linux", "windows"}},
	{components.APIServer, "k8s.io/kubernetes/cmd/kube-apiserver", []string{"linux"}},
	{components.ControllerManager, "k8s.io/kubernetes/cmd/kube-controller-manager", []string{"linux"}},
	{components.Scheduler, "k8s.io/kubernetes/cmd/kube-scheduler", []string{"linux"}},
	{components.Proxy, "k8s.io/kubernetes/cmd/kube-proxy", []string{"linux", "windows"}},
	{components.Kubectl, "k8s.io/kubernetes/cmd/kubectl", []string{"linux", "windows", "darwin"}},
}

func main() {
	out := flag.String("out", "../../core/featuregate/components/data", "data directory")
	pinsFile := flag.String("pins", "../catalog/releases.txt", "minor release -> patch pins (shared with tools/catalog)")
	only := flag.String("only", "", "comma-separated minor releases to regenerate (default: all)")
	why := flag.String("why", "", "comma-separated gates: print the packages that read them, per binary")
	reportFile := flag.String("report", "report.txt", "where to write the per-release report")
	work := flag.String("work", "", "scratch directory for the go command (default: a temporary directory)")
	flag.Parse()
	log.SetFlags(0)

	workDir, cleanup, err := datagen.WorkDir(*work, "kubexplorer-components-")
	if err != nil {
		log.Fatal(err)
	}
	defer cleanup()
	pins, err := readPins(*pinsFile)
	if err != nil {
		log.Fatal(err)
	}
	want := splitList(*only)
	tables, err := readData(*out)
	if err != nil {
		log.Fatal(err)
	}
	f := &fetcher{datagen.Fetcher{Work: workDir}}
	var reports []string
	failed := false
	for _, p := range pins {
		if len(want) > 0 && !want[p[0]] {
			continue
		}
		start := time.Now()
		log.Printf("== %s (k8s.io/kubernetes v%s)", p[0], p[1])
		res, err := derive(f, p[0], p[1], splitList(*why))
		if err != nil {
			log.Printf("FAILED %s: %v", p[1], err)
			failed = true
			continue
		}
		log.Printf("   %s in %s", res.summary(), time.Since(start).Round(time.Second))
		tables[p[0]] = res.table
		reports = append(reports, res.report())
	}
	if err := writeData(*out, tables); err != nil {
		log.Fatal(err)
	}
	if len(reports) > 0 && *reportFile != "" {
		if err := datagen.MergeReport(*reportFile, "# Component data generation report (written by tools/components)", reports); err != nil {
			log.Fatal(err)
		}
	}
	if failed {
		os.Exit(1)
	}
}

func splitList(s string) map[string]bool {
	m := map[string]bool{}
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			m[v] = true
		}
	}
	return m
}

// result is what one release produced.
type result struct {
	table    *components.Table
	packages map[components.Component]int
	notes    []string
	why      []string
}

func (r *result) summary() string {
	counts := map[components.Component]int{}
	for _, g := range r.table.Gates() {
		s, _ := r.table.Readers(g)
		for _, c := range s.List() {
			counts[c]++
		}
	}
	var parts []string
	for _, c := range components.All {
		parts = append(parts, fmt.Sprintf("%s %d", c, counts[c]))
	}
	return fmt.Sprintf("%d gates; read by %s", len(r.table.Gates()), strings.Join(parts, ", "))
}

func (r *result) report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s (k8s.io/kubernetes v%s)\n", r.table.Release, r.table.Patch)
	fmt.Fprintf(&b, "%s\n", r.summary())
	b.WriteString("packages linked (Kubernetes modules only, all platforms):")
	for _, c := range components.All {
		fmt.Fprintf(&b, " %s %d", c, r.packages[c])
	}
	b.WriteString("\n")
	var none []string
	for _, g := range r.table.Gates() {
		if s, _ := r.table.Readers(g); s == 0 {
			none = append(none, g)
		}
	}
	if len(none) > 0 {
		fmt.Fprintf(&b, "read by no binary (%d): %s\n", len(none), strings.Join(none, " "))
	}
	for _, n := range r.notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	for _, w := range r.why {
		fmt.Fprintf(&b, "why: %s\n", w)
	}
	return b.String()
}

// derive computes one release's table.
func derive(f *fetcher, minor, patch string, why map[string]bool) (*result, error) {
	rel, err := catalog.Load(minor)
	if err != nil {
		return nil, err
	}
	k, err := f.Download("k8s.io/kubernetes@v" + patch)
	if err != nil {
		return nil, err
	}
	gomod, err := os.ReadFile(k.GoMod)
	if err != nil {
		return nil, err
	}
	staging, err := stagingModules(gomod)
	if err != nil {
		return nil, err
	}
	res := &result{packages: map[components.Component]int{}}
	dirs := map[string]string{"k8s.io/kubernetes": k.Dir}
	dirOf := func(mod string) (string, error) {
		if d, ok := dirs[mod]; ok {
			return d, nil
		}
		d, note, err := f.fetchStaging(mod, patch)
		if err != nil {
			return "", err
		}
		if note != "" {
			res.notes = append(res.notes, note)
		}
		dirs[mod] = d.Dir
		return d.Dir, nil
	}
	l := newLoader(append([]string{"k8s.io/kubernetes"}, staging...), dirOf)
	reached := map[components.Component][]*pkg{}
	var all []*pkg
	for _, b := range binaries {
		seen := map[string]bool{}
		for _, goos := range b.goos {
			pkgs, err := l.reach(goos, b.main)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", b.comp, err)
			}
			reached[b.comp] = append(reached[b.comp], pkgs...)
			all = append(all, pkgs...)
			for _, p := range pkgs {
				seen[p.path] = true
			}
		}
		res.packages[b.comp] = len(seen)
	}
	for _, m := range sortedKeys(l.missing) {
		res.notes = append(res.notes, "imported but not in the module: "+m)
	}
	s := newScanner()
	u := union(all)
	if err := s.findConstants(u); err != nil {
		return nil, err
	}
	if err := s.findReferences(u); err != nil {
		return nil, err
	}
	declared := map[string]string{} // gate -> declaring package
	for _, p := range sortedKeys(s.consts) {
		for _, c := range sortedKeys(s.consts[p]) {
			if _, dup := declared[s.consts[p][c]]; !dup {
				declared[s.consts[p][c]] = p
			}
		}
	}
	readers := map[string]components.Set{}
	known := map[string]bool{}
	for _, g := range rel.Gates {
		readers[g.Name] = 0
		known[g.Name] = true
	}
	for _, b := range binaries {
		byGate := s.gatesOf(reached[b.comp])
		for _, g := range sortedKeys(byGate) {
			if known[g] {
				readers[g] = readers[g].With(b.comp)
			}
			if why[g] {
				res.why = append(res.why, fmt.Sprintf("%s %s: %s", g, b.comp, strings.Join(dedupe(byGate[g]), " ")))
			}
		}
	}
	for _, g := range sortedKeys(declared) {
		if !known[g] {
			res.notes = append(res.notes, fmt.Sprintf("constant for %s in %s, which the catalog does not list", g, declared[g]))
		}
	}
	for _, g := range rel.Gates {
		if _, ok := declared[g.Name]; !ok {
			res.notes = append(res.notes, fmt.Sprintf("no constant found for catalog gate %s", g.Name))
		}
	}
	res.table = components.NewTable(minor, patch, readers)
	return res, nil
}

func dedupe(xs []string) []string {
	sort.Strings(xs)
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || xs[i-1] != x {
			out = append(out, x)
		}
	}
	return out
}

// readData decodes the existing files so that a partial run keeps the
// releases it did not touch.
func readData(dir string) (map[string]*components.Table, error) {
	out := map[string]*components.Table{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if v, ok := strings.CutSuffix(e.Name(), ".txt"); ok {
			names = append(names, v)
		}
	}
	sort.Slice(names, func(i, j int) bool { return minorLess(names[i], names[j]) })
	var prev *components.Table
	for _, v := range names {
		data, err := os.ReadFile(filepath.Join(dir, v+".txt"))
		if err != nil {
			return nil, err
		}
		t, err := components.ApplyDelta(prev, v+".txt", data)
		if err != nil {
			return nil, err
		}
		out[v], prev = t, t
	}
	return out, nil
}

func writeData(dir string, tables map[string]*components.Table) error {
	versions := sortedKeys(tables)
	sort.Slice(versions, func(i, j int) bool { return minorLess(versions[i], versions[j]) })
	var prev *components.Table
	for _, v := range versions {
		t := tables[v]
		comment := fmt.Sprintf("Kubernetes %s: which binaries read each gate, derived from the source of k8s.io/kubernetes v%s. Generated by tools/components (make components); do not edit.", v, t.Patch)
		if prev != nil {
			comment = fmt.Sprintf("Kubernetes %s: changes since %s of which binaries read each gate, derived from the source of k8s.io/kubernetes v%s. Generated by tools/components (make components); do not edit.", v, prev.Release, t.Patch)
		}
		if err := os.WriteFile(filepath.Join(dir, v+".txt"), components.FormatDelta(prev, t, comment), 0o644); err != nil {
			return err
		}
		prev = t
	}
	return nil
}

func minorLess(a, b string) bool { return catalog.CompareReleases(a, b) < 0 }
