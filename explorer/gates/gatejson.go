package gates

import (
	"strconv"

	"github.com/kubexplorer/kubexplorer/internal/jsonappend"
)

// The gates table is most of an evaluate reply: a row per registered gate
// (255 in 1.37), each about a dozen fields. encoding/json writes a row by
// reflection, field by field, which in the browser is most of the code a
// new table runs, and in its largest functions: V8 compiles a function
// again, optimised, once it has run enough, and encoding/json's reflection
// reaches that within the first evaluations, on the page's thread's
// time. appendGatesJSON writes the same bytes with code that knows the
// row's fields (TestAppendGatesJSON compares it with encoding/json on
// every release's table and FuzzAppendGatesJSON on any row).

// appendGatesJSON appends gates as encoding/json encodes a []Gate.
func appendGatesJSON(b []byte, gates []Gate) []byte {
	if gates == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range gates {
		if i > 0 {
			b = append(b, ',')
		}
		b = gates[i].appendJSON(b)
	}
	return append(b, ']')
}

// appendJSON appends the row as encoding/json encodes a Gate: the fields
// of kubeletstart.GateState in their order, empty ones left out where
// their tag says omitempty, then readBy.
func (g *Gate) appendJSON(b []byte) []byte {
	b = appendKeyString(b, `{"name":`, g.Name)
	if g.Component != "" {
		b = appendKeyString(b, `,"component":`, g.Component)
	}
	b = appendKeyString(b, `,"stage":`, g.Stage)
	b = appendKeyBool(b, `,"default":`, g.Default)
	b = appendKeyBool(b, `,"locked":`, g.Locked)
	b = appendKeyBool(b, `,"enabled":`, g.Enabled)
	b = appendKeyString(b, `,"source":`, g.Source)
	if g.SourcePath != "" {
		b = appendKeyString(b, `,"sourcePath":`, g.SourcePath)
	}
	b = appendKeyInt(b, `,"sourceLine":`, g.SourceLine)
	b = appendKeyInt(b, `,"sourceColumn":`, g.SourceColumn)
	b = appendKeyInt(b, `,"sourceEndLine":`, g.SourceEndLine)
	b = appendKeyInt(b, `,"sourceEndColumn":`, g.SourceEndColumn)
	if g.Requested != nil {
		b = appendKeyBool(b, `,"requested":`, *g.Requested)
	}
	if len(g.Dependencies) > 0 {
		b = appendKeyStrings(b, `,"dependencies":`, g.Dependencies)
	}
	if g.Problem != "" {
		b = appendKeyString(b, `,"problem":`, g.Problem)
	}
	if g.ReadBy == nil {
		b = append(b, `,"readBy":null`...)
	} else {
		b = appendKeyStrings(b, `,"readBy":`, g.ReadBy)
	}
	return append(b, '}')
}

// The helpers below write one field each. They are kept out of line
// (go:noinline): inlined, every append of a key brings its own copy of
// append's growing path, which made appendJSON three times as large in the
// WebAssembly module, code the browser downloads and compiles.

//go:noinline
func appendKeyString(b []byte, key, s string) []byte {
	return jsonappend.String(append(b, key...), s)
}

//go:noinline
func appendKeyBool(b []byte, key string, v bool) []byte {
	return strconv.AppendBool(append(b, key...), v)
}

// appendKeyInt appends key and v unless v is 0 (omitempty).
//
//go:noinline
func appendKeyInt(b []byte, key string, v int) []byte {
	if v == 0 {
		return b
	}
	return strconv.AppendInt(append(b, key...), int64(v), 10)
}

//go:noinline
func appendKeyStrings[S ~string](b []byte, key string, list []S) []byte {
	b = append(b, key...)
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonappend.String(b, string(s))
	}
	return append(b, ']')
}
