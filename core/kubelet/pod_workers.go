package kubelet

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// Work types of a pod worker.
const (
	workSync        = "SyncPod"
	workTerminating = "TerminatingPod"
	workTerminated  = "TerminatedPod"
	workKill        = "KillPod" // 1.18: syncPod with SyncPodKill
)

// podSyncStatus is the per-pod state of the pod workers
// (pod_workers.go: podSyncStatus). The 1.18 model uses only the fields of
// managePodLoop (working, the undelivered update, lastSyncTime).
type podSyncStatus struct {
	uid     string
	pod     *v1.Pod
	working bool
	waiting bool           // for a newer PLEG cache entry
	pending *updateOptions // nil or &pendingBuf
	// pendingBuf holds the pending update: a worker has at most one, and
	// tryRun copies it out before the next can arrive, so one place per
	// worker serves them all.
	pendingBuf   updateOptions
	lastSyncTime time.Time

	syncedAt, startedAt, terminatingAt, terminatedAt time.Time
	gracePeriod                                      int64
	// heldMark is the status manager's count of held-back writes when the
	// current TerminatingPod began.
	heldMark int
	// killReturned: 1.18's syncPod ended by waiting for containers to stop.
	killReturned bool
	// relistAfterSync: the SyncPod that ends asks for an on-demand relist.
	relistAfterSync                              bool
	deleted, evicted, finished, restartRequested bool
	lastWork, lastErr                            string
	// syncing: a SyncPod of the newest workers is in flight, which a
	// termination cancels. Upstream cancels the sync's context; nothing the
	// sync calls sees that context (see Kubelet.syncPod), so the model
	// keeps only whether there is one to cancel.
	syncing bool
	// forgotten: housekeeping dropped the worker (podWorkers.forget).
	forgotten bool
	// seq is the worker's place in the creation order; listed says it is
	// on the wait list.
	seq    int
	listed bool
	// syncOpts is the update of the SyncPod in flight, and syncDone and
	// runtimeDone its continuations (Kubelet.syncPod), made once per
	// worker: a worker runs one sync at a time, and a node syncs every pod
	// every minute, so closures per sync were a steady stream of garbage.
	syncOpts    updateOptions
	syncDone    func(isTerminal bool, err error)
	runtimeDone func(*kubecontainer.PodSyncResult)
	syncResult  kubecontainer.PodSyncResult
}

func (s *podSyncStatus) terminating() bool { return !s.terminatingAt.IsZero() }

// WorkerState is a pod worker as the views show it.
type WorkerState struct {
	Pod     string `json:"pod"`
	UID     string `json:"uid"`
	State   string `json:"state"`
	Working bool   `json:"working"`
	Waiting bool   `json:"waitingForCache,omitempty"`
	Pending bool   `json:"pendingUpdate,omitempty"`
	Grace   int64  `json:"gracePeriod,omitempty"`
	Due     string `json:"nextSync,omitempty"`
	LastErr string `json:"lastError,omitempty"`
}

// podWorkers serialises the syncs of each pod. Both generations share
// this type: legacy selects the 1.18 managePodLoop model (one sync
// function that also kills; no termination state machine), otherwise the
// state machine SyncPod → TerminatingPod → TerminatedPod of ≥1.22.
//
// Upstream runs one goroutine per pod; here a worker that has to wait (for
// a newer PLEG cache entry, for a pull or a container stop) continues
// later on the clock. Waiting workers are resumed in creation order.
type podWorkers struct {
	k        *Kubelet
	legacy   bool
	statuses map[string]*podSyncStatus
	// order holds the workers in creation order; after a worker is
	// forgotten it stays here until the next housekeeping (live ones are
	// those statuses still holds).
	order    []*podSyncStatus
	resume   bool
	resumeFn func()
	// waitList holds every worker waiting for newer PLEG data (and maybe
	// some that no longer are), so that resumeWaiting need not visit every
	// worker at every cache change; waitSpare is the other buffer.
	waitList, waitSpare []*podSyncStatus
	// created counts the workers made: a worker's seq is its place in
	// the creation order (that of order, which housekeeping keeps).
	created int
	// changes counts workers created, finished and forgotten; quietAt is
	// the count, with the pod manager's removals, at which housekeeping
	// last found nothing to do (it then has nothing to do until either
	// moves).
	changes int
	quietAt [2]int
}

// live reports whether s is the pod's current worker.
// A pod's worker is only replaced once forgotten, so the current one is
// the one not forgotten (no lookup: resumeWaiting asks for every worker).
func (w *podWorkers) live(s *podSyncStatus) bool { return !s.forgotten }

