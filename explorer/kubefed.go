package explorer

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/kubefedctl"
	"github.com/kubexplorer/kubexplorer/core/kubefed/scenario"
	"github.com/kubexplorer/kubexplorer/core/kubefed/simulation"
	"github.com/kubexplorer/kubexplorer/examples"
)

// kubefed's FederatedTypeConfig controller, sync controllers and kubefedctl.
// JSON formats: docs/kubefed-json.md; the scenario format:
// docs/kubefed-scenario.md.
//
// A session is a running simulation. kubefed.load builds one from a
// scenario (control plane, clusters, steps); every later action is one more
// step, so the page can keep the list of steps as its state and rebuild the
// session from it (after an engine restart or from a share link).

// kubefedSession is the state behind a session id.
type kubefedSession struct {
	runner *scenario.Runner
	steps  int
}

// KubefedRunRequest is a scenario to run from start to end.
type KubefedRunRequest struct {
	// Scenario is the YAML (or JSON) scenario document.
	Scenario string `json:"scenario"`
	// Verbosity is the highest klog V level of the text transcript (the
	// JSON always has every line).
	Verbosity *int `json:"verbosity,omitempty"`
}

// KubefedRunReply is the transcript, as data and as text.
type KubefedRunReply struct {
	Transcript *scenario.Transcript `json:"transcript"`
	Text       string               `json:"text"`
}

// KubefedLoadRequest opens a session: a scenario (or a gallery example),
// optional control-plane overrides, and steps to run after the scenario's
// own (the page keeps the user's actions as such steps).
type KubefedLoadRequest struct {
	Scenario string `json:"scenario,omitempty"`
	Example  string `json:"example,omitempty"`
	// Scope ("Cluster" or "Namespaced"), Version ("v0.10.0" or "v0.3.0")
	// and Webhook override the scenario's controlPlane when set.
	Scope     string          `json:"scope,omitempty"`
	Version   string          `json:"version,omitempty"`
	Webhook   *bool           `json:"webhook,omitempty"`
	Steps     []scenario.Step `json:"steps,omitempty"`
	Verbosity *int            `json:"verbosity,omitempty"`
}

// KubefedLoadReply opens a session on a scenario after running its steps.
type KubefedLoadReply struct {
	Session    string               `json:"session"`
	Transcript *scenario.Transcript `json:"transcript"`
	// LogText is every log line so far in klog's format.
	LogText []string `json:"logText"`
}

// KubefedStepRequest runs one scenario step on a session.
type KubefedStepRequest struct {
	Session string        `json:"session"`
	Step    scenario.Step `json:"step"`
}

// KubefedStepReply is the step's result with its log lines in klog's format.
type KubefedStepReply struct {
	scenario.StepResult
	LogText []string `json:"logText"`
}

// KubefedApplyRequest applies YAML documents to the host or a member.
type KubefedApplyRequest struct {
	Session string `json:"session"`
	YAML    string `json:"yaml"`
	Cluster string `json:"cluster,omitempty"`
}

// KubefedDeleteRequest deletes one object.
type KubefedDeleteRequest struct {
	Session string               `json:"session"`
	Object  simulation.ObjectRef `json:"object"`
}

// KubefedAdvanceRequest advances virtual time.
type KubefedAdvanceRequest struct {
	Session  string `json:"session"`
	Duration string `json:"duration"`
}

// KubefedClusterRequest joins, removes, labels or breaks a member cluster.
type KubefedClusterRequest struct {
	Session string             `json:"session"`
	Op      scenario.ClusterOp `json:"op"`
}

// KubefedEnableRequest runs kubefedctl enable. Without a session it only
// generates (output yaml or json) against a fresh control plane's discovery.
type KubefedEnableRequest struct {
	Session string                   `json:"session,omitempty"`
	Options kubefedctl.EnableOptions `json:"options"`
}

// KubefedEnableReply is kubefedctl's output.
type KubefedEnableReply struct {
	Output string `json:"output"`
	Error  string `json:"error,omitempty"`
	// Step is set when the command ran on a session.
	Step *KubefedStepReply `json:"step,omitempty"`
}

// KubefedDisableRequest runs kubefedctl disable on a session.
type KubefedDisableRequest struct {
	Session string                    `json:"session"`
	Options kubefedctl.DisableOptions `json:"options"`
}

// KubefedSessionRequest names a session.
type KubefedSessionRequest struct {
	Session string `json:"session"`
}

// KubefedExample is one entry of the gallery.
type KubefedExample struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

// KubefedExamplesReply lists the gallery.
type KubefedExamplesReply struct {
	Examples []KubefedExample `json:"examples"`
	// Default is the example the tab opens with.
	Default string `json:"default"`
}

