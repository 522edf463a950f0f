package explorer

import (
	"encoding/json"
	"fmt"
)

// Reply is the envelope of every answer: exactly one of Result and Error is
// set, and OK says which.
type Reply struct {
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *Error          `json:"error,omitempty"`
}

// Error is a failed call. Code is a stable, machine-readable word; Message
// is for people.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Diagnostics point at the user's input when the error is about it (a
	// request that does not decode, a scenario that does not parse), so
	// every surface can mark the spot.
	Diagnostics []Diagnostic `json:"diagnostics,omitempty"`
	// Stack is set for internal errors (recovered panics) to help bug reports.
	Stack string `json:"stack,omitempty"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Error codes: the code of every failed call is one of these.
const (
	CodeBadRequest    = "bad_request"    // the request could not be decoded or is invalid
	CodeUnknownMethod = "unknown_method" // no such method
	CodeNotFound      = "not_found"      // a named thing (session, example) does not exist
	CodeInternal      = "internal"       // a bug: a recovered panic
)

// BadRequest returns an Error with CodeBadRequest.
func BadRequest(format string, args ...any) *Error {
	return &Error{Code: CodeBadRequest, Message: fmt.Sprintf(format, args...)}
}

// Invalid returns a bad_request Error about the user's input: the message
// for people and the diagnostics that locate the problem.
func Invalid(diags []Diagnostic, format string, args ...any) *Error {
	return &Error{Code: CodeBadRequest, Message: fmt.Sprintf(format, args...), Diagnostics: diags}
}

// InvalidField is a bad_request about the value of one request field
// (input): its one diagnostic, request.invalid, has the error's message.
func InvalidField(input, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	return Invalid([]Diagnostic{{Severity: SeverityError, Code: CodeRequestInvalid, Input: input, Message: msg}}, "%s", msg)
}

// NotFound returns an Error with CodeNotFound.
func NotFound(format string, args ...any) *Error {
	return &Error{Code: CodeNotFound, Message: fmt.Sprintf(format, args...)}
}
