package container

import (
	"errors"
	"strconv"
	"time"
)

// Error sentinels: their text becomes the container's waiting reason.
var (
	ErrCrashLoopBackOff = errors.New("CrashLoopBackOff")
	ErrRunContainer     = errors.New("RunContainerError")
	ErrKillContainer    = errors.New("KillContainerError")
	ErrCreatePodSandbox = errors.New("CreatePodSandboxError")
	ErrConfigPodSandbox = errors.New("ConfigPodSandboxError")
	ErrKillPodSandbox   = errors.New("KillPodSandboxError")
	ErrRemoveContainer  = errors.New("RemoveContainerError")
)

// SyncAction names one step of a pod sync.
type SyncAction string

// The sync actions.
const (
	StartContainer   SyncAction = "StartContainer"
	KillContainer    SyncAction = "KillContainer"
	SetupNetwork     SyncAction = "SetupNetwork"
	TeardownNetwork  SyncAction = "TeardownNetwork"
	InitContainer    SyncAction = "InitContainer"
	CreatePodSandbox SyncAction = "CreatePodSandbox"
	ConfigPodSandbox SyncAction = "ConfigPodSandbox"
	KillPodSandbox   SyncAction = "KillPodSandbox"
	RemoveContainer  SyncAction = "RemoveContainer"
)

// SyncResult is the result of one action on one target.
type SyncResult struct {
	Action  SyncAction
	Target  string
	Error   error
	Message string
	// BackoffExpiry is set for CrashLoopBackOff results (1.35+ requeue).
	BackoffExpiry time.Time
}

// Fail records a failure.
func (r *SyncResult) Fail(err error, msg string) { r.Error, r.Message = err, msg }

// PodSyncResult collects the results of one pod sync.
type PodSyncResult struct {
	SyncResults []*SyncResult
	SyncError   error
	// first holds the first results and their list: most syncs record one
	// or two (ConfigPodSandbox, a start), so they need no allocation of
	// their own. Add hands out pointers into first, which stay valid
	// because a PodSyncResult is not copied once results are added.
	first    [2]SyncResult
	firstPtr [2]*SyncResult
}

// Add appends a result and returns it.
func (p *PodSyncResult) Add(action SyncAction, target string) *SyncResult {
	var r *SyncResult
	if n := len(p.SyncResults); n < len(p.first) && (n == 0 || &p.SyncResults[0] == &p.firstPtr[0]) {
		p.first[n] = SyncResult{Action: action, Target: target}
		r = &p.first[n]
		if n == 0 {
			p.SyncResults = p.firstPtr[:0]
		}
	} else {
		r = &SyncResult{Action: action, Target: target}
	}
	p.SyncResults = append(p.SyncResults, r)
	return r
}

// AddPodSyncResult merges another result.
func (p *PodSyncResult) AddPodSyncResult(o PodSyncResult) {
	p.SyncResults = append(p.SyncResults, o.SyncResults...)
	if o.SyncError != nil {
		p.SyncError = o.SyncError
	}
}

// Fail sets the pod-level error.
func (p *PodSyncResult) Fail(err error) { p.SyncError = err }

// Acted reports whether the sync did anything: a result other than the
// ConfigPodSandbox step older runtimes record on every sync (1.36 dropped
// it, so there a sync with results is one that acted).
func (p *PodSyncResult) Acted() bool {
	for _, r := range p.SyncResults {
		if r.Action != ConfigPodSandbox {
			return true
		}
	}
	return false
}

// Error aggregates the failures the way kubecontainer does:
// "failed to \"StartContainer\" for \"app\" with CrashLoopBackOff: \"…\"".
//
// The text is written into one buffer, as fmt's %q and %v would write it:
// every crash-looping container's sync fails this way.
func (p *PodSyncResult) Error() error {
	n := 0
	if p.SyncError != nil {
		n++
	}
	for _, r := range p.SyncResults {
		if r.Error != nil {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	var buf [256]byte
	b := buf[:0]
	if n > 1 {
		b = append(b, '[')
	}
	first := true
	if p.SyncError != nil {
		b = append(b, "failed to SyncPod: "...)
		b = append(b, p.SyncError.Error()...)
		first = false
	}
	for _, r := range p.SyncResults {
		if r.Error == nil {
			continue
		}
		if !first {
			b = append(b, ", "...)
		}
		first = false
		b = append(b, "failed to "...)
		b = strconv.AppendQuote(b, string(r.Action))
		b = append(b, " for "...)
		b = strconv.AppendQuote(b, r.Target)
		b = append(b, " with "...)
		b = append(b, r.Error.Error()...)
		b = append(b, ": "...)
		b = strconv.AppendQuote(b, r.Message)
	}
	if n > 1 {
		b = append(b, ']')
	}
	return &SyncError{Text: string(b), Result: p}
}

// SyncError is the aggregated error of a pod sync.
type SyncError struct {
	Text   string
	Result *PodSyncResult
}

func (e *SyncError) Error() string { return e.Text }

// MinBackoffExpiry returns the earliest CrashLoopBackOff expiry among the
// results, if any (kubecontainer.BackoffError, 1.35+).
func (e *SyncError) MinBackoffExpiry() (time.Time, bool) {
	var out time.Time
	found := false
	for _, r := range e.Result.SyncResults {
		if errors.Is(r.Error, ErrCrashLoopBackOff) && !r.BackoffExpiry.IsZero() {
			if !found || r.BackoffExpiry.Before(out) {
				out = r.BackoffExpiry
			}
			found = true
		}
	}
	return out, found
}
