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
