package kubefed

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/scenario"
	"github.com/kubexplorer/kubexplorer/core/kubefed/simulation"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
	"github.com/kubexplorer/kubexplorer/explorer"
)

// session is the state behind a session id.
type session struct {
	runner *scenario.Runner
	steps  int
}

// LoadRequest opens a session: a scenario (or a gallery example),
// optional control-plane overrides, and steps to run after the scenario's
// own (the page keeps the user's actions as such steps).
type LoadRequest struct {
	Scenario string `json:"scenario,omitempty"`
	Example  string `json:"example,omitempty"`
	// Scope ("Cluster" or "Namespaced"), Version ("v0.10.0" or "v0.3.0")
	// and Webhook override the scenario's controlPlane when set.
	Scope     string `json:"scope,omitempty"`
	Version   string `json:"version,omitempty"`
	Webhook   *bool  `json:"webhook,omitempty"`
	Steps     []Step `json:"steps,omitempty"`
	Verbosity *int   `json:"verbosity,omitempty"`
}

// LoadReply is the new session after the scenario's steps and the extra
// steps ran.
type LoadReply struct {
	Session string           `json:"session"`
	Time    explorer.Seconds `json:"time"`
	// Transcript is the setup and every step so far, in the format of
	// kubefed.run's.
	Transcript *scenario.Transcript `json:"transcript"`
	// LogText is every log line so far in klog's format.
	LogText []string `json:"logText"`
	// Diagnostics locate the steps that failed: in the scenario, or in
	// the request's steps ("steps[2]", "steps[2].apply").
	Diagnostics []explorer.Diagnostic `json:"diagnostics"`
}

// StepRequest runs one scenario step on a session.
type StepRequest struct {
	Session string `json:"session"`
	Step    Step   `json:"step"`
}

// AdvanceRequest advances a session's virtual time By a duration or To an
// instant (the later of the two when both are set).
type AdvanceRequest struct {
	Session string            `json:"session"`
	By      explorer.Duration `json:"by,omitempty"`
	To      *explorer.Seconds `json:"to,omitempty"`
}

// StepReply is one step's result (a transcript step; docs/kubefed-json.md)
// with its log lines in klog's format. Every session method that acts
// replies with it.
type StepReply struct {
	Session string           `json:"session"`
	Time    explorer.Seconds `json:"time"`
	// Step is the step's 1-based number in the session.
	Step   int      `json:"step"`
	Action string   `json:"action"`
	Note   string   `json:"note,omitempty"`
	Output []string `json:"output"`
	// Error is the step's failure as kubectl or kubefedctl print it.
	Error    string               `json:"error,omitempty"`
	Logs     []util.LogEntry      `json:"logs"`
	LogText  []string             `json:"logText"`
	Events   []util.Event         `json:"events"`
	Snapshot *simulation.Snapshot `json:"snapshot"`
	// Diagnostics locate Error in the request ("step", "step.apply").
	Diagnostics []explorer.Diagnostic `json:"diagnostics"`
}

// StateReply is a session's current state.
type StateReply struct {
	Session  string               `json:"session"`
	Time     explorer.Seconds     `json:"time"`
	Snapshot *simulation.Snapshot `json:"snapshot"`
}

func logText(r *scenario.StepResult) []string {
	out := make([]string, 0, len(r.Logs))
	for _, l := range r.Logs {
		out = append(out, l.Text())
	}
	return out
}

func (s *session) now() explorer.Seconds { return explorer.SecondsAt(s.runner.Sim.Clock.Now()) }

// run runs a validated step.
func (s *session) run(id string, st Step) StepReply {
	res := s.runner.Run(s.steps, st)
	s.steps++
	reply := StepReply{Session: id, Time: s.now(), Step: res.Step, Action: res.Action, Note: res.Note, Output: res.Output,
		Error: res.Error, Logs: res.Logs, LogText: logText(&res), Events: res.Events, Snapshot: res.Snapshot,
		Diagnostics: appendStepDiagnostic([]explorer.Diagnostic{}, &res, InputStep, st.Apply)}
	return reply
}

// appendStepDiagnostic adds the diagnostic of a failed step. input names
// the request field of the step; a YAML error in an apply step's own text
// (applyText, when the step is not part of a scenario) points into that
// text, at its document.
func appendStepDiagnostic(diags []explorer.Diagnostic, res *scenario.StepResult, input, applyText string) []explorer.Diagnostic {
	if res.Error == "" {
		return diags
	}
	err := res.Err
	if err == nil {
		err = fmt.Errorf("%s", res.Error)
	}
	d := explorer.DiagnosticOf(err, input, CodeStep)
	if d.Line == 0 && input == InputScenario {
		// Not a position inside the step's text: mark the step itself.
		d.Line = res.Line
	}
	if d.Line > 0 && applyText != "" {
		d.Input = input + ".apply"
		for i, doc := range u.SplitDocuments(applyText) {
			if doc.StartLine <= d.Line {
				d.Document = i + 1
			}
		}
	}
	return append(diags, d)
}

