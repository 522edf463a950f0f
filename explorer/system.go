package explorer

import (
	"encoding/json"
	"runtime"
	"time"
)

// VersionRequest asks for the engine's version; it has no fields.
type VersionRequest struct{}

// VersionReply describes the engine.
type VersionReply struct {
	Version   string `json:"version"`
	GoVersion string `json:"goVersion"`
	// Platform is GOOS/GOARCH: "js/wasm" in the browser.
	Platform string `json:"platform"`
}

// EchoRequest is answered with itself: the cheapest round trip.
type EchoRequest struct {
	Value json.RawMessage `json:"value"`
}

// PanicRequest makes the engine panic on purpose, to prove that it survives.
type PanicRequest struct {
	Message string `json:"message"`
}

// SpinRequest keeps the engine busy for a while, to prove that the page
// survives a call that runs too long.
type SpinRequest struct {
	Milliseconds int `json:"milliseconds"`
}

// SessionCloseRequest closes a session.
type SessionCloseRequest struct {
	Session string `json:"session"`
}

// Empty is the reply of methods that return nothing.
type Empty struct{}

func init() {
	Register("version", "the engine's version", func(*Engine, VersionRequest) (VersionReply, error) {
		return VersionReply{Version: Version, GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}, nil
	})
	Register("methods", "the list of methods", func(*Engine, struct{}) ([]MethodInfo, error) {
		return Methods(), nil
	})
	Register("echo", "returns its request", func(_ *Engine, r EchoRequest) (EchoRequest, error) {
		return r, nil
	})
	Register("session.close", "forgets a session", func(e *Engine, r SessionCloseRequest) (Empty, error) {
		e.CloseSession(r.Session)
		return Empty{}, nil
	})
	Register("debug.panic", "panics on purpose (tests the recovery)", func(_ *Engine, r PanicRequest) (Empty, error) {
		msg := r.Message
		if msg == "" {
			msg = "deliberate panic"
		}
		panic(msg)
	})
	Register("debug.spin", "busy-waits for the given time (tests the page's time limit)", func(_ *Engine, r SpinRequest) (Empty, error) {
		// Deliberately a busy loop, not a sleep: it must hold the engine's
		// thread the way a runaway computation would.
		end := time.Now().Add(time.Duration(r.Milliseconds) * time.Millisecond)
		for time.Now().Before(end) {
		}
		return Empty{}, nil
	})
}
