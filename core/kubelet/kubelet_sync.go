package kubelet

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/kuberuntime"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// syncPod is Kubelet.SyncPod, the per-pod transaction: the status written
// is computed from the runtime state seen before any action of this sync;
// then the runtime manager acts. In 1.18 the same function also kills pods
// that are deleted or Failed.
//
// Upstream's newest pod workers give each sync a context they cancel when
// the pod starts terminating. The runtime never sees that: upstream hands
// its SyncPod a context that cannot be cancelled (context.TODO, later
// context.WithoutCancel, issue #113606), so an image pull or a hook in
// flight runs to its end and the containers it leads to are created and
// started before the terminating sync kills them (issue #125050). So the
// model gives the runtime the plain "SyncPod" context, and the workers
// keep only whether a sync is in flight (podSyncStatus.syncing).
//
// done ends the sync; runtimeDone, which the worker makes with
// runtimeSynced, receives the runtime manager's result, in result.
func (k *Kubelet) syncPod(w waiter, o updateOptions, ps *kubecontainer.PodStatus, result *kubecontainer.PodSyncResult, done func(isTerminal bool, err error), runtimeDone func(*kubecontainer.PodSyncResult)) {
	pod := o.pod
	s := k.generateAPIPodStatus(pod, ps, false)
	// From 1.24 SyncPod reports a terminal phase and the worker terminates
	// the pod; 1.22 and 1.23 wait until the API object shows that phase.
	if !k.workers.legacy && k.rel.Has(release.SyncPodReportsTerminal) && v1.IsPodPhaseTerminal(s.Phase) {
		k.status.SetFreshPodStatus(pod, s)
		done(true, nil)
		return
	}
	k.status.SetFreshPodStatus(pod, s)
	if k.workers.legacy && (pod.Metadata.DeletionTimestamp != nil || s.Phase == v1.PodFailed) {
		// 1.18: a pod that should not be running is killed by syncPod; the
		// status of its stopped containers comes with the next sync.
		k.runtime.KillPod(k.ctx("syncPod"), waiter{k: k}, pod, ps, nil, func(r *kubecontainer.PodSyncResult) {
			err := r.Error()
			if err != nil {
				k.recorder.Eventf(kuberuntime.PodRef(pod), events.Warning, events.FailedToKillPod, "error killing pod: %v", err)
			}
			if ws := k.workers.get(pod.Metadata.UID); ws != nil {
				ws.killReturned = true
			}
			done(false, err)
		})
		return
	}
	if k.workers.legacy && !k.podIsTerminated(pod) {
		// The pod's cgroup (pcm.EnsureExists).
		k.cgroups[pod.Metadata.UID] = true
	}
	if err := k.networkErrors(); err != nil && !pod.Spec.HostNetwork {
		k.recorder.Eventf(kuberuntime.PodRef(pod), events.Warning, events.NetworkNotReady, "%s: %v", networkNotReadyErrMsg, err)
		done(false, fmt.Errorf("%s: %v", networkNotReadyErrMsg, err))
		return
	}
	if !k.workers.legacy {
		k.probes.AddPod(pod)
	}
	// The runtime resets every container while the status just computed
	// says AllContainersRestarting.
	restartAll := false
	if _, c := v1.GetPodCondition(s.Conditions, v1.AllContainersRestarting); k.feat.restartAll && c != nil {
		restartAll = c.Status == v1.ConditionTrue
	}
	k.runtime.SyncPod(k.ctx("SyncPod"), w, pod, ps, restartAll, result, runtimeDone)
}

// runtimeSynced is the end of syncPod once the runtime manager's SyncPod
// has acted on pod.
func (k *Kubelet) runtimeSynced(pod *v1.Pod, r *kubecontainer.PodSyncResult, done func(isTerminal bool, err error)) {
	k.reasonCache.update(pod.Metadata.UID, r)
	// Upstream means to hide errors that are only back-offs, but the
	// filter never matched (issue #123602): the error is returned.
	err := r.Error()
	if err == nil && r.Acted() && k.feat.onDemandRelist {
		// postSync: relist the pod once the worker is done.
		if ws := k.workers.get(pod.Metadata.UID); ws != nil {
			ws.relistAfterSync = true
		}
	}
	if err == nil && k.feat.restartAll && k.rel.Has(release.RestartAllAfterReset) && removedForRestart(r) {
		// From 1.36 a sync that reset the containers queues the next one
		// at once, to start them again; it waits, as every sync does, for
		// the PLEG to see the runtime after this one.
		k.workers.UpdatePod(updateOptions{pod: pod, typ: syncPodUpdate})
	}
	done(false, err)
}

// removedForRestart tells whether a sync removed a container (which only
// a restart of all containers in place does) without failing to.
func removedForRestart(r *kubecontainer.PodSyncResult) bool {
	for _, x := range r.SyncResults {
		if x.Action == kubecontainer.RemoveContainer && x.Error == nil {
			return true
		}
	}
	return false
}

