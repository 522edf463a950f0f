package kubeletstart

import (
	"fmt"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

// Explain answers "why is this gate on (or off)?" after an evaluation: the
// chain of every source that set the gate, in the order the kubelet applied
// them, and the one that won.
//
// The chain is recorded while start-up runs (traceGates, traceDropin): each
// source of gate values is a layer, in application order — the flags'
// SetFromMap, the --config file, each drop-in in walk order, the flags
// again over the files (kubeletConfigFlagPrecedence), the dynamic config
// checkpoint (1.18–1.23). Before them come the release's default and, from
// 1.31, the spec the kubelet's emulation version selects. Which step won is
// not recomputed: it is the provenance the evaluation already assigned to
// the gate (GateState.Source, SourcePath), so the chain and the gates table
// always agree.

// Explanation is the chain of one gate.
type Explanation struct {
	Gate    string `json:"gate"`
	Release string `json:"release"`
	// Known is false for a name the release does not register.
	Known   bool `json:"known"`
	Enabled bool `json:"enabled"`
	// Requested is the value the merged inputs ask for, when they name it.
	Requested *bool         `json:"requested,omitempty"`
	Steps     []ExplainStep `json:"steps"`
	// Winner indexes Steps: the source whose value the gate holds.
	Winner int `json:"winner"`
	// Summary is one sentence: the value and the source that decided it.
	Summary string `json:"summary"`
}

// ExplainStep is one source in the chain.
type ExplainStep struct {
	// Source: "default", "emulationVersion", "flag" (the first
	// SetFromMap of --feature-gates), "config", "dropin",
	// "flagPrecedence" (flags applied again over the files), "dynamic",
	// "AllAlpha", "AllBeta" (a fill by that key of the same source).
	Source string `json:"source"`
	// Via is the source that carried an AllAlpha/AllBeta fill ("flag",
	// "config", …).
	Via  string `json:"via,omitempty"`
	Path string `json:"path,omitempty"`
	Line int    `json:"line,omitempty"`
	// Value is the value the source gives; nil when it gives none (a
	// drop-in's null deletes the key; a default step of an unknown name).
	Value *bool `json:"value,omitempty"`
	// Effect is "won"; "overridden" (a later step replaced or removed
	// it); "deleted" (a null that removed the earlier values, so the
	// default applies); "refused" (start-up stopped on it before the value
	// took effect); "ignored" (applied after the winner, changing nothing).
	Effect string `json:"effect"`
	Detail string `json:"detail"`
}

// explainTrace is what an evaluation keeps for Explain.
type explainTrace struct {
	rel    *catalog.Release
	minor  int
	layers []traceLayer
}

// traceLayer is one source of gate values as start-up applied it.
type traceLayer struct {
	source string
	path   string
	// values are the keys the layer names; a nil value deletes the key.
	values map[string]*bool
	lines  map[string]int
	// clear: the layer removed every gate of the earlier files
	// (a drop-in's featureGates: null).
	clear bool
}

func (r *run) startTrace(minor int) {
	r.res.explain = &explainTrace{rel: r.rel, minor: minor}
}

// traceGates records a layer of gate values; line locates a key (nil: none).
func (r *run) traceGates(source, path string, gates map[string]bool, line func(string) int) {
	l := traceLayer{source: source, path: path, values: map[string]*bool{}, lines: map[string]int{}}
	for k, v := range gates {
		l.values[k] = &v
		if line != nil {
			l.lines[k] = line(k)
		}
	}
	r.res.explain.layers = append(r.res.explain.layers, l)
}

// traceDropin records a drop-in decoded as unstructured JSON: a bool sets
// a key, null deletes it, featureGates: null removes them all. Values of
// other types are left out: the merge fails on them.
func (r *run) traceDropin(path string, obj map[string]any, line func(string) int) {
	fg, present := obj["featureGates"]
	if !present {
		return
	}
	l := traceLayer{source: "dropin", path: path, values: map[string]*bool{}, lines: map[string]int{}}
	switch t := fg.(type) {
	case nil:
		l.clear = true
	case map[string]any:
		for k, v := range t {
			switch b := v.(type) {
			case nil:
				l.values[k] = nil
			case bool:
				l.values[k] = &b
			default:
				continue
			}
			l.lines[k] = line(k)
		}
	}
	r.res.explain.layers = append(r.res.explain.layers, l)
}

// Explain returns the chain of one gate of this result.
func (res *Result) Explain(gate string) (*Explanation, error) {
	var gs *GateState
	for i := range res.Gates {
		if res.Gates[i].Name == gate {
			gs = &res.Gates[i]
		}
	}
	t := res.explain
	if t == nil {
		return nil, fmt.Errorf("this result was not produced by an evaluation: it cannot be explained")
	}
	if gs == nil {
		return nil, fmt.Errorf("release %s does not register the feature gate %q and no input sets it", res.Release, gate)
	}
	x := &Explanation{Gate: gate, Release: res.Release, Known: gs.Stage != "UNKNOWN", Enabled: gs.Enabled, Requested: gs.Requested}
	x.Steps = t.baseSteps(gate, res.Release)
	fill := ""
	switch gs.Stage {
	case "ALPHA":
		fill = "AllAlpha"
	case "BETA":
		fill = "AllBeta"
	}
	sawFile := false
	for _, l := range t.layers {
		if v, ok := l.values[gate]; ok {
			x.Steps = append(x.Steps, ExplainStep{Source: l.source, Path: l.path, Line: l.lines[gate], Value: v, Detail: layerDetail(l, gate, v)})
			sawFile = sawFile || l.source != "flag" && l.source != "flagPrecedence"
		} else if l.clear && sawFile {
			x.Steps = append(x.Steps, ExplainStep{Source: l.source, Path: l.path, Detail: "featureGates: null removes every gate set by earlier files"})
		}
		if v, ok := l.values[fill]; ok && fill != "" && v != nil {
			x.Steps = append(x.Steps, ExplainStep{Source: fill, Via: l.source, Path: l.path, Line: l.lines[fill], Value: v,
				Detail: fmt.Sprintf("%s=%t in %s sets every %s gate that the same call does not set explicitly", fill, *v, describeSource(l.source, l.path), strings.ToLower(gs.Stage))})
		}
	}
	x.Winner = x.winner(gs)
	x.effects(gs, t)
	x.Summary = x.summary(res)
	return x, nil
}

// baseSteps are the release's default and, for a versioned gate from 1.31,
// the spec the emulation version selects.
func (t *explainTrace) baseSteps(gate, release string) []ExplainStep {
	cg, ok := t.rel.Gate(gate)
	if !ok {
		return []ExplainStep{{Source: "default", Detail: fmt.Sprintf("%s does not register %s: setting it makes start-up fail with \"unrecognized feature gate: %s\"", release, gate, gate)}}
	}
	spec := cg.SpecAt(release)
	stage := stageText(spec.PreRelease)
	versioned := t.minor >= 31 && len(cg.Specs) > 0 && cg.Specs[0].Version != ""
	if !versioned {
		v := spec.Default
		return []ExplainStep{{Source: "default", Value: &v, Detail: fmt.Sprintf("registered in %s as %s, default %s%s", release, stage, onOff(v), lockText(spec))}}
	}
	var hist []string
	for _, s := range cg.Specs {
		h := fmt.Sprintf("%s from %s", stageText(s.PreRelease), s.Version)
		if s.MinCompatibilityVersion != "" {
			h += " (with min compatibility " + s.MinCompatibilityVersion + ")"
		}
		hist = append(hist, h+" "+onOff(s.Default)+lockText(s))
	}
	v := spec.Default
	from := spec.Version
	if from == "" {
		from = "every version"
	}
	emu := ExplainStep{Source: "emulationVersion", Value: &v}
	if spec.PreRelease == catalog.PreAlpha && from == "every version" {
		emu.Detail = fmt.Sprintf("a %s kubelet emulates %s (it has no --emulated-version), where no spec applies yet: PRE-ALPHA, off, and it cannot be set", release, release)
	} else {
		emu.Detail = fmt.Sprintf("a %s kubelet emulates %s (it has no --emulated-version): the spec from %s applies, %s, default %s%s", release, release, from, stage, onOff(v), lockText(spec))
	}
	return []ExplainStep{
		{Source: "default", Detail: "registered with versioned specs: " + strings.Join(hist, "; ")},
		emu,
	}
}

// effects labels every step relative to the winner. Before it a step was
// overridden; after it a step changed nothing, except a deletion (a null,
// featureGates: null) after a default winner, which is why the default
// applies again, and a requested value start-up never applied.
func (x *Explanation) effects(gs *GateState, t *explainTrace) {
	base := x.Steps[x.Winner].Source == "default" || x.Steps[x.Winner].Source == "emulationVersion"
	refused := -1
	if x.refused() {
		for i := len(x.Steps) - 1; i > x.Winner; i-- {
			if v := x.Steps[i].Value; v != nil && *v == *gs.Requested && x.Steps[i].Via == "" {
				refused = i
				break
			}
		}
	}
	deletedLater := func(i int) bool {
		for _, s := range x.Steps[i+1:] {
			if s.Value == nil && s.Source == "dropin" {
				return true
			}
		}
		return false
	}
	for i := range x.Steps {
		s := &x.Steps[i]
		switch {
		case i < x.Winner:
			s.Effect = "overridden"
		case i == x.Winner:
			s.Effect = "won"
		case i == refused || !x.Known && s.Value != nil:
			s.Effect = "refused"
			reason := "start-up stopped before applying it"
			if gs.Problem != "" {
				reason = gs.Problem
			}
			s.Detail += "; " + reason
		case base && s.Value == nil && s.Source == "dropin":
			s.Effect = "deleted"
			s.Detail += "; nothing sets the gate any more, so the default applies"
		case base && s.Value != nil && s.Via == "" && deletedLater(i):
			s.Effect = "overridden"
			s.Detail += "; a later null removes it"
		default:
			s.Effect = "ignored"
			s.Detail += "; " + t.ignoredWhy(*s, x.Steps[x.Winner])
		}
	}
}

// winner finds the step the evaluation's provenance names. When start-up
// stopped before the requested value took effect, the gate still holds an
// earlier value: the winner is the last default or flag step giving it.
func (x *Explanation) winner(gs *GateState) int {
	if !x.Known {
		return 0
	}
	if x.refused() {
		for i := len(x.Steps) - 1; i >= 0; i-- {
			s := x.Steps[i]
			if s.Value != nil && *s.Value == gs.Enabled && (s.Source == "default" || s.Source == "emulationVersion" || s.Source == "flag") {
				return i
			}
		}
	}
	last := func(match func(s ExplainStep) bool) int {
		for i := len(x.Steps) - 1; i >= 0; i-- {
			if match(x.Steps[i]) && x.Steps[i].Value != nil {
				return i
			}
		}
		return -1
	}
	var i int
	switch gs.Source {
	case "default":
		i = last(func(s ExplainStep) bool { return s.Source == "default" || s.Source == "emulationVersion" })
	case "flag":
		i = last(func(s ExplainStep) bool { return s.Source == "flag" || s.Source == "flagPrecedence" })
	default:
		i = last(func(s ExplainStep) bool {
			return s.Source == gs.Source && (gs.SourcePath == "" || s.Path == gs.SourcePath)
		})
	}
	if i >= 0 {
		return i
	}
	// The provenance names a source the trace did not see (start-up
	// stopped first): show it as the evaluation recorded it.
	v := gs.Enabled
	if gs.Requested != nil {
		v = *gs.Requested
	}
	x.Steps = append(x.Steps, ExplainStep{Source: gs.Source, Path: gs.SourcePath, Line: gs.SourceLine, Value: &v, Detail: "as the evaluation recorded it"})
	return len(x.Steps) - 1
}

func (t *explainTrace) ignoredWhy(s, won ExplainStep) string {
	switch {
	case s.Source == "dropin" && s.Value == nil && t.minor >= 29 && t.minor <= 31 && won.Source == "config":
		return "before 1.32 a drop-in's null removes only what an earlier drop-in set, never a value of --config"
	case s.Source == "AllAlpha" || s.Source == "AllBeta":
		return "an explicit value wins over " + s.Source
	case won.Source == "flag" || won.Source == "flagPrecedence":
		return "flags win over every file"
	}
	return "it did not change the value"
}

func (x *Explanation) summary(res *Result) string {
	w := x.Steps[x.Winner]
	state := onOff(x.Enabled)
	var why string
	switch w.Source {
	case "default":
		if !x.Known {
			return fmt.Sprintf("%s is not a feature gate of %s: a kubelet that is asked to set it refuses to start", x.Gate, x.Release)
		}
		why = fmt.Sprintf("nothing sets it, so the %s default applies", x.Release)
		if x.refused() {
			why = fmt.Sprintf("it keeps the %s default", x.Release)
		}
	case "emulationVersion":
		why = "nothing sets it, so the spec of the kubelet's emulation version applies"
		if x.refused() {
			why = "it keeps the default of the kubelet's emulation version"
		}
	case "flag":
		if x.refused() {
			why = "it keeps the value --feature-gates gave it"
			break
		}
		fallthrough
	default:
		why = describeSource(w.Source, w.Path)
		if w.Via != "" {
			why = fmt.Sprintf("%s=%t in %s", w.Source, *w.Value, describeSource(w.Via, w.Path))
		}
		if w.Line > 0 {
			why += fmt.Sprintf(" line %d", w.Line)
		}
		why += fmt.Sprintf(" sets it to %t", *w.Value)
		if n := x.Winner; n > 0 {
			why += fmt.Sprintf(", which wins over %d earlier source", n)
			if n > 1 {
				why += "s"
			}
		}
	}
	s := fmt.Sprintf("%s is %s: %s", x.Gate, state, why)
	if !res.WouldStart && res.Stage != "help" && res.Stage != "version" {
		s += fmt.Sprintf(" (start-up stopped at stage %s", res.Stage)
		if x.refused() {
			s += fmt.Sprintf(" before the requested value %t took effect", *x.Requested)
		}
		s += ")"
	}
	for _, st := range x.Steps[x.Winner+1:] {
		if st.Effect == "deleted" {
			s += fmt.Sprintf("; %s deletes the value set before it", describeSource(st.Source, st.Path))
			break
		}
	}
	return s
}

// refused: start-up stopped before the requested value took effect.
func (x *Explanation) refused() bool { return x.Requested != nil && *x.Requested != x.Enabled }

func layerDetail(l traceLayer, gate string, v *bool) string {
	if v == nil {
		return fmt.Sprintf("%s: null deletes the key", describeSource(l.source, l.path))
	}
	switch l.source {
	case "flag":
		return fmt.Sprintf("--feature-gates=%s=%t, applied when the flags are parsed", gate, *v)
	case "flagPrecedence":
		return fmt.Sprintf("--feature-gates=%s=%t, applied again over the files: flags win", gate, *v)
	}
	return fmt.Sprintf("%s sets %s: %t", describeSource(l.source, l.path), gate, *v)
}

func describeSource(source, path string) string {
	switch source {
	case "flag", "flagPrecedence":
		return "--feature-gates"
	case "config":
		return "the config file " + path
	case "dropin":
		return "the drop-in " + path
	case "dynamic":
		return "the dynamic config checkpoint " + path
	}
	return source
}

func stageText(pre string) string {
	if pre == catalog.GA {
		return "GA"
	}
	return pre
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func lockText(s catalog.Spec) string {
	if s.LockToDefault {
		return ", locked"
	}
	return ""
}

// linesOf returns a line finder over origins.
func linesOf(origins map[string]origin) func(string) int {
	return func(k string) int { return origins[k].at.Line }
}
