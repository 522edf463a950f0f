package gates

import (
	"sync/atomic"

	"github.com/kubexplorer/kubexplorer/core/featuregate/components"
	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
	"github.com/kubexplorer/kubexplorer/core/releases"
	"github.com/kubexplorer/kubexplorer/explorer"
)

// File is one file of the evaluation's virtual file system.
type File struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

// EvaluateRequest is a kubelet's inputs, and optionally a release to
// upgrade to.
type EvaluateRequest struct {
	// Release is required: one of the releases method's.
	Release string `json:"release"`
	// CommandLine is split like a shell would; Args, when set, is used instead.
	CommandLine string   `json:"commandLine,omitempty"`
	Args        []string `json:"args,omitempty"`
	// Config is the file --config names (an empty path answers any --config;
	// without --config on the command line it is implied).
	Config *File `json:"config,omitempty"`
	// ConfigDir and DropIns: --config-dir and its files (paths relative to it).
	ConfigDir string `json:"configDir,omitempty"`
	DropIns   []File `json:"dropIns,omitempty"`
	// Env is the kubelet's environment (KUBELET_CONFIG_DROPIN_DIR_ALPHA, $VARS).
	Env map[string]string `json:"env,omitempty"`
	// DynamicCheckpoint is the dynamic config checkpoint (1.18–1.23).
	DynamicCheckpoint *File `json:"dynamicCheckpoint,omitempty"`
	// TargetRelease, when set, adds the upgrade check.
	TargetRelease string `json:"targetRelease,omitempty"`
}

// EvaluateReply is the start-up on the release and, with a target, the
// upgrade check.
type EvaluateReply struct {
	Result  *Result  `json:"result"`
	Upgrade *Upgrade `json:"upgrade,omitempty"`
	// Labels name the stage and source ids of the results for people.
	Labels Labels `json:"labels"`
}

// Result is one start-up evaluation (core/kubeletstart's Result; the JSON
// fields are described in docs/gates-json.md) with its problems as the
// explorer's Diagnostics.
type Result struct {
	*kubeletstart.Result
	// Gates is every registered gate with its effective value, its source
	// and the components that read it.
	Gates []Gate `json:"gates"`
	// Diagnostics point at the inputs: the command line, the config file,
	// a drop-in (by path), the dynamic checkpoint.
	Diagnostics []explorer.Diagnostic `json:"diagnostics"`
}

// Gate is one gate as the started kubelet holds it (core/kubeletstart's
// GateState) and the components whose code reads it in the release.
type Gate struct {
	kubeletstart.GateState
	// ReadBy lists the components whose code reads the gate (see
	// docs/catalog.md): empty when they accept it but none reads it, null
	// when the release does not register the gate.
	ReadBy []Component `json:"readBy"`
}

// Upgrade is the start-up on the target release and what changes.
type Upgrade struct {
	Target  *Result  `json:"target"`
	Changes []Change `json:"changes"`
	Summary string   `json:"summary"`
	// Diagnostics are the upgrade's own findings: a gate the inputs set
	// that no kubelet code of the target release reads
	// (gates.notReadByKubelet, a warning), at the setting.
	Diagnostics []explorer.Diagnostic `json:"diagnostics"`
}

// Change is one gate whose effect changes on upgrade.
type Change = kubeletstart.Change

// Inputs of the diagnostics: the request fields holding the text.
const (
	InputCommandLine       = "commandLine"
	InputArgs              = "args"
	InputConfig            = "config"
	InputDropIns           = "dropIns"
	InputDynamicCheckpoint = "dynamicCheckpoint"
	InputRelease           = "release"
	InputTargetRelease     = "targetRelease"
)

// Codes of the gates diagnostics. A kubelet that stops reports
// "gates.<stage>", the start-up step that rejected the input (the result's
// stage: gates.parse, gates.flagGates, gates.loadConfig, gates.mergeConfig,
// gates.validate, …); the others are below.
const (
	// CodeWarning is a problem the kubelet tolerates (an unknown config
	// field, a duplicate key, a value the model leaves unchecked).
	CodeWarning = "gates.warning"
	// CodeIgnored is an error the kubelet reports and goes on from (a
	// dynamic checkpoint that does not decode).
	CodeIgnored = "gates.ignored"
	// CodeCommandLine is a command line the model cannot split.
	CodeCommandLine = "gates.commandLine"
)

func (r EvaluateRequest) input(release string) kubeletstart.Input {
	in := kubeletstart.Input{Release: release, CommandLine: r.CommandLine, Args: r.Args,
		ConfigDir: r.ConfigDir, Env: r.Env}
	if r.Config != nil {
		in.Config = &kubeletstart.File{Path: r.Config.Path, Content: r.Config.Content}
	}
	for _, f := range r.DropIns {
		in.DropIns = append(in.DropIns, kubeletstart.File{Path: f.Path, Content: f.Content})
	}
	if r.DynamicCheckpoint != nil {
		in.DynamicCheckpoint = &kubeletstart.File{Path: r.DynamicCheckpoint.Path, Content: r.DynamicCheckpoint.Content}
	}
	return in
}

