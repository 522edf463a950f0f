//go:build linux || darwin

package simulation

import (
	"syscall"
	"time"
)

// cpuTime is the process's user and system CPU time (every thread, the
// garbage collector's included). The benchmarks report it next to wall time
// because the machines they run on are often shared.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
