//go:build js && wasm

// Package wasm is the bridge between JavaScript and the explorer: it
// publishes globalThis.kubexplorer = {call, version} in a Web Worker and
// translates each call — a method name and a JSON request in, a JSON reply
// envelope out. It never exits on its own; every call recovers from panics
// into an error reply.
//
// The engines are the mains under wasm/cmd: all links every mechanism (the
// engine the page loads today), gates, kubelet and kubefed one each. A main
// imports the mechanisms it links and calls Main.
package wasm

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/hack-pad/safejs"

	"github.com/kubexplorer/kubexplorer/explorer"
)

// bridge exposes an explorer.Engine to JavaScript. It only translates: a
// method name and a JSON request in, a JSON reply envelope out.
type bridge struct {
	mu     sync.Mutex // the engine is not safe for concurrent use
	engine *explorer.Engine
	// exit ends the Go program; tests replace it.
	exit func(code int)
	// calls are the calls waiting for serve, in the order they came.
	calls chan pendingCall
}

// pendingCall is a call whose promise waits for its reply.
type pendingCall struct {
	method, request string
	argErr          error
	resolve         safejs.Value
	exec            safejs.Func
}

func newBridge() *bridge {
	b := &bridge{engine: explorer.New(), exit: os.Exit, calls: make(chan pendingCall, 64)}
	go b.serve()
	return b
}

// serve answers the calls one after another on one goroutine for the
// program's life, whose stack it grows to callStack before the first:
// a goroutine per call started with 2 kB, grew it during the call
// (see callStack) and freed it after, and both are runtime code a first
// call compiles (issue 15). The stack shrinks again only when a
// collection finds it mostly unused; reserveStack then grows it once more.
func (b *bridge) serve() {
	for {
		reserveStack(0)
		c := <-b.calls
		reply := b.reply(c.method, c.request, c.argErr)
		_, _ = c.resolve.Invoke(string(reply))
		c.exec.Release()
	}
}

// exports builds the JavaScript object {call, version}:
//
//	call(method: string, request: string): Promise<string>
//	version(): string
//
// call's promise always resolves with a reply envelope
// {"ok":bool,"result":...,"error":{"code","message"}}; it never rejects
// while the program runs.
func (b *bridge) exports() (safejs.Value, error) {
	promise, err := safejs.Global().Get("Promise")
	if err != nil {
		return safejs.Value{}, err
	}
	call, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) (result any) {
		// Building the promise happens on the JavaScript thread: a panic
		// here must not escape into the runtime either.
		defer func() {
			if r := recover(); r != nil {
				result = string(internalError("call", r))
			}
		}()
		method, request, argErr := callArgs(args)
		var exec safejs.Func
		exec, err := safejs.FuncOf(func(_ safejs.Value, pargs []safejs.Value) any {
			c := pendingCall{method: method, request: request, argErr: argErr, resolve: pargs[0], exec: exec}
			select {
			case b.calls <- c:
			default:
				// Never block JavaScript's call: a full queue takes the
				// call once serve has room.
				go func() { b.calls <- c }()
			}
			return nil
		})
		if err != nil {
			return string(internalError("call", err))
		}
		p, err := promise.New(exec)
		if err != nil {
			exec.Release()
			return string(internalError("call", err))
		}
		return p
	})
	if err != nil {
		return safejs.Value{}, err
	}
	version, err := safejs.FuncOf(func(safejs.Value, []safejs.Value) (result any) {
		defer func() {
			if r := recover(); r != nil {
				result = string(internalError("version", r))
			}
		}()
		return string(b.reply("version", "{}", nil))
	})
	if err != nil {
		return safejs.Value{}, err
	}
	object, err := safejs.Global().Get("Object")
	if err != nil {
		return safejs.Value{}, err
	}
	api, err := object.New()
	if err != nil {
		return safejs.Value{}, err
	}
	if err := api.Set("call", call.Value()); err != nil {
		return safejs.Value{}, err
	}
	return api, api.Set("version", version.Value())
}

// reply runs one call and recovers from any panic, including ones in the
// bridge itself.
func (b *bridge) reply(method, request string, argErr error) (out []byte) {
	defer func() {
		if r := recover(); r != nil {
			out = internalError(method, r)
		}
	}()
	if argErr != nil {
		return errorReply(&explorer.Error{Code: explorer.CodeBadRequest, Message: argErr.Error()})
	}
	switch method {
	case "debug.exit":
		// Ends the Go program on purpose so that the page's recovery
		// (restart from the cached module) can be tested.
		b.exit(3)
		return errorReply(&explorer.Error{Code: explorer.CodeInternal, Message: "exit did not end the program"})
	case "debug.bridgePanic":
		panic("deliberate panic in the bridge")
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.engine.Call(method, []byte(request))
}

// callStack is the stack the goroutine that serves calls takes before it
// runs one: a first gates evaluation needs 16 kB, and the kubelet's and
// kubefed's calls more. A goroutine starts with 2 kB, and each time it
// outgrows its stack Go copies it and looks up every frame's tables in
// the stack it leaves (runtime.pcvalue); in V8 those lookups ran out
// pcvalue's optimization budget during the first evaluation, and the
// optimizing compile took the second core from the evaluation's own
// compiles (issue 15). Growing once, with a frame or two below, copies
// those.
const callStack = 64 << 10

// reserveStack grows its goroutine's stack to callStack: its frame is
// more than half of callStack, so the runtime doubles straight to it.
//
//go:noinline
func reserveStack(i int) byte {
	var frame [callStack * 5 / 8]byte
	frame[i] = 1
	return frame[len(frame)-1-i]
}

func callArgs(args []safejs.Value) (method, request string, err error) {
	if len(args) < 1 || args[0].Type() != safejs.TypeString {
		return "", "", fmt.Errorf("call(method, request): method must be a string")
	}
	method, err = args[0].String()
	if err != nil {
		return "", "", err
	}
	if len(args) < 2 || args[1].IsUndefined() || args[1].IsNull() {
		return method, "", nil
	}
	if args[1].Type() != safejs.TypeString {
		return method, "", fmt.Errorf("call(method, request): request must be a JSON string")
	}
	request, err = args[1].String()
	return method, request, err
}

func errorReply(e *explorer.Error) []byte {
	out, _ := json.Marshal(explorer.Reply{Error: e})
	return out
}

func internalError(where string, r any) []byte {
	return errorReply(explorer.Recovered(where, r))
}
