package nodeimport

import (
	"fmt"
	"strings"
)

// envAssignment is one variable an environment file (or Environment=)
// sets, in order.
type envAssignment struct {
	key, value string
	file       string // set for Environment= (a unit file)
	line       int
}

// parseEnvFile reads a file the way systemd's EnvironmentFile= does
// (env-file.c): one KEY=VALUE per line; blank lines, lines starting with
// # or ; and lines without "=" are skipped; whitespace around the key and
// before the value is dropped, and so is trailing whitespace of an unquoted
// value; '…' is literal; in "…" a backslash escapes only " \ ` $ (and a
// newline, which joins lines), any other backslash stays; outside quotes a
// backslash takes the next character literally and backslash-newline joins
// lines. Quoted and unquoted pieces concatenate. A quote still open at the
// end of the file ends the value there (systemd accepts it). systemd then
// ignores assignments whose key is not a valid variable name — notably
// "export KEY=…" — with a log line; those come back as diagnostics.
func parseEnvFile(path string, data []byte) ([]envAssignment, []Diagnostic) {
	const (
		preKey = iota
		key
		preValue
		value
		valueEscape
		single
		double
		doubleEscape
		comment
		commentEscape
	)
	var (
		out      []envAssignment
		diags    []Diagnostic
		k, v     []byte
		kTrail   int // trailing blanks in k
		vTrail   int // trailing unquoted blanks in v
		state    = preKey
		line     = 1
		keyLine  = 1
		quoteAt  [2]int
		lastOpen byte
	)
	push := func() {
		name := string(k[:len(k)-kTrail])
		val := string(v[:len(v)-vTrail])
		if !validEnvName(name) {
			diags = append(diags, Diagnostic{Form: EnvironmentFile, Path: path, Line: keyLine, Severity: "warning",
				Message: fmt.Sprintf("systemd ignores the invalid environment assignment %q", name+"="+val)})
		} else {
			out = append(out, envAssignment{key: name, value: val, line: keyLine})
		}
		k, v, kTrail, vTrail = nil, nil, 0, 0
	}
	col := 0
	for i := 0; i < len(data); i++ {
		c := data[i]
		col++
		switch state {
		case preKey:
			switch c {
			case '#', ';':
				state = comment
			case ' ', '\t', '\n', '\r':
			default:
				state, k, keyLine = key, append(k[:0], c), line
			}
		case key:
			switch c {
			case '\n', '\r':
				// No "=": systemd skips the line.
				state, k, kTrail = preKey, nil, 0
			case '=':
				state = preValue
			case ' ', '\t':
				kTrail++
				k = append(k, c)
			default:
				kTrail = 0
				k = append(k, c)
			}
		case preValue:
			switch c {
			case '\n', '\r':
				state = preKey
				push()
			case '\'':
				state, quoteAt, lastOpen = single, [2]int{line, col}, c
			case '"':
				state, quoteAt, lastOpen = double, [2]int{line, col}, c
			case '\\':
				state = valueEscape
			case ' ', '\t':
			default:
				state = value
				v = append(v, c)
			}
		case value:
			switch c {
			case '\n', '\r':
				state = preKey
				push()
			case '\\':
				state, vTrail = valueEscape, 0
			case ' ', '\t':
				vTrail++
				v = append(v, c)
			default:
				vTrail = 0
				v = append(v, c)
			}
		case valueEscape:
			state = value
			if c != '\n' && c != '\r' {
				v = append(v, c)
			}
		case single:
			if c == '\'' {
				state = preValue
			} else {
				v = append(v, c)
			}
		case double:
			switch c {
			case '"':
				state = preValue
			case '\\':
				state = doubleEscape
			default:
				v = append(v, c)
			}
		case doubleEscape:
			state = double
			switch c {
			case '"', '\\', '`', '$':
				v = append(v, c)
			case '\n':
			default:
				v = append(v, '\\', c)
			}
		case comment:
			switch c {
			case '\\':
				state = commentEscape
			case '\n', '\r':
				state = preKey
			}
		case commentEscape:
			if c == '\n' || c == '\r' {
				state = preKey
			} else {
				state = comment
			}
		}
		if c == '\n' {
			line++
			col = 0
		}
	}
	switch state {
	case single, double, doubleEscape:
		diags = append(diags, Diagnostic{Form: EnvironmentFile, Path: path, Line: quoteAt[0], Column: quoteAt[1], Severity: "warning",
			Message: fmt.Sprintf("the %c quote opened here is not closed: systemd takes the rest of the file as the value", lastOpen)})
		push()
	case preValue, value, valueEscape:
		push()
	}
	return out, diags
}

// validEnvName is systemd's env_name_is_valid: letters, digits and
// underscores, not starting with a digit.
func validEnvName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// looksLikeEnvFile: every line that is not blank or a comment is an
// assignment (possibly continued with a backslash, possibly with
// "export").
func looksLikeEnvFile(s string) bool {
	seen := false
	cont := false
	for _, l := range strings.Split(s, "\n") {
		t := strings.TrimSpace(l)
		if cont {
			cont = strings.HasSuffix(t, "\\")
			continue
		}
		if t == "" || t[0] == '#' || t[0] == ';' {
			continue
		}
		name, _, ok := strings.Cut(strings.TrimPrefix(t, "export "), "=")
		if !ok || !validEnvName(strings.TrimSpace(name)) {
			return false
		}
		seen = true
		cont = strings.HasSuffix(t, "\\")
	}
	return seen
}
