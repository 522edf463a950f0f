package yamldoc

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"
)

// Document is the first document of a YAML input, parsed.
type Document struct {
	// Root is the document's node; nil when the input holds no document
	// (empty, or only comments), which Kubernetes reads as null.
	Root *Node
}

// Parse reads the first document of data, as sigs.k8s.io/yaml does, within
// DefaultLimits. Line numbers start at 1.
func Parse(data []byte) (*Document, error) {
	return ParseAt(data, 1, DefaultLimits)
}

// ParseAt is Parse for a document that starts at line firstLine of a
// larger text (a document of a stream): positions, and the line numbers in
// error texts, are those of the larger text.
func ParseAt(data []byte, firstLine int, lim Limits) (*Document, error) {
	return parseAt(data, firstLine, lim, true)
}

// parseAt is ParseAt; emptyKeys says a yaml.v3 error may be checked for a
// quoted scalar spanning lines or an empty flow key before it
// (quotedScalarStop, emptyFlowKeyFirst, which parse prefixes without
// these checks).
func parseAt(data []byte, firstLine int, lim Limits, emptyKeys bool) (*Document, error) {
	if len(data) > lim.MaxBytes {
		l, c := positionOf(data, lim.MaxBytes)
		return nil, &Error{Line: l + firstLine - 1, Column: c,
			Msg: fmt.Sprintf("the document is %d bytes long; at most %d are accepted", len(data), lim.MaxBytes)}
	}
	var doc yaml.Node
	if parseSimple(data, &doc) {
		// The usual config, read without yaml.v3's parser (simple.go).
	} else if err := yaml.Unmarshal(data, &doc); err != nil {
		e := syntaxError(data, err)
		if cut, line := firstDocumentEnd(data); cut > 0 && e.Line >= line && !scalarRunsInto(data[:cut], e, line) {
			// yaml.v3 reads two tokens past the marker that ends the
			// first document (to place comments); yaml.v2 stops at the
			// marker, so what follows it cannot fail the first document.
			return parseAt(data[:cut], firstLine, lim, emptyKeys)
		}
		if emptyKeys {
			if d, err, ok := emptyFlowKeyFirst(data, firstLine, lim); ok {
				return d, err
			}
			if d, err, ok := quotedScalarStop(data, firstLine, lim); ok {
				return d, err
			}
		}
		shiftError(e, firstLine-1)
		return nil, e
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return &Document{}, nil
	}
	c := &converter{data: data, lim: lim, shift: firstLine - 1, anchors: map[*yaml.Node]*Node{}, decodes: 1}
	top := doc.Content[0]
	if k := firstKey(top); k != nil && emptyFlow(k) && !c.explicitKey(k) {
		// yaml.v2 takes an empty flow collection for a whole document,
		// not for a key, and stops reading there.
		top = k
	}
	root, err := c.convert(top, 0)
	if err != nil {
		return nil, err
	}
	if root.stat.weight > lim.MaxExpanded {
		return nil, errorAt(root, "the document expands to more than %d bytes through its aliases", lim.MaxExpanded)
	}
	return &Document{Root: root}, nil
}

// shiftError moves an error's line, and the "line N" of its text, down by n.
func shiftError(e *Error, n int) {
	if n == 0 {
		return
	}
	if e.Line > 0 {
		e.Line += n
	}
	if e.printed > 0 {
		old := fmt.Sprintf("line %d:", e.printed)
		e.printed += n
		e.Msg = strings.Replace(e.Msg, old, fmt.Sprintf("line %d:", e.printed), 1)
	}
}

// converter turns yaml.v3 nodes into Nodes, applying what yaml.v2 does when
// it decodes into interface{}: YAML 1.1 scalars, merge keys, alias
// expansion (with its guard against alias bombs) and its errors.
type converter struct {
	data    []byte
	lines   []int // offsets of line starts, computed when first needed
	lim     Limits
	shift   int
	anchors map[*yaml.Node]*Node // converted anchored nodes; nil while in progress
	// yaml.v2's counters: decode operations, and those made while
	// expanding an alias.
	decodes, aliased int
	slab             []Node
	chunk            int // size of the last chunk of slab
	// indentless is the block sequence being converted that is written
	// at its key's column ("x:\n- a"), which yaml.v2 parses apart.
	indentless *yaml.Node
}

