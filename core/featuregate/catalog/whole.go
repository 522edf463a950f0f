package catalog

import (
	"strings"

	"github.com/kubexplorer/kubexplorer/internal/bytecut"
)

// The newest release is compiled in whole (newest.go, generated): its
// file, FormatDelta(nil, R), as a constant. A page's first evaluation is
// on the newest release, and in the browser most of what that costs is
// compiling, the first time it runs, the code the evaluation reaches:
// the data files' general decoder (delta lines, the store's chain,
// embed's file system, the error wording) is a hundred kilobytes of it.
// readWhole reads that one well-formed file with a few small functions;
// TestNewestIsTheDeltas requires it to give what the deltas give.

// loadNewest returns the newest release if it is release.
func loadNewest(release string) (*Release, bool) {
	if release != newestVersion {
		return nil, false
	}
	r, ok := readWhole(newestText)
	return r, ok && r.Version == release
}

// readWhole reads a release written by FormatDelta(nil, R) without
// comments: the header, then a "+" line per gate. It checks only what
// keeps it from misreading; ok is false for anything else.
func readWhole(text string) (*Release, bool) {
	header, text, _ := bytecut.Cut(text, '\n')
	version, patch, ok := strings.Cut(strings.TrimPrefix(header, "release "), " patch ")
	if !ok {
		return nil, false
	}
	r := &Release{Version: version, Patch: patch, Gates: make([]Gate, 0, bytecut.Count(text, '\n'))}
	for text != "" {
		var line string
		line, text, _ = bytecut.Cut(text, '\n')
		g, ok := readGate(line)
		if !ok {
			return nil, false
		}
		r.Gates = append(r.Gates, g)
	}
	return r, true
}

// readGate reads "+Name[@component] spec... [deps=A,B]".
func readGate(line string) (Gate, bool) {
	line, ok := strings.CutPrefix(line, "+")
	if !ok {
		return Gate{}, false
	}
	name, line, _ := bytecut.Cut(line, ' ')
	g := Gate{Name: name, Component: defaultComponent}
	if n, c, ok := bytecut.Cut(name, '@'); ok {
		g.Name, g.Component = n, c
	}
	for line != "" {
		var f string
		f, line, _ = bytecut.Cut(line, ' ')
		if deps, ok := strings.CutPrefix(f, "deps="); ok {
			g.Dependencies = bytecut.Split(deps, ',')
			continue
		}
		sp, ok := specOf(f)
		if !ok {
			return Gate{}, false
		}
		g.Specs = append(g.Specs, sp)
	}
	return g, len(g.Specs) > 0
}

// specOf reads a spec, [version ":"] stage default [lock] ["~"
// minCompatibilityVersion], without checking the versions.
func specOf(s string) (Spec, bool) {
	var sp Spec
	if v, rest, ok := bytecut.Cut(s, ':'); ok {
		sp.Version, s = v, rest
	}
	if rest, mc, ok := bytecut.Cut(s, '~'); ok {
		s, sp.MinCompatibilityVersion = rest, mc
	}
	if len(s) < 2 || len(s) > 3 || s[1] != '+' && s[1] != '-' || len(s) == 3 && s[2] != '!' {
		return sp, false
	}
	found := false
	for _, c := range stageCodes {
		if c.code == s[0] {
			sp.PreRelease, found = c.pre, true
		}
	}
	sp.Default, sp.LockToDefault = s[1] == '+', len(s) == 3
	return sp, found
}
