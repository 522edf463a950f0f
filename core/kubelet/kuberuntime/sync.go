package kuberuntime

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/kubexplorer/kubexplorer/core/cri"
	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/images"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// Error sentinels of startContainer.
var (
	ErrCreateContainerConfig = errors.New("CreateContainerConfigError")
	ErrPreCreateHook         = errors.New("PreCreateHookError")
	ErrCreateContainer       = errors.New("CreateContainerError")
	ErrPreStartHook          = errors.New("PreStartHookError")
	ErrPostStartHook         = errors.New("PostStartHookError")
)

const minimumGracePeriodInSeconds = 2

// seq runs steps 0…n-1 one after the other, each continuing through next
// (at most once), then done. Most syncs have no step to run: that case
// allocates nothing.
func seq(n int, step func(i int, next func()), done func()) {
	if n == 0 {
		done()
		return
	}
	i := 0
	var next func()
	next = func() {
		if i >= n {
			done()
			return
		}
		i++
		step(i-1, next)
	}
	next()
}

// SyncPod brings the runtime state of pod in line with its spec and calls
// done with the results, in result: SyncPod clears it first, and the
// caller leaves it alone until done has returned (a pod worker reuses one,
// as it runs one sync at a time). restartAll is whether the pod's status
// says AllContainersRestarting (see ComputePodActions).
func (m *Manager) SyncPod(ctx context.Context, w kubecontainer.Waiter, pod *v1.Pod, status *kubecontainer.PodStatus, restartAll bool, result *kubecontainer.PodSyncResult, done func(*kubecontainer.PodSyncResult)) {
	*result = kubecontainer.PodSyncResult{}
	a := m.ComputePodActions(pod, status, restartAll)
	if a.CreateSandbox && a.SandboxID != "" {
		m.recorder.Eventf(PodRef(pod), events.Normal, events.SandboxChanged, "Pod sandbox changed, it will be killed and re-created.")
	}
	if !a.KillPod && len(a.ContainersToKill) == 0 && len(a.ContainersToReset) == 0 {
		m.syncCreateAndStart(ctx, w, pod, status, a, result, done)
		return
	}
	afterKill := func() { m.syncCreateAndStart(ctx, w, pod, status, a, result, done) }
	if a.KillPod {
		m.KillPod(ctx, w, pod, status, nil, func(kr *kubecontainer.PodSyncResult) {
			result.AddPodSyncResult(*kr)
			if kr.Error() != nil {
				done(result)
				return
			}
			if a.CreateSandbox {
				m.purgeInitContainers(ctx, pod, status)
			}
			afterKill()
		})
		return
	}
	failed := false
	seq(len(a.ContainersToKill), func(i int, next func()) {
		k := a.ContainersToKill[i]
		r := result.Add(kubecontainer.KillContainer, k.Name)
		m.killContainer(ctx, w, pod, firstIP(status), k.ID, k.Name, k.Message, k.reason, nil, nil, func(err error) {
			if err != nil {
				r.Fail(kubecontainer.ErrKillContainer, err.Error())
				failed = true
				done(result)
				return
			}
			next()
		})
	}, func() {
		if !failed {
			m.resetContainers(ctx, w, pod, status, a, result, done, afterKill)
		}
	})
}

