package explorer

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
)

// Version is the engine version; the build sets it with -ldflags -X.
var Version = "dev"

// Engine holds the state shared by calls: the open sessions. It is not safe
// for concurrent use: the bridge serializes calls, like the single
// JavaScript thread it serves.
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
	var reply Reply
	if err == nil {
		out, merr := appendResult([]byte(okPrefix), result)
		if merr == nil {
			return append(out, '}')
		}
		reply.Error = &Error{Code: CodeInternal, Message: "encoding the reply: " + merr.Error()}
	} else {
		var xe *Error
		if !errors.As(err, &xe) {
			xe = &Error{Code: CodeBadRequest, Message: err.Error()}
		}
		reply.Error = xe
	}
	out, _ := json.Marshal(reply) // a Reply of strings always encodes
	return out
}

// okPrefix opens the envelope of a successful call: what encoding/json
// writes for a Reply before its Result. Call writes that envelope itself
// because encoding/json would check and compact the Result's bytes once
// more (a json.RawMessage is a Marshaler), which for a reply of tens of
// kilobytes (gates.evaluate's) cost about half of the whole call. The
// bytes are the same: json.Marshal's output is already compact and
// HTML-escaped, and TestCallEnvelopeIsEncodingJSONs pins it.
const okPrefix = `{"ok":true,"result":`

// AppendJSON is implemented by replies that write their own JSON: the same
// bytes encoding/json writes for them, faster (explorer/gates's evaluate
// reply reuses the encoding of a gates table it encoded already).
type AppendJSON interface {
	AppendJSON(b []byte) ([]byte, error)
}

// appendResult appends a method's result as JSON.
func appendResult(b []byte, result any) ([]byte, error) {
	if a, ok := result.(AppendJSON); ok {
		return a.AppendJSON(b)
	}
	js, err := json.Marshal(result)
	return append(b, js...), err
}

func (e *Engine) invoke(name string, request []byte) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			result, err = nil, Recovered(name, r)
		}
	}()
	m, ok := methods[name]
	if !ok {
		return nil, &Error{Code: CodeUnknownMethod, Message: fmt.Sprintf("no method %q", name)}
	}
	return m.call(e, request)
}

// Recovered is the internal error a recovered panic becomes, with the stack
// for bug reports. The bridge uses it too, for panics outside a method.
func Recovered(where string, r any) *Error {
	return &Error{
		Code:    CodeInternal,
		Message: fmt.Sprintf("the engine hit a bug in %s and recovered: %v", where, r),
		Stack:   string(debug.Stack()),
	}
}

// Do calls a method with a Go request and decodes its result into a Resp:
// the same JSON round trip the page makes, for Go callers such as the CLI.
// A failed call returns its *Error.
func Do[Resp any](e *Engine, method string, request any) (Resp, error) {
	var out Resp
	b, err := json.Marshal(request)
	if err != nil {
		return out, err
	}
	var reply Reply
	if err := json.Unmarshal(e.Call(method, b), &reply); err != nil {
		return out, err
	}
	if !reply.OK {
		return out, reply.Error
	}
	return out, json.Unmarshal(reply.Result, &out)
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

// SessionRequest names a session: the request of every session method
// that needs nothing else (close, state).
type SessionRequest struct {
	Session string `json:"session"`
}

// Empty is the request of methods that take nothing and the reply of
// methods that return nothing.
type Empty struct{}
