//go:build js && wasm

// Command kubefed is the engine of one mechanism, kubefed's FederatedTypeConfig controller: the
// explorer core and explorer/kubefed only, so a page or a widget that shows
// this mechanism downloads no other.
package main

import (
	_ "github.com/kubexplorer/kubexplorer/explorer/kubefed"
	"github.com/kubexplorer/kubexplorer/wasm"
)

func main() { wasm.Main() }
