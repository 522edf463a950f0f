package yamldoc

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// A Dialect words the problems Check finds; each caller keeps the texts
// its users know.
type Dialect interface {
	// Unknown is a key the struct has no field for.
	Unknown(key *Node, path string) error
	// Duplicate is a struct field given twice; nil lets the last one win.
	Duplicate(key *Node, path string) error
	// Mismatch is a node whose kind or scalar type does not fit t.
	Mismatch(n *Node, path string, t reflect.Type) error
	// Range is an integer that does not fit t.
	Range(n *Node, path string, t reflect.Type) error
	// SelfDecoding checks a node bound for a type that decodes itself
	// (UnmarshalJSON or UnmarshalText); nil accepts it.
	SelfDecoding(n *Node, path string, t reflect.Type) error
}

// Check walks n against the Go type t (its json tags) and returns the first
// problem: unknown or repeated fields, wrong kinds, strings where numbers
// or booleans belong (and the other way round), integers that overflow
// their field. Nulls fit everything. Fields typed json.RawMessage or
// interface{} take anything; types with their own UnmarshalJSON take a
// scalar.
func Check(n *Node, t reflect.Type, path string, d Dialect) error {
	if n == nil {
		return nil
	}
	n = n.Deref()
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == rawType || t.Kind() == reflect.Interface {
		return nil
	}
	if n.Kind == ScalarNode && n.Value == nil {
		return nil
	}
	if selfDecoding(t) {
		return d.SelfDecoding(n, path, t)
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != MappingNode {
			return d.Mismatch(n, path, t)
		}
		fields := jsonFields(t)
		seen := make(map[string]bool, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			name := KeyString(k.Deref())
			p := joinPath(path, name)
			ft, ok := fields[name]
			if !ok {
				return d.Unknown(k, p)
			}
			if seen[name] {
				if err := d.Duplicate(k, p); err != nil {
					return err
				}
			}
			seen[name] = true
			if err := Check(n.Content[i+1], ft, p, d); err != nil {
				return err
			}
		}
	case reflect.Map:
		if n.Kind != MappingNode {
			return d.Mismatch(n, path, t)
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			p := joinPath(path, KeyString(n.Content[i].Deref()))
			if err := Check(n.Content[i+1], t.Elem(), p, d); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		if n.Kind != SequenceNode {
			return d.Mismatch(n, path, t)
		}
		for i, c := range n.Content {
			if err := Check(c, t.Elem(), path+"["+strconv.Itoa(i)+"]", d); err != nil {
				return err
			}
		}
	default:
		return checkScalar(n, t, path, d)
	}
	return nil
}

func checkScalar(n *Node, t reflect.Type, path string, d Dialect) error {
	if n.Kind != ScalarNode {
		return d.Mismatch(n, path, t)
	}
	switch t.Kind() {
	case reflect.String:
		if _, ok := n.Value.(string); !ok {
			return d.Mismatch(n, path, t)
		}
	case reflect.Bool:
		if _, ok := n.Value.(bool); !ok {
			return d.Mismatch(n, path, t)
		}
	case reflect.Float32, reflect.Float64:
		switch n.Value.(type) {
		case int, uint64, float64:
		default:
			return d.Mismatch(n, path, t)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		switch v := n.Value.(type) {
		case int:
			if reflect.Zero(t).OverflowInt(int64(v)) {
				return d.Range(n, path, t)
			}
		case uint64:
			return d.Range(n, path, t)
		default:
			return d.Mismatch(n, path, t)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		switch v := n.Value.(type) {
		case int:
			if v < 0 || reflect.Zero(t).OverflowUint(uint64(v)) {
				return d.Range(n, path, t)
			}
		case uint64:
			if reflect.Zero(t).OverflowUint(v) {
				return d.Range(n, path, t)
			}
		default:
			return d.Mismatch(n, path, t)
		}
	}
	return nil
}

func selfDecoding(t reflect.Type) bool {
	return reflect.PointerTo(t).Implements(jsonUnmarshalerType) || reflect.PointerTo(t).Implements(textUnmarshalerType)
}

var (
	rawType             = reflect.TypeOf(json.RawMessage(nil))
	jsonUnmarshalerType = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()
	textUnmarshalerType = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
)

// fieldCache holds jsonFields by struct type: a scenario of a thousand
// pods walks the same few types thousands of times. It only grows, and a
// type always maps to the same fields, so sharing it keeps decoding
// deterministic.
var fieldCache sync.Map // reflect.Type → map[string]reflect.Type

// jsonFields maps a struct's JSON field names to their types, embedded
// structs flattened as encoding/json flattens them. The result is shared.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldCache.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	out := map[string]reflect.Type{}
	addFields(t, out)
	fieldCache.Store(t, out)
	return out
}

func addFields(t reflect.Type, out map[string]reflect.Type) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" && tag == "-" {
			continue
		}
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				addFields(ft, out)
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
}
