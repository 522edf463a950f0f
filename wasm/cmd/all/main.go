//go:build js && wasm

// Command all is the all-in-one engine: every mechanism in one WebAssembly
// module. The site serves one engine per mechanism instead; this one is
// built by make engines for comparing sizes.
package main

import (
	_ "github.com/kubexplorer/kubexplorer/explorer/gates"
	_ "github.com/kubexplorer/kubexplorer/explorer/gatestools"
	_ "github.com/kubexplorer/kubexplorer/explorer/kubefed"
	_ "github.com/kubexplorer/kubexplorer/explorer/kubelet"
	"github.com/kubexplorer/kubexplorer/wasm"
)

func main() { wasm.Main() }
