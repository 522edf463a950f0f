//go:build js

package sim

import "runtime"

// yieldEvery is how many calls of Yield make one yield.
const yieldEvery = 64

var yieldCalls uint

// Yield lets, now and then, the garbage collector's mark worker run: call
// it between units of work. WebAssembly has one thread and no preemption,
// so a simulation that never blocks would leave the marking to allocation
// assists alone; a cycle then lasts seconds, with write barriers on and
// every new object marked, the whole time. Yielding changes nothing the
// simulation computes (the simulation runs on one goroutine).
func Yield() {
	yieldCalls++
	if yieldCalls%yieldEvery == 0 {
		runtime.Gosched()
	}
}
