package yamldoc

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kubexplorer/kubexplorer/internal/jsonappend"
)

// JSON is the document as the JSON Kubernetes reads, byte for byte what
// sigs.k8s.io/yaml's YAMLToJSON gives: keys sorted, integers kept exact,
// non-string keys turned into strings, the last of repeated keys kept, and
// its errors (a null or list key, NaN or an infinity) in its words.
func (d *Document) JSON() ([]byte, error) {
	js, _, _, err := d.JSONDecoded()
	return js, err
}

// JSONDecoded is JSON and what json.Unmarshal of those bytes into an any
// gives, with ok true, when the document's strings are valid UTF-8 (the
// usual case): a caller that reads the document decoded then runs none of
// encoding/json's decoder, which a first evaluation would compile (issue
// 15). decoded is the caller's: nothing else holds it.
func (d *Document) JSONDecoded() (js []byte, decoded any, ok bool, err error) {
	v, err := d.value(false)
	if err != nil {
		return nil, nil, false, err
	}
	var plain bool
	if js, plain = jsonappend.Value(nil, v); !plain {
		if js, err = json.Marshal(v); err != nil {
			return nil, nil, false, d.nonFinite(err)
		}
	}
	decoded, ok = asDecoded(v)
	return js, decoded, ok, nil
}

// asDecoded turns v, a value JSON encodes, in place into what decoding
// its JSON gives: numbers become float64s (encoding/json writes a float64
// that reads back the same, and both conversions round an integer to the
// nearest float64), everything else stays. ok is false when a string is
// not valid UTF-8 (decoding replaces the bytes) or v holds another type.
func asDecoded(v any) (any, bool) {
	ok := true
	switch t := v.(type) {
	case nil, bool, float64:
	case int:
		v = float64(t)
	case int64:
		v = float64(t)
	case uint64:
		v = float64(t)
	case string:
		ok = utf8.ValidString(t)
	case []any:
		for i, e := range t {
			if t[i], ok = asDecoded(e); !ok {
				break
			}
		}
	case map[string]any:
		for k, e := range t {
			if !utf8.ValidString(k) {
				return v, false
			}
			if t[k], ok = asDecoded(e); !ok {
				break
			}
		}
	default:
		ok = false
	}
	return v, ok
}

