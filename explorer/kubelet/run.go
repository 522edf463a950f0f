package kubelet

import (
	"errors"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri/fake"
	"github.com/kubexplorer/kubexplorer/core/kubelet"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/scenario"
	"github.com/kubexplorer/kubexplorer/core/releases"
	"github.com/kubexplorer/kubexplorer/core/sim"
	"github.com/kubexplorer/kubexplorer/explorer"
)

// DefaultUntil is how long kubelet.run plays a scenario that sets no until.
const DefaultUntil = 2 * time.Minute

// maxTime bounds any run or advance (virtual time): the core's bound, the
// same for scenario files, the CLI and the page.
const maxTime = scenario.MaxUntil

// Inputs and codes of the kubelet diagnostics.
const (
	InputScenario = "scenario"
	InputExample  = "example"
	InputAction   = "action"

	// CodeScenario: the scenario does not parse, fails validation, or is
	// rejected when its pods are created.
	CodeScenario = "kubelet.scenario"
	// CodeAction: a live action does not parse or cannot be performed.
	CodeAction = "kubelet.action"
)

// Transcript is the JSON transcript of a run: what `kubexplorer kubelet run
// -o json` prints. Its records keep RFC 3339 timestamps on the virtual
// clock (t=0 is 2026-01-01T00:00:00Z); docs/kubelet-json.md describes them.
type Transcript struct {
	Release   string                  `json:"release"`
	Until     string                  `json:"until"`
	Events    []events.Event          `json:"events"`
	Snapshots []kubelet.SnapshotEntry `json:"snapshots"`
	Loop      []kubelet.LoopEntry     `json:"loop"`
	Workers   []kubelet.WorkerEntry   `json:"workers"`
	CRI       []fake.Call             `json:"cri"`
	Log       []kubelet.LogEntry      `json:"log"`
}

// RunRequest runs a scenario from start to end.
type RunRequest struct {
	// Scenario is the scenario's YAML; Example names a gallery example
	// instead.
	Scenario string `json:"scenario,omitempty"`
	Example  string `json:"example,omitempty"`
	// Until overrides the scenario's until.
	Until explorer.Duration `json:"until,omitempty"`
}

// RunReply is the transcript as data and as text.
type RunReply struct {
	Transcript Transcript `json:"transcript"`
	Text       string     `json:"text"`
}

// parseScenario reads the scenario of a request (its text, or the named
// example's).
func parseScenario(text, example string, o scenario.Overrides) (*scenario.Scenario, error) {
	if example != "" {
		data, err := exampleText(example)
		if err != nil {
			return nil, err
		}
		text = string(data)
	}
	if strings.TrimSpace(text) == "" {
		return nil, explorer.InputError(errors.New("no scenario"), InputScenario, CodeScenario, "")
	}
	if o.Release != "" {
		if _, err := releases.Minor(o.Release); err != nil {
			return nil, explorer.InvalidField("release", "release: %v", err)
		}
	}
	if o.UnknownImages != "" && o.UnknownImages != scenario.UnknownImagesPull && o.UnknownImages != scenario.UnknownImagesMissing {
		return nil, explorer.InvalidField("unknownImages", "unknownImages: %q is not one of %q, %q", o.UnknownImages, scenario.UnknownImagesPull, scenario.UnknownImagesMissing)
	}
	sc, err := scenario.ParseWith([]byte(text), o)
	if err != nil {
		return nil, explorer.InputError(err, InputScenario, CodeScenario, "")
	}
	return sc, nil
}

// build creates the scenario's simulation.
func build(sc *scenario.Scenario) (*scenario.Sim, error) {
	s, err := sc.Build()
	if err != nil {
		return nil, explorer.InputError(err, InputScenario, CodeScenario, "")
	}
	return s, nil
}

func parseUntil(s explorer.Duration, def time.Duration) (time.Duration, error) {
	if s == "" {
		return def, nil
	}
	d, err := scenario.ParseUntil(string(s))
	if err != nil {
		return 0, explorer.InputError(err, "until", explorer.CodeRequestInvalid, "until: ")
	}
	return d, nil
}

// Run plays a scenario to its end: the kubelet.run method.
func Run(r RunRequest) (RunReply, error) {
	sc, err := parseScenario(r.Scenario, r.Example, scenario.Overrides{})
	if err != nil {
		return RunReply{}, err
	}
	def := sc.Until
	if def == 0 {
		def = DefaultUntil
	}
	until, err := parseUntil(r.Until, def)
	if err != nil {
		return RunReply{}, err
	}
	s, err := build(sc)
	if err != nil {
		return RunReply{}, err
	}
	s.RunUntil(sim.Epoch.Add(until))
	all := s.Kubelet.Trace(kubelet.Marks{})
	tr := Transcript{
		Release: sc.Release, Until: until.String(),
		Events: nonNil(all.Events), Snapshots: nonNil(all.Snapshots), Loop: nonNil(all.Loop),
		Workers: nonNil(all.Workers), CRI: nonNil(s.Runtime.Calls()), Log: nonNil(all.Log),
	}
	text := scenario.Text(s, scenario.TextOptions{Events: true, Pods: true, Container: true})
	return RunReply{Transcript: tr, Text: text}, nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
