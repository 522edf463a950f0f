package kubelet

import (
	"slices"
	"strings"
	"time"

	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/kuberuntime"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	"github.com/kubexplorer/kubexplorer/core/kubelet/status"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// reasonRestartingAll and messageRestartingAll are the state of a
// container removed by a restart of all containers in place
// (kubelet_pods.go, 1.35+).
const (
	reasonRestartingAll  = "RestartingAllContainers"
	messageRestartingAll = "The container is removed because RestartAllContainers in place"
)

// Active deadline handler strings (pkg/kubelet/active_deadline.go).
const (
	reasonDeadlineExceeded  = "DeadlineExceeded"
	messageDeadlineExceeded = "Pod was active on the node longer than the specified deadline"
)

// getPhase computes the pod phase from the container statuses
// (kubelet_pods.go: getPhase). podIsTerminal is the 1.27+ rule for pods
// being finalised (deleted or evicted).
//
// A pending init container keeps the pod Pending: always up to 1.27; from
// 1.28 not once a regular container has started; from 1.32 that exception
// is left to sidecars. A sidecar that runs counts as running (not yet
// started, it is also pending). "Has started" reads the API statuses up to
// 1.32 (a regular container running or terminated, in any sandbox); from
// 1.33 it is activeStarted: a regular container has an instance in the
// current sandbox (kubecontainer.HasAnyActiveRegularContainerStarted).
//
// With rules (ContainerRestartRules) a stopped container counts as one
// that will restart when its own policy and rules, else the pod's, say so
// for its exit code: an init container that failed and will not restart
// fails the pod, and stopped containers that will all stay stopped end it.
// With restartAll (RestartAllContainersOnContainerExits) a rule whose
// action is RestartAllContainers restarts, and so does a container that
// was stopped by such a restart (reason RestartingAllContainers).
func getPhase(rel release.Release, pod *v1.Pod, info []v1.ContainerStatus, podIsTerminal, sidecars, activeStarted, rules, restartAll bool) string {
	spec := &pod.Spec
	pendingInit, failedInit, failedInitFinal := 0, 0, 0
	pendingRestartableInit := 0
	running, waiting, stopped, succeeded, unknown, stoppedFinal := 0, 0, 0, 0, 0, 0
	// final tells whether c, stopped with t, stays stopped under rules.
	final := func(c *v1.Container, t *v1.ContainerStateTerminated) int {
		if rules && !v1.ContainerShouldRestart(c, spec, t.ExitCode, restartAll) && (!restartAll || t.Reason != reasonRestartingAll) {
			return 1
		}
		return 0
	}
	for i := range spec.InitContainers {
		c := &spec.InitContainers[i]
		if sidecars && v1.IsRestartableInitContainer(c) {
			s, ok := v1.GetContainerStatus(info, c.Name)
			switch {
			case !ok:
				unknown++
			case s.State.Running != nil:
				if s.Started == nil || !*s.Started {
					pendingRestartableInit++
				}
				running++
			case s.State.Terminated != nil:
			case s.State.Waiting != nil:
				if s.LastTerminationState.Terminated == nil {
					pendingRestartableInit++
					waiting++
				}
			default:
				pendingRestartableInit++
				unknown++
			}
			continue
		}
		s, ok := v1.GetContainerStatus(info, c.Name)
		if !ok {
			pendingInit++
			continue
		}
		switch {
		case s.State.Running != nil:
			pendingInit++
		case s.State.Terminated != nil && s.State.Terminated.ExitCode != 0:
			failedInit++
			failedInitFinal += final(c, s.State.Terminated)
		case s.State.Waiting != nil:
			if t := s.LastTerminationState.Terminated; t != nil && t.ExitCode != 0 {
				failedInit++
				failedInitFinal += final(c, t)
			} else if t == nil {
				pendingInit++
			}
		case s.State.Terminated == nil:
			pendingInit++
		}
	}
	for i := range spec.Containers {
		c := &spec.Containers[i]
		s, ok := v1.GetContainerStatus(info, c.Name)
		if !ok {
			unknown++
			continue
		}
		switch {
		case s.State.Running != nil:
			running++
		case s.State.Terminated != nil:
			stopped++
			stoppedFinal += final(c, s.State.Terminated)
			if s.State.Terminated.ExitCode == 0 {
				succeeded++
			}
		case s.State.Waiting != nil:
			if t := s.LastTerminationState.Terminated; t != nil {
				stopped++
				stoppedFinal += final(c, t)
			} else {
				waiting++
			}
		default:
			unknown++
		}
	}
	if rules && failedInitFinal > 0 || !rules && failedInit > 0 && spec.RestartPolicy == v1.RestartPolicyNever {
		return v1.PodFailed
	}
	hasStarted := func() bool {
		if rel.Has(release.PhaseActiveSandboxInit) {
			return activeStarted
		}
		return status.HasAnyRegularContainerStarted(spec, info)
	}
	var initializing bool
	switch {
	case rel.Has(release.PhaseRegularInitPending):
		initializing = pendingInit > 0 || (pendingRestartableInit > 0 && !hasStarted())
	case rel.Has(release.PhasePendingInitRule):
		initializing = (pendingInit > 0 || pendingRestartableInit > 0) && !status.HasAnyRegularContainerStarted(spec, info)
	default:
		initializing = pendingInit > 0
	}
	switch {
	case initializing:
		return v1.PodPending
	case waiting > 0:
		return v1.PodPending
	case running > 0 && unknown == 0:
		return v1.PodRunning
	case running == 0 && stopped > 0 && unknown == 0:
		if podIsTerminal {
			if stopped == succeeded {
				return v1.PodSucceeded
			}
			return v1.PodFailed
		}
		if rules {
			switch {
			case stopped != stoppedFinal:
				return v1.PodRunning
			case stopped == succeeded:
				return v1.PodSucceeded
			}
			return v1.PodFailed
		}
		if spec.RestartPolicy == v1.RestartPolicyAlways {
			return v1.PodRunning
		}
		if stopped == succeeded {
			return v1.PodSucceeded
		}
		if spec.RestartPolicy == v1.RestartPolicyNever {
			return v1.PodFailed
		}
		return v1.PodRunning
	}
	return v1.PodPending
}

// generateAPIPodStatus turns the runtime's view of a pod into the API
// status (kubelet_pods.go: generateAPIPodStatus).
func (k *Kubelet) generateAPIPodStatus(pod *v1.Pod, ps *kubecontainer.PodStatus, podIsTerminal bool) *v1.PodStatus {
	old := k.currentStatus(pod)
	s := k.buildAPIPodStatus(pod, ps, podIsTerminal, old)
	// The container statuses were built in the kubelet's scratch space:
	// most syncs find them as they were, and then the previous lists serve
	// (see podIPs for why sharing is safe).
	s.InitContainerStatuses = keepBuilt(&k.statusBuf[0], s.InitContainerStatuses, old.InitContainerStatuses,
		sameContainerStatuses(s.InitContainerStatuses, old.InitContainerStatuses))
	s.ContainerStatuses = keepBuilt(&k.statusBuf[1], s.ContainerStatuses, old.ContainerStatuses,
		sameContainerStatuses(s.ContainerStatuses, old.ContainerStatuses))
	// So were the conditions. The status manager gives them their
	// transition times from its own status (status.Manager.update): when
	// old is that status, conditions that end up as old's are old's.
	_, managed := k.status.GetPodStatus(pod.Metadata.UID)
	s.Conditions = keepBuilt(&k.condBuf, s.Conditions, old.Conditions, managed && becomeConditions(s.Conditions, old.Conditions))
	return s
}

// becomeConditions reports whether the conditions built would become prev
// once the status manager has copied prev's transition times, which it
// does for a condition whose status did not change.
func becomeConditions(built, prev []v1.PodCondition) bool {
	if len(built) != len(prev) {
		return false
	}
	for i := range built {
		x, y := &built[i], &prev[i]
		if x.Type != y.Type || x.Status != y.Status || x.Reason != y.Reason || x.Message != y.Message ||
			x.ObservedGeneration != y.ObservedGeneration || !sameTimeRef(x.LastProbeTime, y.LastProbeTime) ||
			y.LastTransitionTime == nil || (x.LastTransitionTime != nil && !sameTimeRef(x.LastTransitionTime, y.LastTransitionTime)) {
			return false
		}
		for j := range i {
			if prev[j].Type == y.Type {
				return false // the manager would look at the first of the type
			}
		}
	}
	return true
}

// keepBuilt turns built, a list in the scratch space *buf, into the list
// a status keeps: prev when same says built holds the same, else a copy.
// *buf keeps the space.
func keepBuilt[T any](buf *[]T, built, prev []T, same bool) []T {
	if built == nil {
		return nil
	}
	*buf = built[:0]
	out := prev
	if !same {
		out = slices.Clone(built)
	}
	clear(built) // hold on to nothing
	return out
}

// sameContainerStatuses reports whether a and b hold the same values
// (exactly: pointers to equal values, times equal to the nanosecond).
func sameContainerStatuses(a, b []v1.ContainerStatus) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Name != y.Name || x.Ready != y.Ready || x.RestartCount != y.RestartCount || x.Image != y.Image ||
			x.ImageID != y.ImageID || x.ContainerID != y.ContainerID ||
			(x.Started == nil) != (y.Started == nil) || (x.Started != nil && *x.Started != *y.Started) ||
			!sameState(&x.State, &y.State) || !sameState(&x.LastTerminationState, &y.LastTerminationState) {
			return false
		}
	}
	return true
}

