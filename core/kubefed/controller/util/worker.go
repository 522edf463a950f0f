package util

import (
	"sort"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// QualifiedName is a namespace/name key.
type QualifiedName struct {
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
}

func (q QualifiedName) String() string {
	if q.Namespace == "" {
		return q.Name
	}
	return q.Namespace + "/" + q.Name
}

// ReconciliationStatus is what a reconcile returns (pkg/controller/util).
type ReconciliationStatus int

const (
	StatusAllOK ReconciliationStatus = iota
	StatusNeedsRecheck
	StatusError
	StatusNotSynced
)

func (s ReconciliationStatus) String() string {
	return [...]string{"AllOK", "NeedsRecheck", "Error", "NotSynced"}[s]
}

// Result is a reconcile outcome. A reconcile that waits (for caches, for
// slow member clusters) returns Later: the worker stays busy for After and
// then calls Continue, which returns the final result.
type Result struct {
	Status ReconciliationStatus
	After  time.Duration
	Then   func() Result
}

// Done wraps a final status.
func Done(s ReconciliationStatus) Result { return Result{Status: s} }

// Later makes the worker wait d before continuing with then.
func Later(d time.Duration, then func() Result) Result { return Result{After: d, Then: then} }

// WorkerTiming holds the worker's delays (defaults as upstream's
// NewReconcileWorker sets them).
type WorkerTiming struct {
	RetryDelay       time.Duration // 10s
	ClusterSyncDelay time.Duration // ClusterAvailableDelay, 20s
	InitialBackoff   time.Duration // 5s
	MaxBackoff       time.Duration // 60s
}

type backoffEntry struct {
	backoff    time.Duration
	lastUpdate time.Time
}

type pendingDelivery struct {
	at    time.Time
	timer *sim.Timer
}

// Worker is upstream's asyncWorker with one goroutine: a delaying deliverer
// (per key only the earliest pending delivery is kept), a deduplicating FIFO
// work queue, and a per-key exponential backoff (flowcontrol.Backoff) used for
// errors. It processes one key per clock timer, so events caused by a
// reconcile reach informers before the next key is taken.
type Worker struct {
	Name      string
	clock     *sim.Clock
	reconcile func(QualifiedName) Result
	Timing    WorkerTiming

	pending    map[string]*pendingDelivery
	names      map[string]QualifiedName
	queue      []string
	dirty      map[string]bool
	processing map[string]bool
	busy       bool
	scheduled  bool
	stopped    bool
	current    string
	backoff    map[string]*backoffEntry

	// EveryDelivery makes every delivery a queue item of its own, as before
	// kubefed v0.8.0 (PR #1379), when the queue held the deliverer's items
	// (distinct pointers) instead of keys: a key delivered twice while it
	// waits or is being reconciled is reconciled twice.
	EveryDelivery bool
	// OnIdle hooks run when the queue drains (used to model the race of
	// quirk Q3).
	OnIdle []func()
	// Reconciles counts reconcile calls.
	Reconciles int
	// Trace, when set, is told each result.
	Trace func(key QualifiedName, status ReconciliationStatus)
}

// NewControllerWorker is NewWorker on cfg's clock with the queue semantics
// of cfg's release.
func NewControllerWorker(name string, cfg *ControllerConfig, reconcile func(QualifiedName) Result) *Worker {
	w := NewWorker(name, cfg.Host.Clock(), reconcile)
	w.EveryDelivery = !cfg.Release.Has(release.QueueDedup)
	return w
}

// NewWorker returns a worker with upstream's default timing.
func NewWorker(name string, clock *sim.Clock, reconcile func(QualifiedName) Result) *Worker {
	return &Worker{
		Name: name, clock: clock, reconcile: reconcile,
		Timing:  WorkerTiming{RetryDelay: 10 * time.Second, ClusterSyncDelay: 20 * time.Second, InitialBackoff: 5 * time.Second, MaxBackoff: time.Minute},
		pending: map[string]*pendingDelivery{}, names: map[string]QualifiedName{},
		dirty: map[string]bool{}, processing: map[string]bool{}, backoff: map[string]*backoffEntry{},
	}
}

// Enqueue delivers key now.
func (w *Worker) Enqueue(q QualifiedName) { w.deliver(q, 0, false) }

// EnqueueForError delivers key after the next backoff step.
func (w *Worker) EnqueueForError(q QualifiedName) { w.deliver(q, 0, true) }

// EnqueueForRetry delivers key after RetryDelay (10s).
func (w *Worker) EnqueueForRetry(q QualifiedName) { w.deliver(q, w.Timing.RetryDelay, false) }

// EnqueueForClusterSync delivers key after ClusterSyncDelay.
func (w *Worker) EnqueueForClusterSync(q QualifiedName) {
	w.deliver(q, w.Timing.ClusterSyncDelay, false)
}

// EnqueueWithDelay delivers key after delay.
func (w *Worker) EnqueueWithDelay(q QualifiedName, d time.Duration) { w.deliver(q, d, false) }

func (w *Worker) deliver(q QualifiedName, delay time.Duration, failed bool) {
	if w.stopped {
		return
	}
	k := q.String()
	w.names[k] = q
	now := w.clock.Now()
	if failed {
		e, ok := w.backoff[k]
		if !ok || now.Sub(e.lastUpdate) > 2*w.Timing.MaxBackoff {
			e = &backoffEntry{backoff: w.Timing.InitialBackoff}
			w.backoff[k] = e
		} else {
			e.backoff *= 2
			if e.backoff > w.Timing.MaxBackoff {
				e.backoff = w.Timing.MaxBackoff
			}
		}
		e.lastUpdate = now
		delay += e.backoff
	} else {
		delete(w.backoff, k)
	}
	at := now.Add(delay)
	if p, ok := w.pending[k]; ok {
		if !at.Before(p.at) {
			return
		}
		w.clock.Stop(p.timer)
		delete(w.pending, k)
	}
	if delay <= 0 {
		w.add(k)
		return
	}
	p := &pendingDelivery{at: at}
	p.timer = w.clock.At(at, "deliver "+w.Name+" "+k, func() {
		delete(w.pending, k)
		w.add(k)
	})
	w.pending[k] = p
}

func (w *Worker) add(k string) {
	if w.stopped {
		return
	}
	if w.EveryDelivery {
		w.queue = append(w.queue, k)
		w.kick()
		return
	}
	if w.dirty[k] {
		return
	}
	w.dirty[k] = true
	if w.processing[k] {
		return
	}
	w.queue = append(w.queue, k)
	w.kick()
}

func (w *Worker) kick() {
	if w.busy || w.scheduled || w.stopped || len(w.queue) == 0 {
		return
	}
	w.scheduled = true
	w.clock.AfterFunc(0, "worker "+w.Name, w.process)
}

func (w *Worker) process() {
	w.scheduled = false
	if w.stopped || w.busy || len(w.queue) == 0 {
		return
	}
	k := w.queue[0]
	w.queue = w.queue[1:]
	delete(w.dirty, k)
	w.processing[k] = true
	w.busy = true
	w.current = k
	w.Reconciles++
	w.handle(k, w.reconcile(w.names[k]))
}

func (w *Worker) handle(k string, r Result) {
	if w.stopped {
		return
	}
	if r.Then != nil {
		then := r.Then
		w.clock.AfterFunc(r.After, "worker "+w.Name+" continue "+k, func() {
			if !w.stopped {
				w.handle(k, then())
			}
		})
		return
	}
	q := w.names[k]
	delete(w.processing, k)
	w.busy = false
	w.current = ""
	if w.dirty[k] {
		w.queue = append(w.queue, k)
	}
	if w.Trace != nil {
		w.Trace(q, r.Status)
	}
	switch r.Status {
	case StatusError:
		w.EnqueueForError(q)
	case StatusNeedsRecheck:
		w.EnqueueForRetry(q)
	case StatusNotSynced:
		w.EnqueueForClusterSync(q)
	}
	w.kick()
	if len(w.queue) == 0 && !w.busy {
		hooks := w.OnIdle
		for _, h := range hooks {
			h()
		}
	}
}

// Idle reports whether nothing is queued or being processed.
func (w *Worker) Idle() bool { return len(w.queue) == 0 && !w.busy }

// Stop discards pending deliveries and the queue.
func (w *Worker) Stop() {
	w.stopped = true
	for _, p := range w.pending {
		w.clock.Stop(p.timer)
	}
	w.pending = map[string]*pendingDelivery{}
	w.queue = nil
}

// PendingItem is a key waiting in the deliverer or the queue.
type PendingItem struct {
	Key     string    `json:"key"`
	At      time.Time `json:"at"`
	Backoff string    `json:"backoff,omitempty"`
}

// Pending lists delayed deliveries and queued keys, ordered by time.
func (w *Worker) Pending() []PendingItem {
	var out []PendingItem
	for k, p := range w.pending {
		it := PendingItem{Key: k, At: p.at}
		if e, ok := w.backoff[k]; ok {
			it.Backoff = e.backoff.String()
		}
		out = append(out, it)
	}
	now := w.clock.Now()
	for _, k := range w.queue {
		out = append(out, PendingItem{Key: k, At: now})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].At.Equal(out[j].At) {
			return out[i].At.Before(out[j].At)
		}
		return out[i].Key < out[j].Key
	})
	return out
}

// Current is the key being reconciled (a waiting reconcile), or "".
func (w *Worker) Current() string { return w.current }
