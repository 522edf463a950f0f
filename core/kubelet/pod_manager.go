package kubelet

import (
	"cmp"
	"slices"

	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// podRecord is the pod manager's entry for a pod: the pod object it was
// last given, and the entry's place in the order pods were added.
type podRecord struct {
	pod *v1.Pod
	// seq orders the records by addition: the pod manager lists pods in
	// the order of their seq.
	seq int
	// due marks the pods getPodsToSync has found due, while it runs.
	due bool
}

// hasDeadline reports whether p has an active deadline: only those pods
// can come due without the work queue.
func hasDeadline(p *v1.Pod) bool { return p.Spec.ActiveDeadlineSeconds != nil }

// setPod adds p to the pod manager or replaces the object of its UID.
func (k *Kubelet) setPod(p *v1.Pod) {
	r := k.podManager[p.Metadata.UID]
	if r == nil {
		k.podSeq++
		r = &podRecord{seq: k.podSeq}
		k.podManager[p.Metadata.UID] = r
		k.podOrder = append(k.podOrder, r)
	} else if hasDeadline(r.pod) {
		k.deadlinePods--
	}
	if hasDeadline(p) {
		k.deadlinePods++
	}
	if r.pod != p {
		k.podList = nil
	}
	r.pod = p
}

func (k *Kubelet) removePod(uid string) {
	r := k.podManager[uid]
	if r == nil {
		return
	}
	if hasDeadline(r.pod) {
		k.deadlinePods--
	}
	delete(k.podManager, uid)
	k.podRemovals++
	k.podList = nil
	if i := slices.Index(k.podOrder, r); i >= 0 {
		k.podOrder = slices.Delete(k.podOrder, i, i+1)
	}
}

// managedPod is the pod manager's pod of uid, or nil.
func (k *Kubelet) managedPod(uid string) *v1.Pod {
	if r := k.podManager[uid]; r != nil {
		return r.pod
	}
	return nil
}

// pods returns the pod manager's pods in the order they were added. The
// slice is cached until the pod manager changes: callers only read it.
func (k *Kubelet) pods() []*v1.Pod {
	if k.podList == nil {
		k.podList = make([]*v1.Pod, 0, len(k.podOrder))
		for _, r := range k.podOrder {
			k.podList = append(k.podList, r.pod)
		}
	}
	return k.podList
}

// getPodsToSync returns, in pod-manager order, the pods whose work-queue
// entry is due and those past their active deadline. Without a pod with
// a deadline only the due pods are looked at, not every pod.
func (k *Kubelet) getPodsToSync() []*v1.Pod {
	due := k.workQueue.GetWork(k.clock.Now())
	recs := k.dueBuf[:0]
	for _, uid := range due {
		if r := k.podManager[uid]; r != nil && !r.due {
			r.due = true
			recs = append(recs, r)
		}
	}
	var out []*v1.Pod
	if k.deadlinePods > 0 {
		for _, r := range k.podOrder {
			if r.due || k.pastActiveDeadline(r.pod) {
				out = append(out, r.pod)
			}
		}
	} else if len(recs) > 0 {
		slices.SortFunc(recs, func(a, b *podRecord) int { return cmp.Compare(a.seq, b.seq) })
		out = make([]*v1.Pod, len(recs))
		for i, r := range recs {
			out[i] = r.pod
		}
	}
	for _, r := range recs {
		r.due = false
	}
	clear(recs)
	k.dueBuf = recs[:0]
	return out
}