// evaluated is set by the program's first evaluation.
var evaluated atomic.Bool

// Evaluated tells whether the program has evaluated anything: an engine
// warms up only if its page has not asked yet (wasm/cmd/gates).
func Evaluated() bool { return evaluated.Load() }

// Evaluate runs one evaluation: the gates.evaluate method.
func Evaluate(r EvaluateRequest) (EvaluateReply, error) {
	evaluated.Store(true)
	if r.Release == "" {
		return EvaluateReply{}, explorer.InvalidField(InputRelease, "release is required")
	}
	from, err := r.evaluate(r.Release, InputRelease, "")
	if err != nil {
		return EvaluateReply{}, err
	}
	reply := EvaluateReply{Result: from, Labels: labels()}
	if r.TargetRelease != "" {
		to, err := r.evaluate(r.TargetRelease, InputTargetRelease, "target release: ")
		if err != nil {
			return EvaluateReply{}, err
		}
		d := kubeletstart.Diff(from.Result, to.Result)
		reply.Upgrade = &Upgrade{Target: to, Changes: d.Changes, Summary: d.Summary, Diagnostics: r.notReadByKubelet(to.Result)}
	}
	return reply, nil
}

// evaluate runs the model on one release. The model fails only for a
// release it does not know and a command line it cannot split; which of
// the two is told by the release alone.
func (r EvaluateRequest) evaluate(release, releaseInput, prefix string) (*Result, error) {
	res, err := kubeletstart.Evaluate(r.input(release))
	if err != nil {
		input, code := InputCommandLine, CodeCommandLine
		if _, minor, rerr := kubeletstart.NormalizeRelease(release); rerr != nil || !releases.Contains(minor) {
			input, code = releaseInput, explorer.CodeRequestInvalid
		}
		return nil, explorer.InputError(err, input, code, prefix)
	}
	return newResult(res, r.diagnostics(res)), nil
}

// newResult adds to a model result what the explorer knows besides: the
// components that read each gate (rows kept per model table, encode.go:
// read them, never write to them), the diagnostics.
func newResult(res *kubeletstart.Result, diags []explorer.Diagnostic) *Result {
	return &Result{Result: res, Gates: tables.gates(res.Release, res.Gates), Diagnostics: diags}
}

// notReadByKubelet warns about the gates the inputs set that no kubelet
// code of the result's release reads, at the setting that decided them.
func (r EvaluateRequest) notReadByKubelet(res *kubeletstart.Result) []explorer.Diagnostic {
	out := []explorer.Diagnostic{}
	t, err := components.Load(res.Release)
	if err != nil {
		return out
	}
	var set []string
	byName := map[string]kubeletstart.GateState{}
	for _, g := range res.Gates {
		if g.Requested != nil && g.Name != "AllAlpha" && g.Name != "AllBeta" {
			set = append(set, g.Name)
			byName[g.Name] = g
		}
	}
	for _, i := range t.NotReadBy(components.Kubelet, set) {
		g := byName[i.Gate]
		out = append(out, explorer.Diagnostic{Severity: explorer.SeverityWarning, Code: CodeNotReadByKubelet,
			Message: i.Message(components.Kubelet, res.Release), Input: r.inputOf(g.Source), Path: g.SourcePath,
			Line: g.SourceLine, Column: g.SourceColumn, EndLine: g.SourceEndLine, EndColumn: g.SourceEndColumn})
	}
	return out
}

// inputOf names the request field of one of the model's inputs or gate
// sources ("flags"/"flag", "config", "dropin", "dynamic").
func (r EvaluateRequest) inputOf(model string) string {
	switch model {
	case "flags", "flag":
		if r.Args != nil {
			return InputArgs
		}
		return InputCommandLine
	case "config":
		return InputConfig
	case "dropin":
		return InputDropIns
	case "dynamic":
		return InputDynamicCheckpoint
	}
	return model
}

// diagnostics converts the model's diagnostics: the model names its inputs
// after the kubelet's (flags, config, dropin, dynamic), the explorer after
// the request's fields.
func (r EvaluateRequest) diagnostics(res *kubeletstart.Result) []explorer.Diagnostic {
	out := make([]explorer.Diagnostic, 0, len(res.Diagnostics))
	for _, d := range res.Diagnostics {
		x := explorer.Diagnostic{Severity: explorer.Severity(d.Severity), Message: d.Message, Path: d.Path,
			Line: d.Line, Column: d.Column, EndLine: d.EndLine, EndColumn: d.EndColumn, Input: r.inputOf(d.Input)}
		switch {
		case x.Severity != explorer.SeverityError:
			x.Code = CodeWarning
		case res.Stage != "":
			x.Code = "gates." + res.Stage
		default:
			x.Code = CodeIgnored
		}
		out = append(out, x)
	}
	return out
}
