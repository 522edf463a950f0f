package kubeletstart

import "strings"

// Reading gate errors back out of an error text, to anchor them at the
// input that set the gate and to mark the gate's row. The library's three
// per-gate messages are recognised by hand-written scanners rather than
// regular expressions compiled at package initialisation (issue 15: no
// start-up cost); each finds what its documented pattern finds, leftmost
// first and without overlap (gateerrors_test.go checks them against the
// patterns).

// gateProblem is one gate error found in a text.
type gateProblem struct {
	// name is the gate the message is about.
	name string
	// text is the message as it appears in the text.
	text string
	// deps are, for a dependency error, the disabled dependencies as
	// listed between the brackets (space-separated).
	deps string
}

const (
	unknownPrefix = "unrecognized feature gate: "
	lockedPrefix  = "cannot set feature gate "
	dependsInfix  = " is enabled, but depends on features that are disabled: ["
)

func isRE2Space(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// unknownGates finds `unrecognized feature gate: ([^\s,\]]*)`.
func unknownGates(msg string) []gateProblem {
	var out []gateProblem
	for i := 0; ; {
		j := strings.Index(msg[i:], unknownPrefix)
		if j < 0 {
			return out
		}
		start := i + j
		end := start + len(unknownPrefix)
		nameStart := end
		for end < len(msg) && !isRE2Space(msg[end]) && msg[end] != ',' && msg[end] != ']' {
			end++
		}
		out = append(out, gateProblem{name: msg[nameStart:end], text: msg[start:end]})
		i = end
	}
}

// lockedGates finds `cannot set feature gate (\S+) to (true|false), feature
// is (locked to (true|false)|PreAlpha at emulated version [0-9.]+(, min
// compatibility version [0-9.]+)?)`.
func lockedGates(msg string) []gateProblem {
	var out []gateProblem
	for i := 0; i < len(msg); {
		j := strings.Index(msg[i:], lockedPrefix)
		if j < 0 {
			break
		}
		start := i + j
		if end, name, ok := matchLocked(msg, start+len(lockedPrefix)); ok {
			out = append(out, gateProblem{name: name, text: msg[start:end]})
			i = end
			continue
		}
		i = start + 1
	}
	return out
}

// matchLocked matches the part of a locked/PreAlpha error after its prefix.
func matchLocked(msg string, p int) (end int, name string, ok bool) {
	q := p
	for q < len(msg) && !isRE2Space(msg[q]) {
		q++
	}
	if q == p {
		return 0, "", false
	}
	name = msg[p:q]
	rest := msg[q:]
	lit := func(s string) bool {
		if strings.HasPrefix(rest, s) {
			rest = rest[len(s):]
			return true
		}
		return false
	}
	bool_ := func() bool { return lit("true") || lit("false") }
	number := func() bool {
		n := 0
		for n < len(rest) && (rest[n] == '.' || rest[n] >= '0' && rest[n] <= '9') {
			n++
		}
		rest = rest[n:]
		return n > 0
	}
	if !lit(" to ") || !bool_() || !lit(", feature is ") {
		return 0, "", false
	}
	switch {
	case lit("locked to "):
		if !bool_() {
			return 0, "", false
		}
	case lit("PreAlpha at emulated version "):
		if !number() {
			return 0, "", false
		}
		save := rest
		if !lit(", min compatibility version ") || !number() {
			rest = save
		}
	default:
		return 0, "", false
	}
	return len(msg) - len(rest), name, true
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// dependencyProblems finds `([A-Za-z0-9_]+) is enabled, but depends on
// features that are disabled: \[([^\]]*)\]`.
func dependencyProblems(msg string) []gateProblem {
	var out []gateProblem
	prevEnd := 0
	for i := 0; ; {
		j := strings.Index(msg[i:], dependsInfix)
		if j < 0 {
			return out
		}
		at := i + j
		i = at + 1
		start := at
		for start > prevEnd && isWordByte(msg[start-1]) {
			start--
		}
		if start == at {
			continue
		}
		open := at + len(dependsInfix)
		closeAt := strings.IndexByte(msg[open:], ']')
		if closeAt < 0 {
			continue
		}
		end := open + closeAt + 1
		out = append(out, gateProblem{name: msg[start:at], text: msg[start:end], deps: msg[open : end-1]})
		prevEnd, i = end, end
	}
}
