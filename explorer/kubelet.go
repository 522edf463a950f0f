package explorer

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri/fake"
	"github.com/kubexplorer/kubexplorer/core/kubelet"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/scenario"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/core/sim"
	"github.com/kubexplorer/kubexplorer/examples"
)

// The kubelet sync loop over a fake CRI, on virtual time. JSON formats:
// docs/kubelet-json.md; the scenario format: docs/kubelet-scenario.md.
//
// A session is a running kubelet model. kubelet.load builds one from a
// scenario; kubelet.advance moves its virtual clock (to the next instant
// with work, by a duration, or to a time) and answers with what changed
// since the cursors the caller already has, so the page can play hundreds
// of pods without re-sending everything each frame; kubelet.apply performs
// an edit (create/update/delete a pod, change a fault) at the current time.

// DefaultKubeletUntil is how long `kubelet.run` plays a scenario that sets
// no `until`.
const DefaultKubeletUntil = 2 * time.Minute

// maxKubeletTime bounds any run or advance (virtual time): the core's
// bound, the same for scenario files, the CLI and the page.
const maxKubeletTime = scenario.MaxUntil

type kubeletSession struct {
	sc *scenario.Scenario
	k  *kubelet.Kubelet
}

// KubeletTranscript is the stable JSON transcript of a run.
type KubeletTranscript struct {
	Release   string                  `json:"release"`
	Until     string                  `json:"until"`
	Events    []events.Event          `json:"events"`
	Snapshots []kubelet.SnapshotEntry `json:"snapshots"`
	Loop      []kubelet.LoopEntry     `json:"loop"`
	Workers   []kubelet.WorkerEntry   `json:"workers"`
	CRI       []fake.Call             `json:"cri"`
	Log       []kubelet.LogEntry      `json:"log"`
}

// KubeletRunRequest runs a scenario from start to end.
type KubeletRunRequest struct {
	Scenario string `json:"scenario,omitempty"`
	Example  string `json:"example,omitempty"`
	// Until overrides the scenario's until ("10m", "90s").
	Until string `json:"until,omitempty"`
}

// KubeletRunReply is the transcript as data and as text.
type KubeletRunReply struct {
	Transcript KubeletTranscript `json:"transcript"`
	Text       string            `json:"text"`
}

func kubeletScenario(text, example string) (*scenario.Scenario, error) {
	if example != "" {
		ex, err := KubeletExampleByName(example)
		if err != nil {
			return nil, err
		}
		text = ex.Scenario
	}
	if strings.TrimSpace(text) == "" {
		return nil, BadRequest("no scenario")
	}
	sc, err := scenario.Parse([]byte(text))
	if err != nil {
		return nil, BadRequest("%v", err)
	}
	return sc, nil
}

func parseUntil(s string, def time.Duration) (time.Duration, error) {
	if s == "" {
		return def, nil
	}
	d, err := scenario.ParseUntil(s)
	if err != nil {
		return 0, BadRequest("until: %v", err)
	}
	return d, nil
}

// RunKubelet plays a scenario to its end and returns the transcript.
func RunKubelet(r KubeletRunRequest) (KubeletRunReply, error) {
	sc, err := kubeletScenario(r.Scenario, r.Example)
	if err != nil {
		return KubeletRunReply{}, err
	}
	def := sc.Until
	if def == 0 {
		def = DefaultKubeletUntil
	}
	until, err := parseUntil(r.Until, def)
	if err != nil {
		return KubeletRunReply{}, err
	}
	k, err := sc.Build()
	if err != nil {
		return KubeletRunReply{}, BadRequest("%v", err)
	}
	k.RunUntil(sim.Epoch.Add(until))
	tr := KubeletTranscript{
		Release: sc.Release, Until: until.String(),
		Events: nonNil(k.Events()), Snapshots: nonNil(k.Snapshots()), Loop: nonNil(k.Loop()),
		Workers: nonNil(k.WorkerTrace()), CRI: nonNil(k.CRICalls()), Log: nonNil(k.Log()),
	}
	text := scenario.Text(k, scenario.TextOptions{Events: true, Pods: true, Container: true})
	return KubeletRunReply{Transcript: tr, Text: text}, nil
}

