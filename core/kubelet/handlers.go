package kubelet

import (
	"sort"
	"time"

	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/kuberuntime"
	"github.com/kubexplorer/kubexplorer/core/kubelet/lifecycle"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	"github.com/kubexplorer/kubexplorer/core/kubelet/status"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// Update types of UpdatePodOptions (kubetypes.SyncPodType).
const (
	syncPodCreate = "create"
	syncPodUpdate = "update"
	syncPodSync   = "sync"
	syncPodKill   = "kill"
)

type killOptions struct {
	gracePeriodOverride *int64
	evict               bool
}

type updateOptions struct {
	pod  *v1.Pod
	typ  string
	kill *killOptions
}

// currentPhase is the phase the status manager holds (else the object's).
func (k *Kubelet) currentStatus(p *v1.Pod) *v1.PodStatus {
	if s, ok := k.status.GetPodStatus(p.Metadata.UID); ok {
		return s
	}
	return &p.Status
}

// notRunning is the 1.18 check that no regular container runs.
func notRunning(s *v1.PodStatus) bool {
	for _, c := range s.ContainerStatuses {
		if c.State.Terminated == nil && c.State.Waiting == nil {
			return false
		}
	}
	return true
}

// podIsTerminated is the 1.18 check used by dispatchWork, admission and
// housekeeping: a terminal phase, or deleted with no container running.
func (k *Kubelet) podIsTerminated(p *v1.Pod) bool {
	s := k.currentStatus(p)
	return v1.IsPodPhaseTerminal(s.Phase) || (p.Metadata.DeletionTimestamp != nil && notRunning(s))
}

// holdsResources reports whether an admitted pod still holds its
// resources: what admission counts against the node.
func (k *Kubelet) holdsResources(p *v1.Pod) bool {
	uid := p.Metadata.UID
	if k.rejected[uid] {
		return false
	}
	if k.workers.legacy {
		return !k.podIsTerminated(p)
	}
	if k.workers.isKnownTerminated(uid) {
		return false
	}
	return !v1.IsPodPhaseTerminal(k.currentStatus(p).Phase) || k.workers.isTerminationRequested(uid)
}

// handlePodAdditions admits new pods, oldest first, and starts their
// workers; rejected pods fail at once and never reach a worker.
//
// Each pod is admitted against the pods that hold resources at that
// moment. Upstream recomputes that set for every pod; here it is computed
// once per batch and grown by each pod handled, which gives the same set
// (handling a pod changes the standing of no other pod, and the clock does
// not move within the batch) without a pass over every pod per pod.
func (k *Kubelet) handlePodAdditions(pods []*v1.Pod) {
	sorted := append([]*v1.Pod(nil), pods...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i].Metadata.CreationTimestamp, sorted[j].Metadata.CreationTimestamp
		return a != nil && b != nil && a.Before(b.Time)
	})
	// The pods holding resources, with their places in the list and what
	// they hold; nil until the first pod that needs admission.
	var active []*v1.Pod
	var at map[string]int
	var used *lifecycle.Usage
	mark := func(p *v1.Pod, holds bool) {
		uid := p.Metadata.UID
		i, in := at[uid]
		switch {
		case holds && !in:
			at[uid] = len(active)
			active = append(active, p)
			used.Add(p)
		case holds && in:
			used.Remove(active[i])
			active[i] = p
			used.Add(p)
		case !holds && in:
			used.Remove(active[i])
			last := active[len(active)-1]
			active[i], at[last.Metadata.UID] = last, i
			active = active[:len(active)-1]
			delete(at, uid)
		}
	}
	for _, p := range sorted {
		k.setPod(p)
		uid := p.Metadata.UID
		terminal := v1.IsPodPhaseTerminal(p.Status.Phase)
		if k.workers.legacy {
			terminal = k.podIsTerminated(p)
		}
		if !k.workers.isTerminationRequested(uid) && !terminal {
			if at == nil {
				at, used = map[string]int{}, lifecycle.NewUsage()
				for _, q := range k.pods() {
					mark(q, k.holdsResources(q))
				}
			}
			// Admission counts the other pods only.
			self, in := at[uid]
			if in {
				used.Remove(active[self])
			}
			res := lifecycle.Admit(k.rel, k.node, p, used)
			if in {
				used.Add(active[self])
			}
			if !res.Admit {
				k.rejectPod(p, res.Reason, res.Message)
				mark(p, false)
				continue
			}
		}
		k.dispatch(p, syncPodCreate, nil)
		if k.workers.legacy {
			k.probes.AddPod(p)
		}
		if at != nil {
			mark(p, k.holdsResources(p))
		}
	}
}

