// Package flowcontrol models client-go's util/flowcontrol Backoff, the
// per-key exponential back-off the kubelet uses for container restarts
// (CrashLoopBackOff) and image pulls (ImagePullBackOff), on virtual time.
package flowcontrol

import (
	"sort"
	"time"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

type entry struct {
	backoff    time.Duration
	lastUpdate time.Time
}

// Backoff is client-go's flowcontrol.Backoff: each key has a current delay
// that starts at initial, doubles on every Next up to max, and resets when
// the key has been quiet for longer than the expiry window.
type Backoff struct {
	clock   *sim.Clock
	initial time.Duration
	max     time.Duration
	// expiry is how long after the last update an event counts as "stable
	// again": 2×max in client-go, a flat value in newer kubelets.
	expiry time.Duration
	jitter float64
	rand   *sim.Rand
	items  map[string]*entry
	// oldest is at or before every entry's last update (a last update
	// only moves forward, and a new entry's is now): GC has nothing to
	// drop while it is recent, and then skips its pass over every entry.
	oldest time.Time
}

// New returns a back-off on clock with the given initial and maximum delay
// and the classic expiry of 2×max.
func New(clock *sim.Clock, initial, max time.Duration) *Backoff {
	return &Backoff{clock: clock, initial: initial, max: max, expiry: 2 * max, items: map[string]*entry{}}
}

// SetExpiry replaces the 2×max expiry window (HasExpiredFunc).
func (b *Backoff) SetExpiry(d time.Duration) { b.expiry = d }

// SetJitter adds a random extra of up to factor×delay to each step, drawn
// from r (NewBackOffWithJitter).
func (b *Backoff) SetJitter(factor float64, r *sim.Rand) { b.jitter, b.rand = factor, r }

func (b *Backoff) hasExpired(eventTime, lastUpdate time.Time) bool {
	return eventTime.Sub(lastUpdate) > b.expiry
}

func (b *Backoff) jitterOf(d time.Duration) time.Duration {
	if b.jitter <= 0 || b.rand == nil {
		return 0
	}
	return time.Duration(b.rand.Float64() * b.jitter * float64(d))
}

// Get returns the current delay of id (0 if unknown).
func (b *Backoff) Get(id string) time.Duration {
	if e, ok := b.items[id]; ok {
		return e.backoff
	}
	return 0
}

// Next records an event for id at eventTime: a new or expired entry starts
// at the initial delay, an existing one doubles up to the maximum. The
// entry's last update is now.
func (b *Backoff) Next(id string, eventTime time.Time) {
	e, ok := b.items[id]
	if !ok || b.hasExpired(eventTime, e.lastUpdate) {
		e = &entry{backoff: b.initial}
		e.backoff += b.jitterOf(e.backoff)
		b.items[id] = e
	} else {
		d := e.backoff * 2
		d += b.jitterOf(e.backoff)
		e.backoff = min(d, b.max)
	}
	e.lastUpdate = b.clock.Now()
}

// IsInBackOffSince reports whether now is still within the delay of id
// counted from eventTime (the crash back-off check, from finishedAt).
func (b *Backoff) IsInBackOffSince(id string, eventTime time.Time) bool {
	e, ok := b.items[id]
	if !ok || b.hasExpired(eventTime, e.lastUpdate) {
		return false
	}
	return b.clock.Since(eventTime) < e.backoff
}

// IsInBackOffSinceUpdate reports whether eventTime is within the delay of id
// counted from its last update (the image pull check).
func (b *Backoff) IsInBackOffSinceUpdate(id string, eventTime time.Time) bool {
	e, ok := b.items[id]
	if !ok || b.hasExpired(eventTime, e.lastUpdate) {
		return false
	}
	return eventTime.Sub(e.lastUpdate) < e.backoff
}

// Expiry returns when the back-off of id counted from eventTime ends, and
// whether id is known.
func (b *Backoff) Expiry(id string, eventTime time.Time) (time.Time, bool) {
	e, ok := b.items[id]
	if !ok {
		return time.Time{}, false
	}
	return eventTime.Add(e.backoff), true
}

// GC drops entries not updated for longer than twice the maximum, and
// reports how many it dropped.
func (b *Backoff) GC() int {
	now := b.clock.Now()
	if now.Sub(b.oldest) <= 2*b.max {
		return 0
	}
	dropped := 0
	b.oldest = now
	for id, e := range b.items {
		if now.Sub(e.lastUpdate) > 2*b.max {
			delete(b.items, id)
			dropped++
		} else if e.lastUpdate.Before(b.oldest) {
			b.oldest = e.lastUpdate
		}
	}
	return dropped
}

// Keys lists the known keys, sorted.
func (b *Backoff) Keys() []string {
	out := make([]string, 0, len(b.items))
	for k := range b.items {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