// lastN is the last n entries of s (all of them when n ≤ 0).
func lastN[T any](s []T, n int) []T {
	if n > 0 && len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// KubeletLoadRequest opens a session from a scenario or an example.
type KubeletLoadRequest struct {
	Scenario string `json:"scenario,omitempty"`
	Example  string `json:"example,omitempty"`
}

// KubeletCursor says how much of each log the caller already has.
type KubeletCursor struct {
	Events    int `json:"events"`
	Loop      int `json:"loop"`
	Snapshots int `json:"snapshots"`
}

// KubeletContainerCard is one container of a pod card.
type KubeletContainerCard struct {
	Name         string `json:"name"`
	Init         bool   `json:"init,omitempty"`
	Sidecar      bool   `json:"sidecar,omitempty"`
	State        string `json:"state"`
	Reason       string `json:"reason,omitempty"`
	Message      string `json:"message,omitempty"`
	ExitCode     *int32 `json:"exitCode,omitempty"`
	Ready        bool   `json:"ready"`
	RestartCount int32  `json:"restartCount"`
	// NextRestart is when the crash back-off ends (seconds since start),
	// and BackOff its current length, if the container has an entry.
	NextRestart *float64 `json:"nextRestart,omitempty"`
	BackOff     string   `json:"backOff,omitempty"`
}

// KubeletPodCard is a pod as the page shows it.
type KubeletPodCard struct {
	Name        string                 `json:"name"`
	Namespace   string                 `json:"namespace"`
	UID         string                 `json:"uid"`
	Deleted     bool                   `json:"deleted,omitempty"`
	Phase       string                 `json:"phase,omitempty"`
	Reason      string                 `json:"reason,omitempty"`
	Message     string                 `json:"message,omitempty"`
	Kubectl     any                    `json:"kubectl,omitempty"`
	Conditions  []v1.PodCondition      `json:"conditions,omitempty"`
	Containers  []KubeletContainerCard `json:"containers,omitempty"`
	Terminating bool                   `json:"terminating,omitempty"`
}

// KubeletStateReply is a session's state: the clock, pods that changed
// since the cursor (all pods when the cursor is zero), new events and
// loop entries, and the pod workers.
type KubeletStateReply struct {
	Session string  `json:"session"`
	Release string  `json:"release"`
	Time    float64 `json:"time"`
	Until   float64 `json:"until"`
	// Idle is true when nothing is scheduled any more.
	Idle    bool                  `json:"idle,omitempty"`
	Pods    []KubeletPodCard      `json:"pods"`
	Events  []events.Event        `json:"events"`
	Loop    []kubelet.LoopEntry   `json:"loop"`
	Workers []kubelet.WorkerState `json:"workers"`
	Cursor  KubeletCursor         `json:"cursor"`
	// Full is true when Pods lists every pod (not only changes).
	Full bool `json:"full,omitempty"`
}

// KubeletAdvanceRequest moves a session's clock: Steps instants with
// work, or By a duration, or To a time (seconds since the start).
type KubeletAdvanceRequest struct {
	Session string        `json:"session"`
	Steps   int           `json:"steps,omitempty"`
	By      float64       `json:"by,omitempty"`
	To      *float64      `json:"to,omitempty"`
	Cursor  KubeletCursor `json:"cursor"`
	// MaxEvents and MaxLoop cap the new entries returned (the newest
	// are kept); 0 = no cap.
	MaxEvents int `json:"maxEvents,omitempty"`
	MaxLoop   int `json:"maxLoop,omitempty"`
	// SkipWorkers leaves the workers list out of the reply (a page
	// playing hundreds of pods refreshes that table less often than it
	// advances).
	SkipWorkers bool `json:"skipWorkers,omitempty"`
}

// KubeletApplyRequest performs one timeline action now: YAML with one of
// create, update, delete, fault (the scenario's timeline syntax, without at).
type KubeletApplyRequest struct {
	Session string        `json:"session"`
	Action  string        `json:"action"`
	Cursor  KubeletCursor `json:"cursor"`
}

// KubeletSessionRequest names a session.
type KubeletSessionRequest struct {
	Session string        `json:"session"`
	Cursor  KubeletCursor `json:"cursor"`
}

// KubeletExample is one gallery entry.
type KubeletExample struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
	Scenario    string `json:"scenario,omitempty"`
}

// KubeletExamplesReply lists the gallery.
type KubeletExamplesReply struct {
	Examples []KubeletExample `json:"examples"`
}

// KubeletExampleRequest names an example.
type KubeletExampleRequest struct {
	Name string `json:"name"`
}

