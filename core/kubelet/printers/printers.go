// Package printers computes the STATUS, READY and RESTARTS columns of
// `kubectl get pods`, which the API server's table printer derives from the
// pod (pkg/printers/internalversion: printPod), for a given release.
package printers

import (
	"fmt"
	"strconv"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// Columns are the kubectl columns of a pod.
type Columns struct {
	Status   string `json:"status"`
	Ready    string `json:"ready"`
	Restarts string `json:"restarts"`
	// RestartCount is the number in RESTARTS.
	RestartCount int `json:"restartCount"`
}

func signalOrExit(prefix string, t *v1.ContainerStateTerminated) string {
	if t.Signal != 0 {
		return fmt.Sprintf("%sSignal:%d", prefix, t.Signal)
	}
	return fmt.Sprintf("%sExitCode:%d", prefix, t.ExitCode)
}

// PrintPod computes the columns at now as the API server of rel prints
// them.
func PrintPod(rel release.Release, pod *v1.Pod, now time.Time) Columns {
	restarts, sidecarRestarts := 0, 0
	total := len(pod.Spec.Containers)
	ready := 0
	var lastRestart, lastSidecarRestart time.Time
	reason := pod.Status.Phase
	if pod.Status.Reason != "" {
		reason = pod.Status.Reason
	}
	for _, c := range pod.Status.Conditions {
		if c.Type == v1.PodScheduled && c.Reason == "SchedulingGated" {
			reason = "SchedulingGated"
		}
	}
	inits := map[string]*v1.Container{}
	for i := range pod.Spec.InitContainers {
		c := &pod.Spec.InitContainers[i]
		inits[c.Name] = c
		if v1.IsRestartableInitContainer(c) {
			total++
		}
	}
	finished := func(s v1.ContainerStatus) time.Time {
		if t := s.LastTerminationState.Terminated; t != nil && t.FinishedAt != nil {
			return t.FinishedAt.Time
		}
		return time.Time{}
	}
	initializing := false
	for i, c := range pod.Status.InitContainerStatuses {
		restarts += int(c.RestartCount)
		if f := finished(c); f.After(lastRestart) {
			lastRestart = f
		}
		sidecar := v1.IsRestartableInitContainer(inits[c.Name])
		if sidecar {
			sidecarRestarts += int(c.RestartCount)
			if f := finished(c); f.After(lastSidecarRestart) {
				lastSidecarRestart = f
			}
		}
		switch {
		case c.State.Terminated != nil && c.State.Terminated.ExitCode == 0:
			continue
		case sidecar && c.Started != nil && *c.Started:
			if c.Ready {
				ready++
			}
			continue
		case c.State.Terminated != nil:
			if c.State.Terminated.Reason == "" {
				reason = signalOrExit("Init:", c.State.Terminated)
			} else {
				reason = "Init:" + c.State.Terminated.Reason
			}
			initializing = true
		case c.State.Waiting != nil && c.State.Waiting.Reason != "" && c.State.Waiting.Reason != "PodInitializing":
			reason = "Init:" + c.State.Waiting.Reason
			initializing = true
		default:
			reason = fmt.Sprintf("Init:%d/%d", i, len(pod.Spec.InitContainers))
			initializing = true
		}
		break
	}
	initialized := false
	if _, c := v1.GetPodCondition(pod.Status.Conditions, v1.PodInitialized); c != nil && c.Status == v1.ConditionTrue {
		initialized = true
	}
	if !initializing || (rel.Has(release.PrinterInitializedPods) && initialized) {
		restarts = sidecarRestarts
		if rel.Has(release.PrinterInitializedPods) {
			// Older printers kept the init containers' last restart.
			lastRestart = lastSidecarRestart
		}
		hasRunning := false
		errorReason := ""
		for i := len(pod.Status.ContainerStatuses) - 1; i >= 0; i-- {
			c := pod.Status.ContainerStatuses[i]
			restarts += int(c.RestartCount)
			if f := finished(c); f.After(lastRestart) {
				lastRestart = f
			}
			switch {
			case c.State.Waiting != nil && c.State.Waiting.Reason != "":
				reason = c.State.Waiting.Reason
			case c.State.Terminated != nil:
				if c.State.Terminated.Reason != "" {
					reason = c.State.Terminated.Reason
				} else {
					reason = signalOrExit("", c.State.Terminated)
				}
				if c.State.Terminated.ExitCode != 0 {
					errorReason = reason
				}
			case c.Ready && c.State.Running != nil:
				hasRunning = true
				ready++
			}
		}
		if reason == "Completed" {
			_, c := v1.GetPodCondition(pod.Status.Conditions, v1.PodReady)
			ready := c != nil && c.Status == v1.ConditionTrue
			switch {
			case hasRunning && ready:
				reason = "Running"
			case errorReason != "" && rel.Has(release.CompletedShowsError):
				// A failed container outranks a completed one.
				reason = errorReason
			case hasRunning:
				reason = "NotReady"
			}
		}
	}
	if pod.Metadata.DeletionTimestamp != nil {
		switch {
		case pod.Status.Reason == "NodeLost":
			reason = "Unknown"
		case !rel.Has(release.TerminatingOnlyNonTerminal) || !v1.IsPodPhaseTerminal(pod.Status.Phase):
			reason = "Terminating"
		}
	}
	out := Columns{Status: reason, Ready: strconv.Itoa(ready) + "/" + strconv.Itoa(total), RestartCount: restarts, Restarts: strconv.Itoa(restarts)}
	if rel.Has(release.RestartsAgo) && !lastRestart.IsZero() && (restarts != 0 || !rel.Has(release.RestartsAgoOnlyRestarted)) {
		out.Restarts = fmt.Sprintf("%d (%s ago)", restarts, HumanDuration(now.Sub(lastRestart)))
	}
	return out
}

// HumanDuration is apimachinery's duration.HumanDuration.
func HumanDuration(d time.Duration) string {
	if seconds := int(d.Seconds()); seconds < -1 {
		return "<invalid>"
	} else if seconds < 0 {
		return "0s"
	} else if seconds < 60*2 {
		return fmt.Sprintf("%ds", seconds)
	}
	minutes := int(d / time.Minute)
	if minutes < 10 {
		s := int(d/time.Second) % 60
		if s == 0 {
			return fmt.Sprintf("%dm", minutes)
		}
		return fmt.Sprintf("%dm%ds", minutes, s)
	} else if minutes < 60*3 {
		return fmt.Sprintf("%dm", minutes)
	}
	hours := int(d / time.Hour)
	if hours < 8 {
		m := int(d/time.Minute) % 60
		if m == 0 {
			return fmt.Sprintf("%dh", hours)
		}
		return fmt.Sprintf("%dh%dm", hours, m)
	} else if hours < 48 {
		return fmt.Sprintf("%dh", hours)
	} else if hours < 24*8 {
		h := hours % 24
		if h == 0 {
			return fmt.Sprintf("%dd", hours/24)
		}
		return fmt.Sprintf("%dd%dh", hours/24, h)
	} else if hours < 24*365*2 {
		return fmt.Sprintf("%dd", hours/24)
	} else if hours < 24*365*8 {
		dy := int(hours/24) % 365
		if dy == 0 {
			return fmt.Sprintf("%dy", hours/24/365)
		}
		return fmt.Sprintf("%dy%dd", hours/24/365, dy)
	}
	return fmt.Sprintf("%dy", int(hours/24/365))
}
