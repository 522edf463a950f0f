package jumpthread

// instr is one decoded instruction of a function body.
type instr struct {
	op         byte
	start, end int    // its bytes in the body
	imm        uint64 // label, local index or (i32.const) the constant's bits
	blockType  byte   // block, loop, if: the first byte of the block type
	targets    []uint64
	// frame is, for block, loop and if, the id of the control frame it
	// opens; for br, br_if and br_table (its targets in targetFrames), the
	// frame it branches to.
	frame        int
	targetFrames []int
}

// threadBody returns a function body with its forward jumps threaded, or
// body itself when it is not laid out around a dispatch loop or does not
// decode.
func threadBody(body []byte, st *Stats) []byte {
	code, ins, ok := decode(body)
	if !ok {
		st.Unknown++
		return body
	}
	d, ok := findDispatch(ins)
	if !ok {
		return body
	}
	st.Dispatching++
	drop := pcOnlyDispatched(ins, d)
	type edit struct {
		from, to int // bytes of the body replaced
		label    uint64
	}
	var edits []edit
	// open[i] is the frame id of the i-th enclosing frame at each point.
	open := []int{0} // the body's own frame
	frameType := map[int]byte{}
	for i, in := range ins {
		switch in.op {
		case opBlock, opLoop, opIf:
			open = append(open, in.frame)
			frameType[in.frame] = in.blockType
		case opEnd:
			open = open[:len(open)-1]
		case opBr:
			if in.frame != d.loop || i < 2 || ins[i-1].op != opLocalSet || ins[i-1].imm != d.pc || ins[i-2].op != opI32Const {
				continue
			}
			st.Jumps++
			target := d.fallback
			if k := int32(ins[i-2].imm); k >= 0 && int(k) < len(d.points) {
				target = d.points[k]
			}
			if frameType[target] != emptyBlock {
				continue
			}
			for j := len(open) - 1; j >= 0; j-- {
				if open[j] != target {
					continue
				}
				from := in.start
				if drop {
					from = ins[i-2].start
					st.Dropped++
				}
				edits = append(edits, edit{from: code + from, to: code + in.end, label: uint64(len(open) - 1 - j)})
				st.Threaded++
				break
			}
		}
	}
	if len(edits) == 0 {
		return body
	}
	out := make([]byte, 0, len(body))
	last := 0
	for _, e := range edits {
		out = append(out, body[last:e.from]...)
		out = append(out, opBr)
		out = appendULEB(out, e.label)
		last = e.to
	}
	return append(out, body[last:]...)
}

// dispatch is a function's dispatch loop.
type dispatch struct {
	loop     int    // frame id of the loop
	pc       uint64 // index of the local the table reads (PC_B)
	table    int    // index of the br_table in the instructions
	points   []int  // frame each value of PC_B dispatches to
	fallback int    // the table's default frame
}

// findDispatch recognises Go's layout: a loop opened before anything else
// branches or calls (inside at most one block, Go's unwind exit), whose
// first instructions are blocks, then local.get of PC_B and a br_table.
func findDispatch(ins []instr) (dispatch, bool) {
	blocks := 0
	for i, in := range ins {
		switch in.op {
		case opBlock:
			blocks++
			if blocks > 1 {
				return dispatch{}, false
			}
			continue
		case opLocalGet, opLocalSet, 0x23: // the prologue caches SP (global.get)
			continue
		case opLoop:
		default:
			return dispatch{}, false
		}
		j := i + 1
		for j < len(ins) && ins[j].op == opBlock {
			j++
		}
		if j == i+1 || j+1 >= len(ins) || ins[j].op != opLocalGet || ins[j+1].op != opBrTable {
			return dispatch{}, false
		}
		bt := ins[j+1]
		return dispatch{loop: in.frame, pc: ins[j].imm, table: j + 1, points: bt.targetFrames[:len(bt.targets)-1], fallback: bt.targetFrames[len(bt.targets)-1]}, true
	}
	return dispatch{}, false
}

// pcOnlyDispatched reports whether the writes of PC_B before threaded
// jumps are dead once the jumps no longer go through the table: PC_B is
// read only by the table and as a scratch register, never teed, and every
// branch to the loop is a br right after a write of PC_B.
func pcOnlyDispatched(ins []instr, d dispatch) bool {
	for i, in := range ins {
		switch in.op {
		case opLocalGet:
			if in.imm == d.pc && i != d.table-1 && !scratch(ins, i, d.pc) {
				return false
			}
		case opLocalTee:
			if in.imm == d.pc {
				return false
			}
		case opBrIf:
			if in.frame == d.loop {
				return false
			}
		case opBrTable:
			if i != d.table {
				for _, f := range in.targetFrames {
					if f == d.loop {
						return false
					}
				}
			}
		case opBr:
			if in.frame == d.loop && (i < 1 || ins[i-1].op != opLocalSet || ins[i-1].imm != d.pc) {
				return false
			}
		}
	}
	return true
}