// KubefedExampleRequest names an example.
type KubefedExampleRequest struct {
	Name string `json:"name"`
}

// KubefedExampleReply is one example with its scenario text.
type KubefedExampleReply struct {
	KubefedExample
	Scenario string `json:"scenario"`
}

// KubefedDefaultExample is the example the tab opens with.
const KubefedDefaultExample = "o22-override-unready-cluster"

// RunKubefed parses and runs a scenario (the method's body, also used by the
// CLI).
func RunKubefed(r KubefedRunRequest) (KubefedRunReply, error) {
	sc, err := scenario.Parse(r.Scenario)
	if err != nil {
		return KubefedRunReply{}, BadRequest("scenario: %v", err)
	}
	if r.Verbosity != nil {
		sc.LogVerbosity = *r.Verbosity
	}
	t, err := scenario.Run(sc)
	if err != nil {
		return KubefedRunReply{}, BadRequest("scenario: %v", err)
	}
	return KubefedRunReply{Transcript: t, Text: t.Text()}, nil
}

// KubefedEnable runs kubefedctl enable without a session: the target is
// looked up in a fresh control plane's discovery and nothing persists.
func KubefedEnable(o kubefedctl.EnableOptions) (KubefedEnableReply, error) {
	sim, err := simulation.New(simulation.Options{})
	if err != nil {
		return KubefedEnableReply{}, err
	}
	out, err := kubefedctl.Enable(sim.Host, o)
	reply := KubefedEnableReply{Output: out}
	if err != nil {
		reply.Error = err.Error()
	}
	return reply, nil
}

func logText(r *scenario.StepResult) []string {
	out := make([]string, 0, len(r.Logs))
	for _, l := range r.Logs {
		out = append(out, l.Text())
	}
	return out
}

func (s *kubefedSession) step(st scenario.Step) (KubefedStepReply, error) {
	if err := st.Validate(); err != nil {
		return KubefedStepReply{}, BadRequest("step: %v", err)
	}
	res := s.runner.Run(s.steps, st)
	s.steps++
	return KubefedStepReply{StepResult: res, LogText: logText(&res)}, nil
}

func kubefedSessionStep(e *Engine, id string, st scenario.Step) (KubefedStepReply, error) {
	s, err := Session[*kubefedSession](e, id)
	if err != nil {
		return KubefedStepReply{}, err
	}
	return s.step(st)
}

// KubefedExamples lists the gallery, sorted by name.
func KubefedExamples() (KubefedExamplesReply, error) {
	names, err := examples.Names("kubefed", "")
	if err != nil {
		return KubefedExamplesReply{}, err
	}
	reply := KubefedExamplesReply{Examples: []KubefedExample{}, Default: KubefedDefaultExample}
	for _, n := range names {
		ex, err := KubefedExampleByName(n)
		if err != nil {
			return KubefedExamplesReply{}, err
		}
		reply.Examples = append(reply.Examples, ex.KubefedExample)
	}
	return reply, nil
}

// KubefedExampleByName reads one example.
func KubefedExampleByName(name string) (KubefedExampleReply, error) {
	data, err := examples.Read("kubefed", name)
	if errors.Is(err, examples.ErrNotFound) {
		return KubefedExampleReply{}, NotFound("no kubefed example %q", name)
	}
	if err != nil {
		return KubefedExampleReply{}, err
	}
	sc, err := scenario.Parse(string(data))
	if err != nil {
		return KubefedExampleReply{}, fmt.Errorf("example %s: %v", name, err)
	}
	return KubefedExampleReply{KubefedExample: KubefedExample{Name: name, Title: sc.Name, Description: sc.Description},
		Scenario: string(data)}, nil
}

