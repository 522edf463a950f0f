package container

import (
	"slices"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// State is kubecontainer.State.
type State string

// Container states as the kubelet names them.
const (
	StateCreated State = "created"
	StateRunning State = "running"
	StateExited  State = "exited"
	StateUnknown State = "unknown"
)

// FromCRI maps a CRI container state.
func FromCRI(s cri.ContainerState) State {
	switch s {
	case cri.ContainerCreated:
		return StateCreated
	case cri.ContainerRunning:
		return StateRunning
	case cri.ContainerExited:
		return StateExited
	}
	return StateUnknown
}

// RuntimeName prefixes container IDs ("containerd://…").
const RuntimeName = "containerd"

// Status is kubecontainer.Status: one container instance as the runtime
// reports it.
type Status struct {
	ID           string
	Name         string
	State        State
	CreatedAt    time.Time
	StartedAt    time.Time
	FinishedAt   time.Time
	ExitCode     int
	Image        string
	ImageRef     string
	Hash         string
	RestartCount int
	Reason       string
	Message      string
	// SandboxID is the sandbox the instance belongs to.
	SandboxID string
	// fullID caches FullID: every sync and probe asks for it.
	fullID string
}

// FullID is the runtime-prefixed container ID.
func (s *Status) FullID() string {
	if s.fullID == "" {
		s.fullID = RuntimeName + "://" + s.ID
	}
	return s.fullID
}

// IsFullID reports whether id is FullID(), without building it.
func (s *Status) IsFullID(id string) bool {
	const prefix = RuntimeName + "://"
	return len(id) == len(prefix)+len(s.ID) && id[:len(prefix)] == prefix && id[len(prefix):] == s.ID
}

// PodStatus is kubecontainer.PodStatus: everything the runtime knows about
// a pod, newest instances first.
type PodStatus struct {
	ID                string
	Name              string
	Namespace         string
	IPs               []string
	ContainerStatuses []*Status
	SandboxStatuses   []*cri.PodSandboxStatus
	TimeStamp         time.Time
	// ActiveSandboxID is the newest sandbox when it is ready, else "".
	// Upstream (1.33+) keeps the instances of that sandbox as
	// ActiveContainerStatuses; here they are the instances whose
	// SandboxID it is.
	ActiveSandboxID string
}

// HasAnyActiveRegularContainerStarted reports whether a regular container
// has an instance in the active sandbox, in any state
// (pkg/kubelet/container/helpers.go, 1.33+): the kubelet's sign that the
// current sandbox has finished its init containers.
func HasAnyActiveRegularContainerStarted(spec *v1.PodSpec, s *PodStatus) bool {
	if s == nil || s.ActiveSandboxID == "" {
		return false
	}
	for _, st := range s.ContainerStatuses {
		if st.SandboxID != s.ActiveSandboxID {
			continue
		}
		for i := range spec.Containers {
			if spec.Containers[i].Name == st.Name {
				return true
			}
		}
	}
	return false
}

// FindActiveContainerStatusByName returns the newest instance of a
// container in the active sandbox (1.37+).
func (s *PodStatus) FindActiveContainerStatusByName(name string) *Status {
	if s == nil || s.ActiveSandboxID == "" {
		return nil
	}
	for _, c := range s.ContainerStatuses {
		if c.Name == name && c.SandboxID == s.ActiveSandboxID {
			return c
		}
	}
	return nil
}

// FindContainerStatusByName returns the newest instance of a container.
func (s *PodStatus) FindContainerStatusByName(name string) *Status {
	if s == nil {
		return nil
	}
	for _, c := range s.ContainerStatuses {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// SortNewestFirst orders instances by creation time, newest first.
func SortNewestFirst(l []*Status) {
	slices.SortStableFunc(l, newestFirst)
}

func newestFirst(a, b *Status) int { return b.CreatedAt.Compare(a.CreatedAt) }

// Container is an item of a runtime pod listing (GetPods).
type Container struct {
	ID        string
	Name      string
	Image     string
	Hash      string
	State     State
	CreatedAt time.Time
	Sandbox   bool
}

// Pod is kubecontainer.Pod: a pod as found in the runtime listing.
type Pod struct {
	ID         string
	Name       string
	Namespace  string
	Containers []*Container
	Sandboxes  []*Container
}

// ShouldContainerBeRestarted is the kubelet's restart rule
// (pkg/kubelet/container/helpers.go): never once the pod is being deleted;
// a container never started, created or unknown is started; a running one
// is kept; an exited one follows the pod's restart policy, or with rules
// (ContainerRestartRules, 1.34 alpha, 1.35 beta) v1.ContainerShouldRestart:
// the container's own rules and policy first; restartAll is the
// RestartAllContainersOnContainerExits gate, under which a rule whose
// action is RestartAllContainers restarts the container too.
func ShouldContainerBeRestarted(c *v1.Container, pod *v1.Pod, status *PodStatus, rules, restartAll bool) bool {
	if pod.Metadata.DeletionTimestamp != nil {
		return false
	}
	s := status.FindContainerStatusByName(c.Name)
	if s == nil {
		return true
	}
	switch s.State {
	case StateRunning:
		return false
	case StateUnknown, StateCreated:
		return true
	}
	if rules {
		return v1.ContainerShouldRestart(c, &pod.Spec, int32(s.ExitCode), restartAll)
	}
	switch pod.Spec.RestartPolicy {
	case v1.RestartPolicyNever:
		return false
	case v1.RestartPolicyOnFailure:
		return s.ExitCode != 0
	}
	return true
}

// ShouldAllContainersRestart reports whether every container of the pod is
// to be restarted in place (pkg/kubelet/container/helpers.go, 1.35+): the
// API status says so already (AllContainersRestarting is True), or an init
// or regular container's newest instance in the runtime, or its API status,
// has exited with a code whose first matching rule is RestartAllContainers.
// status and api may be nil.
func ShouldAllContainersRestart(pod *v1.Pod, status *PodStatus, api *v1.PodStatus) bool {
	if api != nil {
		if _, c := v1.GetPodCondition(api.Conditions, v1.AllContainersRestarting); c != nil && c.Status == v1.ConditionTrue {
			return true
		}
	}
	restartsAll := func(c *v1.Container, code int32) bool {
		r := v1.MatchRestartRule(c, code)
		return r != nil && r.Action == v1.RestartRuleActionRestartAll
	}
	for _, cs := range [][]v1.Container{pod.Spec.InitContainers, pod.Spec.Containers} {
		for i := range cs {
			c := &cs[i]
			if s := status.FindContainerStatusByName(c.Name); s != nil && s.State == StateExited && restartsAll(c, int32(s.ExitCode)) {
				return true
			}
			if api == nil {
				continue
			}
			st, ok := v1.GetContainerStatus(api.InitContainerStatuses, c.Name)
			if !ok {
				st, ok = v1.GetContainerStatus(api.ContainerStatuses, c.Name)
			}
			if ok && st.State.Terminated != nil && restartsAll(c, st.State.Terminated.ExitCode) {
				return true
			}
		}
	}
	return false
}

// AllContainersRestartCleanedUp reports whether the runtime no longer
// lists any instance of the pod's init or regular containers: the reset
// of a restart in place is done.
func AllContainersRestartCleanedUp(pod *v1.Pod, status *PodStatus) bool {
	for _, cs := range [][]v1.Container{pod.Spec.InitContainers, pod.Spec.Containers} {
		for i := range cs {
			if status.FindContainerStatusByName(cs[i].Name) != nil {
				return false
			}
		}
	}
	return true
}

// Waiter lets code that would block in upstream continue later on virtual
// time: then runs d from now (at once, synchronously, when d is zero).
type Waiter interface {
	Now() time.Time
	Wait(d time.Duration, then func())
}
