package fleet

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate/components"
	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
	"github.com/kubexplorer/kubexplorer/core/nodeimport"
)

// Options configures a check.
type Options struct {
	// To is the target release ("1.33"); required.
	To string
	// From is the current release of nodes whose dump does not state
	// one; empty means such dumps are bad input.
	From string
	// Model evaluates start-ups; nil is kubeletstart.Default.
	Model *kubeletstart.Model
	// Components loads the component tables; nil is components.Load. A
	// release without a table skips the "no kubelet code reads it" check.
	Components func(release string) (*components.Table, error)
}

// Check checks every node dump against an upgrade to opts.To. The error
// is for options that make no check possible (an unknown target release,
// too many nodes); everything about a node is in its report.
func Check(dumps []Dump, opts Options) (*Report, error) {
	if len(dumps) > MaxNodes {
		return nil, fmt.Errorf("%d node dumps: a check takes at most %d", len(dumps), MaxNodes)
	}
	c := newChecker(opts)
	to, _, err := kubeletstart.NormalizeRelease(opts.To)
	if err != nil {
		return nil, fmt.Errorf("target: %v", err)
	}
	if _, err := c.model.Catalog(to); err != nil {
		return nil, fmt.Errorf("target: %v", err)
	}
	from := ""
	if opts.From != "" {
		if from, _, err = kubeletstart.NormalizeRelease(opts.From); err != nil {
			return nil, fmt.Errorf("from: %v", err)
		}
		if _, err := c.model.Catalog(from); err != nil {
			return nil, fmt.Errorf("from: %v", err)
		}
	}
	r := &Report{To: to, From: from, Nodes: make([]NodeReport, 0, len(dumps))}
	for _, d := range dumps {
		r.Nodes = append(r.Nodes, c.node(d, from, to))
	}
	r.Summary = summarize(r.Nodes)
	for _, n := range r.Nodes {
		r.Exit = max(r.Exit, n.Exit)
	}
	return r, nil
}

// checker holds what a check shares between nodes.
type checker struct {
	model  *kubeletstart.Model
	tables func(string) (*components.Table, error)
	evals  map[string]*evaluation
	diffs  map[diffKey]*upgrade
}

// diffKey is what kubeletstart.Diff reads of two evaluations: their gate
// tables and what its summary says. Evaluations that build equal tables
// share one (kubeletstart's table memo), so nodes whose configurations
// differ only in what gates never see share one diff.
type diffKey struct {
	from, to               *kubeletstart.GateState // the tables' first rows
	fromRows, toRows       int
	fromRelease, toRelease string
	fromStarts, toStarts   bool
	toError                string
}

func tableKey(r *kubeletstart.Result) (*kubeletstart.GateState, int) {
	if len(r.Gates) == 0 {
		return nil, 0
	}
	return &r.Gates[0], len(r.Gates)
}

// upgrade is a diff and the changes of effective values the check keeps.
type upgrade struct {
	u       *kubeletstart.Upgrade
	changes []Change
}

type evaluation struct {
	res *kubeletstart.Result
	err error
}

func newChecker(opts Options) *checker {
	c := &checker{model: opts.Model, tables: opts.Components, evals: map[string]*evaluation{},
		diffs: map[diffKey]*upgrade{}}
	if c.model == nil {
		c.model = kubeletstart.Default
	}
	if c.tables == nil {
		c.tables = components.Load
	}
	return c
}

// evaluate memoizes evaluations by kubeletstart.EquivalenceKey: nodes
// that differ only in what the model never reads (--node-ip, say) share
// one evaluation.
func (c *checker) evaluate(in kubeletstart.Input) (*kubeletstart.Result, error) {
	k := kubeletstart.EquivalenceKey(in)
	if e, ok := c.evals[k]; ok {
		return e.res, e.err
	}
	res, err := c.model.Evaluate(in)
	c.evals[k] = &evaluation{res, err}
	return res, err
}

