package explorer

import (
	"time"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

// Seconds is an instant on a simulation's virtual clock: seconds since the
// simulation started (t=0, which is sim.Epoch, 2026-01-01T00:00:00Z). It is
// a JSON number; every instant the explorer reports has this form.
type Seconds float64

// SecondsAt returns the instant t as Seconds.
func SecondsAt(t time.Time) Seconds { return Seconds(t.Sub(sim.Epoch).Seconds()) }

// Time returns the instant as a time on the virtual clock.
func (s Seconds) Time() time.Time {
	return sim.Epoch.Add(time.Duration(float64(s) * float64(time.Second)))
}

// Duration is a length of virtual time in Go's syntax: "90s", "1m30s",
// "250ms". Requests take every duration in this form; each method checks
// it with the wording of the mechanism it drives.
type Duration string

// DurationOf formats d as a Duration.
func DurationOf(d time.Duration) Duration { return Duration(d.String()) }
