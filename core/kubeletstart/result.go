package kubeletstart

// Result is the outcome of one start-up evaluation.
type Result struct {
	Release string `json:"release"`
	// Library is the component-base version the release's gate uses, "v0.37".
	Library string `json:"library"`
	// WouldStart is true when every feature-gate and configuration step
	// the model covers succeeds; the real kubelet then goes on to start its
	// services, which the model does not follow.
	WouldStart bool `json:"wouldStart"`
	// ExitCode is the process exit status when it would not start (255 for
	// klog.Fatal, 1 for returned errors, 2 for a panic, 0 for --help/--version).
	ExitCode int `json:"exitCode"`
	// Stage names the step that stopped start-up ("" when it would start):
	// parse, command, flagGates, flagValidate, loadConfig, configDirEnv,
	// mergeConfig, defaulting, mergedGates, validate, dynamicLocked,
	// dynamicGates, run, help, version.
	Stage string `json:"stage,omitempty"`
	// Error is the underlying error, without the log dialect around it.
	Error string `json:"error,omitempty"`
	// Lines are the exact lines the kubelet prints on stderr, in order.
	Lines []Line `json:"lines"`
	// Gates is every registered gate with its effective value and source.
	// Evaluations of a model that build equal tables share one slice
	// (tablememo.go): read it, never write to it.
	Gates []GateState `json:"gates"`
	// Diagnostics point at input lines (for editor markers).
	Diagnostics []Diagnostic `json:"diagnostics"`
	// Notes explain model decisions: implied flags, deterministic order, …
	Notes []string `json:"notes"`
	// Alternatives lists the other errors the real kubelet could report
	// instead, because it applies gates in Go's random map order.
	Alternatives []string `json:"alternatives,omitempty"`
	// Args is the argv the model parsed.
	Args []string `json:"args"`
	// explain is the trace Explain reads (explain.go).
	explain *explainTrace
}

// GateState is one gate as the started kubelet holds it.
type GateState struct {
	Name      string `json:"name"`
	Component string `json:"component,omitempty"`
	// Stage at this release: "ALPHA", "BETA", "GA", "DEPRECATED" ("GA" is
	// upstream's empty prerelease string).
	Stage   string `json:"stage"`
	Default bool   `json:"default"`
	Locked  bool   `json:"locked"`
	Enabled bool   `json:"enabled"`
	// Source of the value: "default", "flag", "config", "dropin",
	// "dynamic", "AllAlpha", "AllBeta".
	Source string `json:"source"`
	// SourcePath / SourceLine locate it in a file (config, drop-in);
	// SourceColumn and SourceEndLine/SourceEndColumn (exclusive) locate
	// the gate's key there, or in the command line text for a flag.
	SourcePath      string `json:"sourcePath,omitempty"`
	SourceLine      int    `json:"sourceLine,omitempty"`
	SourceColumn    int    `json:"sourceColumn,omitempty"`
	SourceEndLine   int    `json:"sourceEndLine,omitempty"`
	SourceEndColumn int    `json:"sourceEndColumn,omitempty"`
	// Requested is the value the merged inputs ask for, when they name the
	// gate (it differs from Enabled when start-up failed before applying it).
	Requested *bool `json:"requested,omitempty"`
	// Dependencies are the gates this one needs enabled (1.35+).
	Dependencies []string `json:"dependencies,omitempty"`
	// Problem explains why this gate's setting fails, when it does.
	Problem string `json:"problem,omitempty"`
}

// Diagnostic is a message anchored to an input.
type Diagnostic struct {
	// Input is "flags", "config", "dropin" or "dynamic".
	Input    string `json:"input"`
	Path     string `json:"path,omitempty"`
	Severity string `json:"severity"` // "error" or "warning"
	Message  string `json:"message"`
	// Line and Column (1-based, in characters) locate the key or value the
	// message is about in the file, or for "flags" in the command line
	// text; EndLine and EndColumn end it (exclusive). Each is omitted when
	// unknown: the message is then about the input as a whole.
	Line      int `json:"line,omitempty"`
	Column    int `json:"column,omitempty"`
	EndLine   int `json:"endLine,omitempty"`
	EndColumn int `json:"endColumn,omitempty"`
}
