package kubelet

import (
	"slices"
	"strings"
	"time"

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

// snapshot records the pods whose object changed at this instant; the API
// server schedules it, at the end of the instant, on the first change.
func (k *Kubelet) snapshot() {
	a := k.api
	a.snapshotDue = false
	s := SnapshotEntry{Time: k.clock.Now()}
	// The changed pods still in the API, in creation order.
	s.Pods = make([]PodView, 0, len(a.changed))
	live := make([]*apiPod, 0, len(a.changed))
	var gone []*apiPod
	for _, r := range a.changed {
		if r.pod != nil {
			live = append(live, r)
		}
		if r.gone != nil {
			gone = append(gone, r)
		}
	}
	inCreationOrder(live)
	for _, r := range live {
		s.Pods = append(s.Pods, k.view(r.pod))
	}
	// Deleted pods in UID order (several can go in one instant).
	slices.SortFunc(gone, func(x, y *apiPod) int { return strings.Compare(x.uid, y.uid) })
	for _, r := range gone {
		// The view keeps the last object the API held: its status (and
		// kubectl columns) is how the pod ended.
		v := k.view(r.gone)
		v.Deleted = true
		s.Pods = append(s.Pods, v)
	}
	for _, r := range a.changed {
		r.changed, r.gone = false, nil
	}
	clear(a.changed)
	a.changed = a.changed[:0]
	k.tr.snapshots = append(k.tr.snapshots, s)
}

// Trace is what the kubelet recorded between two Marks.
type Trace struct {
	// Events are the events it recorded, as the API would hold them.
	Events []events.Event
	// Loop holds the syncLoopIterations, Workers the steps of the pod
	// workers, Log every other notable step.
	Loop    []LoopEntry
	Workers []WorkerEntry
	Log     []LogEntry
	// Snapshots hold, per instant, the pod objects that changed.
	Snapshots []SnapshotEntry
}

// Marks count the entries of each of the kubelet's records: a place in
// them from which Trace reads on.
type Marks struct {
	Events, Loop, Workers, Log, Snapshots int
}

// Marks returns the current end of each record.
func (k *Kubelet) Marks() Marks {
	return Marks{Events: k.recorder.Len(), Loop: k.tr.loop.Len(), Workers: k.tr.workers.Len(),
		Log: k.tr.log.Len(), Snapshots: len(k.tr.snapshots)}
}

// Trace returns copies of the entries recorded from m on (Trace(Marks{})
// is everything); a record whose mark is at or past its end reads empty.
func (k *Kubelet) Trace(m Marks) Trace {
	t := Trace{Events: k.recorder.Since(m.Events), Loop: k.tr.loop.Since(m.Loop), Workers: k.tr.workers.Since(m.Workers),
		Log: k.tr.log.Since(m.Log)}
	if n := max(m.Snapshots, 0); n < len(k.tr.snapshots) {
		t.Snapshots = k.tr.snapshots[n:len(k.tr.snapshots):len(k.tr.snapshots)]
	}
	return t
}

// View returns a pod as the API shows it, with kubectl's columns.
func (k *Kubelet) View(p *v1.Pod) PodView { return k.view(p) }

// Workers lists the pod workers.
func (k *Kubelet) Workers() []WorkerState { return k.workers.States() }

// NextRestart tells when the crash back-off of a container ends, and its
// current length, from the PLEG cache's view of the pod.
func (k *Kubelet) NextRestart(uid, container string) (time.Time, time.Duration, bool) {
	p := k.managedPod(uid)
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
