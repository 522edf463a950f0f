// Package config models pkg/kubelet/config: pod sources deliver snapshots
// (SET) or incremental changes, and the pod storage merges them into the
// incremental PodUpdates the sync loop consumes — REMOVE, ADD, UPDATE,
// DELETE, an empty ADD the first time a source is seen (which marks it
// ready), then RECONCILE — classifying each changed pod the way
// checkAndUpdatePod does.
package config

import (
	"encoding/json"
	"reflect"
	"time"

	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// Op is a PodUpdate operation.
type Op string

// The operations.
const (
	SET       Op = "SET"
	ADD       Op = "ADD"
	DELETE    Op = "DELETE"
	REMOVE    Op = "REMOVE"
	UPDATE    Op = "UPDATE"
	RECONCILE Op = "RECONCILE"
)

// Sources.
const (
	FileSource      = "file"
	HTTPSource      = "http"
	ApiserverSource = "api"
)

// Annotations the kubelet stamps on its copy of a pod.
const (
	ConfigSourceAnnotationKey    = "kubernetes.io/config.source"
	ConfigFirstSeenAnnotationKey = "kubernetes.io/config.seen"
)

// PodUpdate is kubetypes.PodUpdate.
type PodUpdate struct {
	Pods   []*v1.Pod
	Op     Op
	Source string
	// removed lists the UIDs gone from a partial snapshot.
	removed []string
	// statusOnly says, for each pod of a partial snapshot, whether only
	// its status changed since the source's previous snapshot.
	statusOnly []bool
}

// setPartial is a SET that carries only the pods that changed since the
// previous snapshot; it yields the same updates as the full snapshot.
const setPartial Op = "SET(partial)"

// SetChanged merges a snapshot given as its difference to the previous
// one: the changed (or new) pods and the UIDs that disappeared. The result
// is what Merge of the full SET would return; the api source of this model
// uses it so that a status write does not diff every pod. Like every
// Merge, it reads the given pods and keeps copies, never the pods.
//
// statusOnly, nil or as long as changed, tells which pods changed nothing
// but their status since the source's previous snapshot: the stored copy
// of such a pod, made from that snapshot, can then differ from it only in
// the status, and the comparison of everything else (the whole spec, for
// every status write) is skipped. The outcome is the same.
func (s *Storage) SetChanged(source string, changed []*v1.Pod, statusOnly []bool, removed []string) []PodUpdate {
	return s.Merge(source, PodUpdate{Pods: changed, Op: setPartial, Source: source, removed: removed, statusOnly: statusOnly})
}

// Storage is podStorage: the merged view of every source.
type Storage struct {
	now     func() time.Time
	pods    map[string]map[string]*v1.Pod
	order   map[string][]string
	sources map[string]bool
}

// NewStorage returns an empty storage.
func NewStorage(now func() time.Time) *Storage {
	return &Storage{now: now, pods: map[string]map[string]*v1.Pod{}, order: map[string][]string{}, sources: map[string]bool{}}
}

// SourcesReady reports whether every source in want has been seen.
func (s *Storage) SourcesReady(want ...string) bool {
	for _, w := range want {
		if !s.sources[w] {
			return false
		}
	}
	return true
}

func kubeletAnnotation(k string) bool {
	return k == ConfigSourceAnnotationKey || k == ConfigFirstSeenAnnotationKey
}

func userAnnotations(p *v1.Pod) map[string]string {
	out := map[string]string{}
	for k, v := range p.Metadata.Annotations {
		if !kubeletAnnotation(k) {
			out[k] = v
		}
	}
	return out
}

// sameUserAnnotations reports whether a and b have the same annotations
// besides the kubelet's own (compared in place: every status update of
// every pod comes through here).
func sameUserAnnotations(a, b *v1.Pod) bool {
	n := 0
	for k, v := range a.Metadata.Annotations {
		if kubeletAnnotation(k) {
			continue
		}
		n++
		if w, ok := b.Metadata.Annotations[k]; !ok || w != v {
			return false
		}
	}
	for k := range b.Metadata.Annotations {
		if !kubeletAnnotation(k) {
			n--
		}
	}
	return n == 0
}

// sameSpec compares specs as their JSON would; equal values are the
// common case and need no serialisation.
func sameSpec(a, b *v1.Pod) bool {
	// Pointers: a PodSpec passed as an interface would be copied each time.
	if reflect.DeepEqual(&a.Spec, &b.Spec) {
		return true
	}
	ja, _ := json.Marshal(a.Spec)
	jb, _ := json.Marshal(b.Spec)
	return string(ja) == string(jb)
}

// podsDifferSemantically compares what the kubelet acts on.
func podsDifferSemantically(a, b *v1.Pod) bool {
	if !sameSpec(a, b) || !reflect.DeepEqual(a.Metadata.Labels, b.Metadata.Labels) {
		return true
	}
	if !reflect.DeepEqual(a.Metadata.DeletionTimestamp, b.Metadata.DeletionTimestamp) ||
		!reflect.DeepEqual(a.Metadata.DeletionGracePeriodSeconds, b.Metadata.DeletionGracePeriodSeconds) {
		return true
	}
	return !sameUserAnnotations(a, b)
}

// checkAndUpdatePod copies ref into existing and classifies the change.
func checkAndUpdatePod(existing, ref *v1.Pod) (update, reconcile, gracefulDelete bool) {
	if !podsDifferSemantically(existing, ref) {
		return false, reconcileStatus(existing, ref), false
	}
	seen := existing.Metadata.Annotations[ConfigFirstSeenAnnotationKey]
	src := existing.Metadata.Annotations[ConfigSourceAnnotationKey]
	cp := ref.DeepCopy()
	existing.Spec = cp.Spec
	existing.Metadata.Labels = cp.Metadata.Labels
	existing.Metadata.DeletionTimestamp = cp.Metadata.DeletionTimestamp
	existing.Metadata.DeletionGracePeriodSeconds = cp.Metadata.DeletionGracePeriodSeconds
	existing.Status = cp.Status
	existing.Metadata.Annotations = userAnnotations(cp)
	existing.Metadata.Annotations[ConfigFirstSeenAnnotationKey] = seen
	existing.Metadata.Annotations[ConfigSourceAnnotationKey] = src
	if ref.Metadata.DeletionTimestamp != nil {
		gracefulDelete = true
	} else {
		update = true
	}
	return
}

// reconcileStatus takes ref's status into existing, a pod that does not
// differ from ref semantically, and reports whether it was different.
func reconcileStatus(existing, ref *v1.Pod) bool {
	if v1.EqualPodStatus(&existing.Status, &ref.Status) {
		return false
	}
	// Shared, not copied: a status, once written, is never changed in
	// place (the status manager's statuses are copy-on-write, and the API
	// server replaces a pod's status whole).
	existing.Status = ref.Status
	return true
}

// Merge applies an update from source and returns the incremental updates
// to deliver, in upstream's order.
func (s *Storage) Merge(source string, u PodUpdate) []PodUpdate {
	pods := s.pods[source]
	if pods == nil {
		pods = map[string]*v1.Pod{}
		s.pods[source] = pods
	}
	firstSet := !s.sources[source]
	var adds, updates, deletes, removes, reconciles []*v1.Pod
	upsert := func(in []*v1.Pod, statusOnly []bool) {
		for i, ref := range in {
			uid := ref.Metadata.UID
			if existing, ok := pods[uid]; ok {
				var up, rec, del bool
				if statusOnly != nil && statusOnly[i] {
					rec = reconcileStatus(existing, ref)
				} else {
					up, rec, del = checkAndUpdatePod(existing, ref)
				}
				switch {
				case up:
					updates = append(updates, existing)
				case del:
					deletes = append(deletes, existing)
				case rec:
					reconciles = append(reconciles, existing)
				}
				continue
			}
			cp := ref.DeepCopy()
			if cp.Metadata.Annotations == nil {
				cp.Metadata.Annotations = map[string]string{}
			}
			cp.Metadata.Annotations[ConfigFirstSeenAnnotationKey] = s.now().UTC().Format(time.RFC3339Nano)
			cp.Metadata.Annotations[ConfigSourceAnnotationKey] = source
			pods[uid] = cp
			s.order[source] = append(s.order[source], uid)
			adds = append(adds, cp)
		}
	}
	remove := func(uid string) {
		if p, ok := pods[uid]; ok {
			removes = append(removes, p)
			delete(pods, uid)
			o := s.order[source]
			for i, x := range o {
				if x == uid {
					s.order[source] = append(o[:i:i], o[i+1:]...)
					break
				}
			}
		}
	}
	switch u.Op {
	case setPartial:
		s.sources[source] = true
		for _, uid := range u.removed {
			remove(uid)
		}
		upsert(u.Pods, u.statusOnly)
	case ADD, UPDATE, DELETE:
		upsert(u.Pods, nil)
	case RECONCILE:
		upsert(u.Pods, nil)
	case REMOVE:
		for _, p := range u.Pods {
			remove(p.Metadata.UID)
		}
	case SET:
		s.sources[source] = true
		keep := map[string]bool{}
		for _, p := range u.Pods {
			keep[p.Metadata.UID] = true
		}
		for _, uid := range append([]string(nil), s.order[source]...) {
			if !keep[uid] {
				remove(uid)
			}
		}
		upsert(u.Pods, nil)
	}
	s.sources[source] = true
	var out []PodUpdate
	emit := func(op Op, l []*v1.Pod) {
		if len(l) > 0 {
			out = append(out, PodUpdate{Pods: l, Op: op, Source: source})
		}
	}
	emit(REMOVE, removes)
	emit(ADD, adds)
	emit(UPDATE, updates)
	emit(DELETE, deletes)
	if firstSet && len(adds) == 0 && len(updates) == 0 && len(deletes) == 0 {
		out = append(out, PodUpdate{Op: ADD, Source: source})
	}
	emit(RECONCILE, reconciles)
	return out
}
