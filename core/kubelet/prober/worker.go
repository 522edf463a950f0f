package prober

import (
	"context"
	"time"

	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// worker probes one container with one probe type, like prober/worker.go;
// its goroutine and ticker are timers on the scheduler.
type worker struct {
	m         *Manager
	pod       *v1.Pod
	container v1.Container
	spec      *v1.Probe
	probeType ProbeType
	initial   Result
	results   *ResultsManager

	containerID string
	lastResult  Result
	resultRun   int
	onHold      bool

	// name names the worker's timers; tick is its ticker's body. Both are
	// built once: a worker arms its ticker every period.
	name string
	tick func()

	stopped      bool
	tickTimer    Timer
	triggerQueue bool // manualTriggerCh has a buffer of one
	nextTick     time.Time
}

func newWorker(m *Manager, t ProbeType, pod *v1.Pod, c v1.Container) *worker {
	w := &worker{m: m, pod: pod, container: c, probeType: t, lastResult: Unknown}
	switch t {
	case Readiness:
		w.spec, w.results, w.initial = c.ReadinessProbe, m.Readiness, Failure
	case Liveness:
		w.spec, w.results, w.initial = c.LivenessProbe, m.Liveness, Success
	default:
		w.spec, w.results, w.initial = c.StartupProbe, m.Startup, Unknown
	}
	w.name = "probe " + t.Lower() + " " + pod.Metadata.Name + "/" + c.Name
	w.tick = func() {
		w.nextTick = w.nextTick.Add(w.period())
		if w.step() {
			w.arm()
		}
	}
	return w
}

func (w *worker) period() time.Duration { return time.Duration(w.spec.PeriodSeconds) * time.Second }

// start runs the first probe now (after delay, when jitter is on) and then
// arms the ticker.
func (w *worker) start(delay time.Duration) {
	w.tickTimer = w.m.sched.Schedule(delay, w.name, func() {
		w.nextTick = w.m.sched.Now().Add(w.period())
		if !w.step() {
			return
		}
		w.arm()
	})
}

func (w *worker) arm() {
	d := w.nextTick.Sub(w.m.sched.Now())
	w.tickTimer = w.m.sched.Reschedule(w.tickTimer, d, w.name, w.tick)
}

// trigger is manualTriggerCh: a pending trigger runs the probe at once.
func (w *worker) trigger() {
	if w.stopped || w.triggerQueue {
		return
	}
	w.triggerQueue = true
	w.m.sched.Schedule(0, w.name+" (manual)", func() {
		w.triggerQueue = false
		if w.stopped {
			return
		}
		w.step()
	})
}

func (w *worker) stop() {
	if w.stopped {
		return
	}
	w.stopped = true
	if w.tickTimer != nil {
		w.tickTimer.Stop()
	}
	if w.containerID != "" {
		w.results.Remove(w.containerID)
	}
	w.m.removeWorker(w)
}

// step is one pass of the worker loop; false ends the worker.
func (w *worker) step() bool {
	if w.stopped {
		return false
	}
	keep := w.doProbe()
	if !keep {
		w.stop()
	}
	return keep
}

// doProbe follows worker.doProbe.
func (w *worker) doProbe() bool {
	status, ok := w.m.status.GetPodStatus(w.pod.Metadata.UID)
	if !ok {
		return true
	}
	if status.Phase == v1.PodFailed || status.Phase == v1.PodSucceeded {
		return false
	}
	c, ok := v1.GetContainerStatus(status.ContainerStatuses, w.container.Name)
	if !ok || c.ContainerID == "" {
		c, ok = v1.GetContainerStatus(status.InitContainerStatuses, w.container.Name)
		if !ok || c.ContainerID == "" {
			return true
		}
	}
	if w.containerID != c.ContainerID {
		if w.containerID != "" {
			w.results.Remove(w.containerID)
		}
		w.containerID = c.ContainerID
		w.results.Set(w.containerID, w.initial, w.pod.Metadata.UID)
		w.onHold = false
	}
	if w.onHold {
		return true
	}
	if c.State.Running == nil {
		if w.containerID != "" {
			w.results.Set(w.containerID, Failure, w.pod.Metadata.UID)
		}
		return w.keepAfterStop(c.State.Terminated, status)
	}
	if w.pod.Metadata.DeletionTimestamp != nil && (w.probeType == Liveness || w.probeType == Startup) {
		w.results.Set(w.containerID, Success, w.pod.Metadata.UID)
		return false
	}
	if c.State.Running.StartedAt != nil && int32(w.m.sched.Now().Sub(c.State.Running.StartedAt.Time)/time.Second) < w.spec.InitialDelaySeconds {
		return true
	}
	if c.Started != nil && *c.Started {
		if w.probeType == Startup {
			return true
		}
	} else if w.probeType != Startup {
		return true
	}
	result, err := w.m.prober.probe(context.Background(), w.probeType, w.pod, status, &w.container, w.containerID)
	if err != nil {
		return true
	}
	if w.lastResult == result {
		w.resultRun++
	} else {
		w.lastResult, w.resultRun = result, 1
	}
	if (result == Failure && w.resultRun < int(w.spec.FailureThreshold)) || (result == Success && w.resultRun < int(w.spec.SuccessThreshold)) {
		return true
	}
	w.results.Set(w.containerID, result, w.pod.Metadata.UID)
	if (w.probeType == Liveness || w.probeType == Startup) && result == Failure {
		w.onHold = true
		w.resultRun = 0
	}
	return true
}

// keepAfterStop tells whether a worker whose container does not run (t is
// its termination, if it has terminated) goes on. Without
// ContainerRestartRules: unless it has terminated in a pod whose policy is
// Never, where from 1.35 a sidecar's worker goes on too. With the gate in
// 1.34: a terminated container's worker always goes on, another only if the
// container may ever restart (IsContainerRestartable). From 1.35: a
// terminated container's worker goes on if its policy and rules restart it
// after that exit, or (RestartAll, 1.35+) if the pod's status shows all its
// containers restarting in place.
func (w *worker) keepAfterStop(t *v1.ContainerStateTerminated, status *v1.PodStatus) bool {
	switch {
	case w.m.RestartRules && w.m.RestartRulesByExit:
		return t == nil || v1.ContainerShouldRestart(&w.container, &w.pod.Spec, t.ExitCode, w.m.RestartAll) ||
			(w.m.RestartAll && kubecontainer.ShouldAllContainersRestart(w.pod, nil, status))
	case w.m.RestartRules:
		return t != nil || v1.IsContainerRestartable(&w.container, &w.pod.Spec)
	}
	if t == nil || w.pod.Spec.RestartPolicy != v1.RestartPolicyNever {
		return true
	}
	if w.m.RestartRulesByExit && v1.IsRestartableInitContainer(&w.container) {
		for i := range w.pod.Spec.InitContainers {
			if w.pod.Spec.InitContainers[i].Name == w.container.Name {
				return true
			}
		}
	}
	return false
}
