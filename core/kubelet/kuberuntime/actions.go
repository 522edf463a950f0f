package kuberuntime

import (
	"fmt"
	"slices"

	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/prober"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// Kill reasons, which pick the probe-level grace period.
const (
	reasonUnknown       = ""
	reasonStartupProbe  = "StartupProbe"
	reasonLivenessProbe = "LivenessProbe"
	reasonPostStartHook = "FailedPostStartHook"
	reasonRestartAll    = "RestartAllContainers"
)

// ContainerToKill is one entry of PodActions.ContainersToKill.
type ContainerToKill struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Message string `json:"message"`
	reason  string
}

// ContainerToReset is one entry of PodActions.ContainersToReset: an
// instance to remove from the runtime, killed first if it is not exited.
type ContainerToReset struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Kill bool   `json:"kill,omitempty"`
}

// PodActions is the outcome of computePodActions.
type PodActions struct {
	KillPod               bool              `json:"killPod"`
	CreateSandbox         bool              `json:"createSandbox"`
	SandboxID             string            `json:"sandboxID,omitempty"`
	Attempt               uint32            `json:"attempt"`
	InitContainersToStart []int             `json:"initContainersToStart,omitempty"`
	ContainersToStart     []int             `json:"containersToStart,omitempty"`
	ContainersToKill      []ContainerToKill `json:"containersToKill,omitempty"`
	// ContainersToReset: a restart of all containers in place (1.35+).
	ContainersToReset []ContainerToReset `json:"containersToReset,omitempty"`
}

func shouldRestartOnFailure(pod *v1.Pod) bool { return pod.Spec.RestartPolicy != v1.RestartPolicyNever }

func containerSucceeded(c *v1.Container, status *kubecontainer.PodStatus) bool {
	s := status.FindContainerStatusByName(c.Name)
	return s != nil && s.State == kubecontainer.StateExited && s.ExitCode == 0
}

func isInitContainerFailed(s *kubecontainer.Status) bool {
	if s.State == kubecontainer.StateExited && s.ExitCode != 0 {
		return true
	}
	return s.State == kubecontainer.StateUnknown
}

func (a *PodActions) kill(s *kubecontainer.Status, name, msg, reason string) {
	a.ContainersToKill = append(a.ContainersToKill, ContainerToKill{ID: s.ID, Name: name, Message: msg, reason: reason})
}

// sidecarInitRule tells whether the sidecar-aware rule
// (computeInitContainerActions) decides the pod's init containers, else
// the rule from before sidecars (findNextInitContainerToRun). With the
// SidecarContainers gate on it decides every pod's, except in 1.32, and
// in 1.33 with LegacySidecarContainers on, where only a pod with a
// sidecar gets it.
func (m *Manager) sidecarInitRule(pod *v1.Pod) bool {
	switch {
	case !m.opt.Sidecars:
		return false
	case m.opt.Rel.Has(release.InitRuleSidecarPodsOnly) && !m.opt.Rel.Has(release.InitRuleEveryPod),
		m.opt.LegacySidecars:
		return v1.HasRestartableInitContainer(pod)
	}
	return true
}

// hasAnyRegularContainerCreated tells whether the runtime lists a regular
// container of the pod that was created, whether it ran or exited since.
func hasAnyRegularContainerCreated(pod *v1.Pod, status *kubecontainer.PodStatus) bool {
	for i := range pod.Spec.Containers {
		s := status.FindContainerStatusByName(pod.Spec.Containers[i].Name)
		if s != nil && (s.State == kubecontainer.StateCreated || s.State == kubecontainer.StateRunning || s.State == kubecontainer.StateExited) {
			return true
		}
	}
	return false
}

