package unstructured

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/yamldoc"
)

// Document is one YAML document of a multi-document stream.
type Document = yamldoc.Part

// SplitDocuments splits a YAML stream on "---" separator lines, the way
// kubectl's YAML reader does. Empty documents are dropped.
func SplitDocuments(data string) []Document { return yamldoc.SplitDocuments(data) }

// SplitStream is SplitDocuments within the bounds of every input
// (yamldoc.DefaultLimits): the stream's size and its number of documents.
func SplitStream(data string) ([]Document, error) {
	lim := yamldoc.DefaultLimits
	if len(data) > lim.MaxBytes {
		return nil, &Error{Msg: fmt.Sprintf("the input is %d bytes long; at most %d are accepted", len(data), lim.MaxBytes)}
	}
	docs := SplitDocuments(data)
	if len(docs) > lim.MaxDocuments {
		return nil, &Error{Line: docs[lim.MaxDocuments].StartLine, Msg: fmt.Sprintf("at most %d documents are accepted", lim.MaxDocuments)}
	}
	return docs, nil
}

// Positions maps a field path ("spec.clusters[0].name") to its 1-based line.
type Positions struct {
	ix *yamldoc.Index
}

// Line returns the line of path, or of its nearest recorded ancestor.
func (p *Positions) Line(path string) int {
	if p == nil {
		return 0
	}
	l, _ := p.ix.Pos(path)
	return l
}

// Error is a decoding or validation error tied to a line of the input.
// Column, when known, is where on the line (its text names only the line,
// as kubefed scenarios print it).
type Error struct {
	Line   int
	Column int
	Msg    string
}

// Position returns the 1-based line (0 when unknown) and column (always 0:
// the decoders know lines only), so callers need not read it from the text.
func (e *Error) Position() (line, column int) { return e.Line, 0 }

// Detail is the text of the error without its position.
func (e *Error) Detail() string { return e.Msg }

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// lineError is a reader's error as kubefed's documents report it: at the
// reader's line, or at the document's first line when it names none.
func lineError(doc Document, err error) *Error {
	var e *yamldoc.Error
	if errors.As(err, &e) && e.Line > 0 {
		return &Error{Line: e.Line, Column: e.Column, Msg: e.Msg}
	}
	return &Error{Line: doc.StartLine, Msg: err.Error()}
}

// ParseNode parses one document of a stream; positions are those of the
// stream. A syntax error is marked on the line its message names (the line
// yaml.v2 prints, which kubefed's tools show), so the mark and the text
// agree, and never past the document's last line with text (an unclosed
// quote or bracket is found at the end of the stream).
func ParseNode(doc Document) (*yamldoc.Node, error) {
	d, err := yamldoc.ParseAt([]byte(doc.Text), doc.StartLine, yamldoc.DefaultLimits)
	if err != nil {
		return nil, syntaxAt(doc, err)
	}
	if d.Root == nil {
		return &yamldoc.Node{Kind: yamldoc.ScalarNode, Line: doc.StartLine, Column: 1, Tag: "!!null"}, nil
	}
	return d.Root, nil
}

// syntaxAt positions a reader's error within the document's lines that
// have text (an unclosed quote is found at the end of the stream, after
// them). An unclosed flow collection is found at the next token, often on a
// later line: it is marked on the line its "yaml: line N:" text names, the
// line of the collection's last item.
func syntaxAt(doc Document, err error) *Error {
	e := lineError(doc, err)
	line := e.Line
	if rest, ok := strings.CutPrefix(e.Msg, "yaml: line "); ok {
		if n, problem, ok := strings.Cut(rest, ": "); ok && strings.HasPrefix(problem, "did not find expected ',' or ") {
			if v, err := strconv.Atoi(n); err == nil && v > 0 {
				line = v
			}
		}
	}
	last := doc.StartLine + strings.Count(strings.TrimRight(doc.Text, " \t\r\n"), "\n")
	line = max(doc.StartLine, min(line, last))
	if line != e.Line {
		e.Line, e.Column = line, 0
	}
	return e
}

// PositionsOf records the position of every path in the node tree.
func PositionsOf(n *yamldoc.Node) *Positions {
	return &Positions{ix: yamldoc.IndexOf(n)}
}

