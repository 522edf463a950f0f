package status

import (
	"time"

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
type Manager struct {
	now      func() time.Time
	api      API
	statuses map[string]*v1.PodStatus
	finished map[string]bool
	// FinalDeleteNeedsTerminalPhase is the newer canBeDeleted rule (the
	// phase must be terminal and the pod worker finished); the older rule
	// only needs no running containers in the status.
	FinalDeleteNeedsTerminalPhase bool
	// OnDelete observes final deletions and the status last written.
	OnDelete func(pod *v1.Pod, last *v1.PodStatus)
}

// NewManager returns a status manager writing through api.
func NewManager(now func() time.Time, api API) *Manager {
	return &Manager{now: now, api: api, statuses: map[string]*v1.PodStatus{}, finished: map[string]bool{}}
}

// GetPodStatus returns the cached status.
func (m *Manager) GetPodStatus(uid string) (*v1.PodStatus, bool) {
	s, ok := m.statuses[uid]
	return s, ok
}

// IsKubeletCondition reports whether the kubelet owns a condition type.
func IsKubeletCondition(t string) bool {
	switch t {
	case v1.PodScheduled, v1.PodReadyToStartContainers, "PodHasNetwork",
		v1.PodInitialized, v1.ContainersReady, v1.PodReady:
		return true
	}
	return false
}

// SetPodStatus caches and writes a status, keeping transition times.
func (m *Manager) SetPodStatus(pod *v1.Pod, s *v1.PodStatus) {
	m.update(pod, s.DeepCopy(), false)
}

// SetFreshPodStatus is SetPodStatus for a status the caller has just built
// and hands over: it is cached as is, without a copy. The caller may still
// read it but must not change it.
func (m *Manager) SetFreshPodStatus(pod *v1.Pod, s *v1.PodStatus) {
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
	now := m.now()
	for i := range s.Conditions {
		c := &s.Conditions[i]
		if _, oc := v1.GetPodCondition(old.Conditions, c.Type); oc != nil && oc.Status == c.Status && oc.LastTransitionTime != nil {
			c.LastTransitionTime = oc.LastTransitionTime
		} else if c.LastTransitionTime == nil {
			c.LastTransitionTime = v1.NewTime(now)
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
	// Cached statuses are copy-on-write (every change above builds a new
	// object), so the API server can share this one instead of a copy.
	m.api.UpdateStatus(uid, s)
	m.maybeDelete(uid, s)
}

// equal compares statuses as their JSON would (the PATCH is skipped when
// nothing the API shows changed).
func equal(a, b *v1.PodStatus) bool { return v1.EqualPodStatus(a, b) }

func (m *Manager) maybeDelete(uid string, s *v1.PodStatus) {
	pod := m.api.Pod(uid)
	if pod == nil || pod.Metadata.DeletionTimestamp == nil {
		return
	}
	if m.FinalDeleteNeedsTerminalPhase {
		if !v1.IsPodPhaseTerminal(s.Phase) || !m.finished[uid] {
			return
		}
	} else {
		for _, l := range [][]v1.ContainerStatus{s.InitContainerStatuses, s.ContainerStatuses} {
			for _, c := range l {
				if c.State.Running != nil {
					return
				}
			}
		}
		if len(s.ContainerStatuses) == 0 && len(pod.Spec.Containers) > 0 && s.Phase != v1.PodFailed {
			return
		}
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
	c := GeneratePodReadyToStartContainersCondition(condType, false)
	if i, _ := v1.GetPodCondition(s.Conditions, condType); i >= 0 {
		s.Conditions[i] = c
	} else {
		s.Conditions = append([]v1.PodCondition{c}, s.Conditions...)
	}
	m.update(pod, s, false)
}

// SetContainerReadiness applies a readiness result to the cached status
// and recomputes ContainersReady and Ready.
func (m *Manager) SetContainerReadiness(pod *v1.Pod, containerID string, ready bool) {
	s, ok := m.statuses[pod.Metadata.UID]
	if !ok {
		return
	}
	ns := s.DeepCopy()
	cs := findByID(ns, containerID)
	if cs == nil || cs.Ready == ready {
		return
	}
	cs.Ready = ready
	m.recomputeReady(pod, ns)
	m.update(pod, ns, false)
}

// SetContainerStartup applies a startup result to the cached status.
func (m *Manager) SetContainerStartup(pod *v1.Pod, containerID string, started bool) {
	s, ok := m.statuses[pod.Metadata.UID]
	if !ok {
		return
	}
	ns := s.DeepCopy()
	cs := findByID(ns, containerID)
	if cs == nil || (cs.Started != nil && *cs.Started == started) {
		return
	}
	cs.Started = &started
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
	cr := GenerateContainersReadyCondition(&pod.Spec, all, s.Phase)
	rd := GeneratePodReadyCondition(&pod.Spec, s.Conditions, all, s.Phase)
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

// TerminatePod marks every container terminated and the phase terminal
// (Failed if still Pending or Running) once the pod worker has finished,
// then lets the final deletion proceed. forcePhase is the 1.27+ rule.
func (m *Manager) TerminatePod(pod *v1.Pod, forcePhase bool) {
	s, ok := m.statuses[pod.Metadata.UID]
	if !ok {
		s = pod.Status.DeepCopy()
	}
	ns := s.DeepCopy()
	unknown := v1.ContainerState{Terminated: &v1.ContainerStateTerminated{
		Reason: "ContainerStatusUnknown", Message: "The container could not be located when the pod was terminated", ExitCode: 137}}
	if !forcePhase {
		// Older kubelets only replaced states that still claimed to run.
		for _, l := range [][]v1.ContainerStatus{ns.ContainerStatuses, ns.InitContainerStatuses} {
			for i := range l {
				if l[i].State.Running != nil {
					l[i].State = unknown
				}
			}
		}
	} else {
		// Once the pod has initialized, a regular container without a
		// terminated state is reported as lost; so is every init container
		// but the trailing ones still waiting (at least the first).
		if hasPodInitialized(pod) {
			for i := range ns.ContainerStatuses {
				if ns.ContainerStatuses[i].State.Terminated == nil {
					ns.ContainerStatuses[i].State = unknown
				}
			}
		}
		for i := range initializedContainers(ns.InitContainerStatuses) {
			if ns.InitContainerStatuses[i].State.Terminated == nil {
				ns.InitContainerStatuses[i].State = unknown
			}
		}
	}
	if forcePhase && !v1.IsPodPhaseTerminal(ns.Phase) {
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
