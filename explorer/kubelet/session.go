package kubelet

import (
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubelet"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/scenario"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/explorer"
)

type session struct {
	sc  *scenario.Scenario
	sim *scenario.Sim
}

// LoadRequest opens a session from a scenario or an example.
type LoadRequest struct {
	Scenario string `json:"scenario,omitempty"`
	Example  string `json:"example,omitempty"`
	// Release, when set, replaces the scenario's release: the page's
	// release control applies to any scenario.
	Release string `json:"release,omitempty"`
	// UnknownImages, when set, replaces the scenario's
	// runtime.unknownImages: "pull" (any image name exists) or "missing"
	// (images the scenario does not list do not exist).
	UnknownImages string `json:"unknownImages,omitempty"`
}

// Cursor says how much of each log the caller already has.
type Cursor struct {
	Events    int `json:"events"`
	Loop      int `json:"loop"`
	Snapshots int `json:"snapshots"`
}

// AdvanceRequest moves a session's clock: Instants instants with work, By
// a duration, or To an instant. Several may be given: the instants run
// first, then the clock moves to the later of By and To.
type AdvanceRequest struct {
	Session  string            `json:"session"`
	Instants int               `json:"instants,omitempty"`
	By       explorer.Duration `json:"by,omitempty"`
	To       *explorer.Seconds `json:"to,omitempty"`
	Cursor   Cursor            `json:"cursor"`
	// MaxEvents and MaxLoop cap the new entries returned (the newest
	// are kept); 0 = no cap.
	MaxEvents int `json:"maxEvents,omitempty"`
	MaxLoop   int `json:"maxLoop,omitempty"`
	// SkipWorkers leaves the workers list out of the reply (a page
	// playing hundreds of pods refreshes that table less often than it
	// advances).
	SkipWorkers bool `json:"skipWorkers,omitempty"`
}

// StepRequest performs one timeline action now: YAML with one of create,
// update, delete, fault (the scenario's timeline syntax, without at).
type StepRequest struct {
	Session string `json:"session"`
	Action  string `json:"action"`
	Cursor  Cursor `json:"cursor"`
}

// StateRequest reads a session's state.
type StateRequest struct {
	Session string `json:"session"`
	Cursor  Cursor `json:"cursor"`
}

// State is a session's state: the clock, pods that changed since the
// cursor (all pods when the cursor is zero), new events and loop entries,
// and the pod workers. Every session method replies with it.
type State struct {
	Session string `json:"session"`
	Release string `json:"release"`
	// ScenarioRelease is the release the scenario names when the load
	// request replaced it with another.
	ScenarioRelease string           `json:"scenarioRelease,omitempty"`
	Time            explorer.Seconds `json:"time"`
	// Until is the scenario's end (its until, 0 when it sets none).
	Until explorer.Seconds `json:"until"`
	// Idle is true when nothing is scheduled any more.
	Idle   bool      `json:"idle,omitempty"`
	Pods   []PodCard `json:"pods"`
	Events []Event   `json:"events"`
	Loop   []Loop    `json:"loop"`
	// Workers are the pod workers (null with skipWorkers); nextSync is a
	// label such as "t=12.500s".
	Workers []kubelet.WorkerState `json:"workers"`
	// AssumedImages are the images the fake runtime pulled only because it
	// treats any name as pullable (the scenario does not list them; a real
	// registry might not have them). Load with unknownImages "missing" to
	// see the kubelet when they do not exist.
	AssumedImages []string `json:"assumedImages"`
	// History is, for every change of a pod's API object since the cursor
	// (the last maxHistory), its containers' states at that instant: the
	// page's timeline draws states and restarts at their times, not at the
	// end of the step that reported them.
	History []PodStates `json:"history"`
	Cursor  Cursor      `json:"cursor"`
	// Full is true when Pods lists every pod (not only changes).
	Full bool `json:"full,omitempty"`
}

