package components

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

//go:embed data/*.txt
var dataFS embed.FS

// tables holds every release's table once decoded. The files are small
// (a few KB together), so the first query decodes all of them.
type tables struct {
	once  sync.Once
	fsys  fs.FS
	byRel map[string]*Table
	order []string
	err   error
}

var defaultTables = newTables(dataFS)

func newTables(fsys fs.FS) *tables { return &tables{fsys: fsys} }

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
	t.byRel = map[string]*Table{}
	var prev *Table
	for _, v := range names {
		data, err := fs.ReadFile(t.fsys, "data/"+v+".txt")
		if err != nil {
			t.err = err
			return
		}
		tab, err := ApplyDelta(prev, v+".txt", data)
		if err != nil {
			t.err = err
			return
		}
		if tab.Release != v {
			t.err = fmt.Errorf("components: %s.txt: header names release %q", v, tab.Release)
			return
		}
		t.byRel[v] = tab
		prev = tab
	}
	t.order = names
}

func (t *tables) get(release string) (*Table, error) {
	t.once.Do(t.load)
	if t.err != nil {
		return nil, t.err
	}
	tab, ok := t.byRel[release]
	if !ok {
		have := "none"
		if n := len(t.order); n > 0 {
			have = t.order[0] + " … " + t.order[n-1]
		}
		return nil, fmt.Errorf("no component data for release %q (have %s)", release, have)
	}
	return tab, nil
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
		s, ok := t.readers[g]
		if !ok || s.Has(c) {
			continue
		}
		out = append(out, Ineffective{Gate: g, ReadBy: s.List()})
	}
	return out
}
