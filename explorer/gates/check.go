package gates

import (
	"fmt"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/fleet"
	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
	"github.com/kubexplorer/kubexplorer/explorer"
)

// CheckRequest is a fleet of node dumps and the upgrade to check them
// against (docs/node-dumps.md).
type CheckRequest struct {
	// To is the target release; required.
	To string `json:"to"`
	// From is the current release of the nodes whose dump does not state
	// one (`kubelet --version`); without it such nodes are bad input.
	From string `json:"from,omitempty"`
	// Files are the files of a fleet directory, paths relative to it: a
	// file at the top is a node (a bundle, a configz, …) named after the
	// file without its extension; a directory at the top is a node holding
	// every file below it. Hidden files are skipped.
	Files []File `json:"files,omitempty"`
	// Nodes are node dumps given one by one, checked after those of Files.
	Nodes []NodeDump `json:"nodes,omitempty"`
}

// NodeDump is one node's files.
type NodeDump struct {
	Node  string `json:"node"`
	Files []File `json:"files"`
}

// CheckReply is one row per node, a summary and the exit status.
//
// A row is what a table shows; the detail of a node is gates.import of its
// files, then gates.evaluate of the filled request with release set to
// the row's from and targetRelease to its to.
type CheckReply struct {
	From  string      `json:"from,omitempty"`
	To    string      `json:"to"`
	Nodes []NodeCheck `json:"nodes"`
	// ChangeSets are the distinct lists of gates whose effective value
	// changes: nodes of one release with the same settings change the
	// same gates, so each list is given once and a row names its own by
	// index (changeSet).
	ChangeSets [][]GateValueChange `json:"changeSets"`
	// Summary counts the fleet's verdicts, releases, problems and gates.
	Summary CheckSummary `json:"summary"`
	// Exit is the check's exit status, kubectl diff's: 0 nothing that
	// matters changes, 1 gates change their effective value or the kubelet
	// warns, 2 a node would not start or its dump cannot be used.
	Exit int `json:"exit"`
}

// Verdict is a node's outcome: "unchanged" (exit 0), "changes" (1),
// "fails" (the kubelet would not start on the target, 2), "badInput" (the
// dump cannot be used, 2).
type Verdict = fleet.Verdict

// NodeCheck is one node's row.
type NodeCheck struct {
	Node string `json:"node"`
	// Dir is the fleet directory the node's files are in ("" for a node
	// that is one file, or one given in nodes).
	Dir string `json:"dir,omitempty"`
	// From is the node's current release and ReleaseFrom where it comes
	// from: "dump" (`kubelet --version`) or "default" (the request's from).
	From        string  `json:"from,omitempty"`
	ReleaseFrom string  `json:"releaseFrom,omitempty"`
	To          string  `json:"to"`
	Verdict     Verdict `json:"verdict"`
	Exit        int     `json:"exit"`
	// StartsNow and Starts: the kubelet starts on From, on To (absent for
	// bad input).
	StartsNow *bool `json:"startsNow,omitempty"`
	Starts    *bool `json:"starts,omitempty"`
	// Errors and Warnings count the diagnostics of each severity.
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	// Diagnostics are the blocking errors (what stops the kubelet on the
	// target, why the dump cannot be used) and the warnings, each at its
	// place in the dump where it has one: input "files" with the path in
	// the fleet, or "nodes[i]" with the path in that node.
	Diagnostics []explorer.Diagnostic `json:"diagnostics"`
	// Changed is the number of gates whose effective value differs
	// between From and To.
	Changed int `json:"changed"`
	// ChangeSet is the index in the reply's changeSets of the list of
	// those gates.
	ChangeSet int `json:"changeSet"`
}

// GateValueChange is a gate whose effective value changes on a node
// (before and after are absent where the release does not register it).
type GateValueChange = fleet.Change

// CheckSummary counts the fleet.
type CheckSummary struct {
	Nodes    int             `json:"nodes"`
	Verdicts map[Verdict]int `json:"verdicts"`
	// Releases counts the nodes by current release ("" for bad input
	// without one).
	Releases map[string]int `json:"releases"`
	// Problems are the distinct errors and warnings, errors first, then
	// the most frequent.
	Problems []Problem `json:"problems"`
	// Gates are the gates that change on some node, most nodes first.
	Gates []fleet.GateCount `json:"gates"`
}

// Problem is a diagnostic shared by nodes (by severity, code and message).
type Problem struct {
	Severity explorer.Severity `json:"severity"`
	Code     string            `json:"code"`
	Message  string            `json:"message"`
	Nodes    int               `json:"nodes"`
	// Example is the first node (in the reply's order) that has it.
	Example string `json:"example"`
}

const (
	// CodeFailsNow is a node whose kubelet does not start on its current
	// release either (a warning of gates.check).
	CodeFailsNow = "gates.failsNow"
)

// InputTo and InputFrom are the inputs of diagnostics about the releases.
const (
	InputTo   = "to"
	InputFrom = "from"
)

