package kubeletstart

import (
	"fmt"
	"strings"
)

// jsonIterWalk reproduces how json-iterator (apimachinery's JSON decoder up
// to 1.22) reads a KubeletConfiguration from the compact JSON that
// sigs.k8s.io/yaml produced, as far as featureGates is concerned: which
// error it reports first and at which byte, because its messages quote the
// surrounding bytes ("error found in #10 byte of ...|…|..."). Other fields
// are skipped, not type-checked. With strict set, the first unknown
// top-level field is an error, as with DisallowUnknownFields.
func jsonIterWalk(buf []byte, strict bool) (gates map[string]bool, present bool, badKey string, err error) {
	it := &jsonIter{buf: buf}
	fail := func(prefix string) (map[string]bool, bool, string, error) {
		return nil, false, it.errKey, fmt.Errorf("v1beta1.KubeletConfiguration.%s%s", prefix, it.err)
	}
	c := it.next()
	if c != '{' {
		it.report("ReadObjectCB", "expect { or n, but found "+string([]byte{c}))
		return fail("")
	}
	if it.next() == '}' {
		return nil, false, "", nil
	}
	it.head--
	for {
		field, ok := it.readString()
		if !ok {
			return fail("")
		}
		known := kubeletConfigFields()[field]
		if !known && strict {
			it.errKey = field
			it.report("ReadObject", "found unknown field: "+field)
			return fail("")
		}
		if it.next() != ':' {
			it.report("ReadObject", "expect : after object field, but found "+string([]byte{it.buf[it.head-1]}))
			return fail("")
		}
		if field == "featureGates" {
			gates, present = it.readGateMap()
			if it.err != "" {
				return fail("FeatureGates: ")
			}
		} else if !it.skip() {
			return fail("")
		}
		c := it.next()
		if c == ',' {
			continue
		}
		if c != '}' {
			it.report("struct Decode", "expect }, but found "+string([]byte{c}))
			return fail("")
		}
		return gates, present, "", nil
	}
}

type jsonIter struct {
	buf    []byte
	head   int
	err    string
	errKey string // the gate or field the error is about, for editor markers
}

func (it *jsonIter) next() byte {
	for it.head < len(it.buf) {
		c := it.buf[it.head]
		it.head++
		switch c {
		case ' ', '\n', '\t', '\r':
			continue
		}
		return c
	}
	it.head = len(it.buf)
	return 0
}

// report formats json-iterator's ReportError message for the current head.
func (it *jsonIter) report(op, msg string) {
	if it.err != "" {
		return
	}
	peekStart := max(it.head-10, 0)
	peekEnd := min(it.head+10, len(it.buf))
	ctxStart := max(it.head-50, 0)
	ctxEnd := min(it.head+50, len(it.buf))
	it.err = fmt.Sprintf("%s: %s, error found in #%v byte of ...|%s|..., bigger context ...|%s|...",
		op, msg, it.head-peekStart, it.buf[peekStart:peekEnd], it.buf[ctxStart:ctxEnd])
}

func (it *jsonIter) readString() (string, bool) {
	c := it.next()
	if c != '"' {
		it.report("ReadString", `expects " or n, but found `+string([]byte{c}))
		return "", false
	}
	var b strings.Builder
	for it.head < len(it.buf) {
		c := it.buf[it.head]
		it.head++
		switch c {
		case '"':
			return b.String(), true
		case '\\':
			if it.head < len(it.buf) {
				e := it.buf[it.head]
				it.head++
				switch e {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				case 'u':
					// Keep escapes of the key verbatim; keys with \u escapes
					// never name a real gate anyway.
					b.WriteString(`\u`)
				default:
					b.WriteByte(e)
				}
			}
		default:
			b.WriteByte(c)
		}
	}
	it.report("ReadString", "incomplete string")
	return "", false
}

// readGateMap decodes map[string]bool the way json-iterator's map decoder
// and bool codec do: null is a nil map, a null value stores false.
func (it *jsonIter) readGateMap() (map[string]bool, bool) {
	c := it.next()
	if c == 'n' {
		it.head += 3
		return nil, true
	}
	if c != '{' {
		it.report("ReadMapCB", "expect { or n, but found "+string([]byte{c}))
		return nil, true
	}
	m := map[string]bool{}
	if it.next() == '}' {
		return m, true
	}
	it.head--
	for {
		key, ok := it.readString()
		if !ok {
			return nil, true
		}
		if it.next() != ':' {
			it.report("ReadMapCB", "expect : after object field, but found "+string([]byte{it.buf[it.head-1]}))
			return nil, true
		}
		v := it.next()
		switch v {
		case 'n':
			it.head += 3
			m[key] = false
		case 't':
			it.head += 3
			m[key] = true
		case 'f':
			it.head += 4
			m[key] = false
		default:
			it.errKey = key
			it.report("ReadBool", "expect t or f, but found "+string([]byte{v}))
			return nil, true
		}
		c := it.next()
		if c == ',' {
			continue
		}
		if c != '}' {
			it.report("ReadMapCB", "expect }, but found "+string([]byte{c}))
			return nil, true
		}
		return m, true
	}
}

// skip passes over one JSON value.
func (it *jsonIter) skip() bool {
	c := it.next()
	switch c {
	case '"':
		it.head--
		_, ok := it.readString()
		return ok
	case '{', '[':
		depth := 1
		for it.head < len(it.buf) && depth > 0 {
			c := it.buf[it.head]
			it.head++
			switch c {
			case '"':
				it.head--
				if _, ok := it.readString(); !ok {
					return false
				}
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}
		}
		return depth == 0
	default:
		for it.head < len(it.buf) {
			switch it.buf[it.head] {
			case ',', '}', ']', ' ', '\n', '\t', '\r':
				return true
			}
			it.head++
		}
		return true
	}
}