func init() {
	Register("kubefed.run", "run a kubefed scenario; the transcript as data and text",
		func(_ *Engine, r KubefedRunRequest) (KubefedRunReply, error) { return RunKubefed(r) })
	Register("kubefed.load", "open a kubefed session on a scenario or example (its steps run first)", kubefedLoad)
	Register("kubefed.step", "run one scenario step on a kubefed session",
		func(e *Engine, r KubefedStepRequest) (KubefedStepReply, error) {
			return kubefedSessionStep(e, r.Session, r.Step)
		})
	Register("kubefed.apply", "apply YAML documents to the host cluster or a member",
		func(e *Engine, r KubefedApplyRequest) (KubefedStepReply, error) {
			if strings.TrimSpace(r.YAML) == "" {
				return KubefedStepReply{}, BadRequest("yaml: Required value")
			}
			return kubefedSessionStep(e, r.Session, scenario.Step{Apply: r.YAML, Cluster: r.Cluster})
		})
	Register("kubefed.delete", "delete an object (FTC, federated resource, member object)",
		func(e *Engine, r KubefedDeleteRequest) (KubefedStepReply, error) {
			ref := r.Object
			return kubefedSessionStep(e, r.Session, scenario.Step{Delete: &ref})
		})
	Register("kubefed.advance", "advance virtual time (a Go duration such as 5s)",
		func(e *Engine, r KubefedAdvanceRequest) (KubefedStepReply, error) {
			if _, err := time.ParseDuration(r.Duration); err != nil {
				return KubefedStepReply{}, BadRequest("duration: Invalid value: %q: a duration such as 5s or 1m", r.Duration)
			}
			return kubefedSessionStep(e, r.Session, scenario.Step{Advance: r.Duration})
		})
	Register("kubefed.restart", "restart the kubefed controller manager",
		func(e *Engine, r KubefedSessionRequest) (KubefedStepReply, error) {
			return kubefedSessionStep(e, r.Session, scenario.Step{Restart: true})
		})
	Register("kubefed.cluster", "join, remove, label or change the health of a member cluster",
		func(e *Engine, r KubefedClusterRequest) (KubefedStepReply, error) {
			op := r.Op
			return kubefedSessionStep(e, r.Session, scenario.Step{ClusterOp: &op})
		})
	Register("kubefed.enable", "kubefedctl enable: generate (no session) or create on a session",
		func(e *Engine, r KubefedEnableRequest) (KubefedEnableReply, error) {
			if r.Session == "" {
				return KubefedEnable(r.Options)
			}
			o := r.Options
			step, err := kubefedSessionStep(e, r.Session, scenario.Step{Enable: &o})
			if err != nil {
				return KubefedEnableReply{}, err
			}
			return KubefedEnableReply{Output: strings.Join(step.Output, "\n"), Error: step.Error, Step: &step}, nil
		})
	Register("kubefed.disable", "kubefedctl disable on a session",
		func(e *Engine, r KubefedDisableRequest) (KubefedStepReply, error) {
			o := r.Options
			return kubefedSessionStep(e, r.Session, scenario.Step{Disable: &o})
		})
	Register("kubefed.snapshot", "the current state of a kubefed session",
		func(e *Engine, r KubefedSessionRequest) (*simulation.Snapshot, error) {
			s, err := Session[*kubefedSession](e, r.Session)
			if err != nil {
				return nil, err
			}
			return s.runner.Sim.Snapshot(), nil
		})
	Register("kubefed.close", "close a kubefed session",
		func(e *Engine, r KubefedSessionRequest) (struct{}, error) {
			e.CloseSession(r.Session)
			return struct{}{}, nil
		})
	Register("kubefed.examples", "the kubefed tab's gallery",
		func(*Engine, struct{}) (KubefedExamplesReply, error) { return KubefedExamples() })
	Register("kubefed.example", "one kubefed example with its scenario",
		func(_ *Engine, r KubefedExampleRequest) (KubefedExampleReply, error) {
			return KubefedExampleByName(r.Name)
		})
}

func kubefedLoad(e *Engine, r KubefedLoadRequest) (KubefedLoadReply, error) {
	text := r.Scenario
	if r.Example != "" {
		if text != "" {
			return KubefedLoadReply{}, BadRequest("set scenario or example, not both")
		}
		ex, err := KubefedExampleByName(r.Example)
		if err != nil {
			return KubefedLoadReply{}, err
		}
		text = ex.Scenario
	}
	if strings.TrimSpace(text) == "" {
		text = "steps: []\n"
	}
	sc, err := scenario.Parse(text)
	if err != nil {
		return KubefedLoadReply{}, BadRequest("scenario: %v", err)
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
		return KubefedLoadReply{}, BadRequest("controlPlane.%v", err)
	}
	for i := range r.Steps {
		if err := r.Steps[i].Validate(); err != nil {
			return KubefedLoadReply{}, BadRequest("steps[%d]: %v", i, err)
		}
	}
	runner, setup, err := scenario.NewRunner(sc)
	if err != nil {
		return KubefedLoadReply{}, BadRequest("scenario: %v", err)
	}
	s := &kubefedSession{runner: runner}
	t := &scenario.Transcript{Name: sc.Name, Options: runner.Sim.Opts, Setup: *setup, LogVerbosity: sc.LogVerbosity,
		Steps: []scenario.StepResult{}}
	lt := logText(setup)
	for _, st := range append(append([]scenario.Step{}, sc.Steps...), r.Steps...) {
		res := runner.Run(s.steps, st)
		s.steps++
		t.Steps = append(t.Steps, res)
		lt = append(lt, logText(&res)...)
	}
	return KubefedLoadReply{Session: e.AddSession("kubefed", s), Transcript: t, LogText: lt}, nil
}
