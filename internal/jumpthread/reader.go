package jumpthread

import "errors"

var errMalformed = errors.New("malformed")

// reader reads the binary format's primitives; the first failure sticks
// in err and later reads return zero.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) byte() byte {
	if r.err != nil || r.off >= len(r.b) {
		r.err = errMalformed
		return 0
	}
	c := r.b[r.off]
	r.off++
	return c
}

func (r *reader) skip(n int) {
	if r.err != nil || n > len(r.b)-r.off {
		r.err = errMalformed
		return
	}
	r.off += n
}

// leb reads an LEB128 number of up to 64 bits: its bits, and how many
// the encoding carried (0 when it is malformed).
func (r *reader) leb() (v uint64, bits uint) {
	for shift := uint(0); shift < 64; shift += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v, shift + 7
		}
	}
	r.err = errMalformed
	return 0, 0
}

func (r *reader) uleb() uint64 {
	v, _ := r.leb()
	return v
}

// sleb reads a signed LEB128 number: the last bit read is its sign.
func (r *reader) sleb() int64 {
	v, bits := r.leb()
	if bits > 0 && bits < 64 && v>>(bits-1)&1 == 1 {
		v |= ^uint64(0) << bits
	}
	return int64(v)
}

func appendULEB(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}