// diff is kubeletstart.Diff of two evaluations and the changes of
// effective values in it, memoized by diffKey; the Upgrade names a and b.
func (c *checker) diff(a, b *kubeletstart.Result) (*kubeletstart.Upgrade, []Change) {
	k := diffKey{fromRelease: a.Release, toRelease: b.Release, fromStarts: a.WouldStart, toStarts: b.WouldStart, toError: b.Error}
	k.from, k.fromRows = tableKey(a)
	k.to, k.toRows = tableKey(b)
	d, ok := c.diffs[k]
	if !ok {
		d = &upgrade{u: kubeletstart.Diff(a, b), changes: []Change{}}
		for _, ch := range d.u.Changes {
			if change, ok := effectiveChange(ch); ok {
				d.changes = append(d.changes, change)
			}
		}
		d.changes = slices.Clip(d.changes)
		c.diffs[k] = d
	}
	if d.u.From == a && d.u.To == b {
		return d.u, d.changes
	}
	u := *d.u
	u.From, u.To = a, b
	return &u, d.changes
}

// node checks one dump.
func (c *checker) node(d Dump, defaultFrom, to string) NodeReport {
	nr := NodeReport{Node: d.Node, To: to, Errors: []Finding{}, Warnings: []Finding{}, Changes: []Change{}}
	bad := func(f Finding) NodeReport {
		nr.Verdict = BadInput
		nr.Errors = append(nr.Errors, f)
		nr.Exit = nr.Verdict.Exit()
		return nr
	}
	n, err := nodeimport.Import(d.Node, d.Files)
	if err != nil {
		f := Finding{Kind: Import, Message: err.Error()}
		var ie *nodeimport.Error
		if errors.As(err, &ie) {
			f.Message, f.File, f.Line, f.Column = ie.Detail(), ie.Path, ie.Line, ie.Column
		}
		return bad(f)
	}
	nr.Import = n
	switch {
	case n.Release != "":
		nr.From, nr.ReleaseFrom = n.Release, "dump"
		if _, err := c.model.Catalog(n.Release); err != nil {
			f := Finding{Kind: Release, Message: fmt.Sprintf("the dump states %s: %v", n.Version, err)}
			for _, p := range n.Parts {
				if p.Form == nodeimport.KubeletVersion {
					f.File, f.Line = p.File, p.Line
				}
			}
			return bad(f)
		}
	case defaultFrom != "":
		nr.From, nr.ReleaseFrom = defaultFrom, "default"
	default:
		msg := "the dump does not state the kubelet's release (include `kubelet --version`) and no default release was given"
		if n.ReleaseHint != "" {
			msg += fmt.Sprintf("; its kubeadm ConfigMap is named for %s", n.ReleaseHint)
		}
		return bad(Finding{Kind: Release, Message: msg})
	}
	if len(n.Missing) > 0 {
		return bad(Finding{Kind: Missing, Message: fmt.Sprintf("the dump lacks %s, which the kubelet reads: add it to the dump", strings.Join(n.Missing, ", "))})
	}
	for _, dg := range n.Diagnostics {
		if dg.Severity == "warning" {
			nr.Warnings = append(nr.Warnings, Finding{Kind: DumpRemark, Message: dg.Message, File: dg.Path, Line: dg.Line, Column: dg.Column})
		}
	}
	in := n.Input
	in.Release = nr.From
	now, err := c.evaluate(in)
	if err != nil {
		return bad(Finding{Kind: Import, Message: err.Error()})
	}
	in.Release = to
	target, err := c.evaluate(in)
	if err != nil {
		return bad(Finding{Kind: Import, Message: err.Error()})
	}
	nr.Now, nr.Target = now, target
	nr.StartsNow, nr.Starts = &now.WouldStart, &target.WouldStart
	nr.Diff, nr.Changes = c.diff(now, target)
	if !target.WouldStart {
		nr.Errors = append(nr.Errors, targetError(n, target))
	}
	if !now.WouldStart {
		nr.Warnings = append(nr.Warnings, Finding{Kind: StartNow, Message: fmt.Sprintf("the kubelet does not start on %s either: %s", now.Release, now.Error)})
	}
	nr.Warnings = append(nr.Warnings, kubeletWarnings(n, target)...)
	nr.Ineffective = c.ineffective(n, target, &nr)
	nr.Warnings = dedupe(nr.Warnings)
	switch {
	case !target.WouldStart:
		nr.Verdict = Fails
	case len(nr.Changes) > 0 || len(nr.Warnings) > 0:
		nr.Verdict = Changes
	default:
		nr.Verdict = Unchanged
	}
	nr.Exit = nr.Verdict.Exit()
	return nr
}

