// Package status models pkg/kubelet/status: the generators of the
// kubelet-owned pod conditions and the status manager, which caches the
// latest status of each pod, keeps condition transition times and the
// start time, applies readiness and startup results, marks pods terminal
// and issues the final deletion of a terminated, deleted pod.
package status

import (
	"fmt"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// Condition reasons.
const (
	UnknownContainerStatuses = "UnknownContainerStatuses"
	PodCompleted             = "PodCompleted"
	PodFailed                = "PodFailed"
	ContainersNotReady       = "ContainersNotReady"
	ContainersNotInitialized = "ContainersNotInitialized"
	ReadinessGatesNotReady   = "ReadinessGatesNotReady"
	// RestartAllContainersStarted: a container exited with a code whose
	// rule restarts all the pod's containers (1.35+).
	RestartAllContainersStarted = "RestartAllContainersStarted"
)

// containersMessage is the message of a condition that lists containers:
// "containers with unknown status: [a]" and "containers with <what>
// status: [b c]" (names as fmt's %s renders a []string), either or both,
// joined with ", "; "" when both lists are empty. It is built as one string
// because it is made for every unready pod on every sync.
func containersMessage(unknown []string, what string, names []string) string {
	if len(unknown) == 0 && len(names) == 0 {
		return ""
	}
	var buf [128]byte
	msg := appendContainers(buf[:0], "unknown", unknown)
	if len(unknown) > 0 && len(names) > 0 {
		msg = append(msg, ", "...)
	}
	return string(appendContainers(msg, what, names))
}

func appendContainers(b []byte, label string, names []string) []byte {
	if len(names) == 0 {
		return b
	}
	b = append(b, "containers with "...)
	b = append(b, label...)
	b = append(b, " status: ["...)
	for i, n := range names {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, n...)
	}
	return append(b, ']')
}

// nameBuf holds the container names a condition lists, on the stack for
// the usual pod of a few containers.
type nameBuf [4]string

// HasAnyRegularContainerStarted reports whether a regular container is
// running or terminated now (pkg/kubelet/container/helpers.go, the same
// 1.28 … 1.37): a container waiting to restart (CrashLoopBackOff) has not
// started, whatever its last state says.
func HasAnyRegularContainerStarted(spec *v1.PodSpec, statuses []v1.ContainerStatus) bool {
	for _, c := range spec.Containers {
		s, ok := v1.GetContainerStatus(statuses, c.Name)
		if !ok {
			continue
		}
		if s.State.Running != nil || s.State.Terminated != nil {
			return true
		}
	}
	return false
}

// GenerateContainersReadyCondition computes ContainersReady. A Failed pod's
// condition says PodFailed from 1.25; before, it lists the unready
// containers like any other.
func GenerateContainersReadyCondition(rel release.Release, spec *v1.PodSpec, statuses []v1.ContainerStatus, phase string) v1.PodCondition {
	if statuses == nil {
		return v1.PodCondition{Type: v1.ContainersReady, Status: v1.ConditionFalse, Reason: UnknownContainerStatuses}
	}
	var unknownBuf, unreadyBuf nameBuf
	unknown, unready := unknownBuf[:0], unreadyBuf[:0]
	for i := range spec.InitContainers {
		c := &spec.InitContainers[i]
		if !v1.IsRestartableInitContainer(c) {
			continue
		}
		if s, ok := v1.GetContainerStatus(statuses, c.Name); ok {
			if !s.Ready {
				unready = append(unready, c.Name)
			}
		} else {
			unknown = append(unknown, c.Name)
		}
	}
	for _, c := range spec.Containers {
		if s, ok := v1.GetContainerStatus(statuses, c.Name); ok {
			if !s.Ready {
				unready = append(unready, c.Name)
			}
		} else {
			unknown = append(unknown, c.Name)
		}
	}
	if phase == v1.PodSucceeded && len(unknown) == 0 {
		return v1.PodCondition{Type: v1.ContainersReady, Status: v1.ConditionFalse, Reason: PodCompleted}
	}
	if phase == v1.PodFailed && rel.Has(release.PodFailedReason) {
		return v1.PodCondition{Type: v1.ContainersReady, Status: v1.ConditionFalse, Reason: PodFailed}
	}
	if msg := containersMessage(unknown, "unready", unready); msg != "" {
		return v1.PodCondition{Type: v1.ContainersReady, Status: v1.ConditionFalse, Reason: ContainersNotReady, Message: msg}
	}
	return v1.PodCondition{Type: v1.ContainersReady, Status: v1.ConditionTrue}
}

// GeneratePodReadyCondition computes Ready from ContainersReady and the
// readiness gates.
func GeneratePodReadyCondition(rel release.Release, spec *v1.PodSpec, conds []v1.PodCondition, statuses []v1.ContainerStatus, phase string) v1.PodCondition {
	return PodReadyFrom(GenerateContainersReadyCondition(rel, spec, statuses, phase), spec, conds)
}

