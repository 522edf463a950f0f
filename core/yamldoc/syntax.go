package yamldoc

import (
	"strconv"
	"strings"
)

// syntaxError turns a yaml.v3 parse error into the error yaml.v2 reports
// for the same input, positioned.
func syntaxError(data []byte, err error) *Error {
	msg := err.Error()
	e := &Error{Msg: msg}
	rest, ok := strings.CutPrefix(msg, "yaml: line ")
	if !ok {
		return e
	}
	i := strings.IndexByte(rest, ':')
	if i <= 0 {
		return e
	}
	line, err2 := strconv.Atoi(rest[:i])
	if err2 != nil {
		return e
	}
	e.Line, e.Column = line, 1
	return e
}
