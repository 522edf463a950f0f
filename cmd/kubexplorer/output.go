package main

import (
	"fmt"
	"io"
	"os"

	"github.com/kubexplorer/kubexplorer/explorer"
)

// Colour: only on a terminal, never with NO_COLOR set to anything (see
// no-color.org) or TERM=dumb. It marks verdicts and severities; the words
// say the same, so nothing is lost without it.

// palette colours text for one stream, or leaves it as it is.
type palette struct{ on bool }

func colours(env *cliEnv, w io.Writer) palette {
	if env.getenv == nil || env.terminal == nil || !env.terminal(w) {
		return palette{}
	}
	if env.getenv("NO_COLOR") != "" || env.getenv("TERM") == "dumb" {
		return palette{}
	}
	return palette{on: true}
}

// isTerminal says whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

const (
	red    = "31"
	green  = "32"
	yellow = "33"
	bold   = "1"
)

func (p palette) paint(code, s string) string {
	if !p.on || s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

// severity colours a diagnostic's severity.
func (p palette) severity(s explorer.Severity) string {
	switch s {
	case explorer.SeverityError:
		return p.paint(red, string(s))
	case explorer.SeverityWarning:
		return p.paint(yellow, string(s))
	}
	return string(s)
}

// verdict colours a word by how good it is: good, changes or bad.
func (p palette) verdict(word string, exit int) string {
	switch exit {
	case 0:
		return p.paint(green, word)
	case 1:
		return p.paint(yellow, word)
	}
	return p.paint(red, word)
}

// diagnostic prints "place:line:column: severity: message"; where names
// the place (nil: the diagnostic's path, else its input).
func (p palette) diagnostic(d explorer.Diagnostic, where func(explorer.Diagnostic) string) string {
	// where's answer is final (a diagnostic about a whole node has no
	// place); without it, the path, else the request's field.
	place := d.Path
	if where != nil {
		place = where(d)
	} else if place == "" {
		place = d.Input
	}
	if d.Line > 0 {
		place += fmt.Sprintf(":%d", d.Line)
		if d.Column > 0 {
			place += fmt.Sprintf(":%d", d.Column)
		}
	}
	if place != "" {
		place += ": "
	}
	return place + p.severity(d.Severity) + ": " + d.Message
}
