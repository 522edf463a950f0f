package sim

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestClockFiresInTimeThenScheduleOrder(t *testing.T) {
	c := NewClock(Epoch)
	var got []string
	rec := func(s string) func() {
		return func() { got = append(got, fmt.Sprintf("%s@%s", s, c.Elapsed())) }
	}
	c.AfterFunc(2*time.Second, "b", rec("b"))
	c.AfterFunc(time.Second, "a", rec("a"))
	c.AfterFunc(2*time.Second, "c", rec("c"))
	stopped := c.AfterFunc(1500*time.Millisecond, "x", rec("x"))
	c.AfterFunc(time.Second, "nest", func() {
		rec("nest")()
		c.AfterFunc(0, "child", rec("child"))
	})
	if !c.Stop(stopped) || c.Stop(stopped) {
		t.Fatal("Stop must report true once, then false")
	}
	if n := c.RunUntil(Epoch.Add(10*time.Second), 0); n != 5 {
		t.Fatalf("fired %d timers, want 5", n)
	}
	want := "a@1s nest@1s child@1s b@2s c@2s"
	if s := strings.Join(got, " "); s != want {
		t.Fatalf("order = %q, want %q", s, want)
	}
	if c.Elapsed() != 10*time.Second {
		t.Fatalf("clock at %s, want 10s", c.Elapsed())
	}
}

func TestRunUntilLimitStopsRunawayLoop(t *testing.T) {
	c := NewClock(Epoch)
	var loop func()
	loop = func() { c.AfterFunc(0, "loop", loop) }
	c.AfterFunc(0, "loop", loop)
	if n := c.RunUntil(Epoch.Add(time.Second), 100); n != 100 {
		t.Fatalf("fired %d, want the limit 100", n)
	}
	if c.Elapsed() != 0 {
		t.Fatalf("clock moved to %s although the window was not finished", c.Elapsed())
	}
}

func TestPastTimersRunNow(t *testing.T) {
	c := NewClock(Epoch)
	c.Advance(5 * time.Second)
	tm := c.At(Epoch, "late", func() {})
	if !tm.When().Equal(c.Now()) {
		t.Fatalf("timer in the past scheduled at %v, want now %v", tm.When(), c.Now())
	}
	if !c.Step() || c.Step() {
		t.Fatal("expected exactly one step")
	}
}

func TestRandIsSeeded(t *testing.T) {
	a, b, other := NewRand(7), NewRand(7), NewRand(8)
	same := true
	for i := 0; i < 20; i++ {
		x, y, z := a.Intn(1000), b.Intn(1000), other.Intn(1000)
		if x != y {
			t.Fatalf("same seed diverged at %d: %d vs %d", i, x, y)
		}
		same = same && x == z
	}
	if same {
		t.Fatal("different seeds gave the same sequence")
	}
	if j := a.Jitter(10*time.Second, 0.5); j < 10*time.Second || j >= 15*time.Second {
		t.Fatalf("jitter %s out of [10s,15s)", j)
	}
}

// BenchmarkTimers schedules and fires 1,000 timers at spread-out instants.
func BenchmarkTimers(b *testing.B) {
	for b.Loop() {
		c := NewClock(Epoch)
		for i := range 1000 {
			c.AfterFunc(time.Duration(i%97)*time.Millisecond, "t", func() {})
		}
		c.Advance(time.Second)
	}
}

// Posted calls fire in the same order as scheduled ones (time, phase,
// scheduling order), and the timers of fired posts are reused.
func TestPostOrderAndReuse(t *testing.T) {
	c := NewClock(Epoch)
	var got []string
	rec := func(s string) func() { return func() { got = append(got, s) } }
	c.Post(Epoch.Add(time.Second), 1, "p1", rec("p1"))
	c.Schedule(Epoch.Add(time.Second), 0, "s0", rec("s0"))
	stopped := c.Schedule(Epoch.Add(time.Second), 1, "x", rec("x"))
	c.Post(Epoch.Add(time.Second), 1, "p2", func() {
		got = append(got, "p2")
		// A post made while one fires may get the timer of one that fired.
		c.Post(c.Now(), 1, "p3", rec("p3"))
	})
	stopped.Stop()
	c.Advance(2 * time.Second)
	if want := "s0 p1 p2 p3"; strings.Join(got, " ") != want {
		t.Errorf("order %q, want %q", strings.Join(got, " "), want)
	}
	if stopped.Stop() {
		t.Error("a stopped timer stopped again")
	}
	// Steady state: a post that fires and posts again allocates nothing.
	var again func()
	again = func() { c.Post(c.Now().Add(time.Second), 0, "again", again) }
	c.Post(c.Now(), 0, "again", again)
	c.Step()
	if n := testing.AllocsPerRun(100, func() { c.Step() }); n != 0 {
		t.Errorf("%v allocations per fired post", n)
	}
}

// Reschedule reuses a timer that fired or was stopped, and leaves a
// pending one alone.
func TestReschedule(t *testing.T) {
	c := NewClock(Epoch)
	n := 0
	tick := func() { n++ }
	t1 := c.Schedule(Epoch.Add(time.Second), 0, "t", tick)
	if t2 := c.Reschedule(t1, Epoch.Add(2*time.Second), 0, "t", tick); t2 == t1 {
		t.Fatal("a pending timer was rescheduled in place")
	}
	c.Advance(time.Second)
	if t3 := c.Reschedule(t1, c.Now().Add(time.Second), 0, "t", tick); t3 != t1 || !t1.Pending() {
		t.Fatal("a fired timer was not reused")
	}
	t1.Stop()
	if t4 := c.Reschedule(t1, c.Now().Add(time.Second), 0, "t", tick); t4 != t1 || !t1.Pending() {
		t.Fatal("a stopped timer was not reused")
	}
	c.Advance(5 * time.Second)
	if n != 3 {
		t.Errorf("%d calls, want 3 (the first timer, the second, the reused one)", n)
	}
}

// A stopped timer leaves its heap entry behind until it comes up: Len and
// Next see only the pending timers, and the entry of a timer stopped and
// scheduled again does not fire it a second time.
func TestStoppedEntries(t *testing.T) {
	c := NewClock(Epoch)
	var got []string
	rec := func(s string) func() { return func() { got = append(got, s) } }
	a := c.AfterFunc(time.Second, "a", rec("a"))
	b := c.AfterFunc(2*time.Second, "b", rec("b"))
	c.AfterFunc(3*time.Second, "c", rec("c"))
	a.Stop()
	b.Stop()
	if c.Len() != 1 {
		t.Errorf("Len %d after two stops, want 1", c.Len())
	}
	if at, ok := c.Next(); !ok || !at.Equal(Epoch.Add(3*time.Second)) {
		t.Errorf("Next %v %v, want the third second", at, ok)
	}
	c.Reschedule(b, Epoch.Add(4*time.Second), 0, "b", rec("b"))
	if c.Len() != 2 {
		t.Errorf("Len %d after a reschedule, want 2", c.Len())
	}
	if n := c.Advance(10 * time.Second); n != 2 {
		t.Errorf("%d timers fired, want 2", n)
	}
	if s := strings.Join(got, " "); s != "c b" {
		t.Errorf("fired %q, want \"c b\"", s)
	}
	if c.Len() != 0 || c.Step() {
		t.Error("timers left after the run")
	}
}
