package events

import (
	"errors"
	"testing"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
)

// TestMessagesByRelease: each text on both sides of its boundary.
func TestMessagesByRelease(t *testing.T) {
	m := func(minor int) Messages { return Messages{Rel: release.Of(minor)} }
	const img = "nginx:1.25"
	pull, total := 1500*time.Millisecond+300*time.Microsecond, 2*time.Second
	probeErr := errors.New("command not found")
	tests := []struct {
		name, got, want string
	}{
		{"Created 1.31", m(31).Created("app"), "Created container app"},
		{"Created 1.32", m(32).Created("app"), "Created container: app"},
		{"Created 1.35", m(35).Created("app"), "Container created"},
		{"Started 1.34", m(34).Started("app"), "Started container app"},
		{"Started 1.35", m(35).Started("app"), "Container started"},
		{"BackOff 1.25", m(25).BackOffRestart("app", "default/p"), "Back-off restarting failed container"},
		{"BackOff 1.26", m(26).BackOffRestart("app", "default/p"), "Back-off restarting failed container app in pod default/p"},
		{"Pulled 1.18", m(18).PulledImage(img, pull, total, 42), `Successfully pulled image "nginx:1.25"`},
		{"Pulled 1.19", m(19).PulledImage(img, pull, total, 42), `Successfully pulled image "nginx:1.25" in 1.5s`},
		{"Pulled 1.26", m(26).PulledImage(img, pull, total, 42), `Successfully pulled image "nginx:1.25" in 1.5s (2s including waiting)`},
		{"Pulled 1.30", m(30).PulledImage(img, pull, total, 42), `Successfully pulled image "nginx:1.25" in 1.5s (2s including waiting). Image size: 42 bytes.`},
		{"AlreadyPresent", m(37).AlreadyPresent(img), `Container image "nginx:1.25" already present on machine`},
		{"AlreadyPresent with the gate", Messages{Rel: release.Of(37), SecretPulledImages: true}.AlreadyPresent(img),
			`Container image "nginx:1.25" already present on machine and can be accessed by the pod`},
		{"PostStart 1.25", m(25).PostStartHookFailed("exec failed: secret"), "exec failed: secret"},
		{"PostStart 1.26", m(26).PostStartHookFailed("exec failed: secret"), "PostStartHook failed"},
		{"PreStop 1.25", m(25).PreStopHookFailed("exec failed: secret"), "exec failed: secret"},
		{"PreStop 1.26", m(26).PreStopHookFailed("exec failed: secret"), "PreStopHook failed"},
		{"ProbeErrored 1.32", m(32).ProbeErrored("Liveness", "Unknown", probeErr), "Liveness probe errored: command not found"},
		{"ProbeErrored 1.33", m(33).ProbeErrored("Liveness", "Unknown", probeErr), "Liveness probe errored and resulted in Unknown state: command not found"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %q\nwant %q", tt.name, tt.got, tt.want)
		}
	}
	if !m(21).WrappedPostStartReason() || m(22).WrappedPostStartReason() {
		t.Error("the PostStartHookError reason carries the error up to 1.21 only")
	}
}

func TestRecorder(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r := NewRecorder(func() time.Time { return now })
	ref := ObjectRef{Kind: "Pod", Namespace: "default", Name: "p", UID: "u"}
	r.Eventf(ref, Normal, CreatedContainer, "plain text")
	now = now.Add(time.Second)
	r.Eventf(ref, Warning, BackOffStartContainer, "Back-off %s", "10s")
	if r.Len() != 2 {
		t.Fatalf("Len %d", r.Len())
	}
	all := r.Events()
	if all[0].Message != "plain text" || all[1].Message != "Back-off 10s" || all[1].Time != now || all[1].Type != Warning || all[1].InvolvedObject != ref {
		t.Errorf("events %+v", all)
	}
	if s := r.Since(1); len(s) != 1 || s[0].Reason != BackOffStartContainer {
		t.Errorf("Since(1) %+v", s)
	}
	if s := r.Since(5); len(s) != 0 {
		t.Errorf("Since past the end %+v", s)
	}
}
