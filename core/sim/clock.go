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
	"time"

	"github.com/kubexplorer/kubexplorer/core/internal/minheap"
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
	// pending counts the timers that will fire: the heap also holds the
	// entries of stopped or rescheduled timers until they come up.
	pending int
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
	queued  bool // neither fired nor stopped
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
func (t *Timer) Pending() bool { return t != nil && t.queued }

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
	*t = Timer{clock: c, when: when, phase: phase, seq: c.seq, name: name, fn: fn, queued: true}
	c.timers.push(timerEntry{sec: when.Unix(), nsec: int32(when.Nanosecond()), phase: phase, seq: c.seq, t: t})
	c.pending++
	return t
}

// Stop cancels t. It reports whether the timer was still pending. Its
// heap entry stays until it comes up, and is then dropped.
func (c *Clock) Stop(t *Timer) bool {
	if !t.Pending() {
		return false
	}
	t.queued = false
	t.stopped = true
	c.pending--
	return true
}

// top drops the entries of stopped or rescheduled timers from the top of
// the heap and returns the earliest pending timer, nil when there is none.
func (c *Clock) top() *Timer {
	for len(c.timers) > 0 {
		e := &c.timers[0]
		if e.t.queued && e.t.seq == e.seq {
			return e.t
		}
		c.timers.pop()
	}
	return nil
}

// Next returns the instant of the earliest pending timer.
func (c *Clock) Next() (time.Time, bool) {
	t := c.top()
	if t == nil {
		return time.Time{}, false
	}
	return t.when, true
}

// Len returns the number of pending timers.
func (c *Clock) Len() int { return c.pending }

// Step advances the clock to the earliest pending timer and fires it. It
// reports false when no timer is pending.
func (c *Clock) Step() bool {
	t := c.top()
	if t == nil {
		return false
	}
	c.timers.pop()
	c.pending--
	t.queued = false
	if t.when.After(c.now) {
		c.now = t.when
	}
	fn := t.fn
	if t.posted {
		*t = Timer{}
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
	for t := c.top(); t != nil && !t.when.After(until); t = c.top() {
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

// timerEntry is a timer's place in the heap, with its order key (due
// instant, phase, scheduling sequence) held inline: sifting compares keys
// without visiting the timers. An entry whose seq is no longer its
// timer's (stopped, or scheduled again) is stale.
type timerEntry struct {
	sec   int64
	nsec  int32
	phase Phase
	seq   uint64
	t     *Timer
}

// Less orders entries by due instant, phase and sequence.
func (a *timerEntry) Less(b *timerEntry) bool {
	if a.sec != b.sec {
		return a.sec < b.sec
	}
	if a.nsec != b.nsec {
		return a.nsec < b.nsec
	}
	if a.phase != b.phase {
		return a.phase < b.phase
	}
	return a.seq < b.seq
}

// timerHeap is a binary min-heap of entries (minheap).
type timerHeap []timerEntry

func (h *timerHeap) push(e timerEntry) { minheap.Push(h, e) }

// pop removes the top entry.
func (h *timerHeap) pop() { minheap.Pop(h) }
