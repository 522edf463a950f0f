// Package sim holds the virtual time shared by kubexplorer's simulations.
//
// A simulation never reads the wall clock and never sleeps. Instead it owns a
// Clock: components schedule work with AfterFunc, At or Schedule, and the
// caller advances time with Step, RunUntil or Advance. The clock is the one
// queue of everything a simulation will do: the timers due at one instant
// fire by phase (lowest first), and within a phase in the order they were
// scheduled, so a run is a pure function of its inputs.
//
// Phases let a model state what happens first when several things fall on
// the same instant. AfterFunc and At schedule in phase 0, the first; a model
// with an order of its own (the kubelet: relist, config, tickers, probes,
// sync loop, pod workers) gives its work later phases, so that changes
// scripted for an instant (a container exiting, an image arriving) are in
// place before any of that work looks at them. A timer scheduled for the
// current instant in a phase lower than the one running fires next.
//
// Where the real component chooses randomly (jitter, Go's select among ready
// channels), the model draws from a Rand created with an explicit seed.
package sim

import (
	"container/heap"
	"time"
)

// Epoch is the instant every Clock starts at unless told otherwise. It is a
// fixed date so that transcripts carry stable timestamps.
var Epoch = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// Clock is a virtual clock with a queue of timers. The zero value is not
// usable; create one with NewClock.
type Clock struct {
	start  time.Time
	now    time.Time
	seq    uint64
	timers timerHeap
	// free holds fired timers of Post, which nobody holds: a long
	// simulation schedules hundreds of thousands of calls, and reusing
	// their timers spares the garbage collector (the order of reuse is
	// that of firing, so it is as deterministic as the rest).
	free []*Timer
}

// NewClock returns a clock whose current time is start.
func NewClock(start time.Time) *Clock {
	return &Clock{start: start, now: start}
}

// Now returns the current virtual time.
func (c *Clock) Now() time.Time { return c.now }

// Start returns the instant the clock was created at.
func (c *Clock) Start() time.Time { return c.start }

// Elapsed returns the virtual time passed since the clock was created.
func (c *Clock) Elapsed() time.Duration { return c.now.Sub(c.start) }

// Since returns the virtual time passed since t.
func (c *Clock) Since(t time.Time) time.Duration { return c.now.Sub(t) }

// Phase orders the timers due at the same instant: lower phases fire
// first. Phase 0 is that of AfterFunc and At.
type Phase int

// Timer is a pending call scheduled on a Clock.
type Timer struct {
	clock   *Clock
	when    time.Time
	phase   Phase
	seq     uint64
	name    string
	fn      func()
	index   int // position in the heap, -1 once fired or stopped
	stopped bool
	posted  bool // scheduled by Post: reused once fired
}

// Stop cancels the timer; see Clock.Stop.
func (t *Timer) Stop() bool { return t.clock.Stop(t) }

// When returns the instant the timer is due.
func (t *Timer) When() time.Time { return t.when }

// Name returns the label given when the timer was scheduled.
func (t *Timer) Name() string { return t.name }

// Pending reports whether the timer has neither fired nor been stopped.
func (t *Timer) Pending() bool { return t != nil && t.index >= 0 }

// AfterFunc schedules fn to run d after the current time. A negative d is
// treated as zero. The name labels the timer in traces.
func (c *Clock) AfterFunc(d time.Duration, name string, fn func()) *Timer {
	if d < 0 {
		d = 0
	}
	return c.At(c.now.Add(d), name, fn)
}

// At schedules fn to run at instant when, or now if when is in the past.
func (c *Clock) At(when time.Time, name string, fn func()) *Timer {
	return c.Schedule(when, 0, name, fn)
}

// Schedule schedules fn to run at instant when (now if when is in the
// past) in the given phase.
func (c *Clock) Schedule(when time.Time, phase Phase, name string, fn func()) *Timer {
	return c.schedule(&Timer{}, when, phase, name, fn)
}

