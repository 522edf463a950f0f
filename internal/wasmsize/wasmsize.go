// Package wasmsize tells where the bytes of a Go WebAssembly module are: the
// size of every section, and the code of every function, named from the
// module's "name" section (present when the engine is linked without -s).
// It is what twiggy does for Rust modules, small enough to keep beside the
// benchmarks: kxbench -wasm-sizes FILE prints its report.
package wasmsize

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Module is a parsed summary of a WebAssembly binary.
type Module struct {
	// Sections in file order; custom sections are named by their name.
	Sections []Section
	// Funcs are the defined functions (imports excluded), with the size of
	// their body in the code section.
	Funcs []Func
	// ImportedFuncs is how many functions the module imports: they come
	// first in the function index space, so Funcs[i] has index
	// ImportedFuncs+i (the index V8 names a function by).
	ImportedFuncs int
	// Data is the total size of the data section's segments' payloads.
	Data int
}

// Section is one section of the binary.
type Section struct {
	Name string
	Size int // bytes of the section's content
}

// Func is one defined function.
type Func struct {
	Name string // from the name section; "func[N]" without one
	Size int    // bytes of its body
}

var sectionNames = map[byte]string{
	1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global",
	7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount",
}

// Parse reads a WebAssembly binary.
func Parse(b []byte) (*Module, error) {
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly binary")
	}
	r := &reader{b: b, off: 8}
	m := &Module{}
	var imported int
	var bodies []int
	names := map[int]string{}
	for r.off < len(r.b) {
		id := r.byte()
		size := r.uleb()
		if r.err != nil || r.off+size > len(r.b) {
			return nil, fmt.Errorf("section at %d: truncated", r.off)
		}
		sec := &reader{b: r.b[r.off : r.off+size]}
		name := sectionNames[id]
		switch id {
		case 0:
			name = sec.name()
			if name == "name" {
				readNames(sec, names)
			}
		case 2:
			imported = countFuncImports(sec)
		case 10:
			for n := sec.uleb(); n > 0 && sec.err == nil; n-- {
				s := sec.uleb()
				bodies = append(bodies, s)
				sec.off += s
			}
		case 11:
			m.Data = dataPayload(sec)
		}
		if sec.err != nil {
			return nil, fmt.Errorf("section %s: %w", name, sec.err)
		}
		m.Sections = append(m.Sections, Section{Name: name, Size: size})
		r.off += size
	}
	m.ImportedFuncs = imported
	for i, s := range bodies {
		n, ok := names[imported+i]
		if !ok {
			n = fmt.Sprintf("func[%d]", imported+i)
		}
		m.Funcs = append(m.Funcs, Func{Name: n, Size: s})
	}
	return m, r.err
}

func countFuncImports(r *reader) int {
	funcs := 0
	for n := r.uleb(); n > 0 && r.err == nil; n-- {
		r.name()
		r.name()
		switch kind := r.byte(); kind {
		case 0: // function: type index
			r.uleb()
			funcs++
		case 1: // table: reftype, limits
			r.byte()
			r.limits()
		case 2: // memory: limits
			r.limits()
		case 3: // global: valtype, mut
			r.byte()
			r.byte()
		}
	}
	return funcs
}

func readNames(r *reader, names map[int]string) {
	for r.off < len(r.b) && r.err == nil {
		id := r.byte()
		size := r.uleb()
		end := r.off + size
		if id == 1 { // function names
			for n := r.uleb(); n > 0 && r.err == nil; n-- {
				idx := r.uleb()
				names[idx] = r.name()
			}
		}
		r.off = end
	}
}

func dataPayload(r *reader) int {
	total := 0
	for n := r.uleb(); n > 0 && r.err == nil; n-- {
		switch flags := r.uleb(); flags {
		case 0:
			r.constExpr()
		case 1:
		case 2:
			r.uleb()
			r.constExpr()
		}
		s := r.uleb()
		total += s
		r.off += s
	}
	return total
}

type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) byte() byte {
	if r.off >= len(r.b) {
		r.err = errors.New("truncated")
		return 0
	}
	c := r.b[r.off]
	r.off++
	return c
}

func (r *reader) uleb() int {
	var v, shift int
	for {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		v |= int(c&0x7f) << shift
		if c&0x80 == 0 {
			return v
		}
		shift += 7
		if shift > 63 {
			r.err = errors.New("bad LEB128")
			return 0
		}
	}
}

func (r *reader) name() string {
	n := r.uleb()
	if r.err != nil || r.off+n > len(r.b) {
		r.err = errors.New("truncated name")
		return ""
	}
	s := string(r.b[r.off : r.off+n])
	r.off += n
	return s
}

func (r *reader) limits() {
	if r.byte()&1 == 1 {
		r.uleb()
	}
	r.uleb()
}

// constExpr skips an init expression: constants and global.get, then end
// (0x0b). Immediates are LEB128, so they are read, not scanned for 0x0b.
func (r *reader) constExpr() {
	for r.err == nil {
		switch op := r.byte(); op {
		case 0x0b:
			return
		case 0x41, 0x42, 0x23: // i32.const, i64.const, global.get
			r.uleb()
		case 0x44: // f64.const
			r.off += 8
		case 0x43: // f32.const
			r.off += 4
		default:
			r.err = fmt.Errorf("unexpected opcode 0x%02x in an init expression", op)
		}
	}
}

// Package is the code of one Go package (or a runtime symbol's name).
type Package struct {
	Path  string
	Size  int
	Funcs int
}

// ByPackage sums function bodies by Go package, largest first. pkgs are the
// import paths linked into the module (go list -deps): the linker writes
// names with every character but letters, digits, '_' and '.' replaced by
// '_', so a name is matched against the longest package whose mangled path
// it starts with.
func (m *Module) ByPackage(pkgs []string) []Package {
	mangled := map[string]string{}
	for _, p := range pkgs {
		mangled[Mangle(p)] = p
	}
	sums := map[string]*Package{}
	for _, f := range m.Funcs {
		p := packageOf(f.Name, mangled)
		if sums[p] == nil {
			sums[p] = &Package{Path: p}
		}
		sums[p].Size += f.Size
		sums[p].Funcs++
	}
	out := make([]Package, 0, len(sums))
	for _, p := range sums {
		out = append(out, *p)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Size != out[j].Size {
			return out[i].Size > out[j].Size
		}
		return out[i].Path < out[j].Path
	})
	return out
}

// Mangle writes a symbol name the way the Go linker does in the name
// section: characters other than [A-Za-z0-9_.] become '_'.
func Mangle(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, name)
}

// packageOf finds the package of a mangled function name: the longest
// known package path followed by '.'; "type:" helpers and names of no
// package are grouped by their first word.
func packageOf(name string, mangled map[string]string) string {
	best := ""
	for i := 0; i < len(name); i++ {
		if name[i] != '.' {
			continue
		}
		if p, ok := mangled[name[:i]]; ok && len(p) > len(best) {
			best = p
		}
	}
	if best != "" {
		return best
	}
	if i := strings.IndexAny(name, ".:"); i > 0 {
		return name[:i]
	}
	return name
}
