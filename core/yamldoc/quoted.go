package yamldoc

import "unicode/utf8"

// A quoted scalar that spans lines, where yaml.v2's scanner stops.
//
// yaml.v2's scanner (scannerc.go, yaml_parser_fetch_more_tokens and
// yaml_simple_key_is_valid, the same in every yaml.v2 Kubernetes
// 1.18–1.37 reads with; see emptykey.go) fetches tokens only while the
// token at the head of its queue may still be a simple key, and a simple
// key must end on the line it starts on, within 1024 characters. A quoted
// scalar that closes on a later line is therefore settled as soon as it is
// scanned: a key the block mapping required at that column fails with
// "could not find expected ':'", anything else goes to the parser before
// a further character is read. yaml.v3 keeps two more tokens queued (for
// its comments), so a broken token after such a scalar is its first error,
// where yaml.v2 has already failed at the scalar ("did not find expected
// key" when it stands where a key should) or finished the document (a
// document whose root is the scalar needs one token more, and a plain
// scalar on the closing quote's line cannot fail at the top level).

// maxQuotedTries bounds the quoted scalars spanning lines checked for one
// error; each costs at most two parses of a prefix.
const maxQuotedTries = 4

// quotedScalarStop is yaml.v2's result for a document yaml.v3 fails on
// when yaml.v2 stops at a quoted scalar spanning lines: the document up to
// each such scalar's closing quote is parsed again, and its result stands
// when it fails at that scalar or is that scalar alone.
func quotedScalarStop(data []byte, firstLine int, lim Limits) (*Document, error, bool) {
	if len(data) > maxRecomputed || !utf8.Valid(data) {
		return nil, nil, false
	}
	s := &source{data: data, starts: lineStarts(data)}
	tries := 0
	l, c := 0, 0
	text := []rune(s.lineText(0))
	for l <= s.eofLine() && tries < maxQuotedTries {
		if c >= len(text) || text[c] == '#' && (c == 0 || text[c-1] == ' ' || text[c-1] == '\t') {
			l, c = l+1, 0
			text = []rune(s.lineText(l))
			continue
		}
		q := text[c]
		if q != '"' && q != '\'' || !quoteMayStart(text, c) {
			c++
			continue
		}
		cl, cc, ok := s.closingQuote(l, c+1, q)
		if !ok {
			// Unclosed: the scanner's error, which yaml.v3 meets too.
			return nil, nil, false
		}
		if cl > l {
			tries++
			doc, err, done := s.stopAt(l, c, cl, cc, firstLine, lim)
			if done {
				return doc, err, true
			}
			if err != nil {
				return nil, nil, false
			}
		}
		l, c = cl, cc
		text = []rune(s.lineText(l))
	}
	return nil, nil, false
}

// quoteMayStart reports a quote at text[c] that may open a scalar: at the
// line's start, after a blank or after a flow indicator.
func quoteMayStart(text []rune, c int) bool {
	if c == 0 {
		return true
	}
	switch text[c-1] {
	case ' ', '\t', '[', '{', ',':
		return true
	}
	return false
}

// offsetOf is the byte offset of rune column c of line l (0-based).
func (s *source) offsetOf(l, c int) int {
	off := s.starts[l]
	for ; c > 0 && off < len(s.data); c-- {
		_, size := utf8.DecodeRune(s.data[off:])
		off += size
	}
	return off
}

// stopAt checks the quoted scalar from (l, c) to just before (cl, cc), all
// 0-based: done is true when yaml.v2 stops there with doc or err. A
// non-nil err without done is an earlier error of the prefix, which is
// not this function's to place.
func (s *source) stopAt(l, c, cl, cc, firstLine int, lim Limits) (*Document, error, bool) {
	doc, err := parseAt(s.data[:s.offsetOf(cl, cc)], firstLine, lim, false)
	if err == nil {
		r := doc.Root
		if r == nil || r.Kind != ScalarNode || r.Line != l+firstLine || r.Column != c+1 {
			return nil, nil, false // a value: the parser reads on
		}
		// The document is the scalar; yaml.v2 scans one token more, which
		// cannot fail when it is a plain scalar on the closing line.
		rest := []rune(s.lineText(cl))[cc:]
		i := 0
		for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t') {
			i++
		}
		if i == len(rest) || !plainStart(rest[i]) {
			return nil, nil, false
		}
		return doc, nil, true
	}
	pe, ok := err.(*Error)
	if !ok {
		return nil, err, false
	}
	p, _ := splitSyntax(pe.Msg)
	switch {
	case (p == "did not find expected key" || p == "did not find expected '-' indicator") && pe.Line == l+firstLine:
	case p == "could not find expected ':'" && pe.Line == cl+firstLine:
	default:
		return nil, err, false
	}
	// The scalar is the token: without it the document does not fail so.
	if _, before := parseAt(s.data[:s.offsetOf(l, c)], firstLine, lim, false); before != nil {
		if be, ok := before.(*Error); !ok || be.Msg == pe.Msg {
			return nil, err, false
		}
	}
	return nil, pe, true
}

// plainStart reports a character that starts a plain scalar in the block
// context whatever follows it.
func plainStart(r rune) bool {
	switch r {
	case '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
		return false
	}
	return r != '\ufeff'
}
