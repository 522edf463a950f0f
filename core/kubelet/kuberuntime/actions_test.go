package kuberuntime

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/flowcontrol"
	"github.com/kubexplorer/kubexplorer/core/kubelet/prober"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

var always = v1.RestartPolicyAlways

// testPod has regular containers a and b, and init containers from init
// (a name starting "sc" is a sidecar).
func testPod(policy string, init ...string) *v1.Pod {
	p := &v1.Pod{Metadata: v1.ObjectMeta{UID: "u", Name: "p", Namespace: "default"},
		Spec: v1.PodSpec{RestartPolicy: policy, Containers: []v1.Container{{Name: "a", Image: "x"}, {Name: "b", Image: "x"}}}}
	for _, n := range init {
		c := v1.Container{Name: n, Image: "x"}
		if strings.HasPrefix(n, "sc") {
			c.RestartPolicy = &always
		}
		p.Spec.InitContainers = append(p.Spec.InitContainers, c)
	}
	return p
}

func sandbox(state cri.PodSandboxState, attempt uint32, ip string) *cri.PodSandboxStatus {
	return &cri.PodSandboxStatus{ID: "sb", State: state, Metadata: cri.PodSandboxMetadata{Attempt: attempt}, Network: cri.PodSandboxNetworkStatus{IP: ip}}
}

// statusOf lists container instances "name=state[:exitCode]" (newest
// first) in a pod status with a ready sandbox.
func statusOf(pod *v1.Pod, containers ...string) *kubecontainer.PodStatus {
	st := &kubecontainer.PodStatus{ID: "u", SandboxStatuses: []*cri.PodSandboxStatus{sandbox(cri.SandboxReady, 0, "10.0.0.2")}, ActiveSandboxID: "sb"}
	spec := map[string]*v1.Container{}
	for i := range pod.Spec.InitContainers {
		spec[pod.Spec.InitContainers[i].Name] = &pod.Spec.InitContainers[i]
	}
	for i := range pod.Spec.Containers {
		spec[pod.Spec.Containers[i].Name] = &pod.Spec.Containers[i]
	}
	for _, c := range containers {
		s := &kubecontainer.Status{ID: "id-" + c, SandboxID: "sb"}
		var state string
		for i := range c {
			if c[i] == '=' {
				s.Name, state = c[:i], c[i+1:]
			}
		}
		if len(state) > 7 && state[:7] == "exited:" {
			s.ExitCode = int(state[7] - '0')
			state = "exited"
		}
		s.State = kubecontainer.State(state)
		s.Hash = kubecontainer.HashContainer(spec[s.Name])
		st.ContainerStatuses = append(st.ContainerStatuses, s)
	}
	return st
}

// otherSandbox moves the instances named to an older sandbox.
func otherSandbox(st *kubecontainer.PodStatus, ids ...string) *kubecontainer.PodStatus {
	for _, c := range st.ContainerStatuses {
		for _, id := range ids {
			if c.ID == "id-"+id {
				c.SandboxID = "old"
			}
		}
	}
	return st
}

func testManager(rel int, sidecars bool) (*Manager, *prober.ResultsManager, *prober.ResultsManager) {
	clock := sim.NewClock(sim.Epoch)
	live, startup := prober.NewResultsManager(), prober.NewResultsManager()
	r := release.Of(rel)
	m := New(nil, nil, events.NewRecorder(clock.Now), events.Messages{Rel: r}, Options{Rel: r, Sidecars: sidecars},
		flowcontrol.New(clock, 10*time.Second, 300*time.Second), live, startup)
	return m, live, startup
}

func actions(a PodActions) string {
	b, _ := json.Marshal(a)
	return string(b)
}

