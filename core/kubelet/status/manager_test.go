package status

import (
	"testing"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// fakeAPI holds pod objects and counts the status writes and deletions.
type fakeAPI struct {
	pods    map[string]*v1.Pod
	writes  int
	deleted []string
}

func (a *fakeAPI) Pod(uid string) *v1.Pod { return a.pods[uid] }
func (a *fakeAPI) UpdateStatus(uid string, s *v1.PodStatus) {
	a.writes++
	a.pods[uid].Status = *s
}
func (a *fakeAPI) Delete(uid string) {
	a.deleted = append(a.deleted, uid)
	delete(a.pods, uid)
}

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// setup returns a manager of rel at a clock the caller moves, over one pod
// "u" with one container "a" (and init container "i" if init).
func setup(rel int, init bool) (*Manager, *fakeAPI, *v1.Pod, *time.Time) {
	now := t0
	pod := &v1.Pod{Metadata: v1.ObjectMeta{UID: "u", Name: "p", Namespace: "default", Generation: 1}, Spec: *spec(nil, "a")}
	if init {
		pod.Spec = *spec([]string{"i"}, "a")
	}
	api := &fakeAPI{pods: map[string]*v1.Pod{"u": pod}}
	return NewManager(func() time.Time { return now }, api, release.Of(rel)), api, pod, &now
}

func running(phase string, ready bool) *v1.PodStatus {
	c := v1.ConditionFalse
	if ready {
		c = v1.ConditionTrue
	}
	return &v1.PodStatus{Phase: phase, Conditions: []v1.PodCondition{{Type: v1.PodReady, Status: c}},
		ContainerStatuses: []v1.ContainerStatus{{Name: "a", ContainerID: "cri://1", Ready: ready, State: v1.ContainerState{Running: &v1.ContainerStateRunning{}}}}}
}

func TestSetPodStatusKeepsTimes(t *testing.T) {
	m, api, pod, now := setup(release.Newest, false)
	m.SetPodStatus(pod, running(v1.PodRunning, false))
	if api.writes != 1 || api.pods["u"].Status.StartTime.Time != t0 {
		t.Fatalf("first status: %d writes, %+v", api.writes, api.pods["u"].Status)
	}
	*now = t0.Add(time.Minute)
	m.SetPodStatus(pod, running(v1.PodRunning, false))
	if api.writes != 1 {
		t.Errorf("an unchanged status was written again (%d writes)", api.writes)
	}
	m.SetPodStatus(pod, running(v1.PodRunning, true))
	s := api.pods["u"].Status
	if api.writes != 2 || s.StartTime.Time != t0 || s.Conditions[0].LastTransitionTime.Time != t0.Add(time.Minute) {
		t.Errorf("after Ready turned True: %d writes, start %v, transition %v", api.writes, s.StartTime, s.Conditions[0].LastTransitionTime)
	}
	*now = t0.Add(2 * time.Minute)
	m.SetPodStatus(pod, &v1.PodStatus{Phase: v1.PodRunning, Conditions: []v1.PodCondition{{Type: v1.PodReady, Status: v1.ConditionTrue}}, Message: "x"})
	if got := api.pods["u"].Status.Conditions[0].LastTransitionTime.Time; got != t0.Add(time.Minute) {
		t.Errorf("a condition that kept its status got a new transition time %v", got)
	}
}

func TestSetContainerReadiness(t *testing.T) {
	m, api, pod, now := setup(release.Newest, false)
	st := running(v1.PodRunning, false)
	st.Conditions = append(st.Conditions, v1.PodCondition{Type: v1.ContainersReady, Status: v1.ConditionFalse})
	m.SetPodStatus(pod, st)
	*now = t0.Add(10 * time.Second)
	m.SetContainerReadiness(pod, "cri://other", true)
	if api.writes != 1 {
		t.Fatalf("a result for an unknown container changed the status")
	}
	m.SetContainerReadiness(pod, "cri://1", true)
	s := api.pods["u"].Status
	if !s.ContainerStatuses[0].Ready || s.Conditions[0].Status != v1.ConditionTrue || s.Conditions[1].Status != v1.ConditionTrue {
		t.Fatalf("readiness not applied: %+v", s)
	}
	if s.Conditions[0].LastTransitionTime.Time != *now {
		t.Errorf("Ready's transition time %v, want %v", s.Conditions[0].LastTransitionTime, *now)
	}
	m.SetContainerStartup(pod, "cri://1", true)
	if s := api.pods["u"].Status; s.ContainerStatuses[0].Started == nil || !*s.ContainerStatuses[0].Started {
		t.Errorf("startup not applied: %+v", s.ContainerStatuses[0])
	}
}

// TestTerminalPhaseHeldBack: from 1.24 a terminal phase is not written
// while containers may still run; Resync writes it once they cannot.
func TestTerminalPhaseHeldBack(t *testing.T) {
	for _, tt := range []struct {
		rel      int
		held     bool
		phaseNow string
	}{{23, false, v1.PodFailed}, {24, true, v1.PodRunning}, {release.Newest, true, v1.PodRunning}} {
		m, api, pod, _ := setup(tt.rel, false)
		m.SetPodStatus(pod, running(v1.PodRunning, true))
		runningNow := true
		m.CouldHaveRunningContainers = func(string) bool { return runningNow }
		failed := running(v1.PodFailed, false)
		failed.Reason, failed.Message = "DeadlineExceeded", "too long"
		m.SetPodStatus(pod, failed)
		if got := api.pods["u"].Status; got.Phase != tt.phaseNow || (m.Held("u") > 0) != tt.held {
			t.Errorf("1.%d: phase %s held %d, want %s held %v", tt.rel, got.Phase, m.Held("u"), tt.phaseNow, tt.held)
		}
		if tt.held && api.pods["u"].Status.Reason != "" {
			t.Errorf("1.%d: the held-back write carries the reason %q", tt.rel, api.pods["u"].Status.Reason)
		}
		runningNow = false
		m.Resync("u")
		if got := api.pods["u"].Status; got.Phase != v1.PodFailed || got.Reason != "DeadlineExceeded" {
			t.Errorf("1.%d after Resync: %s %s", tt.rel, got.Phase, got.Reason)
		}
	}
}

// TestTerminatePod: which containers are reported lost, and the phase.
func TestTerminatePod(t *testing.T) {
	waiting := v1.ContainerState{Waiting: &v1.ContainerStateWaiting{Reason: "ContainerCreating"}}
	run := v1.ContainerState{Running: &v1.ContainerStateRunning{}}
	exited := v1.ContainerState{Terminated: &v1.ContainerStateTerminated{ExitCode: 0}}
	const lost = "ContainerStatusUnknown"
	reason := func(s v1.ContainerState) string {
		if s.Terminated == nil {
			return ""
		}
		return s.Terminated.Reason
	}
	tests := []struct {
		name                  string
		rel                   int
		init, regular         v1.ContainerState
		wantInit, wantRegular string
		wantPhase             string
	}{
		{"1.22: only running containers are lost", 22, exited, waiting, "", "", v1.PodRunning},
		{"1.22: a running container is lost", 22, exited, run, "", lost, v1.PodRunning},
		{"1.23: waiting ones too", 23, exited, waiting, "", lost, v1.PodRunning},
		{"1.24: an uninitialized pod's regular containers are not", 24, run, waiting, lost, "", v1.PodRunning},
		{"1.24: an initialized pod's are", 24, exited, waiting, "", lost, v1.PodRunning},
		{"1.27: the phase becomes Failed", 27, exited, waiting, "", lost, v1.PodFailed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, api, pod, _ := setup(tt.rel, true)
			st := &v1.PodStatus{Phase: v1.PodRunning,
				InitContainerStatuses: []v1.ContainerStatus{{Name: "i", State: tt.init}},
				ContainerStatuses:     []v1.ContainerStatus{{Name: "a", State: tt.regular}}}
			m.SetPodStatus(pod, st)
			m.TerminatePod(pod)
			got := api.pods["u"].Status
			if r := reason(got.InitContainerStatuses[0].State); r != tt.wantInit {
				t.Errorf("init container: %q, want %q", r, tt.wantInit)
			}
			if r := reason(got.ContainerStatuses[0].State); r != tt.wantRegular {
				t.Errorf("regular container: %q, want %q", r, tt.wantRegular)
			}
			if got.Phase != tt.wantPhase {
				t.Errorf("phase %s, want %s", got.Phase, tt.wantPhase)
			}
		})
	}
}

