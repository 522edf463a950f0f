package kubelet

import (
	"sort"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri/fake"
	"github.com/kubexplorer/kubexplorer/core/internal/journal"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/printers"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// LoopEntry is one syncLoopIteration: which case fired, by which rule,
// what was ready, and which pods it dispatched.
type LoopEntry struct {
	Time   time.Time `json:"time"`
	Case   string    `json:"case"`
	Rule   string    `json:"rule,omitempty"`
	Ready  []string  `json:"ready,omitempty"`
	Op     string    `json:"op,omitempty"`
	Detail string    `json:"detail,omitempty"`
	Pods   []string  `json:"pods"`
}

// WorkerEntry is one step of a pod worker.
type WorkerEntry struct {
	Time time.Time `json:"time"`
	Pod  string    `json:"pod"`
	// Work is SyncPod, TerminatingPod or TerminatedPod (or kill in 1.18).
	Work string `json:"work"`
	// Step is start, done, wait (for a newer PLEG cache entry) or queued.
	Step    string `json:"step"`
	Update  string `json:"update,omitempty"`
	Detail  string `json:"detail,omitempty"`
	Error   string `json:"error,omitempty"`
	Requeue string `json:"requeue,omitempty"`
}

// LogEntry is any other notable step (API, status manager, prober,
// housekeeping, PLEG, runtime state).
type LogEntry struct {
	Time   time.Time `json:"time"`
	Source string    `json:"source"`
	Text   string    `json:"text"`
}

// PodView is a pod as the API shows it, with kubectl's columns.
type PodView struct {
	Metadata v1.ObjectMeta    `json:"metadata"`
	Status   v1.PodStatus     `json:"status"`
	Kubectl  printers.Columns `json:"kubectl"`
	Deleted  bool             `json:"deleted,omitempty"`
}

// SnapshotEntry lists the pods whose API object changed at an instant.
type SnapshotEntry struct {
	Time time.Time `json:"time"`
	Pods []PodView `json:"pods"`
}

type transcript struct {
	start     time.Time
	loop      journal.Journal[LoopEntry]
	workers   journal.Journal[WorkerEntry]
	log       journal.Journal[LogEntry]
	snapshots []SnapshotEntry
}

func (k *Kubelet) loopTrace(e LoopEntry) {
	e.Time = k.clock.Now()
	k.tr.loop.Append(e)
}

func (k *Kubelet) workerTrace(e WorkerEntry) {
	e.Time = k.clock.Now()
	k.tr.workers.Append(e)
}

func (k *Kubelet) trace(source, text string) {
	k.tr.log.Append(LogEntry{Time: k.clock.Now(), Source: source, Text: text})
}

// view is the pod as the API shows it now. It shares the object's status:
// a status, once written, is never changed in place (the API server
// replaces a pod's status whole).
func (k *Kubelet) view(p *v1.Pod) PodView {
	return PodView{Metadata: p.Metadata, Status: p.Status, Kubectl: printers.PrintPod(k.rel, p, k.clock.Now())}
}

// afterInstant records a snapshot of the pods whose object changed.
func (k *Kubelet) afterInstant() {
	a := k.api
	if len(a.changed) == 0 {
		return
	}
	s := SnapshotEntry{Time: k.clock.Now()}
	// The changed pods still in the API, in creation order.
	uids := inCreationOrder(a, a.changed)
	s.Pods = make([]PodView, 0, len(a.changed))
	for _, uid := range uids {
		s.Pods = append(s.Pods, k.view(a.pods[uid]))
	}
	// Deleted pods in UID order (several can go in one instant; a map
	// walk would make the transcript depend on Go's map order).
	var gone []string
	for uid := range a.changed {
		if a.gone[uid] != nil {
			gone = append(gone, uid)
		}
	}
	sort.Strings(gone)
	for _, uid := range gone {
		// The view keeps the last object the API held: its status (and
		// kubectl columns) is how the pod ended.
		v := k.view(a.gone[uid])
		v.Deleted = true
		s.Pods = append(s.Pods, v)
	}
	a.changed = map[string]bool{}
	a.gone = map[string]*v1.Pod{}
	k.tr.snapshots = append(k.tr.snapshots, s)
}

// Start returns when the kubelet started.
func (k *Kubelet) StartTime() time.Time { return k.tr.start }

// Events returns every event recorded so far.
func (k *Kubelet) Events() []events.Event { return k.recorder.Events() }

// EventsSince returns the events from index i on, and how many there are.
func (k *Kubelet) EventsSince(i int) ([]events.Event, int) {
	return k.recorder.Since(i), k.recorder.Len()
}

// Loop returns the sync loop trace.
func (k *Kubelet) Loop() []LoopEntry { return k.tr.loop.All() }

// LoopSince returns the sync loop trace from index i on, and how long the
// trace is.
func (k *Kubelet) LoopSince(i int) ([]LoopEntry, int) { return k.tr.loop.Since(i), k.tr.loop.Len() }

// WorkerTrace returns the pod worker trace.
func (k *Kubelet) WorkerTrace() []WorkerEntry { return k.tr.workers.All() }

// Log returns the other trace lines.
func (k *Kubelet) Log() []LogEntry { return k.tr.log.All() }

// Snapshots returns the per-instant changes of pod objects.
func (k *Kubelet) Snapshots() []SnapshotEntry { return k.tr.snapshots }

// CRICalls returns the runtime's call log.
func (k *Kubelet) CRICalls() []fake.Call { return k.rt.Calls() }

// View returns a pod as the API shows it, with kubectl's columns.
func (k *Kubelet) View(p *v1.Pod) PodView { return k.view(p) }

// Workers lists the pod workers.
func (k *Kubelet) Workers() []WorkerState { return k.workers.States() }

// NextRestart tells when the crash back-off of a container ends, and its
// current length, from the PLEG cache's view of the pod.
func (k *Kubelet) NextRestart(uid, container string) (time.Time, time.Duration, bool) {
	p := k.podManager[uid]
	if p == nil {
		return time.Time{}, 0, false
	}
	st, err := k.cache.Get(uid)
	if err != nil || st == nil {
		return time.Time{}, 0, false
	}
	for i := range p.Spec.InitContainers {
		if p.Spec.InitContainers[i].Name == container {
			return k.runtime.NextRestart(p, &p.Spec.InitContainers[i], st)
		}
	}
	for i := range p.Spec.Containers {
		if p.Spec.Containers[i].Name == container {
			return k.runtime.NextRestart(p, &p.Spec.Containers[i], st)
		}
	}
	return time.Time{}, 0, false
}
