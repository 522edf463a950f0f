package components

import (
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

// dataFS holds data/ but for the newest release's delta; it is declared
// in newest.go, whose embed directive is generated: the newest release is
// read whole (whole.go), so its delta would be bytes no engine reads.

// tables decodes the releases' tables on demand. Deltas apply in release
// order, so the first query of a release decodes all of them; except the
// newest release, which a first evaluation asks for: it is also compiled
// in whole (newest.go, whole.go) and read on its own, without the data
// files.
type tables struct {
	once  sync.Once // lists the files
	fsys  fs.FS
	order []string
	err   error

	mu    sync.Mutex
	byRel map[string]*Table
	// chained is how many deltas, oldest first, have been decoded, and
	// last the table of the newest of them: a release decodes the deltas
	// up to its own, not the ones after it.
	chained int
	last    *Table
	// noResolved makes every release decode from the deltas (tests).
	noResolved bool
}

var defaultTables = newTables(dataFS)

func newTables(fsys fs.FS) *tables { return &tables{fsys: fsys, byRel: map[string]*Table{}} }

func (t *tables) load() {
	entries, err := fs.ReadDir(t.fsys, "data")
	if err != nil {
		t.err = err
		return
	}
	var names []string
	for _, e := range entries {
		v, ok := strings.CutSuffix(e.Name(), ".txt")
		if e.IsDir() || !ok {
			continue
		}
		if !catalog.IsRelease(v) {
			t.err = fmt.Errorf("components: data file %q is not named after a release", e.Name())
			return
		}
		names = append(names, v)
	}
	sort.Slice(names, func(i, j int) bool { return catalog.CompareReleases(names[i], names[j]) < 0 })
	if n := len(names); n == 0 || catalog.CompareReleases(names[n-1], newestVersion) < 0 {
		names = append(names, newestVersion) // compiled in whole, without a file
	}
	t.order = names
}

// decode reads one file: a delta on prev, or (prev nil) a whole release.
func (t *tables) decode(prev *Table, path, release string) (*Table, error) {
	data, err := fs.ReadFile(t.fsys, path)
	if err != nil {
		return nil, err
	}
	tab, err := ApplyDelta(prev, path, data)
	if err != nil {
		return nil, err
	}
	if tab.Release != release {
		return nil, fmt.Errorf("components: %s: header names release %q", path, tab.Release)
	}
	return tab, nil
}

// chain decodes the deltas up to release idx, keeping the tables already
// decoded.
func (t *tables) chain(idx int) error {
	for ; t.chained <= idx; t.chained++ {
		v := t.order[t.chained]
		tab, err := t.decode(t.last, "data/"+v+".txt", v)
		if err != nil {
			return err
		}
		if _, done := t.byRel[v]; !done {
			t.byRel[v] = tab
		}
		t.last = tab
	}
	return nil
}

func (t *tables) get(release string) (*Table, error) {
	if tab, ok := t.newest(release); ok {
		return tab, nil
	}
	t.once.Do(t.load)
	if t.err != nil {
		return nil, t.err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if tab, ok := t.byRel[release]; ok {
		return tab, nil
	}
	n := len(t.order)
	idx := slices.Index(t.order, release)
	if idx < 0 {
		have := "none"
		if n > 0 {
			have = t.order[0] + " … " + t.order[n-1]
		}
		return nil, fmt.Errorf("no component data for release %q (have %s)", release, have)
	}
	if err := t.chain(idx); err != nil {
		t.err = err
		return nil, err
	}
	return t.byRel[release], nil
}

// Releases lists the releases that have data, oldest first.
func Releases() []string {
	defaultTables.once.Do(defaultTables.load)
	return append([]string(nil), defaultTables.order...)
}

// Load returns the table of a minor release ("1.37"). Tables are shared
// and read-only.
func Load(release string) (*Table, error) { return defaultTables.get(release) }

// ReadBy answers "which components read gate in release": ok is false when
// the release does not register the gate.
func ReadBy(release, gate string) (readers []Component, ok bool, err error) {
	t, err := Load(release)
	if err != nil {
		return nil, false, err
	}
	s, ok := t.Readers(gate)
	if !ok {
		return nil, false, nil
	}
	return s.List(), true, nil
}

// Ineffective is a gate a component accepts but whose code never reads.
type Ineffective struct {
	Gate string `json:"gate"`
	// ReadBy are the components that do read it (empty: none does).
	ReadBy []Component `json:"readBy"`
}

// Message says what setting the gate on c does, in one sentence.
func (i Ineffective) Message(c Component, release string) string {
	who := "no Kubernetes binary reads it"
	if len(i.ReadBy) > 0 {
		names := make([]string, len(i.ReadBy))
		for k, r := range i.ReadBy {
			names[k] = string(r)
		}
		who = "only " + strings.Join(names, ", ") + " read it"
	}
	return fmt.Sprintf("%s is accepted but no %s code of %s reads it, so setting it here changes nothing (%s)", i.Gate, c, release, who)
}

// NotReadBy returns, of the named gates, those the table registers but
// whose code in c never reads: settings that silently do nothing on c.
// Names the release does not register are left to the gate model (the
// kubelet rejects them). The result is sorted by gate name.
func (t *Table) NotReadBy(c Component, gates []string) []Ineffective {
	names := append([]string(nil), gates...)
	sort.Strings(names)
	var out []Ineffective
	for i, g := range names {
		if i > 0 && names[i-1] == g {
			continue
		}
		s, ok := t.Readers(g)
		if !ok || s.Has(c) {
			continue
		}
		out = append(out, Ineffective{Gate: g, ReadBy: s.List()})
	}
	return out
}
