package prober

import (
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

type key struct {
	uid, container string
	t              ProbeType
}

// Manager is the prober manager.
type Manager struct {
	Liveness, Readiness, Startup *ResultsManager

	prober  *prober
	status  StatusProvider
	sched   Scheduler
	workers map[key]*worker
	order   []key
	// ManualTrigger enables the readiness manual trigger of newer kubelets.
	ManualTrigger bool
	// KeepStarted (1.35+): a running container without a startup result
	// is started when its status says so (the status carries the previous
	// status's value over).
	KeepStarted bool
	// RestartRules is ContainerRestartRules and RestartRulesByExit the
	// release rule of 1.35+ (see worker.keepAfterStop).
	RestartRules, RestartRulesByExit bool
	// RestartAll is RestartAllContainersOnContainerExits.
	RestartAll bool
	// Jitter, when set, delays each new worker's first probe by a random
	// part of its period, as upstream does right after kubelet start.
	Jitter *sim.Rand
}

// NewManager returns a prober manager.
func NewManager(rt cri.RuntimeService, net cri.Network, rec *events.Recorder, msgs events.Messages, status StatusProvider, sched Scheduler) *Manager {
	return &Manager{
		Liveness: NewResultsManager(), Readiness: NewResultsManager(), Startup: NewResultsManager(),
		prober: &prober{runtime: rt, network: net, recorder: rec, msgs: msgs},
		status: status, sched: sched, workers: map[key]*worker{},
	}
}

// Gates are the feature gates the probes follow.
type Gates struct {
	// ExecProbeTimeout: an exec probe that timed out fails (on) or
	// errors (off).
	ExecProbeTimeout bool
	// GRPCContainerProbe: the kubelet runs gRPC probes; off, it has no
	// handler for them and the probe errors.
	GRPCContainerProbe bool
}

// SetGates sets the gates the probes follow (all off by default).
func (m *Manager) SetGates(g Gates) { m.prober.gates = g }

// AddPod creates the workers of a pod's probes (regular containers and
// sidecars), once.
func (m *Manager) AddPod(pod *v1.Pod) {
	add := func(c v1.Container) {
		for _, p := range []struct {
			t ProbeType
			s *v1.Probe
		}{{Startup, c.StartupProbe}, {Readiness, c.ReadinessProbe}, {Liveness, c.LivenessProbe}} {
			if p.s == nil {
				continue
			}
			k := key{pod.Metadata.UID, c.Name, p.t}
			if _, ok := m.workers[k]; ok {
				continue
			}
			w := newWorker(m, p.t, pod, c)
			m.workers[k] = w
			m.order = append(m.order, k)
			var delay time.Duration
			if m.Jitter != nil {
				delay = time.Duration(m.Jitter.Float64() * float64(w.period()))
			}
			w.start(delay)
		}
	}
	for _, c := range pod.Spec.InitContainers {
		if v1.IsRestartableInitContainer(&c) {
			add(c)
		}
	}
	for _, c := range pod.Spec.Containers {
		add(c)
	}
}

func (m *Manager) removeWorker(w *worker) {
	k := key{w.pod.Metadata.UID, w.container.Name, w.probeType}
	if m.workers[k] == w {
		delete(m.workers, k)
		for i, o := range m.order {
			if o == k {
				m.order = append(m.order[:i], m.order[i+1:]...)
				break
			}
		}
	}
}

func (m *Manager) podWorkers(uid string, types ...ProbeType) []*worker {
	var out []*worker
	for _, k := range m.order {
		if k.uid != uid {
			continue
		}
		for _, t := range types {
			if k.t == t {
				out = append(out, m.workers[k])
			}
		}
	}
	return out
}

// StopLivenessAndStartup stops those workers of a terminating pod.
func (m *Manager) StopLivenessAndStartup(pod *v1.Pod) {
	for _, w := range m.podWorkers(pod.Metadata.UID, Liveness, Startup) {
		w.stop()
	}
}

// RemovePod stops every worker of the pod.
func (m *Manager) RemovePod(pod *v1.Pod) {
	for _, w := range m.podWorkers(pod.Metadata.UID, Liveness, Readiness, Startup) {
		w.stop()
	}
}

// CleanupPods stops the workers of pods not in desired.
func (m *Manager) CleanupPods(desired func(uid string) bool) {
	var stop []*worker
	for _, k := range m.order {
		if !desired(k.uid) {
			stop = append(stop, m.workers[k])
		}
	}
	for _, w := range stop {
		w.stop()
	}
}

// Workers lists the running workers as "pod/container type".
func (m *Manager) Workers() []string {
	var out []string
	for _, k := range m.order {
		w := m.workers[k]
		out = append(out, w.pod.Metadata.Name+"/"+k.container+" "+k.t.Lower())
	}
	return out
}

func (m *Manager) hasWorker(uid, name string, t ProbeType) *worker {
	return m.workers[key{uid, name, t}]
}

func (m *Manager) isStarted(pod *v1.Pod, cs *v1.ContainerStatus) bool {
	if cs.State.Running == nil {
		return false
	}
	if r, ok := m.Startup.Get(cs.ContainerID); ok {
		return r == Success
	}
	if m.KeepStarted && cs.Started != nil && *cs.Started {
		return true
	}
	return m.hasWorker(pod.Metadata.UID, cs.Name, Startup) == nil
}

func (m *Manager) isReady(pod *v1.Pod, cs *v1.ContainerStatus) bool {
	if cs.State.Running == nil {
		return false
	}
	if r, ok := m.Readiness.Get(cs.ContainerID); ok && r == Success {
		return true
	}
	w := m.hasWorker(pod.Metadata.UID, cs.Name, Readiness)
	if w != nil && m.ManualTrigger {
		w.trigger()
	}
	if r, ok := m.Readiness.Get(cs.ContainerID); ok && !m.ManualTrigger {
		return r == Success
	}
	return w == nil
}

// UpdatePodStatus fills started and ready for every container
// (prober_manager.UpdatePodStatus).
func (m *Manager) UpdatePodStatus(pod *v1.Pod, s *v1.PodStatus) {
	for i := range s.ContainerStatuses {
		cs := &s.ContainerStatuses[i]
		started := m.isStarted(pod, cs)
		cs.Started = boolRef(started)
		if !started {
			cs.Ready = false
			continue
		}
		cs.Ready = m.isReady(pod, cs)
	}
	for i := range s.InitContainerStatuses {
		cs := &s.InitContainerStatuses[i]
		started := m.isStarted(pod, cs)
		cs.Started = boolRef(started)
		var spec *v1.Container
		for j := range pod.Spec.InitContainers {
			if pod.Spec.InitContainers[j].Name == cs.Name {
				spec = &pod.Spec.InitContainers[j]
			}
		}
		if spec == nil {
			continue
		}
		if !v1.IsRestartableInitContainer(spec) {
			cs.Ready = cs.State.Terminated != nil && cs.State.Terminated.ExitCode == 0
			continue
		}
		if !started {
			cs.Ready = false
			continue
		}
		cs.Ready = m.isReady(pod, cs)
	}
}

// trueValue and falseValue are what boolRef points to.
var trueValue, falseValue = true, false

// boolRef is &b without an allocation: every sync sets Started on every
// container status, and statuses are never changed in place (a change
// makes a new status), so they can all point to the same two values.
func boolRef(b bool) *bool {
	if b {
		return &trueValue
	}
	return &falseValue
}