// Check checks a fleet against an upgrade: the gates.check method.
func Check(r CheckRequest) (CheckReply, error) {
	to, _, err := releaseCatalog(r.To, InputTo)
	if err != nil {
		return CheckReply{}, err
	}
	from := ""
	if r.From != "" {
		if from, _, err = releaseCatalog(r.From, InputFrom); err != nil {
			return CheckReply{}, err
		}
	}
	grouped, err := fleet.Group(nodeFiles(r.Files))
	if err != nil {
		return CheckReply{}, explorer.InvalidField(InputFiles, "%v", err)
	}
	inputs := make([]string, 0, len(grouped)+len(r.Nodes))
	for range grouped {
		inputs = append(inputs, InputFiles)
	}
	for i, n := range r.Nodes {
		if n.Node == "" {
			return CheckReply{}, explorer.InvalidField(fmt.Sprintf("nodes[%d]", i), "nodes[%d]: a node dump needs a name", i)
		}
		grouped = append(grouped, fleet.Dump{Node: n.Node, Files: nodeFiles(n.Files)})
		inputs = append(inputs, fmt.Sprintf("nodes[%d]", i))
	}
	rep, err := fleet.Check(grouped, fleet.Options{To: to, From: from})
	if err != nil {
		return CheckReply{}, explorer.InvalidField(InputFiles, "%v", err)
	}
	reply := CheckReply{From: from, To: rep.To, Nodes: make([]NodeCheck, len(rep.Nodes)), Exit: rep.Exit}
	codes := map[problemKey]string{}
	sets := changeSets{lists: [][]GateValueChange{}, byKey: map[string]int{}}
	for i, n := range rep.Nodes {
		row := NodeCheck{Node: n.Node, Dir: grouped[i].Dir, From: n.From, ReleaseFrom: n.ReleaseFrom, To: n.To, Verdict: n.Verdict,
			Exit: n.Exit, StartsNow: n.StartsNow, Starts: n.Starts, Diagnostics: make([]explorer.Diagnostic, 0, len(n.Errors)+len(n.Warnings)),
			Changed: len(n.Changes), ChangeSet: sets.index(n.Changes)}
		add := func(sev explorer.Severity, f fleet.Finding) {
			d := explorer.Diagnostic{Severity: sev, Code: findingCode(f.Kind, n), Message: f.Message, Input: inputs[i],
				Path: joinPath(row.Dir, f.File), Line: f.Line, Column: f.Column}
			if f.Kind == fleet.Ineffective {
				settingSpan(&d, n.Target, f.Gate)
			}
			row.Diagnostics = append(row.Diagnostics, d)
			codes[problemKey{string(sev), f.Kind, f.Message}] = d.Code
		}
		for _, f := range n.Errors {
			add(explorer.SeverityError, f)
		}
		for _, f := range n.Warnings {
			add(explorer.SeverityWarning, f)
		}
		row.Errors, row.Warnings = len(n.Errors), len(n.Warnings)
		reply.Nodes[i] = row
	}
	reply.ChangeSets = sets.lists
	s := rep.Summary
	reply.Summary = CheckSummary{Nodes: s.Nodes, Verdicts: s.Verdicts, Releases: s.Releases, Problems: make([]Problem, len(s.Problems)), Gates: s.Gates}
	for i, p := range s.Problems {
		reply.Summary.Problems[i] = Problem{Severity: explorer.Severity(p.Severity), Code: codes[problemKey{p.Severity, p.Kind, p.Message}],
			Message: p.Message, Nodes: p.Nodes, Example: p.Example}
	}
	return reply, nil
}

// settingSpan gives a gates.notReadByKubelet warning the column and end
// of the gate's setting, as gates.evaluate's upgrade check does: the fleet
// finding has the line in the dump only. The span is taken from a file the
// dump holds line for line (a config file or drop-in); a command line's
// columns are the model's, not the dump's, so it keeps the line alone.
func settingSpan(d *explorer.Diagnostic, target *kubeletstart.Result, gate string) {
	if target == nil || d.Line == 0 {
		return
	}
	for _, g := range target.Gates {
		if g.Name != gate || g.SourceLine == 0 || (g.Source != "config" && g.Source != "dropin" && g.Source != "dynamic") {
			continue
		}
		d.Column, d.EndColumn = g.SourceColumn, g.SourceEndColumn
		if g.SourceEndLine > 0 {
			d.EndLine = d.Line + g.SourceEndLine - g.SourceLine
		}
		return
	}
}

// changeSets interns the nodes' lists of changes: a fleet has few
// distinct lists, and giving each once keeps the reply of 1,000 nodes
// near a megabyte instead of ten.
type changeSets struct {
	lists [][]GateValueChange
	byKey map[string]int
	key   strings.Builder
}

// index is the position of changes in lists, added if new.
func (cs *changeSets) index(changes []GateValueChange) int {
	cs.key.Reset()
	for _, c := range changes {
		for _, s := range []string{c.Gate, boolKey(c.Before), boolKey(c.After), c.Message} {
			cs.key.WriteString(s)
			cs.key.WriteByte(0)
		}
		for _, k := range c.Kinds {
			cs.key.WriteString(k)
			cs.key.WriteByte(1)
		}
		cs.key.WriteByte(2)
	}
	k := cs.key.String()
	if i, ok := cs.byKey[k]; ok {
		return i
	}
	cs.byKey[k] = len(cs.lists)
	cs.lists = append(cs.lists, changes)
	return len(cs.lists) - 1
}

func boolKey(b *bool) string {
	switch {
	case b == nil:
		return "-"
	case *b:
		return "t"
	}
	return "f"
}

type problemKey struct {
	severity string
	kind     fleet.Kind
	message  string
}

// findingCode is the diagnostic code of a fleet finding; a kubelet that
// stops on the target is gates.<stage>, as gates.evaluate says it.
func findingCode(k fleet.Kind, n fleet.NodeReport) string {
	switch k {
	case fleet.Import:
		return CodeImport
	case fleet.Release:
		return CodeRelease
	case fleet.Missing:
		return CodeMissing
	case fleet.Start:
		if n.Target != nil && n.Target.Stage != "" {
			return "gates." + n.Target.Stage
		}
	case fleet.StartNow:
		return CodeFailsNow
	case fleet.Kubelet:
		return CodeWarning
	case fleet.Ineffective:
		return CodeNotReadByKubelet
	case fleet.DumpRemark:
		return CodeDump
	}
	return "gates." + string(k)
}
