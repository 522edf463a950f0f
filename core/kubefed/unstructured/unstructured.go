// Package unstructured holds Kubernetes objects as plain JSON-shaped values
// (map[string]any, []any, string, int64, float64, bool, nil), the way
// k8s.io/apimachinery's unstructured package does, without importing it.
//
// Integers are int64 and other numbers float64, as apimachinery's JSON
// decoding produces. Rendering goes through encoding/json, which sorts map
// keys, so every transcript is deterministic.
package unstructured

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Object is the JSON object form of a Kubernetes resource.
type Object = map[string]any

// DeepCopy returns a copy of v that shares nothing with it.
func DeepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		return DeepCopyMap(t)
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = DeepCopy(e)
		}
		return out
	case []string:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = e
		}
		return out
	case int:
		return int64(t)
	case int32:
		return int64(t)
	default:
		return v
	}
}

// DeepCopyMap copies an object; a nil map stays nil.
func DeepCopyMap(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = DeepCopy(v)
	}
	return out
}

// Equal reports whether two JSON-shaped values are the same, treating an
// int64 and a float64 of equal value as equal (JSON has one number type).
func Equal(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !Equal(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !Equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case int64:
		switch y := b.(type) {
		case int64:
			return x == y
		case float64:
			return float64(x) == y
		}
		return false
	case float64:
		switch y := b.(type) {
		case int64:
			return x == float64(y)
		case float64:
			return x == y
		}
		return false
	default:
		return a == b
	}
}

// Nested walks fields from obj and returns the value found there.
func Nested(obj map[string]any, fields ...string) (any, bool) {
	var cur any = obj
	for _, f := range fields {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		cur, ok = m[f]
		if !ok {
			return nil, false
		}
	}
	return cur, true
}

// NestedMap returns the object at fields, or nil when absent or not an object.
func NestedMap(obj map[string]any, fields ...string) map[string]any {
	v, _ := Nested(obj, fields...)
	m, _ := v.(map[string]any)
	return m
}

// NestedSlice returns the array at fields, or nil.
func NestedSlice(obj map[string]any, fields ...string) []any {
	v, _ := Nested(obj, fields...)
	s, _ := v.([]any)
	return s
}

// NestedString returns the string at fields, or "".
func NestedString(obj map[string]any, fields ...string) string {
	v, _ := Nested(obj, fields...)
	s, _ := v.(string)
	return s
}

// NestedInt64 returns the integer at fields, or 0.
func NestedInt64(obj map[string]any, fields ...string) int64 {
	v, _ := Nested(obj, fields...)
	switch n := v.(type) {
	case int64:
		return n
	case float64:
		return int64(n)
	}
	return 0
}

// NestedStringMap returns a map of strings at fields (non-string values are skipped).
func NestedStringMap(obj map[string]any, fields ...string) map[string]string {
	m := NestedMap(obj, fields...)
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		if s, ok := v.(string); ok {
			out[k] = s
		}
	}
	return out
}

// SetNested sets value at fields, creating intermediate objects.
func SetNested(obj map[string]any, value any, fields ...string) {
	m := obj
	for _, f := range fields[:len(fields)-1] {
		next, ok := m[f].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[f] = next
		}
		m = next
	}
	m[fields[len(fields)-1]] = value
}

// Accessors for metadata. They never panic on malformed objects.

func GetName(o map[string]any) string      { return NestedString(o, "metadata", "name") }
func GetNamespace(o map[string]any) string { return NestedString(o, "metadata", "namespace") }
func GetKind(o map[string]any) string      { s, _ := o["kind"].(string); return s }
func GetAPIVersion(o map[string]any) string {
	s, _ := o["apiVersion"].(string)
	return s
}
func GetUID(o map[string]any) string { return NestedString(o, "metadata", "uid") }
func GetResourceVersion(o map[string]any) string {
	return NestedString(o, "metadata", "resourceVersion")
}
func GetGeneration(o map[string]any) int64 { return NestedInt64(o, "metadata", "generation") }
func GetDeletionTimestamp(o map[string]any) string {
	return NestedString(o, "metadata", "deletionTimestamp")
}
func GetLabels(o map[string]any) map[string]string { return NestedStringMap(o, "metadata", "labels") }
func GetAnnotations(o map[string]any) map[string]string {
	return NestedStringMap(o, "metadata", "annotations")
}

// GetFinalizers returns metadata.finalizers in order.
func GetFinalizers(o map[string]any) []string {
	var out []string
	for _, v := range NestedSlice(o, "metadata", "finalizers") {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func metadata(o map[string]any) map[string]any {
	m, ok := o["metadata"].(map[string]any)
	if !ok {
		m = map[string]any{}
		o["metadata"] = m
	}
	return m
}

func SetName(o map[string]any, v string)      { metadata(o)["name"] = v }
func SetNamespace(o map[string]any, v string) { setOrDelete(metadata(o), "namespace", v) }
func SetKind(o map[string]any, v string)      { o["kind"] = v }
func SetAPIVersion(o map[string]any, v string) {
	o["apiVersion"] = v
}
func SetResourceVersion(o map[string]any, v string) { setOrDelete(metadata(o), "resourceVersion", v) }

func setOrDelete(m map[string]any, k, v string) {
	if v == "" {
		delete(m, k)
		return
	}
	m[k] = v
}

// SetStringMap sets or (when empty) removes a string map under metadata.
func SetStringMap(o map[string]any, field string, v map[string]string) {
	md := metadata(o)
	if len(v) == 0 {
		delete(md, field)
		return
	}
	m := make(map[string]any, len(v))
	for k, s := range v {
		m[k] = s
	}
	md[field] = m
}

func SetLabels(o map[string]any, v map[string]string)      { SetStringMap(o, "labels", v) }
func SetAnnotations(o map[string]any, v map[string]string) { SetStringMap(o, "annotations", v) }

// SetFinalizers sets or (when empty) removes metadata.finalizers.
func SetFinalizers(o map[string]any, v []string) {
	md := metadata(o)
	if len(v) == 0 {
		delete(md, "finalizers")
		return
	}
	s := make([]any, len(v))
	for i, f := range v {
		s[i] = f
	}
	md["finalizers"] = s
}

// HasFinalizer reports whether f is in metadata.finalizers.
func HasFinalizer(o map[string]any, f string) bool {
	for _, x := range GetFinalizers(o) {
		if x == f {
			return true
		}
	}
	return false
}

// GroupVersion splits an apiVersion into group and version.
func GroupVersion(apiVersion string) (group, version string) {
	if i := strings.LastIndex(apiVersion, "/"); i >= 0 {
		return apiVersion[:i], apiVersion[i+1:]
	}
	return "", apiVersion
}

// Marshal renders v as compact JSON with sorted keys.
func Marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		return []byte(fmt.Sprintf("%q", err.Error()))
	}
	return b
}

// FromJSON decodes JSON into JSON-shaped values with int64 integers.
func FromJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return normalizeNumbers(v), nil
}

func normalizeNumbers(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			t[k] = normalizeNumbers(e)
		}
		return t
	case []any:
		for i, e := range t {
			t[i] = normalizeNumbers(e)
		}
		return t
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i
		}
		f, _ := t.Float64()
		return f
	default:
		return v
	}
}

// SortedKeys returns the keys of m in order.
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