func newPodWorkers(k *Kubelet) *podWorkers {
	return &podWorkers{k: k, statuses: map[string]*podSyncStatus{}}
}

func newLegacyPodWorkers(k *Kubelet) *podWorkers {
	w := newPodWorkers(k)
	w.legacy = true
	return w
}

func (w *podWorkers) get(uid string) *podSyncStatus { return w.statuses[uid] }

func (w *podWorkers) isKnownTerminated(uid string) bool {
	s := w.statuses[uid]
	return s != nil && !s.terminatedAt.IsZero()
}

// couldHaveRunningContainers: the pod's worker has not yet stopped its
// containers (a pod without a worker has none).
func (w *podWorkers) couldHaveRunningContainers(uid string) bool {
	s := w.statuses[uid]
	return s != nil && s.terminatedAt.IsZero()
}

func (w *podWorkers) isTerminationRequested(uid string) bool {
	s := w.statuses[uid]
	return s != nil && s.terminating()
}

// shouldPodContentBeRemoved: a deleted (or evicted) pod that finished
// terminating loses all its dead containers.
func (w *podWorkers) shouldPodContentBeRemoved(uid string) bool {
	s := w.statuses[uid]
	if s == nil {
		return w.k.managedPod(uid) == nil
	}
	return (s.deleted || s.evicted) && !s.terminatedAt.IsZero()
}

// calculateEffectiveGracePeriod: the grace only shrinks, starting from the
// deletion grace, then a kill override, then the spec; never below 1 s.
func calculateEffectiveGracePeriod(s *podSyncStatus, pod *v1.Pod, kill *killOptions) int64 {
	g := int64(30)
	if pod.Spec.TerminationGracePeriodSeconds != nil {
		g = *pod.Spec.TerminationGracePeriodSeconds
	}
	if pod.Metadata.DeletionGracePeriodSeconds != nil {
		g = *pod.Metadata.DeletionGracePeriodSeconds
	}
	if kill != nil && kill.gracePeriodOverride != nil {
		g = *kill.gracePeriodOverride
	}
	if s.gracePeriod > 0 && s.gracePeriod < g {
		g = s.gracePeriod
	}
	if g < 1 {
		g = 1
	}
	return g
}

// UpdatePod delivers an update to the pod's worker.
func (w *podWorkers) UpdatePod(o updateOptions) {
	k := w.k
	uid := o.pod.Metadata.UID
	s := w.statuses[uid]
	if s == nil {
		w.created++
		s = &podSyncStatus{uid: uid, seq: w.created}
		w.statuses[uid] = s
		w.order = append(w.order, s)
		w.changes++
	}
	if !w.legacy {
		if s.finished {
			if o.typ == syncPodCreate {
				s.restartRequested = true
				k.workerTrace(WorkerEntry{Pod: k.fullName(o.pod), Work: s.lastWork, Step: "ignored", Update: o.typ, Detail: "pod is finished; restart requested after cleanup"})
			}
			return
		}
		becomesTerminating := o.typ == syncPodKill || o.pod.Metadata.DeletionTimestamp != nil || v1.IsPodPhaseTerminal(o.pod.Status.Phase)
		if o.pod.Metadata.DeletionTimestamp != nil {
			s.deleted = true
		}
		if o.kill != nil && o.kill.evict {
			s.evicted = true
		}
		if becomesTerminating {
			g := calculateEffectiveGracePeriod(s, o.pod, o.kill)
			cancel := false
			if !s.terminating() {
				s.terminatingAt = k.clock.Now()
				s.gracePeriod = g
				cancel = true
				k.workerTrace(WorkerEntry{Pod: k.fullName(o.pod), Work: workTerminating, Step: "terminating", Update: o.typ, Detail: fmt.Sprintf("pod is marked for termination, grace %ds", g)})
			} else if g < s.gracePeriod {
				s.gracePeriod = g
				cancel = true
			}
			if cancel && s.syncing {
				k.workerTrace(WorkerEntry{Pod: k.fullName(o.pod), Work: s.lastWork, Step: "cancel", Update: o.typ, Detail: "cancelling current pod sync"})
				s.syncing = false
			}
		}
	}
	s.pod = o.pod
	if s.pending == nil || o.typ == syncPodKill || s.pending.typ != syncPodKill {
		s.pendingBuf = o
		s.pending = &s.pendingBuf
	} else {
		s.pending.pod = o.pod
	}
	if s.working {
		if !s.waiting {
			k.workerTrace(WorkerEntry{Pod: k.fullName(o.pod), Work: s.lastWork, Step: "queued", Update: o.typ, Detail: "worker busy; update kept as pending"})
		}
		return
	}
	s.working = true
	w.tryRun(s)
}

