package events

import (
	"fmt"
	"time"
)

// Messages renders the event texts that changed between releases. Minor
// is the Kubernetes minor version (18 for 1.18). Boundaries come from the
// upstream changes noted on each method; where the exact release of a
// change is uncertain the note says so.
type Messages struct {
	Minor int
	// SecretPulledImages is the KubeletEnsureSecretPulledImages gate.
	SecretPulledImages bool
}

// Created is the Created event: "Created container c" (PR #73892, 1.14),
// "Created container: c" (≈1.31, approximate) and "Container created" from
// 1.35 (PR #134043).
func (m Messages) Created(c string) string {
	switch {
	case m.Minor >= 35:
		return "Container created"
	case m.Minor >= 31:
		return "Created container: " + c
	}
	return "Created container " + c
}

// Started is the Started event: "Started container c" until "Container
// started" from 1.35 (PR #134043); it never took the colon form Created
// had in between.
func (m Messages) Started(c string) string {
	if m.Minor >= 35 {
		return "Container started"
	}
	return "Started container " + c
}

// BackOffRestart is the Warning BackOff event of a crash-looping container;
// the container and pod were added in 1.26 (PR #113216).
func (m Messages) BackOffRestart(c, pod string) string {
	if m.Minor >= 26 {
		return fmt.Sprintf("Back-off restarting failed container %s in pod %s", c, pod)
	}
	return "Back-off restarting failed container"
}

// AlreadyPresent is the Pulled event when no pull is needed.
func (m Messages) AlreadyPresent(image string) string {
	if m.SecretPulledImages {
		return fmt.Sprintf("Container image %q already present on machine and can be accessed by the pod", image)
	}
	return fmt.Sprintf("Container image %q already present on machine", image)
}

// PulledImage is the Pulled event after a pull: the duration was added
// around 1.20, the waiting time around 1.28 and the size around 1.30
// (release boundaries approximate).
func (m Messages) PulledImage(image string, pull, total time.Duration, size uint64) string {
	pull, total = pull.Truncate(time.Millisecond), total.Truncate(time.Millisecond)
	switch {
	case m.Minor >= 30:
		return fmt.Sprintf("Successfully pulled image %q in %v (%v including waiting). Image size: %v bytes.", image, pull, total, size)
	case m.Minor >= 28:
		return fmt.Sprintf("Successfully pulled image %q in %v (%v including waiting)", image, pull, total)
	case m.Minor >= 20:
		return fmt.Sprintf("Successfully pulled image %q in %v", image, pull)
	}
	return fmt.Sprintf("Successfully pulled image %q", image)
}

// HookMessagesWithheld reports whether hook failure events carry a fixed
// text instead of the handler's output (so secrets do not leak), ≈1.23.
func (m Messages) HookMessagesWithheld() bool { return m.Minor >= 23 }

// PostStartHookFailed is the FailedPostStartHook event text.
func (m Messages) PostStartHookFailed(handlerMsg string) string {
	if m.HookMessagesWithheld() {
		return "PostStartHook failed"
	}
	return handlerMsg
}

// PreStopHookFailed is the FailedPreStopHook event text.
func (m Messages) PreStopHookFailed(handlerMsg string) string {
	if m.HookMessagesWithheld() {
		return "PreStopHook failed"
	}
	return handlerMsg
}

// WrappedPostStartReason reports whether the PostStartHookError reason
// carries the handler error ("PostStartHookError: …"), up to ≈1.22.
func (m Messages) WrappedPostStartReason() bool { return m.Minor < 23 }

// ProbeErrored is the Unhealthy text of a probe that could not run.
func (m Messages) ProbeErrored(probeType, result string, err error) string {
	if m.Minor >= 27 {
		return fmt.Sprintf("%s probe errored and resulted in %s state: %s", probeType, result, err)
	}
	return fmt.Sprintf("%s probe errored: %v", probeType, err)
}
