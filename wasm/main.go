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
