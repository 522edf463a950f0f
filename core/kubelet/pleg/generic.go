// Package pleg models the generic Pod Lifecycle Event Generator
// (pkg/kubelet/pleg/generic.go): every relist period it lists the runtime,
// compares every container and sandbox with the previous listing, turns
// state changes into events, refreshes the pod status cache for the pods
// that changed and then moves the cache's global timestamp forward.
//
// Where upstream walks Go maps (the pods with events), this model walks pod
// UIDs in sorted order.
package pleg

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
)

// EventType is a pod lifecycle event type.
type EventType string

// The event types.
const (
	ContainerStarted EventType = "ContainerStarted"
	ContainerDied    EventType = "ContainerDied"
	ContainerRemoved EventType = "ContainerRemoved"
	PodSync          EventType = "PodSync"
	ContainerChanged EventType = "ContainerChanged"
)

// PodLifecycleEvent is one event: the pod UID and, in Data, the container.
type PodLifecycleEvent struct {
	ID   string    `json:"id"`
	Type EventType `json:"type"`
	Data string    `json:"data,omitempty"`
}

// Runtime is what the PLEG reads.
type Runtime interface {
	GetPods(ctx context.Context) ([]*kubecontainer.Pod, error)
	// GetPod lists one pod (nil when the runtime has none of it).
	GetPod(ctx context.Context, uid string) (*kubecontainer.Pod, error)
	GetPodStatus(ctx context.Context, uid, name, namespace string) (*kubecontainer.PodStatus, error)
}

// Relist timing of the generic PLEG.
const (
	RelistPeriod    = time.Second
	RelistThreshold = 3 * time.Minute
)

type plegState string

const (
	running     plegState = "running"
	exited      plegState = "exited"
	unknown     plegState = "unknown"
	nonExistent plegState = "non-existent"
)

func convertState(s kubecontainer.State) plegState {
	switch s {
	case kubecontainer.StateRunning:
		return running
	case kubecontainer.StateExited:
		return exited
	}
	// The kubelet does not use the created state: it counts as unknown.
	return unknown
}

// record is what the PLEG remembers of one pod: the pod as of the last
// relist that inspected it, and as of this relist.
type record struct {
	uid          string
	old, current *kubecontainer.Pod
	events       []PodLifecycleEvent // this relist's
}

// GenericPLEG is the generic PLEG.
type GenericPLEG struct {
	runtime    Runtime
	cache      *kubecontainer.Cache
	now        func() time.Time
	records    map[string]*record
	reinspect  map[string]*kubecontainer.Pod
	relistTime time.Time
	// sorted holds the records by UID, the order events are generated in.
	sorted []*record
	// listed holds the record of each pod of the previous listing, by
	// position: a runtime lists pods in a stable order, so most pods are
	// found there without a map lookup.
	listed []*record
	// ids is compare's scratch space, reused: a relist compares every pod
	// that changed, and each sync that acted relists its pod.
	ids []string
	// Emit sends an event to the sync loop; false means the channel was full.
	Emit func(PodLifecycleEvent) bool
}

// New returns a generic PLEG.
func New(rt Runtime, cache *kubecontainer.Cache, now func() time.Time) *GenericPLEG {
	return &GenericPLEG{runtime: rt, cache: cache, now: now, records: map[string]*record{}, reinspect: map[string]*kubecontainer.Pod{}}
}

// Healthy reports whether relist ran recently enough.
func (g *GenericPLEG) Healthy() (bool, error) {
	if g.relistTime.IsZero() {
		return false, fmt.Errorf("pleg has yet to be successful")
	}
	if elapsed := g.now().Sub(g.relistTime); elapsed > RelistThreshold {
		return false, fmt.Errorf("pleg was last seen active %v ago; threshold is %v", elapsed, RelistThreshold)
	}
	return true, nil
}

// RelistResult says what one relist did.
type RelistResult struct {
	Events    []PodLifecycleEvent
	Dropped   int
	Inspected []string
	Err       error
}

