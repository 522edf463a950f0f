package events

import (
	"fmt"
	"strconv"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
)

// Messages renders the event texts that changed between releases; each
// boundary is a change of core/kubelet/release.
type Messages struct {
	Rel release.Release
	// SecretPulledImages is the KubeletEnsureSecretPulledImages gate.
	SecretPulledImages bool
}

// Created is the Created event: "Created container c", "Created container:
// c" from 1.32, "Container created" from 1.35.
func (m Messages) Created(c string) string {
	switch {
	case m.Rel.Has(release.EventsWithoutContainerName):
		return "Container created"
	case m.Rel.Has(release.CreatedColon):
		return "Created container: " + c
	}
	return "Created container " + c
}

// Started is the Started event: "Started container c" until "Container
// started" from 1.35; it never took the colon form Created had in between.
func (m Messages) Started(c string) string {
	if m.Rel.Has(release.EventsWithoutContainerName) {
		return "Container started"
	}
	return "Started container " + c
}

// BackOffRestart is the Warning BackOff event of a crash-looping container;
// the container and pod were added in 1.26.
func (m Messages) BackOffRestart(c, pod string) string {
	if m.Rel.Has(release.BackOffNamesContainer) {
		return "Back-off restarting failed container " + c + " in pod " + pod
	}
	return "Back-off restarting failed container"
}

// AlreadyPresent is the Pulled event when no pull is needed.
func (m Messages) AlreadyPresent(image string) string {
	// Written as fmt's %q would: this event comes with most container starts.
	var buf [128]byte
	b := strconv.AppendQuote(append(buf[:0], "Container image "...), image)
	b = append(b, " already present on machine"...)
	if m.SecretPulledImages {
		b = append(b, " and can be accessed by the pod"...)
	}
	return string(b)
}

// PulledImage is the Pulled event after a pull: the duration came in 1.19,
// the time including the wait for the serialized puller in 1.26, the image
// size in 1.30.
func (m Messages) PulledImage(image string, pull, total time.Duration, size uint64) string {
	pull, total = pull.Truncate(time.Millisecond), total.Truncate(time.Millisecond)
	switch {
	case m.Rel.Has(release.PulledImageSize):
		return fmt.Sprintf("Successfully pulled image %q in %v (%v including waiting). Image size: %v bytes.", image, pull, total, size)
	case m.Rel.Has(release.PulledWaiting):
		return fmt.Sprintf("Successfully pulled image %q in %v (%v including waiting)", image, pull, total)
	case m.Rel.Has(release.PulledDuration):
		return fmt.Sprintf("Successfully pulled image %q in %v", image, pull)
	}
	return fmt.Sprintf("Successfully pulled image %q", image)
}

// PostStartHookFailed is the FailedPostStartHook event text: the handler's
// message until 1.26 withheld it (it may carry secrets).
func (m Messages) PostStartHookFailed(handlerMsg string) string {
	if m.Rel.Has(release.HookEventFixedText) {
		return "PostStartHook failed"
	}
	return handlerMsg
}

// PreStopHookFailed is the FailedPreStopHook event text.
func (m Messages) PreStopHookFailed(handlerMsg string) string {
	if m.Rel.Has(release.HookEventFixedText) {
		return "PreStopHook failed"
	}
	return handlerMsg
}

// WrappedPostStartReason reports whether the PostStartHookError reason
// carries the handler error ("PostStartHookError: …"), up to 1.21.
func (m Messages) WrappedPostStartReason() bool {
	return !m.Rel.Has(release.PostStartHookErrorBare)
}

// ProbeErrored is the Unhealthy text of a probe that could not run.
func (m Messages) ProbeErrored(probeType, result string, err error) string {
	if m.Rel.Has(release.ProbeErroredResult) {
		return fmt.Sprintf("%s probe errored and resulted in %s state: %s", probeType, result, err)
	}
	return fmt.Sprintf("%s probe errored: %v", probeType, err)
}
