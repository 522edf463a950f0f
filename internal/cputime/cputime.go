// Package cputime reports the CPU time a benchmark's process used, so that
// benchmarks on a machine shared with other work have a figure the other
// work does not inflate: wall time per operation grows with the machine's
// load, CPU time per operation much less.
package cputime

import (
	"testing"
	"time"
)

// Report runs the benchmark loop body and reports the process's CPU time
// (user and system, every thread: the garbage collector's too) per
// operation as "cpu-ns/op". Where the platform cannot tell, only the loop
// runs.
func Report(b *testing.B, body func()) {
	start, ok := now()
	for b.Loop() {
		body()
	}
	if end, ok2 := now(); ok && ok2 && b.N > 0 {
		b.ReportMetric(float64((end-start)/time.Duration(b.N)), "cpu-ns/op")
	}
}
