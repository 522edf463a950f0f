package cri

import "testing"

func TestStateNames(t *testing.T) {
	for s, want := range map[ContainerState]string{ContainerCreated: "CONTAINER_CREATED", ContainerRunning: "CONTAINER_RUNNING",
		ContainerExited: "CONTAINER_EXITED", ContainerUnknown: "CONTAINER_UNKNOWN", 9: "CONTAINER_UNKNOWN"} {
		if s.String() != want {
			t.Errorf("%d: %q, want %q", s, s.String(), want)
		}
	}
	if SandboxReady.String() != "SANDBOX_READY" || SandboxNotReady.String() != "SANDBOX_NOTREADY" {
		t.Error("sandbox state names")
	}
}

func TestRuntimeStatusCondition(t *testing.T) {
	s := &RuntimeStatus{Conditions: []RuntimeCondition{{Type: "RuntimeReady", Status: true}, {Type: "NetworkReady", Status: false, Reason: "NetworkPluginNotReady"}}}
	if c := s.Condition("NetworkReady"); c == nil || c.Status || c.Reason != "NetworkPluginNotReady" {
		t.Errorf("NetworkReady: %+v", c)
	}
	if s.Condition("Other") != nil || (*RuntimeStatus)(nil).Condition("RuntimeReady") != nil {
		t.Error("a missing condition is found")
	}
}
