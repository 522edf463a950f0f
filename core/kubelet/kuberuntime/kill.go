package kuberuntime

import (
	"context"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// terminationGrace is setTerminationGracePeriod: the deletion grace, else
// for a probe's kill the probe's own grace (when the gate lets the field
// through), else the pod's.
func (m *Manager) terminationGrace(pod *v1.Pod, c *v1.Container, reason string) int64 {
	if pod.Metadata.DeletionGracePeriodSeconds != nil {
		return *pod.Metadata.DeletionGracePeriodSeconds
	}
	if pod.Spec.TerminationGracePeriodSeconds == nil {
		return minimumGracePeriodInSeconds
	}
	if m.opt.ProbeTerminationGrace {
		switch reason {
		case reasonStartupProbe:
			if c.StartupProbe != nil && c.StartupProbe.TerminationGracePeriodSeconds != nil {
				return *c.StartupProbe.TerminationGracePeriodSeconds
			}
		case reasonLivenessProbe:
			if c.LivenessProbe != nil && c.LivenessProbe.TerminationGracePeriodSeconds != nil {
				return *c.LivenessProbe.TerminationGracePeriodSeconds
			}
		}
	}
	return *pod.Spec.TerminationGracePeriodSeconds
}

// waitTurn holds a container's stop back until its turn has come (the
// termination ordering of sidecars) or its grace period runs out; then gets
// how long it waited.
type waitTurn func(grace int64, then func(waited time.Duration))

// killContainer records Killing, runs the preStop hook within the grace
// period, waits for its turn, and stops the container; done runs once it
// has exited.
//
// A grace override (the pod worker's, an eviction's) replaces the grace
// period before the preStop hook from 1.28; before, the hook ran with the
// pod's grace and the stop then got the whole override.
//
// podIP is where an HTTP preStop hook goes when it names no host.
func (m *Manager) killContainer(ctx context.Context, w kubecontainer.Waiter, pod *v1.Pod, podIP, id, name, message, reason string, graceOverride *int64, turn waitTurn, done func(error)) {
	c, _ := containerSpec(pod, name)
	if c == nil {
		c = &v1.Container{Name: name}
	}
	grace := m.terminationGrace(pod, c, reason)
	if message == "" {
		message = "Stopping container " + name
	}
	m.recorder.Event(ContainerRef(pod, name), events.Normal, events.KillingContainer, message)
	overrideFirst := m.opt.Rel.Has(release.GraceOverrideBeforePreStop)
	if graceOverride != nil && overrideFirst {
		grace = *graceOverride
	}
	stop := func(grace int64) {
		if grace < minimumGracePeriodInSeconds {
			grace = minimumGracePeriodInSeconds
		}
		if graceOverride != nil && !overrideFirst {
			grace = *graceOverride
		}
		sctx, el := cri.WithElapsed(ctx)
		err := m.rt.StopContainer(sctx, id, grace)
		w.Wait(el.D, func() {
			if err != nil && !cri.IsNotFound(err) {
				done(err)
				return
			}
			done(nil)
		})
	}
	afterHook := func(grace int64) {
		if turn == nil || grace <= 0 {
			stop(grace)
			return
		}
		turn(grace, func(waited time.Duration) {
			stop(grace - int64(waited/time.Second))
		})
	}
	if c.Lifecycle == nil || c.Lifecycle.PreStop == nil || grace <= 0 {
		afterHook(grace)
		return
	}
	start := w.Now()
	budget := time.Duration(grace) * time.Second
	finished := false
	m.runHook(ctx, w, id, pod, c, c.Lifecycle.PreStop, podIP, func(msg string, err error) {
		if finished {
			return
		}
		finished = true
		if err != nil {
			m.recorder.Event(ContainerRef(pod, name), events.Warning, events.FailedPreStopHook, m.msgs.PreStopHookFailed(msg))
		}
		elapsed := min(w.Now().Sub(start), budget)
		afterHook(grace - int64(elapsed/time.Second))
	})
}

// KillPod stops every running container and then every sandbox of the
// pod. All stops begin at once; with the termination ordering of sidecars
// (1.29) a sidecar's stop waits, after its preStop hook, until the regular
// containers and the sidecars defined after it have exited.
func (m *Manager) KillPod(ctx context.Context, w kubecontainer.Waiter, pod *v1.Pod, status *kubecontainer.PodStatus, graceOverride *int64, done func(*kubecontainer.PodSyncResult)) {
	result := &kubecontainer.PodSyncResult{}
	var running []*kubecontainer.Status
	seen := map[string]bool{}
	for _, s := range status.ContainerStatuses {
		if s.State == kubecontainer.StateRunning && !seen[s.ID] {
			seen[s.ID] = true
			running = append(running, s)
		}
	}
	var ord *terminationOrdering
	if m.opt.Sidecars && m.opt.Rel.Has(release.SidecarTerminationOrder) && v1.HasRestartableInitContainer(pod) {
		ord = newTerminationOrdering(w, pod, running)
	}
	finishSandboxes := func() {
		r := result.Add(kubecontainer.KillPodSandbox, pod.Metadata.UID)
		for _, sb := range status.SandboxStatuses {
			if err := m.rt.StopPodSandbox(ctx, sb.ID); err != nil && !cri.IsNotFound(err) {
				r.Fail(kubecontainer.ErrKillPodSandbox, err.Error())
			}
		}
		done(result)
	}
	pending := len(running)
	if pending == 0 {
		finishSandboxes()
		return
	}
	for _, s := range running {
		r := result.Add(kubecontainer.KillContainer, s.Name)
		var turn waitTurn
		if ord != nil {
			turn = ord.turn(s.Name)
		}
		m.killContainer(ctx, w, pod, firstIP(status), s.ID, s.Name, "", reasonUnknown, graceOverride, turn, func(err error) {
			if err != nil {
				r.Fail(kubecontainer.ErrKillContainer, err.Error())
			}
			if ord != nil {
				ord.terminated(s.Name)
			}
			pending--
			if pending == 0 {
				finishSandboxes()
			}
		})
	}
}

// firstIP is the pod IP the runtime reports, if any.
func firstIP(status *kubecontainer.PodStatus) string {
	if len(status.IPs) > 0 {
		return status.IPs[0]
	}
	return ""
}
