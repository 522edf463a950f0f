package components

import (
	"strings"

	"github.com/kubexplorer/kubexplorer/internal/bytecut"
)

// The newest release's table is compiled in whole (newest.go, generated
// from the deltas by go test -rewrite-resolved and checked against them by
// TestResolvedIsTheDeltas): its file, FormatDelta(nil, T) without
// comments, as a constant. A page's first evaluation asks for the newest
// release, and in the browser most of what it costs is compiling the code
// it runs the first time: the data files' general decoder (the embedded
// file system, the file list, catalog.ScanDelta, ApplyDelta and its error
// wording) is ~45 kB of WebAssembly. readWhole reads that one well-formed
// text with a few small functions (issue 15).

// readWhole reads a table written by FormatDelta(nil, T) without
// comments: the header, then "+Name codes" per gate. It checks only what
// keeps it from misreading; ok is false for anything else.
func readWhole(text string) (*Table, bool) {
	header, text, _ := bytecut.Cut(text, '\n')
	release, patch, ok := strings.Cut(strings.TrimPrefix(header, "release "), " patch ")
	if !ok {
		return nil, false
	}
	n := bytecut.Count(text, '\n')
	t := &Table{Release: release, Patch: patch, gates: make([]string, 0, n), readers: make([]Set, 0, n)}
	for text != "" {
		var line string
		line, text, _ = bytecut.Cut(text, '\n')
		line, added := strings.CutPrefix(line, "+")
		name, code, ok := bytecut.Cut(line, ' ')
		if !added || !ok || name == "" {
			return nil, false
		}
		s, ok := parseCode(code)
		if !ok {
			return nil, false
		}
		if len(t.gates) > 0 && t.gates[len(t.gates)-1] >= name {
			return nil, false // FormatDelta writes the gates sorted
		}
		t.gates = append(t.gates, name)
		t.readers = append(t.readers, s)
	}
	return t, true
}

// newest returns the newest release's table, read from newestText the
// first time, if release is the newest.
func (t *tables) newest(release string) (*Table, bool) {
	if release != newestVersion || t.noResolved {
		return nil, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if tab, ok := t.byRel[release]; ok {
		return tab, true
	}
	tab, ok := readWhole(newestText)
	if !ok || tab.Release != release {
		return nil, false
	}
	t.byRel[release] = tab
	return tab, true
}
