//go:build js && wasm

// Command floor is the bench's floor: the engine bridge (the Go runtime,
// safejs, the JSON envelope) with no mechanism linked. A page that starts it
// in the same worker and answers one call is the fastest any engine of ours
// could give a first result; kxbench times the tabs against it (issue 15).
package main

import "github.com/kubexplorer/kubexplorer/wasm"

func main() { wasm.Main() }