// findNextInitContainerToRun is the pre-sidecar rule: the last failed init
// container, else the one after the last exited, else the first.
func findNextInitContainerToRun(pod *v1.Pod, status *kubecontainer.PodStatus) (*kubecontainer.Status, int, bool) {
	n := len(pod.Spec.InitContainers)
	if n == 0 {
		return nil, -1, true
	}
	for _, c := range pod.Spec.Containers {
		if s := status.FindContainerStatusByName(c.Name); s != nil && s.State == kubecontainer.StateRunning {
			return nil, -1, true
		}
	}
	for i := n - 1; i >= 0; i-- {
		if s := status.FindContainerStatusByName(pod.Spec.InitContainers[i].Name); s != nil && isInitContainerFailed(s) {
			return s, i, false
		}
	}
	for i := n - 1; i >= 0; i-- {
		s := status.FindContainerStatusByName(pod.Spec.InitContainers[i].Name)
		if s == nil {
			continue
		}
		if s.State == kubecontainer.StateRunning {
			return nil, -1, false
		}
		if s.State == kubecontainer.StateExited {
			if i == n-1 {
				return nil, -1, true
			}
			return nil, i + 1, false
		}
	}
	return nil, 0, false
}

// computeInitContainerActions is the sidecar-aware rule (1.28+ with
// SidecarContainers); it returns whether the pod has initialized.
func (m *Manager) computeInitContainerActions(pod *v1.Pod, status *kubecontainer.PodStatus, a *PodActions) bool {
	if len(pod.Spec.InitContainers) == 0 {
		return true
	}
	// A regular container that has run means the init containers have run
	// (the runtime may have removed them since). Up to 1.36 that is one
	// created or running, in any sandbox, and every instance is looked up
	// by name; from 1.37 any regular container of the current sandbox, and
	// only that sandbox's instances count.
	podHasInitialized := false
	find := status.FindContainerStatusByName
	if m.opt.Rel.Has(release.InitActionsActiveSandbox) {
		podHasInitialized = kubecontainer.HasAnyActiveRegularContainerStarted(&pod.Spec, status)
		find = status.FindActiveContainerStatusByName
	} else {
		for _, c := range pod.Spec.Containers {
			s := status.FindContainerStatusByName(c.Name)
			if s != nil && (s.State == kubecontainer.StateCreated || s.State == kubecontainer.StateRunning) {
				podHasInitialized = true
			}
		}
	}
	prev := podHasInitialized
	restartOnFailure := shouldRestartOnFailure(pod)
	var toStart []int
	for i := len(pod.Spec.InitContainers) - 1; i >= 0; i-- {
		c := &pod.Spec.InitContainers[i]
		sidecar := v1.IsRestartableInitContainer(c)
		s := find(c.Name)
		if s == nil {
			if prev && sidecar {
				toStart = append(toStart, i)
			}
			continue
		}
		if prev && !sidecar {
			continue
		}
		switch s.State {
		case kubecontainer.StateCreated:
			toStart = append(toStart, i)
		case kubecontainer.StateRunning:
			if !sidecar {
				break
			}
			if c.StartupProbe != nil {
				r, found := m.startup.Get(s.FullID())
				if !found {
					break
				}
				if r != prober.Success {
					if r == prober.Failure {
						a.kill(s, c.Name, fmt.Sprintf("Init container %s failed startup probe", c.Name), reasonStartupProbe)
						toStart = append(toStart, i)
					}
					break
				}
			}
			if i == len(pod.Spec.InitContainers)-1 {
				podHasInitialized = true
			} else if !prev {
				toStart = append(toStart, i+1)
			}
			if m.hash(c) != s.Hash && m.opt.Rel.Has(release.SidecarDefinitionChange) {
				a.kill(s, c.Name, fmt.Sprintf("Init container %s definition changed", c.Name), reasonUnknown)
				toStart = append(toStart, i)
				break
			}
			if c.LivenessProbe != nil {
				if r, found := m.liveness.Get(s.FullID()); found && r == prober.Failure {
					a.kill(s, c.Name, fmt.Sprintf("Init container %s failed liveness probe", c.Name), reasonLivenessProbe)
					toStart = append(toStart, i)
				}
			}
		case kubecontainer.StateExited:
			if sidecar {
				toStart = append(toStart, i)
				break
			}
			if isInitContainerFailed(s) {
				restart := restartOnFailure
				if m.opt.RestartRules {
					restart = kubecontainer.ShouldContainerBeRestarted(c, pod, status, true, m.opt.RestartAll)
				}
				if !restart {
					a.KillPod = true
					a.InitContainersToStart = nil
					return false
				}
				toStart = append(toStart, i)
				break
			}
			if i == len(pod.Spec.InitContainers)-1 {
				podHasInitialized = true
			} else {
				toStart = append(toStart, i+1)
			}
		default:
			if sidecar {
				a.kill(s, c.Name, fmt.Sprintf("Init container is in %q state, try killing it before restart", s.State), reasonUnknown)
				toStart = append(toStart, i)
				break
			}
			// In an unknown state there is no exit code: under
			// ContainerRestartRules the container's own policy decides.
			restart := restartOnFailure
			if m.opt.RestartRules && c.RestartPolicy != nil {
				restart = *c.RestartPolicy != v1.RestartPolicyNever
			}
			if !restart {
				a.KillPod = true
				a.InitContainersToStart = nil
				return false
			}
			a.kill(s, c.Name, fmt.Sprintf("Init container is in %q state, try killing it before restart", s.State), reasonUnknown)
			toStart = append(toStart, i)
		}
		if !prev {
			prev = true
		}
	}
	if !prev {
		toStart = append(toStart, 0)
	}
	for i, j := 0, len(toStart)-1; i < j; i, j = i+1, j-1 {
		toStart[i], toStart[j] = toStart[j], toStart[i]
	}
	a.InitContainersToStart = toStart
	return podHasInitialized
}

