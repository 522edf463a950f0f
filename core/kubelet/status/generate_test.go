package status

import (
	"testing"

	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

var always = v1.RestartPolicyAlways

// spec is a pod with regular containers regular and init containers init;
// an init container named sidecar* restarts always (a sidecar).
func spec(init []string, regular ...string) *v1.PodSpec {
	s := &v1.PodSpec{}
	for _, n := range init {
		c := v1.Container{Name: n}
		if len(n) >= 7 && n[:7] == "sidecar" {
			c.RestartPolicy = &always
		}
		s.InitContainers = append(s.InitContainers, c)
	}
	for _, n := range regular {
		s.Containers = append(s.Containers, v1.Container{Name: n})
	}
	return s
}

func ready(name string) v1.ContainerStatus {
	return v1.ContainerStatus{Name: name, Ready: true, State: v1.ContainerState{Running: &v1.ContainerStateRunning{}}}
}

func unready(name string) v1.ContainerStatus {
	return v1.ContainerStatus{Name: name, State: v1.ContainerState{Waiting: &v1.ContainerStateWaiting{}}}
}

// conditionCase is a condition generated from a spec, statuses and phase
// at a release; want's type is filled in by the test.
type conditionCase struct {
	name     string
	rel      release.Release
	spec     *v1.PodSpec
	statuses []v1.ContainerStatus
	phase    string
	want     v1.PodCondition
}

func TestGenerateContainersReadyCondition(t *testing.T) {
	old, newest := release.Of(24), release.Of(release.Newest)
	tests := []conditionCase{
		{"no statuses yet", newest, spec(nil, "a"), nil, v1.PodPending,
			v1.PodCondition{Status: v1.ConditionFalse, Reason: UnknownContainerStatuses}},
		{"all ready", newest, spec(nil, "a", "b"), []v1.ContainerStatus{ready("a"), ready("b")}, v1.PodRunning,
			v1.PodCondition{Status: v1.ConditionTrue}},
		{"unknown and unready listed in spec order", newest, spec(nil, "a", "b", "c"), []v1.ContainerStatus{unready("c"), ready("b")}, v1.PodRunning,
			v1.PodCondition{Status: v1.ConditionFalse, Reason: ContainersNotReady,
				Message: "containers with unknown status: [a], containers with unready status: [c]"}},
		{"sidecar counts, plain init container does not", newest, spec([]string{"init", "sidecar"}, "a"), []v1.ContainerStatus{ready("a"), unready("sidecar")}, v1.PodRunning,
			v1.PodCondition{Status: v1.ConditionFalse, Reason: ContainersNotReady, Message: "containers with unready status: [sidecar]"}},
		{"succeeded", newest, spec(nil, "a"), []v1.ContainerStatus{unready("a")}, v1.PodSucceeded,
			v1.PodCondition{Status: v1.ConditionFalse, Reason: PodCompleted}},
		{"succeeded with an unknown container is not completed", newest, spec(nil, "a", "b"), []v1.ContainerStatus{unready("a")}, v1.PodSucceeded,
			v1.PodCondition{Status: v1.ConditionFalse, Reason: ContainersNotReady,
				Message: "containers with unknown status: [b], containers with unready status: [a]"}},
		{"failed from 1.25", newest, spec(nil, "a"), []v1.ContainerStatus{unready("a")}, v1.PodFailed,
			v1.PodCondition{Status: v1.ConditionFalse, Reason: PodFailed}},
		{"failed before 1.25", old, spec(nil, "a"), []v1.ContainerStatus{unready("a")}, v1.PodFailed,
			v1.PodCondition{Status: v1.ConditionFalse, Reason: ContainersNotReady, Message: "containers with unready status: [a]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.want.Type = v1.ContainersReady
			if got := GenerateContainersReadyCondition(tt.rel, tt.spec, tt.statuses, tt.phase); got != tt.want {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
			// Ready follows ContainersReady when that is not True.
			got := GeneratePodReadyCondition(tt.rel, tt.spec, nil, tt.statuses, tt.phase)
			want := tt.want
			want.Type = v1.PodReady
			if got != want {
				t.Errorf("Ready: got %+v\nwant %+v", got, want)
			}
		})
	}
}

func TestGeneratePodReadyConditionGates(t *testing.T) {
	s := spec(nil, "a")
	s.ReadinessGates = []v1.ReadinessGate{{ConditionType: "example.com/lb"}, {ConditionType: "example.com/dns"}}
	statuses := []v1.ContainerStatus{ready("a")}
	tests := []struct {
		name  string
		conds []v1.PodCondition
		want  v1.PodCondition
	}{
		{"gates missing", nil, v1.PodCondition{Type: v1.PodReady, Status: v1.ConditionFalse, Reason: ReadinessGatesNotReady,
			Message: `corresponding condition of pod readiness gate "example.com/lb" does not exist., corresponding condition of pod readiness gate "example.com/dns" does not exist.`}},
		{"one gate false", []v1.PodCondition{{Type: "example.com/lb", Status: v1.ConditionTrue}, {Type: "example.com/dns", Status: v1.ConditionFalse}},
			v1.PodCondition{Type: v1.PodReady, Status: v1.ConditionFalse, Reason: ReadinessGatesNotReady,
				Message: `the status of pod readiness gate "example.com/dns" is not "True", but False`}},
		{"gates true", []v1.PodCondition{{Type: "example.com/lb", Status: v1.ConditionTrue}, {Type: "example.com/dns", Status: v1.ConditionTrue}},
			v1.PodCondition{Type: v1.PodReady, Status: v1.ConditionTrue}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := GeneratePodReadyCondition(release.Of(release.Newest), s, tt.conds, statuses, v1.PodRunning); got != tt.want {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestGeneratePodInitializedCondition(t *testing.T) {
	yes, no := true, false
	started := func(name string) v1.ContainerStatus { s := unready(name); s.Started = &yes; return s }
	notStarted := func(name string) v1.ContainerStatus { s := unready(name); s.Started = &no; return s }
	done := func(name string) v1.ContainerStatus {
		return v1.ContainerStatus{Name: name, Ready: true, State: v1.ContainerState{Terminated: &v1.ContainerStateTerminated{}}}
	}
	newest, before := release.Of(release.Newest), release.Of(27)
	tests := []conditionCase{
		{"no init containers, no statuses", newest, spec(nil, "a"), nil, v1.PodPending,
			v1.PodCondition{Status: v1.ConditionTrue}},
		{"init containers, no statuses", newest, spec([]string{"i"}, "a"), nil, v1.PodPending,
			v1.PodCondition{Status: v1.ConditionFalse, Reason: UnknownContainerStatuses}},
		{"init running", newest, spec([]string{"i", "j"}, "a"), []v1.ContainerStatus{unready("i")}, v1.PodPending,
			v1.PodCondition{Status: v1.ConditionFalse, Reason: ContainersNotInitialized,
				Message: "containers with unknown status: [j], containers with incomplete status: [i]"}},
		{"init done", newest, spec([]string{"i"}, "a"), []v1.ContainerStatus{done("i")}, v1.PodPending,
			v1.PodCondition{Status: v1.ConditionTrue}},
		{"sidecar started counts as complete", newest, spec([]string{"sidecar"}, "a"), []v1.ContainerStatus{started("sidecar")}, v1.PodPending,
			v1.PodCondition{Status: v1.ConditionTrue}},
		{"sidecar started: false", newest, spec([]string{"sidecar"}, "a"), []v1.ContainerStatus{notStarted("sidecar")}, v1.PodPending,
			v1.PodCondition{Status: v1.ConditionFalse, Reason: ContainersNotInitialized, Message: "containers with incomplete status: [sidecar]"}},
		{"sidecar not started", newest, spec([]string{"sidecar"}, "a"), []v1.ContainerStatus{unready("sidecar")}, v1.PodPending,
			v1.PodCondition{Status: v1.ConditionFalse, Reason: ContainersNotInitialized, Message: "containers with incomplete status: [sidecar]"}},
		{"succeeded", newest, spec([]string{"i"}, "a"), []v1.ContainerStatus{unready("i")}, v1.PodSucceeded,
			v1.PodCondition{Status: v1.ConditionTrue, Reason: PodCompleted}},
		{"regular container started, 1.28+", newest, spec([]string{"i"}, "a"), []v1.ContainerStatus{unready("i"), ready("a")}, v1.PodRunning,
			v1.PodCondition{Status: v1.ConditionTrue}},
		{"regular container started, before 1.28", before, spec([]string{"i"}, "a"), []v1.ContainerStatus{unready("i"), ready("a")}, v1.PodRunning,
			v1.PodCondition{Status: v1.ConditionFalse, Reason: ContainersNotInitialized, Message: "containers with incomplete status: [i]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.want.Type = v1.PodInitialized
			if got := GeneratePodInitializedCondition(tt.rel, tt.spec, tt.statuses, tt.phase, false); got != tt.want {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestHasAnyRegularContainerStarted(t *testing.T) {
	// Waiting to restart (CrashLoopBackOff) after an exit: upstream reads
	// the current state only.
	backOff := v1.ContainerStatus{Name: "a", State: v1.ContainerState{Waiting: &v1.ContainerStateWaiting{Reason: "CrashLoopBackOff"}},
		LastTerminationState: v1.ContainerState{Terminated: &v1.ContainerStateTerminated{ExitCode: 1}}}
	exited := v1.ContainerStatus{Name: "a", State: v1.ContainerState{Terminated: &v1.ContainerStateTerminated{ExitCode: 1}}}
	tests := []struct {
		name     string
		statuses []v1.ContainerStatus
		want     bool
	}{
		{"none", nil, false},
		{"only an init container ran", []v1.ContainerStatus{ready("i")}, false},
		{"waiting", []v1.ContainerStatus{unready("a")}, false},
		{"running", []v1.ContainerStatus{ready("a")}, true},
		{"waiting after an exit", []v1.ContainerStatus{backOff}, false},
		{"exited", []v1.ContainerStatus{exited}, true},
	}
	for _, tt := range tests {
		if got := HasAnyRegularContainerStarted(spec([]string{"i"}, "a"), tt.statuses); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestReadyToStartAndGeneration(t *testing.T) {
	why := "pod sandbox is not ready"
	if c := GeneratePodReadyToStartContainersCondition(release.Of(36), v1.PodReadyToStartContainers, true, why); c != (v1.PodCondition{Type: v1.PodReadyToStartContainers, Status: v1.ConditionFalse}) {
		t.Errorf("sandbox needed, 1.36: %+v", c)
	}
	if c := GeneratePodReadyToStartContainersCondition(release.Of(37), v1.PodReadyToStartContainers, true, why); c != (v1.PodCondition{Type: v1.PodReadyToStartContainers, Status: v1.ConditionFalse, Reason: PodSandboxNotReady, Message: why}) {
		t.Errorf("sandbox needed, 1.37: %+v", c)
	}
	if c := GeneratePodReadyToStartContainersCondition(release.Of(37), "PodHasNetwork", false, ""); c != (v1.PodCondition{Type: "PodHasNetwork", Status: v1.ConditionTrue}) {
		t.Errorf("sandbox ready: %+v", c)
	}
	old := &v1.PodStatus{Conditions: []v1.PodCondition{{Type: v1.PodReady, ObservedGeneration: 2}, {Type: v1.PodInitialized}}}
	for _, tt := range []struct {
		track bool
		cond  string
		want  int64
	}{{true, v1.PodInitialized, 3}, {false, v1.PodReady, 3}, {false, v1.PodInitialized, 0}, {false, v1.ContainersReady, 0}} {
		if got := ConditionGeneration(tt.track, old, 3, tt.cond); got != tt.want {
			t.Errorf("ConditionGeneration(%v, %s) = %d, want %d", tt.track, tt.cond, got, tt.want)
		}
	}
}
