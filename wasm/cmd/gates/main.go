//go:build js && wasm

// Command gates is the engine of one mechanism, feature gates at kubelet start-up: the
// explorer core and explorer/gates only, so a page or a widget that shows
// this mechanism downloads no other. It answers gates.evaluate and the
// gallery; the methods for operators (explorer/gatestools) are in the
// gatestools engine, which the page loads when one of them is first called.
package main

import (
	"encoding/json"
	"time"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/core/featuregate/components"
	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
	"github.com/kubexplorer/kubexplorer/wasm"
)

func main() {
	go warmWhenIdle()
	wasm.Main()
}

// warmIdle is how long the engine waits after it said it is ready before
// it warms up: a page that has its first call ready posts it as soon as
// the engine is ready, and that call must not wait behind a warm-up.
const warmIdle = 100 * time.Millisecond

// warmWhenIdle evaluates the gallery's default example on the newest
// release once, through the explorer's JSON, if the engine is idle after
// it said it is ready. Most of what a cold first evaluation costs in the
// browser is V8 compiling the code it runs the first time, and decoding
// a release's catalogs; when the build's replies gave the page its first
// result, the engine has time for that before the first edit, which then
// costs what a second evaluation does.
//
// The engine says it is ready first and warms up after, and not at all
// once the page has called gates.evaluate: a page whose first result the
// engine computes (a saved release that is not the newest) posts its call
// at once, and a warm-up before ready made that call wait for an
// evaluation of another release, 430 ms of a 2.4 s first live result
// (issue 15). The program is one thread: a call that arrives during a
// warm-up step waits for the step, so the warm-up yields between its two
// steps. It changes nothing a caller can see: the model's caches hold
// what any evaluation would put there.
func warmWhenIdle() {
	time.Sleep(warmIdle)
	if gates.Evaluated() {
		return
	}
	// The newest release's catalogs and the code that decodes them.
	latest := catalog.Latest()
	_, _ = catalog.Load(latest)
	_, _ = components.Load(latest)
	time.Sleep(time.Millisecond) // lets a call in
	if gates.Evaluated() {
		return
	}
	ex, err := gates.Example(gates.DefaultExample)
	if err != nil {
		return
	}
	req := ex.Request
	if req.Release == "" {
		req.Release = latest
	}
	body, err := json.Marshal(req)
	if err != nil {
		return
	}
	explorer.New().Call("gates.evaluate", body)
	wasm.Mark("warmed")
}