// duplicateKeys reports the first mapping key written twice (merged keys
// may override written ones).
func duplicateKeys(n *yamldoc.Node) error {
	n = n.Deref()
	switch n.Kind {
	case yamldoc.MappingNode:
		w := n.Written()
		seen := make(map[string]int, len(w)/2)
		for i := 0; i+1 < len(w); i += 2 {
			k := w[i]
			if k.Tag != "!!merge" {
				if l, ok := seen[k.Text]; ok {
					return &Error{Line: k.Line, Column: k.Column, Msg: fmt.Sprintf("mapping key %q already defined at line %d", k.Text, l)}
				}
				seen[k.Text] = k.Line
			}
			if err := duplicateKeys(w[i+1]); err != nil {
				return err
			}
		}
	case yamldoc.SequenceNode:
		for _, c := range n.Content {
			if err := duplicateKeys(c); err != nil {
				return err
			}
		}
	}
	return nil
}

// DecodeObject decodes one document into an object as kubectl reads it
// (sigs.k8s.io/yaml: YAML 1.1 scalars) and records positions.
func DecodeObject(doc Document) (map[string]any, *Positions, error) {
	node, err := ParseNode(doc)
	if err != nil {
		return nil, nil, err
	}
	if err := duplicateKeys(node); err != nil {
		return nil, nil, err
	}
	if node.Deref().Kind != yamldoc.MappingNode {
		return nil, nil, &Error{Line: node.Line, Column: node.Column, Msg: "expected a YAML mapping (an object)"}
	}
	v, err := (&yamldoc.Document{Root: node}).Unstructured()
	if err != nil {
		return nil, nil, lineError(doc, err)
	}
	return v.(map[string]any), PositionsOf(node), nil
}

// DecodeStrict decodes one document into out (a pointer to a struct with
// json tags) strictly: repeated keys, unknown fields and wrong kinds are
// reported with their line.
func DecodeStrict(doc Document, out any) error {
	node, err := ParseNode(doc)
	if err != nil {
		return err
	}
	if err := duplicateKeys(node); err != nil {
		return err
	}
	if _, err := yamldoc.DecodeNodeWith(node, out, dialect{}); err != nil {
		return lineError(doc, err)
	}
	return nil
}

// dialect words schema problems the way kubefed scenarios report them.
type dialect struct{}

func field(path string) string {
	if path == "" {
		return "(root)"
	}
	return path
}

func (dialect) Unknown(k *yamldoc.Node, path string) error {
	return &yamldoc.Error{Line: k.Line, Column: k.Column, Msg: fmt.Sprintf("unknown field %q", path)}
}

func (dialect) Duplicate(k *yamldoc.Node, path string) error { return nil }

func (dialect) SelfDecoding(n *yamldoc.Node, path string, t reflect.Type) error { return nil }

func (dialect) Range(n *yamldoc.Node, path string, t reflect.Type) error {
	return &yamldoc.Error{Line: n.Line, Column: n.Column, Msg: fmt.Sprintf("%s: integer %s out of range", field(path), n.Text)}
}

func (dialect) Mismatch(n *yamldoc.Node, path string, t reflect.Type) error {
	var msg string
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		msg = "expected a mapping, got " + kindName(n)
	case reflect.Slice, reflect.Array:
		msg = "expected a list, got " + kindName(n)
	case reflect.String:
		if n.Kind == yamldoc.ScalarNode {
			msg = fmt.Sprintf("expected a string, got %s %s (quote it)", strings.TrimPrefix(n.Tag, "!!"), strconv.Quote(n.Text))
		} else {
			msg = "expected a string, got " + kindName(n)
		}
	case reflect.Bool:
		msg = "expected true or false, got " + describe(n)
	case reflect.Float32, reflect.Float64:
		msg = "expected a number, got " + describe(n)
	default:
		msg = "expected an integer, got " + describe(n)
	}
	return &yamldoc.Error{Line: n.Line, Column: n.Column, Msg: field(path) + ": " + msg}
}

func describe(n *yamldoc.Node) string {
	if n.Kind == yamldoc.ScalarNode {
		return strconv.Quote(n.Text)
	}
	return kindName(n)
}

func kindName(n *yamldoc.Node) string {
	switch n.Kind {
	case yamldoc.MappingNode:
		return "a mapping"
	case yamldoc.SequenceNode:
		return "a list"
	default:
		return "a scalar"
	}
}

// ToYAML renders v as YAML the way sigs.k8s.io/yaml does (kubefedctl's
// output).
func ToYAML(v any) string {
	b, err := yamldoc.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// ErrEmpty is returned for a stream without documents.
var ErrEmpty = errors.New("no YAML documents found")
