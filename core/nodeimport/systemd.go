package nodeimport

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"
)

// unitEntry is one key=value of a unit file, after line continuation.
type unitEntry struct {
	section, key, value string
	// line and col locate the value's first character.
	line, col int
}

// unitFile is one parsed unit file or drop-in.
type unitFile struct {
	path    string
	entries []unitEntry
}

// parseUnit reads a unit file by systemd.syntax(7): sections in brackets;
// "key=value" with whitespace around "=" ignored; lines starting with # or
// ; are comments; a line ending in a backslash continues on the next line
// (the backslash becomes a space) and comment lines inside a continuation
// are skipped. Lines systemd ignores with a log message come back as
// diagnostics; a section header without "]" is an error.
func parseUnit(name string, data []byte) (unitFile, []Diagnostic, error) {
	u := unitFile{path: name}
	var diags []Diagnostic
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	section := ""
	for i := 0; i < len(lines); i++ {
		start := i + 1
		logical := strings.TrimSpace(lines[i])
		if logical == "" || logical[0] == '#' || logical[0] == ';' {
			continue
		}
		for strings.HasSuffix(logical, "\\") && i+1 < len(lines) {
			logical = logical[:len(logical)-1] + " "
			i++
			for i < len(lines) {
				t := strings.TrimSpace(lines[i])
				if t != "" && (t[0] == '#' || t[0] == ';') {
					i++
					continue
				}
				break
			}
			if i < len(lines) {
				logical += strings.TrimSpace(lines[i])
			}
		}
		if logical[0] == '[' {
			end := strings.IndexByte(logical, ']')
			if end < 0 {
				return u, diags, &Error{Form: SystemdUnit, Path: name, Line: start, Column: 1, Msg: "invalid section header " + strconv.Quote(logical)}
			}
			section = logical[1:end]
			continue
		}
		key, value, ok := strings.Cut(logical, "=")
		if !ok {
			diags = append(diags, Diagnostic{Form: SystemdUnit, Path: name, Line: start, Severity: "warning", Message: "missing '=': systemd ignores the line"})
			continue
		}
		if section == "" {
			diags = append(diags, Diagnostic{Form: SystemdUnit, Path: name, Line: start, Severity: "warning", Message: "assignment outside of a section: systemd ignores it"})
			continue
		}
		col := valueColumn(lines[start-1])
		u.entries = append(u.entries, unitEntry{section: section, key: strings.TrimSpace(key), value: strings.TrimSpace(value), line: start, col: col})
	}
	return u, diags, nil
}

// valueColumn is the 1-based column where the value of a "key = value"
// line starts.
func valueColumn(line string) int {
	i := strings.IndexByte(line, '=')
	if i < 0 {
		return 1
	}
	i++
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return utf8.RuneCountInString(line[:i]) + 1
}

// WordError is a quoting error at a byte offset of a setting's value.
type wordError struct {
	offset int
	msg    string
}

func (e *wordError) Error() string { return e.msg }

// unitHeader recognises the "# /path" line `systemctl cat` prints before
// each file of a service: the unit itself or one of its drop-ins.
func unitHeader(line string) (string, bool) {
	p, ok := strings.CutPrefix(line, "# /")
	if !ok || strings.ContainsAny(p, " \t") {
		return "", false
	}
	p = "/" + p
	dir, file := path.Split(p)
	switch {
	case strings.HasSuffix(file, ".service") && len(file) > len(".service"):
		return p, true
	case strings.HasSuffix(file, ".conf") && strings.HasSuffix(dir, ".service.d/"):
		return p, true
	}
	return "", false
}

// splitSystemctlCat splits `systemctl cat` output into its files.
func splitSystemctlCat(data string) []File {
	var out []File
	for _, l := range strings.SplitAfter(data, "\n") {
		if p, ok := unitHeader(strings.TrimRight(l, "\r\n")); ok {
			out = append(out, File{Path: p})
			continue
		}
		if len(out) > 0 {
			out[len(out)-1].Content += l
		}
	}
	return out
}

// extractWords splits a systemd setting into words by the "Quoting" rules
// of systemd.syntax(7): whitespace separates words; '…' and "…" quote
// (anywhere in a word) and are removed; C-style escapes (\n \t \s \xHH
// \NNN \uXXXX …) are decoded outside single quotes. It returns the
// offset (in s) where each word starts.
func extractWords(s string) (words []string, starts []int, err error) {
	var cur strings.Builder
	in := false
	quote := byte(0)
	start, quoteAt := 0, 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
			i++
		case c == '\\':
			r, n, e := cunescape(s[i:])
			if e != nil {
				return nil, nil, &wordError{offset: i, msg: e.Error()}
			}
			if !in {
				in, start = true, i
			}
			cur.WriteString(r)
			i += n
		case quote == '"':
			if c == '"' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
			i++
		case c == '\'' || c == '"':
			if !in {
				in, start = true, i
			}
			quote, quoteAt = c, i
			i++
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				words, starts = append(words, cur.String()), append(starts, start)
				cur.Reset()
				in = false
			}
			i++
		default:
			if !in {
				in, start = true, i
			}
			cur.WriteByte(c)
			i++
		}
	}
	if quote != 0 {
		return nil, nil, &wordError{offset: quoteAt, msg: fmt.Sprintf("unterminated %c quote", quote)}
	}
	if in {
		words, starts = append(words, cur.String()), append(starts, start)
	}
	return words, starts, nil
}

