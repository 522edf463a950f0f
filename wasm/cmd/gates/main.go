//go:build js && wasm

// Command gates is the engine of one mechanism, feature gates at kubelet start-up: the
// explorer core and explorer/gates only, so a page or a widget that shows
// this mechanism downloads no other. It answers gates.evaluate and the
// gallery; the methods for operators (explorer/gatestools) are in the
// gatestools engine, which the page loads when one of them is first called.
package main

import (
	"encoding/json"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
	"github.com/kubexplorer/kubexplorer/wasm"
)

func main() {
	wasm.Mark("main")
	warm()
	wasm.Mark("warmed")
	wasm.Main()
}

// warm evaluates the gallery's default example on the newest release once,
// through the explorer's JSON, before the engine says it is ready. Most of
// what a cold first evaluation costs in the browser is V8 compiling the
// code it runs the first time, and decoding the newest catalogs; the
// worker starts from the page's first script, well before the page asks
// for its first result (issue 15), so this happens while the page loads,
// and the page's first evaluation then costs what a second one does. It
// changes nothing a caller can see: the model's caches hold what any
// evaluation would put there.
func warm() {
	ex, err := gates.Example(gates.DefaultExample)
	if err != nil {
		return
	}
	req := ex.Request
	if req.Release == "" {
		req.Release = catalog.Latest()
	}
	body, err := json.Marshal(req)
	if err != nil {
		return
	}
	explorer.New().Call("gates.evaluate", body)
}