// scratch reports whether the read of PC_B at ins[i] is Go's indirect
// call using it as a scratch register: "local.set PC_B; i32.const 0;
// local.get PC_B" (cmd/internal/obj/wasm), which reads what it just wrote.
func scratch(ins []instr, i int, pc uint64) bool {
	return i >= 2 && ins[i-1].op == opI32Const && ins[i-2].op == opLocalSet && ins[i-2].imm == pc
}

// decode reads a function body: its local declarations (code is where the
// instructions start), then every instruction, with the control frames
// resolved. ok is false when an instruction is not one of the MVP's, the
// sign-extension, saturating-conversion or bulk-memory ones (Go emits no
// others), or the body is malformed.
func decode(body []byte) (code int, ins []instr, ok bool) {
	r := &reader{b: body}
	for n := r.uleb(); n > 0 && r.err == nil; n-- {
		r.uleb() // count
		r.byte() // type
	}
	code = r.off
	// The body is a frame of its own, closed by its last end.
	open := []int{0}
	frames := 1
	label := func(l uint64) int {
		if l >= uint64(len(open)) {
			r.err = errMalformed
			return -1
		}
		return open[len(open)-1-int(l)]
	}
	for r.err == nil && len(open) > 0 {
		in := instr{start: r.off - code}
		in.op = r.byte()
		switch op := in.op; {
		case op == opBlock || op == opLoop || op == opIf:
			if r.off < len(body) {
				in.blockType = body[r.off]
			}
			r.sleb()
			in.frame = frames
			open = append(open, frames)
			frames++
		case op == opEnd:
			if len(open) == 0 {
				r.err = errMalformed
				break
			}
			open = open[:len(open)-1]
		case op == opBr || op == opBrIf:
			in.imm = r.uleb()
			in.frame = label(in.imm)
		case op == opBrTable:
			n := r.uleb()
			for i := uint64(0); i <= n && r.err == nil; i++ { // the targets, then the default
				t := r.uleb()
				in.targets = append(in.targets, t)
				in.targetFrames = append(in.targetFrames, label(t))
			}
		case op == 0x00 || op == 0x01 || op == opElse || op == 0x0f || op == 0x1a || op == 0x1b || op == 0xd1:
			// unreachable, nop, else, return, drop, select, ref.is_null
		case op == 0x10 || op == 0xd2 || op >= opLocalGet && op <= 0x26:
			// call, ref.func, local.*, global.*, table.get/set
			in.imm = r.uleb()
		case op == 0x11: // call_indirect
			r.uleb()
			r.uleb()
		case op == 0x1c: // select with types
			for n := r.uleb(); n > 0 && r.err == nil; n-- {
				r.byte()
			}
		case op >= 0x28 && op <= 0x3e: // loads and stores
			r.uleb()
			r.uleb()
		case op == 0x3f || op == 0x40 || op == 0xd0: // memory.size, memory.grow, ref.null
			r.byte()
		case op == opI32Const:
			in.imm = uint64(uint32(int32(r.sleb())))
		case op == 0x42:
			r.sleb()
		case op == 0x43:
			r.skip(4)
		case op == 0x44:
			r.skip(8)
		case op >= 0x45 && op <= 0xc4: // numeric, sign extension
		case op == opMisc:
			if !r.misc() {
				return 0, nil, false
			}
		default:
			return 0, nil, false
		}
		in.end = r.off - code
		ins = append(ins, in)
	}
	if r.err != nil || r.off != len(body) {
		return 0, nil, false
	}
	return code, ins, true
}

// misc reads the immediates of a 0xfc-prefixed instruction.
func (r *reader) misc() bool {
	switch sub := r.uleb(); {
	case sub <= 7: // saturating conversions
	case sub == 8: // memory.init
		r.uleb()
		r.byte()
	case sub == 9 || sub == 13 || sub == 15 || sub == 16 || sub == 17: // data.drop, elem.drop, table.grow/size/fill
		r.uleb()
	case sub == 10: // memory.copy
		r.byte()
		r.byte()
	case sub == 11: // memory.fill
		r.byte()
	case sub == 12 || sub == 14: // table.init, table.copy
		r.uleb()
		r.uleb()
	default:
		return false
	}
	return true
}
