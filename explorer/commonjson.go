package explorer

import "unicode/utf8"

// CommonDecoder is implemented by a request type that reads the common
// shape of its own JSON: the objects, strings and arrays a page sends,
// each key spelt as its field's tag and given once. DecodeCommon returns
// false, and leaves the value as it was, for anything else; the request
// is then decoded by encoding/json as before, errors and all. So for
// every input DecodeCommon accepts, the value must be the one
// encoding/json would give (each implementation has a fuzz test that
// checks it).
//
// Why: a first call of an engine runs every function it needs for the
// first time, and the browser compiles each then. encoding/json's
// reflective decoder is about 35 kB of that code for a request of a few
// strings (issue 15).
type CommonDecoder interface {
	DecodeCommon(data []byte) bool
}

// CommonJSON reads JSON of the common shape for a CommonDecoder. Each
// method reports false for anything outside that shape: a number, true,
// false or null; a string with a \u escape, a control character or bytes
// that are not UTF-8 (encoding/json would replace them); a key given
// twice in one object; a syntax error. The caller then gives up.
type CommonJSON struct {
	data []byte
	i    int
}

// NewCommonJSON reads data.
func NewCommonJSON(data []byte) *CommonJSON { return &CommonJSON{data: data} }

func (r *CommonJSON) space() {
	for r.i < len(r.data) {
		switch r.data[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// peek skips white space and reports whether the next byte is c.
func (r *CommonJSON) peek(c byte) bool {
	r.space()
	return r.i < len(r.data) && r.data[r.i] == c
}

// End reports whether only white space is left.
func (r *CommonJSON) End() bool {
	r.space()
	return r.i == len(r.data)
}

// Object reads an object, calling member for each key; member reads the
// key's value with the other methods and reports whether it could.
func (r *CommonJSON) Object(member func(key string) bool) bool {
	if !r.peek('{') {
		return false
	}
	r.i++
	if r.peek('}') {
		r.i++
		return true
	}
	var keys []string
	for {
		var key string
		if !r.String(&key) || !r.peek(':') {
			return false
		}
		for _, k := range keys {
			if k == key {
				return false
			}
		}
		keys = append(keys, key)
		r.i++
		if !member(key) {
			return false
		}
		switch {
		case r.peek(','):
			r.i++
		case r.peek('}'):
			r.i++
			return true
		default:
			return false
		}
	}
}

// Array reads an array, calling elem for each element; elem reads it with
// the other methods.
func (r *CommonJSON) Array(elem func() bool) bool {
	if !r.peek('[') {
		return false
	}
	r.i++
	if r.peek(']') {
		r.i++
		return true
	}
	for {
		if !elem() {
			return false
		}
		switch {
		case r.peek(','):
			r.i++
		case r.peek(']'):
			r.i++
			return true
		default:
			return false
		}
	}
}

// String reads a string into s.
func (r *CommonJSON) String(s *string) bool {
	if !r.peek('"') {
		return false
	}
	start := r.i + 1
	var b []byte // the unescaped string, once it has an escape
	last := start
	for i := start; i < len(r.data); i++ {
		c := r.data[i]
		switch {
		case c == '"':
			raw := r.data[last:i]
			if !utf8.Valid(raw) {
				return false
			}
			if b == nil {
				*s = string(raw)
			} else {
				*s = string(append(b, raw...))
			}
			r.i = i + 1
			return true
		case c < 0x20:
			return false
		case c == '\\':
			if i+1 == len(r.data) {
				return false
			}
			e, ok := shortEscape(r.data[i+1])
			if !ok {
				return false // \u, or not an escape at all
			}
			raw := r.data[last:i]
			if !utf8.Valid(raw) {
				return false
			}
			b = append(append(b, raw...), e)
			i++
			last = i + 1
		}
	}
	return false
}

// shortEscape is the byte a JSON one-letter escape stands for.
func shortEscape(c byte) (byte, bool) {
	switch c {
	case '"', '\\', '/':
		return c, true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	}
	return 0, false
}

// Strings reads an array of strings into *list: an empty array is an empty
// list, not nil, as encoding/json decodes it.
func (r *CommonJSON) Strings(list *[]string) bool {
	out := []string{}
	ok := r.Array(func() bool {
		var s string
		if !r.String(&s) {
			return false
		}
		out = append(out, s)
		return true
	})
	if ok {
		*list = out
	}
	return ok
}

// StringMap reads an object of strings into *m: a new map, as encoding/json
// makes one for a nil map.
func (r *CommonJSON) StringMap(m *map[string]string) bool {
	out := map[string]string{}
	ok := r.Object(func(key string) bool {
		var s string
		if !r.String(&s) {
			return false
		}
		out[key] = s
		return true
	})
	if ok {
		*m = out
	}
	return ok
}
