// Package events holds the kubelet's event reasons (pkg/kubelet/events),
// the message texts of each release, and a recorder that keeps events on
// virtual time.
//
// Event aggregation ("x5 over 3m") is client-go's event correlator, not
// kubelet logic, so the recorder keeps every occurrence; a view may
// aggregate them the way kubectl describe shows them.
package events

import (
	"fmt"
	"time"

	"github.com/kubexplorer/kubexplorer/core/internal/journal"
)

// Event reasons recorded by the kubelet.
const (
	CreatedContainer        = "Created"
	StartedContainer        = "Started"
	FailedToCreateContainer = "Failed"
	FailedToStartContainer  = "Failed"
	KillingContainer        = "Killing"
	PreemptContainer        = "Preempting"
	BackOffStartContainer   = "BackOff"
	ExceededGracePeriod     = "ExceededGracePeriod"

	FailedToKillPod                = "FailedKillPod"
	FailedToCreatePodContainer     = "FailedCreatePodContainer"
	FailedToMakePodDataDirectories = "Failed"
	NetworkNotReady                = "NetworkNotReady"

	PullingImage            = "Pulling"
	PulledImage             = "Pulled"
	FailedToPullImage       = "Failed"
	FailedToInspectImage    = "InspectFailed"
	ErrImageNeverPullPolicy = "ErrImageNeverPull"
	BackOffPullImage        = "BackOff"

	ContainerUnhealthy    = "Unhealthy"
	ContainerProbeWarning = "ProbeWarning"

	FailedPostStartHook = "FailedPostStartHook"
	FailedPreStopHook   = "FailedPreStopHook"

	SandboxChanged         = "SandboxChanged"
	FailedCreatePodSandBox = "FailedCreatePodSandBox"
	FailedStatusPodSandBox = "FailedStatusPodSandBox"
	FailedMountVolume      = "FailedMount"
)

// Event types.
const (
	Normal  = "Normal"
	Warning = "Warning"
)

// ObjectRef is the event's involvedObject.
type ObjectRef struct {
	Kind      string `json:"kind"`
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
	UID       string `json:"uid"`
	FieldPath string `json:"fieldPath,omitempty"`
}

// Event is one recorded event.
type Event struct {
	Time           time.Time `json:"time"`
	Type           string    `json:"type"`
	Reason         string    `json:"reason"`
	Message        string    `json:"message"`
	InvolvedObject ObjectRef `json:"involvedObject"`
}

// Recorder keeps events in the order they were recorded.
type Recorder struct {
	now    func() time.Time
	events journal.Journal[Event]
}

// NewRecorder returns a recorder that stamps events with now().
func NewRecorder(now func() time.Time) *Recorder { return &Recorder{now: now} }

// Eventf records an event whose message is format with args.
func (r *Recorder) Eventf(obj ObjectRef, eventType, reason, format string, args ...any) {
	r.Event(obj, eventType, reason, fmt.Sprintf(format, args...))
}

// Event records an event with a ready message (no formatting, and no
// boxing of the message into an argument list).
func (r *Recorder) Event(obj ObjectRef, eventType, reason, message string) {
	r.events.Append(Event{Time: r.now(), Type: eventType, Reason: reason, Message: message, InvolvedObject: obj})
}

// Events returns all events.
func (r *Recorder) Events() []Event { return r.events.All() }

// Since returns the events recorded from index i on.
func (r *Recorder) Since(i int) []Event { return r.events.Since(i) }

// Len is the number of events recorded.
func (r *Recorder) Len() int { return r.events.Len() }
