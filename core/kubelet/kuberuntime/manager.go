package kuberuntime

import (
	"context"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/flowcontrol"
	"github.com/kubexplorer/kubexplorer/core/kubelet/images"
	"github.com/kubexplorer/kubexplorer/core/kubelet/prober"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// Results gives the latest probe result of a container.
type Results interface {
	Get(id string) (prober.Result, bool)
}

// Options are the release- and gate-dependent behaviours.
type Options struct {
	Rel release.Release
	// Sidecars enables restartable init containers (SidecarContainers).
	Sidecars bool
	// LegacySidecars keeps the rule from before sidecars for the init
	// containers of a pod without one (LegacySidecarContainers, 1.33).
	LegacySidecars bool
	// ProbeTerminationGrace honours a probe's terminationGracePeriodSeconds
	// for the kills it causes (ProbeTerminationGracePeriod).
	ProbeTerminationGrace bool
	// RestartRules lets a container's own restartPolicy and rules decide
	// its restarts (ContainerRestartRules).
	RestartRules bool
	// RestartAll is RestartAllContainersOnContainerExits (alpha 1.35, beta
	// on from 1.36): a pod whose status says AllContainersRestarting has
	// every container killed and removed, to start again from its first
	// init container in the same sandbox.
	RestartAll bool
	// ConfigError, if set, returns the generateContainerConfig failure of
	// a container (for example a missing ConfigMap), or nil.
	ConfigError func(pod *v1.Pod, c *v1.Container) error
	// HostNetworkIP is the node IP used for host-network pods.
	HostNetworkIP string
	// Network answers HTTP hooks; nil answers every one.
	Network cri.Network
	// OnPodSandboxReady, if set, is told when a new sandbox has been
	// created and its network set up, before any image is pulled
	// (RuntimeHelper.OnPodSandboxReady, PR #134660, 1.36).
	OnPodSandboxReady func(pod *v1.Pod)
}

// Manager is the generic runtime manager.
type Manager struct {
	rt cri.RuntimeService
	// statuses is rt when it can answer status calls without copies
	// (cri.SharedStatusService), else a copying adapter: the manager only
	// reads the answers.
	statuses cri.SharedStatusService
	images   *images.Manager
	recorder *events.Recorder
	msgs     events.Messages
	opt      Options
	backOff  *flowcontrol.Backoff
	liveness Results
	startup  Results
	list     listCache
	hasher   kubecontainer.Hasher
	// sbFilter and ctrFilter are GetPodStatus's listing filters, reused:
	// it runs for every pod on every relist that sees a change, and the
	// runtime only reads a filter during the call.
	sbFilter  cri.PodSandboxFilter
	ctrFilter cri.ContainerFilter
	// sbConfig and ctrConfig are the configs handed to the runtime, built
	// again in place for each call: a runtime copies what it keeps (a real
	// one receives them over gRPC), and a long run creates many containers.
	sbConfig  cri.PodSandboxConfig
	ctrConfig cri.ContainerConfig
}

// New returns a runtime manager; backOff is the crash-loop back-off.
func New(rt cri.RuntimeService, img *images.Manager, rec *events.Recorder, msgs events.Messages, opt Options, backOff *flowcontrol.Backoff, liveness, startup Results) *Manager {
	statuses, ok := rt.(cri.SharedStatusService)
	if !ok {
		statuses = copiedStatuses{rt}
	}
	return &Manager{rt: rt, statuses: statuses, images: img, recorder: rec, msgs: msgs, opt: opt, backOff: backOff, liveness: liveness, startup: startup}
}

// copiedStatuses answers the shared status calls with a runtime's plain
// ones (copies are as good as shared maps to a reader).
type copiedStatuses struct{ rt cri.RuntimeService }

func (c copiedStatuses) PodSandboxStatusShared(ctx context.Context, id string) (*cri.PodSandboxStatus, error) {
	return c.rt.PodSandboxStatus(ctx, id)
}

func (c copiedStatuses) ContainerStatusShared(ctx context.Context, id string) (*cri.ContainerStatus, error) {
	return c.rt.ContainerStatus(ctx, id)
}

// ContainerRef is the event object of a container: the pod with a field
// path such as spec.containers{app}.
func ContainerRef(pod *v1.Pod, name string) events.ObjectRef {
	return events.ObjectRef{Kind: "Pod", Namespace: pod.Metadata.Namespace, Name: pod.Metadata.Name, UID: pod.Metadata.UID, FieldPath: v1.ContainerFieldPath(pod, name)}
}

// PodRef is the event object of a pod.
func PodRef(pod *v1.Pod) events.ObjectRef {
	return events.ObjectRef{Kind: "Pod", Namespace: pod.Metadata.Namespace, Name: pod.Metadata.Name, UID: pod.Metadata.UID}
}

func containerSpec(pod *v1.Pod, name string) (*v1.Container, bool) {
	for i := range pod.Spec.InitContainers {
		if pod.Spec.InitContainers[i].Name == name {
			return &pod.Spec.InitContainers[i], true
		}
	}
	for i := range pod.Spec.Containers {
		if pod.Spec.Containers[i].Name == name {
			return &pod.Spec.Containers[i], false
		}
	}
	return nil, false
}

// sandboxConfig is the pod's sandbox config, in m.sbConfig: valid until
// the next call.
func (m *Manager) sandboxConfig(pod *v1.Pod, attempt uint32) *cri.PodSandboxConfig {
	labels, ann := reuseMap(m.sbConfig.Labels), reuseMap(m.sbConfig.Annotations)
	for k, v := range pod.Metadata.Labels {
		labels[k] = v
	}
	labels[cri.LabelPodName] = pod.Metadata.Name
	labels[cri.LabelPodNamespace] = pod.Metadata.Namespace
	labels[cri.LabelPodUID] = pod.Metadata.UID
	for k, v := range pod.Metadata.Annotations {
		ann[k] = v
	}
	cfg := &m.sbConfig
	*cfg = cri.PodSandboxConfig{
		Metadata:     cri.PodSandboxMetadata{Name: pod.Metadata.Name, UID: pod.Metadata.UID, Namespace: pod.Metadata.Namespace, Attempt: attempt},
		Hostname:     pod.Metadata.Name,
		LogDirectory: "/var/log/pods/" + pod.Metadata.Namespace + "_" + pod.Metadata.Name + "_" + pod.Metadata.UID,
		Labels:       labels,
		Annotations:  ann,
	}
	if pod.Spec.HostNetwork {
		cfg.Namespaces.Network = cri.NamespaceNode
	}
	return cfg
}

// reuseMap is m emptied, or a new map.
func reuseMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	clear(m)
	return m
}

