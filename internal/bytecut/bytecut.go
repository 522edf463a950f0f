// Package bytecut splits text at a one-byte separator with
// strings.IndexByte alone.
//
// strings.Cut, Split and Count are general: a one-byte separator goes
// through strings.Index, and Count through a loop over every byte. In the
// browser that matters where an engine reads a large embedded text in its
// first call (the newest release's catalogs, issue 15): V8 charges a
// function's optimization budget at every return and every jump back to a
// loop's start, so a few thousand cuts run out the budgets of Index and
// Count, and V8 optimizes them on a background thread while the first call
// runs. IndexByte is a small assembly loop on js/wasm, and the functions
// here are small enough to stay in V8's baseline tier.
package bytecut

import "strings"

// Cut is strings.Cut for a one-byte separator.
func Cut(s string, sep byte) (before, after string, found bool) {
	if i := strings.IndexByte(s, sep); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

// Count is strings.Count for a one-byte separator.
func Count(s string, sep byte) int {
	n := 0
	for {
		i := strings.IndexByte(s, sep)
		if i < 0 {
			return n
		}
		n++
		s = s[i+1:]
	}
}

// Split is strings.Split for a one-byte separator.
func Split(s string, sep byte) []string {
	out := make([]string, 0, Count(s, sep)+1)
	for {
		before, after, found := Cut(s, sep)
		out = append(out, before)
		if !found {
			return out
		}
		s = after
	}
}