// resetContainers removes the instances of a restart in place, one after
// the other in the order ComputePodActions gave, killing those that have
// not exited with no grace of their own (0, which the stop raises to the
// 2 s minimum) and the event message "killing"; the first failure ends
// the sync. Then the sync goes on: with nothing left, it starts nothing
// this time.
func (m *Manager) resetContainers(ctx context.Context, w kubecontainer.Waiter, pod *v1.Pod, status *kubecontainer.PodStatus, a PodActions, result *kubecontainer.PodSyncResult, done func(*kubecontainer.PodSyncResult), then func()) {
	if !m.opt.RestartAll {
		then()
		return
	}
	failed := false
	seq(len(a.ContainersToReset), func(i int, next func()) {
		c := a.ContainersToReset[i]
		r := result.Add(kubecontainer.RemoveContainer, c.Name)
		remove := func() {
			if err := m.rt.RemoveContainer(ctx, c.ID); err != nil {
				r.Fail(kubecontainer.ErrRemoveContainer, err.Error())
				failed = true
				done(result)
				return
			}
			next()
		}
		if !c.Kill {
			remove()
			return
		}
		var noGrace int64
		m.killContainer(ctx, w, pod, firstIP(status), c.ID, c.Name, "killing", reasonRestartAll, &noGrace, nil, func(err error) {
			if err != nil {
				r.Fail(kubecontainer.ErrKillContainer, err.Error())
				failed = true
				done(result)
				return
			}
			remove()
		})
	}, func() {
		if !failed {
			then()
		}
	})
}

func (m *Manager) syncCreateAndStart(ctx context.Context, w kubecontainer.Waiter, pod *v1.Pod, status *kubecontainer.PodStatus, a PodActions, result *kubecontainer.PodSyncResult, done func(*kubecontainer.PodSyncResult)) {
	m.pruneInitContainersBeforeStart(ctx, pod, status)
	sandboxID := a.SandboxID
	podIP := ""
	if len(status.IPs) > 0 {
		podIP = status.IPs[0]
	}
	if a.CreateSandbox {
		r := result.Add(kubecontainer.CreatePodSandbox, v1.FormatPod(pod))
		id, err := m.rt.RunPodSandbox(ctx, m.sandboxConfig(pod, a.Attempt), "")
		if err != nil {
			r.Fail(kubecontainer.ErrCreatePodSandbox, fmt.Sprintf("Failed to create sandbox for pod %q: %v", v1.FormatPod(pod), err))
			m.recorder.Eventf(PodRef(pod), events.Warning, events.FailedCreatePodSandBox, "Failed to create pod sandbox: %v", err)
			done(result)
			return
		}
		sandboxID = id
		st, err := m.statuses.PodSandboxStatusShared(ctx, id)
		if err != nil {
			m.recorder.Eventf(PodRef(pod), events.Warning, events.FailedStatusPodSandBox, "Unable to get pod sandbox status: %v", err)
			result.Fail(err)
			done(result)
			return
		}
		if !pod.Spec.HostNetwork {
			podIP = st.Network.IP
		}
		if m.opt.OnPodSandboxReady != nil {
			m.opt.OnPodSandboxReady(pod)
		}
	}
	if pod.Spec.HostNetwork {
		podIP = m.opt.HostNetworkIP
	}
	result.Add(kubecontainer.ConfigPodSandbox, sandboxID)
	if len(a.InitContainersToStart) == 0 && len(a.ContainersToStart) == 0 {
		// Most syncs start nothing.
		done(result)
		return
	}
	st := &starts{m: m, ctx: ctx, w: w, pod: pod, status: status, a: a, result: result, done: done,
		sandboxID: sandboxID, podIP: podIP, init: true}
	st.started = st.containerStarted
	st.next()
}

// starts is the last part of a sync: it starts the init containers to
// start, then the regular ones, one after the other; a start can wait (for
// an image pull, a hook), so one object carries the state from one start
// to the next, rather than closures made for every step.
type starts struct {
	m                *Manager
	ctx              context.Context
	w                kubecontainer.Waiter
	pod              *v1.Pod
	status           *kubecontainer.PodStatus
	a                PodActions
	result           *kubecontainer.PodSyncResult
	done             func(*kubecontainer.PodSyncResult)
	sandboxID, podIP string

	init    bool // still starting init containers
	i       int  // the next of the current list
	current *v1.Container
	r       *kubecontainer.SyncResult // current's result
	started func(msg string, err error)
}