func state(p *kubecontainer.Pod, id string) plegState {
	if p == nil {
		return nonExistent
	}
	for _, c := range p.Containers {
		if c.ID == id {
			return convertState(c.State)
		}
	}
	for _, c := range p.Sandboxes {
		if c.ID == id {
			return convertState(c.State)
		}
	}
	return nonExistent
}

// ids appends to out the IDs of p's sandboxes and containers that out
// does not hold yet. A pod has a few: a scan of out finds one faster than
// a set would.
func ids(p *kubecontainer.Pod, out []string) []string {
	if p == nil {
		return out
	}
	for _, l := range [2][]*kubecontainer.Container{p.Sandboxes, p.Containers} {
		for _, c := range l {
			if !slices.Contains(out, c.ID) {
				out = append(out, c.ID)
			}
		}
	}
	return out
}

func generate(pod, cid string, old, cur plegState) []PodLifecycleEvent {
	if old == cur {
		return nil
	}
	switch cur {
	case running:
		return []PodLifecycleEvent{{pod, ContainerStarted, cid}}
	case exited:
		return []PodLifecycleEvent{{pod, ContainerDied, cid}}
	case unknown:
		return []PodLifecycleEvent{{pod, ContainerChanged, cid}}
	}
	if old == exited {
		return []PodLifecycleEvent{{pod, ContainerRemoved, cid}}
	}
	return []PodLifecycleEvent{{pod, ContainerDied, cid}, {pod, ContainerRemoved, cid}}
}

// Relist runs one relist.
func (g *GenericPLEG) Relist(ctx context.Context) RelistResult {
	ts := g.now()
	pods, err := g.runtime.GetPods(ctx)
	if err != nil {
		return RelistResult{Err: err}
	}
	g.relistTime = ts
	for _, r := range g.sorted {
		r.current = nil
	}
	added := false
	listed := g.listed
	for i, p := range pods {
		var r *record
		if i < len(listed) && listed[i].uid == p.ID {
			r = listed[i]
		} else if r = g.records[p.ID]; r == nil {
			r = &record{uid: p.ID}
			g.records[p.ID] = r
			added = true
		}
		r.current = p
		if i < len(listed) {
			listed[i] = r
		} else {
			listed = append(listed, r)
		}
	}
	g.listed = listed[:len(pods)]
	if added {
		g.sortRecords()
	}
	var changed []*record
	for _, r := range g.sorted {
		// The runtime manager returns the same *Pod for a pod whose
		// containers did not change: no state can differ.
		if r.current == r.old {
			continue
		}
		if g.compare(r) {
			changed = append(changed, r)
		} else if r.current != nil {
			// Nothing changed (an on-demand relist saw it first): keep
			// the listing's object, so later relists skip the pod again.
			r.old = r.current
		}
	}
	var res RelistResult
	var next map[string]*kubecontainer.Pod
	for _, r := range changed {
		if err := g.updateCache(ctx, r.uid, r.current, r.old, ts); err != nil {
			next = setPod(next, r.uid, r.current)
			continue
		}
		res.Inspected = append(res.Inspected, r.uid)
		delete(g.reinspect, r.uid)
		r.old = r.current
		g.emit(&res, r.events)
	}
	for _, uid := range sortedKeys(g.reinspect) {
		p := g.reinspect[uid]
		if err := g.updateCache(ctx, uid, p, nil, ts); err != nil {
			next = setPod(next, uid, p)
			continue
		}
		res.Inspected = append(res.Inspected, uid)
		e := PodLifecycleEvent{ID: uid, Type: PodSync}
		if g.Emit == nil || g.Emit(e) {
			res.Events = append(res.Events, e)
		}
	}
	g.reinspect = next
	if slices.ContainsFunc(g.sorted, gone) {
		for _, r := range g.sorted {
			if gone(r) {
				delete(g.records, r.uid)
			}
		}
		g.sorted = slices.DeleteFunc(g.sorted, gone)
	}
	g.cache.UpdateTime(ts)
	return res
}

