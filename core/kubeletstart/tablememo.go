package kubeletstart

import (
	"slices"
	"sync"
)

// tableMemo shares effective-gates tables between evaluations. The table
// is the largest thing an evaluation builds (a row per registered gate),
// yet inputs that differ in what gates never see (a fleet's nodes, each
// with its own maxPods) build equal tables on a release. So an evaluation
// builds its table in a scratch buffer and, when the table equals the last
// one built on the release, returns that one instead and keeps the buffer
// for the next evaluation: a check of a thousand such nodes holds two
// tables, not two thousand. Results only read their Gates, so sharing one
// slice is safe. Per release it keeps one table, so it is bounded by the
// number of releases.
type tableMemo struct {
	mu    sync.Mutex
	last  map[string][]GateState
	spare []GateState
}

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

// intern returns the release's last table when it equals t (and keeps t
// as the spare buffer), otherwise t, which becomes the last table.
func (m *tableMemo) intern(release string, t []GateState) []GateState {
	if m == nil {
		return t
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if old, ok := m.last[release]; ok && slices.EqualFunc(old, t, sameRow) {
		clear(t[:cap(t)]) // the spare holds no strings alive
		m.spare = t[:0]
		return old
	}
	if m.last == nil {
		m.last = map[string][]GateState{}
	}
	t = slices.Clip(t)
	m.last[release] = t
	return t
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