func TestComputePodActions(t *testing.T) {
	changed := testPod(v1.RestartPolicyAlways)
	changedStatus := statusOf(changed, "a=running", "b=running")
	changed.Spec.Containers[1].Image = "y"
	noSandbox := func(p *v1.Pod, c ...string) *kubecontainer.PodStatus {
		st := statusOf(p, c...)
		st.SandboxStatuses, st.ActiveSandboxID = nil, ""
		return st
	}
	deadSandbox := func(p *v1.Pod, c ...string) *kubecontainer.PodStatus {
		st := statusOf(p, c...)
		st.SandboxStatuses, st.ActiveSandboxID = []*cri.PodSandboxStatus{sandbox(cri.SandboxNotReady, 1, "")}, ""
		return st
	}
	type tc struct {
		name     string
		rel      int
		sidecars bool
		pod      *v1.Pod
		status   *kubecontainer.PodStatus
		liveness string // a container whose liveness probe failed
		want     string
	}
	p := testPod
	probed := p(v1.RestartPolicyAlways, "sc")
	probed.Spec.InitContainers[0].LivenessProbe = &v1.Probe{}
	tests := []tc{
		{"new pod", 37, false, p(v1.RestartPolicyAlways), noSandbox(p(v1.RestartPolicyAlways)), "",
			`{"killPod":true,"createSandbox":true,"attempt":0,"containersToStart":[0,1]}`},
		{"new pod with init containers", 37, false, p(v1.RestartPolicyAlways, "i"), noSandbox(p(v1.RestartPolicyAlways, "i")), "",
			`{"killPod":true,"createSandbox":true,"attempt":0,"initContainersToStart":[0]}`},
		{"all running", 37, false, p(v1.RestartPolicyAlways), statusOf(p(v1.RestartPolicyAlways), "a=running", "b=running"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0}`},
		{"exited, Always restarts", 37, false, p(v1.RestartPolicyAlways), statusOf(p(v1.RestartPolicyAlways), "a=running", "b=exited:0"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"containersToStart":[1]}`},
		{"exited 0, OnFailure does not", 37, false, p(v1.RestartPolicyOnFailure), statusOf(p(v1.RestartPolicyOnFailure), "a=running", "b=exited:0"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0}`},
		{"all exited, Never: kill the pod", 37, false, p(v1.RestartPolicyNever), statusOf(p(v1.RestartPolicyNever), "a=exited:0", "b=exited:1"), "",
			`{"killPod":true,"createSandbox":false,"sandboxID":"sb","attempt":0}`},
		{"unknown state: kill, then start", 37, false, p(v1.RestartPolicyAlways), statusOf(p(v1.RestartPolicyAlways), "a=running", "b=unknown"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"containersToStart":[1],"containersToKill":[{"id":"id-b=unknown","name":"b","message":"Container is in \"unknown\" state, try killing it before restart"}]}`},
		{"definition changed", 37, false, changed, changedStatus, "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"containersToStart":[1],"containersToKill":[{"id":"id-b=running","name":"b","message":"Container b definition changed, will be restarted"}]}`},
		{"liveness failed, Never: killed, not restarted", 37, false, p(v1.RestartPolicyNever), statusOf(p(v1.RestartPolicyNever), "a=running", "b=running"), "b",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"containersToKill":[{"id":"id-b=running","name":"b","message":"Container b failed liveness probe"}]}`},
		{"sandbox died: new sandbox, attempt 2", 37, false, p(v1.RestartPolicyAlways), deadSandbox(p(v1.RestartPolicyAlways), "a=exited:0", "b=exited:0"), "",
			`{"killPod":true,"createSandbox":true,"sandboxID":"sb","attempt":2,"containersToStart":[0,1]}`},
		{"sandbox died, Never: no new sandbox", 37, false, p(v1.RestartPolicyNever), deadSandbox(p(v1.RestartPolicyNever), "a=exited:0", "b=exited:0"), "",
			`{"killPod":true,"createSandbox":false,"sandboxID":"sb","attempt":2}`},
		{"sandbox died, OnFailure, all succeeded: none (1.20+)", 20, false, p(v1.RestartPolicyOnFailure), deadSandbox(p(v1.RestartPolicyOnFailure), "a=exited:0", "b=exited:0"), "",
			`{"killPod":true,"createSandbox":false,"sandboxID":"sb","attempt":2}`},
		{"sandbox died, OnFailure, all succeeded: 1.19 creates one", 19, false, p(v1.RestartPolicyOnFailure), deadSandbox(p(v1.RestartPolicyOnFailure), "a=exited:0", "b=exited:0"), "",
			`{"killPod":true,"createSandbox":true,"sandboxID":"sb","attempt":2}`},
		{"init: next after the exited one", 37, false, p(v1.RestartPolicyAlways, "i", "j"), statusOf(p(v1.RestartPolicyAlways, "i", "j"), "i=exited:0"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"initContainersToStart":[1]}`},
		{"init: a failed one again", 37, false, p(v1.RestartPolicyAlways, "i", "j"), statusOf(p(v1.RestartPolicyAlways, "i", "j"), "i=exited:1"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"initContainersToStart":[0]}`},
		{"init failed, Never: kill the pod", 37, false, p(v1.RestartPolicyNever, "i"), statusOf(p(v1.RestartPolicyNever, "i"), "i=exited:1"), "",
			`{"killPod":true,"createSandbox":false,"sandboxID":"sb","attempt":0}`},
		{"init running: wait", 37, false, p(v1.RestartPolicyAlways, "i"), statusOf(p(v1.RestartPolicyAlways, "i"), "i=running"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0}`},
		{"init done: start the containers", 37, false, p(v1.RestartPolicyAlways, "i"), statusOf(p(v1.RestartPolicyAlways, "i"), "i=exited:0"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"containersToStart":[0,1]}`},
		{"sidecar running: start the next init container", 37, true, p(v1.RestartPolicyAlways, "sc", "i"), statusOf(p(v1.RestartPolicyAlways, "sc", "i"), "sc=running"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"initContainersToStart":[1]}`},
		{"sidecar exited: restarted beside the containers", 37, true, p(v1.RestartPolicyAlways, "sc"), statusOf(p(v1.RestartPolicyAlways, "sc"), "sc=exited:0", "a=running", "b=running"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"initContainersToStart":[0]}`},
		{"sidecar liveness failed", 37, true, probed, statusOf(probed, "sc=running", "a=running", "b=running"), "sc",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"initContainersToStart":[0],"containersToKill":[{"id":"id-sc=running","name":"sc","message":"Init container sc failed liveness probe"}]}`},
		// The runtime no longer lists the init container and the regular
		// ones have exited: up to 1.36 only a created or running regular
		// container says the pod has initialized, so the init container
		// runs again; from 1.37 any instance in the current sandbox does.
		{"init container gone, containers exited: 1.36 runs it again", 36, true, p(v1.RestartPolicyAlways, "i"), statusOf(p(v1.RestartPolicyAlways, "i"), "a=exited:1", "b=exited:1"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"initContainersToStart":[0]}`},
		{"init container gone, containers exited: 1.37 restarts the containers", 37, true, p(v1.RestartPolicyAlways, "i"), statusOf(p(v1.RestartPolicyAlways, "i"), "a=exited:1", "b=exited:1"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"containersToStart":[0,1]}`},
		// The sandbox died after every container succeeded, and the runtime
		// no longer lists the init container: the sidecar-aware rule (1.31)
		// sees the regular containers and makes no sandbox; the rule from
		// before sidecars (a pod without one in 1.32) finds no init
		// container done and starts over.
		{"sandbox died, all succeeded, init gone: 1.31 no sandbox", 31, true, p(v1.RestartPolicyOnFailure, "i"), deadSandbox(p(v1.RestartPolicyOnFailure, "i"), "a=exited:0", "b=exited:0"), "",
			`{"killPod":true,"createSandbox":false,"sandboxID":"sb","attempt":2}`},
		{"sandbox died, all succeeded, init gone: 1.32 starts over", 32, true, p(v1.RestartPolicyOnFailure, "i"), deadSandbox(p(v1.RestartPolicyOnFailure, "i"), "a=exited:0", "b=exited:0"), "",
			`{"killPod":true,"createSandbox":true,"sandboxID":"sb","attempt":2,"initContainersToStart":[0]}`},
		// From 1.37 an instance of another sandbox does not count: an init
		// container that completed there has not run in this one.
		{"init completed in an old sandbox: 1.36 counts it", 36, true, p(v1.RestartPolicyAlways, "i"), otherSandbox(statusOf(p(v1.RestartPolicyAlways, "i"), "i=exited:0"), "i=exited:0"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"containersToStart":[0,1]}`},
		{"init completed in an old sandbox: 1.37 runs it", 37, true, p(v1.RestartPolicyAlways, "i"), otherSandbox(statusOf(p(v1.RestartPolicyAlways, "i"), "i=exited:0"), "i=exited:0"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"initContainersToStart":[0]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, live, _ := testManager(tt.rel, tt.sidecars)
			if tt.liveness != "" {
				live.Set(tt.status.FindContainerStatusByName(tt.liveness).FullID(), prober.Failure, "u")
			}
			if got := actions(m.ComputePodActions(tt.pod, tt.status, false)); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestPodSandboxChanged(t *testing.T) {
	pod := testPod(v1.RestartPolicyAlways)
	host := testPod(v1.RestartPolicyAlways)
	host.Spec.HostNetwork = true
	two := []*cri.PodSandboxStatus{sandbox(cri.SandboxReady, 3, "10.0.0.2"), sandbox(cri.SandboxReady, 2, "10.0.0.3")}
	for _, tt := range []struct {
		name      string
		pod       *v1.Pod
		sandboxes []*cri.PodSandboxStatus
		create    bool
		attempt   uint32
		id        string
	}{
		{"none", pod, nil, true, 0, ""},
		{"ready", pod, []*cri.PodSandboxStatus{sandbox(cri.SandboxReady, 1, "10.0.0.2")}, false, 1, "sb"},
		{"not ready", pod, []*cri.PodSandboxStatus{sandbox(cri.SandboxNotReady, 1, "10.0.0.2")}, true, 2, "sb"},
		{"two ready", pod, two, true, 4, "sb"},
		{"no IP", pod, []*cri.PodSandboxStatus{sandbox(cri.SandboxReady, 0, "")}, true, 1, "sb"},
		{"network mode changed", host, []*cri.PodSandboxStatus{sandbox(cri.SandboxReady, 0, "10.0.0.2")}, true, 1, ""},
	} {
		create, attempt, id := PodSandboxChanged(tt.pod, &kubecontainer.PodStatus{SandboxStatuses: tt.sandboxes})
		if create != tt.create || attempt != tt.attempt || id != tt.id {
			t.Errorf("%s: %v %d %q, want %v %d %q", tt.name, create, attempt, id, tt.create, tt.attempt, tt.id)
		}
	}
}

// TestDoBackOff: the first exit restarts at once, the next waits 10s from
// its finishedAt, then 20s.
func TestDoBackOff(t *testing.T) {
	m, _, _ := testManager(37, false)
	clock := sim.NewClock(sim.Epoch)
	m.backOff = flowcontrol.New(clock, 10*time.Second, 300*time.Second)
	pod := testPod(v1.RestartPolicyAlways)
	c := &pod.Spec.Containers[0]
	exitAt := func(at time.Duration) *kubecontainer.PodStatus {
		return &kubecontainer.PodStatus{ContainerStatuses: []*kubecontainer.Status{{Name: "a", State: kubecontainer.StateExited, FinishedAt: sim.Epoch.Add(at)}}}
	}
	if in, _, _ := m.doBackOff(pod, c, &kubecontainer.PodStatus{}); in {
		t.Fatal("a container that never exited is in back-off")
	}
	if in, _, _ := m.doBackOff(pod, c, exitAt(0)); in {
		t.Fatal("the first exit is restarted at once")
	}
	clock.Advance(5 * time.Second)
	in, msg, expiry := m.doBackOff(pod, c, exitAt(0))
	if !in || msg != "back-off 10s restarting failed container=a pod=p_default(u)" || expiry != sim.Epoch.Add(10*time.Second) {
		t.Errorf("5s after: %v %q %v", in, msg, expiry)
	}
	if at, d, ok := m.NextRestart(pod, c, exitAt(0)); !ok || d != 10*time.Second || at != sim.Epoch.Add(10*time.Second) {
		t.Errorf("NextRestart: %v %v %v", at, d, ok)
	}
	clock.Advance(5 * time.Second)
	if in, _, _ := m.doBackOff(pod, c, exitAt(0)); in {
		t.Error("10s after the exit: restart")
	}
	clock.Advance(5 * time.Second)
	if _, msg, _ := m.doBackOff(pod, c, exitAt(12*time.Second)); msg != "back-off 20s restarting failed container=a pod=p_default(u)" {
		t.Errorf("the second back-off: %q", msg)
	}
	if ev := m.recorder.Events(); len(ev) != 2 || ev[0].Reason != events.BackOffStartContainer || ev[0].Message != "Back-off restarting failed container a in pod p_default(u)" {
		t.Errorf("events %+v", ev)
	}
}

// Which rule decides a pod's init containers, by release: the
// sidecar-aware one for every pod with SidecarContainers on, but in 1.32
// (and in 1.33 with LegacySidecarContainers on) only for a pod with a
// sidecar.
func TestSidecarInitRule(t *testing.T) {
	plain, sidecar := testPod(v1.RestartPolicyAlways, "i"), testPod(v1.RestartPolicyAlways, "sc")
	tests := []struct {
		rel             int
		sidecars        bool
		legacy          bool
		plain, withSide bool
	}{
		{27, false, false, false, false},
		{28, false, false, false, false},
		{28, true, false, true, true},
		{31, true, false, true, true},
		{32, true, false, false, true},
		{33, true, false, true, true},
		{33, true, true, false, true},
		{37, true, false, true, true},
	}
	for _, tt := range tests {
		m, _, _ := testManager(tt.rel, tt.sidecars)
		m.opt.LegacySidecars = tt.legacy
		if got := m.sidecarInitRule(plain); got != tt.plain {
			t.Errorf("1.%d sidecars=%v legacy=%v, a pod without a sidecar: %v, want %v", tt.rel, tt.sidecars, tt.legacy, got, tt.plain)
		}
		if got := m.sidecarInitRule(sidecar); got != tt.withSide {
			t.Errorf("1.%d sidecars=%v legacy=%v, a pod with a sidecar: %v, want %v", tt.rel, tt.sidecars, tt.legacy, got, tt.withSide)
		}
	}
}
