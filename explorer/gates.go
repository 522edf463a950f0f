package explorer

import (
	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
)

// Feature gates at kubelet start-up. JSON formats: docs/gates-json.md.

// GatesReleasesReply lists the releases with a gate catalog.
type GatesReleasesReply struct {
	// Releases are minor releases, oldest first.
	Releases []string `json:"releases"`
	// Default is the newest.
	Default string `json:"default"`
}

// GatesFile is one file of the evaluation's virtual file system.
type GatesFile struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

// GatesEvaluateRequest is a kubelet's inputs, and optionally a release to
// upgrade to.
type GatesEvaluateRequest struct {
	Release string `json:"release"`
	// CommandLine is split like a shell would; Args, when set, is used instead.
	CommandLine string   `json:"commandLine,omitempty"`
	Args        []string `json:"args,omitempty"`
	// Config is the file --config names (an empty path answers any --config;
	// without --config on the command line it is implied).
	Config *GatesFile `json:"config,omitempty"`
	// ConfigDir and DropIns: --config-dir and its files (paths relative to it).
	ConfigDir string      `json:"configDir,omitempty"`
	DropIns   []GatesFile `json:"dropIns,omitempty"`
	// Env is the kubelet's environment (KUBELET_CONFIG_DROPIN_DIR_ALPHA, $VARS).
	Env map[string]string `json:"env,omitempty"`
	// DynamicCheckpoint is the dynamic config checkpoint (1.18–1.23).
	DynamicCheckpoint *GatesFile `json:"dynamicCheckpoint,omitempty"`
	// TargetRelease, when set, adds the upgrade check.
	TargetRelease string `json:"targetRelease,omitempty"`
}

// GatesEvaluateReply is the start-up on the release and, with a target, the
// upgrade check.
type GatesEvaluateReply struct {
	Result  *kubeletstart.Result `json:"result"`
	Upgrade *GatesUpgrade        `json:"upgrade,omitempty"`
}

// GatesUpgrade is the start-up on the target release and what changes.
type GatesUpgrade struct {
	Target  *kubeletstart.Result  `json:"target"`
	Changes []kubeletstart.Change `json:"changes"`
	Summary string                `json:"summary"`
}

// GatesExampleRequest names a gallery example; empty means "default".
type GatesExampleRequest struct {
	Name string `json:"name,omitempty"`
}

// GatesExampleReply is one example of the gallery (examples/gates/NAME.yaml).
type GatesExampleReply struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description"`
	// Request is the example's inputs; its release is empty when the example
	// works on any release (the page keeps the one chosen).
	Request GatesEvaluateRequest `json:"request"`
}

// GatesExamplesReply lists the gallery, default first, then by name.
type GatesExamplesReply struct {
	Examples []GatesExampleSummary `json:"examples"`
}

// GatesExampleSummary is one gallery entry.
type GatesExampleSummary struct {
	Name          string `json:"name"`
	Title         string `json:"title"`
	Description   string `json:"description"`
	Release       string `json:"release,omitempty"`
	TargetRelease string `json:"targetRelease,omitempty"`
}

func (r GatesEvaluateRequest) input(release string) kubeletstart.Input {
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

// EvaluateGates runs one evaluation (the method's body, also used by the CLI).
func EvaluateGates(r GatesEvaluateRequest) (GatesEvaluateReply, error) {
	if r.Release == "" {
		return GatesEvaluateReply{}, BadRequest("release is required")
	}
	res, err := kubeletstart.Evaluate(r.input(r.Release))
	if err != nil {
		return GatesEvaluateReply{}, BadRequest("%v", err)
	}
	reply := GatesEvaluateReply{Result: res}
	if r.TargetRelease != "" {
		to, err := kubeletstart.Evaluate(r.input(r.TargetRelease))
		if err != nil {
			return GatesEvaluateReply{}, BadRequest("target release: %v", err)
		}
		d := kubeletstart.Diff(res, to)
		reply.Upgrade = &GatesUpgrade{Target: to, Changes: d.Changes, Summary: d.Summary}
	}
	return reply, nil
}

func init() {
	Register("gates.releases", "the releases with a feature-gate catalog", func(*Engine, struct{}) (GatesReleasesReply, error) {
		rs := kubeletstart.Default.Releases()
		reply := GatesReleasesReply{Releases: rs}
		if len(rs) > 0 {
			reply.Default = rs[len(rs)-1]
		}
		return reply, nil
	})
	Register("gates.evaluate", "kubelet start-up: verdict, printed lines, effective gates; with targetRelease the upgrade check",
		func(_ *Engine, r GatesEvaluateRequest) (GatesEvaluateReply, error) { return EvaluateGates(r) })
	Register("gates.examples", "the feature-gates gallery: name, title, description of every example", func(*Engine, struct{}) (GatesExamplesReply, error) {
		return GatesExamples()
	})
	Register("gates.example", "one example of the feature-gates gallery by name (default: \"default\")", func(_ *Engine, r GatesExampleRequest) (GatesExampleReply, error) {
		return GatesExample(r.Name)
	})
}