func networkMode(pod *v1.Pod) cri.NamespaceMode {
	if pod.Spec.HostNetwork {
		return cri.NamespaceNode
	}
	return cri.NamespacePod
}

// PodSandboxChanged reports whether the pod needs a new sandbox, the attempt
// number for it and the current sandbox ID (runtimeutil.PodSandboxChanged).
func PodSandboxChanged(pod *v1.Pod, status *kubecontainer.PodStatus) (bool, uint32, string) {
	create, attempt, id, _ := PodSandboxChangedWhy(pod, status)
	return create, attempt, id
}

// Why a new sandbox is needed: the message of a False
// PodReadyToStartContainers from 1.37 (pkg/kubelet/types/constants.go).
const (
	SandboxNotReadyNoSandbox = "no pod sandbox exists"
	SandboxNotReadyMultiple  = "multiple pod sandboxes are ready and need to be reconciled"
	SandboxNotReadyNotReady  = "pod sandbox is not ready"
	SandboxNotReadyNetNS     = "network namespace mode changed and sandbox needs to be recreated"
	SandboxNotReadyNoIP      = "pod sandbox has no IP address"
)

// PodSandboxChangedWhy is PodSandboxChanged with the reason a new sandbox
// is needed ("" when none is), as 1.37 returns it.
func PodSandboxChangedWhy(pod *v1.Pod, status *kubecontainer.PodStatus) (bool, uint32, string, string) {
	if len(status.SandboxStatuses) == 0 {
		return true, 0, "", SandboxNotReadyNoSandbox
	}
	ready := 0
	for _, s := range status.SandboxStatuses {
		if s.State == cri.SandboxReady {
			ready++
		}
	}
	s := status.SandboxStatuses[0]
	if ready > 1 {
		return true, s.Metadata.Attempt + 1, s.ID, SandboxNotReadyMultiple
	}
	if s.State != cri.SandboxReady {
		return true, s.Metadata.Attempt + 1, s.ID, SandboxNotReadyNotReady
	}
	if s.Namespaces.Network != networkMode(pod) {
		return true, s.Metadata.Attempt + 1, "", SandboxNotReadyNetNS
	}
	if !pod.Spec.HostNetwork && s.Network.IP == "" {
		return true, s.Metadata.Attempt + 1, s.ID, SandboxNotReadyNoIP
	}
	return false, s.Metadata.Attempt, s.ID, ""
}

// GetStableKey is the crash back-off key: pod name, namespace, UID,
// container name and spec hash.
func GetStableKey(pod *v1.Pod, c *v1.Container) string {
	return stableKey(pod, c, kubecontainer.HashContainer(c))
}

func stableKey(pod *v1.Pod, c *v1.Container, hash string) string {
	return pod.Metadata.Name + "_" + pod.Metadata.Namespace + "_" + pod.Metadata.UID + "_" + c.Name + "_" + hash
}

// hash is HashContainer with the manager's reused buffers.
func (m *Manager) hash(c *v1.Container) string { return m.hasher.Hash(c) }

// doBackOff decides whether the container is still in CrashLoopBackOff:
// the window counts from the newest exited instance's finishedAt; the first
// exit only creates the entry, so the first restart is immediate.
func (m *Manager) doBackOff(pod *v1.Pod, c *v1.Container, status *kubecontainer.PodStatus) (bool, string, time.Time) {
	var cs *kubecontainer.Status
	for _, s := range status.ContainerStatuses {
		if s.Name == c.Name && s.State == kubecontainer.StateExited {
			cs = s
			break
		}
	}
	if cs == nil {
		return false, "", time.Time{}
	}
	ts := cs.FinishedAt
	key := stableKey(pod, c, m.hash(c))
	if m.backOff.IsInBackOffSince(key, ts) {
		podName := v1.FormatPod(pod)
		m.recorder.Event(ContainerRef(pod, c.Name), events.Warning, events.BackOffStartContainer, m.msgs.BackOffRestart(c.Name, podName))
		expiry, _ := m.backOff.Expiry(key, ts)
		return true, "back-off " + m.backOff.Get(key).String() + " restarting failed container=" + c.Name + " pod=" + podName, expiry
	}
	m.backOff.Next(key, ts)
	return false, "", time.Time{}
}

// NextRestart returns when the crash back-off of a container ends, if it
// has an entry (for views).
func (m *Manager) NextRestart(pod *v1.Pod, c *v1.Container, status *kubecontainer.PodStatus) (time.Time, time.Duration, bool) {
	for _, s := range status.ContainerStatuses {
		if s.Name == c.Name && s.State == kubecontainer.StateExited {
			key := stableKey(pod, c, m.hash(c))
			exp, ok := m.backOff.Expiry(key, s.FinishedAt)
			return exp, m.backOff.Get(key), ok
		}
	}
	return time.Time{}, 0, false
}
