package kubeletstart

import (
	"fmt"
	"sort"
	"strings"
)

// Upgrade is the same input evaluated on two releases and what changes.
type Upgrade struct {
	From    *Result  `json:"from"`
	To      *Result  `json:"to"`
	Changes []Change `json:"changes"`
	// Summary is one sentence about the verdicts.
	Summary string `json:"summary"`
}

// Change is one gate whose effect differs between the releases.
type Change struct {
	Name string `json:"name"`
	// Kinds: "removed" (the name is gone: unrecognized if still set),
	// "added" (new and enabled, or newly recognized), "locked" (newly
	// locked), "unlocked", "defaultFlipped", "stageChanged",
	// "valueChanged", "dependency" (a dependency is now violated),
	// "breaks" (this gate's setting stops the kubelet on the target).
	Kinds   []string   `json:"kinds"`
	Before  *GateBrief `json:"before,omitempty"`
	After   *GateBrief `json:"after,omitempty"`
	Message string     `json:"message"`
}

// GateBrief is a gate's state on one side of the upgrade.
type GateBrief struct {
	Stage   string `json:"stage"`
	Default bool   `json:"default"`
	Locked  bool   `json:"locked"`
	Enabled bool   `json:"enabled"`
	Source  string `json:"source"`
}

// Upgrade evaluates in on its release and on target and diffs the gates.
func (m *Model) Upgrade(in Input, target string) (*Upgrade, error) {
	from, err := m.Evaluate(in)
	if err != nil {
		return nil, err
	}
	in2 := in
	in2.Release = target
	to, err := m.Evaluate(in2)
	if err != nil {
		return nil, err
	}
	return Diff(from, to), nil
}

// Diff compares two evaluations of the same input.
func Diff(from, to *Result) *Upgrade {
	u := &Upgrade{From: from, To: to, Changes: []Change{}}
	before, after := indexGates(from), indexGates(to)
	sorted := make([]string, 0, len(before)+len(after))
	for n := range before {
		sorted = append(sorted, n)
	}
	for n := range after {
		if _, both := before[n]; !both {
			sorted = append(sorted, n)
		}
	}
	sort.Strings(sorted)
	// Gates whose (new) dependents now fail because of them.
	blocking := map[string][]string{}
	for _, g := range to.Gates {
		for _, p := range dependencyProblems(g.Problem) {
			for _, dep := range strings.Fields(p.deps) {
				blocking[dep] = append(blocking[dep], p.name)
			}
		}
	}
	for _, n := range sorted {
		c, ok := diffGate(n, before[n], after[n], to.Release)
		if deps := blocking[n]; len(deps) > 0 && after[n] != nil && after[n].Requested != nil {
			c.Kinds = append(c.Kinds, "dependency")
			msg := fmt.Sprintf("disabled, but %s now depend on it", strings.Join(deps, ", "))
			if c.Message != "" {
				msg = c.Message + "; " + msg
			}
			c.Message, ok = msg, true
		}
		if ok {
			u.Changes = append(u.Changes, c)
		}
	}
	switch {
	case from.WouldStart && to.WouldStart:
		u.Summary = fmt.Sprintf("the kubelet starts on %s and on %s", from.Release, to.Release)
	case from.WouldStart:
		u.Summary = fmt.Sprintf("the kubelet starts on %s but not on %s: %s", from.Release, to.Release, to.Error)
	case to.WouldStart:
		u.Summary = fmt.Sprintf("the kubelet does not start on %s but starts on %s", from.Release, to.Release)
	default:
		u.Summary = fmt.Sprintf("the kubelet starts on neither %s nor %s", from.Release, to.Release)
	}
	return u
}

func indexGates(r *Result) map[string]*GateState {
	m := make(map[string]*GateState, len(r.Gates))
	for i := range r.Gates {
		g := &r.Gates[i]
		if g.Stage == "UNKNOWN" {
			continue
		}
		m[g.Name] = g
	}
	// Requested but unknown names matter too: keep them as absent with a request.
	for i := range r.Gates {
		g := &r.Gates[i]
		if g.Stage == "UNKNOWN" {
			m[g.Name] = nil
		}
	}
	return m
}

func brief(g *GateState) *GateBrief {
	if g == nil {
		return nil
	}
	return &GateBrief{Stage: g.Stage, Default: g.Default, Locked: g.Locked, Enabled: g.Enabled, Source: g.Source}
}

func diffGate(name string, b, a *GateState, target string) (Change, bool) {
	c := Change{Name: name, Before: brief(b), After: brief(a)}
	requested := (b != nil && b.Requested != nil) || (a != nil && a.Requested != nil)
	var msgs []string
	switch {
	case b != nil && a == nil:
		if !requested {
			return c, false
		}
		c.Kinds = append(c.Kinds, "removed", "breaks")
		msgs = append(msgs, fmt.Sprintf("removed in %s: still set, so the kubelet fails with \"unrecognized feature gate: %s\"", target, name))
	case b == nil && a != nil:
		if !a.Enabled && !requested {
			return c, false
		}
		c.Kinds = append(c.Kinds, "added")
		if a.Enabled {
			msgs = append(msgs, fmt.Sprintf("new in %s and enabled (%s)", target, a.Stage))
		} else {
			msgs = append(msgs, fmt.Sprintf("recognized in %s (%s)", target, a.Stage))
		}
		if strings.Contains(a.Problem, "depends on") {
			c.Kinds = append(c.Kinds, "dependency")
			msgs = append(msgs, a.Problem)
		}
	case b == nil && a == nil:
		return c, false
	default:
		msgs = changedGate(&c, b, a, target, requested)
		if len(c.Kinds) == 0 {
			return c, false
		}
	}
	c.Message = strings.Join(msgs, "; ")
	return c, true
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// intended is the value the inputs ask for, or the effective one: after a
// failed start-up the gate still holds its old value, which says nothing.
func intended(g *GateState) bool {
	if g.Requested != nil {
		return *g.Requested
	}
	return g.Enabled
}

// changedGate is a gate both releases know: what changes about it, in
// c.Kinds, and the messages saying so.
func changedGate(c *Change, b, a *GateState, target string, requested bool) []string {
	var msgs []string
	if a.Locked && !b.Locked {
		c.Kinds = append(c.Kinds, "locked")
		msgs = append(msgs, fmt.Sprintf("locked to %t in %s", a.Default, target))
	}
	if b.Locked && !a.Locked {
		c.Kinds = append(c.Kinds, "unlocked")
	}
	if a.Default != b.Default {
		c.Kinds = append(c.Kinds, "defaultFlipped")
		msgs = append(msgs, fmt.Sprintf("default %t → %t", b.Default, a.Default))
	}
	if a.Stage != b.Stage && (requested || len(c.Kinds) > 0 || intended(a) != intended(b)) {
		c.Kinds = append(c.Kinds, "stageChanged")
		msgs = append(msgs, fmt.Sprintf("%s → %s", b.Stage, a.Stage))
	}
	if intended(a) != intended(b) {
		c.Kinds = append(c.Kinds, "valueChanged")
		msgs = append(msgs, fmt.Sprintf("enabled %t → %t", intended(b), intended(a)))
	}
	if a.Problem != "" && strings.Contains(a.Problem, "depends on") && b.Problem == "" {
		c.Kinds = append(c.Kinds, "dependency")
		msgs = append(msgs, a.Problem)
	}
	if a.Problem != "" && b.Problem == "" && !contains(c.Kinds, "dependency") {
		c.Kinds = append(c.Kinds, "breaks")
		msgs = append(msgs, a.Problem)
	}
	return msgs
}