// The alias guard of yaml.v2 (and so of the kubelet and kubectl): past 100
// aliased decodes and 1000 decodes in all, the share of aliased ones may
// be 99 % up to 400,000 decodes, falling to 10 % at 4,000,000.
const (
	aliasRatioLow  = 400_000
	aliasRatioHigh = 4_000_000
)

func allowedAliasRatio(decodes int) float64 {
	switch {
	case decodes <= aliasRatioLow:
		return 0.99
	case decodes >= aliasRatioHigh:
		return 0.10
	}
	return 0.99 - 0.89*(float64(decodes-aliasRatioLow)/float64(aliasRatioHigh-aliasRatioLow))
}

func (c *converter) count(decodes, aliased int) error {
	c.decodes += decodes
	c.aliased += aliased
	if c.aliased > 100 && c.decodes > 1000 && float64(c.aliased)/float64(c.decodes) > allowedAliasRatio(c.decodes) {
		return &Error{Msg: "yaml: document contains excessive aliasing"}
	}
	return nil
}

// newNode hands out nodes from chunks: one allocation for many nodes.
func (c *converter) newNode() *Node {
	if len(c.slab) == 0 {
		// Chunks grow from 16 to 256 nodes: a small document (a kubelet
		// drop-in) costs one small allocation, a large one few.
		c.chunk = min(max(2*c.chunk, 16), 256)
		c.slab = make([]Node, c.chunk)
	}
	n := &c.slab[0]
	c.slab = c.slab[1:]
	return n
}

func (c *converter) convert(y *yaml.Node, depth int) (*Node, error) {
	n := c.newNode()
	n.Line, n.Column = y.Line+c.shift, y.Column
	if y.Kind == yaml.AliasNode {
		return c.alias(y, n, depth)
	}
	if err := c.count(1, 0); err != nil {
		return nil, err
	}
	if depth > c.lim.MaxDepth {
		return nil, errorAt(n, "the document nests deeper than %d levels", c.lim.MaxDepth)
	}
	if y.Anchor != "" {
		c.anchors[y] = nil
	}
	var err error
	switch y.Kind {
	case yaml.ScalarNode:
		err = c.scalar(y, n)
	case yaml.SequenceNode:
		err = c.sequence(y, n, depth)
	case yaml.MappingNode:
		err = c.mapping(y, n, depth)
	default:
		err = errorAt(n, "yaml: unexpected node kind %d", y.Kind)
	}
	if err != nil {
		return nil, err
	}
	if y.Anchor != "" {
		c.anchors[y] = n
	}
	return n, nil
}

func (c *converter) alias(y *yaml.Node, n *Node, depth int) (*Node, error) {
	n.Kind, n.Text = AliasNode, y.Value
	if err := c.count(1, 0); err != nil {
		return nil, err
	}
	t, seen := c.anchors[y.Alias]
	if seen && t == nil {
		return nil, errorAt(n, "yaml: anchor '%s' value contains itself", y.Value)
	}
	if !seen {
		// yaml.v3 resolved the alias to a node this walk has not met (an
		// anchor on a merge key); convert it where it is used.
		var err error
		if t, err = c.convert(y.Alias, depth); err != nil {
			return nil, err
		}
	}
	if depth+t.stat.height > c.lim.MaxDepth {
		return nil, errorAt(n, "the document nests deeper than %d levels", c.lim.MaxDepth)
	}
	if err := c.count(t.stat.decodes, t.stat.decodes); err != nil {
		return nil, err
	}
	n.Alias = t
	n.stat = stat{decodes: 1 + t.stat.decodes, weight: 1 + t.stat.weight, height: t.stat.height, dups: t.stat.dups}
	if n.stat.weight > c.lim.MaxExpanded {
		return nil, errorAt(n, "the document expands to more than %d bytes through its aliases", c.lim.MaxExpanded)
	}
	return n, nil
}

