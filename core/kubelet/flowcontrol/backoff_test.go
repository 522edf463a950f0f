package flowcontrol

import (
	"slices"
	"testing"
	"time"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

// TestBackoffDoublesToMax: the crash-loop sequence 10s, 20s, 40s … 300s.
func TestBackoffDoublesToMax(t *testing.T) {
	c := sim.NewClock(sim.Epoch)
	b := New(c, 10*time.Second, 300*time.Second)
	if got := b.Get("k"); got != 0 {
		t.Fatalf("unknown key: %v", got)
	}
	var got []time.Duration
	for i := 0; i < 7; i++ {
		b.Next("k", c.Now())
		got = append(got, b.Get("k"))
		c.Advance(time.Second)
	}
	want := []time.Duration{10 * time.Second, 20 * time.Second, 40 * time.Second, 80 * time.Second, 160 * time.Second, 300 * time.Second, 300 * time.Second}
	if !slices.Equal(got, want) {
		t.Errorf("delays %v, want %v", got, want)
	}
}

// TestBackoffExpires: an event more than the expiry after the last update
// starts again at the initial delay, and is not in back-off.
func TestBackoffExpires(t *testing.T) {
	for _, tt := range []struct {
		name   string
		expiry time.Duration // 0: the classic 2×max
		quiet  time.Duration
		want   time.Duration
	}{
		{"classic, within 2×max", 0, 600 * time.Second, 20 * time.Second},
		{"classic, past 2×max", 0, 601 * time.Second, 10 * time.Second},
		{"flat expiry, within", 5 * time.Minute, 5 * time.Minute, 20 * time.Second},
		{"flat expiry, past", 5 * time.Minute, 5*time.Minute + time.Second, 10 * time.Second},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := sim.NewClock(sim.Epoch)
			b := New(c, 10*time.Second, 300*time.Second)
			if tt.expiry > 0 {
				b.SetExpiry(tt.expiry)
			}
			b.Next("k", c.Now())
			c.Advance(tt.quiet)
			expired := tt.want == 10*time.Second
			if in := b.IsInBackOffSinceUpdate("k", c.Now()); in {
				t.Errorf("IsInBackOffSinceUpdate after %v: true", tt.quiet)
			}
			// An event now is in back-off unless the entry has expired.
			if got := b.IsInBackOffSince("k", c.Now()); got == expired {
				t.Errorf("IsInBackOffSince(now) = %v with expired = %v", got, expired)
			}
			b.Next("k", c.Now())
			if got := b.Get("k"); got != tt.want {
				t.Errorf("delay %v, want %v", got, tt.want)
			}
		})
	}
}

func TestIsInBackOff(t *testing.T) {
	c := sim.NewClock(sim.Epoch)
	b := New(c, 10*time.Second, 300*time.Second)
	if b.IsInBackOffSince("k", c.Now()) || b.IsInBackOffSinceUpdate("k", c.Now()) {
		t.Fatal("an unknown key is in back-off")
	}
	finished := c.Now()
	c.Advance(2 * time.Second)
	b.Next("k", c.Now()) // last update at 2s, delay 10s
	c.Advance(9 * time.Second)
	// Since finishedAt (0s): 11s ≥ 10s; since the update (2s): 9s < 10s.
	if b.IsInBackOffSince("k", finished) {
		t.Error("IsInBackOffSince counts from the event time: 11s is past 10s")
	}
	if !b.IsInBackOffSinceUpdate("k", c.Now()) {
		t.Error("IsInBackOffSinceUpdate counts from the last update: 9s is within 10s")
	}
	if !b.IsInBackOffSince("k", c.Now().Add(-5*time.Second)) {
		t.Error("5s after the event is within 10s")
	}
	if at, ok := b.Expiry("k", finished); !ok || at != finished.Add(10*time.Second) {
		t.Errorf("Expiry %v %v", at, ok)
	}
	if _, ok := b.Expiry("other", finished); ok {
		t.Error("Expiry of an unknown key")
	}
}

func TestGCAndKeys(t *testing.T) {
	c := sim.NewClock(sim.Epoch)
	b := New(c, time.Second, 10*time.Second)
	b.Next("b", c.Now())
	c.Advance(8 * time.Second)
	b.Next("a", c.Now())
	if got := b.Keys(); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("Keys %v", got)
	}
	c.Advance(13 * time.Second) // b quiet 21s > 2×max; a 13s, past max but within 2×max
	b.GC()
	if got := b.Keys(); !slices.Equal(got, []string{"a"}) {
		t.Errorf("after GC %v, want [a]", got)
	}
}

func TestJitterIsSeededAndBounded(t *testing.T) {
	run := func() []time.Duration {
		c := sim.NewClock(sim.Epoch)
		b := New(c, 10*time.Second, 300*time.Second)
		b.SetJitter(0.5, sim.NewRand(7))
		var out []time.Duration
		for i := 0; i < 4; i++ {
			b.Next("k", c.Now())
			out = append(out, b.Get("k"))
		}
		return out
	}
	a, bb := run(), run()
	if !slices.Equal(a, bb) {
		t.Errorf("same seed, different delays: %v %v", a, bb)
	}
	if a[0] < 10*time.Second || a[0] > 15*time.Second || a[0] == 10*time.Second {
		t.Errorf("first delay %v, want in (10s, 15s]", a[0])
	}
	for i := 1; i < len(a); i++ {
		lo := 2 * a[i-1]
		if a[i] <= lo || a[i] > lo+a[i-1]/2 {
			t.Errorf("delay %d: %v, want in (%v, %v]", i, a[i], lo, lo+a[i-1]/2)
		}
	}
}

// GC drops each entry once it has been quiet for more than twice the
// maximum, however often it runs before: a pass that drops nothing must
// not hide an entry from a later one, nor drop an entry updated since.
func TestGCOverTime(t *testing.T) {
	c := sim.NewClock(sim.Epoch)
	b := New(c, time.Second, 10*time.Second) // entries go after 20s quiet
	type step struct {
		at      int      // seconds
		next    []string // keys updated at that time
		dropped int
		keys    []string
	}
	for i, s := range []step{
		{at: 0, next: []string{"a"}, keys: []string{"a"}},
		{at: 5, next: []string{"b"}, keys: []string{"a", "b"}},
		{at: 15, next: []string{"a"}, keys: []string{"a", "b"}},
		{at: 20, keys: []string{"a", "b"}},
		{at: 25, keys: []string{"a", "b"}},
		{at: 26, dropped: 1, keys: []string{"a"}},
		{at: 30, next: []string{"c"}, keys: []string{"a", "c"}},
		{at: 36, dropped: 1, keys: []string{"c"}},
		{at: 50, keys: []string{"c"}},
		{at: 51, dropped: 1},
		{at: 60, next: []string{"d"}, keys: []string{"d"}},
		{at: 81, dropped: 1},
	} {
		c.RunUntil(sim.Epoch.Add(time.Duration(s.at)*time.Second), 0)
		for _, k := range s.next {
			b.Next(k, c.Now())
		}
		if got := b.GC(); got != s.dropped {
			t.Errorf("step %d (t=%ds): GC dropped %d, want %d", i, s.at, got, s.dropped)
		}
		if got := b.Keys(); !slices.Equal(got, s.keys) && len(got)+len(s.keys) > 0 {
			t.Errorf("step %d (t=%ds): keys %v, want %v", i, s.at, got, s.keys)
		}
	}
}
