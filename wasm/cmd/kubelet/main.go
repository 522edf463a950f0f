//go:build js && wasm

// Command kubelet is the engine of one mechanism, the kubelet sync loop: the
// explorer core and explorer/kubelet only, so a page or a widget that shows
// this mechanism downloads no other.
package main

import (
	_ "github.com/kubexplorer/kubexplorer/explorer/kubelet"
	"github.com/kubexplorer/kubexplorer/wasm"
)

func main() { wasm.Main() }