func sameState(a, b *v1.ContainerState) bool {
	if (a.Waiting == nil) != (b.Waiting == nil) || (a.Waiting != nil && *a.Waiting != *b.Waiting) {
		return false
	}
	if x, y := a.Running, b.Running; x != y && (x == nil || y == nil || !sameTimeRef(x.StartedAt, y.StartedAt)) {
		return false
	}
	if x, y := a.Terminated, b.Terminated; x != y && (x == nil || y == nil || x.ExitCode != y.ExitCode || x.Signal != y.Signal ||
		x.Reason != y.Reason || x.Message != y.Message || x.ContainerID != y.ContainerID ||
		!sameTimeRef(x.StartedAt, y.StartedAt) || !sameTimeRef(x.FinishedAt, y.FinishedAt)) {
		return false
	}
	return true
}

func sameTimeRef(a, b *v1.Time) bool {
	return a == b || (a != nil && b != nil && a.Time == b.Time)
}

// buildAPIPodStatus is generateAPIPodStatus with the container statuses
// in scratch space.
func (k *Kubelet) buildAPIPodStatus(pod *v1.Pod, ps *kubecontainer.PodStatus, podIsTerminal bool, old *v1.PodStatus) *v1.PodStatus {
	s := &v1.PodStatus{QOSClass: v1.QOSClass(pod)}
	if len(ps.IPs) > 0 {
		s.PodIP = ps.IPs[0]
		s.PodIPs = podIPs(old.PodIPs, ps.IPs...)
	} else if old.PodIP != "" && !pod.Spec.HostNetwork {
		// Keep the last known IP once the sandbox is gone.
		s.PodIP, s.PodIPs = old.PodIP, old.PodIPs
	}
	hasInit := len(pod.Spec.InitContainers) > 0
	// restarting: the pod is restarting all its containers in place.
	restarting := k.feat.restartAll && kubecontainer.ShouldAllContainersRestart(pod, ps, old)
	s.InitContainerStatuses = k.convertToAPIContainerStatuses(pod, ps, old.InitContainerStatuses, pod.Spec.InitContainers, hasInit, true, restarting, k.statusBuf[0])
	s.ContainerStatuses = k.convertToAPIContainerStatuses(pod, ps, old.ContainerStatuses, pod.Spec.Containers, hasInit, false, restarting, k.statusBuf[1])
	// Conditions the kubelet does not own are kept.
	readyToStart := k.readyToStartCondition()
	allRestartable := k.feat.restartAll && v1.AllContainersCouldRestart(&pod.Spec)
	n := 4 // Initialized, Ready, ContainersReady, PodScheduled
	if readyToStart != "" {
		n++
	}
	if allRestartable {
		n++
	}
	for _, c := range old.Conditions {
		if !status.IsKubeletCondition(c.Type) {
			n++
		}
	}
	s.Conditions = slices.Grow(k.condBuf[:0], n)
	for _, c := range old.Conditions {
		if !status.IsKubeletCondition(c.Type) {
			s.Conditions = append(s.Conditions, c)
		}
	}
	// Up to 1.21 the active deadline handler's verdict is the whole status:
	// no kubelet conditions, no host IP, no readiness.
	if !k.rel.Has(release.DeadlineStatusComplete) && k.pastActiveDeadline(pod) {
		k.deadlineExceeded(pod, s)
		return s
	}
	all := s.ContainerStatuses
	if len(s.InitContainerStatuses) > 0 {
		all = slices.Concat(s.InitContainerStatuses, s.ContainerStatuses)
	}
	s.Phase = getPhase(k.rel, pod, all, podIsTerminal && k.rel.Has(release.PhaseTerminalOnDeletion), k.sidecars(),
		kubecontainer.HasAnyActiveRegularContainerStarted(&pod.Spec, ps), k.feat.restartRules, k.feat.restartAll)
	// A computed phase that is not terminal gives way to a terminal one
	// the status manager holds, else to one the API shows.
	if !v1.IsPodPhaseTerminal(s.Phase) {
		switch {
		case v1.IsPodPhaseTerminal(old.Phase):
			s.Phase = old.Phase
		case v1.IsPodPhaseTerminal(pod.Status.Phase):
			s.Phase = pod.Status.Phase
		}
	}
	// A status in the previous one's phase keeps its reason and message,
	// or the API's when it had none.
	if s.Phase == old.Phase {
		s.Reason, s.Message = old.Reason, old.Message
		if s.Reason == "" {
			s.Reason = pod.Status.Reason
		}
		if s.Message == "" {
			s.Message = pod.Status.Message
		}
	}
	// The active deadline handler evicts a pod past its deadline whatever
	// phase it is in, and records its event every time it is asked: in the
	// sync that finds the deadline passed, and in each status the
	// termination writes after it.
	if k.pastActiveDeadline(pod) {
		k.deadlineExceeded(pod, s)
	}
	// No transition out of a phase the API shows terminal.
	if v1.IsPodPhaseTerminal(pod.Status.Phase) && s.Phase != pod.Status.Phase {
		s.Phase = pod.Status.Phase
	}
	// The probes fill started and ready after the phase, as upstream does:
	// getPhase reads a running sidecar's started as the runtime conversion
	// left it (nil up to 1.34; from 1.35 the previous status's value).
	k.probes.UpdatePodStatus(pod, s)
	if len(s.InitContainerStatuses) > 0 {
		copy(all[copy(all, s.InitContainerStatuses):], s.ContainerStatuses)
	}
	track := k.feat.trackGeneration
	add := func(c v1.PodCondition) {
		c.ObservedGeneration = status.ConditionGeneration(track, old, pod.Metadata.Generation, c.Type)
		s.Conditions = append(s.Conditions, c)
	}
	if t := readyToStart; t != "" {
		needed, _, _, why := kuberuntime.PodSandboxChangedWhy(pod, ps)
		add(status.GeneratePodReadyToStartContainersCondition(k.rel, t, needed, why))
	}
	// A pod restarting in place runs its init containers again but stays
	// Initialized once it was.
	wasInitialized := false
	if _, c := v1.GetPodCondition(old.Conditions, v1.PodInitialized); k.feat.restartAll && c != nil {
		wasInitialized = c.Status == v1.ConditionTrue
	}
	add(status.GeneratePodInitializedCondition(k.rel, &pod.Spec, all, s.Phase, wasInitialized))
	containersReady := status.GenerateContainersReadyCondition(k.rel, &pod.Spec, all, s.Phase)
	add(status.PodReadyFrom(containersReady, &pod.Spec, s.Conditions))
	add(containersReady)
	add(v1.PodCondition{Type: v1.PodScheduled, Status: v1.ConditionTrue})
	if allRestartable {
		// Upstream gives this condition no observed generation.
		s.Conditions = append(s.Conditions, status.GenerateAllContainersRestartingCondition(s.Phase, restarting,
			kubecontainer.AllContainersRestartCleanedUp(pod, ps)))
	}
	s.HostIP = k.cfg.Node.IP
	if k.feat.hostIPs {
		s.HostIPs = podIPs(old.HostIPs, k.cfg.Node.IP)
	}
	if pod.Spec.HostNetwork {
		s.PodIP = k.cfg.Node.IP
		s.PodIPs = podIPs(old.PodIPs, k.cfg.Node.IP)
	}
	return s
}

