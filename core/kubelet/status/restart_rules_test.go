package status

import (
	"testing"

	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// TestStateTransitionRestartRules: under ContainerRestartRules a container
// may leave Terminated when its own policy and rules restart it after that
// exit code; otherwise the pod's policy decides, and a pod whose policy is
// Always is not checked at all.
func TestStateTransitionRestartRules(t *testing.T) {
	ptr := func(s string) *string { return &s }
	rule := []v1.ContainerRestartRule{{Action: v1.RestartRuleActionRestart, ExitCodes: &v1.ContainerRestartRuleOnExitCodes{Operator: "In", Values: []int32{42}}}}
	term := func(code int32) v1.ContainerState {
		return v1.ContainerState{Terminated: &v1.ContainerStateTerminated{ExitCode: code}}
	}
	run := v1.ContainerState{Running: &v1.ContainerStateRunning{}}
	for _, tc := range []struct {
		name   string
		policy string
		c      v1.Container
		init   bool
		code   int32
		rules  bool
		want   string
	}{
		{"rule restarts it", "Never", v1.Container{Name: "a", RestartPolicy: ptr("Never"), RestartPolicyRules: rule}, false, 42, true, ""},
		{"rule restarts it, gate off", "Never", v1.Container{Name: "a", RestartPolicy: ptr("Never"), RestartPolicyRules: rule}, false, 42, false,
			"terminated container a attempted illegal transition to non-terminated state"},
		{"rule misses", "Never", v1.Container{Name: "a", RestartPolicy: ptr("Never"), RestartPolicyRules: rule}, false, 1, true,
			"terminated container a attempted illegal transition to non-terminated state"},
		{"own Never in an Always pod: not checked", "Always", v1.Container{Name: "a", RestartPolicy: ptr("Never")}, false, 0, true, ""},
		{"own OnFailure after a failure", "Never", v1.Container{Name: "a", RestartPolicy: ptr("OnFailure")}, false, 1, true, ""},
		{"init own OnFailure after a failure", "Never", v1.Container{Name: "a", RestartPolicy: ptr("OnFailure")}, true, 1, true, ""},
		{"init own OnFailure after success", "Never", v1.Container{Name: "a", RestartPolicy: ptr("OnFailure")}, true, 0, true,
			"terminated init container a attempted illegal transition to non-terminated state"},
	} {
		m, _, pod, _ := setup(37, false)
		m.RestartRules = tc.rules
		pod.Spec = v1.PodSpec{RestartPolicy: tc.policy, Containers: []v1.Container{tc.c}}
		old, s := &v1.PodStatus{ContainerStatuses: []v1.ContainerStatus{{Name: "a", State: term(tc.code)}}},
			&v1.PodStatus{ContainerStatuses: []v1.ContainerStatus{{Name: "a", State: run}}}
		if tc.init {
			pod.Spec = v1.PodSpec{RestartPolicy: tc.policy, InitContainers: []v1.Container{tc.c}, Containers: []v1.Container{{Name: "b"}}}
			old.InitContainerStatuses, old.ContainerStatuses = old.ContainerStatuses, nil
			s.InitContainerStatuses, s.ContainerStatuses = s.ContainerStatuses, nil
		}
		if got := m.checkContainerStateTransition(old, s, &pod.Spec); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
