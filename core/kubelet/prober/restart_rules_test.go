package prober

import (
	"testing"

	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// TestKeepAfterStop: whether a probe worker whose container does not run
// goes on, by release rule and ContainerRestartRules.
func TestKeepAfterStop(t *testing.T) {
	ptr := func(s string) *string { return &s }
	exited := func(code int32) *v1.ContainerStateTerminated { return &v1.ContainerStateTerminated{ExitCode: code} }
	rule := []v1.ContainerRestartRule{{Action: v1.RestartRuleActionRestart, ExitCodes: &v1.ContainerRestartRuleOnExitCodes{Operator: "In", Values: []int32{42}}}}
	sidecar := v1.Container{Name: "sc", RestartPolicy: ptr("Always")}
	for _, tc := range []struct {
		name         string
		policy       string
		c            v1.Container
		t            *v1.ContainerStateTerminated
		rules, by135 bool
		want         bool
	}{
		// Without the gate: only a terminated container of a Never pod stops.
		{"waiting, Never pod", "Never", v1.Container{Name: "a"}, nil, false, false, true},
		{"terminated, Never pod", "Never", v1.Container{Name: "a"}, exited(0), false, false, false},
		{"terminated, OnFailure pod", "OnFailure", v1.Container{Name: "a"}, exited(0), false, false, true},
		{"sidecar terminated, Never pod, 1.34", "Never", sidecar, exited(1), false, false, false},
		{"sidecar terminated, Never pod, 1.35", "Never", sidecar, exited(1), false, true, true},
		// The gate on in 1.34.
		{"1.34: terminated, will not restart", "Never", v1.Container{Name: "a"}, exited(0), true, false, true},
		{"1.34: waiting, never restartable", "Never", v1.Container{Name: "a"}, nil, true, false, false},
		{"1.34: waiting, restartable by a rule", "Never", v1.Container{Name: "a", RestartPolicy: ptr("Never"), RestartPolicyRules: rule}, nil, true, false, true},
		// From 1.35.
		{"1.35: waiting", "Never", v1.Container{Name: "a"}, nil, true, true, true},
		{"1.35: terminated, will not restart", "Never", v1.Container{Name: "a"}, exited(0), true, true, false},
		{"1.35: terminated, the rule restarts it", "Never", v1.Container{Name: "a", RestartPolicy: ptr("Never"), RestartPolicyRules: rule}, exited(42), true, true, true},
		{"1.35: terminated, own Never in an Always pod", "Always", v1.Container{Name: "a", RestartPolicy: ptr("Never")}, exited(0), true, true, false},
	} {
		pod := &v1.Pod{Spec: v1.PodSpec{RestartPolicy: tc.policy, InitContainers: []v1.Container{sidecar}, Containers: []v1.Container{{Name: "a"}}}}
		w := &worker{m: &Manager{RestartRules: tc.rules, RestartRulesByExit: tc.by135}, pod: pod, container: tc.c}
		if got := w.keepAfterStop(tc.t, &v1.PodStatus{}); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
