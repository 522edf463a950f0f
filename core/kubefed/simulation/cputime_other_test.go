//go:build !linux && !darwin

package simulation

import "time"

// cpuTime is unknown here (js/wasm has no getrusage).
func cpuTime() time.Duration { return 0 }