// compare fills r.events with what changed between the pod as last seen
// and as listed now, and reports whether anything did.
func (g *GenericPLEG) compare(r *record) bool {
	g.ids = ids(r.current, ids(r.old, g.ids[:0]))
	r.events = r.events[:0]
	for _, id := range g.ids {
		r.events = append(r.events, generate(r.uid, id, state(r.old, id), state(r.current, id))...)
	}
	return len(r.events) > 0
}

// emit sends events to the sync loop, less ContainerChanged, which nothing
// uses.
func (g *GenericPLEG) emit(res *RelistResult, events []PodLifecycleEvent) {
	for _, e := range events {
		if e.Type == ContainerChanged {
			continue
		}
		if g.Emit != nil && !g.Emit(e) {
			res.Dropped++
			continue
		}
		res.Events = append(res.Events, e)
	}
}

// RelistPod is relistPod, the on-demand relist of one pod
// (PLEGOnDemandRelist, 1.36): the pod's containers are listed and compared
// with what the PLEG last saw of them, as a relist would, and the cache
// entry is marked observed now; the global timestamp does not move.
func (g *GenericPLEG) RelistPod(ctx context.Context, uid string, ts time.Time) RelistResult {
	pod, err := g.runtime.GetPod(ctx, uid)
	if err != nil {
		return RelistResult{Err: err}
	}
	if pod == nil {
		// GetPod fails with ErrPodNotFound; the next relist will see.
		return RelistResult{Err: fmt.Errorf("pod %s not found", uid)}
	}
	r := g.records[uid]
	if r == nil {
		r = &record{uid: uid}
		g.records[uid] = r
		g.insertSorted(r)
	}
	r.current = pod
	var res RelistResult
	_, reinspect := g.reinspect[uid]
	if changed := r.current != r.old && g.compare(r); changed || reinspect {
		if err := g.updateCache(ctx, uid, r.current, r.old, ts); err != nil {
			g.reinspect = setPod(g.reinspect, uid, r.current)
		} else {
			res.Inspected = append(res.Inspected, uid)
			delete(g.reinspect, uid)
			r.old = r.current
			events := r.events
			if !changed {
				events = []PodLifecycleEvent{{ID: uid, Type: PodSync}}
			}
			g.emit(&res, events)
		}
	}
	g.cache.SetObservedTime(uid, ts)
	return res
}

// gone reports a record of a pod that is neither listed nor remembered.
func gone(r *record) bool { return r.current == nil && r.old == nil }

// insertSorted adds a new record to g.sorted at its place: each pod's first
// sync relists it on demand before a periodic relist has seen it, so a
// node's pods arrive here one by one.
func (g *GenericPLEG) insertSorted(r *record) {
	i, _ := slices.BinarySearchFunc(g.sorted, r.uid, func(x *record, uid string) int { return strings.Compare(x.uid, uid) })
	g.sorted = slices.Insert(g.sorted, i, r)
}

func (g *GenericPLEG) sortRecords() {
	g.sorted = g.sorted[:0]
	for _, r := range g.records {
		g.sorted = append(g.sorted, r)
	}
	slices.SortFunc(g.sorted, func(a, b *record) int { return strings.Compare(a.uid, b.uid) })
}

func setPod(m map[string]*kubecontainer.Pod, uid string, p *kubecontainer.Pod) map[string]*kubecontainer.Pod {
	if m == nil {
		m = map[string]*kubecontainer.Pod{}
	}
	m[uid] = p
	return m
}

func sortedKeys(m map[string]*kubecontainer.Pod) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (g *GenericPLEG) updateCache(ctx context.Context, uid string, cur, old *kubecontainer.Pod, ts time.Time) error {
	if cur == nil {
		// The pod disappeared from the runtime.
		g.cache.Delete(uid)
		return nil
	}
	st, err := g.runtime.GetPodStatus(ctx, uid, cur.Name, cur.Namespace)
	if err == nil {
		st.TimeStamp = ts
	}
	g.cache.Set(uid, st, err, ts)
	return err
}