// cacheChanged resumes, in the worker phase of this instant, the workers
// waiting for newer PLEG data.
func (w *podWorkers) cacheChanged() {
	if w.resume {
		return
	}
	w.resume = true
	if w.resumeFn == nil {
		w.resumeFn = w.resumeWaiting // made once: every relist that changes something comes here
	}
	w.k.after(0, phaseWorker, "pod workers", w.resumeFn)
}

// resumeWaiting tries the waiting workers again, in creation order.
func (w *podWorkers) resumeWaiting() {
	w.resume = false
	// Only a worker's own tryRun makes it wait, so the waiting ones can
	// be picked before any of them runs; tryRun puts those that wait
	// again back on the list.
	list := w.waitList
	w.waitList = w.waitSpare[:0]
	waiting := list[:0]
	for _, s := range list {
		s.listed = false
		if s.waiting && w.live(s) {
			waiting = append(waiting, s)
		}
	}
	slices.SortFunc(waiting, func(a, b *podSyncStatus) int { return cmp.Compare(a.seq, b.seq) })
	for _, s := range waiting {
		if s.waiting && w.live(s) {
			w.tryRun(s)
		}
	}
	clear(list)
	w.waitSpare = list[:0]
}

// listWaiting puts a waiting worker on the wait list, once.
func (w *podWorkers) listWaiting(s *podSyncStatus) {
	if !s.listed {
		s.listed = true
		w.waitList = append(w.waitList, s)
	}
}

// tryRun starts the pending work once the pod cache is newer than the end
// of the previous sync (podCache.GetNewerThan).
func (w *podWorkers) tryRun(s *podSyncStatus) {
	k := w.k
	if s.pending == nil {
		s.working, s.waiting = false, false
		return
	}
	ps, err, ok := k.cache.GetNewerThan(s.uid, s.lastSyncTime)
	if !ok {
		if !s.waiting {
			k.workerTrace(WorkerEntry{Pod: k.fullName(s.pod), Work: w.workType(s), Step: "wait", Update: s.pending.typ, Detail: "waiting for a PLEG cache entry newer than " + k.relTime(s.lastSyncTime)})
		}
		s.waiting = true
		w.listWaiting(s)
		return
	}
	s.waiting = false
	o := *s.pending
	s.pending, s.pendingBuf = nil, updateOptions{}
	if err != nil {
		w.complete(s, w.workType(s), o, false, fmt.Errorf("error determining status: %v", err))
		return
	}
	w.run(s, o, ps)
}

func (w *podWorkers) workType(s *podSyncStatus) string {
	switch {
	case w.legacy:
		if s.pending != nil && s.pending.typ == syncPodKill {
			return workKill
		}
		return workSync
	case !s.terminatedAt.IsZero():
		return workTerminated
	case s.terminating():
		return workTerminating
	}
	return workSync
}

func (w *podWorkers) run(s *podSyncStatus, o updateOptions, ps *kubecontainer.PodStatus) {
	k := w.k
	work := workSync
	if w.legacy {
		if o.typ == syncPodKill {
			work = workKill
		}
	} else {
		switch {
		case !s.terminatedAt.IsZero():
			work = workTerminated
		case s.terminating():
			work = workTerminating
		}
	}
	s.lastWork = work
	if s.startedAt.IsZero() && work == workSync {
		s.startedAt = k.clock.Now()
	}
	k.workerTrace(WorkerEntry{Pod: k.fullName(o.pod), Work: work, Step: "start", Update: o.typ})
	switch work {
	case workSync:
		s.syncing = !w.legacy
		s.syncOpts = o
		if s.syncDone == nil {
			s.syncDone = func(isTerminal bool, err error) { w.complete(s, workSync, s.syncOpts, isTerminal, err) }
			s.runtimeDone = func(r *kubecontainer.PodSyncResult) { k.runtimeSynced(s.syncOpts.pod, r, s.syncDone) }
		}
		k.syncPod(waiter{k: k}, o, ps, &s.syncResult, s.syncDone, s.runtimeDone)
	case workKill:
		k.killPodLegacy(o, ps, func(err error) { w.complete(s, work, o, false, err) })
	case workTerminating:
		s.heldMark = k.status.Held(s.uid)
		k.syncTerminatingPod(o.pod, ps, s.gracePeriod, func(err error) { w.complete(s, work, o, false, err) })
	case workTerminated:
		k.syncTerminatedPod(o.pod, ps, func(err error) { w.complete(s, work, o, false, err) })
	}
}