// killPodLegacy is 1.18's syncPod with SyncPodKill (the pod killer).
func (k *Kubelet) killPodLegacy(o updateOptions, ps *kubecontainer.PodStatus, done func(error)) {
	pod := o.pod
	var grace *int64
	if o.kill != nil {
		grace = o.kill.gracePeriodOverride
	}
	k.runtime.KillPod(k.ctx("podKiller"), waiter{k: k}, pod, ps, grace, func(r *kubecontainer.PodSyncResult) {
		err := r.Error()
		if err != nil {
			k.recorder.Eventf(kuberuntime.PodRef(pod), events.Warning, events.FailedToKillPod, "error killing pod: %v", err)
		}
		k.probes.RemovePod(pod)
		done(err)
	})
}

// syncTerminatingPod stops probes, kills every container with the
// effective grace period, stops the sandbox and writes the status of the
// stopped pod.
func (k *Kubelet) syncTerminatingPod(pod *v1.Pod, ps *kubecontainer.PodStatus, grace int64, done func(error)) {
	k.status.SetFreshPodStatus(pod, k.generateAPIPodStatus(pod, ps, false))
	k.probes.StopLivenessAndStartup(pod)
	g := grace
	k.runtime.KillPod(k.ctx("SyncTerminatingPod"), waiter{k: k}, pod, ps, &g, func(r *kubecontainer.PodSyncResult) {
		if err := r.Error(); err != nil {
			k.recorder.Eventf(kuberuntime.PodRef(pod), events.Warning, events.FailedToKillPod, "error killing pod: %v", err)
			done(err)
			return
		}
		k.probes.RemovePod(pod)
		stopped, err := k.runtime.GetPodStatus(k.ctx("SyncTerminatingPod"), pod.Metadata.UID, pod.Metadata.Name, pod.Metadata.Namespace)
		if err != nil {
			done(err)
			return
		}
		for _, c := range stopped.ContainerStatuses {
			if c.State == kubecontainer.StateRunning {
				done(errors.New("detected running containers after a successful KillPod, CRI violation"))
				return
			}
		}
		if k.rel.Has(release.PhaseTerminalOnDeletion) {
			// The status of the stopped containers, with a terminal phase.
			k.status.SetFreshPodStatus(pod, k.generateAPIPodStatus(pod, stopped, true))
		}
		done(nil)
	})
}

// syncTerminatedPod releases what is left (volumes, cgroups) and tells the
// status manager the pod is terminated, which lets the final deletion go.
func (k *Kubelet) syncTerminatedPod(pod *v1.Pod, ps *kubecontainer.PodStatus, done func(error)) {
	k.status.SetFreshPodStatus(pod, k.generateAPIPodStatus(pod, ps, true))
	k.status.TerminatePod(pod)
	done(nil)
}

// forgetPod drops what the kubelet kept for a pod that is gone.
func (k *Kubelet) forgetPod(uid string) {
	k.reasonCache.remove(uid)
	k.workQueue.Forget(uid)
	delete(k.rejected, uid)
	if k.managedPod(uid) == nil {
		k.status.RemovePod(uid)
	}
}

// requestRelist is RequestPodRelist: the PLEG relists the pod as soon as
// it can, after the work of this instant that is already queued.
func (k *Kubelet) requestRelist(uid string) {
	k.after(0, phaseWorker, "relistPod", func() {
		res := k.pleg.RelistPod(k.ctx("pleg"), uid, k.stamp())
		if res.Err == nil {
			k.trace("pleg", "relisted "+k.podName(uid)+" on demand")
		}
	})
}

// stamp orders what happens within one instant: the end of a sync and an
// on-demand relist get times a nanosecond apart, in the order they happen,
// so the pod cache can tell which is newer (upstream's clock does).
func (k *Kubelet) stamp() time.Time {
	now := k.clock.Now()
	if k.lastStamp.Before(now) {
		k.lastStamp = now
	} else {
		k.lastStamp = k.lastStamp.Add(time.Nanosecond)
	}
	return k.lastStamp
}

// relist is the PLEG's periodic relist.
func (k *Kubelet) relist() {
	res := k.pleg.Relist(k.ctx("pleg"))
	if res.Err != nil {
		k.trace("pleg", fmt.Sprintf("GenericPLEG: Unable to retrieve pods: %v", res.Err))
		return
	}
	if res.Dropped > 0 {
		k.trace("pleg", fmt.Sprintf("Event channel is full, discarded %d events", res.Dropped))
	}
}

