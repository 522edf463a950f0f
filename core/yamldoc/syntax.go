package yamldoc

import (
	"fmt"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Syntax errors.
//
// yaml.v2 and yaml.v3 share libyaml's scanner and parser, hence their
// messages, but not which line they print: yaml.v2 prints where the
// problem was found (for parser errors its 0-based line), yaml.v3 where
// the construct around it began. syntaxError recomputes yaml.v2's line for
// the errors people make most: a key without its colon, an indentation
// that breaks a mapping or a list, an unclosed quote, a tab in the
// indentation. Other errors keep yaml.v3's line; docs/limits.md lists what
// may differ.

// maxRecomputed bounds the inputs whose error line is recomputed: finding
// the token may parse a few prefixes of the input again.
const maxRecomputed = 1 << 20

// syntaxError turns a yaml.v3 parse error into the error yaml.v2 reports
// for the same input, positioned.
func syntaxError(data []byte, err error) *Error {
	e := &Error{Msg: err.Error()}
	problem, line := splitSyntax(e.Msg)
	if problem == "" {
		return e
	}
	if len(data) > maxRecomputed {
		e.Line, e.Column, e.printed = line, 1, line
		return e
	}
	s := &source{data: data, starts: lineStarts(data)}
	// pos is the 1-based line and column of the problem; printed the line
	// yaml.v2 prints: the same for scanner errors, the 0-based line for
	// parser errors.
	var pos Pos
	printed, ok := 0, false
	switch problem {
	case "could not find expected ':'":
		pos, ok = s.staleKey(line)
		printed = pos.Line
	case "found unexpected end of stream":
		pos, ok = Pos{s.eofLine() + 1, s.eofColumn() + 1}, true
		printed = pos.Line
	case problemDocumentIndicator:
		// A quoted scalar ran into a "---" or "..." line. yaml.v3 prints
		// the line the scalar starts on, yaml.v2 the marker's.
		pos, ok = s.indicatorFrom(line)
		printed = pos.Line
	case "found a tab character that violates indentation",
		"found a tab character where an indentation space is expected":
		pos, ok = s.tabAfter(line)
		printed = pos.Line
	case "did not find expected node content":
		if pos, ok = s.flowProblem(line, problem); !ok {
			pos, ok = s.parserProblem(problem)
		}
		printed = pos.Line - 1
	case "did not find expected key", "did not find expected '-' indicator":
		pos, ok = s.parserProblem(problem)
		printed = pos.Line - 1
	case "did not find expected ',' or '}'", "did not find expected ',' or ']'":
		pos, ok = s.flowProblem(line, problem)
		printed = pos.Line - 1
	case "mapping values are not allowed in this context", "block sequence entries are not allowed in this context":
		if e2 := s.parserErrorBefore(line, problem); e2 != nil {
			return e2
		}
	}
	if !ok {
		e.Line, e.Column, e.printed = line, 1, line
		if line == 0 {
			e.Column = 0
		}
		return e
	}
	e.Line, e.Column = pos.Line, pos.Column
	if printed > 0 {
		e.printed = printed
		e.Msg = fmt.Sprintf("yaml: line %d: %s", printed, problem)
	} else {
		e.Msg = "yaml: " + problem
	}
	return e
}

// splitSyntax splits "yaml: line N: problem" (or "yaml: problem") into the
// problem and N.
func splitSyntax(msg string) (problem string, line int) {
	rest, ok := strings.CutPrefix(msg, "yaml: ")
	if !ok {
		return "", 0
	}
	if after, ok := strings.CutPrefix(rest, "line "); ok {
		if i := strings.Index(after, ": "); i > 0 {
			if n, err := strconv.Atoi(after[:i]); err == nil {
				return after[i+2:], n
			}
		}
	}
	return rest, 0
}

// source is a document with its line starts, for finding positions the
// way libyaml's scanner counts them (0-based lines and columns inside).
type source struct {
	data   []byte
	starts []int
}

func (s *source) lineText(l int) string { // l 0-based, without the break
	if l < 0 || l >= len(s.starts) {
		return ""
	}
	end := len(s.data)
	if l+1 < len(s.starts) {
		end = s.starts[l+1]
	}
	return strings.TrimRight(string(s.data[s.starts[l]:end]), "\r\n\u0085\u2028\u2029")
}

// eofLine is the scanner's 0-based line at the end of the input.
func (s *source) eofLine() int { return len(s.starts) - 1 }

// problemDocumentIndicator is the scanner's error for a quoted scalar
// that reaches a document marker.
const problemDocumentIndicator = "found unexpected document indicator"

// indicatorFrom is the position of the first document marker ("---" or
// "..." alone or before a blank) on line l (1-based) or after it.
func (s *source) indicatorFrom(l int) (Pos, bool) {
	for i := max(l, 1) - 1; i < len(s.starts); i++ {
		t := s.lineText(i)
		if (strings.HasPrefix(t, "---") || strings.HasPrefix(t, "...")) && (len(t) == 3 || t[3] == ' ' || t[3] == '\t') {
			return Pos{i + 1, 1}, true
		}
	}
	return Pos{}, false
}

// streamEnd is the position of the end-of-stream token: on the line after
// the input's last one when that line is not empty.
func (s *source) streamEnd() Pos {
	if s.eofColumn() > 0 {
		return Pos{s.eofLine() + 2, 1}
	}
	return Pos{s.eofLine() + 1, 1}
}

func (s *source) eofColumn() int { return len([]rune(s.lineText(s.eofLine()))) }

// staleKey finds where yaml.v2 notices that the key starting on line
// keyLine (1-based) has no colon: the scanner's position after the key,
// or at the next token when that position is still on the key's line.
// yaml.v2 prints that line, 1-based.
func (s *source) staleKey(keyLine int) (Pos, bool) {
	kl := keyLine - 1
	text := []rune(s.lineText(kl))
	c := 0
	for c < len(text) {
		switch {
		case text[c] == ' ':
			c++
		case (text[c] == '-' || text[c] == '?') && (c+1 == len(text) || text[c+1] == ' '):
			c++
		case text[c] == '&' || text[c] == '!':
			for c < len(text) && text[c] != ' ' {
				c++
			}
		default:
			goto key
		}
	}
	return Pos{}, false
key:
	if c >= len(text) {
		return Pos{}, false
	}
	keyCol := c
	l, col, ok := s.afterToken(kl, c, keyCol)
	if !ok {
		return Pos{}, false
	}
	if l == kl {
		// Still on the key's line: the check comes with the next token.
		l, col = s.nextToken(l, col)
	}
	if l == kl && l == s.eofLine() {
		// End of input on the key's line: the stream end moves to the
		// next line first.
		return Pos{kl + 2, 1}, true
	}
	return Pos{l + 1, col + 1}, true
}

// afterToken is the scanner's position right after the token starting at
// (l, c): after a closing quote or bracket, or, for a plain scalar, at the
// first character that is not part of it (trailing blanks and line breaks
// consumed; a continuation line must be indented deeper than indent).
func (s *source) afterToken(l, c, indent int) (int, int, bool) {
	text := []rune(s.lineText(l))
	switch text[c] {
	case '"', '\'':
		return s.closingQuote(l, c+1, text[c])
	case '[', '{':
		// Inside the flow, the first token on a later line finds the
		// key stale.
		nl, nc := s.nextToken(l+1, 0)
		return nl, nc, true
	}
	for {
		// The rest of this line's content: up to " #" or ": ".
		for c < len(text) {
			if (text[c] == ' ' || text[c] == '\t') && c+1 < len(text) && text[c+1] == '#' {
				break
			}
			if text[c] == ':' && (c+1 == len(text) || text[c+1] == ' ') {
				return l, c, true
			}
			c++
		}
		for c < len(text) && (text[c] == ' ' || text[c] == '\t') {
			c++
		}
		if c < len(text) {
			return l, c, true // a comment on the line
		}
		// Line breaks and blank lines, then the next line's content.
		nl := l + 1
		for nl < len(s.starts) && strings.TrimLeft(s.lineText(nl), " \t") == "" {
			if nl == s.eofLine() {
				break
			}
			nl++
		}
		if nl > s.eofLine() || (nl == s.eofLine() && strings.TrimLeft(s.lineText(nl), " \t") == "") {
			return s.eofLine(), s.eofColumn(), true
		}
		next := []rune(s.lineText(nl))
		nc := 0
		for nc < len(next) && (next[nc] == ' ' || next[nc] == '\t') {
			nc++
		}
		if next[nc] == '#' || nc <= indent || (nc == 0 && (strings.HasPrefix(string(next), "---") || strings.HasPrefix(string(next), "..."))) {
			return nl, nc, true
		}
		l, c, text = nl, nc, next
	}
}

func (s *source) closingQuote(l, c int, q rune) (int, int, bool) {
	for ; l <= s.eofLine(); l, c = l+1, 0 {
		text := []rune(s.lineText(l))
		for ; c < len(text); c++ {
			switch {
			case q == '"' && text[c] == '\\':
				c++
			case q == '\'' && text[c] == '\'' && c+1 < len(text) && text[c+1] == '\'':
				c++
			case text[c] == q:
				return l, c + 1, true
			}
		}
	}
	return 0, 0, false
}

// nextToken skips blanks, comments and line breaks from (l, c) to the next
// token, or the end of the input.
func (s *source) nextToken(l, c int) (int, int) {
	for ; l <= s.eofLine(); l, c = l+1, 0 {
		text := []rune(s.lineText(l))
		for c < len(text) && (text[c] == ' ' || text[c] == '\t') {
			c++
		}
		if c < len(text) && text[c] != '#' {
			return l, c
		}
	}
	return s.eofLine(), s.eofColumn()
}

// tabAfter finds the first line from line (1-based) on whose indentation
// holds a tab: where yaml.v2 reports a tab that breaks indentation.
func (s *source) tabAfter(line int) (Pos, bool) {
	for l := line; l <= s.eofLine(); l++ {
		for i, r := range s.lineText(l) {
			if r == '\t' {
				return Pos{l + 1, i + 1}, true
			}
			if r != ' ' {
				break
			}
		}
	}
	return Pos{}, false
}

// parserProblem finds the line of the token a block mapping or list did
// not expect: the first line whose addition makes the document fail with
// the same problem. yaml.v2 prints that token's 0-based line.
func (s *source) parserProblem(problem string) (Pos, bool) {
	fails := func(k int) bool { // the first k lines
		end := len(s.data)
		if k < len(s.starts) {
			end = s.starts[k]
		}
		var n yaml.Node
		err := yaml.Unmarshal(s.data[:end], &n)
		if err == nil {
			return false
		}
		p, _ := splitSyntax(err.Error())
		return p == problem
	}
	lo, hi := 1, len(s.starts)
	if !fails(hi) {
		return Pos{}, false
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	l := lo - 1 // 0-based line of the token
	if start, ok := s.quotedProblem(l, problem); ok {
		l = start
	}
	text := []rune(s.lineText(l))
	c := 0
	for c < len(text) && (text[c] == ' ' || text[c] == '\t') {
		c++
	}
	return Pos{l + 1, c + 1}, true
}

// quotedProblem finds the line (0-based) a quoted scalar begins on when
// that scalar, closed on line l, is the parser's problem: yaml.v2 prints
// the line a token starts on. The lines before l leave the scalar open
// (yaml.v3 names the line it starts on, 1-based, or for a scalar on line 0
// the end of the stream's), and the document cut after its closing quote
// fails with the problem already; otherwise the problem is a later token
// of line l.
func (s *source) quotedProblem(l int, problem string) (int, bool) {
	if l <= 0 {
		return 0, false
	}
	fails := func(data []byte, want string) (int, bool) {
		var n yaml.Node
		err := yaml.Unmarshal(data, &n)
		if err == nil {
			return 0, false
		}
		p, at := splitSyntax(err.Error())
		return at, p == want
	}
	at, open := fails(s.data[:s.starts[l]], "found unexpected end of stream")
	if !open {
		return 0, false
	}
	q := strings.IndexAny(s.lineText(l), "\"'")
	if q < 0 {
		return 0, false
	}
	if _, ok := fails(s.data[:s.starts[l]+q+1], problem); !ok {
		return 0, false
	}
	if at-1 >= 0 && at-1 < l {
		return at - 1, true
	}
	return 0, true
}

// parserErrorBefore handles yaml.v3's look-ahead: it reads two tokens
// further than yaml.v2, so a scanner error on line (1-based) may hide a
// parser error yaml.v2 meets first. The document is cut before each
// indicator on that line the scanner could have refused; if what comes
// before fails with a parser error, that is yaml.v2's error.
func (s *source) parserErrorBefore(line int, problem string) *Error {
	l := line - 1
	if l < 0 || l > s.eofLine() {
		return nil
	}
	ind := byte(':')
	if strings.HasPrefix(problem, "block sequence") {
		ind = '-'
	}
	text := s.lineText(l)
	for i, tries := 0, 0; i < len(text) && tries < 8; i++ {
		if text[i] != ind || (i+1 < len(text) && text[i+1] != ' ' && text[i+1] != '\t') {
			continue
		}
		tries++
		cut := s.data[:s.starts[l]+i]
		var n yaml.Node
		err := yaml.Unmarshal(cut, &n)
		if err == nil {
			continue
		}
		p, _ := splitSyntax(err.Error())
		switch p {
		case "did not find expected key", "did not find expected '-' indicator", "did not find expected node content":
			return syntaxError(cut, err)
		}
		return nil
	}
	return nil
}

// flowProblem finds the token a flow collection did not expect. yaml.v3
// names the line the flow starts on (0-based, or the problem's when that
// is 0); every prefix of the flow that ends a line fails the same way at
// its end, so each is closed with the brackets still open: the first one
// that fails all the same holds the token.
func (s *source) flowProblem(line int, problem string) (Pos, bool) {
	start, startCol := line, flowStart(s.lineText(line))
	if startCol < 0 && line != 0 {
		start, startCol = 0, flowStart(s.lineText(0))
	}
	if startCol < 0 {
		return Pos{}, false
	}
	// fails: the flow up to the end of line l, closed, fails the same way.
	fails := func(l int) bool {
		end := len(s.data)
		if l+1 < len(s.starts) {
			end = s.starts[l+1]
		}
		cut := s.data[:end]
		if closers, ok := s.openFlows(start, startCol, end); ok {
			cut = append(append([]byte{}, cut...), closers...)
		}
		var n yaml.Node
		err := yaml.Unmarshal(cut, &n)
		if err == nil {
			return false
		}
		p, _ := splitSyntax(err.Error())
		return p == problem
	}
	lo, hi := start, s.eofLine()
	if !fails(hi) {
		// Only the unclosed end fails: the token is the end of the stream.
		return s.streamEnd(), true
	}
	for lo < hi {
		if mid := (lo + hi) / 2; fails(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	if closers, _ := s.openFlows(start, startCol, len(s.data)); lo == s.eofLine() && len(closers) > 1 {
		// Still open at the end: the token is the end of the stream.
		return s.streamEnd(), true
	}
	text := []rune(s.lineText(lo))
	c := 0
	for c < len(text) && text[c] == ' ' {
		c++
	}
	return Pos{lo + 1, c + 1}, true
}

// flowStart is the column where a flow collection starts on a line: at
// the start of a node (after indentation, "- ", "? " or ": "), or -1.
func flowStart(text string) int {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '[' && c != '{' {
			continue
		}
		j := i - 1
		for j >= 0 && text[j] == ' ' {
			j--
		}
		if j < 0 || ((text[j] == ':' || text[j] == '-' || text[j] == '?') && j < i-1) {
			return i
		}
	}
	return -1
}

// openFlows lists, as closing brackets, the flows open at byte end, the
// outermost starting at (line, col); ok is false inside a quoted scalar.
func (s *source) openFlows(line, col, end int) ([]byte, bool) {
	var stack []byte
	i := s.starts[line] + col
	for i < end {
		switch c := s.data[i]; c {
		case '[':
			stack = append(stack, ']')
		case '{':
			stack = append(stack, '}')
		case ']', '}':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 {
				return nil, true
			}
		case '"', '\'':
			j := i + 1
			for ; j < end; j++ {
				if c == '"' && s.data[j] == '\\' {
					j++
					continue
				}
				if s.data[j] == c {
					if c == '\'' && j+1 < end && s.data[j+1] == '\'' {
						j++
						continue
					}
					break
				}
			}
			if j >= end {
				return nil, false
			}
			i = j
		case '#':
			if i > 0 && (s.data[i-1] == ' ' || s.data[i-1] == '\t' || s.data[i-1] == '\n') {
				for i < end && s.data[i] != '\n' {
					i++
				}
				continue
			}
		}
		i++
	}
	out := make([]byte, 0, len(stack)+1)
	for k := len(stack) - 1; k >= 0; k-- {
		out = append(out, stack[k])
	}
	return append(out, '\n'), true
}
