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

// uleb reads an unsigned LEB128 number of up to 64 bits.
func (r *reader) uleb() uint64 {
	var v uint64
	for shift := uint(0); shift < 64; shift += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v
		}
	}
	r.err = errMalformed
	return 0
}

// sleb reads a signed LEB128 number of up to 64 bits.
func (r *reader) sleb() int64 {
	var v int64
	for shift := uint(0); shift < 64; shift += 7 {
		c := r.byte()
		v |= int64(c&0x7f) << shift
		if c&0x80 == 0 {
			if shift+7 < 64 && c&0x40 != 0 {
				v |= -1 << (shift + 7)
			}
			return v
		}
	}
	r.err = errMalformed
	return 0
}

func appendULEB(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}