// maxHistory bounds State.History: the newest entries are kept.
const maxHistory = 1000

// PodStates is the states of a pod's containers (those with a status) at
// an instant its API object changed; NextRestart and BackOff are unset.
type PodStates struct {
	Time       explorer.Seconds `json:"time"`
	UID        string           `json:"uid"`
	Name       string           `json:"name"`
	Containers []ContainerCard  `json:"containers"`
}

// ContainerCard is one container of a pod card.
type ContainerCard struct {
	Name         string `json:"name"`
	Init         bool   `json:"init,omitempty"`
	Sidecar      bool   `json:"sidecar,omitempty"`
	State        string `json:"state"`
	Reason       string `json:"reason,omitempty"`
	Message      string `json:"message,omitempty"`
	ExitCode     *int32 `json:"exitCode,omitempty"`
	Ready        bool   `json:"ready"`
	RestartCount int32  `json:"restartCount"`
	// NextRestart is when the crash back-off ends and BackOff its current
	// length, if the container has an entry.
	NextRestart *explorer.Seconds `json:"nextRestart,omitempty"`
	BackOff     explorer.Duration `json:"backOff,omitempty"`
}

// PodCard is a pod as the page shows it.
type PodCard struct {
	Name        string            `json:"name"`
	Namespace   string            `json:"namespace"`
	UID         string            `json:"uid"`
	Deleted     bool              `json:"deleted,omitempty"`
	Phase       string            `json:"phase,omitempty"`
	Reason      string            `json:"reason,omitempty"`
	Message     string            `json:"message,omitempty"`
	Kubectl     any               `json:"kubectl,omitempty"`
	Conditions  []v1.PodCondition `json:"conditions,omitempty"`
	Containers  []ContainerCard   `json:"containers,omitempty"`
	Terminating bool              `json:"terminating,omitempty"`
}

// Event is an event the kubelet recorded, at an instant.
type Event struct {
	Time           explorer.Seconds `json:"time"`
	Type           string           `json:"type"`
	Reason         string           `json:"reason"`
	Message        string           `json:"message"`
	InvolvedObject events.ObjectRef `json:"involvedObject"`
}

// Loop is one syncLoopIteration (see the transcript's loop entries).
type Loop struct {
	Time   explorer.Seconds `json:"time"`
	Case   string           `json:"case"`
	Rule   string           `json:"rule,omitempty"`
	Ready  []string         `json:"ready,omitempty"`
	Op     string           `json:"op,omitempty"`
	Detail string           `json:"detail,omitempty"`
	Pods   []string         `json:"pods"`
}

func load(e *explorer.Engine, r LoadRequest) (State, error) {
	sc, err := parseScenario(r.Scenario, r.Example, scenario.Overrides{Release: r.Release, UnknownImages: r.UnknownImages})
	if err != nil {
		return State{}, err
	}
	run, err := build(sc)
	if err != nil {
		return State{}, err
	}
	s := &session{sc: sc, sim: run}
	id := e.AddSession("kubelet", s)
	return s.state(id, Cursor{}, 0, 0), nil
}

// maxInstants bounds the instants one advance runs.
const maxInstants = 100000

