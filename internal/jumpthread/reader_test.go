package jumpthread

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLEB(t *testing.T) {
	for _, tc := range []struct {
		in   []byte
		u    uint64
		s    int64
		fail bool
	}{
		{in: []byte{0x00}, u: 0, s: 0},
		{in: []byte{0x3f}, u: 63, s: 63},
		{in: []byte{0x40}, u: 64, s: -64}, // the empty block type
		{in: []byte{0x7f}, u: 127, s: -1},
		{in: []byte{0xc0, 0x00}, u: 64, s: 64},
		{in: []byte{0xbf, 0x7f}, u: 16319, s: -65},
		{in: []byte{0xe5, 0x8e, 0x26}, u: 624485, s: 624485},
		{in: []byte{0x80}, fail: true},
		{in: []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, fail: true},
	} {
		r := &reader{b: tc.in}
		u := r.uleb()
		if tc.fail {
			require.Error(t, r.err, "% x", tc.in)
			continue
		}
		require.NoError(t, r.err)
		require.Equal(t, tc.u, u, "% x", tc.in)
		r = &reader{b: tc.in}
		require.Equal(t, tc.s, r.sleb(), "% x", tc.in)
	}
	require.Equal(t, []byte{0xe5, 0x8e, 0x26}, appendULEB(nil, 624485))
	require.Equal(t, []byte{0x7f}, appendULEB(nil, 127))
	require.Equal(t, []byte{0x80, 0x01}, appendULEB(nil, 128))
}