// PodReadyFrom is GeneratePodReadyCondition given the ContainersReady
// condition cr, for a caller that has computed it already.
func PodReadyFrom(cr v1.PodCondition, spec *v1.PodSpec, conds []v1.PodCondition) v1.PodCondition {
	if cr.Status != v1.ConditionTrue {
		return v1.PodCondition{Type: v1.PodReady, Status: cr.Status, Reason: cr.Reason, Message: cr.Message}
	}
	var msgs []string
	for _, g := range spec.ReadinessGates {
		_, c := v1.GetPodCondition(conds, g.ConditionType)
		if c == nil {
			msgs = append(msgs, fmt.Sprintf("corresponding condition of pod readiness gate %q does not exist.", g.ConditionType))
		} else if c.Status != v1.ConditionTrue {
			msgs = append(msgs, fmt.Sprintf("the status of pod readiness gate %q is not \"True\", but %v", g.ConditionType, c.Status))
		}
	}
	if len(msgs) > 0 {
		return v1.PodCondition{Type: v1.PodReady, Status: v1.ConditionFalse, Reason: ReadinessGatesNotReady, Message: strings.Join(msgs, ", ")}
	}
	return v1.PodCondition{Type: v1.PodReady, Status: v1.ConditionTrue}
}

// GeneratePodInitializedCondition computes Initialized; from 1.28 a pod
// whose regular containers have started is initialized whatever its init
// containers say. wasInitialized is whether, under
// RestartAllContainersOnContainerExits, the previous status had the pod
// Initialized: a pod restarting all its containers in place runs its init
// containers again, but is not uninitialized by that.
func GeneratePodInitializedCondition(rel release.Release, spec *v1.PodSpec, statuses []v1.ContainerStatus, phase string, wasInitialized bool) v1.PodCondition {
	if statuses == nil && len(spec.InitContainers) > 0 {
		return v1.PodCondition{Type: v1.PodInitialized, Status: v1.ConditionFalse, Reason: UnknownContainerStatuses}
	}
	var unknownBuf, incompleteBuf nameBuf
	unknown, incomplete := unknownBuf[:0], incompleteBuf[:0]
	for i := range spec.InitContainers {
		c := &spec.InitContainers[i]
		s, ok := v1.GetContainerStatus(statuses, c.Name)
		if !ok {
			unknown = append(unknown, c.Name)
			continue
		}
		if v1.IsRestartableInitContainer(c) {
			if s.Started == nil || !*s.Started {
				incomplete = append(incomplete, c.Name)
			}
		} else if !s.Ready {
			incomplete = append(incomplete, c.Name)
		}
	}
	if phase == v1.PodSucceeded && len(unknown) == 0 {
		return v1.PodCondition{Type: v1.PodInitialized, Status: v1.ConditionTrue, Reason: PodCompleted}
	}
	if rel.Has(release.InitializedWhenStarted) && HasAnyRegularContainerStarted(spec, statuses) {
		return v1.PodCondition{Type: v1.PodInitialized, Status: v1.ConditionTrue}
	}
	if msg := containersMessage(unknown, "incomplete", incomplete); msg != "" {
		if wasInitialized {
			return v1.PodCondition{Type: v1.PodInitialized, Status: v1.ConditionTrue}
		}
		return v1.PodCondition{Type: v1.PodInitialized, Status: v1.ConditionFalse, Reason: ContainersNotInitialized, Message: msg}
	}
	return v1.PodCondition{Type: v1.PodInitialized, Status: v1.ConditionTrue}
}

// GenerateAllContainersRestartingCondition is the AllContainersRestarting
// condition (1.35+, RestartAllContainersOnContainerExits) of a pod with a
// RestartAllContainers rule: False with the terminal phase's reason once the
// pod is done; True while a restart in place is wanted (restarting:
// kubecontainer.ShouldAllContainersRestart) and the runtime still lists
// some of its containers (not cleanedUp); else False without a reason.
func GenerateAllContainersRestartingCondition(phase string, restarting, cleanedUp bool) v1.PodCondition {
	switch {
	case phase == v1.PodSucceeded:
		return v1.PodCondition{Type: v1.AllContainersRestarting, Status: v1.ConditionFalse, Reason: PodCompleted}
	case phase == v1.PodFailed:
		return v1.PodCondition{Type: v1.AllContainersRestarting, Status: v1.ConditionFalse, Reason: PodFailed}
	case !restarting, cleanedUp:
		return v1.PodCondition{Type: v1.AllContainersRestarting, Status: v1.ConditionFalse}
	}
	return v1.PodCondition{Type: v1.AllContainersRestarting, Status: v1.ConditionTrue, Reason: RestartAllContainersStarted,
		Message: "container exited with restart policy rule"}
}

// PodSandboxNotReady is the reason of a False PodReadyToStartContainers
// from 1.37.
const PodSandboxNotReady = "PodSandboxNotReady"

// GeneratePodReadyToStartContainersCondition is True once no new sandbox is
// needed. condType is PodReadyToStartContainers (1.28+) or PodHasNetwork.
// why is the reason a sandbox is needed; from 1.37 a False condition says
// PodSandboxNotReady with why as its message (before, neither).
func GeneratePodReadyToStartContainersCondition(rel release.Release, condType string, sandboxNeeded bool, why string) v1.PodCondition {
	if sandboxNeeded {
		if rel.Has(release.ReadyToStartReason) {
			return v1.PodCondition{Type: condType, Status: v1.ConditionFalse, Reason: PodSandboxNotReady, Message: why}
		}
		return v1.PodCondition{Type: condType, Status: v1.ConditionFalse}
	}
	return v1.PodCondition{Type: condType, Status: v1.ConditionTrue}
}

// ConditionGeneration is CalculatePodConditionObservedGeneration: with
// PodObservedGenerationTracking (track) a kubelet condition records the
// pod's generation; without, it keeps doing so once its previous version
// did.
func ConditionGeneration(track bool, old *v1.PodStatus, generation int64, condType string) int64 {
	if track {
		return generation
	}
	if _, c := v1.GetPodCondition(old.Conditions, condType); c != nil && c.ObservedGeneration != 0 {
		return generation
	}
	return 0
}
