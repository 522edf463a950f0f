package kubefed

import (
	"strings"

	"github.com/kubexplorer/kubexplorer/core/kubefed/kubefedctl"
	"github.com/kubexplorer/kubexplorer/core/kubefed/simulation"
	"github.com/kubexplorer/kubexplorer/explorer"
)

// EnableOptions are kubefedctl enable's flags.
type EnableOptions = kubefedctl.EnableOptions

// TargetResource is a target type given explicitly (kubefedctl enable's
// custom-type flags).
type TargetResource = kubefedctl.TargetResource

// kubefedctl's defaults for --federated-group and --federated-version.
const (
	DefaultFederatedGroup   = kubefedctl.DefaultFederatedGroup
	DefaultFederatedVersion = kubefedctl.DefaultFederatedVersion
)

// EnableRequest runs kubefedctl enable. Without a session it only
// generates (output yaml or json) against a fresh control plane's
// discovery and nothing persists.
type EnableRequest struct {
	Session string        `json:"session,omitempty"`
	Options EnableOptions `json:"options"`
}

// EnableReply is kubefedctl's output.
type EnableReply struct {
	Output string `json:"output"`
	// Error is kubefedctl's error, as it prints it after "Error: ".
	Error string `json:"error,omitempty"`
	// Step is set when the command ran on a session.
	Step        *StepReply            `json:"step,omitempty"`
	Diagnostics []explorer.Diagnostic `json:"diagnostics"`
}

func enable(e *explorer.Engine, r EnableRequest) (EnableReply, error) {
	if r.Session == "" {
		return Enable(r.Options)
	}
	s, err := sessionOf(e, r.Session)
	if err != nil {
		return EnableReply{}, err
	}
	o := r.Options
	st, err := s.step(r.Session, Step{Enable: &o})
	if err != nil {
		return EnableReply{}, err
	}
	for i := range st.Diagnostics {
		st.Diagnostics[i].Input, st.Diagnostics[i].Code = InputOptions, CodeEnable
	}
	return EnableReply{Output: strings.Join(st.Output, "\n"), Error: st.Error, Step: &st, Diagnostics: st.Diagnostics}, nil
}

// Enable runs kubefedctl enable without a session: the target is looked up
// in a fresh control plane's discovery and nothing persists.
func Enable(o EnableOptions) (EnableReply, error) {
	sim, err := simulation.New(simulation.Options{})
	if err != nil {
		return EnableReply{}, err
	}
	out, err := kubefedctl.Enable(sim.Host, o)
	reply := EnableReply{Output: out, Diagnostics: []explorer.Diagnostic{}}
	if err != nil {
		reply.Error = err.Error()
		reply.Diagnostics = append(reply.Diagnostics, explorer.DiagnosticOf(err, InputOptions, CodeEnable))
	}
	return reply, nil
}