// cunescape decodes one escape sequence at the start of s (which begins
// with a backslash) and returns it with the number of bytes consumed.
func cunescape(s string) (string, int, error) {
	if len(s) < 2 {
		return "", 0, fmt.Errorf("a trailing backslash has nothing to escape")
	}
	simple := map[byte]string{'a': "\a", 'b': "\b", 'f': "\f", 'n': "\n", 'r': "\r", 't': "\t", 'v': "\v",
		'\\': "\\", '"': "\"", '\'': "'", 's': " "}
	if r, ok := simple[s[1]]; ok {
		return r, 2, nil
	}
	hex := func(digits int, prefix int) (string, int, error) {
		if len(s) < prefix+digits {
			return "", 0, fmt.Errorf("escape %q is too short", s)
		}
		n, err := strconv.ParseUint(s[prefix:prefix+digits], 16, 32)
		if err != nil {
			return "", 0, fmt.Errorf("bad escape %q", s[:prefix+digits])
		}
		if digits == 2 {
			return string([]byte{byte(n)}), prefix + digits, nil
		}
		return string(rune(n)), prefix + digits, nil
	}
	switch c := s[1]; {
	case c == 'x':
		return hex(2, 2)
	case c == 'u':
		return hex(4, 2)
	case c == 'U':
		return hex(8, 2)
	case c >= '0' && c <= '7':
		if len(s) < 4 {
			return "", 0, fmt.Errorf("escape %q is too short", s)
		}
		n, err := strconv.ParseUint(s[1:4], 8, 8)
		if err != nil {
			return "", 0, fmt.Errorf("bad escape %q", s[:4])
		}
		return string([]byte{byte(n)}), 4, nil
	}
	return "", 0, fmt.Errorf("unknown escape sequence \\%c", s[1])
}

// splitEnvValue splits a variable's value for a "$FOO" word: at
// whitespace, quotes respected and removed, no escapes (systemd splits
// with EXTRACT_UNQUOTE|EXTRACT_RELAX: an open quote runs to the end).
func splitEnvValue(s string) []string {
	var out []string
	var cur strings.Builder
	in := false
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// expandWord applies ExecStart='s variable substitution to one word: a
// word that is exactly $NAME becomes the value split into words (zero or
// more); otherwise every ${NAME} is replaced by the value (one word, even
// if empty) and $$ by $. A $NAME inside a longer word stays as it is.
// Unset variables are empty. notes collects what was expanded.
func expandWord(w string, env map[string]string, notes *[]string) []string {
	if strings.HasPrefix(w, "$") && validEnvName(w[1:]) {
		v, ok := env[w[1:]]
		if !ok {
			*notes = append(*notes, fmt.Sprintf("$%s is not set: it expands to no argument", w[1:]))
			return nil
		}
		return splitEnvValue(v)
	}
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		if w[i] != '$' || i+1 >= len(w) {
			b.WriteByte(w[i])
			continue
		}
		switch w[i+1] {
		case '$':
			b.WriteByte('$')
			i++
		case '{':
			end := strings.IndexByte(w[i:], '}')
			if end < 0 {
				b.WriteByte(w[i])
				continue
			}
			name := w[i+2 : i+end]
			if v, ok := env[name]; ok {
				b.WriteString(v)
			} else {
				*notes = append(*notes, fmt.Sprintf("${%s} is not set: it expands to an empty string", name))
			}
			i += end
		default:
			if j := i + 1; j < len(w) && (w[j] == '_' || w[j] >= 'A' && w[j] <= 'Z' || w[j] >= 'a' && w[j] <= 'z') {
				*notes = append(*notes, fmt.Sprintf("%q: systemd expands $NAME only as a word of its own; inside a word only ${NAME} is replaced", w))
			}
			b.WriteByte(w[i])
		}
	}
	return []string{b.String()}
}

// specifiers resolves the % specifiers of a word of kubelet.service that
// do not depend on the machine; others are kept and reported.
func specifiers(w, unit string, notes *[]string) string {
	if !strings.Contains(w, "%") {
		return w
	}
	base := strings.TrimSuffix(unit, ".service")
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		if w[i] != '%' || i+1 >= len(w) {
			b.WriteByte(w[i])
			continue
		}
		i++
		switch w[i] {
		case '%':
			b.WriteByte('%')
		case 'n':
			b.WriteString(unit)
		case 'N', 'p', 'P':
			b.WriteString(base)
		case 'i', 'I':
		default:
			*notes = append(*notes, fmt.Sprintf("specifier %%%c in %q depends on the machine and is kept as written", w[i], w))
			b.WriteByte('%')
			b.WriteByte(w[i])
		}
	}
	return b.String()
}

// unitName is the unit a unit-file path belongs to: kubelet.service for
// /etc/systemd/system/kubelet.service.d/10-kubeadm.conf.
func unitName(p string) string {
	dir, file := path.Split(p)
	if strings.HasSuffix(file, ".service") {
		return file
	}
	return strings.TrimSuffix(path.Base(strings.TrimSuffix(dir, "/")), ".d")
}