const quotedStyles = yaml.DoubleQuotedStyle | yaml.SingleQuotedStyle | yaml.LiteralStyle | yaml.FoldedStyle

func (c *converter) scalar(y *yaml.Node, n *Node) error {
	n.Kind, n.Text = ScalarNode, y.Value
	n.Plain = y.Style&quotedStyles == 0
	switch {
	case y.Style&yaml.TaggedStyle != 0:
		tag, v, err := resolveTagged(y.Tag, y.Value)
		if err != nil {
			return errorAt(n, "%v", err)
		}
		n.Tag, n.Value = tag, v
	case n.Plain && !c.nonSpecific(y):
		n.Tag, n.Value = resolvePlain(y.Value)
	default:
		n.Tag, n.Value = tagStr, y.Value
	}
	n.stat = stat{decodes: 1, weight: 1 + len(y.Value)}
	return nil
}

func (c *converter) sequence(y *yaml.Node, n *Node, depth int) error {
	n.Kind, n.Tag = SequenceNode, tagSeq
	n.Content = make([]*Node, 0, len(y.Content))
	n.stat = stat{decodes: 1, weight: 1}
	for _, item := range y.Content {
		if k := firstKey(item); k != nil && y.Style&yaml.FlowStyle == 0 && emptyFlow(k) && !c.explicitKey(k) {
			// yaml.v2 takes the empty collection for the entry itself
			// (emptykey.go), and its ':' for what follows the entry: the
			// next entry's '-', or for a sequence at its key's column
			// (which then ends) the mapping's next key.
			if y == c.indentless {
				return c.syntax(k, "did not find expected key")
			}
			return c.syntax(k, "did not find expected '-' indicator")
		}
		in, err := c.convert(item, depth+1)
		if err != nil {
			return err
		}
		n.Content = append(n.Content, in)
		if err := c.add(n, in, nil); err != nil {
			return err
		}
	}
	return nil
}

// add accounts for a child (and its key, in a mapping) in n's stat.
func (c *converter) add(n, child, key *Node) error {
	st := &n.stat
	st.decodes += child.stat.decodes
	st.weight += child.stat.weight
	st.height = max(st.height, 1+child.stat.height)
	st.dups = appendDups(st.dups, child.stat.dups)
	if key != nil {
		st.decodes += key.stat.decodes
		st.weight += key.stat.weight
		st.height = max(st.height, 1+key.stat.height)
		st.dups = appendDups(st.dups, key.stat.dups)
	}
	if st.weight > c.lim.MaxExpanded {
		return errorAt(child, "the document expands to more than %d bytes through its aliases", c.lim.MaxExpanded)
	}
	return nil
}

// appendDups concatenates without ever appending to a slice another node
// shares.
func appendDups(a, b []dup) []dup {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	out := make([]dup, 0, len(a)+len(b))
	return append(append(out, a...), b...)
}

// nonSpecific reports a scalar written with the non-specific tag "!",
// which yaml.v3 drops but yaml.v2 honours: the scalar is a string.
func (c *converter) nonSpecific(y *yaml.Node) bool {
	off := c.offset(y.Line, y.Column)
	if off < 0 || off >= len(c.data) || (c.data[off] != '!' && c.data[off] != '&') {
		return false
	}
	rest := c.data[off:]
	if rest[0] == '&' { // an anchor comes first: skip it (letters, digits, - and _)
		i := 1
		for i < len(rest) && (rest[i] >= '0' && rest[i] <= '9' || rest[i] >= 'a' && rest[i] <= 'z' || rest[i] >= 'A' && rest[i] <= 'Z' || rest[i] == '-' || rest[i] == '_') {
			i++
		}
		for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t' || rest[i] == '\n' || rest[i] == '\r') {
			i++
		}
		rest = rest[i:]
	}
	if len(rest) == 0 || rest[0] != '!' {
		return false
	}
	return len(rest) == 1 || strings.IndexByte(" \t\r\n,]}", rest[1]) >= 0
}

