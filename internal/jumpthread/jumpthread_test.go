package jumpthread

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
)

// Instructions as bytes, for hand-written bodies.
const (
	block       = "\x02\x40"
	loop        = "\x03\x40"
	ifVoid      = "\x04\x40"
	end         = "\x0b"
	unreachable = "\x00"
	drop        = "\x1a"
)

func br(l byte) string           { return string([]byte{opBr, l}) }
func brIf(l byte) string         { return string([]byte{opBrIf, l}) }
func get(i byte) string          { return string([]byte{opLocalGet, i}) }
func set(i byte) string          { return string([]byte{opLocalSet, i}) }
func i32(k byte) string          { return string([]byte{opI32Const, k}) } // k < 64
func jump(k, toLoop byte) string { return i32(k) + set(0) + br(toLoop) }

// dispatch3 is Go's prologue for three points: the loop, three blocks, the
// table (point k to the k-th block from the inside, default the last).
const dispatch3 = loop + block + block + block + "\x20\x00" + "\x0e\x03\x00\x01\x02\x02" + end

// body is a function body of code, with no locals.
func body(code string) []byte {
	return append([]byte{0}, code+end...) // no locals; the body's own end
}

// module wraps bodies in a module with a custom section before and after
// the code section, which Module must copy as they are.
func module(bodies ...[]byte) []byte {
	var code []byte
	code = appendULEB(code, uint64(len(bodies)))
	for _, b := range bodies {
		code = appendULEB(code, uint64(len(b)))
		code = append(code, b...)
	}
	return withCode(code)
}

// withCode is a module whose code section's content is code.
func withCode(code []byte) []byte {
	custom := []byte{0, 5, 4, 'n', 'o', 't', 'e'}
	m := []byte("\x00asm\x01\x00\x00\x00")
	m = append(m, custom...)
	m = append(m, codeSection)
	m = appendULEB(m, uint64(len(code)))
	m = append(m, code...)
	return append(m, custom...)
}

func TestModule(t *testing.T) {
	// dispatch3's table sends point k to the end of the k-th block from
	// the inside. In point 0's code the open frames are, innermost first,
	// the blocks of points 1 and 2, then the loop (br 2); in point 1's, the
	// block of point 2 and the loop (br 1); in point 2's, the loop (br 0).
	for _, tc := range []struct {
		name string
		in   string
		want string
		st   Stats
	}{{
		name: "a forward jump becomes a branch to its point's block, its write of PC_B dropped",
		in:   dispatch3 + jump(2, 2) + end + end + jump(0, 0) + end + unreachable,
		want: dispatch3 + br(1) + end + end + jump(0, 0) + end + unreachable,
		st:   Stats{Funcs: 1, Dispatching: 1, Jumps: 2, Threaded: 1, Dropped: 1},
	}, {
		name: "the next point is the innermost block",
		in:   dispatch3 + jump(1, 2) + end + jump(2, 1) + end + unreachable + end + unreachable,
		want: dispatch3 + br(0) + end + br(0) + end + unreachable + end + unreachable,
		st:   Stats{Funcs: 1, Dispatching: 1, Jumps: 2, Threaded: 2, Dropped: 2},
	}, {
		name: "a jump from inside an if counts the if",
		in:   dispatch3 + get(1) + ifVoid + jump(2, 3) + end + end + end + unreachable + end + unreachable,
		want: dispatch3 + get(1) + ifVoid + br(2) + end + end + end + unreachable + end + unreachable,
		st:   Stats{Funcs: 1, Dispatching: 1, Jumps: 1, Threaded: 1, Dropped: 1},
	}, {
		name: "a value past the table goes to its default",
		in:   dispatch3 + jump(9, 2) + end + end + end + unreachable,
		want: dispatch3 + br(1) + end + end + end + unreachable,
		st:   Stats{Funcs: 1, Dispatching: 1, Jumps: 1, Threaded: 1, Dropped: 1},
	}, {
		name: "PC_B read elsewhere: the jump is threaded, its write kept",
		in:   dispatch3 + get(0) + drop + jump(2, 2) + end + end + end + unreachable,
		want: dispatch3 + get(0) + drop + i32(2) + set(0) + br(1) + end + end + end + unreachable,
		st:   Stats{Funcs: 1, Dispatching: 1, Jumps: 1, Threaded: 1},
	}, {
		name: "Go's scratch use of PC_B for an indirect call does not keep the writes",
		in:   dispatch3 + get(1) + set(0) + i32(0) + get(0) + drop + drop + jump(2, 2) + end + end + end + unreachable,
		want: dispatch3 + get(1) + set(0) + i32(0) + get(0) + drop + drop + br(1) + end + end + end + unreachable,
		st:   Stats{Funcs: 1, Dispatching: 1, Jumps: 1, Threaded: 1, Dropped: 1},
	}, {
		name: "a br_if to the loop keeps the writes",
		in:   dispatch3 + get(1) + brIf(2) + jump(2, 2) + end + end + end + unreachable,
		want: dispatch3 + get(1) + brIf(2) + i32(2) + set(0) + br(1) + end + end + end + unreachable,
		st:   Stats{Funcs: 1, Dispatching: 1, Jumps: 1, Threaded: 1},
	}, {
		name: "a br to the loop that is not a jump is left alone",
		in:   dispatch3 + get(1) + drop + br(2) + end + end + end + unreachable,
		want: dispatch3 + get(1) + drop + br(2) + end + end + end + unreachable,
		st:   Stats{Funcs: 1, Dispatching: 1},
	}, {
		name: "a jump back is the function's loop: unchanged",
		in:   dispatch3 + end + end + jump(0, 0) + end + unreachable,
		want: dispatch3 + end + end + jump(0, 0) + end + unreachable,
		st:   Stats{Funcs: 1, Dispatching: 1, Jumps: 1},
	}, {
		name: "Go's unwind block and SP cache before the loop",
		in:   get(1) + set(1) + block + dispatch3 + jump(2, 2) + end + end + end + unreachable + end + i32(1),
		want: get(1) + set(1) + block + dispatch3 + br(1) + end + end + end + unreachable + end + i32(1),
		st:   Stats{Funcs: 1, Dispatching: 1, Jumps: 1, Threaded: 1, Dropped: 1},
	}, {
		name: "no dispatch loop: unchanged",
		in:   loop + get(1) + brIf(0) + end + i32(2) + set(0) + br(0),
		want: loop + get(1) + brIf(0) + end + i32(2) + set(0) + br(0),
		st:   Stats{Funcs: 1},
	}, {
		name: "a call before the loop is not Go's prologue: unchanged",
		in:   "\x10\x00" + dispatch3 + jump(2, 2) + end + end + end + unreachable,
		want: "\x10\x00" + dispatch3 + jump(2, 2) + end + end + end + unreachable,
		st:   Stats{Funcs: 1},
	}, {
		name: "an instruction Go does not emit (SIMD): unchanged",
		in:   dispatch3 + jump(2, 2) + "\xfd\x0c" + end + end + end + unreachable,
		want: dispatch3 + jump(2, 2) + "\xfd\x0c" + end + end + end + unreachable,
		st:   Stats{Funcs: 1, Unknown: 1},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			out, st, err := Module(module(body(tc.in)))
			require.NoError(t, err)
			require.Equal(t, module(body(tc.want)), out)
			require.Equal(t, tc.st, st)
		})
	}
}