func sessionOf(e *explorer.Engine, id string) (*session, error) {
	return explorer.Session[*session](e, id)
}

func step(e *explorer.Engine, r StepRequest) (StepReply, error) {
	s, err := sessionOf(e, r.Session)
	if err != nil {
		return StepReply{}, err
	}
	return s.step(r.Session, r.Step)
}

// step validates and runs a step given in a request.
func (s *session) step(id string, st Step) (StepReply, error) {
	if err := st.Validate(); err != nil {
		return StepReply{}, explorer.InputError(err, InputStep, CodeStep, "step: ")
	}
	return s.run(id, st), nil
}

func advance(e *explorer.Engine, r AdvanceRequest) (StepReply, error) {
	s, err := sessionOf(e, r.Session)
	if err != nil {
		return StepReply{}, err
	}
	var by time.Duration
	if r.By != "" {
		by, err = time.ParseDuration(string(r.By))
		if err != nil || by < 0 {
			return StepReply{}, explorer.InvalidField("by", "by: Invalid value: %q: a non-negative duration such as 5s or 1m", r.By)
		}
	}
	if r.To != nil {
		now := s.now()
		if *r.To < now {
			return StepReply{}, explorer.InvalidField("to", "to: Invalid value: %g: time only moves forward (now %gs)", float64(*r.To), float64(now))
		}
		by = max(by, (*r.To).Time().Sub(now.Time()))
	}
	return s.step(r.Session, Step{Advance: by.String()})
}

func state(e *explorer.Engine, r explorer.SessionRequest) (StateReply, error) {
	s, err := sessionOf(e, r.Session)
	if err != nil {
		return StateReply{}, err
	}
	return StateReply{Session: r.Session, Time: s.now(), Snapshot: s.runner.Sim.Snapshot()}, nil
}

func closeSession(e *explorer.Engine, r explorer.SessionRequest) (explorer.Empty, error) {
	e.CloseSession(r.Session)
	return explorer.Empty{}, nil
}

func load(e *explorer.Engine, r LoadRequest) (LoadReply, error) {
	text := r.Scenario
	if r.Example != "" {
		if text != "" {
			return LoadReply{}, explorer.InvalidField("example", "set scenario or example, not both")
		}
		data, err := exampleText(r.Example)
		if err != nil {
			return LoadReply{}, err
		}
		text = string(data)
	}
	if strings.TrimSpace(text) == "" {
		text = "steps: []\n"
	}
	sc, err := scenario.Parse(text)
	if err != nil {
		return LoadReply{}, explorer.InputError(err, InputScenario, CodeScenario, "scenario: ")
	}
	if r.Scope != "" {
		sc.ControlPlane.Scope = r.Scope
	}
	if r.Version != "" {
		sc.ControlPlane.Version = r.Version
	}
	if r.Webhook != nil {
		sc.ControlPlane.Webhook = r.Webhook
	}
	if r.Verbosity != nil {
		sc.LogVerbosity = *r.Verbosity
	}
	if _, err := sc.Options(); err != nil {
		return LoadReply{}, explorer.InputError(err, "controlPlane", CodeScenario, "controlPlane.")
	}
	for i := range r.Steps {
		if err := r.Steps[i].Validate(); err != nil {
			return LoadReply{}, explorer.InputError(err, fmt.Sprintf("steps[%d]", i), CodeStep, fmt.Sprintf("steps[%d]: ", i))
		}
	}
	runner, setup, err := scenario.NewRunner(sc)
	if err != nil {
		return LoadReply{}, explorer.InputError(err, InputScenario, CodeScenario, "scenario: ")
	}
	s := &session{runner: runner}
	t := &scenario.Transcript{Name: sc.Name, Options: runner.Sim.Opts, Setup: *setup, LogVerbosity: sc.LogVerbosity,
		Steps: []scenario.StepResult{}}
	lt := logText(setup)
	diags := []explorer.Diagnostic{}
	for i, st := range append(append([]Step{}, sc.Steps...), r.Steps...) {
		res := runner.Run(s.steps, st)
		s.steps++
		t.Steps = append(t.Steps, res)
		lt = append(lt, logText(&res)...)
		if j := i - len(sc.Steps); j >= 0 {
			diags = appendStepDiagnostic(diags, &res, fmt.Sprintf("steps[%d]", j), st.Apply)
		} else {
			diags = appendStepDiagnostic(diags, &res, InputScenario, "")
		}
	}
	return LoadReply{Session: e.AddSession("kubefed", s), Time: s.now(), Transcript: t, LogText: lt, Diagnostics: diags}, nil
}