// complete is completeWork: move the state machine on, requeue, and run
// again at once if an update arrived meanwhile.
func (w *podWorkers) complete(s *podSyncStatus, work string, o updateOptions, isTerminal bool, err error) {
	k := w.k
	s.syncing = false
	now := k.clock.Now()
	s.lastSyncTime = k.stamp()
	if s.killReturned {
		// The stop returned when the container exited, before the relist
		// of this instant saw it: that relist's cache entry is newer.
		s.lastSyncTime = now.Add(-time.Nanosecond)
		s.killReturned = false
	}
	if s.relistAfterSync {
		s.relistAfterSync = false
		k.requestRelist(s.uid)
	}
	e := WorkerEntry{Pod: k.fullName(o.pod), Work: work, Step: "done", Update: o.typ}
	var requeue time.Duration
	phaseTransition := false
	switch {
	case err == nil && work == workSync && isTerminal:
		s.syncedAt = now
		s.terminatingAt = now
		if s.gracePeriod == 0 {
			s.gracePeriod = calculateEffectiveGracePeriod(s, o.pod, nil)
		}
		phaseTransition = true
		e.Detail = "pod is terminal; terminating"
	case err == nil && work == workTerminating:
		s.terminatedAt = now
		phaseTransition = true
		e.Detail = "pod terminated"
		if k.status.Held(s.uid) > s.heldMark {
			// A status set while terminating is written after the worker
			// recorded the termination, so its terminal phase goes through.
			k.status.Resync(s.uid)
		}
	case err == nil && work == workTerminated:
		s.finished = true
		w.changes++
		e.Detail = "pod worker finished"
	case err == nil && work == workSync:
		s.syncedAt = now
	}
	switch {
	case phaseTransition:
		requeue = 0
	case s.finished:
		requeue = -1
	case err == nil:
		requeue = k.jitter(k.cfg.Options.SyncFrequency)
	case strings.Contains(err.Error(), networkNotReadyErrMsg):
		requeue = k.jitter(transientErrorBackOff)
	default:
		requeue = k.jitter(backOffPeriod)
		var se *kubecontainer.SyncError
		if k.requeueToBackoffExpiry() && errors.As(err, &se) {
			if exp, ok := se.MinBackoffExpiry(); ok {
				d := exp.Sub(now)
				d = max(0, min(d, k.cfg.Options.SyncFrequency))
				requeue = k.jitter(d)
				e.Detail = "requeue at the crash back-off expiry"
			}
		}
	}
	if err != nil {
		e.Error = err.Error()
		s.lastErr = err.Error()
	} else {
		s.lastErr = ""
	}
	if requeue >= 0 {
		k.enqueue(s.uid, requeue)
		e.Requeue = k.durationText(requeue)
	}
	k.workerTrace(e)
	if s.pending == nil && phaseTransition && !w.legacy {
		// The state machine moves on through the work queue (the next sync
		// tick dispatches the pod).
		s.working = false
		return
	}
	if s.pending != nil {
		w.tryRun(s)
		return
	}
	s.working = false
}

func (k *Kubelet) jitter(d time.Duration) time.Duration {
	if !k.cfg.Options.Jitter || d <= 0 {
		return d
	}
	return d + time.Duration(k.rand.Float64()*0.5*float64(d))
}

// requeueToBackoffExpiry is PR #133066 (1.35): a CrashLoopBackOff error
// requeues the pod at the back-off's expiry instead of after 10 s.
func (k *Kubelet) requeueToBackoffExpiry() bool {
	switch k.cfg.Options.RequeueToBackoffExpiry {
	case 1:
		return true
	case -1:
		return false
	}
	return k.rel.Has(release.RequeueAtBackOffExpiry)
}

// deletePod is the REMOVE path: the pod left its source.
func (w *podWorkers) deletePod(p *v1.Pod) {
	k := w.k
	if w.legacy {
		// 1.18: forget the worker and hand the pod to the pod killer.
		k.workerTrace(WorkerEntry{Pod: k.fullName(p), Work: workKill, Step: "queued", Update: syncPodKill, Detail: "podKiller"})
		w.UpdatePod(updateOptions{pod: p, typ: syncPodKill})
		return
	}
	w.UpdatePod(updateOptions{pod: p, typ: syncPodKill})
}

