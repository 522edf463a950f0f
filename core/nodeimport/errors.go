package nodeimport

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// Error is an input that cannot be read in the form it was recognised as.
type Error struct {
	// Form is the form the input was recognised as, or "" when no form
	// fits.
	Form Form `json:"form,omitempty"`
	// Path is the file (or bundle section) as the dump names it.
	Path string `json:"path"`
	// Section is the bundle section (its "==> NAME <==" header, or a
	// label such as "ps") when Path is a bundle file.
	Section string `json:"section,omitempty"`
	// Line and Column are 1-based (Column counts characters); 0 when the
	// problem is the file as a whole.
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	Msg    string `json:"message"`
}

func (e *Error) Error() string {
	loc := location(e.Path, e.Section, e.Line, e.Column)
	if e.Form == "" {
		return loc + ": " + e.Msg
	}
	return fmt.Sprintf("%s: %s: %s", loc, e.Form.Title(), e.Msg)
}

// Position is the error's line and column in Path (0 when unknown).
func (e *Error) Position() (line, column int) { return e.Line, e.Column }

// Detail is the error without its file and position: the bundle section
// (when there is one), the form, the message.
func (e *Error) Detail() string {
	s := e.Msg
	if e.Form != "" {
		s = e.Form.Title() + ": " + s
	}
	if e.Section != "" {
		s = e.Section + ": " + s
	}
	return s
}

// location writes "path (section):line:column", leaving out what is unknown.
func location(path, section string, line, col int) string {
	loc := path
	if section != "" {
		loc += " (" + section + ")"
	}
	if line > 0 {
		loc += fmt.Sprintf(":%d", line)
		if col > 0 {
			loc += fmt.Sprintf(":%d", col)
		}
	}
	return loc
}

// Diagnostic is a remark about an input that was read: something the
// real consumer (systemd, the kubelet) ignores or treats specially.
type Diagnostic struct {
	Form     Form   `json:"form,omitempty"`
	Path     string `json:"path"`
	Section  string `json:"section,omitempty"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	Severity string `json:"severity"` // "warning" or "info"
	Message  string `json:"message"`
}

// Where is the diagnostic's place as "path (section):line:column".
func (d Diagnostic) Where() string { return location(d.Path, d.Section, d.Line, d.Column) }

// position turns a byte offset into a 1-based line and character column.
func position(data []byte, offset int) (line, col int) {
	if offset < 0 {
		offset = 0
	}
	if offset > len(data) {
		offset = len(data)
	}
	before := data[:offset]
	line = bytes.Count(before, []byte("\n")) + 1
	start := bytes.LastIndexByte(before, '\n') + 1
	return line, utf8.RuneCount(before[start:]) + 1
}
