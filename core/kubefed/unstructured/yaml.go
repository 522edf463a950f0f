package unstructured

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	yamlv3 "go.yaml.in/yaml/v3"
	sigsyaml "sigs.k8s.io/yaml"
)

// Document is one YAML document of a multi-document stream.
type Document struct {
	Text      string
	StartLine int // 1-based line of the document's first line in the stream
}

// SplitDocuments splits a YAML stream on "---" separator lines, the way
// kubectl's YAML reader does. Empty documents are dropped.
func SplitDocuments(data string) []Document {
	var docs []Document
	lines := strings.SplitAfter(data, "\n")
	var cur strings.Builder
	start := 1
	flush := func() {
		if strings.TrimSpace(stripComments(cur.String())) != "" {
			docs = append(docs, Document{Text: cur.String(), StartLine: start})
		}
		cur.Reset()
	}
	for i, l := range lines {
		trimmed := strings.TrimRight(l, "\r\n")
		if trimmed == "---" || strings.HasPrefix(trimmed, "--- ") {
			flush()
			start = i + 2
			continue
		}
		if cur.Len() == 0 {
			start = i + 1
		}
		cur.WriteString(l)
	}
	flush()
	return docs
}

func stripComments(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		b.WriteString(l)
		b.WriteString("\n")
	}
	return b.String()
}

// Positions maps a field path ("spec.clusters[0].name") to its 1-based line.
type Positions struct {
	lines map[string]int
	base  int
}

// Line returns the line of path, or of its nearest recorded ancestor.
func (p *Positions) Line(path string) int {
	if p == nil {
		return 0
	}
	for {
		if l, ok := p.lines[path]; ok {
			return l
		}
		if path == "" {
			return p.base
		}
		path = parentPath(path)
	}
}

func parentPath(p string) string {
	i := strings.LastIndexAny(p, ".[")
	if i < 0 {
		return ""
	}
	return p[:i]
}

func joinPath(parent, key string) string {
	if parent == "" {
		return key
	}
	return parent + "." + key
}

// Error is a decoding or validation error tied to a line of the input.
type Error struct {
	Line int
	Msg  string
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

// ParseNode parses one document into a yaml.v3 node, with lines made
// absolute by startLine.
func ParseNode(doc Document) (*yamlv3.Node, error) {
	var n yamlv3.Node
	if err := yamlv3.Unmarshal([]byte(doc.Text), &n); err != nil {
		line := doc.StartLine - 1 + syntaxLine(err.Error(), doc.Text)
		return nil, &Error{Line: line, Msg: withLine(err.Error(), line)}
	}
	shiftLines(&n, doc.StartLine-1)
	if n.Kind == yamlv3.DocumentNode && len(n.Content) == 1 {
		return n.Content[0], nil
	}
	return &n, nil
}

// parserProblems are the problems yaml.v3's parser (not its scanner)
// reports. For them the library prints the 0-based line of the construct it
// was parsing (its context mark), without the +1 it adds for scanner errors:
// "did not find expected ',' or ']'" on the line of an unclosed "[" says the
// line before it.
var parserProblems = []string{"did not find expected ", "found duplicate %TAG directive",
	"found duplicate %YAML directive", "found incompatible YAML document", "found undefined tag handle"}

// syntaxLine is the 1-based line of a yaml.v3 syntax error within text: the
// "line N" of its message corrected for the library's off-by-one on parser
// errors, 1 when the message has no line (a problem on the first line), and
// at most the last line that has text (an unclosed quote is reported at the
// end of the stream, after it).
func syntaxLine(msg, text string) int {
	msg = strings.TrimPrefix(msg, "yaml: ")
	line := 1
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, problem, ok := strings.Cut(rest, ": "); ok {
			if v, err := strconv.Atoi(n); err == nil && v > 0 {
				line = v
				for _, p := range parserProblems {
					if strings.HasPrefix(problem, p) {
						line++
						break
					}
				}
			}
		}
	}
	lines := strings.Split(strings.TrimRight(text, " \t\r\n"), "\n")
	return max(1, min(line, len(lines)))
}

// withLine puts line in a "yaml: line N: ..." message, so that the text
// and the position agree.
func withLine(msg string, line int) string {
	const p = "yaml: line "
	if i := strings.Index(msg, p); i >= 0 {
		if _, rest, ok := strings.Cut(msg[i+len(p):], ":"); ok {
			return fmt.Sprintf("%s%s%d:%s", msg[:i], p, line, rest)
		}
	}
	return msg
}

