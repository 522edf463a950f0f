package kubeletstart

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kubexplorer/kubexplorer/core/yamldoc"
)

// Span locates a piece of an input for the page's editor: the 1-based line
// and column (in characters) where it starts and, when known, the line and
// column where it ends (exclusive). Zero fields are unknown; a zero Span
// points at the input as a whole.
type Span struct {
	Line, Column       int
	EndLine, EndColumn int
}

// positions locates the parts of a configuration file the diagnostics
// point at. It reads the positions the YAML reader recorded in the tree;
// only the end of a scalar is read from the text, where the reader keeps
// none.
type positions struct {
	lines    []string // the file's lines, for the end of a scalar
	index    *yamldoc.Index
	topKeys  map[string]*yamldoc.Node
	gateKeys map[string]*yamldoc.Node // last occurrence, the one decoding keeps
	gateVals map[string]*yamldoc.Node
	gatesKey *yamldoc.Node
	gatesVal *yamldoc.Node
	doc      *yamldoc.Document
}

func findPositions(doc *yamldoc.Document, data []byte) *positions {
	p := &positions{topKeys: map[string]*yamldoc.Node{}, gateKeys: map[string]*yamldoc.Node{},
		gateVals: map[string]*yamldoc.Node{}, doc: doc, lines: strings.Split(string(data), "\n")}
	if doc == nil || doc.Root == nil {
		return p
	}
	p.index = yamldoc.IndexOf(doc.Root)
	root := doc.Root.Deref()
	if root.Kind != yamldoc.MappingNode {
		return p
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		name := yamldoc.KeyString(k.Deref())
		p.topKeys[name] = k
		if name != "featureGates" {
			continue
		}
		p.gatesKey, p.gatesVal = k, v
		if v := v.Deref(); v.Kind == yamldoc.MappingNode {
			for j := 0; j+1 < len(v.Content); j += 2 {
				gk := yamldoc.KeyString(v.Content[j].Deref())
				p.gateKeys[gk], p.gateVals[gk] = v.Content[j], v.Content[j+1]
			}
		}
	}
	return p
}

// top is the span of a top-level key.
func (p *positions) top(name string) Span {
	if p == nil {
		return Span{}
	}
	return p.span(p.topKeys[name])
}

// documentStart is where an error about the document as a whole points.
var documentStart = Span{Line: 1, Column: 1}

// topOrStart is the span of a top-level key, or the document's start when
// the file does not have it.
func (p *positions) topOrStart(name string) Span {
	if s := p.top(name); s.Line > 0 {
		return s
	}
	return documentStart
}

// fieldOrStart is the span of a field path's key ("logging.verbosity",
// "registerWithTaints[1].effect") or of its nearest ancestor the file has,
// or the document's start for a top-level key the file does not have.
func (p *positions) fieldOrStart(path string) Span {
	if !strings.ContainsAny(path, ".[") {
		return p.topOrStart(path)
	}
	if s := p.field(path); s.Line > 0 {
		return s
	}
	return documentStart
}

// gate is the span of a gate's key, or of featureGates without one.
func (p *positions) gate(name string) Span {
	if p == nil {
		return Span{}
	}
	return p.gateEntry(p.gateKeys, p.gatesKey, name)
}

// gateLine is gate's line, for the explain trace.
func (p *positions) gateLine(name string) int { return p.gate(name).Line }

// gateValue is the span of a gate's value, or of featureGates' value when
// the gate has none (featureGates is not a mapping).
func (p *positions) gateValue(name string) Span {
	if p == nil {
		return Span{}
	}
	return p.gateEntry(p.gateVals, p.gatesVal, name)
}

// gateEntry is the span of a gate's node in nodes, or of the featureGates
// node whole when the gate has none.
func (p *positions) gateEntry(nodes map[string]*yamldoc.Node, whole *yamldoc.Node, name string) Span {
	if n, ok := nodes[name]; ok {
		return p.span(n)
	}
	return p.span(whole)
}

// field is the span of a field path's key ("logging.verbosity"), or of
// its nearest ancestor the file has.
func (p *positions) field(path string) Span {
	if p == nil || p.index == nil {
		return Span{}
	}
	line, col := p.index.Pos(path)
	// The key is the path's last part; a map key may hold dots, so the
	// longest tail written there is it.
	for i := 0; i <= len(path); i++ {
		if i > 0 && path[i-1] != '.' {
			continue
		}
		if s := p.scalarSpan(line, col, path[i:]); s.EndLine > 0 {
			return s
		}
	}
	return Span{Line: line, Column: col}
}

// span is a node's span: where the reader put it, and for a scalar
// written on one line, where it ends.
func (p *positions) span(n *yamldoc.Node) Span {
	if n == nil {
		return Span{}
	}
	if n.Kind != yamldoc.ScalarNode {
		return Span{Line: n.Line, Column: n.Column}
	}
	return p.scalarSpan(n.Line, n.Column, n.Text)
}

// scalarSpan ends a span at line:col when the text there is text, plain
// or quoted without escapes; otherwise the end stays unknown.
func (p *positions) scalarSpan(line, col int, text string) Span {
	s := Span{Line: line, Column: col}
	if line < 1 || col < 1 || line > len(p.lines) {
		return s
	}
	rest := strings.TrimSuffix(p.lines[line-1], "\r")
	for i := 1; i < col && rest != ""; i++ {
		_, size := utf8.DecodeRuneInString(rest)
		rest = rest[size:]
	}
	written := text
	if rest != "" && (rest[0] == '"' || rest[0] == '\'') {
		written = rest[:1] + text + rest[:1]
	}
	if text != "" && strings.HasPrefix(rest, written) {
		s.EndLine, s.EndColumn = line, col+utf8.RuneCountInString(written)
	}
	return s
}

// duplicate is the span of the repeated key strict decoding reports first:
// the one whose value is on line, the line yaml.v2 names.
func (p *positions) duplicate(line int) Span {
	if p == nil || p.doc == nil {
		return Span{Line: line}
	}
	if k := repeatedKey(p.doc.Root, line); k != nil {
		return p.span(k)
	}
	return Span{Line: line}
}

// repeatedKey finds, in document order, a mapping key that repeats an
// earlier key of its mapping and whose value starts on line. Aliases are
// not followed: what they repeat was found where it is written.
func repeatedKey(n *yamldoc.Node, line int) *yamldoc.Node {
	if n == nil || n.Kind == yamldoc.AliasNode {
		return nil
	}
	if n.Kind == yamldoc.MappingNode {
		seen := map[any]bool{} // keyed like the reader's own check
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if found := repeatedKey(v, line); found != nil {
				return found
			}
			key := k.Deref().Value
			if seen[key] && v.Line == line {
				return k
			}
			seen[key] = true
		}
		return nil
	}
	for _, c := range n.Content {
		if found := repeatedKey(c, line); found != nil {
			return found
		}
	}
	return nil
}

// errSpan is where a decoding error points: the reader's position, or
// else the first "line N" of its text.
func errSpan(err error) Span {
	var e *yamldoc.Error
	if errors.As(err, &e) && e.Line > 0 {
		return Span{Line: e.Line, Column: e.Column}
	}
	return Span{Line: lineOf(err.Error())}
}

// lineOf extracts the first "line N" of an error message.
func lineOf(msg string) int {
	for {
		i := strings.Index(msg, "line ")
		if i < 0 {
			return 0
		}
		msg = msg[i+len("line "):]
		j := 0
		for j < len(msg) && msg[j] >= '0' && msg[j] <= '9' {
			j++
		}
		if j > 0 {
			n, _ := strconv.Atoi(msg[:j])
			return n
		}
	}
}