// rejectPod fails a pod admission refused: a Warning event with the reason
// and message, and a Failed status whose message quotes the admission's.
func (k *Kubelet) rejectPod(p *v1.Pod, reason, message string) {
	k.rejected[p.Metadata.UID] = true
	k.recorder.Event(kuberuntime.PodRef(p), events.Warning, reason, message)
	s := &v1.PodStatus{Phase: v1.PodFailed, Reason: reason, Message: "Pod " + message}
	if k.rel.Has(release.RejectedPrefix) {
		s.Message = "Pod was rejected: " + message
	}
	if k.rel.Has(release.RejectedQOSClass) {
		s.QOSClass = v1.QOSClass(p)
	}
	k.status.SetFreshPodStatus(p, s)
	k.trace("admission", "rejected "+p.FullName()+": "+reason)
}

// dispatch hands a pod to its worker; 1.18's dispatchWork finalises the
// status of a deleted pod whose containers stopped and skips terminated
// pods.
func (k *Kubelet) dispatch(p *v1.Pod, typ string, kill *killOptions) {
	if k.workers.legacy && typ != syncPodKill {
		s := k.currentStatus(p)
		if p.Metadata.DeletionTimestamp != nil && notRunning(s) {
			k.status.TerminatePod(p)
			return
		}
		if v1.IsPodPhaseTerminal(s.Phase) {
			return
		}
	}
	k.workers.UpdatePod(updateOptions{pod: p, typ: typ, kill: kill})
}

// handlePodUpdates handles UPDATE and DELETE.
func (k *Kubelet) handlePodUpdates(pods []*v1.Pod) {
	for _, p := range pods {
		k.setPod(p)
		k.dispatch(p, syncPodUpdate, nil)
	}
}

// handlePodRemoves handles REMOVE: the pod left the source.
func (k *Kubelet) handlePodRemoves(pods []*v1.Pod) {
	for _, p := range pods {
		k.removePod(p.Metadata.UID)
		if !k.storage.SourcesReady("api") {
			k.trace("loop", "skipping delete because sources aren't ready yet")
			continue
		}
		k.workers.deletePod(p)
	}
}

// handlePodReconcile handles RECONCILE: only the status changed.
func (k *Kubelet) handlePodReconcile(pods []*v1.Pod) {
	for _, p := range pods {
		k.setPod(p)
		if k.needToReconcilePodReadiness(p) {
			k.dispatch(p, syncPodSync, nil)
		}
	}
}

func (k *Kubelet) needToReconcilePodReadiness(p *v1.Pod) bool {
	if len(p.Spec.ReadinessGates) == 0 {
		return false
	}
	all := append(append([]v1.ContainerStatus(nil), p.Status.InitContainerStatuses...), p.Status.ContainerStatuses...)
	want := status.GeneratePodReadyCondition(k.rel, &p.Spec, p.Status.Conditions, all, p.Status.Phase)
	i, cur := v1.GetPodCondition(p.Status.Conditions, v1.PodReady)
	return i >= 0 && (cur.Status != want.Status || cur.Message != want.Message)
}

// handlePodSyncs syncs pods (PLEG, ticks, probes).
func (k *Kubelet) handlePodSyncs(pods []*v1.Pod) {
	for _, p := range pods {
		k.dispatch(p, syncPodSync, nil)
	}
}

func (k *Kubelet) enqueue(uid string, d time.Duration) {
	k.workQueue.Enqueue(uid, k.clock.Now().Add(d))
}

// cleanUpContainersInPod asks the container deletor to remove older dead
// instances after a ContainerDied event.
func (k *Kubelet) cleanUpContainersInPod(uid, containerID string) {
	st, err := k.cache.Get(uid)
	if err != nil {
		return
	}
	keep, id := 1, containerID
	removeAll := k.workers.shouldPodContentBeRemoved(uid)
	if p := k.managedPod(uid); k.workers.legacy && p != nil {
		// 1.18: a deleted pod whose containers stopped loses them all.
		removeAll = p.Metadata.DeletionTimestamp != nil && !anyRegularRunning(p, st)
	}
	if removeAll {
		keep, id = 0, ""
	}
	k.runtime.DeleteContainersInPod(k.ctx("containerDeletor"), id, st, keep)
}

// anyRegularRunning: the newest instance of a regular container runs.
func anyRegularRunning(p *v1.Pod, st *kubecontainer.PodStatus) bool {
	for _, c := range p.Spec.Containers {
		if s := st.FindContainerStatusByName(c.Name); s != nil && s.State == kubecontainer.StateRunning {
			return true
		}
	}
	return false
}

// pastActiveDeadline is the active deadline handler's ShouldSync.
func (k *Kubelet) pastActiveDeadline(p *v1.Pod) bool {
	if p.Spec.ActiveDeadlineSeconds == nil || p.Status.StartTime == nil {
		return false
	}
	return k.clock.Now().Sub(p.Status.StartTime.Time) >= time.Duration(*p.Spec.ActiveDeadlineSeconds)*time.Second
}