func advance(e *explorer.Engine, r AdvanceRequest) (State, error) {
	s, err := explorer.Session[*session](e, r.Session)
	if err != nil {
		return State{}, err
	}
	run := s.sim
	now := explorer.SecondsAt(run.Clock.Now())
	target := now
	if r.By != "" {
		by, err := time.ParseDuration(string(r.By))
		if err != nil {
			return State{}, explorer.InvalidField("by", "by: %q is not a duration such as 90s or 250ms", r.By)
		}
		if by < 0 {
			return State{}, explorer.InvalidField("by", "time only moves forward (now t=%gs)", float64(now))
		}
		target = now + explorer.Seconds(by.Seconds())
	}
	if r.To != nil {
		if *r.To < now {
			return State{}, explorer.InvalidField("to", "time only moves forward (now t=%gs)", float64(now))
		}
		target = max(target, *r.To)
	}
	if float64(target) > maxTime.Seconds() {
		input := "by"
		if r.To != nil && *r.To == target {
			input = "to"
		}
		return State{}, explorer.InvalidField(input, "at most %v of virtual time", maxTime)
	}
	for i := 0; i < r.Instants && i < maxInstants; i++ {
		if !run.Step() {
			break
		}
	}
	if target > explorer.SecondsAt(run.Clock.Now()) {
		run.RunUntil(target.Time())
	}
	reply := s.state(r.Session, r.Cursor, r.MaxEvents, r.MaxLoop)
	if r.SkipWorkers {
		reply.Workers = nil
	}
	return reply, nil
}

func step(e *explorer.Engine, r StepRequest) (State, error) {
	s, err := explorer.Session[*session](e, r.Session)
	if err != nil {
		return State{}, err
	}
	st, err := scenario.ParseAction([]byte(r.Action), s.sc)
	if err != nil {
		return State{}, explorer.InputError(err, InputAction, CodeAction, "")
	}
	if err := s.sim.Apply(st); err != nil {
		return State{}, explorer.InputError(err, InputAction, CodeAction, "")
	}
	return s.state(r.Session, r.Cursor, 0, 0), nil
}

func state(e *explorer.Engine, r StateRequest) (State, error) {
	s, err := explorer.Session[*session](e, r.Session)
	if err != nil {
		return State{}, err
	}
	return s.state(r.Session, r.Cursor, 0, 0), nil
}

func closeSession(e *explorer.Engine, r explorer.SessionRequest) (explorer.Empty, error) {
	e.CloseSession(r.Session)
	return explorer.Empty{}, nil
}

func (s *session) card(p *v1.Pod) PodCard {
	k := s.sim.Kubelet
	view := k.View(p)
	c := PodCard{Name: p.Metadata.Name, Namespace: p.Metadata.Namespace, UID: p.Metadata.UID, Phase: p.Status.Phase,
		Reason: p.Status.Reason, Message: p.Status.Message, Kubectl: view.Kubectl, Conditions: p.Status.Conditions,
		Terminating: p.Metadata.DeletionTimestamp != nil}
	add := func(specs []v1.Container, statuses []v1.ContainerStatus, init bool) {
		for i := range specs {
			sp := &specs[i]
			cc := ContainerCard{Name: sp.Name, Init: init, Sidecar: init && v1.IsRestartableInitContainer(sp), State: "Waiting"}
			if st, ok := v1.GetContainerStatus(statuses, sp.Name); ok {
				setStatus(&cc, st)
			}
			if at, d, ok := k.NextRestart(p.Metadata.UID, sp.Name); ok && at.After(s.sim.Clock.Now()) {
				v := explorer.SecondsAt(at)
				cc.NextRestart, cc.BackOff = &v, explorer.DurationOf(d)
			}
			c.Containers = append(c.Containers, cc)
		}
	}
	add(p.Spec.InitContainers, p.Status.InitContainerStatuses, true)
	add(p.Spec.Containers, p.Status.ContainerStatuses, false)
	return c
}

