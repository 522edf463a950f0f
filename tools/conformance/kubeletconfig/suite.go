package kubeletconfig

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var (
	docs     = flag.Int("docs", 1000, "number of generated KubeletConfiguration documents (seeds from…from+N-1)")
	fromSeed = flag.Int("from", 1, "the first document seed")
	onlyDoc  = flag.Int("doc", 0, "run only this document seed and print it")
	examples = flag.Int("examples", 8, "kinds of mismatch to shrink to a minimal document")
	strict   = flag.Bool("strict-decoding", false, "fail on decoding differences too")
	docFiles = flag.String("files", "", "compare these documents instead (a glob), printing both outcomes")
)

// decoding reports a disagreement that lies in decoding the document
// (core/yamldoc and core/kubeletstart's decode.go, sigsjson.go,
// jsoniter.go): one side stops while loading, or only the lenient-decoding
// warning differs. These are listed but fail the test only with
// -strict-decoding (make conformance passes it).
func decoding(model, up Outcome, diffs []string) bool {
	if model.Stage == "loadConfig" || up.Stage == "loadConfig" {
		return true
	}
	for _, d := range diffs {
		if !strings.HasPrefix(d, "lenient-decoding warning") {
			return false
		}
	}
	return true
}

// start starts the model and makes the corpus of rel's release from the
// model's gate catalog; the caller closes the model.
func start(t *testing.T, rel Release) (*model, *Corpus) {
	m, err := startModel(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	gates, err := m.catalog(rel.Version())
	if err != nil {
		m.close()
		t.Fatal(err)
	}
	c, err := newCorpus(rel, gates)
	if err != nil {
		m.close()
		t.Fatal(err)
	}
	return m, c
}

// Run loads the generated documents through rel and the model and fails on
// every disagreement, printing the agreement figures and, for each kind of
// mismatch, the first document shrunk to the fewest lines that still show it.
func Run(t *testing.T, rel Release) {
	m, c := start(t, rel)
	defer m.close()
	if *docFiles != "" {
		compareFiles(t, m, rel, c)
		return
	}
	first, last := *fromSeed, *fromSeed+*docs-1
	if *onlyDoc != 0 {
		first, last = *onlyDoc, *onlyDoc
	}
	type group struct {
		n        int
		seed     uint64
		decoding bool
	}
	groups := map[string]*group{}
	var kinds []string
	stages := map[string]int{}
	failed, decodingOnly := 0, 0
	for seed := first; seed <= last; seed++ {
		data, asked := c.Doc(uint64(seed))
		up, model, diffs := compare(t, m, rel, data, asked)
		stages[up.Stage]++
		if *onlyDoc != 0 {
			fmt.Printf("document %d:\n%s\nupstream:    %+v\nkubexplorer: %+v\n", seed, data, up, model)
		}
		if len(diffs) == 0 {
			continue
		}
		failed++
		dec := decoding(model, up, diffs)
		if dec {
			decodingOnly++
		}
		k := Kind(model, up, diffs)
		if dec {
			k = "decoding: " + k
		}
		if g, ok := groups[k]; ok {
			g.n++
			continue
		}
		groups[k] = &group{n: 1, seed: uint64(seed), decoding: dec}
		kinds = append(kinds, k)
	}
	n := last - first + 1
	announce(t, fmt.Sprintf("agreement kubelet %s config file: %d documents, %d disagree, %d of them in decoding (upstream outcomes: %s)",
		rel.Version(), n, failed, decodingOnly, outcomeCounts(stages)))
	if failed == 0 {
		return
	}
	sort.SliceStable(kinds, func(i, j int) bool { return groups[kinds[i]].n > groups[kinds[j]].n })
	var b strings.Builder
	for i, k := range kinds {
		g := groups[k]
		fmt.Fprintf(&b, "%d× %s\n", g.n, k)
		if i >= *examples {
			continue
		}
		data, asked := c.Doc(g.seed)
		small := Shrink(data, func(d []byte) bool {
			up, model, diffs := compare(t, m, rel, d, asked)
			if len(diffs) == 0 || decoding(model, up, diffs) != g.decoding {
				return false
			}
			kk := Kind(model, up, diffs)
			if g.decoding {
				kk = "decoding: " + kk
			}
			return kk == k
		})
		_, _, diffs := compare(t, m, rel, small, asked)
		fmt.Fprintf(&b, "  document %d (go test -run . -doc %d), shrunk to:\n", g.seed, g.seed)
		for _, l := range strings.Split(strings.TrimRight(string(small), "\n"), "\n") {
			fmt.Fprintf(&b, "    | %s\n", l)
		}
		for _, d := range diffs {
			fmt.Fprintf(&b, "    => %s\n", d)
		}
	}
	report := fmt.Sprintf("%d of %d documents disagree:\n%s", failed, n, b.String())
	if failed > decodingOnly || *strict {
		t.Error(report)
	} else {
		t.Log(report)
		fmt.Println(report)
	}
}

func compare(t *testing.T, m *model, rel Release, data []byte, gates []string) (up, model Outcome, diffs []string) {
	var known []string
	for _, g := range gates {
		if rel.Known(g) {
			known = append(known, g)
		}
	}
	up = sameChannel(rel.Load(ConfigPath, data, known))
	model, err := m.load(rel.Version(), data, known)
	if err != nil {
		t.Fatalf("the model cannot evaluate the document: %v\n%s", err, data)
	}
	var minor int
	fmt.Sscanf(rel.Version(), "1.%d", &minor)
	return up, model, Diff(minor, model, up)
}

// Shrink deletes lines (one at a time, last first) while fails holds.
func Shrink(data []byte, fails func([]byte) bool) []byte {
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	join := func(ls []string) []byte { return []byte(strings.Join(ls, "\n") + "\n") }
	for progress := true; progress; {
		progress = false
		for i := len(lines) - 1; i >= 0 && len(lines) > 1; i-- {
			cand := append(append([]string(nil), lines[:i]...), lines[i+1:]...)
			if fails(join(cand)) {
				lines, progress = cand, true
			}
		}
	}
	return join(lines)
}

// sameChannel passes an upstream outcome through the JSON the model's
// answers come through, which replaces every byte that is not UTF-8 with
// U+FFFD: json-iterator's "unexpected character: \xff" arrives alike from
// both sides.
func sameChannel(o Outcome) Outcome {
	b, err := json.Marshal(o)
	if err != nil {
		return o
	}
	var out Outcome
	if err := json.Unmarshal(b, &out); err != nil {
		return o
	}
	return out
}

// compareFiles loads the documents -files names through both sides and
// prints the outcomes, failing on a disagreement: a way to ask the real
// kubelet about a hand-written file.
func compareFiles(t *testing.T, m *model, rel Release, c *Corpus) {
	names, err := filepath.Glob(*docFiles)
	if err != nil || len(names) == 0 {
		t.Fatalf("-files %q: no file (%v)", *docFiles, err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		up, model, diffs := compare(t, m, rel, data, c.sample)
		fmt.Printf("%s:\n%s\nupstream:    %+v\nkubexplorer: %+v\n\n", name, data, up, model)
		for _, d := range diffs {
			t.Errorf("%s: %s", name, d)
		}
	}
}

// outcomeCounts lists how many runs ended at each upstream stage ("starts"
// for a kubelet that starts), sorted: the agreement figures' last part.
func outcomeCounts(stages map[string]int) string {
	var st []string
	for s, k := range stages {
		if s == "" {
			s = "starts"
		}
		st = append(st, fmt.Sprintf("%s %d", s, k))
	}
	sort.Strings(st)
	return strings.Join(st, ", ")
}

// announce prints a run's agreement figures on the output (make
// conformance runs the modules in directory mode, which shows it) and in
// the test log.
func announce(t *testing.T, figures string) {
	fmt.Println(figures)
	t.Log(figures)
}