// podIPs is the list of ips, or prev when it holds just those. API
// statuses are never changed in place (the status manager copies one
// before it changes it), so a new status can share what did not change
// with the previous one: a node syncs each pod every minute, and most
// syncs change nothing.
func podIPs(prev []v1.PodIP, ips ...string) []v1.PodIP {
	if len(prev) == len(ips) {
		same := true
		for i := range ips {
			same = same && prev[i].IP == ips[i]
		}
		if same {
			return prev
		}
	}
	out := make([]v1.PodIP, len(ips))
	for i, ip := range ips {
		out[i] = v1.PodIP{IP: ip}
	}
	return out
}

// deadlineExceeded is the active deadline handler's eviction.
func (k *Kubelet) deadlineExceeded(pod *v1.Pod, s *v1.PodStatus) {
	s.Phase, s.Reason, s.Message = v1.PodFailed, reasonDeadlineExceeded, messageDeadlineExceeded
	k.recorder.Event(kuberuntime.PodRef(pod), events.Normal, reasonDeadlineExceeded, messageDeadlineExceeded)
}

// readyToStartCondition names the sandbox condition the release writes, if
// any (gateFlags.readyToStart).
func (k *Kubelet) readyToStartCondition() string { return k.feat.readyToStart }

// timeIn is t, or nil for the zero time (which the API shows as absent).
func timeIn(t *v1.Time) *v1.Time {
	if t.IsZero() {
		return nil
	}
	return t
}