// Unstructured is the document as JSON-shaped Go values the way
// apimachinery's unstructured objects hold them after decoding that JSON:
// map[string]any, []any, string, bool, nil, int64 for every number JSON
// writes without a fraction or exponent that fits, float64 otherwise. It
// equals decoding JSON() with json.Number, without the round trip.
func (d *Document) Unstructured() (any, error) {
	v, err := d.value(true)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// value builds the JSON value; unstructured selects apimachinery's number
// and string forms (those encoding JSON and decoding it would give).
func (d *Document) value(unstructured bool) (any, error) {
	if d.Root == nil {
		return nil, nil
	}
	return jsonValue(d.Root, unstructured)
}

func jsonValue(n *Node, unstructured bool) (any, error) {
	return value(n, nil, unstructured)
}

// value is the JSON value of n. t is the Go type the value is bound for,
// or nil: sigs.k8s.io/yaml turns a number or a boolean bound for a string
// field into that string (floats with 32-bit precision). unstructured
// selects apimachinery's number and string forms (those encoding JSON and
// decoding it would give).
func value(n *Node, t reflect.Type, unstructured bool) (any, error) {
	t = indirectTarget(t)
	n = n.Deref()
	switch n.Kind {
	case SequenceNode:
		var et reflect.Type
		if t != nil && t.Kind() == reflect.Slice {
			et = t.Elem()
		}
		out := make([]any, len(n.Content))
		for i, c := range n.Content {
			v, err := value(c, et, unstructured)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	case MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Deref()
			ks, ok := jsonKey(k.Value)
			if !ok {
				return nil, &Error{Line: k.Line, Column: k.Column, Msg: fmt.Sprintf("unsupported map key of type: %s, key: %+#v, value: %+#v",
					reflect.TypeOf(k.Value), k.Value, toV2(lastValue(n, i)))}
			}
			var vt reflect.Type
			if t != nil {
				switch t.Kind() {
				case reflect.Struct:
					vt = fieldTarget(t, ks)
				case reflect.Map:
					vt = t.Elem()
				}
			}
			v, err := value(n.Content[i+1], vt, unstructured)
			if err != nil {
				return nil, err
			}
			out[ks] = v
		}
		return out, nil
	}
	if t != nil && t.Kind() == reflect.String {
		switch v := n.Value.(type) {
		case int:
			return strconv.Itoa(v), nil
		case uint64:
			return strconv.FormatUint(v, 10), nil
		case float64:
			return strconv.FormatFloat(v, 'g', -1, 32), nil
		case bool:
			return strconv.FormatBool(v), nil
		}
	}
	if unstructured {
		return unstructuredScalar(n)
	}
	return n.Value, nil
}

// lastValue is the value the key at Content[i] has once the mapping is
// decoded: that of its last assignment.
func lastValue(n *Node, i int) *Node {
	v := n.Content[i+1]
	k := n.Content[i].Deref().Value
	for j := i + 2; j+1 < len(n.Content); j += 2 {
		if n.Content[j].Deref().Value == k {
			v = n.Content[j+1]
		}
	}
	return v
}

// jsonKey is how sigs.k8s.io/yaml turns a decoded key into a JSON key:
// floats with 32-bit precision, and no unsigned integers.
func jsonKey(k any) (string, bool) {
	switch k := k.(type) {
	case string:
		return k, true
	case int:
		return strconv.Itoa(k), true
	case float64:
		switch s := strconv.FormatFloat(k, 'g', -1, 32); s {
		case "+Inf":
			return ".inf", true
		case "-Inf":
			return "-.inf", true
		case "NaN":
			return ".nan", true
		default:
			return s, true
		}
	case bool:
		return strconv.FormatBool(k), true
	}
	return "", false
}

func unstructuredScalar(n *Node) (any, error) {
	switch v := n.Value.(type) {
	case int:
		return int64(v), nil
	case uint64:
		if v <= math.MaxInt64 {
			return int64(v), nil
		}
		f, _ := strconv.ParseFloat(strconv.FormatUint(v, 10), 64)
		return f, nil
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, &Error{Line: n.Line, Column: n.Column, Msg: "json: unsupported value: " + strconv.FormatFloat(v, 'g', -1, 64)}
		}
		// encoding/json writes integral values below 1e21 without a
		// fraction, and such a number decodes as an integer if it fits.
		if a := math.Abs(v); v == math.Trunc(v) && a < 1e21 && a < 1<<63 {
			return int64(v), nil
		}
		return v, nil
	case string:
		return validUTF8(v), nil
	}
	return n.Value, nil
}

// validUTF8 replaces every byte of invalid UTF-8 with U+FFFD, as
// encoding/json does when it writes a string.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// nonFinite positions encoding/json's error about a NaN or an infinity at
// the first such scalar of the document.
func (d *Document) nonFinite(err error) error {
	e := &Error{Msg: err.Error()}
	var find func(n *Node) bool
	find = func(n *Node) bool {
		n = n.Deref()
		if f, ok := n.Value.(float64); ok && (math.IsNaN(f) || math.IsInf(f, 0)) {
			e.Line, e.Column = n.Line, n.Column
			return true
		}
		for _, c := range n.Content {
			if find(c) {
				return true
			}
		}
		return false
	}
	find(d.Root)
	return e
}

// DuplicateKeys is the error yaml.v2's strict decoding (sigs.k8s.io/yaml's
// YAMLToJSONStrict, apimachinery's strict decoders) reports for repeated
// mapping keys, or nil: "yaml: unmarshal errors:" and one line per repeat,
// with the line of the repeated key's value. It is positioned at the first
// repeat.
func (d *Document) DuplicateKeys() error {
	if d.Root == nil || len(d.Root.stat.dups) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("yaml: unmarshal errors:")
	for _, dp := range d.Root.stat.dups {
		fmt.Fprintf(&b, "\n  line %d: key %#v already set in map", dp.line, dp.key)
	}
	first := d.Root.stat.dups[0]
	return &Error{Line: first.line, Column: 1, Msg: b.String()}
}
