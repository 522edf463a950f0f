//go:build js && wasm

// Command all is the all-in-one engine: every mechanism in one WebAssembly
// module (build/engine.wasm, the one the page loads).
package main

import (
	_ "github.com/kubexplorer/kubexplorer/explorer/gates"
	_ "github.com/kubexplorer/kubexplorer/explorer/kubefed"
	_ "github.com/kubexplorer/kubexplorer/explorer/kubelet"
	"github.com/kubexplorer/kubexplorer/wasm"
)

func main() { wasm.Main() }