// next starts the next container, or ends the sync when none is left.
func (s *starts) next() {
	for {
		var c *v1.Container
		switch {
		case s.init && s.i < len(s.a.InitContainersToStart):
			c = &s.pod.Spec.InitContainers[s.a.InitContainersToStart[s.i]]
		case s.init:
			s.init, s.i = false, 0
			continue
		case s.i < len(s.a.ContainersToStart):
			c = &s.pod.Spec.Containers[s.a.ContainersToStart[s.i]]
		default:
			s.done(s.result)
			return
		}
		s.i++
		s.current = c
		s.r = s.result.Add(kubecontainer.StartContainer, c.Name)
		if inBackOff, msg, expiry := s.m.doBackOff(s.pod, c, s.status); inBackOff {
			s.r.Fail(kubecontainer.ErrCrashLoopBackOff, msg)
			s.r.BackoffExpiry = expiry
			if s.aborted(kubecontainer.ErrCrashLoopBackOff) {
				return
			}
			continue
		}
		s.m.startContainer(s.ctx, s.w, s.sandboxID, s.a.Attempt, c, s.pod, s.status, s.podIP, s.started)
		return
	}
}

// containerStarted is where a start ends.
func (s *starts) containerStarted(msg string, err error) {
	if err != nil {
		s.r.Fail(err, msg)
	}
	if !s.aborted(err) {
		s.next()
	}
}

// aborted ends the sync if err is the failure of an init container (a
// sidecar's failure does not stop the others; a regular container's
// failure does not stop the rest).
func (s *starts) aborted(err error) bool {
	if err == nil || !s.init || (s.m.opt.Sidecars && v1.IsRestartableInitContainer(s.current)) {
		return false
	}
	s.done(s.result)
	return true
}

// containerConfig is the config of container c, in m.ctrConfig: valid
// until the next call.
func (m *Manager) containerConfig(pod *v1.Pod, c *v1.Container, restartCount int, imageRef string) *cri.ContainerConfig {
	ann := reuseMap(m.ctrConfig.Annotations)
	ann[cri.AnnotationContainerHash] = m.hash(c)
	ann[cri.AnnotationRestartCount] = strconv.Itoa(restartCount)
	ann[cri.AnnotationTerminationMessage] = c.TerminationMessagePath
	ann[cri.AnnotationPodTerminationGrace] = strconv.FormatInt(*pod.Spec.TerminationGracePeriodSeconds, 10)
	labels := reuseMap(m.ctrConfig.Labels)
	labels[cri.LabelPodName] = pod.Metadata.Name
	labels[cri.LabelPodNamespace] = pod.Metadata.Namespace
	labels[cri.LabelPodUID] = pod.Metadata.UID
	labels[cri.LabelContainerName] = c.Name
	image, _ := m.images.DefaultTag(c.Image)
	m.ctrConfig = cri.ContainerConfig{
		Metadata:    cri.ContainerMetadata{Name: c.Name, Attempt: uint32(restartCount)},
		Image:       cri.ImageSpec{Image: image, UserSpecifiedImage: c.Image},
		Command:     c.Command,
		Args:        c.Args,
		Labels:      labels,
		Annotations: ann,
		LogPath:     c.Name + "/" + strconv.Itoa(restartCount) + ".log",
	}
	return &m.ctrConfig
}

