//go:build js && wasm

package wasm

import (
	"fmt"
	"os"

	"github.com/hack-pad/safejs"
)

// Main runs an engine in a Web Worker: it publishes globalThis.kubexplorer
// = {call, version}, tells the worker it is ready by calling
// globalThis.__kubexplorerReady(version), and then waits for calls forever.
// The engine has the mechanisms the calling main imported.
func Main() {
	Mark("main")
	// The main goroutine's stack outgrew 2, 4 and 8 kB while it built the
	// API and answered version; each copy looked up the tables of every
	// frame on it (see callStack).
	reserveStack(0)
	api, err := newBridge().exports()
	if err != nil {
		fmt.Fprintln(os.Stderr, "kubexplorer: cannot build the JavaScript API:", err)
		os.Exit(1)
	}
	global := safejs.Global()
	if err := global.Set("kubexplorer", api); err != nil {
		fmt.Fprintln(os.Stderr, "kubexplorer: cannot publish the JavaScript API:", err)
		os.Exit(1)
	}
	if ready, err := global.Get("__kubexplorerReady"); err == nil && ready.Type() == safejs.TypeFunction {
		version, _ := api.Call("version")
		_, _ = ready.Invoke(version)
	}
	select {}
}

// Mark tells the worker that the program reached a start-up milestone
// ("main": main entered, after the package inits; a main may mark its own),
// which the page puts on its timeline (site/js/worker.js). Outside the
// page's worker there is no __kxMark and it does nothing.
func Mark(name string) {
	if mark, err := safejs.Global().Get("__kxMark"); err == nil && mark.Type() == safejs.TypeFunction {
		_, _ = mark.Invoke(name)
	}
}