// convertState is the container state of one runtime instance. (A created
// container reads as waiting, as from 1.24; the fake runtime, like
// containerd, never leaves a container created.) A state of the previous
// status that says the same is handed back instead of a new one (see
// podIPs for why sharing is safe): a running container's state changes
// once, and the syncs in between repeat it.
func convertState(cs *kubecontainer.Status, prev ...v1.ContainerState) v1.ContainerState {
	switch cs.State {
	case kubecontainer.StateRunning:
		for _, p := range prev {
			if r := p.Running; r != nil && sameTime(r.StartedAt, cs.StartedAt) {
				return v1.ContainerState{Running: r}
			}
		}
		// The state and its time in one allocation.
		r := &struct {
			state   v1.ContainerStateRunning
			started v1.Time
		}{started: v1.Time{Time: cs.StartedAt}}
		r.state.StartedAt = timeIn(&r.started)
		return v1.ContainerState{Running: &r.state}
	case kubecontainer.StateExited:
		for _, p := range prev {
			if t := p.Terminated; t != nil && t.ExitCode == int32(cs.ExitCode) && t.Reason == cs.Reason && t.Message == cs.Message &&
				t.Signal == 0 && sameTime(t.StartedAt, cs.StartedAt) && sameTime(t.FinishedAt, cs.FinishedAt) && cs.IsFullID(t.ContainerID) {
				return v1.ContainerState{Terminated: t}
			}
		}
		t := &struct {
			state             v1.ContainerStateTerminated
			started, finished v1.Time
		}{started: v1.Time{Time: cs.StartedAt}, finished: v1.Time{Time: cs.FinishedAt}}
		t.state = v1.ContainerStateTerminated{ExitCode: int32(cs.ExitCode), Reason: cs.Reason, Message: cs.Message,
			StartedAt: timeIn(&t.started), FinishedAt: timeIn(&t.finished), ContainerID: cs.FullID()}
		return v1.ContainerState{Terminated: &t.state}
	}
	return v1.ContainerState{Waiting: &v1.ContainerStateWaiting{}}
}

