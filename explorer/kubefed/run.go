package kubefed

import (
	"github.com/kubexplorer/kubexplorer/core/kubefed/kubefedctl"
	"github.com/kubexplorer/kubexplorer/core/kubefed/scenario"
	"github.com/kubexplorer/kubexplorer/core/kubefed/simulation"
	"github.com/kubexplorer/kubexplorer/explorer"
)

// Inputs and codes of the kubefed diagnostics.
const (
	InputScenario = "scenario"
	InputStep     = "step"
	InputOptions  = "options"

	// CodeScenario: the scenario does not parse or fails validation.
	CodeScenario = "kubefed.scenario"
	// CodeStep: a step is malformed (a bad_request) or ran and failed
	// (the reply's diagnostics).
	CodeStep = "kubefed.step"
	// CodeEnable: kubefedctl enable failed.
	CodeEnable = "kubefed.enable"
)

// RunRequest is a scenario to run from start to end.
type RunRequest struct {
	// Scenario is the YAML (or JSON) scenario document.
	Scenario string `json:"scenario"`
	// Verbosity is the highest klog V level of the text transcript (the
	// JSON always has every line).
	Verbosity *int `json:"verbosity,omitempty"`
}

// RunReply is the transcript, as data and as text. The transcript is what
// `kubexplorer kubefed run -o json` prints (docs/kubefed-json.md); a step
// that failed has its error there and in diagnostics.
type RunReply struct {
	Transcript  *scenario.Transcript  `json:"transcript"`
	Text        string                `json:"text"`
	Diagnostics []explorer.Diagnostic `json:"diagnostics"`
}

// Step is one scenario step (docs/kubefed-scenario.md): exactly one action.
type Step = scenario.Step

// The parts of a Step, for Go callers.
type (
	ClusterOp      = scenario.ClusterOp
	ObjectRef      = simulation.ObjectRef
	DisableOptions = kubefedctl.DisableOptions
)

// Run parses and runs a scenario: the kubefed.run method.
func Run(r RunRequest) (RunReply, error) {
	sc, err := scenario.Parse(r.Scenario)
	if err != nil {
		return RunReply{}, explorer.InputError(err, InputScenario, CodeScenario, "scenario: ")
	}
	if r.Verbosity != nil {
		sc.LogVerbosity = *r.Verbosity
	}
	t, err := scenario.Run(sc)
	if err != nil {
		return RunReply{}, explorer.InputError(err, InputScenario, CodeScenario, "scenario: ")
	}
	diags := []explorer.Diagnostic{}
	for _, st := range t.Steps {
		diags = appendStepDiagnostic(diags, &st, InputScenario, "")
	}
	return RunReply{Transcript: t, Text: t.Text(), Diagnostics: diags}, nil
}
