package yamldoc

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
)

// Unmarshal decodes YAML into out (a pointer) the way sigs.k8s.io/yaml's
// Unmarshal does: to JSON first, where numbers and booleans bound for a
// string field become strings, then encoding/json (field names matched
// case-insensitively, unknown fields ignored). Errors are in its words.
func Unmarshal(data []byte, out any) error {
	return unmarshal(data, out, false)
}

// UnmarshalStrict is sigs.k8s.io/yaml's UnmarshalStrict: Unmarshal that
// rejects repeated keys and unknown fields.
func UnmarshalStrict(data []byte, out any) error {
	return unmarshal(data, out, true)
}

func unmarshal(data []byte, out any, strict bool) error {
	js, err := targetJSON(data, reflect.TypeOf(out), strict)
	if err != nil {
		return wrap("error converting YAML to JSON: ", err)
	}
	d := json.NewDecoder(bytes.NewReader(js))
	if strict {
		d.DisallowUnknownFields()
	}
	if err := d.Decode(&out); err != nil {
		return wrap("error unmarshaling JSON: while decoding JSON: ", err)
	}
	return nil
}

// wrap prefixes an error's text and keeps its position.
func wrap(prefix string, err error) error {
	e, ok := err.(*Error)
	if !ok {
		return &Error{Msg: prefix + err.Error()}
	}
	c := *e
	c.Msg = prefix + c.Msg
	return &c
}

func targetJSON(data []byte, t reflect.Type, strict bool) ([]byte, error) {
	doc, err := Parse(data)
	if err != nil {
		return nil, err
	}
	if strict {
		if err := doc.DuplicateKeys(); err != nil {
			return nil, err
		}
	}
	if doc.Root == nil {
		return []byte("null"), nil
	}
	v, err := value(doc.Root, t, false)
	if err != nil {
		return nil, err
	}
	js, err := json.Marshal(v)
	if err != nil {
		return nil, doc.nonFinite(err)
	}
	return js, nil
}

// indirectTarget follows pointers; a type that decodes itself (UnmarshalJSON
// or UnmarshalText) has no target, as in encoding/json's indirect.
func indirectTarget(t reflect.Type) reflect.Type {
	for t != nil {
		if reflect.PointerTo(t).Implements(jsonUnmarshalerType) || reflect.PointerTo(t).Implements(textUnmarshalerType) {
			return nil
		}
		if t.Kind() != reflect.Pointer {
			return t
		}
		t = t.Elem()
	}
	return nil
}

// fieldTarget is the type sigs.k8s.io/yaml converts a key's value against:
// the struct field encoding/json would fill (an exact name first, else the
// first case-insensitive match), or, for a field promoted from an embedded
// struct, that embedded struct.
func fieldTarget(t reflect.Type, key string) reflect.Type {
	var fold reflect.Type
	var found reflect.Type
	walkFields(t, nil, func(name string, top reflect.Type) bool {
		if name == key {
			found = top
			return false
		}
		if fold == nil && strings.EqualFold(name, key) {
			fold = top
		}
		return true
	})
	if found != nil {
		return found
	}
	return fold
}

// walkFields calls f with every JSON field name of t in encoding/json's
// order and the type of the top-level field it belongs to.
func walkFields(t reflect.Type, top *reflect.StructField, f func(name string, top reflect.Type) bool) bool {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		owner := top
		if owner == nil {
			owner = &sf
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := sf.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if sf.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			if !walkFields(ft, owner, f) {
				return false
			}
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		if !f(name, owner.Type) {
			return false
		}
	}
	return true
}