// targetError says why the kubelet stops on the target, naming the gate
// settings at fault; the finding is placed at the first of them.
func targetError(n *nodeimport.Node, res *kubeletstart.Result) Finding {
	f := Finding{Kind: Start, Message: res.Error}
	if f.Message == "" {
		f.Message = "stopped at stage " + res.Stage
	}
	var where []string
	for _, g := range res.Gates {
		switch {
		case g.Problem != "" && g.SourcePath != "":
			where = append(where, fmt.Sprintf("%s is set in %s:%d", g.Name, g.SourcePath, g.SourceLine))
		case g.Problem != "" && g.Source == "flag":
			where = append(where, g.Name+" is set by --feature-gates")
		default:
			continue
		}
		if f.Gate == "" {
			f.Gate = g.Name
			f.File, f.Line = locate(n, g.Source, g.SourcePath, g.SourceLine)
		}
	}
	if len(where) > 0 {
		f.Message += " (" + strings.Join(where, "; ") + ")"
	}
	if f.File == "" {
		for _, d := range res.Diagnostics {
			if d.Severity == "error" {
				f.File, f.Line = locate(n, d.Input, d.Path, d.Line)
				break
			}
		}
	}
	return f
}

// locate maps a place the model reports (an input: "flag"/"flags",
// "config", "dropin", "dynamic"; a path on the node; a line in that
// file) to the dump: the file that holds the input and the line there.
func locate(n *nodeimport.Node, input, kubeletPath string, line int) (file string, dumpLine int) {
	for _, p := range n.Parts {
		switch {
		case (input == "flag" || input == "flags") && p.CommandLine:
			return p.File, p.Line
		case kubeletPath != "" && p.KubeletPath == kubeletPath && p.ContentLine > 0:
			if line > 0 {
				return p.File, p.ContentLine + line - 1
			}
			return p.File, 0
		}
	}
	return "", 0
}

// kubeletWarnings are the target's warning lines (the text after the
// klog header), pflag notices and the model's warning diagnostics.
func kubeletWarnings(n *nodeimport.Node, res *kubeletstart.Result) []Finding {
	var out []Finding
	for _, l := range res.Lines {
		text := l.Text
		switch {
		case l.Kind == "warning", l.Kind == "info" && strings.Contains(text, `"Warning:`):
		case l.Kind == "notice":
			out = append(out, Finding{Kind: Kubelet, Message: text})
			continue
		default:
			continue
		}
		if i := strings.Index(text, "] "); i >= 0 {
			text = text[i+2:]
		}
		out = append(out, Finding{Kind: Kubelet, Message: text})
	}
	for _, d := range res.Diagnostics {
		if d.Severity == "warning" {
			f := Finding{Kind: Kubelet, Message: d.Message}
			f.File, f.Line = locate(n, d.Input, d.Path, d.Line)
			out = append(out, f)
		}
	}
	return out
}

