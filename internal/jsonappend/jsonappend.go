// Package jsonappend writes, without reflection, the bytes encoding/json's
// Marshal writes for the common cases of the values an engine encodes in
// a first call: plain strings, and the JSON-shaped values a YAML document
// decodes to. Everything else is left to encoding/json.
//
// Why: in the browser a first evaluation compiles every function it runs
// for the first time, and encoding/json's reflective encoder (its struct
// field tables and their sorting, map iteration through reflect, the
// zero-value checks of omitempty) is some 30 kB of that code (issue 15).
package jsonappend

import (
	"encoding/json"
	"slices"
	"strconv"
)

// String appends s quoted as encoding/json quotes it. Printable ASCII
// that needs no escape (names, paths, messages) it copies; anything else
// (a quote, HTML's <, > and &, control characters, non-ASCII) it leaves
// to encoding/json.
func String(b []byte, s string) []byte {
	if !plain(s) {
		js, _ := json.Marshal(s) // a string always encodes
		return append(b, js...)
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// plain tells whether encoding/json writes s between quotes as is.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// Strings appends a list of strings: null for a nil one, as
// encoding/json writes a nil slice.
func Strings(b []byte, list []string) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = String(b, s)
	}
	return append(b, ']')
}

// Value appends v, a value of the shapes a decoded YAML or JSON document
// has: nil, bool, string, int, int64, uint64, []any and map[string]any
// (keys sorted, as encoding/json sorts them). ok is false, and b is
// unusable, when v holds anything else (a float64 among them, whose
// formatting it leaves to encoding/json).
func Value(b []byte, v any) (_ []byte, ok bool) {
	switch t := v.(type) {
	case nil:
		return append(b, "null"...), true
	case bool:
		return strconv.AppendBool(b, t), true
	case string:
		return String(b, t), true
	case int:
		return strconv.AppendInt(b, int64(t), 10), true
	case int64:
		return strconv.AppendInt(b, t, 10), true
	case uint64:
		return strconv.AppendUint(b, t, 10), true
	case []any:
		if t == nil {
			return append(b, "null"...), true
		}
		b = append(b, '[')
		for i, e := range t {
			if i > 0 {
				b = append(b, ',')
			}
			if b, ok = Value(b, e); !ok {
				return b, false
			}
		}
		return append(b, ']'), true
	case map[string]any:
		if t == nil {
			return append(b, "null"...), true
		}
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = String(b, k)
			b = append(b, ':')
			if b, ok = Value(b, t[k]); !ok {
				return b, false
			}
		}
		return append(b, '}'), true
	}
	return b, false
}
