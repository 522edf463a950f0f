package gates

import (
	"unicode/utf8"

	"github.com/kubexplorer/kubexplorer/explorer"
)

var _ explorer.FastRequest = (*EvaluateRequest)(nil)

// DecodeFast decodes the request the page sends without encoding/json
// (explorer.FastRequest): an object of the request's fields, each once and
// in its exact case, with strings whose escapes are the one-letter ones.
// Anything else is left to encoding/json, which decodes it or words the
// error (FuzzDecodeFast holds the two to the same results).
func (r *EvaluateRequest) DecodeFast(data []byte) bool {
	if !utf8.Valid(data) { // encoding/json replaces invalid bytes
		return false
	}
	d := fastJSON{data: data}
	var out EvaluateRequest
	seen := map[string]bool{}
	ok := d.object(func(key string) bool {
		if seen[key] {
			return false
		}
		seen[key] = true
		ok := false
		switch key {
		case "release":
			out.Release, ok = d.string()
		case "commandLine":
			out.CommandLine, ok = d.string()
		case "configDir":
			out.ConfigDir, ok = d.string()
		case "targetRelease":
			out.TargetRelease, ok = d.string()
		case "args":
			out.Args = []string{}
			return d.array(func() bool {
				s, ok := d.string()
				out.Args = append(out.Args, s)
				return ok
			})
		case "config":
			out.Config = &File{}
			return d.file(out.Config)
		case "dynamicCheckpoint":
			out.DynamicCheckpoint = &File{}
			return d.file(out.DynamicCheckpoint)
		case "dropIns":
			out.DropIns = []File{}
			return d.array(func() bool {
				out.DropIns = append(out.DropIns, File{})
				return d.file(&out.DropIns[len(out.DropIns)-1])
			})
		case "env":
			out.Env = map[string]string{}
			return d.object(func(k string) bool {
				if _, dup := out.Env[k]; dup {
					return false
				}
				v, ok := d.string()
				out.Env[k] = v
				return ok
			})
		default:
			return false
		}
		return ok
	})
	if !ok || d.space() != len(data) {
		return false
	}
	*r = out
	return true
}

// fastJSON reads the subset of JSON DecodeFast takes, from data at i.
type fastJSON struct {
	data []byte
	i    int
}

// space skips white space and returns where it stopped.
func (d *fastJSON) space() int {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return d.i
		}
	}
	return d.i
}

// next reports whether the next byte after white space is c, and takes it.
func (d *fastJSON) next(c byte) bool {
	if d.space() < len(d.data) && d.data[d.i] == c {
		d.i++
		return true
	}
	return false
}

// object reads an object, calling member after each key and its colon to
// read the value.
func (d *fastJSON) object(member func(key string) bool) bool {
	if !d.next('{') {
		return false
	}
	if d.next('}') {
		return true
	}
	for {
		key, ok := d.string()
		if !ok || !d.next(':') || !member(key) {
			return false
		}
		if d.next('}') {
			return true
		}
		if !d.next(',') {
			return false
		}
	}
}

// array reads an array, calling elem to read each element.
func (d *fastJSON) array(elem func() bool) bool {
	if !d.next('[') {
		return false
	}
	if d.next(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if d.next(']') {
			return true
		}
		if !d.next(',') {
			return false
		}
	}
}

// file reads a File: an object of path and content, each at most once.
func (d *fastJSON) file(f *File) bool {
	var seenPath, seenContent bool
	return d.object(func(key string) bool {
		ok := false
		switch {
		case key == "path" && !seenPath:
			seenPath = true
			f.Path, ok = d.string()
		case key == "content" && !seenContent:
			seenContent = true
			f.Content, ok = d.string()
		}
		return ok
	})
}

// string reads a string whose escapes, if any, are \" \\ \/ \b \f \n \r
// \t; a \u escape or a control character refuses.
func (d *fastJSON) string() (string, bool) {
	if !d.next('"') {
		return "", false
	}
	start := d.i
	var b []byte // nil until the first escape
	for i := start; i < len(d.data); i++ {
		c := d.data[i]
		switch {
		case c == '"':
			d.i = i + 1
			if b == nil {
				return string(d.data[start:i]), true
			}
			return string(b), true
		case c < 0x20:
			return "", false
		case c == '\\':
			if i+1 == len(d.data) {
				return "", false
			}
			if b == nil {
				b = append([]byte(nil), d.data[start:i]...)
			}
			i++
			switch e := d.data[i]; e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			default:
				return "", false
			}
		case b != nil:
			b = append(b, c)
		}
	}
	return "", false
}