// ineffective runs the components check on the gates the kubelet's
// inputs set.
func (c *checker) ineffective(n *nodeimport.Node, res *kubeletstart.Result, nr *NodeReport) []components.Ineffective {
	t, err := c.tables(res.Release)
	if err != nil {
		return nil
	}
	var set []string
	source := map[string]kubeletstart.GateState{}
	for _, g := range res.Gates {
		if g.Requested != nil && g.Name != "AllAlpha" && g.Name != "AllBeta" {
			set = append(set, g.Name)
			source[g.Name] = g
		}
	}
	out := t.NotReadBy(components.Kubelet, set)
	for _, i := range out {
		g := source[i.Gate]
		f := Finding{Kind: Ineffective, Gate: i.Gate, Message: i.Message(components.Kubelet, res.Release)}
		f.File, f.Line = locate(n, g.Source, g.SourcePath, g.SourceLine)
		nr.Warnings = append(nr.Warnings, f)
	}
	return out
}

// effectiveChange keeps the changes of kubeletstart.Diff where the gate's
// effective value differs (or stops the kubelet).
func effectiveChange(ch kubeletstart.Change) (Change, bool) {
	val := func(b *kubeletstart.GateBrief) *bool {
		if b == nil {
			return nil
		}
		v := b.Enabled
		return &v
	}
	before, after := val(ch.Before), val(ch.After)
	breaks := false
	for _, k := range ch.Kinds {
		breaks = breaks || k == "breaks" || k == "dependency"
	}
	same := before != nil && after != nil && *before == *after
	// A gate that appears off, or disappears while off, changes nothing.
	quiet := before == nil && after != nil && !*after || after == nil && before != nil && !*before
	if !breaks && (same && !contains(ch.Kinds, "valueChanged") || quiet) {
		return Change{}, false
	}
	return Change{Gate: ch.Name, Before: before, After: after, Kinds: ch.Kinds, Message: ch.Message}, true
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func dedupe(xs []Finding) []Finding {
	seen := map[Finding]bool{}
	out := xs[:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// summarize counts verdicts, releases, problems and gates.
func summarize(nodes []NodeReport) Summary {
	s := Summary{Nodes: len(nodes), Verdicts: map[Verdict]int{}, Releases: map[string]int{}, Problems: []Problem{}, Gates: []GateCount{}}
	type key struct {
		severity string
		kind     Kind
		message  string
	}
	problems := map[key]*Problem{}
	gates := map[string]int{}
	add := func(sev string, f Finding, node string) {
		k := key{sev, f.Kind, f.Message}
		if p, ok := problems[k]; ok {
			p.Nodes++
			return
		}
		problems[k] = &Problem{Severity: sev, Kind: f.Kind, Message: f.Message, Nodes: 1, Example: node}
	}
	for _, n := range nodes {
		s.Verdicts[n.Verdict]++
		s.Releases[n.From]++
		for _, e := range n.Errors {
			add("error", e, n.Node)
		}
		for _, w := range n.Warnings {
			add("warning", w, n.Node)
		}
		for _, ch := range n.Changes {
			gates[ch.Gate]++
		}
	}
	for _, p := range problems {
		s.Problems = append(s.Problems, *p)
	}
	sort.Slice(s.Problems, func(i, j int) bool {
		a, b := s.Problems[i], s.Problems[j]
		if a.Severity != b.Severity {
			return a.Severity == "error"
		}
		if a.Nodes != b.Nodes {
			return a.Nodes > b.Nodes
		}
		if a.Message != b.Message {
			return a.Message < b.Message
		}
		return a.Kind < b.Kind
	})
	for g, k := range gates {
		s.Gates = append(s.Gates, GateCount{Gate: g, Nodes: k})
	}
	sort.Slice(s.Gates, func(i, j int) bool {
		if s.Gates[i].Nodes != s.Gates[j].Nodes {
			return s.Gates[i].Nodes > s.Gates[j].Nodes
		}
		return s.Gates[i].Gate < s.Gates[j].Gate
	})
	return s
}
