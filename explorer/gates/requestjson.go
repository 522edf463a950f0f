package gates

import (
	"unicode/utf8"

	"github.com/kubexplorer/kubexplorer/explorer"
)

// The page sends a gates.evaluate request on every edit: a few string
// fields and files. encoding/json decodes it by reflection, scanning every
// byte twice through its state machine, in some of the largest functions
// of the engine, which V8 soon compiles again, optimised, on the page's
// time (issue 15). decodeEvaluateRequest reads the requests the page and the CLI
// send, and nothing else: whatever it is not sure encoding/json would
// read the same way (an unknown or misspelt key, a duplicate, a null, a
// number, a \u escape, invalid UTF-8, anything malformed) it declines,
// and explorer decodes the request with encoding/json, errors and all.
// FuzzDecodeEvaluateRequest checks that what it accepts, encoding/json
// decodes to the same request.

func init() { explorer.RegisterFastDecoder(decodeEvaluateRequest) }

// decodeEvaluateRequest decodes data into r when it can do so exactly as
// encoding/json would (explorer.RegisterFastDecoder); otherwise it reports
// false and leaves r as it was.
func decodeEvaluateRequest(data []byte, r *EvaluateRequest) bool {
	d := reqDecoder{data: data}
	req := new(EvaluateRequest)
	var seen uint16
	ok := d.object(func(key string) bool {
		var bit uint16
		var ok bool
		switch key {
		case "release":
			bit, ok = 1<<0, d.str(&req.Release)
		case "commandLine":
			bit, ok = 1<<1, d.str(&req.CommandLine)
		case "args":
			bit, ok = 1<<2, d.strings(&req.Args)
		case "config":
			req.Config = new(File)
			bit, ok = 1<<3, d.file(req.Config)
		case "configDir":
			bit, ok = 1<<4, d.str(&req.ConfigDir)
		case "dropIns":
			bit, ok = 1<<5, d.files(&req.DropIns)
		case "env":
			bit, ok = 1<<6, d.env(&req.Env)
		case "dynamicCheckpoint":
			req.DynamicCheckpoint = new(File)
			bit, ok = 1<<7, d.file(req.DynamicCheckpoint)
		case "targetRelease":
			bit, ok = 1<<8, d.str(&req.TargetRelease)
		default:
			return false
		}
		if seen&bit != 0 {
			return false
		}
		seen |= bit
		return ok
	})
	if !ok || !d.end() {
		return false
	}
	*r = *req
	return true
}

// reqDecoder reads the subset of JSON decodeEvaluateRequest accepts.
type reqDecoder struct {
	data []byte
	i    int
}

func (d *reqDecoder) space() {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// peek skips space and returns the next byte, 0 at the end.
func (d *reqDecoder) peek() byte {
	d.space()
	if d.i == len(d.data) {
		return 0
	}
	return d.data[d.i]
}

func (d *reqDecoder) byte(c byte) bool {
	if d.peek() != c {
		return false
	}
	d.i++
	return true
}

// end tells whether only space is left.
func (d *reqDecoder) end() bool {
	d.space()
	return d.i == len(d.data)
}

// object reads {"key": value, …}, calling field to read each value.
func (d *reqDecoder) object(field func(key string) bool) bool {
	if !d.byte('{') {
		return false
	}
	if d.byte('}') {
		return true
	}
	for {
		var key string
		if !d.str(&key) || !d.byte(':') || !field(key) {
			return false
		}
		if d.byte('}') {
			return true
		}
		if !d.byte(',') {
			return false
		}
	}
}

// array reads [value, …], calling elem to read each value.
func (d *reqDecoder) array(elem func() bool) bool {
	if !d.byte('[') {
		return false
	}
	if d.byte(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if d.byte(']') {
			return true
		}
		if !d.byte(',') {
			return false
		}
	}
}

// str reads a string of valid UTF-8 whose escapes are the one-letter
// ones.
func (d *reqDecoder) str(out *string) bool {
	if !d.byte('"') {
		return false
	}
	start := d.i
	for d.i < len(d.data) {
		switch c := d.data[d.i]; {
		case c == '"':
			raw := d.data[start:d.i]
			if !utf8.Valid(raw) {
				return false
			}
			d.i++
			*out = string(raw)
			return true
		case c == '\\':
			return d.escaped(start, out)
		case c < 0x20:
			return false
		}
		d.i++
	}
	return false
}

// escaped reads the rest of a string that has escapes, from start.
func (d *reqDecoder) escaped(start int, out *string) bool {
	b := append([]byte(nil), d.data[start:d.i]...)
	for d.i < len(d.data) {
		c := d.data[d.i]
		switch {
		case c == '"':
			if !utf8.Valid(b) {
				return false
			}
			d.i++
			*out = string(b)
			return true
		case c < 0x20:
			return false
		case c != '\\':
			b = append(b, c)
			d.i++
			continue
		}
		if d.i+1 == len(d.data) {
			return false
		}
		switch e := d.data[d.i+1]; e {
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
		default: // \u (surrogates, replacement) is encoding/json's to read
			return false
		}
		d.i += 2
	}
	return false
}

func (d *reqDecoder) strings(out *[]string) bool {
	*out = []string{}
	return d.array(func() bool {
		var s string
		*out = append(*out, s)
		return d.str(&(*out)[len(*out)-1])
	})
}

func (d *reqDecoder) file(f *File) bool {
	var seen uint8
	return d.object(func(key string) bool {
		var bit uint8
		var ok bool
		switch key {
		case "path":
			bit, ok = 1, d.str(&f.Path)
		case "content":
			bit, ok = 2, d.str(&f.Content)
		default:
			return false
		}
		if seen&bit != 0 {
			return false
		}
		seen |= bit
		return ok
	})
}

func (d *reqDecoder) files(out *[]File) bool {
	*out = []File{}
	return d.array(func() bool {
		*out = append(*out, File{})
		return d.file(&(*out)[len(*out)-1])
	})
}

func (d *reqDecoder) env(out *map[string]string) bool {
	*out = map[string]string{}
	return d.object(func(key string) bool {
		if _, dup := (*out)[key]; dup {
			return false
		}
		var v string
		ok := d.str(&v)
		(*out)[key] = v
		return ok
	})
}
