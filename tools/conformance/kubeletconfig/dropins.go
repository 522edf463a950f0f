package kubeletconfig

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Drop-in directories (--config-dir, 1.28+): a config file and one to
// three drop-ins, drawn from the same generators as the documents, plus
// what only drop-ins meet: field names in another case (matched without
// case by encoding/json from 1.32, by the internal type's Go names in
// 1.29–1.31), nulls that remove what the file set, files the walk skips.

var (
	dropinDocs  = flag.Int("dropin-dirs", 1000, "number of generated drop-in directories to compare (releases whose steps have LoadDir)")
	dropinFiles = flag.String("dropin-files", "", "compare these hand-written directories instead (a glob of files: the config file, then each drop-in after a line '--- NAME'), printing both outcomes")
)

// DropinDir is where both sides find the drop-ins; it shows in error texts.
const DropinDir = "/etc/kubernetes/kubelet.conf.d"

// DropinFile is one file of a drop-in directory.
type DropinFile struct {
	Name string `json:"name"`
	Data string `json:"data"`
}

// dropinNoise are lines only drop-ins are given.
var dropinNoise = []string{"MaxPods: ten", "MaxPods: 30", "maxPods: null", "logging: null", "PORT: 10251",
	"HairpinMode: bogus", "Logging:\n  Format: xml", "logging:\n  Format: json", "registerWithTaints: null",
	"memorySwap:\n  swapBehavior: null", "featureGates: null", "Port: \"x\"", "maxpods: -1", "PodsPerCore: -2",
	"podsPerCore: 3", "hairpinmode: bogus", "maxpods: null", "eventburst: -1"}

// Dropins returns directory seed: the config file, the drop-ins (in the
// walk's order) and the gates to read afterwards.
func (c *Corpus) Dropins(seed uint64) (base []byte, files []DropinFile, gates []string) {
	r := newRng(seed ^ 0x64726f70)
	if r.Intn(4) == 0 {
		base, gates = c.Doc(seed) // anything the file corpus writes
	} else {
		base, gates = c.cleanDoc(seed<<4, r)
	}
	for i, n := 0, 1+r.Intn(3); i < n; i++ {
		var data []byte
		var g []string
		if r.Intn(5) == 0 {
			data, g = c.Doc(seed<<4 | uint64(i+1))
		} else {
			data, g = c.cleanDoc(seed<<4|uint64(i+1), r)
		}
		gates = append(gates, g...)
		text := string(data)
		if r.Intn(2) == 0 {
			text += dropinNoise[r.Intn(len(dropinNoise))] + "\n"
		}
		files = append(files, DropinFile{Name: fmt.Sprintf("%02d-d.conf", 10*(i+1)), Data: text})
	}
	if r.Intn(6) == 0 {
		files = append(files, DropinFile{Name: "99-notes.txt", Data: "not: [a config"})
	}
	sort.Strings(gates)
	return base, files, dedup(gates)
}

func dedup(xs []string) []string {
	var out []string
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// DropinRelease is a release that can load a config file with a drop-in
// directory.
type DropinRelease interface {
	Release
	LoadDropins(path string, data []byte, files []DropinFile, gates []string) Outcome
}

// RunDropins compares -dropin-dirs generated directories.
func RunDropins(t *testing.T, rel DropinRelease) {
	if *dropinDocs == 0 {
		return
	}
	m, c := start(t, rel)
	defer m.close()
	var minor int
	fmt.Sscanf(rel.Version(), "1.%d", &minor)
	if *dropinFiles != "" {
		compareDropinFiles(t, m, rel, c, minor)
		return
	}
	stages := map[string]int{}
	failed := 0
	var report strings.Builder
	first, last := *fromSeed, *fromSeed+*dropinDocs-1
	if *onlyDoc != 0 {
		first, last = *onlyDoc, *onlyDoc
	}
	for seed := first; seed <= last; seed++ {
		base, files, asked := c.Dropins(uint64(seed))
		var known []string
		for _, g := range asked {
			if rel.Known(g) {
				known = append(known, g)
			}
		}
		up := sameChannel(rel.LoadDropins(ConfigPath, base, files, known))
		model, err := m.loadDropins(rel.Version(), base, files, known)
		if err != nil {
			t.Fatalf("the model cannot evaluate directory %d: %v", seed, err)
		}
		stages[up.Stage]++
		diffs := Diff(minor, model, up)
		if len(diffs) == 0 && *onlyDoc == 0 {
			continue
		}
		if len(diffs) > 0 {
			failed++
		}
		if failed > *examples && *onlyDoc == 0 {
			continue
		}
		fmt.Fprintf(&report, "directory %d (go test -run . -dropin-dirs 1 -doc %d):\n--- %s\n%s", seed, seed, ConfigPath, base)
		for _, f := range files {
			fmt.Fprintf(&report, "--- %s/%s\n%s", DropinDir, f.Name, f.Data)
		}
		for _, d := range diffs {
			fmt.Fprintf(&report, "  => %s\n", d)
		}
		if *onlyDoc != 0 {
			fmt.Fprintf(&report, "upstream:    %+v\nkubexplorer: %+v\n", up, model)
		}
	}
	announce(t, fmt.Sprintf("agreement kubelet %s drop-in directories: %d directories, %d disagree (upstream outcomes: %s)",
		rel.Version(), last-first+1, failed, outcomeCounts(stages)))
	if *onlyDoc != 0 {
		fmt.Print(report.String())
	}
	if failed > 0 {
		t.Errorf("%d directories disagree:\n%s", failed, report.String())
	}
}

// writeDropins writes a fresh drop-in directory under root.
func writeDropins(root string, files []DropinFile) string {
	dir := filepath.Join(root, "kubelet.conf.d")
	if err := os.RemoveAll(dir); err != nil {
		panic(err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		panic(err)
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), []byte(f.Data), 0o600); err != nil {
			panic(err)
		}
	}
	return dir
}

