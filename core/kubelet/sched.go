package kubelet

import (
	"container/heap"
	"time"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

// Phases order the work that falls on the same virtual instant. This is the
// deterministic profile's rule 2: scripted runtime changes first (they are
// plain clock timers, which the agenda lets run by yielding once), then the
// PLEG relist, then config deliveries, then tickers, probes, the sync loop
// and finally the pod workers.
const (
	phaseRuntimeState = iota
	phaseRelist
	phaseConfig
	phaseTick
	phaseProbe
	phaseLoop
	phaseWorker
)

type item struct {
	when  time.Time
	phase int
	seq   uint64
	name  string
	fn    func()
	index int
	dead  bool
}

type items []*item

func (h items) Len() int { return len(h) }
func (h items) Less(i, j int) bool {
	a, b := h[i], h[j]
	if !a.when.Equal(b.when) {
		return a.when.Before(b.when)
	}
	if a.phase != b.phase {
		return a.phase < b.phase
	}
	return a.seq < b.seq
}
func (h items) Swap(i, j int) { h[i], h[j] = h[j], h[i]; h[i].index = i; h[j].index = j }
func (h *items) Push(x any)   { it := x.(*item); it.index = len(*h); *h = append(*h, it) }
func (h *items) Pop() any {
	old := *h
	it := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	it.index = -1
	return it
}

// agenda is the kubelet's own timer queue with phases, driven by one timer
// on the shared clock.
type agenda struct {
	clock   *sim.Clock
	h       items
	seq     uint64
	timer   *sim.Timer
	yielded bool
	// afterInstant runs when every item of an instant is done.
	afterInstant func()
}

func newAgenda(c *sim.Clock) *agenda { return &agenda{clock: c} }

func (a *agenda) at(when time.Time, phase int, name string, fn func()) *item {
	if when.Before(a.clock.Now()) {
		when = a.clock.Now()
	}
	a.seq++
	it := &item{when: when, phase: phase, seq: a.seq, name: name, fn: fn}
	heap.Push(&a.h, it)
	a.arm()
	return it
}

func (a *agenda) after(d time.Duration, phase int, name string, fn func()) *item {
	return a.at(a.clock.Now().Add(d), phase, name, fn)
}

func (a *agenda) cancel(it *item) {
	if it == nil || it.index < 0 {
		return
	}
	heap.Remove(&a.h, it.index)
	it.dead = true
}

// arm keeps exactly one clock timer, at the earliest item.
func (a *agenda) arm() {
	if len(a.h) == 0 {
		return
	}
	next := a.h[0].when
	if a.timer != nil && a.timer.Pending() {
		if !a.timer.When().After(next) {
			return
		}
		a.clock.Stop(a.timer)
	}
	a.yielded = false
	a.timer = a.clock.At(next, "kubelet", a.fire)
}

func (a *agenda) fire() {
	now := a.clock.Now()
	if !a.yielded {
		// Let every runtime timer already queued for this instant run first.
		a.yielded = true
		a.timer = a.clock.At(now, "kubelet", a.fire)
		return
	}
	a.yielded = false
	a.timer = nil
	for len(a.h) > 0 && !a.h[0].when.After(now) {
		it := heap.Pop(&a.h).(*item)
		it.fn()
		sim.Yield()
	}
	if a.afterInstant != nil {
		a.afterInstant()
	}
	a.arm()
}
