package fleet

import (
	"github.com/kubexplorer/kubexplorer/core/featuregate/components"
	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
	"github.com/kubexplorer/kubexplorer/core/nodeimport"
)

// Verdict is a node's outcome.
type Verdict string

// Verdicts, from best to worst; each has an exit status.
const (
	// Unchanged: the node starts on the target and nothing that matters
	// changes (exit 0).
	Unchanged Verdict = "unchanged"
	// Changes: the node starts on the target, but gates change their
	// effective value or the kubelet warns (exit 1).
	Changes Verdict = "changes"
	// Fails: the kubelet would not start on the target (exit 2).
	Fails Verdict = "fails"
	// BadInput: the dump cannot be read, names no usable release, or
	// lacks a file the kubelet reads (exit 2).
	BadInput Verdict = "badInput"
)

// Exit is the verdict's exit status, as kubectl diff's.
func (v Verdict) Exit() int {
	switch v {
	case Unchanged:
		return 0
	case Changes:
		return 1
	}
	return 2
}

// NodeReport is one node's outcome.
type NodeReport struct {
	Node string `json:"node"`
	// From is the node's current release, To the target.
	From string `json:"from,omitempty"`
	To   string `json:"to"`
	// ReleaseFrom says where From comes from: "dump" (kubelet --version)
	// or "default" (Options.From).
	ReleaseFrom string  `json:"releaseFrom,omitempty"`
	Verdict     Verdict `json:"verdict"`
	// StartsNow and Starts: the kubelet starts on From, on To (absent for
	// bad input).
	StartsNow *bool `json:"startsNow,omitempty"`
	Starts    *bool `json:"starts,omitempty"`
	// Errors are what stops the kubelet on the target, or why the dump is
	// bad input.
	Errors []Finding `json:"errors"`
	// Warnings: what the kubelet warns about on the target (gates set that
	// are GA or deprecated, deprecated flags), settings it would silently
	// ignore (gates no kubelet code reads, unknown fields), and what the
	// import noticed.
	Warnings []Finding `json:"warnings"`
	// Changes are the gates whose effective value differs between From
	// and To.
	Changes []Change `json:"changes"`
	// Ineffective are gates this kubelet sets that no kubelet code of the
	// target release reads.
	Ineffective []components.Ineffective `json:"ineffective,omitempty"`
	Exit        int                      `json:"exit"`

	// Import, Now, Target and Diff are the details behind the row, for a
	// drill-down; they are not serialised. Now, Target and Diff are shared
	// by nodes whose inputs are equivalent (their Args are the first such
	// node's); Diff's Changes, and Changes, are shared by nodes whose
	// evaluations have equal gate tables. All of them are read-only.
	Import *nodeimport.Node      `json:"-"`
	Now    *kubeletstart.Result  `json:"-"`
	Target *kubeletstart.Result  `json:"-"`
	Diff   *kubeletstart.Upgrade `json:"-"`
}

// Kind says what a Finding is about. The kinds are stable: the explorer
// turns them into diagnostic codes.
type Kind string

// The kinds of findings. Errors: Import, Release, Missing, Start. Warnings:
// StartNow, Kubelet, Ineffective, DumpRemark.
const (
	// Import: the dump cannot be read (a recognised form is malformed,
	// two different command lines, over the bounds).
	Import Kind = "import"
	// Release: the dump states no release and no default was given, or
	// states one the catalogs do not have.
	Release Kind = "release"
	// Missing: the dump lacks a file the kubelet reads.
	Missing Kind = "missing"
	// Start: the kubelet would not start on the target release.
	Start Kind = "start"
	// StartNow: the kubelet does not start on its current release either.
	StartNow Kind = "startNow"
	// Kubelet: a warning the kubelet of the target release prints (a GA
	// or deprecated gate set, a deprecated flag, a config field it
	// ignores).
	Kubelet Kind = "kubelet"
	// Ineffective: a gate the kubelet's inputs set that no kubelet code of
	// the target release reads.
	Ineffective Kind = "ineffective"
	// DumpRemark: something the import noticed that systemd or the kubelet
	// would silently skip (an "export" line in an environment file, a
	// unit that differs from the running process).
	DumpRemark Kind = "dump"
)

// Finding is one error or warning about a node.
type Finding struct {
	Kind Kind `json:"kind"`
	// Message is for people; for a warning the kubelet prints, its text
	// after the klog header.
	Message string `json:"message"`
	// Gate is the feature gate the finding is about, when there is one.
	Gate string `json:"gate,omitempty"`
	// File, Line and Column locate the finding in the node's dump (File
	// as the dump names it: a file of the node's directory, or the bundle
	// file), when it has a place: the setting of the gate at fault, the
	// malformed line. Line and Column are 1-based; 0 when unknown.
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

// Change is one gate whose effective value changes on the node.
type Change struct {
	Gate string `json:"gate"`
	// Before and After are the effective values; nil where the release
	// does not register the gate.
	Before *bool `json:"before,omitempty"`
	After  *bool `json:"after,omitempty"`
	// Kinds and Message are kubeletstart's classification of the change.
	Kinds   []string `json:"kinds"`
	Message string   `json:"message"`
}

// Report is the outcome for the fleet.
type Report struct {
	To      string       `json:"to"`
	From    string       `json:"from,omitempty"`
	Nodes   []NodeReport `json:"nodes"`
	Summary Summary      `json:"summary"`
	// Exit is the worst node's exit status (0 for an empty fleet).
	Exit int `json:"exit"`
}

// Summary counts the fleet.
type Summary struct {
	Nodes    int             `json:"nodes"`
	Verdicts map[Verdict]int `json:"verdicts"`
	// Releases counts nodes by current release ("" for bad input
	// without one).
	Releases map[string]int `json:"releases"`
	// Problems are the distinct errors and warnings, most frequent first.
	Problems []Problem `json:"problems"`
	// Gates are the gates that change on some node, most nodes first.
	Gates []GateCount `json:"gates"`
}

// Problem is an error or warning shared by nodes: the findings of one
// kind with one message.
type Problem struct {
	Severity string `json:"severity"` // "error" or "warning"
	Kind     Kind   `json:"kind"`
	Message  string `json:"message"`
	Nodes    int    `json:"nodes"`
	// Example is the first node (by name) that has it.
	Example string `json:"example"`
}

// GateCount is a gate that changes on Nodes nodes.
type GateCount struct {
	Gate  string `json:"gate"`
	Nodes int    `json:"nodes"`
}