// changedPods lists the cards of the pods whose object changed after the
// first cur snapshots, in the order they first changed; pods removed from
// the API server since come back as deleted stubs.
func (s *session) changedPods(snaps []kubelet.SnapshotEntry) []PodCard {
	seen := map[string]bool{}
	var order []string
	deleted := map[string]kubelet.PodView{}
	for _, sn := range snaps {
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
	for _, p := range s.sim.Kubelet.APIPods() {
		pods[p.Metadata.UID] = p
	}
	out := []PodCard{}
	for _, uid := range order {
		if p := pods[uid]; p != nil {
			out = append(out, s.card(p))
		} else if pv, ok := deleted[uid]; ok {
			out = append(out, PodCard{Name: pv.Metadata.Name, Namespace: pv.Metadata.Namespace, UID: uid, Deleted: true})
		}
	}
	return out
}

// setStatus fills a container card from the container's status.
func setStatus(cc *ContainerCard, st v1.ContainerStatus) {
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

// history lists the containers' states of every pod change in snaps (the
// newest maxHistory).
func history(snaps []kubelet.SnapshotEntry) []PodStates {
	out := []PodStates{}
	for _, sn := range snaps {
		for _, pv := range sn.Pods {
			if pv.Deleted {
				continue
			}
			ps := PodStates{Time: explorer.SecondsAt(sn.Time), UID: pv.Metadata.UID, Name: pv.Metadata.Name}
			add := func(statuses []v1.ContainerStatus, init bool) {
				for _, st := range statuses {
					cc := ContainerCard{Name: st.Name, Init: init, State: "Waiting"}
					setStatus(&cc, st)
					ps.Containers = append(ps.Containers, cc)
				}
			}
			add(pv.Status.InitContainerStatuses, true)
			add(pv.Status.ContainerStatuses, false)
			out = append(out, ps)
		}
	}
	return lastN(out, maxHistory)
}

func (s *session) state(id string, cur Cursor, maxEvents, maxLoop int) State {
	k := s.sim.Kubelet
	r := State{Session: id, Release: s.sc.Release, Time: explorer.SecondsAt(s.sim.Clock.Now()),
		Until: explorer.Seconds(s.sc.Until.Seconds()), Pods: []PodCard{}, Workers: nonNil(k.Workers()),
		AssumedImages: nonNil(s.sim.Runtime.AssumedImages()), History: []PodStates{}}
	if s.sc.ScenarioRelease != "" && s.sc.ScenarioRelease != s.sc.Release {
		r.ScenarioRelease = s.sc.ScenarioRelease
	}
	_, pending := s.sim.Clock.Next()
	r.Idle = !pending
	// A cursor past a record's end is not this session's: that record is
	// sent whole. The workers' steps and the log are not sent.
	end := k.Marks()
	from := kubelet.Marks{Events: cur.Events, Loop: cur.Loop, Snapshots: cur.Snapshots, Workers: end.Workers, Log: end.Log}
	if cur.Events < 0 || cur.Events > end.Events {
		from.Events = 0
	}
	if cur.Loop < 0 || cur.Loop > end.Loop {
		from.Loop = 0
	}
	tr := k.Trace(from)
	if cur.Snapshots <= 0 || cur.Snapshots > end.Snapshots {
		r.Full = true
		for _, p := range k.APIPods() {
			r.Pods = append(r.Pods, s.card(p))
		}
	} else {
		r.Pods = s.changedPods(tr.Snapshots)
	}
	if cur.Snapshots >= 0 && cur.Snapshots <= end.Snapshots {
		r.History = history(tr.Snapshots)
	}
	r.Events = make([]Event, 0, len(tr.Events))
	for _, ev := range lastN(tr.Events, maxEvents) {
		r.Events = append(r.Events, Event{Time: explorer.SecondsAt(ev.Time), Type: ev.Type, Reason: ev.Reason,
			Message: ev.Message, InvolvedObject: ev.InvolvedObject})
	}
	r.Loop = make([]Loop, 0, len(tr.Loop))
	for _, l := range lastN(tr.Loop, maxLoop) {
		r.Loop = append(r.Loop, Loop{Time: explorer.SecondsAt(l.Time), Case: l.Case, Rule: l.Rule, Ready: l.Ready,
			Op: l.Op, Detail: l.Detail, Pods: l.Pods})
	}
	r.Cursor = Cursor{Events: end.Events, Loop: end.Loop, Snapshots: end.Snapshots}
	return r
}

// lastN is the last n entries of s (all of them when n ≤ 0).
func lastN[T any](s []T, n int) []T {
	if n > 0 && len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