// TestFinalDeletion: when a deleted pod's object is removed, by release.
func TestFinalDeletion(t *testing.T) {
	stopped := func(phase string) *v1.PodStatus {
		return &v1.PodStatus{Phase: phase, ContainerStatuses: []v1.ContainerStatus{{Name: "a",
			State: v1.ContainerState{Terminated: &v1.ContainerStateTerminated{ExitCode: 0}}}}}
	}
	tests := []struct {
		name       string
		rel        int
		status     *v1.PodStatus
		terminate  bool
		reclaimed  bool
		wantDelete bool
	}{
		{"1.21: containers stopped and resources reclaimed", 21, stopped(v1.PodRunning), false, true, true},
		{"1.21: resources not reclaimed", 21, stopped(v1.PodRunning), false, false, false},
		{"1.21: a container runs", 21, running(v1.PodRunning, true), false, true, false},
		{"1.22: the worker has not finished", 22, stopped(v1.PodRunning), false, true, false},
		{"1.22: the worker finished", 22, stopped(v1.PodRunning), true, true, true},
		{"1.27: finished with a terminal phase", 27, stopped(v1.PodSucceeded), true, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, api, pod, now := setup(tt.rel, false)
			m.ResourcesReclaimed = func(string) bool { return tt.reclaimed }
			deleted := false
			m.OnDelete = func(*v1.Pod, *v1.PodStatus) { deleted = true }
			m.SetPodStatus(pod, tt.status)
			m.SyncBatch()
			if len(api.deleted) != 0 {
				t.Fatalf("a pod without a deletion timestamp was deleted")
			}
			pod.Metadata.DeletionTimestamp = v1.NewTime(*now)
			if tt.terminate {
				m.TerminatePod(pod)
			}
			m.SyncBatch()
			if got := len(api.deleted) == 1; got != tt.wantDelete || deleted != tt.wantDelete {
				t.Errorf("deleted %v (OnDelete %v), want %v", got, deleted, tt.wantDelete)
			}
		})
	}
}