func TestModuleKeepsOtherBodiesAndLocals(t *testing.T) {
	locals := append([]byte{1, 2, 0x7f}, dispatch3+jump(1, 2)+end+end+end+unreachable+end...) // two i32 locals
	plain := body(get(0) + drop)
	out, st, err := Module(module(plain, locals, plain))
	require.NoError(t, err)
	require.Equal(t, module(plain, append([]byte{1, 2, 0x7f}, dispatch3+br(0)+end+end+end+unreachable+end...), plain), out)
	require.Equal(t, Stats{Funcs: 3, Dispatching: 1, Jumps: 1, Threaded: 1, Dropped: 1}, st)
}

func TestModuleErrors(t *testing.T) {
	good := module(body(dispatch3 + end + end + end))
	for name, in := range map[string][]byte{
		"not wasm":                []byte("\x00elf\x01\x00\x00\x00"),
		"too short":               []byte("\x00asm"),
		"section past the end":    append(bytes.Clone(good[:len(good)-7]), 0, 9, 1),
		"body past its section":   withCode([]byte{1, 10, 0}),
		"bytes after the bodies":  withCode([]byte{1, 2, 0, 0x0b, 0}),
		"fewer bodies than count": withCode([]byte{2, 2, 0, 0x0b}),
	} {
		t.Run(name, func(t *testing.T) {
			_, _, err := Module(in)
			require.Error(t, err)
		})
	}
	// A body that does not decode is not an error: it is copied.
	bad := module([]byte{0, opBr})
	out, st, err := Module(bad)
	require.NoError(t, err)
	require.Equal(t, bad, out)
	require.Equal(t, 1, st.Unknown)
}

// FuzzModule: Module never panics, and threading what it threaded changes
// nothing (no threaded jump is a jump through the loop any more).
func FuzzModule(f *testing.F) {
	f.Add(module(body(dispatch3 + jump(2, 2) + end + end + jump(0, 0) + end + unreachable)))
	f.Add(module(body(get(1) + set(1) + block + dispatch3 + jump(2, 2) + end + end + end + unreachable + end + i32(1))))
	f.Add(module(body(dispatch3+get(0)+drop+jump(2, 2)+end+end+end+unreachable), body(get(0)+drop)))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, _, err := Module(in)
		if err != nil {
			return
		}
		again, st, err := Module(out)
		if err != nil {
			t.Fatalf("threaded module does not read: %v", err)
		}
		if !bytes.Equal(again, out) {
			t.Fatalf("threading twice changed the module (%+v)", st)
		}
	})
}
