package yamldoc

// An empty flow collection used as a block key ("{}: x", "[ ]: x").
//
// yaml.v2's scanner (scannerc.go, identical in every yaml.v2 Kubernetes
// 1.18–1.37 reads with: gopkg.in/yaml.v2 v2.2.8 and v2.4.0, the copy in
// sigs.k8s.io/yaml v1.4.0, go.yaml.in/yaml/v2 v2.4.2–v2.4.4) indexes a
// possible simple key by its token number, and the flow level that "{" or
// "[" opens remembers the same number; closing an empty collection drops
// that entry, so the scanner no longer waits for the ':' that would make
// the collection a key. Its parser then takes the collection for a node:
// as a document's first token it is the whole document (nothing after it
// is read), anywhere else in a block mapping the mapping fails at it with
// "did not find expected key", or in a block sequence with "did not find
// expected '-' indicator", before the scanner has read what follows the
// collection. yaml.v3 has no such index and reads on; the converter
// reproduces yaml.v2 when the document parses (converter.mapping, ParseAt),
// but an error later in the document (" : :" on the same line, an unclosed
// quote below) is yaml.v3's first and must not be reported.

// maxEmptyKeyTries bounds the prefixes parsed again for one error.
const maxEmptyKeyTries = 4

// emptyFlowKeyFirst is yaml.v2's result for a document yaml.v3 fails on
// when an empty flow collection used as a key
// comes first: the document up to that key's ':' is parsed again, and its
// result stands when it is yaml.v2's stop at the key. Every line is a
// candidate, not only those before the error's (yaml.v3 may print the line
// a construct began on): a prefix that holds the real first error fails
// with it, elsewhere than at the key.
func emptyFlowKeyFirst(data []byte, firstLine int, lim Limits) (*Document, error, bool) {
	if len(data) > maxRecomputed {
		return nil, nil, false
	}
	starts := lineStarts(data)
	tries := 0
	for l := 0; l < len(starts) && tries < maxEmptyKeyTries; l++ {
		end := len(data)
		if l+1 < len(starts) {
			end = starts[l+1]
		}
		col, colon, ok := emptyFlowKeyAt(data[starts[l]:end])
		if !ok {
			continue
		}
		tries++
		doc, perr := parseAt(data[:starts[l]+colon+1], firstLine, lim, false)
		line := l + firstLine
		if perr == nil {
			if r := doc.Root; r != nil && r.Line == line && r.Column == col+1 && len(r.Content) == 0 && r.Kind != ScalarNode {
				return doc, nil, true
			}
			continue
		}
		if pe, ok := perr.(*Error); ok && pe.Line == line {
			switch p, _ := splitSyntax(pe.Msg); p {
			case "did not find expected key", "did not find expected '-' indicator":
				return nil, pe, true
			}
		}
	}
	return nil, nil, false
}

// emptyFlowKeyAt finds, on one line, an empty flow collection written
// where a block key may start (after the indentation and any "- " of
// sequence entries) and followed by ':' and a blank or the line's end: the
// collection's column and the colon's offset, both 0-based.
func emptyFlowKeyAt(line []byte) (col, colon int, ok bool) {
	blank := func(i int) bool { return i < len(line) && (line[i] == ' ' || line[i] == '\t') }
	i := 0
	for i < len(line) && line[i] == ' ' {
		i++
	}
	for i < len(line) && line[i] == '-' && (i+1 == len(line) || blank(i+1)) {
		i++
		for blank(i) {
			i++
		}
	}
	if i >= len(line) || line[i] != '{' && line[i] != '[' {
		return 0, 0, false
	}
	col, closer := i, byte('}')
	if line[i] == '[' {
		closer = ']'
	}
	i++
	for blank(i) {
		i++
	}
	if i >= len(line) || line[i] != closer {
		return 0, 0, false
	}
	i++
	for blank(i) {
		i++
	}
	if i >= len(line) || line[i] != ':' {
		return 0, 0, false
	}
	if next := i + 1; next < len(line) && line[next] != ' ' && line[next] != '\t' && line[next] != '\n' && line[next] != '\r' {
		return 0, 0, false
	}
	return col, i, true
}