func TestIsKubeletCondition(t *testing.T) {
	for _, c := range []string{v1.PodScheduled, v1.PodReadyToStartContainers, "PodHasNetwork", v1.PodInitialized, v1.ContainersReady, v1.PodReady} {
		if !IsKubeletCondition(c) {
			t.Errorf("%s is the kubelet's", c)
		}
	}
	if IsKubeletCondition("example.com/lb") {
		t.Errorf("a readiness gate's condition is not the kubelet's")
	}
}

// A status in which a terminated container runs again is refused unless
// the pod's policy lets it restart; init containers are checked from
// 1.27, sidecars never.
func TestContainerStateTransition(t *testing.T) {
	term := func(name string, code int32) v1.ContainerStatus {
		return v1.ContainerStatus{Name: name, State: v1.ContainerState{Terminated: &v1.ContainerStateTerminated{ExitCode: code}}}
	}
	run := func(name string) v1.ContainerStatus {
		return v1.ContainerStatus{Name: name, State: v1.ContainerState{Running: &v1.ContainerStateRunning{}}}
	}
	always := "Always"
	tests := []struct {
		name     string
		rel      int
		policy   string
		sidecar  bool
		old, new v1.PodStatus
		want     string
	}{
		{"regular, Never", 18, v1.RestartPolicyNever, false,
			v1.PodStatus{ContainerStatuses: []v1.ContainerStatus{term("a", 1)}}, v1.PodStatus{ContainerStatuses: []v1.ContainerStatus{run("a")}},
			"terminated container a attempted illegal transition to non-terminated state"},
		{"regular, OnFailure after a failure", 18, v1.RestartPolicyOnFailure, false,
			v1.PodStatus{ContainerStatuses: []v1.ContainerStatus{term("a", 1)}}, v1.PodStatus{ContainerStatuses: []v1.ContainerStatus{run("a")}}, ""},
		{"regular, OnFailure after success", 18, v1.RestartPolicyOnFailure, false,
			v1.PodStatus{ContainerStatuses: []v1.ContainerStatus{term("a", 0)}}, v1.PodStatus{ContainerStatuses: []v1.ContainerStatus{run("a")}},
			"terminated container a attempted illegal transition to non-terminated state"},
		{"regular, Always", 18, v1.RestartPolicyAlways, false,
			v1.PodStatus{ContainerStatuses: []v1.ContainerStatus{term("a", 0)}}, v1.PodStatus{ContainerStatuses: []v1.ContainerStatus{run("a")}}, ""},
		{"init, 1.26", 26, v1.RestartPolicyOnFailure, false,
			v1.PodStatus{InitContainerStatuses: []v1.ContainerStatus{term("i", 0)}}, v1.PodStatus{InitContainerStatuses: []v1.ContainerStatus{run("i")}}, ""},
		{"init, 1.27", 27, v1.RestartPolicyOnFailure, false,
			v1.PodStatus{InitContainerStatuses: []v1.ContainerStatus{term("i", 0)}}, v1.PodStatus{InitContainerStatuses: []v1.ContainerStatus{run("i")}},
			"terminated init container i attempted illegal transition to non-terminated state"},
		{"sidecar", 29, v1.RestartPolicyNever, true,
			v1.PodStatus{InitContainerStatuses: []v1.ContainerStatus{term("i", 1)}}, v1.PodStatus{InitContainerStatuses: []v1.ContainerStatus{run("i")}}, ""},
	}
	for _, tt := range tests {
		m, api, pod, _ := setup(tt.rel, true)
		pod.Spec.RestartPolicy = tt.policy
		if tt.sidecar {
			pod.Spec.InitContainers[0].RestartPolicy = &always
		}
		var aborted string
		m.OnAborted = func(_ *v1.Pod, err string) { aborted = err }
		m.SetPodStatus(pod, &tt.old)
		m.SetPodStatus(pod, &tt.new)
		if aborted != tt.want {
			t.Errorf("%s: aborted %q, want %q", tt.name, aborted, tt.want)
		}
		if got := api.pods["u"].Status.ContainerStatuses; tt.want != "" && len(got) > 0 && got[0].State.Terminated == nil {
			t.Errorf("%s: the refused status was written", tt.name)
		}
	}
}
