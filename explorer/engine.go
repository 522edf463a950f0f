// Package explorer is kubexplorer's application API: the only surface the
// WebAssembly bridge and the command-line tool see.
//
// Every action is a named method taking one JSON request and producing one
// JSON reply. Methods are registered by the file of their mechanism
// (gates.go, kubelet.go, kubefed.go, ...) with Register, so a mechanism plugs
// in without touching this file. Request and reply types carry stable JSON
// field names; Kubernetes-shaped data uses Kubernetes field names.
//
// An Engine holds the state of stateful methods (simulation sessions). It is
// not safe for concurrent use: the bridge serializes calls, like the single
// JavaScript thread it serves.
package explorer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sort"
	"strings"
)

// Version is the engine version; the build sets it with -ldflags -X.
var Version = "dev"

// Error is a failed call. Code is a stable, machine-readable word; Message is
// for people.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Stack is set for internal errors (recovered panics) to help bug reports.
	Stack string `json:"stack,omitempty"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Error codes.
const (
	CodeBadRequest    = "bad_request"    // the request could not be decoded or is invalid
	CodeUnknownMethod = "unknown_method" // no such method
	CodeNotFound      = "not_found"      // a named thing (session, example, release) does not exist
	CodeInternal      = "internal"       // a bug: a recovered panic
)

// BadRequest returns an Error with CodeBadRequest.
func BadRequest(format string, args ...any) *Error {
	return &Error{Code: CodeBadRequest, Message: fmt.Sprintf(format, args...)}
}

// NotFound returns an Error with CodeNotFound.
func NotFound(format string, args ...any) *Error {
	return &Error{Code: CodeNotFound, Message: fmt.Sprintf(format, args...)}
}

// Reply is the envelope of every answer: exactly one of Result and Error is set.
type Reply struct {
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *Error          `json:"error,omitempty"`
}

type method struct {
	name string
	doc  string
	call func(e *Engine, request []byte) (any, error)
}

var methods = map[string]*method{}

// Register adds a method. The handler receives the decoded request (unknown
// fields are rejected) and returns a reply value that is encoded as JSON.
// Register panics on a duplicate name: that is a programming error found at
// start-up, never a user error.
func Register[Req, Resp any](name, doc string, handler func(*Engine, Req) (Resp, error)) {
	if _, dup := methods[name]; dup {
		panic("explorer: method registered twice: " + name)
	}
	methods[name] = &method{name: name, doc: doc, call: func(e *Engine, request []byte) (any, error) {
		var req Req
		if err := decodeStrict(request, &req); err != nil {
			return nil, err
		}
		return handler(e, req)
	}}
}

// MethodInfo describes a registered method.
type MethodInfo struct {
	Name string `json:"name"`
	Doc  string `json:"doc"`
}

// Methods lists the registered methods sorted by name.
func Methods() []MethodInfo {
	out := make([]MethodInfo, 0, len(methods))
	for _, m := range methods {
		out = append(out, MethodInfo{Name: m.name, Doc: m.doc})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Engine holds the state shared by calls: the open sessions.
type Engine struct {
	sessions map[string]any
	nextID   int
}

// New returns an empty Engine.
func New() *Engine {
	return &Engine{sessions: map[string]any{}}
}

// Call runs a method and returns its reply envelope as JSON. It never panics:
// a panic inside a method becomes an internal error reply.
func (e *Engine) Call(name string, request []byte) []byte {
	result, err := e.invoke(name, request)
	reply := Reply{OK: err == nil}
	if err == nil {
		b, merr := json.Marshal(result)
		if merr != nil {
			reply = Reply{Error: &Error{Code: CodeInternal, Message: "encoding the reply: " + merr.Error()}}
		} else {
			reply.Result = b
		}
	} else {
		var xe *Error
		if !errors.As(err, &xe) {
			xe = &Error{Code: CodeBadRequest, Message: err.Error()}
		}
		reply.Error = xe
	}
	out, _ := json.Marshal(reply) // a Reply of RawMessage and strings always encodes
	return out
}

func (e *Engine) invoke(name string, request []byte) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			result = nil
			err = &Error{
				Code:    CodeInternal,
				Message: fmt.Sprintf("the engine hit a bug in %s and recovered: %v", name, r),
				Stack:   string(debug.Stack()),
			}
		}
	}()
	m, ok := methods[name]
	if !ok {
		return nil, &Error{Code: CodeUnknownMethod, Message: fmt.Sprintf("no method %q", name)}
	}
	return m.call(e, request)
}

// decodeStrict decodes one JSON value into v, rejecting unknown fields and
// trailing data. An empty request means the zero value.
func decodeStrict(data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return BadRequest("decoding the request: %s", describeJSONError(data, err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return BadRequest("decoding the request: unexpected data after the JSON value")
	}
	return nil
}

// describeJSONError adds the line and column to a JSON syntax or type error.
func describeJSONError(data []byte, err error) string {
	var offset int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		offset = se.Offset
	case errors.As(err, &te):
		offset = te.Offset
	}
	if offset < 0 {
		return err.Error()
	}
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	line := 1 + bytes.Count(data[:offset], []byte("\n"))
	col := int(offset) - bytes.LastIndexByte(data[:offset], '\n')
	return fmt.Sprintf("line %d, column %d: %s", line, col, strings.TrimPrefix(err.Error(), "json: "))
}

// AddSession stores a session and returns its new id, prefixed with kind.
func (e *Engine) AddSession(kind string, s any) string {
	e.nextID++
	id := fmt.Sprintf("%s-%d", kind, e.nextID)
	e.sessions[id] = s
	return id
}

// Session returns the session with the given id if it has type T.
func Session[T any](e *Engine, id string) (T, error) {
	var zero T
	s, ok := e.sessions[id]
	if !ok {
		return zero, NotFound("no session %q (the engine may have restarted; reload the scenario)", id)
	}
	t, ok := s.(T)
	if !ok {
		return zero, BadRequest("session %q is of another kind", id)
	}
	return t, nil
}

// CloseSession forgets a session. Closing an unknown id is not an error.
func (e *Engine) CloseSession(id string) { delete(e.sessions, id) }

// SessionCount returns the number of open sessions.
func (e *Engine) SessionCount() int { return len(e.sessions) }