// sameTime reports whether at is what timeIn makes of t.
func sameTime(at *v1.Time, t time.Time) bool {
	if at == nil {
		return t.IsZero()
	}
	return !t.IsZero() && at.Time.Equal(t)
}

// convertToAPIContainerStatuses builds the statuses of one container list
// (kubelet_pods.go): newest instance → state, the one before → lastState,
// the default Waiting reason for containers without a runtime record, and
// the reason cache's override for containers that should be restarted.
//
// Under RestartAllContainersOnContainerExits (k.feat.restartAll) a restart
// count never goes below the previous status's, as the runtime's count
// starts again at 0 once a restart in place has removed every instance; a
// container running again after a previous Terminated counts one more
// restart; while the pod is restarting, a container the runtime no longer
// lists, and that was not waiting, waits with reason
// RestartingAllContainers, its last state a Terminated of that reason (137),
// one restart more; and from 1.36 a container whose instance changed
// carries the previous status's termination over as its last state (the
// runtime no longer has the instance that would tell it).
//
// The list is built in buf's space.
func (k *Kubelet) convertToAPIContainerStatuses(pod *v1.Pod, ps *kubecontainer.PodStatus, previous []v1.ContainerStatus, containers []v1.Container, hasInit, isInit, restarting bool, buf []v1.ContainerStatus) []v1.ContainerStatus {
	if len(containers) == 0 {
		return nil
	}
	defaultReason := "ContainerCreating"
	if hasInit {
		defaultReason = "PodInitializing"
	}
	out := slices.Grow(buf[:0], len(containers))[:len(containers)]
	for i := range containers {
		c := &containers[i]
		old, hasOld := v1.GetContainerStatus(previous, c.Name)
		// The two newest instances (the runtime lists newest first).
		var newest, before *kubecontainer.Status
		for _, s := range ps.ContainerStatuses {
			if s.Name != c.Name {
				continue
			}
			if newest == nil {
				newest = s
			} else {
				before = s
				break
			}
		}
		st := v1.ContainerStatus{Name: c.Name, Image: c.Image}
		if newest == nil {
			// Only a container without an instance keeps the default.
			st.State = v1.ContainerState{Waiting: &v1.ContainerStateWaiting{Reason: defaultReason}}
		}
		if hasOld {
			if old.State.Terminated != nil {
				st = old
			} else {
				st.LastTerminationState = old.LastTerminationState
				st.RestartCount = old.RestartCount
			}
		}
		if newest == nil {
			if restarting && hasOld && old.State.Waiting == nil {
				st.State = v1.ContainerState{Waiting: &v1.ContainerStateWaiting{Reason: reasonRestartingAll, Message: messageRestartingAll}}
				st.LastTerminationState = v1.ContainerState{Terminated: &v1.ContainerStateTerminated{Reason: reasonRestartingAll, Message: messageRestartingAll, ExitCode: 137}}
				st.RestartCount = old.RestartCount + 1
				out[i] = st
				continue
			}
			k.lostContainer(pod, previous, &st)
			out[i] = st
			continue
		}
		st.State = convertState(newest, old.State)
		st.LastTerminationState = v1.ContainerState{}
		if k.feat.restartAll && hasOld && k.rel.Has(release.RestartAllAfterReset) {
			if !newest.IsFullID(old.ContainerID) && old.State.Terminated != nil {
				st.LastTerminationState = v1.ContainerState{Terminated: old.State.Terminated}
			} else if old.LastTerminationState.Terminated != nil {
				st.LastTerminationState = v1.ContainerState{Terminated: old.LastTerminationState.Terminated}
			}
		}
		if before != nil {
			st.LastTerminationState = convertState(before, old.LastTerminationState, old.State)
			if st.LastTerminationState.Terminated == nil {
				st.LastTerminationState = v1.ContainerState{}
			}
		}
		if newest.IsFullID(old.ContainerID) {
			st.ContainerID = old.ContainerID
		} else {
			st.ContainerID = newest.FullID()
		}
		st.Image = c.Image
		st.ImageID = newest.ImageRef
		st.RestartCount = int32(newest.RestartCount)
		if k.feat.restartAll && hasOld {
			st.RestartCount = max(st.RestartCount, old.RestartCount)
			if newest.State == kubecontainer.StateRunning && old.State.Terminated != nil && old.RestartCount >= int32(newest.RestartCount) {
				st.RestartCount = old.RestartCount + 1
			}
		}
		st.Ready, st.Started = false, nil
		if k.feat.keepStarted && newest.State == kubecontainer.StateRunning && hasOld {
			// From 1.35 a running container starts from its previous
			// started value (whichever instance it was about).
			st.Started = old.Started
		}
		out[i] = st
	}
	// The reason cache turns failed starts into waiting reasons. An init
	// container whose newest instance exited 0, sidecars included, keeps
	// its terminated state. Whether a container will be restarted follows
	// the pod's policy; from 1.35 (ContainerRestartRules) the container's
	// own policy and rules first, so a sidecar's restartPolicy: Always says
	// yes.
	for i := range containers {
		c := &containers[i]
		if isInit {
			if s := ps.FindContainerStatusByName(c.Name); s != nil && s.State == kubecontainer.StateExited && s.ExitCode == 0 {
				continue
			}
		}
		if !kubecontainer.ShouldContainerBeRestarted(c, pod, ps, k.feat.restartRules, k.feat.restartAll) {
			continue
		}
		r, ok := k.reasonCache.get(pod.Metadata.UID, c.Name)
		if !ok {
			continue
		}
		if out[i].State.Terminated != nil {
			out[i].LastTerminationState = out[i].State
		}
		out[i].State = v1.ContainerState{Waiting: &v1.ContainerStateWaiting{Reason: r.err.Error(), Message: r.message}}
	}
	if !isInit {
		// Regular containers are listed by name (SortedContainerStatuses),
		// init containers in the order of the spec.
		slices.SortStableFunc(out, func(a, b v1.ContainerStatus) int { return strings.Compare(a.Name, b.Name) })
	}
	return out
}

// lostContainer reports a container that ran and that the runtime no
// longer lists: from 1.20 its last state is ContainerStatusUnknown (137)
// when the pod is being deleted, from 1.22 for every pod, counting as a
// restart unless the pod is being deleted. Up to 1.19 it just waits again.
// st is the default status built from the previous one.
func (k *Kubelet) lostContainer(pod *v1.Pod, previous []v1.ContainerStatus, st *v1.ContainerStatus) {
	old, ok := v1.GetContainerStatus(previous, st.Name)
	if !ok || old.State.Running == nil || !k.rel.Has(release.LostContainerStatusUnknown) {
		return
	}
	deleted := pod.Metadata.DeletionTimestamp != nil
	if !deleted && !k.rel.Has(release.LostContainerAnyPod) {
		return
	}
	if st.State.Waiting == nil || st.LastTerminationState.Terminated != nil {
		return
	}
	st.LastTerminationState = v1.ContainerState{Terminated: &v1.ContainerStateTerminated{
		Reason: "ContainerStatusUnknown", Message: "The container could not be located when the pod was deleted.  The container used to be Running", ExitCode: 137}}
	if !deleted {
		st.RestartCount++
	}
}
