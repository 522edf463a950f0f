package yamldoc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// DecodeOne parses data, which must hold exactly one document, and decodes
// it into out (a pointer to a struct) strictly: see DecodeNode.
func DecodeOne(data []byte, out any) (*Index, error) {
	n, err := ParseOne(data)
	if err != nil {
		return nil, Locate(err)
	}
	return DecodeNode(n, out)
}

// ParseOne parses data, which must hold exactly one document.
func ParseOne(data []byte) (*Node, error) {
	d, err := Parse(data)
	if err != nil {
		return nil, err
	}
	if d.Root == nil {
		return nil, &Error{Line: 1, Column: 1, Msg: "empty document"}
	}
	if docs := SplitDocuments(string(data)); len(docs) > 1 {
		return nil, &Error{Line: docs[1].StartLine, Column: 1, Msg: "more than one YAML document"}
	}
	return d.Root, nil
}

// DecodeNode decodes n into out (a pointer to a struct) strictly, the
// explorer's own way: Check with the Strict dialect, then encoding/json,
// and returns the index of n's paths. Errors are Located, with position
// and path.
func DecodeNode(n *Node, out any) (*Index, error) {
	ix, err := DecodeNodeWith(n, out, Strict)
	return ix, Locate(err)
}

// DecodeNodeWith is DecodeNode with the dialect d and plain *Error
// results.
func DecodeNodeWith(n *Node, out any, d Dialect) (*Index, error) {
	ix := IndexOf(n)
	if err := Check(n, reflect.TypeOf(out), "", d); err != nil {
		return ix, err
	}
	v, err := jsonValue(n, false)
	if err != nil {
		return ix, err
	}
	js, err := json.Marshal(v)
	if err != nil {
		return ix, (&Document{Root: n}).nonFinite(err)
	}
	jd := json.NewDecoder(bytes.NewReader(js))
	jd.DisallowUnknownFields()
	if err := jd.Decode(out); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			l, c := ix.Pos(te.Field)
			return ix, &Error{Line: l, Column: c, Path: te.Field, Msg: fmt.Sprintf("cannot use %s as %s", te.Value, typeName(te.Type))}
		}
		return ix, &Error{Line: n.Line, Column: n.Column, Msg: err.Error()}
	}
	return ix, nil
}

// Strict is the explorer's dialect for its own formats and the objects in
// them (kubelet scenarios and pods): positioned, with the field path.
var Strict Dialect = strictDialect{}

type strictDialect struct{}

func (strictDialect) Unknown(k *Node, path string) error {
	return &Error{Line: k.Line, Column: k.Column, Path: path, Msg: fmt.Sprintf("unknown field %q", KeyString(k.Deref()))}
}

func (strictDialect) Duplicate(k *Node, path string) error {
	return &Error{Line: k.Line, Column: k.Column, Path: path, Msg: "duplicate field"}
}

func (strictDialect) Mismatch(n *Node, path string, t reflect.Type) error {
	e := &Error{Line: n.Line, Column: n.Column, Path: path}
	switch {
	case n.Kind != ScalarNode:
		e.Msg = "expected " + typeName(t)
	case t.Kind() == reflect.String:
		e.Msg = fmt.Sprintf("expected a string, got %s %q (quote it)", strings.TrimPrefix(n.Tag, "!!"), n.Text)
	case t.Kind() == reflect.Bool:
		e.Msg = fmt.Sprintf("expected a boolean, got %q", n.Text)
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		e.Msg = fmt.Sprintf("expected a number, got %q", n.Text)
	case isInteger(t):
		e.Msg = fmt.Sprintf("expected an integer, got %q", n.Text)
	default:
		e.Msg = "expected " + typeName(t)
	}
	return e
}

func (strictDialect) SelfDecoding(n *Node, path string, t reflect.Type) error {
	if n.Kind != ScalarNode {
		return &Error{Line: n.Line, Column: n.Column, Path: path, Msg: "expected a single value"}
	}
	return nil
}

func (strictDialect) Range(n *Node, path string, t reflect.Type) error {
	return &Error{Line: n.Line, Column: n.Column, Path: path, Msg: fmt.Sprintf("integer %s out of range", n.Text)}
}

func isInteger(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	}
	return false
}

func typeName(t reflect.Type) string {
	switch {
	case t.Kind() == reflect.String:
		return "a string"
	case isInteger(t):
		return "an integer"
	case t.Kind() == reflect.Bool:
		return "a boolean"
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		return "a list"
	case t.Kind() == reflect.Map || t.Kind() == reflect.Struct:
		return "an object"
	}
	return t.String()
}
