//go:build js && wasm

// Command gates is the engine of one mechanism, feature gates at kubelet start-up: the
// explorer core and explorer/gates only, so a page or a widget that shows
// this mechanism downloads no other. It answers gates.evaluate and the
// gallery; the methods for operators (explorer/gatestools) are in the
// gatestools engine, which the page loads when one of them is first called.
package main

import (
	_ "github.com/kubexplorer/kubexplorer/explorer/gates"
	"github.com/kubexplorer/kubexplorer/wasm"
)

func main() { wasm.Main() }
