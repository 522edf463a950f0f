package status

import (
	"sort"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// API is the status manager's view of the API server.
type API interface {
	// Pod returns the API object of a pod, or nil.
	Pod(uid string) *v1.Pod
	// UpdateStatus writes a pod's status (the PATCH of the status manager).
	// The status is shared with the manager's cache: neither side changes
	// it in place.
	UpdateStatus(uid string, status *v1.PodStatus)
	// Delete removes the pod object (the final deletion with grace 0).
	Delete(uid string)
}

// Manager is the status manager.
//
// It keeps the latest status the kubelet computed for each pod and writes
// it to the API at once (upstream's sync goroutine, which runs as soon as a
// status is set). From 1.24 the write holds a terminal phase back while the
// pod could still have running containers (mergePodStatus); Resync writes
// again once it cannot.
type Manager struct {
	now      func() time.Time
	api      API
	rel      release.Release
	statuses map[string]*v1.PodStatus
	finished map[string]bool
	held     map[string]int
	// CouldHaveRunningContainers tells whether the pod worker may still
	// have containers running (1.24's hold-back, 1.22's canBeDeleted).
	CouldHaveRunningContainers func(uid string) bool
	// ResourcesReclaimed is PodResourcesAreReclaimed of kubelets up to 1.21:
	// the runtime no longer lists the pod's containers and its cgroup is
	// gone.
	ResourcesReclaimed func(uid string) bool
	// TrackGeneration is PodObservedGenerationTracking: a status set by the
	// kubelet records the generation of the pod it was computed for.
	TrackGeneration bool
	// RestartRules is ContainerRestartRules: a container that its own
	// policy and rules restart for its exit code may leave Terminated.
	RestartRules bool
	// RestartAll is RestartAllContainersOnContainerExits: a pod with a
	// RestartAllContainers rule may see any container leave Terminated.
	RestartAll bool
	// OnDelete observes final deletions and the status last written.
	OnDelete func(pod *v1.Pod, last *v1.PodStatus)
	// OnAborted observes a status update refused for an illegal
	// container state transition.
	OnAborted func(pod *v1.Pod, err string)
}

// NewManager returns the status manager of rel writing through api.
func NewManager(now func() time.Time, api API, rel release.Release) *Manager {
	return &Manager{now: now, api: api, rel: rel, statuses: map[string]*v1.PodStatus{}, finished: map[string]bool{}, held: map[string]int{},
		CouldHaveRunningContainers: func(string) bool { return false }, ResourcesReclaimed: func(string) bool { return true }}
}

// GetPodStatus returns the cached status.
func (m *Manager) GetPodStatus(uid string) (*v1.PodStatus, bool) {
	s, ok := m.statuses[uid]
	return s, ok
}

// IsKubeletCondition reports whether the kubelet owns a condition type.
// (Upstream owns AllContainersRestarting only with its gate on; off, the
// kubelet never writes it, so no status of the model has it.)
func IsKubeletCondition(t string) bool {
	switch t {
	case v1.PodScheduled, v1.PodReadyToStartContainers, "PodHasNetwork",
		v1.PodInitialized, v1.ContainersReady, v1.PodReady, v1.AllContainersRestarting:
		return true
	}
	return false
}

// SetPodStatus caches and writes a status, keeping transition times.
func (m *Manager) SetPodStatus(pod *v1.Pod, s *v1.PodStatus) {
	m.SetFreshPodStatus(pod, s.DeepCopy())
}

// SetFreshPodStatus is SetPodStatus for a status the caller has just built
// and hands over: it is cached as is, without a copy. The caller may still
// read it but must not change it.
func (m *Manager) SetFreshPodStatus(pod *v1.Pod, s *v1.PodStatus) {
	// CalculatePodStatusObservedGeneration: once the API has it, it stays.
	if m.TrackGeneration || pod.Status.ObservedGeneration != 0 {
		s.ObservedGeneration = pod.Metadata.Generation
	}
	m.update(pod, s, false)
}

func (m *Manager) update(pod *v1.Pod, s *v1.PodStatus, podIsFinished bool) {
	uid := pod.Metadata.UID
	old, hadOld := m.statuses[uid]
	if !hadOld {
		if api := m.api.Pod(uid); api != nil {
			old = api.Status.DeepCopy()
		} else {
			old = &v1.PodStatus{}
		}
	}
	if err := m.checkContainerStateTransition(old, s, &pod.Spec); err != "" {
		if m.OnAborted != nil {
			m.OnAborted(pod, err)
		}
		return
	}
	now := m.now()
	// The conditions that change now share one time (statuses are never
	// changed in place).
	var nowTime *v1.Time
	for i := range s.Conditions {
		c := &s.Conditions[i]
		if _, oc := v1.GetPodCondition(old.Conditions, c.Type); oc != nil && oc.Status == c.Status && oc.LastTransitionTime != nil {
			c.LastTransitionTime = oc.LastTransitionTime
		} else if c.LastTransitionTime == nil {
			if nowTime == nil {
				nowTime = v1.NewTime(now)
			}
			c.LastTransitionTime = nowTime
		}
	}
	if old.StartTime != nil && !old.StartTime.IsZero() {
		s.StartTime = old.StartTime
	} else if s.StartTime == nil {
		s.StartTime = v1.NewTime(now)
	}
	if podIsFinished {
		m.finished[uid] = true
	}
	if hadOld && equal(old, s) && !podIsFinished {
		return
	}
	m.statuses[uid] = s
	m.sync(uid)
}

// sync writes the cached status of a pod to the API (syncPod): merged with
// what the API has, then the final deletion if the pod may go.
func (m *Manager) sync(uid string) {
	s := m.statuses[uid]
	api := m.api.Pod(uid)
	if s == nil || api == nil {
		return
	}
	w := s
	if m.rel.Has(release.TerminalPhaseHeldBack) && !v1.IsPodPhaseTerminal(api.Status.Phase) && v1.IsPodPhaseTerminal(s.Phase) &&
		m.CouldHaveRunningContainers(uid) {
		merged := *s
		merged.Phase, merged.Reason, merged.Message = api.Status.Phase, api.Status.Reason, api.Status.Message
		w = &merged
		m.held[uid]++
	}
	// Cached statuses are copy-on-write (every change builds a new object),
	// so the API server can share this one instead of a copy.
	if !equal(&api.Status, w) {
		m.api.UpdateStatus(uid, w)
	}
	m.maybeDelete(uid, s)
}

// Held counts the writes of a pod whose terminal phase was held back.
func (m *Manager) Held(uid string) int { return m.held[uid] }

// Resync writes a pod's cached status again: the kubelet calls it when the
// pod worker has stopped the pod's containers, since the sync of a status
// set during termination runs after the worker has recorded that.
func (m *Manager) Resync(uid string) { m.sync(uid) }

// SyncBatch is the status manager's periodic batch (every 10s): it finds
// the pods that can now be deleted.
func (m *Manager) SyncBatch() {
	uids := make([]string, 0, len(m.statuses))
	for uid := range m.statuses {
		uids = append(uids, uid)
	}
	sort.Strings(uids)
	for _, uid := range uids {
		if s := m.statuses[uid]; s != nil {
			m.maybeDelete(uid, s)
		}
	}
}

// checkContainerStateTransition refuses a status in which a container
// that was terminated is not any more, unless the pod's policy lets it
// restart: Always, or OnFailure after a failure. Up to 1.26 only regular
// containers are checked; from 1.27 init containers too, except sidecars
// (status_manager.go: checkContainerStateTransition). With RestartRules
// (1.34+) a container whose own policy and rules restart it after that
// exit may too, though a pod whose policy is Always is never checked. It
// returns upstream's error text, or "". Under RestartAll (1.35+) a pod
// with a RestartAllContainers rule anywhere is not checked either: any of
// its containers may run again.
func (m *Manager) checkContainerStateTransition(old, s *v1.PodStatus, spec *v1.PodSpec) string {
	if spec.RestartPolicy == v1.RestartPolicyAlways || (m.RestartAll && v1.AllContainersCouldRestart(spec)) {
		return ""
	}
	restarts := func(name string, cs []v1.Container, code int32) bool {
		for i := range cs {
			if cs[i].Name == name {
				return v1.ContainerShouldRestart(&cs[i], spec, code, m.RestartAll)
			}
		}
		return false
	}
	illegal := func(o *v1.ContainerStatus, news []v1.ContainerStatus, cs []v1.Container) bool {
		if o.State.Terminated == nil || (o.State.Terminated.ExitCode != 0 && spec.RestartPolicy == v1.RestartPolicyOnFailure) {
			return false
		}
		if m.RestartRules && restarts(o.Name, cs, o.State.Terminated.ExitCode) {
			return false
		}
		for i := range news {
			if news[i].Name == o.Name && news[i].State.Terminated == nil {
				return true
			}
		}
		return false
	}
	for i := range old.ContainerStatuses {
		if o := &old.ContainerStatuses[i]; illegal(o, s.ContainerStatuses, spec.Containers) {
			return "terminated container " + o.Name + " attempted illegal transition to non-terminated state"
		}
	}
	if !m.rel.Has(release.InitStateTransitionChecked) {
		return ""
	}
	for i := range old.InitContainerStatuses {
		o := &old.InitContainerStatuses[i]
		if i >= len(spec.InitContainers) {
			return "found mismatch between pod spec and status, container: " + o.Name
		}
		if v1.IsRestartableInitContainer(&spec.InitContainers[i]) {
			continue
		}
		if illegal(o, s.InitContainerStatuses, spec.InitContainers) {
			return "terminated init container " + o.Name + " attempted illegal transition to non-terminated state"
		}
	}
	return ""
}

// equal compares statuses as their JSON would (the PATCH is skipped when
// nothing the API shows changed).
func equal(a, b *v1.PodStatus) bool { return v1.EqualPodStatus(a, b) }

// canBeDeleted is the rule for the final deletion of a deleted pod: up to
// 1.21 once its resources are reclaimed; from 1.22 once the pod worker has
// finished (TerminatePod) and no container runs; from 1.27 the phase the
// API shows must also be terminal.
func (m *Manager) canBeDeleted(uid string, pod *v1.Pod, s *v1.PodStatus) bool {
	if pod.Metadata.DeletionTimestamp == nil {
		return false
	}
	switch {
	case m.rel.Has(release.PhaseTerminalOnDeletion):
		return v1.IsPodPhaseTerminal(pod.Status.Phase) && m.finished[uid]
	case m.rel.Has(release.DeleteAfterWorkerFinished):
		return m.finished[uid] && !anyRunning(s.InitContainerStatuses) && !anyRunning(s.ContainerStatuses)
	}
	return !anyRunning(s.ContainerStatuses) && m.ResourcesReclaimed(uid)
}

func anyRunning(l []v1.ContainerStatus) bool {
	for _, c := range l {
		if c.State.Terminated == nil && c.State.Waiting == nil {
			return true
		}
	}
	return false
}

func (m *Manager) maybeDelete(uid string, s *v1.PodStatus) {
	pod := m.api.Pod(uid)
	if pod == nil || !m.canBeDeleted(uid, pod, s) {
		return
	}
	m.api.Delete(uid)
	delete(m.statuses, uid)
	if m.OnDelete != nil {
		m.OnDelete(pod, s)
	}
}

// SetSandboxReady sets the sandbox condition condType (PodReadyToStartContainers)
// True in the cached status, the moment a new sandbox is ready.
func (m *Manager) SetSandboxReady(pod *v1.Pod, condType string) {
	old, ok := m.statuses[pod.Metadata.UID]
	if !ok {
		return
	}
	s := old.DeepCopy()
	c := GeneratePodReadyToStartContainersCondition(m.rel, condType, false, "")
	c.ObservedGeneration = ConditionGeneration(m.TrackGeneration, old, pod.Metadata.Generation, condType)
	if i, _ := v1.GetPodCondition(s.Conditions, condType); i >= 0 {
		s.Conditions[i] = c
	} else {
		s.Conditions = append(s.Conditions, c)
	}
	m.SetFreshPodStatus(pod, s)
}

// SetContainerReadiness applies a readiness result to the cached status
// and recomputes ContainersReady and Ready.
func (m *Manager) SetContainerReadiness(pod *v1.Pod, containerID string, ready bool) {
	s, ok := m.statuses[pod.Metadata.UID]
	if !ok {
		return
	}
	if cs := findByID(s, containerID); cs == nil || cs.Ready == ready {
		return // nothing to change: no copy
	}
	ns := s.DeepCopy()
	findByID(ns, containerID).Ready = ready
	m.recomputeReady(pod, ns)
	m.update(pod, ns, false)
}

// SetContainerStartup applies a startup result to the cached status.
func (m *Manager) SetContainerStartup(pod *v1.Pod, containerID string, started bool) {
	s, ok := m.statuses[pod.Metadata.UID]
	if !ok {
		return
	}
	if cs := findByID(s, containerID); cs == nil || (cs.Started != nil && *cs.Started == started) {
		return // nothing to change: no copy
	}
	ns := s.DeepCopy()
	findByID(ns, containerID).Started = &started
	m.update(pod, ns, false)
}

func findByID(s *v1.PodStatus, id string) *v1.ContainerStatus {
	for i := range s.ContainerStatuses {
		if s.ContainerStatuses[i].ContainerID == id {
			return &s.ContainerStatuses[i]
		}
	}
	for i := range s.InitContainerStatuses {
		if s.InitContainerStatuses[i].ContainerID == id {
			return &s.InitContainerStatuses[i]
		}
	}
	return nil
}

func (m *Manager) recomputeReady(pod *v1.Pod, s *v1.PodStatus) {
	all := append(append([]v1.ContainerStatus(nil), s.InitContainerStatuses...), s.ContainerStatuses...)
	cr := GenerateContainersReadyCondition(m.rel, &pod.Spec, all, s.Phase)
	rd := GeneratePodReadyCondition(m.rel, &pod.Spec, s.Conditions, all, s.Phase)
	cr.ObservedGeneration = ConditionGeneration(m.TrackGeneration, s, pod.Metadata.Generation, v1.ContainersReady)
	rd.ObservedGeneration = ConditionGeneration(m.TrackGeneration, s, pod.Metadata.Generation, v1.PodReady)
	for i := range s.Conditions {
		switch s.Conditions[i].Type {
		case v1.ContainersReady:
			s.Conditions[i] = withTime(s.Conditions[i], cr)
		case v1.PodReady:
			s.Conditions[i] = withTime(s.Conditions[i], rd)
		}
	}
}

func withTime(old, c v1.PodCondition) v1.PodCondition {
	if old.Status == c.Status {
		c.LastTransitionTime = old.LastTransitionTime
	}
	return c
}

// TerminatePod finalises the status of a pod whose containers are gone:
// containers that do not say Terminated are reported lost
// (ContainerStatusUnknown, 137) — up to 1.22 only those still Running,
// from 1.23 also Waiting ones, and from 1.24 regular containers only if the
// pod had initialized and init containers up to the first that never ran;
// from 1.27 a phase still Pending or Running becomes Failed. Then the final
// deletion may proceed.
func (m *Manager) TerminatePod(pod *v1.Pod) {
	s, ok := m.statuses[pod.Metadata.UID]
	if !ok {
		s = &pod.Status
	}
	ns := s.DeepCopy()
	unknown := v1.ContainerState{Terminated: &v1.ContainerStateTerminated{
		Reason: "ContainerStatusUnknown", Message: "The container could not be located when the pod was terminated", ExitCode: 137}}
	lost := func(c *v1.ContainerStatus) bool {
		if m.rel.Has(release.TerminatePodWaiting) {
			return c.State.Terminated == nil
		}
		return c.State.Terminated == nil && c.State.Waiting == nil
	}
	regular, inits := ns.ContainerStatuses, ns.InitContainerStatuses
	if m.rel.Has(release.TerminatePodInitialized) {
		if !hasPodInitialized(pod) {
			regular = nil
		}
		inits = initializedContainers(inits)
	}
	for _, l := range [][]v1.ContainerStatus{regular, inits} {
		for i := range l {
			if lost(&l[i]) {
				l[i].State = unknown
			}
		}
	}
	if m.rel.Has(release.PhaseTerminalOnDeletion) && !v1.IsPodPhaseTerminal(ns.Phase) {
		ns.Phase = v1.PodFailed
	}
	m.update(pod, ns, true)
}

// hasPodInitialized tells, from the pod's status as the API server has it,
// whether the pod ever got past its init containers: always without init
// containers; else if a regular container left Waiting (or ran before), or
// the last init container completed with 0 (a sidecar: runs and started).
func hasPodInitialized(pod *v1.Pod) bool {
	if len(pod.Spec.InitContainers) == 0 {
		return true
	}
	for _, c := range pod.Status.ContainerStatuses {
		if c.LastTerminationState.Terminated != nil || c.State.Waiting == nil {
			return true
		}
	}
	l := len(pod.Status.InitContainerStatuses)
	if l == 0 || l > len(pod.Spec.InitContainers) {
		return false
	}
	last := pod.Status.InitContainerStatuses[l-1]
	if v1.IsRestartableInitContainer(&pod.Spec.InitContainers[l-1]) {
		return last.State.Running != nil && last.Started != nil && *last.Started
	}
	for _, t := range []*v1.ContainerStateTerminated{last.LastTerminationState.Terminated, last.State.Terminated} {
		if t != nil && t.ExitCode == 0 {
			return true
		}
	}
	return false
}

// initializedContainers is statuses without the trailing ones that never
// left Waiting, but never less than the first.
func initializedContainers(statuses []v1.ContainerStatus) []v1.ContainerStatus {
	for i := len(statuses) - 1; i >= 0; i-- {
		if statuses[i].State.Waiting == nil || statuses[i].LastTerminationState.Terminated != nil {
			return statuses[:i+1]
		}
	}
	return statuses[:min(len(statuses), 1)]
}

// RemovePod forgets a pod.
func (m *Manager) RemovePod(uid string) {
	delete(m.statuses, uid)
	delete(m.finished, uid)
}