// containersToReset lists every instance of the containers in cs: first
// the targets, then the sources, the instances that exited with a code
// whose rule is RestartAllContainers (getContainersToReset). An instance
// that has not exited is to be killed before it is removed.
func containersToReset(cs []v1.Container, status *kubecontainer.PodStatus) (sources, targets []ContainerToReset) {
	for i := range cs {
		c := &cs[i]
		for _, s := range status.ContainerStatuses {
			if s.Name != c.Name {
				continue
			}
			r := ContainerToReset{ID: s.ID, Name: c.Name}
			if s.State != kubecontainer.StateExited {
				r.Kill = true
				targets = append(targets, r)
				continue
			}
			if rule := v1.MatchRestartRule(c, int32(s.ExitCode)); rule != nil && rule.Action == v1.RestartRuleActionRestartAll {
				sources = append(sources, r)
			} else {
				targets = append(targets, r)
			}
		}
	}
	return sources, targets
}

// ComputePodActions is computePodActions. restartAll is whether the pod's
// status says AllContainersRestarting: then, with the gate on, the only
// actions are to reset every container, the regular targets first, then
// the init ones, then the regular and the init sources (the containers
// whose exit asked for it) last; the sandbox is kept, unless it must be
// recreated anyway.
func (m *Manager) ComputePodActions(pod *v1.Pod, status *kubecontainer.PodStatus, restartAll bool) PodActions {
	create, attempt, sandboxID := PodSandboxChanged(pod, status)
	a := PodActions{KillPod: create, CreateSandbox: create, SandboxID: sandboxID, Attempt: attempt}
	if m.opt.RestartAll && restartAll {
		initSources, initTargets := containersToReset(pod.Spec.InitContainers, status)
		sources, targets := containersToReset(pod.Spec.Containers, status)
		a.ContainersToReset = slices.Concat(targets, initTargets, sources, initSources)
		return a
	}
	if create {
		if !shouldRestartOnFailure(pod) && attempt != 0 && len(status.ContainerStatuses) != 0 {
			// A pod that may not restart is not given a new sandbox.
			a.CreateSandbox = false
			return a
		}
		var toStart []int
		for i := range pod.Spec.Containers {
			c := &pod.Spec.Containers[i]
			// Succeeded containers stay done when the pod's policy is
			// OnFailure, or under ContainerRestartRules when the container's
			// own policy, if it has one, is: its own Always or Never runs it
			// again in the new sandbox.
			runOnce := pod.Spec.RestartPolicy == v1.RestartPolicyOnFailure
			if m.opt.RestartRules && c.RestartPolicy != nil {
				runOnce = *c.RestartPolicy == v1.RestartPolicyOnFailure
			}
			if runOnce && containerSucceeded(c, status) {
				continue
			}
			toStart = append(toStart, i)
		}
		if len(toStart) == 0 && m.opt.Rel.Has(release.InitRestartAfterSandboxLoss) {
			// Has the pod initialized? Under the sidecar-aware rule any
			// regular container the runtime lists says so.
			var initialized bool
			if m.sidecarInitRule(pod) {
				initialized = hasAnyRegularContainerCreated(pod, status)
			} else {
				_, _, initialized = findNextInitContainerToRun(pod, status)
			}
			if initialized {
				a.CreateSandbox = false
				return a
			}
		}
		if len(pod.Spec.InitContainers) != 0 {
			a.InitContainersToStart = []int{0}
			return a
		}
		a.ContainersToStart = toStart
		return a
	}

	if !m.sidecarInitRule(pod) {
		last, next, done := findNextInitContainerToRun(pod, status)
		if !done {
			if next >= 0 {
				failed := last != nil && isInitContainerFailed(last)
				if failed && !shouldRestartOnFailure(pod) {
					a.KillPod = true
				} else {
					if last != nil && last.State == kubecontainer.StateUnknown {
						a.kill(last, last.Name, fmt.Sprintf("Init container is in %q state, try killing it before restart", last.State), reasonUnknown)
					}
					a.InitContainersToStart = []int{next}
				}
			}
			return a
		}
	} else if initialized := m.computeInitContainerActions(pod, status, &a); a.KillPod || !initialized {
		return a
	}

	keep := 0
	for i := range pod.Spec.Containers {
		c := &pod.Spec.Containers[i]
		s := status.FindContainerStatusByName(c.Name)
		if s == nil || s.State != kubecontainer.StateRunning {
			if kubecontainer.ShouldContainerBeRestarted(c, pod, status, m.opt.RestartRules, m.opt.RestartAll) {
				a.ContainersToStart = append(a.ContainersToStart, i)
				if s != nil && s.State == kubecontainer.StateUnknown {
					a.kill(s, c.Name, fmt.Sprintf("Container is in %q state, try killing it before restart", s.State), reasonUnknown)
				}
			}
			continue
		}
		var msg, reason string
		// A running container killed by a probe is started again by the
		// policy alone (no exit code for the rules): its own, under
		// ContainerRestartRules, else the pod's.
		restart := shouldRestartOnFailure(pod)
		if m.opt.RestartRules && c.RestartPolicy != nil {
			restart = *c.RestartPolicy != v1.RestartPolicyNever
		}
		if m.hash(c) != s.Hash {
			msg, restart = fmt.Sprintf("Container %s definition changed", c.Name), true
		} else if r, ok := m.liveness.Get(s.FullID()); ok && r == prober.Failure {
			msg, reason = fmt.Sprintf("Container %s failed liveness probe", c.Name), reasonLivenessProbe
		} else if r, ok := m.startup.Get(s.FullID()); ok && r == prober.Failure {
			msg, reason = fmt.Sprintf("Container %s failed startup probe", c.Name), reasonStartupProbe
		} else {
			keep++
			continue
		}
		if restart {
			msg += ", will be restarted"
			a.ContainersToStart = append(a.ContainersToStart, i)
		}
		a.kill(s, c.Name, msg, reason)
	}
	if keep == 0 && len(a.ContainersToStart) == 0 {
		a.KillPod = true
		// Sidecars must not keep a finished pod alive.
		a.InitContainersToStart = nil
	}
	return a
}