// offset is the byte offset of a 1-based line and column (in characters).
func (c *converter) offset(line, col int) int {
	if c.lines == nil {
		c.lines = lineStarts(c.data)
	}
	if line < 1 || line > len(c.lines) {
		return -1
	}
	off := c.lines[line-1]
	for col > 1 && off < len(c.data) {
		_, size := utf8.DecodeRune(c.data[off:])
		off += size
		col--
	}
	return off
}

func firstKey(y *yaml.Node) *yaml.Node {
	if y.Kind != yaml.MappingNode || y.Style&yaml.FlowStyle != 0 || len(y.Content) == 0 {
		return nil
	}
	return y.Content[0]
}

// explicitKey reports a key written after "? ".
func (c *converter) explicitKey(y *yaml.Node) bool {
	off := c.offset(y.Line, y.Column)
	for off > 0 && (c.data[off-1] == ' ' || c.data[off-1] == '\t') {
		off--
	}
	return off > 0 && c.data[off-1] == '?'
}

// emptyKeyProblem is yaml.v2's error at an empty flow collection written
// as a key of mapping m: in a flow mapping the parser wants the next ','
// or '}', in a single-pair mapping of a flow sequence ("[{}: x]", which
// starts at its key) the next ',' or ']', in a block mapping a key.
func emptyKeyProblem(m, key *yaml.Node) string {
	switch {
	case m.Style&yaml.FlowStyle == 0:
		return "did not find expected key"
	case m.Line == key.Line && m.Column == key.Column:
		return "did not find expected ',' or ']'"
	}
	return "did not find expected ',' or '}'"
}

func emptyFlow(y *yaml.Node) bool {
	return (y.Kind == yaml.MappingNode || y.Kind == yaml.SequenceNode) && y.Style&yaml.FlowStyle != 0 && len(y.Content) == 0
}

// syntax is a parser error of yaml.v2 at a node: its line is 0-based.
func (c *converter) syntax(y *yaml.Node, problem string) *Error {
	e := &Error{Line: y.Line + c.shift, Column: y.Column, Msg: "yaml: " + problem}
	if l := y.Line - 1 + c.shift; l > 0 {
		e.Msg = fmt.Sprintf("yaml: line %d: %s", l, problem)
	}
	return e
}

func isMerge(y *yaml.Node) bool {
	return y.Kind == yaml.ScalarNode && y.Value == "<<" && y.Tag == tagMerge
}

func (c *converter) mapping(y *yaml.Node, n *Node, depth int) error {
	n.Kind, n.Tag = MappingNode, tagMap
	n.Content = make([]*Node, 0, len(y.Content))
	n.stat = stat{decodes: 1, weight: 1}
	keys := make(map[any]bool, len(y.Content)/2)
	set := func(k, v *Node) error {
		n.Content = append(n.Content, k, v)
		if err := c.add(n, v, k); err != nil {
			return err
		}
		kv := k.Deref().Value
		if keys[kv] {
			n.stat.dups = appendDups(n.stat.dups, []dup{{line: v.Line, key: kv}})
		}
		keys[kv] = true
		return nil
	}
	for i := 0; i+1 < len(y.Content); i += 2 {
		ky, vy := y.Content[i], y.Content[i+1]
		if isMerge(ky) {
			if n.written == nil {
				n.written = append([]*Node{}, n.Content...)
			}
			m, err := c.merge(vy, depth, set)
			if err != nil {
				return err
			}
			k := &Node{Kind: ScalarNode, Line: ky.Line + c.shift, Column: ky.Column, Tag: tagMerge, Text: "<<", Plain: true, Value: "<<"}
			n.written = append(n.written, k, m)
			continue
		}
		if emptyFlow(ky) && !c.explicitKey(ky) {
			// yaml.v2 does not take "{}" or "[]" for a key (emptykey.go);
			// it fails where it expects what follows the collection.
			return c.syntax(ky, emptyKeyProblem(y, ky))
		}
		k, err := c.convert(ky, depth+1)
		if err != nil {
			return err
		}
		if kd := k.Deref(); kd.Kind != ScalarNode {
			return errorAt(k, "yaml: invalid map key: %#v", toV2(kd))
		}
		if vy.Kind == yaml.SequenceNode && vy.Style&yaml.FlowStyle == 0 && vy.Column == ky.Column {
			c.indentless = vy
		}
		v, err := c.convert(vy, depth+1)
		if err != nil {
			return err
		}
		if err := set(k, v); err != nil {
			return err
		}
		if n.written != nil {
			n.written = append(n.written, k, v)
		}
	}
	if depth+n.stat.height > c.lim.MaxDepth {
		return errorAt(n, "the document nests deeper than %d levels", c.lim.MaxDepth)
	}
	return nil
}

