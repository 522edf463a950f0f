package explorer

import (
	"errors"
	"strconv"

	"github.com/kubexplorer/kubexplorer/internal/jsonappend"
)

// Severity says how bad a Diagnostic is.
type Severity string

// The severities, from worst to mildest.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

// Diagnostic is a problem with the user's input, located in it. Every
// mechanism reports problems with this one type, in a reply's diagnostics
// or in a failed call's error, and every surface renders it the same way:
// the page as an editor mark and a problem list entry, the CLI as
// "input:line:column: severity: message".
type Diagnostic struct {
	Severity Severity `json:"severity"`
	// Code is stable and machine-readable, "mechanism.what" (e.g.
	// "request.unknownField", "kubelet.scenario", "gates.loadConfig").
	Code string `json:"code"`
	// Message is for people: the exact text the real component prints
	// where there is one, without the position (which is in the fields).
	Message string `json:"message"`
	// Input names the request field holding the text the position refers
	// to: "request" (the JSON request itself), "commandLine", "config",
	// "dropIns", "dynamicCheckpoint", "scenario", "action", "step.apply",
	// "steps[2]", …
	Input string `json:"input"`
	// Path is the file's path for inputs that are files (the config file,
	// a drop-in).
	Path string `json:"path,omitempty"`
	// Document is the 1-based YAML document within a multi-document input.
	Document int `json:"document,omitempty"`
	// Line and Column are 1-based positions in the input (in the whole
	// input, not the document); EndLine and EndColumn end the span
	// (exclusive column). Each is omitted when unknown.
	Line      int `json:"line,omitempty"`
	Column    int `json:"column,omitempty"`
	EndLine   int `json:"endLine,omitempty"`
	EndColumn int `json:"endColumn,omitempty"`
}

// positioned is what the cores' parse errors implement: they know where
// they are, and their text without that position.
type positioned interface {
	error
	Position() (line, column int)
	Detail() string
}

// DiagnosticOf turns an error about input into an error Diagnostic. A core
// error that knows its position hands it over structured; any other error
// becomes a diagnostic about the whole input.
func DiagnosticOf(err error, input, code string) Diagnostic {
	d := Diagnostic{Severity: SeverityError, Code: code, Message: err.Error(), Input: input}
	var p positioned
	if errors.As(err, &p) {
		d.Line, d.Column = p.Position()
		if d.Line > 0 {
			d.Message = p.Detail()
		}
	}
	return d
}

// InputError is a bad_request about one input: the message is err's text
// after prefix (byte-identical to what the explorer always said), and the
// diagnostic locates it.
func InputError(err error, input, code, prefix string) *Error {
	return Invalid([]Diagnostic{DiagnosticOf(err, input, code)}, "%s%v", prefix, err)
}

// AppendDiagnostics appends the JSON encoding/json writes for ds, by hand:
// most replies carry a diagnostic or two, and encoding/json's struct
// encoder (its field tables, sorted on first use, and omitempty's zero
// checks) is code a first evaluation would otherwise compile for them
// (issue 15). TestAppendDiagnostics holds it to encoding/json and to the
// fields of Diagnostic.
func AppendDiagnostics(b []byte, ds []Diagnostic) []byte {
	if ds == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, d := range ds {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"severity":`...)
		b = jsonappend.String(b, string(d.Severity))
		b = append(b, `,"code":`...)
		b = jsonappend.String(b, d.Code)
		b = append(b, `,"message":`...)
		b = jsonappend.String(b, d.Message)
		b = append(b, `,"input":`...)
		b = jsonappend.String(b, d.Input)
		if d.Path != "" {
			b = append(b, `,"path":`...)
			b = jsonappend.String(b, d.Path)
		}
		for _, f := range [...]struct {
			key string
			n   int
		}{{`,"document":`, d.Document}, {`,"line":`, d.Line}, {`,"column":`, d.Column}, {`,"endLine":`, d.EndLine}, {`,"endColumn":`, d.EndColumn}} {
			if f.n != 0 {
				b = append(b, f.key...)
				b = strconv.AppendInt(b, int64(f.n), 10)
			}
		}
		b = append(b, '}')
	}
	return append(b, ']')
}
