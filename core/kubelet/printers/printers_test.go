package printers

import (
	"testing"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

func TestHumanDuration(t *testing.T) {
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{
		{-2 * time.Second, "<invalid>"},
		{-time.Second, "0s"},
		{0, "0s"},
		{119 * time.Second, "119s"},
		{2 * time.Minute, "2m"},
		{2*time.Minute + 5*time.Second, "2m5s"},
		{10 * time.Minute, "10m"},
		{179 * time.Minute, "179m"},
		{3 * time.Hour, "3h"},
		{3*time.Hour + 20*time.Minute, "3h20m"},
		{8 * time.Hour, "8h"},
		{47 * time.Hour, "47h"},
		{48 * time.Hour, "2d"},
		{50 * time.Hour, "2d2h"},
		{8 * 24 * time.Hour, "8d"},
		{2 * 365 * 24 * time.Hour, "2y"},
		{(2*365 + 10) * 24 * time.Hour, "2y10d"},
		{9 * 365 * 24 * time.Hour, "9y"},
	} {
		if got := HumanDuration(tt.d); got != tt.want {
			t.Errorf("HumanDuration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

var (
	t0     = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	yes    = true
	always = v1.RestartPolicyAlways
)

func waiting(reason string) v1.ContainerState {
	return v1.ContainerState{Waiting: &v1.ContainerStateWaiting{Reason: reason}}
}

func exited(code int32, reason string) v1.ContainerState {
	return v1.ContainerState{Terminated: &v1.ContainerStateTerminated{ExitCode: code, Reason: reason}}
}

var running = v1.ContainerState{Running: &v1.ContainerStateRunning{}}

// restarted is a status that restarted n times, the last exit at t0.
func restarted(name string, n int32, st v1.ContainerState, ready bool) v1.ContainerStatus {
	s := v1.ContainerStatus{Name: name, State: st, RestartCount: n, Ready: ready}
	if n > 0 {
		s.LastTerminationState = v1.ContainerState{Terminated: &v1.ContainerStateTerminated{ExitCode: 1, FinishedAt: v1.NewTime(t0)}}
	}
	return s
}

func pod(init []v1.Container, regular []string, phase string, inits, statuses []v1.ContainerStatus, conds ...v1.PodCondition) *v1.Pod {
	p := &v1.Pod{Spec: v1.PodSpec{InitContainers: init}, Status: v1.PodStatus{Phase: phase, InitContainerStatuses: inits, ContainerStatuses: statuses, Conditions: conds}}
	for _, n := range regular {
		p.Spec.Containers = append(p.Spec.Containers, v1.Container{Name: n})
	}
	return p
}

func TestPrintPod(t *testing.T) {
	now := t0.Add(90 * time.Second)
	initialized := v1.PodCondition{Type: v1.PodInitialized, Status: v1.ConditionTrue}
	podReady := v1.PodCondition{Type: v1.PodReady, Status: v1.ConditionTrue}
	sidecar := v1.Container{Name: "sc", RestartPolicy: &always}
	deleted := func(p *v1.Pod) *v1.Pod { p.Metadata.DeletionTimestamp = v1.NewTime(t0); return p }
	tests := []struct {
		name string
		rel  int
		pod  *v1.Pod
		want Columns
	}{
		{"pending, no statuses", 37, pod(nil, []string{"a"}, v1.PodPending, nil, nil),
			Columns{Status: "Pending", Ready: "0/1", Restarts: "0"}},
		{"running and ready", 37, pod(nil, []string{"a", "b"}, v1.PodRunning, nil,
			[]v1.ContainerStatus{restarted("a", 0, running, true), restarted("b", 0, running, false)}),
			Columns{Status: "Running", Ready: "1/2", Restarts: "0"}},
		{"crash loop with restarts ago", 37, pod(nil, []string{"a"}, v1.PodRunning, nil,
			[]v1.ContainerStatus{restarted("a", 3, waiting("CrashLoopBackOff"), false)}),
			Columns{Status: "CrashLoopBackOff", Ready: "0/1", Restarts: "3 (90s ago)", RestartCount: 3}},
		{"1.21 has no 'ago'", 21, pod(nil, []string{"a"}, v1.PodRunning, nil,
			[]v1.ContainerStatus{restarted("a", 3, waiting("CrashLoopBackOff"), false)}),
			Columns{Status: "CrashLoopBackOff", Ready: "0/1", Restarts: "3", RestartCount: 3}},
		{"exit code without reason", 37, pod(nil, []string{"a"}, v1.PodFailed, nil,
			[]v1.ContainerStatus{restarted("a", 0, exited(2, ""), false)}),
			Columns{Status: "ExitCode:2", Ready: "0/1", Restarts: "0"}},
		{"init container running", 37, pod([]v1.Container{{Name: "i"}, {Name: "j"}}, []string{"a"}, v1.PodPending,
			[]v1.ContainerStatus{restarted("i", 0, exited(0, "Completed"), false), restarted("j", 0, running, false)},
			[]v1.ContainerStatus{restarted("a", 0, waiting("PodInitializing"), false)}),
			Columns{Status: "Init:1/2", Ready: "0/1", Restarts: "0"}},
		{"init container crash loop", 37, pod([]v1.Container{{Name: "i"}}, []string{"a"}, v1.PodPending,
			[]v1.ContainerStatus{restarted("i", 2, waiting("CrashLoopBackOff"), false)},
			[]v1.ContainerStatus{restarted("a", 0, waiting("PodInitializing"), false)}),
			Columns{Status: "Init:CrashLoopBackOff", Ready: "0/1", Restarts: "2 (90s ago)", RestartCount: 2}},
		{"init container failed", 37, pod([]v1.Container{{Name: "i"}}, []string{"a"}, v1.PodPending,
			[]v1.ContainerStatus{restarted("i", 0, exited(1, "Error"), false)}, nil),
			Columns{Status: "Init:Error", Ready: "0/1", Restarts: "0"}},
		{"sidecar started and ready counts", 37, pod([]v1.Container{sidecar}, []string{"a"}, v1.PodRunning,
			[]v1.ContainerStatus{{Name: "sc", State: running, Started: &yes, Ready: true}},
			[]v1.ContainerStatus{restarted("a", 0, running, true)}, initialized),
			Columns{Status: "Running", Ready: "2/2", Restarts: "0"}},
		{"completed and running, ready", 37, pod(nil, []string{"a", "b"}, v1.PodRunning, nil,
			[]v1.ContainerStatus{restarted("a", 0, running, true), restarted("b", 0, exited(0, "Completed"), false)}, podReady),
			Columns{Status: "Running", Ready: "1/2", Restarts: "0"}},
		{"completed and running, not ready", 37, pod(nil, []string{"a", "b"}, v1.PodRunning, nil,
			[]v1.ContainerStatus{restarted("a", 0, running, true), restarted("b", 0, exited(0, "Completed"), false)}),
			Columns{Status: "NotReady", Ready: "1/2", Restarts: "0"}},
		{"1.35: an error outranks Completed", 35, pod(nil, []string{"a", "b"}, v1.PodFailed, nil,
			[]v1.ContainerStatus{restarted("a", 0, exited(0, "Completed"), false), restarted("b", 0, exited(1, "Error"), false)}),
			Columns{Status: "Error", Ready: "0/2", Restarts: "0"}},
		{"1.34: Completed, the first container's", 34, pod(nil, []string{"a", "b"}, v1.PodFailed, nil,
			[]v1.ContainerStatus{restarted("a", 0, exited(0, "Completed"), false), restarted("b", 0, exited(1, "Error"), false)}),
			Columns{Status: "Completed", Ready: "0/2", Restarts: "0"}},
		{"deleted and running", 37, deleted(pod(nil, []string{"a"}, v1.PodRunning, nil, []v1.ContainerStatus{restarted("a", 0, running, true)})),
			Columns{Status: "Terminating", Ready: "1/1", Restarts: "0"}},
		{"1.31: deleted and terminal keeps its status", 31, deleted(pod(nil, []string{"a"}, v1.PodSucceeded, nil, []v1.ContainerStatus{restarted("a", 0, exited(0, "Completed"), false)})),
			Columns{Status: "Completed", Ready: "0/1", Restarts: "0"}},
		{"1.30: deleted and terminal is Terminating", 30, deleted(pod(nil, []string{"a"}, v1.PodSucceeded, nil, []v1.ContainerStatus{restarted("a", 0, exited(0, "Completed"), false)})),
			Columns{Status: "Terminating", Ready: "0/1", Restarts: "0"}},
	}
	// A container that exited once but was not restarted (restart count 0).
	exitedOnce := restarted("a", 1, running, true)
	exitedOnce.RestartCount = 0
	// An initialized pod whose init container runs again (new sandbox).
	reinit := func(rel int) *v1.Pod {
		return pod([]v1.Container{{Name: "i"}}, []string{"a"}, v1.PodRunning,
			[]v1.ContainerStatus{restarted("i", 1, running, false)}, []v1.ContainerStatus{restarted("a", 0, running, true)}, initialized)
	}
	tests = append(tests, []struct {
		name string
		rel  int
		pod  *v1.Pod
		want Columns
	}{
		{"1.27: 'ago' without restarts", 27, pod(nil, []string{"a"}, v1.PodRunning, nil, []v1.ContainerStatus{exitedOnce}),
			Columns{Status: "Running", Ready: "1/1", Restarts: "0 (90s ago)"}},
		{"1.28: 'ago' only after restarts", 28, pod(nil, []string{"a"}, v1.PodRunning, nil, []v1.ContainerStatus{exitedOnce}),
			Columns{Status: "Running", Ready: "1/1", Restarts: "0"}},
		{"1.27: an initialized pod re-running init shows Init", 27, reinit(27),
			Columns{Status: "Init:0/1", Ready: "0/1", Restarts: "1 (90s ago)", RestartCount: 1}},
		{"a sidecar running but not started holds initialization", 37, pod([]v1.Container{sidecar}, []string{"a"}, v1.PodPending,
			[]v1.ContainerStatus{{Name: "sc", State: running, Ready: true}}, nil),
			Columns{Status: "Init:0/1", Ready: "0/2", Restarts: "0"}},
		{"an init container waiting in PodInitializing is counted, not named", 37, pod([]v1.Container{{Name: "i"}}, []string{"a"}, v1.PodPending,
			[]v1.ContainerStatus{{Name: "i", State: waiting("PodInitializing")}}, nil),
			Columns{Status: "Init:0/1", Ready: "0/1", Restarts: "0"}},
		{"1.28: it counts its containers (the status stays Init)", 28, reinit(28),
			Columns{Status: "Init:0/1", Ready: "1/1", Restarts: "0"}},
	}...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PrintPod(release.Of(tt.rel), tt.pod, now); got != tt.want {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}