// startContainer pulls the image, creates and starts the container and
// runs its postStart hook; done gets the message and error sentinel.
func (m *Manager) startContainer(ctx context.Context, w kubecontainer.Waiter, sandboxID string, attempt uint32, c *v1.Container, pod *v1.Pod, status *kubecontainer.PodStatus, podIP string, done func(string, error)) {
	ref := ContainerRef(pod, c.Name)
	m.images.EnsureImageExists(ctx, w, pod, c, ref, func(ir images.Result) {
		if ir.Err != nil {
			m.recorder.Eventf(ref, events.Warning, events.FailedToCreateContainer, "Error: %v", ir.Err)
			done(ir.Message, ir.Err)
			return
		}
		restartCount := 0
		if s := status.FindContainerStatusByName(c.Name); s != nil {
			restartCount = s.RestartCount + 1
		}
		if m.opt.ConfigError != nil {
			if err := m.opt.ConfigError(pod, c); err != nil {
				m.recorder.Eventf(ref, events.Warning, events.FailedToCreateContainer, "Error: %v", err)
				done(err.Error(), ErrCreateContainerConfig)
				return
			}
		}
		cfg := m.containerConfig(pod, c, restartCount, ir.ImageRef)
		id, err := m.rt.CreateContainer(ctx, sandboxID, cfg, m.sandboxConfig(pod, attempt))
		if err != nil {
			m.recorder.Eventf(ref, events.Warning, events.FailedToCreateContainer, "Error: %v", cri.Message(err))
			done(cri.Message(err), ErrCreateContainer)
			return
		}
		m.recorder.Event(ref, events.Normal, events.CreatedContainer, m.msgs.Created(c.Name))
		if err := m.rt.StartContainer(ctx, id); err != nil {
			m.recorder.Eventf(ref, events.Warning, events.FailedToStartContainer, "Error: %v", cri.Message(err))
			done(cri.Message(err), kubecontainer.ErrRunContainer)
			return
		}
		m.recorder.Event(ref, events.Normal, events.StartedContainer, m.msgs.Started(c.Name))
		if c.Lifecycle == nil || c.Lifecycle.PostStart == nil {
			done("", nil)
			return
		}
		m.runHook(ctx, w, id, pod, c, c.Lifecycle.PostStart, podIP, func(msg string, herr error) {
			if herr == nil {
				done("", nil)
				return
			}
			m.recorder.Event(ref, events.Warning, events.FailedPostStartHook, m.msgs.PostStartHookFailed(msg))
			m.killContainer(ctx, w, pod, podIP, id, c.Name, "FailedPostStartHook", reasonPostStartHook, nil, nil, func(error) {
				if m.msgs.WrappedPostStartReason() {
					done(msg, fmt.Errorf("%v: %v", ErrPostStartHook, herr))
					return
				}
				done(msg, ErrPostStartHook)
			})
		})
	})
}

// purgeInitContainers removes every init container instance before a new
// sandbox starts initialization from scratch.
func (m *Manager) purgeInitContainers(ctx context.Context, pod *v1.Pod, status *kubecontainer.PodStatus) {
	for _, c := range pod.Spec.InitContainers {
		for _, s := range status.ContainerStatuses {
			if s.Name == c.Name {
				_ = m.rt.RemoveContainer(ctx, s.ID)
			}
		}
	}
}

// pruneInitContainersBeforeStart keeps only the newest exited instance of
// each init container.
func (m *Manager) pruneInitContainersBeforeStart(ctx context.Context, pod *v1.Pod, status *kubecontainer.PodStatus) {
	for _, c := range pod.Spec.InitContainers {
		count := 0
		for _, s := range status.ContainerStatuses {
			if s.Name != c.Name || (s.State != kubecontainer.StateExited && s.State != kubecontainer.StateUnknown) {
				continue
			}
			count++
			if count == 1 {
				continue
			}
			_ = m.rt.RemoveContainer(ctx, s.ID)
		}
	}
}

// DeleteContainersInPod is the container deletor: it keeps the newest
// `keep` exited instances of the container that just died (or of every
// container when id is empty) and removes the older ones.
func (m *Manager) DeleteContainersInPod(ctx context.Context, id string, status *kubecontainer.PodStatus, keep int) {
	var name string
	if id != "" {
		found := false
		for _, s := range status.ContainerStatuses {
			if s.ID == id {
				name, found = s.Name, true
			}
		}
		if !found {
			return
		}
	}
	perName := map[string]int{}
	for _, s := range status.ContainerStatuses {
		if s.State != kubecontainer.StateExited || (name != "" && s.Name != name) {
			continue
		}
		perName[s.Name]++
		if perName[s.Name] > keep {
			_ = m.rt.RemoveContainer(ctx, s.ID)
		}
	}
}
