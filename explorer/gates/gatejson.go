package gates

import (
	"encoding/json"
	"strconv"
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
	b = append(b, `{"name":`...)
	b = appendJSONString(b, g.Name)
	if g.Component != "" {
		b = append(b, `,"component":`...)
		b = appendJSONString(b, g.Component)
	}
	b = append(b, `,"stage":`...)
	b = appendJSONString(b, g.Stage)
	b = append(b, `,"default":`...)
	b = strconv.AppendBool(b, g.Default)
	b = append(b, `,"locked":`...)
	b = strconv.AppendBool(b, g.Locked)
	b = append(b, `,"enabled":`...)
	b = strconv.AppendBool(b, g.Enabled)
	b = append(b, `,"source":`...)
	b = appendJSONString(b, g.Source)
	if g.SourcePath != "" {
		b = append(b, `,"sourcePath":`...)
		b = appendJSONString(b, g.SourcePath)
	}
	b = appendJSONInt(b, `,"sourceLine":`, g.SourceLine)
	b = appendJSONInt(b, `,"sourceColumn":`, g.SourceColumn)
	b = appendJSONInt(b, `,"sourceEndLine":`, g.SourceEndLine)
	b = appendJSONInt(b, `,"sourceEndColumn":`, g.SourceEndColumn)
	if g.Requested != nil {
		b = append(b, `,"requested":`...)
		b = strconv.AppendBool(b, *g.Requested)
	}
	if len(g.Dependencies) > 0 {
		b = append(b, `,"dependencies":[`...)
		for i, d := range g.Dependencies {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, d)
		}
		b = append(b, ']')
	}
	if g.Problem != "" {
		b = append(b, `,"problem":`...)
		b = appendJSONString(b, g.Problem)
	}
	b = append(b, `,"readBy":`...)
	if g.ReadBy == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, c := range g.ReadBy {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, string(c))
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendJSONInt appends key and v unless v is 0 (omitempty).
func appendJSONInt(b []byte, key string, v int) []byte {
	if v == 0 {
		return b
	}
	return strconv.AppendInt(append(b, key...), int64(v), 10)
}

// appendJSONString appends s quoted as encoding/json quotes it. Gate
// names, stages, sources and paths are printable ASCII that needs no
// escape, which it copies; anything else (a quote, HTML's <, > and &,
// control characters, non-ASCII) it leaves to encoding/json.
func appendJSONString(b []byte, s string) []byte {
	if !plainJSON(s) {
		js, _ := json.Marshal(s) // a string always encodes
		return append(b, js...)
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// plainJSON tells whether encoding/json writes s between quotes as is.
func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}
