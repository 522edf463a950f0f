//go:build js && wasm

// Command gatestools is the engine of the feature-gates methods for
// operators (explain, import, check, diff, components; explorer/gatestools)
// beside gates.evaluate. The page loads it on demand, the first time one of
// those methods is called, so the first tab's engine (wasm/cmd/gates) stays
// small.
package main

import (
	_ "github.com/kubexplorer/kubexplorer/explorer/gatestools"
	"github.com/kubexplorer/kubexplorer/wasm"
)

func main() { wasm.Main() }
