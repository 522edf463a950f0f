//go:build !js

package sim

// Yield does nothing here: the collector has threads of its own, and
// goroutines are preempted (see yield_js.go).
func Yield() {}
