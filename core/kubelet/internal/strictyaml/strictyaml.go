// Package strictyaml decodes YAML into Go structs the way a strict
// Kubernetes client does (sigs.k8s.io/yaml: YAML → JSON → encoding/json with
// unknown fields rejected), but reports every problem with the line and
// column it comes from, which sigs.k8s.io/yaml cannot: the document is also
// parsed into go.yaml.in/yaml/v3 nodes, which keep positions, and the nodes
// are walked against the target type to find unknown fields and to map
// field paths back to lines.
package strictyaml

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"

	yamlv3 "go.yaml.in/yaml/v3"
)

// Error is a decoding or validation problem at a position.
type Error struct {
	Line, Column int
	Path         string
	Msg          string
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ", column %d", e.Column)
		}
		b.WriteString(": ")
	}
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Position returns the 1-based line and column (0 when unknown), so callers
// can mark the spot without reading it back out of the text.
func (e *Error) Position() (line, column int) { return e.Line, e.Column }

// Detail is the text of the error without its position.
func (e *Error) Detail() string {
	if e.Path != "" {
		return e.Path + ": " + e.Msg
	}
	return e.Msg
}

// Syntax turns a go.yaml.in/yaml/v3 parse error ("yaml: line 3: did not
// find expected key") into an Error whose text is the message without the
// "yaml: " prefix, exactly as before, and whose line is structured.
func Syntax(err error) *Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, tail, ok := strings.Cut(rest, ": "); ok {
			if line, aerr := strconv.Atoi(n); aerr == nil && line > 0 {
				return &Error{Line: line, Msg: tail}
			}
		}
	}
	return &Error{Msg: msg}
}

// Index maps field paths ("spec.containers[0].image") to positions.
type Index struct {
	pos    map[string][2]int
	offset int // lines added in front of the document
}

// Pos returns the position of path, or of its closest known ancestor.
func (ix *Index) Pos(path string) (line, col int) {
	if ix == nil {
		return 0, 0
	}
	for p := path; ; {
		if v, ok := ix.pos[p]; ok {
			return v[0] + ix.offset, v[1]
		}
		i := strings.LastIndexAny(p, ".[")
		if i < 0 {
			if v, ok := ix.pos[""]; ok {
				return v[0] + ix.offset, v[1]
			}
			return 0, 0
		}
		p = p[:i]
	}
}

// Errorf returns an Error for path, positioned through the index.
func (ix *Index) Errorf(path, format string, args ...any) *Error {
	l, c := ix.Pos(path)
	return &Error{Line: l, Column: c, Path: path, Msg: fmt.Sprintf(format, args...)}
}

// Sub returns an index for the subtree at prefix, with paths relative to it.
func (ix *Index) Sub(prefix string) *Index {
	out := &Index{pos: map[string][2]int{}, offset: ix.offset}
	for p, v := range ix.pos {
		switch {
		case p == prefix:
			out.pos[""] = v
		case strings.HasPrefix(p, prefix+".") && prefix != "":
			out.pos[p[len(prefix)+1:]] = v
		case strings.HasPrefix(p, prefix+"["):
			out.pos[p[len(prefix):]] = v
		case prefix == "":
			out.pos[p] = v
		}
	}
	return out
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

// Decode decodes one YAML document into out (a pointer to a struct)
// strictly, and returns the position index of the document.
func Decode(data []byte, out any) (*Index, error) {
	var doc yamlv3.Node
	dec := yamlv3.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &Error{Msg: "empty document"}
		}
		return nil, syntaxError(err)
	}
	var extra yamlv3.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, &Error{Line: extra.Line, Column: extra.Column, Msg: "more than one YAML document"}
	}
	return DecodeNode(&doc, out)
}

func syntaxError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	e := &Error{Msg: msg}
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		e.Line, _ = strconv.Atoi(m[1])
		e.Msg = strings.TrimSpace(yamlLine.ReplaceAllString(msg, ""))
		e.Msg = strings.TrimPrefix(strings.TrimPrefix(e.Msg, ":"), " ")
	}
	return e
}

// DecodeNode decodes an already parsed node (a document or a value).
func DecodeNode(n *yamlv3.Node, out any) (*Index, error) {
	if n.Kind == yamlv3.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	ix := &Index{pos: map[string][2]int{}}
	if err := walk(n, reflect.TypeOf(out).Elem(), "", ix); err != nil {
		return ix, err
	}
	js, err := json.Marshal(toValue(n))
	if err != nil {
		return ix, &Error{Line: n.Line, Column: n.Column, Msg: err.Error()}
	}
	jd := json.NewDecoder(bytes.NewReader(js))
	jd.DisallowUnknownFields()
	if err := jd.Decode(out); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			path := jsonFieldPath(te.Field)
			e := ix.Errorf(path, "cannot use %s as %s", te.Value, typeName(te.Type))
			return ix, e
		}
		return ix, &Error{Line: n.Line, Column: n.Column, Msg: err.Error()}
	}
	return ix, nil
}

// toValue converts a node into JSON-ready values with YAML 1.2 semantics,
// the same semantics walk checked, so that "y" stays a string.
func toValue(n *yamlv3.Node) any {
	switch n.Kind {
	case yamlv3.DocumentNode:
		if len(n.Content) > 0 {
			return toValue(n.Content[0])
		}
		return nil
	case yamlv3.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = toValue(n.Content[i+1])
		}
		return m
	case yamlv3.SequenceNode:
		l := make([]any, len(n.Content))
		for i, c := range n.Content {
			l[i] = toValue(c)
		}
		return l
	case yamlv3.AliasNode:
		return nil
	}
	switch n.Tag {
	case "!!null":
		return nil
	case "!!bool":
		var b bool
		if n.Decode(&b) == nil {
			return b
		}
	case "!!int":
		var i int64
		if n.Decode(&i) == nil {
			return i
		}
		return json.Number(n.Value)
	case "!!float":
		var f float64
		if n.Decode(&f) == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return f
		}
	}
	return n.Value
}

func typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Bool:
		return "a boolean"
	case reflect.Slice:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return t.String()
}

// jsonFieldPath turns encoding/json's "spec.containers.image" into the best
// path we can index; list indexes are unknown there, so it stays coarse.
func jsonFieldPath(f string) string { return f }

var (
	rawType         = reflect.TypeOf(json.RawMessage(nil))
	unmarshalerType = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()
)

// walk checks node n against type t, records positions and rejects unknown
// fields.
func walk(n *yamlv3.Node, t reflect.Type, path string, ix *Index) error {
	ix.pos[path] = [2]int{n.Line, n.Column}
	if n.Kind == yamlv3.AliasNode {
		return &Error{Line: n.Line, Column: n.Column, Path: path, Msg: "YAML aliases are not supported"}
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == rawType || t.Kind() == reflect.Interface {
		return nil
	}
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		if n.Kind != yamlv3.ScalarNode {
			return &Error{Line: n.Line, Column: n.Column, Path: path, Msg: "expected a single value"}
		}
		return nil
	}
	if n.Kind == yamlv3.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yamlv3.MappingNode {
			return &Error{Line: n.Line, Column: n.Column, Path: path, Msg: "expected an object"}
		}
		fields := jsonFields(t)
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			p := join(path, k.Value)
			if seen[k.Value] {
				return &Error{Line: k.Line, Column: k.Column, Path: p, Msg: "duplicate field"}
			}
			seen[k.Value] = true
			ft, ok := fields[k.Value]
			if !ok {
				return &Error{Line: k.Line, Column: k.Column, Path: p, Msg: fmt.Sprintf("unknown field %q", k.Value)}
			}
			ix.pos[p] = [2]int{k.Line, k.Column}
			if err := walk(v, ft, p, ix); err != nil {
				return err
			}
			ix.pos[p] = [2]int{k.Line, k.Column}
		}
	case reflect.Map:
		if n.Kind != yamlv3.MappingNode {
			return &Error{Line: n.Line, Column: n.Column, Path: path, Msg: "expected an object"}
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			p := join(path, k.Value)
			if err := walk(v, t.Elem(), p, ix); err != nil {
				return err
			}
			ix.pos[p] = [2]int{k.Line, k.Column}
		}
	case reflect.Slice:
		if n.Kind != yamlv3.SequenceNode {
			return &Error{Line: n.Line, Column: n.Column, Path: path, Msg: "expected a list"}
		}
		for i, v := range n.Content {
			if err := walk(v, t.Elem(), fmt.Sprintf("%s[%d]", path, i), ix); err != nil {
				return err
			}
		}
	default:
		if n.Kind != yamlv3.ScalarNode {
			return &Error{Line: n.Line, Column: n.Column, Path: path, Msg: "expected " + typeName(t)}
		}
		switch t.Kind() {
		case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint32, reflect.Uint64:
			if n.Tag != "!!int" {
				return &Error{Line: n.Line, Column: n.Column, Path: path, Msg: fmt.Sprintf("expected an integer, got %q", n.Value)}
			}
			bits := t.Bits()
			var err error
			if t.Kind() == reflect.Uint32 || t.Kind() == reflect.Uint64 {
				_, err = strconv.ParseUint(n.Value, 0, bits)
			} else {
				_, err = strconv.ParseInt(n.Value, 0, bits)
			}
			if err != nil {
				return &Error{Line: n.Line, Column: n.Column, Path: path, Msg: fmt.Sprintf("integer %s out of range", n.Value)}
			}
		case reflect.Bool:
			if n.Tag != "!!bool" {
				return &Error{Line: n.Line, Column: n.Column, Path: path, Msg: fmt.Sprintf("expected a boolean, got %q", n.Value)}
			}
		case reflect.String:
			if n.Tag != "!!str" {
				// Kubernetes accepts only strings where strings are declared;
				// quote numbers and booleans.
				return &Error{Line: n.Line, Column: n.Column, Path: path, Msg: fmt.Sprintf("expected a string, got %s %q (quote it)", strings.TrimPrefix(n.Tag, "!!"), n.Value)}
			}
		case reflect.Float32, reflect.Float64:
			if n.Tag != "!!int" && n.Tag != "!!float" {
				return &Error{Line: n.Line, Column: n.Column, Path: path, Msg: fmt.Sprintf("expected a number, got %q", n.Value)}
			}
		}
	}
	return nil
}

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

// fieldCache holds jsonFields by struct type: a scenario of a thousand pods
// walks the same few types thousands of times. The map only grows, and the
// same type always maps to the same fields, so sharing it keeps decoding
// deterministic.
var fieldCache sync.Map // reflect.Type → map[string]reflect.Type

// jsonFields maps a struct's JSON names to their types (embedded structs
// flattened). The result is shared: do not modify it.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldCache.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	out := structFields(t)
	fieldCache.Store(t, out)
	return out
}

func structFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" {
			for k, v := range structFields(f.Type) {
				out[k] = v
			}
			continue
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
