package fake

import "github.com/kubexplorer/kubexplorer/core/sim"

// The script types are what a kubelet scenario writes under runtime: (and
// in its faults), decoded as they are: their durations are text such as
// "90s" or "1.5" (sim.Duration). The runtime never modifies a script it is
// given, so callers may hand the same one to several runtimes.

// Instance scripts one instance (one restart) of a container.
type Instance struct {
	// ExitAfter is how long the process runs; zero means forever.
	ExitAfter sim.Duration `json:"exitAfter,omitempty"`
	// ExitCode is the exit code when ExitAfter elapses.
	ExitCode int32 `json:"exitCode,omitempty"`
	// OOMKilled makes the exit an OOM kill (reason OOMKilled, code 137
	// unless ExitCode says otherwise).
	OOMKilled bool `json:"oomKilled,omitempty"`
	// CreateError makes CreateContainer fail with this description.
	CreateError string `json:"createError,omitempty"`
	// StartError makes StartContainer fail with this description; the
	// container is left EXITED with reason StartError and code 128.
	StartError string `json:"startError,omitempty"`
}

// OnStop scripts how a container answers StopContainer.
type OnStop struct {
	// ExitAfter is how long after SIGTERM the process exits.
	ExitAfter sim.Duration `json:"exitAfter,omitempty"`
	// ExitCode is its exit code then (default 143, terminated by SIGTERM).
	ExitCode *int32 `json:"exitCode,omitempty"`
	// IgnoreSigterm keeps the process running until the stop timeout, when
	// it is killed with code 137.
	IgnoreSigterm bool `json:"ignoreSigterm,omitempty"`
}

// Exec scripts the answer of ExecSync for a command.
type Exec struct {
	// Command matches the exec command exactly; empty matches any command.
	Command  []string     `json:"command,omitempty"`
	ExitCode int32        `json:"exitCode,omitempty"`
	Stdout   string       `json:"stdout,omitempty"`
	Stderr   string       `json:"stderr,omitempty"`
	Delay    sim.Duration `json:"delay,omitempty"`
	// Error makes the call itself fail (not the command).
	Error string `json:"error,omitempty"`
}

// HealthStep changes how a container's endpoints answer probes, from After
// (measured from the instance's start) on.
type HealthStep struct {
	After   sim.Duration `json:"after,omitempty"`
	Healthy bool         `json:"healthy"`
	Output  string       `json:"output,omitempty"`
	// Probe limits the step to one probe type (liveness, readiness,
	// startup); empty means all.
	Probe string `json:"probe,omitempty"`
}

// ContainerScript scripts the containers that match Pod, Namespace and
// Container (empty fields match anything). When several scripts match, the
// last one wins.
type ContainerScript struct {
	Pod       string `json:"pod,omitempty"`
	Namespace string `json:"namespace,omitempty"`
	Container string `json:"container,omitempty"`
	// Runs scripts the instances in restart order; the last repeats.
	Runs   []Instance   `json:"runs,omitempty"`
	OnStop *OnStop      `json:"onStop,omitempty"`
	Exec   []Exec       `json:"exec,omitempty"`
	Health []HealthStep `json:"health,omitempty"`
}

// ImageScript scripts an image.
type ImageScript struct {
	Image string `json:"image"`
	// Present puts the image in the store before the run.
	Present bool `json:"present,omitempty"`
	// PullDelay is how long a pull takes.
	PullDelay sim.Duration `json:"pullDelay,omitempty"`
	// PullErrors are the descriptions of the next failing pulls, in order;
	// once used up, pulls succeed.
	PullErrors []string `json:"pullErrors,omitempty"`
	// AlwaysFail makes every pull fail with this description.
	AlwaysFail string `json:"alwaysFail,omitempty"`
	// Missing makes the image one its registry does not have: every pull
	// fails with containerd's NotFound answer ("failed to pull and unpack
	// image ...: not found"), after PullErrors are used up.
	Missing bool `json:"missing,omitempty"`
	// Size is the image size in bytes.
	Size uint64 `json:"size,omitempty"`
}

// SandboxScript scripts the sandboxes of the pods that match.
type SandboxScript struct {
	Pod       string `json:"pod,omitempty"`
	Namespace string `json:"namespace,omitempty"`
	// RunErrors are the descriptions of the next failing RunPodSandbox
	// calls for the pod, in order.
	RunErrors []string `json:"runErrors,omitempty"`
	// DieAfter makes each new sandbox become NOTREADY after this long.
	DieAfter sim.Duration `json:"dieAfter,omitempty"`
}