// Reschedule is Schedule reusing t, a timer of this clock that has fired
// or was stopped, so that its holder keeps one timer however often it
// re-arms it (a periodic probe). With t nil or still pending it is
// Schedule.
func (c *Clock) Reschedule(t *Timer, when time.Time, phase Phase, name string, fn func()) *Timer {
	if t == nil || t.Pending() || t.posted || t.clock != c {
		return c.Schedule(when, phase, name, fn)
	}
	return c.schedule(t, when, phase, name, fn)
}

// Post is Schedule for a call that is never stopped: it gives out no
// Timer, so the clock reuses the timer once it has fired.
func (c *Clock) Post(when time.Time, phase Phase, name string, fn func()) {
	var t *Timer
	if n := len(c.free); n > 0 {
		t = c.free[n-1]
		c.free[n-1] = nil
		c.free = c.free[:n-1]
	} else {
		t = &Timer{}
	}
	c.schedule(t, when, phase, name, fn).posted = true
}

func (c *Clock) schedule(t *Timer, when time.Time, phase Phase, name string, fn func()) *Timer {
	if when.Before(c.now) {
		when = c.now
	}
	c.seq++
	*t = Timer{clock: c, when: when, phase: phase, seq: c.seq, name: name, fn: fn}
	heap.Push(&c.timers, t)
	return t
}

// Stop cancels t. It reports whether the timer was still pending.
func (c *Clock) Stop(t *Timer) bool {
	if !t.Pending() {
		return false
	}
	heap.Remove(&c.timers, t.index)
	t.stopped = true
	return true
}

// Next returns the instant of the earliest pending timer.
func (c *Clock) Next() (time.Time, bool) {
	if len(c.timers) == 0 {
		return time.Time{}, false
	}
	return c.timers[0].when, true
}

// Len returns the number of pending timers.
func (c *Clock) Len() int { return len(c.timers) }

// Step advances the clock to the earliest pending timer and fires it. It
// reports false when no timer is pending.
func (c *Clock) Step() bool {
	if len(c.timers) == 0 {
		return false
	}
	t := heap.Pop(&c.timers).(*Timer)
	if t.when.After(c.now) {
		c.now = t.when
	}
	fn := t.fn
	if t.posted {
		*t = Timer{index: -1}
		c.free = append(c.free, t)
	}
	fn()
	Yield()
	return true
}

// RunUntil fires, in order, every timer due at or before until, then sets the
// clock to until. Timers scheduled by fired timers are honoured if they fall
// within the window. It returns the number of timers fired. If limit is
// positive and that many timers fired, RunUntil stops early and leaves the
// clock at the last fired timer, so a runaway model cannot loop forever.
func (c *Clock) RunUntil(until time.Time, limit int) int {
	fired := 0
	for len(c.timers) > 0 && !c.timers[0].when.After(until) {
		if limit > 0 && fired >= limit {
			return fired
		}
		c.Step()
		fired++
	}
	if until.After(c.now) {
		c.now = until
	}
	return fired
}

// Advance is RunUntil(Now()+d) without a limit.
func (c *Clock) Advance(d time.Duration) int {
	return c.RunUntil(c.now.Add(d), 0)
}

type timerHeap []*Timer

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	a, b := h[i], h[j]
	if !a.when.Equal(b.when) {
		return a.when.Before(b.when)
	}
	if a.phase != b.phase {
		return a.phase < b.phase
	}
	return a.seq < b.seq
}
func (h timerHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index = i
	h[j].index = j
}
func (h *timerHeap) Push(x any) {
	t := x.(*Timer)
	t.index = len(*h)
	*h = append(*h, t)
}
func (h *timerHeap) Pop() any {
	old := *h
	n := len(old)
	t := old[n-1]
	old[n-1] = nil
	t.index = -1
	*h = old[:n-1]
	return t
}
