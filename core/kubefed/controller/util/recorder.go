package util

import (
	"fmt"
	"sort"
	"time"

	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// Event is a Kubernetes Event recorded on an object (core/v1 Event fields).
type Event struct {
	Type           string    `json:"type"`
	Reason         string    `json:"reason"`
	Message        string    `json:"message"`
	Source         string    `json:"source"`
	InvolvedObject ObjectRef `json:"involvedObject"`
	Count          int       `json:"count"`
	FirstTimestamp time.Time `json:"firstTimestamp"`
	LastTimestamp  time.Time `json:"lastTimestamp"`
	Seq            int       `json:"-"`
}

// ObjectRef names the object an event is about.
type ObjectRef struct {
	Kind      string `json:"kind"`
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
}

func (r ObjectRef) String() string {
	if r.Namespace == "" {
		return r.Kind + "/" + r.Name
	}
	return r.Kind + "/" + r.Namespace + "/" + r.Name
}

// Recorder stores events, merging repeats the way client-go's event
// correlator does: an identical event (same object, type, reason, message and
// source) increments count and lastTimestamp instead of adding a new one.
type Recorder struct {
	clock  *sim.Clock
	events []*Event
	// index finds an identical earlier event: by message, then the rest.
	index map[string][]*Event
	seq   int
	// Updates counts every Eventf call, merged or not.
	Updates int
}

// NewRecorder returns an empty recorder.
func NewRecorder(clock *sim.Clock) *Recorder {
	return &Recorder{clock: clock, index: map[string][]*Event{}}
}

// Eventf records an event on obj.
func (r *Recorder) Eventf(source string, obj map[string]any, typ, reason, format string, args ...any) {
	if r == nil {
		return
	}
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	r.Event(source, obj, typ, reason, msg)
}

// Event records an event with a final message.
func (r *Recorder) Event(source string, obj map[string]any, typ, reason, msg string) {
	if r == nil {
		return
	}
	ref := ObjectRef{Kind: u.GetKind(obj), Namespace: u.GetNamespace(obj), Name: u.GetName(obj)}
	now := r.clock.Now()
	r.seq++
	r.Updates++
	same := r.index[msg]
	for _, e := range same {
		if e.InvolvedObject == ref && e.Type == typ && e.Reason == reason && e.Source == source {
			e.Count++
			e.LastTimestamp = now
			e.Seq = r.seq
			return
		}
	}
	e := &Event{Type: typ, Reason: reason, Message: msg, Source: source, InvolvedObject: ref, Count: 1, FirstTimestamp: now, LastTimestamp: now, Seq: r.seq}
	r.index[msg] = append(same, e)
	r.events = append(r.events, e)
}

// Events returns events in first-seen order.
func (r *Recorder) Events() []*Event { return r.events }

// For returns the events of one object, oldest first.
func (r *Recorder) For(ref ObjectRef) []*Event {
	var out []*Event
	for _, e := range r.events {
		if e.InvolvedObject == ref {
			out = append(out, e)
		}
	}
	return out
}

// ChangedSince returns events added or repeated after sequence number seq,
// in the order they last happened.
func (r *Recorder) ChangedSince(seq int) []*Event {
	var out []*Event
	for _, e := range r.events {
		if e.Seq > seq {
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Seq < out[j].Seq })
	return out
}

// Seq returns the current sequence number.
func (r *Recorder) Seq() int { return r.seq }
