package kubelet

import (
	"time"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

// Phases order the kubelet's work that falls on the same virtual instant:
// the deterministic profile's rule 2. The runtime's own changes come first
// (the fake runtime's timers are in the clock's phase 0), then the
// runtime-state check, the PLEG relist, config deliveries (and a
// scenario's timeline actions), tickers, probes, the sync loop and the pod
// workers; the snapshot of the pods whose object changed comes last.
const (
	phaseRuntimeState sim.Phase = iota + 1
	phaseRelist
	phaseConfig
	phaseTick
	phaseProbe
	phaseLoop
	phaseWorker
	phaseSnapshot
)

// at schedules fn at when (now if that has passed) in phase. The kubelet
// never cancels what it schedules this way, so the clock reuses the timer
// (sim.Clock.Post); probes, which are cancelled, use their own scheduler.
func (k *Kubelet) at(when time.Time, phase sim.Phase, name string, fn func()) {
	k.clock.Post(when, phase, name, fn)
}

// after schedules fn d from now in phase, as at does.
func (k *Kubelet) after(d time.Duration, phase sim.Phase, name string, fn func()) {
	k.clock.Post(k.clock.Now().Add(d), phase, name, fn)
}