// handlePodCleanups is housekeeping: pod workers' SyncKnownPods, orphaned
// runtime pods, probe workers and back-off entries of pods that are gone.
func (k *Kubelet) handlePodCleanups() {
	k.workers.SyncKnownPods()
	desired := func(uid string) bool { return k.managedPod(uid) != nil }
	k.probes.CleanupPods(desired)
	// Runtime pods that no worker knows: killed with a 1 s grace
	// (SyncTerminatingRuntimePod).
	if !k.workers.legacy {
		pods, err := k.runtime.GetPods(k.ctx("housekeeping"))
		scan := orphanScan{pods, k.workers.changes, k.podRemovals}
		if err == nil && !scan.same(k.lastQuietScan) {
			k.lastQuietScan = scan
			for _, rp := range pods {
				if k.workers.get(rp.ID) != nil || desired(rp.ID) {
					continue
				}
				if !runtimePodRunning(rp) {
					continue
				}
				k.lastQuietScan = orphanScan{} // an orphan: look again next time
				ps, err := k.runtime.GetPodStatus(k.ctx("housekeeping"), rp.ID, rp.Name, rp.Namespace)
				if err != nil {
					continue
				}
				orphan := &v1.Pod{Metadata: v1.ObjectMeta{Name: rp.Name, Namespace: rp.Namespace, UID: rp.ID}}
				one := int64(1)
				k.trace("housekeeping", "killing orphaned runtime pod "+rp.Namespace+"/"+rp.Name+" (grace 1s)")
				k.runtime.KillPod(k.ctx("SyncTerminatingRuntimePod"), waiter{k: k}, orphan, ps, &one, func(*kubecontainer.PodSyncResult) {})
			}
		}
	}
	if k.workers.legacy {
		k.legacyCleanups(desired)
	}
	k.crash.GC()
	k.images.GC()
}

// legacyCleanups is what 1.18's HandlePodCleanups does besides the above:
// the runtime pods of pods that are not active (terminated, or gone) are
// killed (podKiller), and their cgroups removed.
func (k *Kubelet) legacyCleanups(desired func(uid string) bool) {
	active := func(uid string) bool {
		p := k.managedPod(uid)
		return p != nil && !k.podIsTerminated(p)
	}
	for _, uid := range slices.Sorted(maps.Keys(k.cgroups)) {
		if !active(uid) {
			delete(k.cgroups, uid)
		}
	}
	pods, err := k.runtime.GetPods(k.ctx("housekeeping"))
	if err != nil {
		return
	}
	for _, rp := range pods {
		if active(rp.ID) || k.killing[rp.ID] {
			continue
		}
		if s := k.workers.get(rp.ID); s != nil && (s.working || s.pending != nil) {
			continue
		}
		if !runtimePodRunning(rp) {
			continue
		}
		ps, err := k.runtime.GetPodStatus(k.ctx("housekeeping"), rp.ID, rp.Name, rp.Namespace)
		if err != nil {
			continue
		}
		pod := k.managedPod(rp.ID)
		if pod == nil {
			pod = &v1.Pod{Metadata: v1.ObjectMeta{Name: rp.Name, Namespace: rp.Namespace, UID: rp.ID}}
		}
		k.killing[rp.ID] = true
		k.trace("housekeeping", "killing unwanted pod "+rp.Namespace+"/"+rp.Name)
		k.runtime.KillPod(k.ctx("podKiller"), waiter{k: k}, pod, ps, nil, func(*kubecontainer.PodSyncResult) {
			delete(k.killing, rp.ID)
		})
	}
}

func runtimePodRunning(rp *kubecontainer.Pod) bool {
	for _, l := range [][]*kubecontainer.Container{rp.Containers, rp.Sandboxes} {
		for _, c := range l {
			if c.State == kubecontainer.StateRunning {
				return true
			}
		}
	}
	return false
}

// resourcesReclaimed is 1.18's PodResourcesAreReclaimed, less what the
// model has no notion of (volumes): the runtime lists none of the pod's
// containers and its cgroup is gone.
func (k *Kubelet) resourcesReclaimed(uid string) bool {
	if k.cgroups[uid] {
		return false
	}
	st, err := k.cache.Get(uid)
	return err == nil && len(st.ContainerStatuses) == 0
}

// orphanScan is what housekeeping's scan for orphaned runtime pods looked
// at: the runtime's pods (GetPods hands out the same slice while nothing
// changed), the pod workers and the pod manager. A scan that found no
// orphan finds none again while all three are the same.
type orphanScan struct {
	pods              []*kubecontainer.Pod
	changes, removals int
}

func (s orphanScan) same(t orphanScan) bool {
	return len(s.pods) > 0 && len(s.pods) == len(t.pods) && &s.pods[0] == &t.pods[0] &&
		s.changes == t.changes && s.removals == t.removals
}

// containerGC removes dead containers and sandboxes of pods that are gone
// (the garbage collector keeps those of live pods for their lastState).
func (k *Kubelet) containerGC() {
	pods, err := k.runtime.GetPods(k.ctx("containerGC"))
	if err != nil {
		return
	}
	for _, rp := range pods {
		if k.managedPod(rp.ID) != nil && !k.workers.shouldPodContentBeRemoved(rp.ID) {
			continue
		}
		if s := k.workers.get(rp.ID); s != nil && s.working {
			continue
		}
		ps, err := k.runtime.GetPodStatus(k.ctx("containerGC"), rp.ID, rp.Name, rp.Namespace)
		if err != nil {
			continue
		}
		k.runtime.DeleteContainersInPod(k.ctx("containerGC"), "", ps, 0)
		for _, sb := range rp.Sandboxes {
			if sb.State != kubecontainer.StateRunning {
				_ = k.rt.RemovePodSandbox(k.ctx("containerGC"), sb.ID)
			}
		}
	}
}