// KubeletExamples lists the gallery (crashloop first, then by name).
func KubeletExamples() (KubeletExamplesReply, error) {
	names, err := examples.Names("kubelet", "crashloop")
	if err != nil {
		return KubeletExamplesReply{}, err
	}
	out := KubeletExamplesReply{Examples: []KubeletExample{}}
	for _, n := range names {
		ex, err := KubeletExampleByName(n)
		if err != nil {
			return KubeletExamplesReply{}, err
		}
		ex.Scenario = ""
		out.Examples = append(out.Examples, ex)
	}
	return out, nil
}

// KubeletExampleByName loads one example.
func KubeletExampleByName(name string) (KubeletExample, error) {
	if name == "" {
		name = "crashloop"
	}
	data, err := examples.Read("kubelet", name)
	if errors.Is(err, examples.ErrNotFound) {
		return KubeletExample{}, NotFound("no kubelet example %q", name)
	}
	if err != nil {
		return KubeletExample{}, err
	}
	sc, err := scenario.Parse(data)
	if err != nil {
		return KubeletExample{}, fmt.Errorf("examples/kubelet/%s.yaml: %w", name, err)
	}
	return KubeletExample{Name: name, Title: sc.Title, Description: sc.Description, Scenario: string(data)}, nil
}

func secs(t time.Time) float64 { return t.Sub(sim.Epoch).Seconds() }

func (s *kubeletSession) card(p *v1.Pod) KubeletPodCard {
	k := s.k
	view := k.View(p)
	c := KubeletPodCard{Name: p.Metadata.Name, Namespace: p.Metadata.Namespace, UID: p.Metadata.UID, Phase: p.Status.Phase,
		Reason: p.Status.Reason, Message: p.Status.Message, Kubectl: view.Kubectl, Conditions: p.Status.Conditions,
		Terminating: p.Metadata.DeletionTimestamp != nil}
	add := func(specs []v1.Container, statuses []v1.ContainerStatus, init bool) {
		for i := range specs {
			sp := &specs[i]
			cc := KubeletContainerCard{Name: sp.Name, Init: init, Sidecar: init && v1.IsRestartableInitContainer(sp), State: "Waiting"}
			if st, ok := v1.GetContainerStatus(statuses, sp.Name); ok {
				cc.Ready, cc.RestartCount = st.Ready, st.RestartCount
				switch {
				case st.State.Running != nil:
					cc.State = "Running"
				case st.State.Terminated != nil:
					cc.State, cc.Reason, cc.Message = "Terminated", st.State.Terminated.Reason, st.State.Terminated.Message
					code := st.State.Terminated.ExitCode
					cc.ExitCode = &code
				case st.State.Waiting != nil:
					cc.Reason, cc.Message = st.State.Waiting.Reason, st.State.Waiting.Message
				}
			}
			if at, d, ok := k.NextRestart(p.Metadata.UID, sp.Name); ok && at.After(k.Clock().Now()) {
				v := secs(at)
				cc.NextRestart, cc.BackOff = &v, d.String()
			}
			c.Containers = append(c.Containers, cc)
		}
	}
	add(p.Spec.InitContainers, p.Status.InitContainerStatuses, true)
	add(p.Spec.Containers, p.Status.ContainerStatuses, false)
	return c
}

func (s *kubeletSession) state(id string, cur KubeletCursor, maxEvents, maxLoop int) KubeletStateReply {
	k := s.k
	r := KubeletStateReply{Session: id, Release: s.sc.Release, Time: secs(k.Clock().Now()), Until: s.sc.Until.Seconds(),
		Pods: []KubeletPodCard{}, Workers: nonNil(k.Workers())}
	_, pending := k.Clock().Next()
	r.Idle = !pending
	snaps := k.Snapshots()
	if cur.Snapshots <= 0 || cur.Snapshots > len(snaps) {
		r.Full = true
		for _, p := range k.APIPods() {
			r.Pods = append(r.Pods, s.card(p))
		}
	} else {
		seen := map[string]bool{}
		var order []string
		deleted := map[string]kubelet.PodView{}
		for _, sn := range snaps[cur.Snapshots:] {
			for _, pv := range sn.Pods {
				if !seen[pv.Metadata.UID] {
					seen[pv.Metadata.UID] = true
					order = append(order, pv.Metadata.UID)
				}
				if pv.Deleted {
					deleted[pv.Metadata.UID] = pv
				} else {
					delete(deleted, pv.Metadata.UID)
				}
			}
		}
		pods := map[string]*v1.Pod{}
		for _, p := range k.APIPods() {
			pods[p.Metadata.UID] = p
		}
		for _, uid := range order {
			if p := pods[uid]; p != nil {
				r.Pods = append(r.Pods, s.card(p))
			} else if pv, ok := deleted[uid]; ok {
				r.Pods = append(r.Pods, KubeletPodCard{Name: pv.Metadata.Name, Namespace: pv.Metadata.Namespace, UID: uid, Deleted: true})
			}
		}
	}
	evs, nEvents := k.EventsSince(cur.Events)
	if cur.Events < 0 || cur.Events > nEvents {
		evs, _ = k.EventsSince(0)
	}
	r.Events = nonNil(lastN(evs, maxEvents))
	loop, nLoop := k.LoopSince(cur.Loop)
	if cur.Loop < 0 || cur.Loop > nLoop {
		loop, _ = k.LoopSince(0)
	}
	r.Loop = nonNil(lastN(loop, maxLoop))
	r.Cursor = KubeletCursor{Events: nEvents, Loop: nLoop, Snapshots: len(snaps)}
	return r
}