// cleanDoc is a document that loads on its own most of the time: the
// header, a few tracked fields, well-formed gates, nested structs and
// validated values, so that the merge itself is what varies.
func (c *Corpus) cleanDoc(seed uint64, r *rng) ([]byte, []string) {
	d := &doc{r: newRng(seed), gates: map[string]bool{}}
	if r.Intn(20) != 0 {
		d.add("apiVersion: kubelet.config.k8s.io/v1beta1")
	}
	if r.Intn(20) != 0 {
		d.add("kind: KubeletConfiguration")
	}
	for k := r.Intn(3); k > 0; k-- {
		c.field(d)
	}
	if r.Intn(3) == 0 {
		d.add("featureGates:")
		for k := 1 + r.Intn(2); k > 0; k-- {
			pool := [][]string{c.alpha, c.beta, c.settled}[r.Intn(3)]
			name := d.pick(pool)
			if d.gates[name] {
				continue
			}
			d.gates[name] = true
			d.add("  %s: %t", name, r.Intn(2) == 0)
		}
	}
	if r.Intn(3) == 0 {
		c.nested(d, newRng(seed^0x6e657374))
	} else {
		// Well-typed nested values only: the blocks whose first values
		// are (the others list only bad ones).
		b := nestedBlocks[r.Intn(len(nestedBlocks))]
		if c.minor >= b.since && strings.Contains("logging authentication authorization registerWithTaints", b.field) {
			d.used = map[string]bool{b.field: true}
			d.add("%s:", b.field)
			for _, vals := range b.lines[:1+r.Intn(len(b.lines))] {
				d.add("%s", vals[0])
			}
		}
	}
	if r.Intn(2) == 0 {
		c.validated(d, newRng(seed^0x76616c69))
	}
	c.caseFold(d, newRng(seed^0x63617365), true)
	var gates []string
	for n := range d.gates {
		gates = append(gates, n)
	}
	return []byte(strings.Join(d.lines, "\n") + "\n"), gates
}

// compareDropinFiles loads hand-written directories (-dropin-files) through
// both sides and prints the outcomes.
func compareDropinFiles(t *testing.T, m *model, rel DropinRelease, c *Corpus, minor int) {
	names, err := filepath.Glob(*dropinFiles)
	if err != nil || len(names) == 0 {
		t.Fatalf("-dropin-files %q: no file (%v)", *dropinFiles, err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		parts := strings.Split("\n"+string(data), "\n--- ")
		base := strings.TrimPrefix(parts[0], "\n") + "\n"
		var files []DropinFile
		for _, p := range parts[1:] {
			fname, body, _ := strings.Cut(p, "\n")
			files = append(files, DropinFile{Name: strings.TrimSpace(fname), Data: body + "\n"})
		}
		var known []string
		for _, g := range c.sample {
			if rel.Known(g) {
				known = append(known, g)
			}
		}
		up := sameChannel(rel.LoadDropins(ConfigPath, []byte(base), files, known))
		model, err := m.loadDropins(rel.Version(), []byte(base), files, known)
		if err != nil {
			t.Fatalf("the model cannot evaluate %s: %v", name, err)
		}
		fmt.Printf("%s:\nupstream:    %+v\nkubexplorer: %+v\n\n", name, up, model)
		for _, d := range Diff(minor, model, up) {
			t.Errorf("%s: %s", name, d)
		}
	}
}
