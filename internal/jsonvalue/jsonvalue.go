// Package jsonvalue decodes JSON into the values encoding/json gives an
// interface{}: map[string]any, []any, string, float64, bool and nil, with
// no reflection and little code.
//
// Why it exists: in the browser most of what a first evaluation costs is
// V8 compiling, the first time they run, the functions it calls, and
// encoding/json's decoder is large (literalStore alone is 27 kB of
// WebAssembly) and the hottest code V8 then recompiles with its optimizing
// compiler. A request or a converted config file decoded here runs none of
// it.
//
// It decodes a subset exactly and refuses the rest: Decode reports ok
// false for invalid JSON, data after the value, a duplicate key in an
// object (encoding/json keeps the last one, which decoding into a struct
// merges), a number strconv.ParseFloat rejects, a \u escape of a UTF-16
// surrogate, bytes that are not UTF-8, and nesting deeper than MaxDepth.
// The caller then decodes with encoding/json, which also words the errors:
// whatever Decode accepts, encoding/json decodes into an interface{} to
// the same value (FuzzDecode checks it).
package jsonvalue

import (
	"strconv"
	"unicode/utf8"
)

// MaxDepth is the deepest nesting Decode accepts (encoding/json's limit
// is 10000).
const MaxDepth = 1000

// Decode decodes one JSON value, with white space around it.
func Decode(b []byte) (v any, ok bool) {
	d := decoder{b: b}
	d.space()
	v = d.value(0)
	d.space()
	if d.failed || d.i != len(d.b) {
		return nil, false
	}
	return v, true
}

type decoder struct {
	b      []byte
	i      int
	failed bool
}

func (d *decoder) fail() any {
	d.failed = true
	return nil
}

func (d *decoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *decoder) value(depth int) any {
	if d.failed || d.i >= len(d.b) || depth > MaxDepth {
		return d.fail()
	}
	switch c := d.b[d.i]; {
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == '"':
		s, ok := d.string()
		if !ok {
			return d.fail()
		}
		return s
	case c == 't':
		return d.literal("true", true)
	case c == 'f':
		return d.literal("false", false)
	case c == 'n':
		return d.literal("null", nil)
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	}
	return d.fail()
}

func (d *decoder) literal(word string, v any) any {
	if len(d.b)-d.i < len(word) || string(d.b[d.i:d.i+len(word)]) != word {
		return d.fail()
	}
	d.i += len(word)
	return v
}

func (d *decoder) object(depth int) any {
	d.i++ // {
	m := map[string]any{}
	d.space()
	if d.i < len(d.b) && d.b[d.i] == '}' {
		d.i++
		return m
	}
	for !d.failed {
		if d.i >= len(d.b) || d.b[d.i] != '"' {
			return d.fail()
		}
		k, ok := d.string()
		if !ok {
			return d.fail()
		}
		d.space()
		if d.i >= len(d.b) || d.b[d.i] != ':' {
			return d.fail()
		}
		d.i++
		d.space()
		v := d.value(depth + 1)
		if _, dup := m[k]; dup {
			return d.fail()
		}
		m[k] = v
		d.space()
		if d.i >= len(d.b) {
			return d.fail()
		}
		switch d.b[d.i] {
		case ',':
			d.i++
			d.space()
		case '}':
			d.i++
			return m
		default:
			return d.fail()
		}
	}
	return nil
}

func (d *decoder) array(depth int) any {
	d.i++ // [
	a := []any{}
	d.space()
	if d.i < len(d.b) && d.b[d.i] == ']' {
		d.i++
		return a
	}
	for !d.failed {
		a = append(a, d.value(depth+1))
		d.space()
		if d.i >= len(d.b) {
			return d.fail()
		}
		switch d.b[d.i] {
		case ',':
			d.i++
			d.space()
		case ']':
			d.i++
			return a
		default:
			return d.fail()
		}
	}
	return nil
}

// number reads JSON's number grammar and converts it as encoding/json
// does, with strconv.ParseFloat.
func (d *decoder) number() any {
	start := d.i
	if d.b[d.i] == '-' {
		d.i++
	}
	switch {
	case d.i < len(d.b) && d.b[d.i] == '0':
		d.i++
	case d.i < len(d.b) && d.b[d.i] >= '1' && d.b[d.i] <= '9':
		d.digits()
	default:
		return d.fail()
	}
	if d.i < len(d.b) && d.b[d.i] == '.' {
		d.i++
		if d.digits() == 0 {
			return d.fail()
		}
	}
	if d.i < len(d.b) && (d.b[d.i] == 'e' || d.b[d.i] == 'E') {
		d.i++
		if d.i < len(d.b) && (d.b[d.i] == '+' || d.b[d.i] == '-') {
			d.i++
		}
		if d.digits() == 0 {
			return d.fail()
		}
	}
	f, err := strconv.ParseFloat(string(d.b[start:d.i]), 64)
	if err != nil {
		return d.fail()
	}
	return f
}

func (d *decoder) digits() int {
	n := 0
	for d.i < len(d.b) && d.b[d.i] >= '0' && d.b[d.i] <= '9' {
		d.i++
		n++
	}
	return n
}

// string reads a string at d.b[d.i] == '"'. A string without escapes is
// one allocation.
func (d *decoder) string() (string, bool) {
	d.i++ // "
	start := d.i
	for d.i < len(d.b) {
		switch c := d.b[d.i]; {
		case c == '"':
			s := string(d.b[start:d.i])
			d.i++
			return s, true
		case c == '\\':
			return d.escaped(start)
		case c < 0x20:
			return "", false
		case c < utf8.RuneSelf:
			d.i++
		default:
			r, size := utf8.DecodeRune(d.b[d.i:])
			if r == utf8.RuneError && size == 1 {
				return "", false
			}
			d.i += size
		}
	}
	return "", false
}

// escaped finishes a string that has escapes, from its first byte at start.
func (d *decoder) escaped(start int) (string, bool) {
	out := append([]byte(nil), d.b[start:d.i]...)
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			d.i++
			return string(out), true
		case c == '\\':
			if d.i+1 >= len(d.b) {
				return "", false
			}
			e := d.b[d.i+1]
			d.i += 2
			switch e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r, ok := d.hex4()
				if !ok || r >= 0xD800 && r < 0xE000 {
					return "", false // a surrogate: encoding/json pairs or replaces it
				}
				out = utf8.AppendRune(out, r)
			default:
				return "", false
			}
		case c < 0x20:
			return "", false
		case c < utf8.RuneSelf:
			out = append(out, c)
			d.i++
		default:
			r, size := utf8.DecodeRune(d.b[d.i:])
			if r == utf8.RuneError && size == 1 {
				return "", false
			}
			out = append(out, d.b[d.i:d.i+size]...)
			d.i += size
		}
	}
	return "", false
}

func (d *decoder) hex4() (rune, bool) {
	if len(d.b)-d.i < 4 {
		return 0, false
	}
	var r rune
	for _, c := range d.b[d.i : d.i+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	d.i += 4
	return r, true
}