func init() {
	Register("kubelet.run", "play a kubelet scenario to its end; the transcript as JSON and text", func(_ *Engine, r KubeletRunRequest) (KubeletRunReply, error) {
		return RunKubelet(r)
	})
	Register("kubelet.examples", "the kubelet gallery", func(*Engine, struct{}) (KubeletExamplesReply, error) {
		return KubeletExamples()
	})
	Register("kubelet.example", "one kubelet example's scenario", func(_ *Engine, r KubeletExampleRequest) (KubeletExample, error) {
		return KubeletExampleByName(r.Name)
	})
	Register("kubelet.load", "open a kubelet session from a scenario or an example (at t=0, nothing run yet)", func(e *Engine, r KubeletLoadRequest) (KubeletStateReply, error) {
		sc, err := kubeletScenario(r.Scenario, r.Example)
		if err != nil {
			return KubeletStateReply{}, err
		}
		k, err := sc.Build()
		if err != nil {
			return KubeletStateReply{}, BadRequest("%v", err)
		}
		s := &kubeletSession{sc: sc, k: k}
		id := e.AddSession("kubelet", s)
		return s.state(id, KubeletCursor{}, 0, 0), nil
	})
	Register("kubelet.advance", "advance a kubelet session (steps, by seconds, or to a time) and return what changed", func(e *Engine, r KubeletAdvanceRequest) (KubeletStateReply, error) {
		s, err := Session[*kubeletSession](e, r.Session)
		if err != nil {
			return KubeletStateReply{}, err
		}
		k := s.k
		now := secs(k.Clock().Now())
		target := now
		switch {
		case r.To != nil:
			target = *r.To
		case r.By != 0:
			target = now + r.By
		}
		if r.By < 0 || target < now && r.To != nil {
			return KubeletStateReply{}, BadRequest("time only moves forward (now t=%gs)", now)
		}
		if target > maxKubeletTime.Seconds() {
			return KubeletStateReply{}, BadRequest("at most %v of virtual time", maxKubeletTime)
		}
		if r.Steps > 0 {
			for i := 0; i < r.Steps && i < 100000; i++ {
				if !k.Step() {
					break
				}
			}
		}
		if target > now {
			k.RunUntil(sim.Epoch.Add(time.Duration(target * float64(time.Second))))
		}
		reply := s.state(r.Session, r.Cursor, r.MaxEvents, r.MaxLoop)
		if r.SkipWorkers {
			reply.Workers = nil
		}
		return reply, nil
	})
	Register("kubelet.apply", "perform an edit or a fault now (YAML: create, update, delete or fault)", func(e *Engine, r KubeletApplyRequest) (KubeletStateReply, error) {
		s, err := Session[*kubeletSession](e, r.Session)
		if err != nil {
			return KubeletStateReply{}, err
		}
		st, err := scenario.ParseAction([]byte(r.Action), s.sc)
		if err != nil {
			return KubeletStateReply{}, BadRequest("%v", err)
		}
		if err := scenario.Apply(s.k, st); err != nil {
			return KubeletStateReply{}, BadRequest("%v", err)
		}
		return s.state(r.Session, r.Cursor, 0, 0), nil
	})
	Register("kubelet.snapshot", "a kubelet session's state", func(e *Engine, r KubeletSessionRequest) (KubeletStateReply, error) {
		s, err := Session[*kubeletSession](e, r.Session)
		if err != nil {
			return KubeletStateReply{}, err
		}
		return s.state(r.Session, r.Cursor, 0, 0), nil
	})
	Register("kubelet.close", "forget a kubelet session", func(e *Engine, r KubeletSessionRequest) (struct{}, error) {
		e.CloseSession(r.Session)
		return struct{}{}, nil
	})
}
