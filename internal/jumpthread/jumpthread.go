// Package jumpthread rewrites the jumps inside the functions of a Go
// WebAssembly module so that V8 sees each function's control flow as it
// is, not as one loop.
//
// Go's assembler (cmd/internal/obj/wasm) lays out every function of more
// than one basic block around a dispatch loop:
//
//	loop
//	  block … block       ; one per resume point
//	    local.get PC_B
//	    br_table …        ; to the block whose end starts that point's code
//	  end
//	  ;; code of point 0
//	  end
//	  ;; code of point 1 …
//	end
//
// and compiles a jump to another basic block to "i32.const k; local.set
// PC_B; br loop": every jump, forward or back, returns to the top of the
// loop and goes through the table. The table is needed to resume a
// function after its goroutine was switched out (the function is called
// again with PC_B set), but a jump inside a running function knows where
// it goes.
//
// To V8 each such jump is a loop back-edge. Its baseline code charges
// every back-edge to the function's tier-up budget by the bytes of code
// the jump spans, so a large Go function asks for an optimizing compile
// after a few hundred of its if statements, whatever it does; on a small
// machine those compiles take the CPU from the engine's own work (issue 15
// item 5; CONTRIBUTING.md, under make bench).
//
// Module turns each jump to a point further down, where the block whose
// end starts that point still encloses the jump, into "br" to that block:
// by WebAssembly's semantics it lands where the table would have sent it,
// without going round the loop. Jumps back to an earlier point are the
// function's real loops and keep the dispatch. Where a function reads
// PC_B only in its dispatch (and as a scratch register right after writing
// it), the "i32.const k; local.set PC_B" before a threaded jump is dead,
// and it is dropped too.
//
// A function of any other shape, or with an instruction this package does
// not decode, is copied unchanged: the rewrite never changes what a module
// does, only how its jumps are spelt.
package jumpthread

import (
	"bytes"
	"errors"
	"fmt"
)

// Stats counts what Module did.
type Stats struct {
	Funcs       int // function bodies in the module
	Dispatching int // of them, laid out around a dispatch loop
	Unknown     int // bodies copied unchanged: an instruction this package does not decode
	Jumps       int // jumps through a dispatch loop
	Threaded    int // of them, turned into direct branches
	Dropped     int // of them, whose write of PC_B was dropped as well
}

// Opcodes this package looks at.
const (
	opBlock    = 0x02
	opLoop     = 0x03
	opIf       = 0x04
	opElse     = 0x05
	opEnd      = 0x0b
	opBr       = 0x0c
	opBrIf     = 0x0d
	opBrTable  = 0x0e
	opLocalGet = 0x20
	opLocalSet = 0x21
	opLocalTee = 0x22
	opI32Const = 0x41
	opMisc     = 0xfc // prefix of saturating conversions and bulk memory

	emptyBlock = 0x40 // block type of a block with no parameters or results

	codeSection = 10
)

// Module returns the module b with its functions' forward jumps threaded.
// It fails only when b is not a well-formed sequence of sections, or its
// code section is malformed.
func Module(b []byte) ([]byte, Stats, error) {
	var st Stats
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return nil, st, errors.New("jumpthread: not a WebAssembly binary")
	}
	out := append(make([]byte, 0, len(b)), b[:8]...)
	r := &reader{b: b, off: 8}
	for r.off < len(b) {
		start := r.off
		id := r.byte()
		size := r.uleb()
		if r.err != nil || size > uint64(len(b)-r.off) {
			return nil, st, fmt.Errorf("jumpthread: section at byte %d is truncated", start)
		}
		content := b[r.off : r.off+int(size)]
		r.off += int(size)
		if id != codeSection {
			out = append(out, b[start:r.off]...)
			continue
		}
		code, err := threadCode(content, &st)
		if err != nil {
			return nil, st, fmt.Errorf("jumpthread: code section at byte %d: %w", start, err)
		}
		out = append(out, codeSection)
		out = appendULEB(out, uint64(len(code)))
		out = append(out, code...)
	}
	return out, st, nil
}

// threadCode rewrites the content of a code section: a count of function
// bodies, each prefixed by its size.
func threadCode(sec []byte, st *Stats) ([]byte, error) {
	r := &reader{b: sec}
	n := r.uleb()
	out := appendULEB(make([]byte, 0, len(sec)), n)
	for i := uint64(0); i < n; i++ {
		size := r.uleb()
		if r.err != nil || size > uint64(len(sec)-r.off) {
			return nil, fmt.Errorf("body %d is truncated", i)
		}
		body := threadBody(sec[r.off:r.off+int(size)], st)
		r.off += int(size)
		st.Funcs++
		out = appendULEB(out, uint64(len(body)))
		out = append(out, body...)
	}
	if r.err != nil || r.off != len(sec) {
		return nil, errors.New("bytes after the last body")
	}
	return out, nil
}