// fixYAMLError makes "yaml: line N: ..." messages use absolute lines.
func fixYAMLError(msg string, start int) string {
	const p = "yaml: line "
	if i := strings.Index(msg, p); i >= 0 {
		rest := msg[i+len(p):]
		j := strings.Index(rest, ":")
		if j > 0 {
			if n, err := strconv.Atoi(rest[:j]); err == nil {
				return fmt.Sprintf("%syaml: line %d:%s", msg[:i], n+start-1, rest[j+1:])
			}
		}
	}
	return msg
}

func shiftLines(n *yamlv3.Node, by int) {
	n.Line += by
	for _, c := range n.Content {
		shiftLines(c, by)
	}
}

// PositionsOf records the line of every path in the node tree.
func PositionsOf(n *yamlv3.Node) *Positions {
	p := &Positions{lines: map[string]int{}, base: n.Line}
	var walk func(n *yamlv3.Node, path string)
	walk = func(n *yamlv3.Node, path string) {
		if n.Kind == yamlv3.AliasNode && n.Alias != nil {
			n = n.Alias
		}
		p.lines[path] = n.Line
		switch n.Kind {
		case yamlv3.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				child := joinPath(path, k.Value)
				p.lines[child] = k.Line
				walk(n.Content[i+1], child)
				p.lines[child] = k.Line
			}
		case yamlv3.SequenceNode:
			for i, c := range n.Content {
				walk(c, fmt.Sprintf("%s[%d]", path, i))
			}
		}
	}
	walk(n, "")
	return p
}

// duplicateKeys reports the first mapping key defined twice.
func duplicateKeys(n *yamlv3.Node, path string) error {
	switch n.Kind {
	case yamlv3.MappingNode:
		seen := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if l, ok := seen[k.Value]; ok {
				return &Error{Line: k.Line, Msg: fmt.Sprintf("mapping key %q already defined at line %d", k.Value, l)}
			}
			seen[k.Value] = k.Line
			if err := duplicateKeys(n.Content[i+1], joinPath(path, k.Value)); err != nil {
				return err
			}
		}
	case yamlv3.SequenceNode, yamlv3.DocumentNode:
		for _, c := range n.Content {
			if err := duplicateKeys(c, path); err != nil {
				return err
			}
		}
	}
	return nil
}

// DecodeObject decodes one document into an object with sigs.k8s.io/yaml
// (YAML 1.1 scalars, as kubectl reads them) and records positions.
func DecodeObject(doc Document) (map[string]any, *Positions, error) {
	node, err := ParseNode(doc)
	if err != nil {
		return nil, nil, err
	}
	if err := duplicateKeys(node, ""); err != nil {
		return nil, nil, err
	}
	if node.Kind != yamlv3.MappingNode {
		return nil, nil, &Error{Line: node.Line, Msg: "expected a YAML mapping (an object)"}
	}
	j, err := sigsyaml.YAMLToJSON([]byte(doc.Text))
	if err != nil {
		return nil, nil, &Error{Line: doc.StartLine, Msg: fixYAMLError(err.Error(), doc.StartLine)}
	}
	v, err := FromJSON(j)
	if err != nil {
		return nil, nil, &Error{Line: doc.StartLine, Msg: err.Error()}
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, nil, &Error{Line: doc.StartLine, Msg: "expected a YAML mapping (an object)"}
	}
	return m, PositionsOf(node), nil
}

// DecodeStrict decodes one document into out (a pointer to a struct with
// json tags) with sigs.k8s.io/yaml's strict mode, and first walks the yaml.v3
// node tree against out's type so that unknown fields and wrong kinds are
// reported with their line.
func DecodeStrict(doc Document, out any) error {
	node, err := ParseNode(doc)
	if err != nil {
		return err
	}
	if err := duplicateKeys(node, ""); err != nil {
		return err
	}
	if err := CheckNode(node, reflect.TypeOf(out), ""); err != nil {
		return err
	}
	if err := sigsyaml.UnmarshalStrict([]byte(doc.Text), out); err != nil {
		return &Error{Line: doc.StartLine, Msg: cleanJSONError(err.Error())}
	}
	return nil
}

func cleanJSONError(s string) string {
	s = strings.TrimPrefix(s, "error unmarshaling JSON: ")
	s = strings.TrimPrefix(s, "while decoding JSON: ")
	return s
}