// SyncKnownPods is the housekeeping half of the pod workers: forget
// finished workers of pods that are gone, terminate workers of pods that
// vanished without a kill, and restart pods re-added while terminating.
func (w *podWorkers) SyncKnownPods() {
	k := w.k
	if w.quietAt == [2]int{w.changes, k.podRemovals} && !w.legacy {
		return
	}
	if !w.legacy && len(w.order) == len(w.statuses) && !slices.ContainsFunc(w.order, func(s *podSyncStatus) bool {
		return k.managedPod(s.uid) == nil || s.finished
	}) {
		// The common case: every worker is for a desired pod and still
		// running, so nothing changes.
		w.quietAt = [2]int{w.changes, k.podRemovals}
		return
	}
	var keep []*podSyncStatus
	for _, s := range w.order {
		if !w.live(s) {
			continue
		}
		uid := s.uid
		desired := k.managedPod(uid) != nil
		if w.legacy && desired {
			// 1.18 forgets the workers of pods that are not active.
			desired = !k.podIsTerminated(k.managedPod(uid))
		}
		switch {
		case !desired && (s.finished || (w.legacy && !s.working)):
			w.forget(s)
			k.workerTrace(WorkerEntry{Pod: k.podName(uid), Work: s.lastWork, Step: "forgotten", Detail: "pod worker removed by housekeeping"})
			continue
		case !desired && !w.legacy && !s.terminating() && s.pod != nil:
			keep = append(keep, s)
			w.UpdatePod(updateOptions{pod: s.pod, typ: syncPodKill})
			continue
		case desired && s.finished && s.restartRequested:
			w.forget(s)
			k.workerTrace(WorkerEntry{Pod: k.podName(uid), Work: s.lastWork, Step: "restart", Detail: "pod was re-added while terminating; starting again"})
			k.handlePodAdditions([]*v1.Pod{k.managedPod(uid)})
			continue
		}
		keep = append(keep, s)
	}
	// Workers created meanwhile (a restarted pod) go last.
	inKeep := make(map[*podSyncStatus]bool, len(w.statuses))
	order := make([]*podSyncStatus, 0, len(w.statuses))
	for _, s := range append(keep, w.order...) {
		if w.live(s) && !inKeep[s] {
			inKeep[s] = true
			order = append(order, s)
		}
	}
	w.order = order
}

func (w *podWorkers) forget(s *podSyncStatus) {
	delete(w.statuses, s.uid)
	s.forgotten = true
	w.changes++
	w.k.forgetPod(s.uid)
}

// States lists the pod workers for the views.
func (w *podWorkers) States() []WorkerState {
	k := w.k
	out := make([]WorkerState, 0, len(w.order))
	for _, s := range w.order {
		if !w.live(s) {
			continue
		}
		uid := s.uid
		st := "SyncPod"
		switch {
		case w.legacy:
			st = "managePodLoop"
		case s.finished:
			st = "Finished"
		case !s.terminatedAt.IsZero():
			st = "Terminated"
		case s.terminating():
			st = "Terminating"
		}
		ws := WorkerState{Pod: k.podName(uid), UID: uid, State: st, Working: s.working, Waiting: s.waiting, Pending: s.pending != nil, Grace: s.gracePeriod, LastErr: s.lastErr}
		if t, ok := k.workQueue.When(uid); ok {
			ws.Due = k.relTime(t)
		}
		out = append(out, ws)
	}
	return out
}

// rel formats a time relative to the start of the run.
func (k *Kubelet) relTime(t time.Time) string {
	if t.IsZero() {
		return "never"
	}
	// Stamps within an instant differ by nanoseconds; the trace shows the
	// instant.
	return "t=" + formatOffset(t.Sub(k.clock.Start()).Truncate(time.Millisecond))
}

func formatOffset(d time.Duration) string {
	if d%time.Second == 0 {
		return fmt.Sprintf("%ds", int64(d/time.Second))
	}
	return fmt.Sprintf("%.3fs", d.Seconds())
}

// durationText is d.String(), remembered for the few durations a run
// requeues with (every sync's trace entry shows one). With jitter the
// durations vary, so the memory is bounded.
func (k *Kubelet) durationText(d time.Duration) string {
	if s, ok := k.durations[d]; ok {
		return s
	}
	if len(k.durations) >= 64 {
		clear(k.durations)
	}
	if k.durations == nil {
		k.durations = map[time.Duration]string{}
	}
	s := d.String()
	k.durations[d] = s
	return s
}