// merge applies a merge key's value: a mapping, an alias of one, or a
// sequence of those, whose last element is applied first so that earlier
// ones win, as yaml.v2 does. Merged values keep the positions of their
// definitions.
func (c *converter) merge(y *yaml.Node, depth int, set func(k, v *Node) error) (*Node, error) {
	m, err := c.convert(y, depth)
	if err != nil {
		return nil, err
	}
	var maps []*Node
	switch m.Kind {
	case MappingNode:
		maps = []*Node{m}
	case AliasNode:
		maps = []*Node{m.Alias}
	case SequenceNode:
		for i := len(m.Content) - 1; i >= 0; i-- {
			maps = append(maps, m.Content[i].Deref())
		}
	default:
		return nil, errorAt(m, "yaml: map merge requires map or sequence of maps as the value")
	}
	for _, mm := range maps {
		if mm.Kind != MappingNode {
			return nil, errorAt(m, "yaml: map merge requires map or sequence of maps as the value")
		}
	}
	for _, mm := range maps {
		for i := 0; i+1 < len(mm.Content); i += 2 {
			if err := set(mm.Content[i], mm.Content[i+1]); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// toV2 is a node as yaml.v2 decodes it into interface{}, for the texts
// that print it with %#v.
func toV2(n *Node) any {
	n = n.Deref()
	switch n.Kind {
	case SequenceNode:
		out := make([]any, len(n.Content))
		for i, c := range n.Content {
			out[i] = toV2(c)
		}
		return out
	case MappingNode:
		out := make(map[any]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			out[toV2(n.Content[i])] = toV2(n.Content[i+1])
		}
		return out
	}
	return n.Value
}

// scalarRunsInto says whether e is a quoted scalar of the first document
// (first, the text before its end marker) running into that marker, on
// line: yaml.v2 scans that scalar to the marker as well, and fails there.
func scalarRunsInto(first []byte, e *Error, line int) bool {
	if e.Line != line || !strings.HasSuffix(e.Msg, problemDocumentIndicator) {
		return false
	}
	var doc yaml.Node
	err := yaml.Unmarshal(first, &doc)
	return err != nil && strings.HasSuffix(err.Error(), "found unexpected end of stream")
}

// firstDocumentEnd is the offset and 1-based line of the "---" line that
// ends the first document (one that follows content), or 0.
func firstDocumentEnd(data []byte) (offset, line int) {
	content := false
	for i, n := 0, 1; i < len(data); n++ {
		next := len(data)
		if j := bytes.IndexByte(data[i:], '\n'); j >= 0 {
			next = i + j + 1
		}
		l := strings.TrimRight(string(data[i:next]), "\r\n")
		if l == "---" || strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "---\t") {
			if content {
				return i, n
			}
			l = l[3:]
		}
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			content = true
		}
		i = next
	}
	return 0, 0
}