// RawNode marks a struct field that accepts any YAML (decoded separately).
type RawNode = map[string]any

var anyType = reflect.TypeOf((*any)(nil)).Elem()

// CheckNode validates the shape of n against type t (json tags), returning a
// positioned error for the first unknown field or kind mismatch.
func CheckNode(n *yamlv3.Node, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Kind == yamlv3.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if n.Kind == yamlv3.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	if t == anyType || t.Kind() == reflect.Interface {
		return nil
	}
	if t.Implements(reflect.TypeOf((*interface{ UnmarshalJSON([]byte) error })(nil)).Elem()) ||
		reflect.PointerTo(t).Implements(reflect.TypeOf((*interface{ UnmarshalJSON([]byte) error })(nil)).Elem()) {
		return nil
	}
	field := path
	if field == "" {
		field = "(root)"
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yamlv3.MappingNode {
			return &Error{Line: n.Line, Msg: fmt.Sprintf("%s: expected a mapping, got %s", field, kindName(n))}
		}
		fields := jsonFields(t)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			ft, ok := fields[k.Value]
			if !ok {
				return &Error{Line: k.Line, Msg: fmt.Sprintf("unknown field %q", joinPath(path, k.Value))}
			}
			if err := CheckNode(n.Content[i+1], ft, joinPath(path, k.Value)); err != nil {
				return err
			}
		}
	case reflect.Map:
		if n.Kind != yamlv3.MappingNode {
			return &Error{Line: n.Line, Msg: fmt.Sprintf("%s: expected a mapping, got %s", field, kindName(n))}
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if err := CheckNode(n.Content[i+1], t.Elem(), joinPath(path, n.Content[i].Value)); err != nil {
				return err
			}
		}
	case reflect.Slice:
		if n.Kind != yamlv3.SequenceNode {
			return &Error{Line: n.Line, Msg: fmt.Sprintf("%s: expected a list, got %s", field, kindName(n))}
		}
		for i, c := range n.Content {
			if err := CheckNode(c, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case reflect.String:
		if n.Kind != yamlv3.ScalarNode {
			return &Error{Line: n.Line, Msg: fmt.Sprintf("%s: expected a string, got %s", field, kindName(n))}
		}
		if n.Tag != "!!str" && n.Style == 0 {
			return &Error{Line: n.Line, Msg: fmt.Sprintf("%s: expected a string, got %s %s (quote it)", field, strings.TrimPrefix(n.Tag, "!!"), strconv.Quote(n.Value))}
		}
	case reflect.Bool:
		if n.Kind != yamlv3.ScalarNode || n.Tag != "!!bool" {
			return &Error{Line: n.Line, Msg: fmt.Sprintf("%s: expected true or false, got %s", field, describe(n))}
		}
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint32, reflect.Uint64:
		if n.Kind != yamlv3.ScalarNode || n.Tag != "!!int" {
			return &Error{Line: n.Line, Msg: fmt.Sprintf("%s: expected an integer, got %s", field, describe(n))}
		}
	case reflect.Float32, reflect.Float64:
		if n.Kind != yamlv3.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
			return &Error{Line: n.Line, Msg: fmt.Sprintf("%s: expected a number, got %s", field, describe(n))}
		}
	}
	return nil
}

func describe(n *yamlv3.Node) string {
	if n.Kind == yamlv3.ScalarNode {
		return strconv.Quote(n.Value)
	}
	return kindName(n)
}

func kindName(n *yamlv3.Node) string {
	switch n.Kind {
	case yamlv3.MappingNode:
		return "a mapping"
	case yamlv3.SequenceNode:
		return "a list"
	default:
		return "a scalar"
	}
}

func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name := strings.Split(tag, ",")[0]
		if f.Anonymous && (name == "" || strings.Contains(tag, "inline")) {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range jsonFields(ft) {
					out[k] = v
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

// ToYAML renders v as YAML with sorted keys, the way sigs.k8s.io/yaml does
// for JSON-shaped data.
func ToYAML(v any) string {
	b, err := sigsyaml.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// Lines sorts and formats a set of messages, one per line.
func Lines(msgs []string) string {
	sort.Strings(msgs)
	return strings.Join(msgs, "\n")
}

// ErrEmpty is returned for a stream without documents.
var ErrEmpty = errors.New("no YAML documents found")

var _ = bytes.MinRead
