package kubeletstart

import (
	"slices"
	"sync"
)

// tableMemo shares effective-gates tables between evaluations. The table
// is the largest thing an evaluation builds (a row per registered gate),
// yet inputs that differ in what gates never see (a fleet's nodes, each
// with its own maxPods) build equal tables on a release. So an evaluation
// builds its table in a scratch buffer and, when the table equals one
// recently built on the release, returns that one instead and keeps the
// buffer for the next evaluation: a check of a thousand such nodes holds a
// few tables, not two thousand. Results only read their Gates, so sharing
// one slice is safe. It keeps the last memoTables tables (of any
// release), replaced oldest first: enough for a fleet's few gate settings
// on its few releases, and at most a few megabytes in a long-lived page.
type tableMemo struct {
	mu     sync.Mutex
	recent []table // oldest first
	spare  []GateState
}

// table is a shared table, its release and the hash of its rows.
type table struct {
	release string
	hash    uint64
	rows    []GateState
}

const memoTables = 32

// buffer is an empty table with room for n rows: the spare buffer a
// shared table left, or a new one.
func (m *tableMemo) buffer(n int) []GateState {
	if m == nil {
		return make([]GateState, 0, n)
	}
	m.mu.Lock()
	b := m.spare
	m.spare = nil
	m.mu.Unlock()
	if cap(b) < n {
		return make([]GateState, 0, n)
	}
	return b[:0]
}

// intern returns a recent table of the release that equals t (and keeps t
// as the spare buffer), otherwise t, which becomes a recent table.
func (m *tableMemo) intern(release string, t []GateState) []GateState {
	if m == nil {
		return t
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	h := tableHash(t)
	for _, old := range m.recent {
		if old.hash == h && old.release == release && slices.EqualFunc(old.rows, t, sameRow) {
			clear(t[:cap(t)]) // the spare holds no strings alive
			m.spare = t[:0]
			return old.rows
		}
	}
	t = slices.Clip(t)
	if len(m.recent) == memoTables {
		m.recent = append(m.recent[:0], m.recent[1:]...)
	}
	m.recent = append(m.recent, table{release, h, t})
	return t
}

// hash is FNV-1a over what tells rows of one release apart: a quick
// check before comparing tables row by row.
func tableHash(t []GateState) uint64 {
	h := uint64(14695981039346656037)
	add := func(s string) {
		for i := 0; i < len(s); i++ {
			h = (h ^ uint64(s[i])) * 1099511628211
		}
		h = (h ^ 0xff) * 1099511628211
	}
	for i := range t {
		g := &t[i]
		add(g.Name)
		add(g.Source)
		add(g.SourcePath)
		add(g.Problem)
		v := uint64(g.SourceLine)<<8 | uint64(g.SourceColumn)<<32
		if g.Enabled {
			v |= 1
		}
		if g.Requested != nil {
			v |= 2
			if *g.Requested {
				v |= 4
			}
		}
		h = (h ^ v) * 1099511628211
	}
	return h
}

// sameRow compares two rows by value (Requested by what it points at).
func sameRow(a, b GateState) bool {
	if (a.Requested == nil) != (b.Requested == nil) || a.Requested != nil && *a.Requested != *b.Requested {
		return false
	}
	return a.Name == b.Name && a.Component == b.Component && a.Stage == b.Stage && a.Default == b.Default &&
		a.Locked == b.Locked && a.Enabled == b.Enabled && a.Source == b.Source && a.SourcePath == b.SourcePath &&
		a.SourceLine == b.SourceLine && a.SourceColumn == b.SourceColumn && a.SourceEndLine == b.SourceEndLine &&
		a.SourceEndColumn == b.SourceEndColumn && a.Problem == b.Problem && slices.Equal(a.Dependencies, b.Dependencies)
}
