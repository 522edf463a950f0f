package explorer

import (
	"encoding/json"
	"runtime"
	"time"
)

// The engine's own methods: what it is, what it can do, and the probes the
// page's tests use to prove that it survives bugs.

// VersionReply describes the engine.
type VersionReply struct {
	Version   string `json:"version"`
	GoVersion string `json:"goVersion"`
	// Platform is GOOS/GOARCH: "js/wasm" in the browser.
	Platform string `json:"platform"`
	// Mechanisms are the mechanisms linked into this engine (an engine per
	// mechanism has one; the all-in-one engine has every one).
	Mechanisms []Mechanism `json:"mechanisms"`
}

// MethodInfo describes a registered method.
type MethodInfo struct {
	Name string `json:"name"`
	Doc  string `json:"doc"`
}

// MethodsReply lists the methods of this engine, sorted by name.
type MethodsReply struct {
	Methods []MethodInfo `json:"methods"`
}

// EchoRequest is answered with itself: the cheapest round trip.
type EchoRequest struct {
	Value json.RawMessage `json:"value"`
}

// PanicRequest makes the engine panic on purpose, to prove that it survives.
type PanicRequest struct {
	Message string `json:"message,omitempty"`
}

// SpinRequest keeps the engine busy for a while (wall-clock time), to prove
// that the page survives a call that runs too long.
type SpinRequest struct {
	Duration Duration `json:"duration"`
}

// VersionInfo is the reply of the version method.
func VersionInfo() VersionReply {
	return VersionReply{Version: Version, GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH,
		Mechanisms: Mechanisms()}
}

func init() {
	Register("version", "the engine's version and the mechanisms it links", func(*Engine, Empty) (VersionReply, error) {
		return VersionInfo(), nil
	})
	Register("methods", "the methods of this engine", func(*Engine, Empty) (MethodsReply, error) {
		out := MethodsReply{Methods: []MethodInfo{}}
		for _, m := range Methods() {
			out.Methods = append(out.Methods, MethodInfo{Name: m.Name, Doc: m.Doc})
		}
		return out, nil
	})
	Register("echo", "returns its request", func(_ *Engine, r EchoRequest) (EchoRequest, error) {
		return r, nil
	})
	Register("debug.panic", "panics on purpose (tests the recovery)", func(_ *Engine, r PanicRequest) (Empty, error) {
		msg := r.Message
		if msg == "" {
			msg = "deliberate panic"
		}
		panic(msg)
	})
	Register("debug.spin", "busy-waits for the given wall-clock duration (tests the page's time limit)", func(_ *Engine, r SpinRequest) (Empty, error) {
		d, err := time.ParseDuration(string(r.Duration))
		if err != nil || d < 0 || d > time.Minute {
			return Empty{}, InvalidField("duration", "duration: %q is not a duration between 0s and 1m", r.Duration)
		}
		// Deliberately a busy loop, not a sleep: it must hold the engine's
		// thread the way a runaway computation would.
		end := time.Now().Add(d)
		for time.Now().Before(end) {
		}
		return Empty{}, nil
	})
}
