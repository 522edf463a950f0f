package gates

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/core/featuregate/components"
	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
	"github.com/kubexplorer/kubexplorer/explorer"
)

// Component is a Kubernetes binary: "kubelet", "kube-apiserver",
// "kube-controller-manager", "kube-scheduler", "kube-proxy", "kubectl".
type Component = components.Component

// ComponentsRequest asks which components read gates in a release.
type ComponentsRequest struct {
	// Release is required: one of the releases method's.
	Release string `json:"release"`
	// Gates are the gates to look up; empty means every gate of the release.
	Gates []string `json:"gates,omitempty"`
}

// ComponentsReply says, for each gate, which components' code reads it.
type ComponentsReply struct {
	Release string `json:"release"`
	// Components lists every component the data covers, in display order.
	Components []Component `json:"components"`
	// Gates are in the order asked for, or sorted by name.
	Gates []GateReaders `json:"gates"`
}

// GateReaders is one gate and the components whose code reads it.
type GateReaders struct {
	Name string `json:"name"`
	// Stage ("ALPHA", "BETA", "GA", "DEPRECATED", "PRE-ALPHA"), Default
	// and Locked are the gate as a kubelet of the release registers it.
	Stage   string `json:"stage"`
	Default bool   `json:"default"`
	Locked  bool   `json:"locked"`
	// ReadBy is empty when the binaries accept the gate but no code reads
	// it: setting it changes nothing anywhere.
	ReadBy []Component `json:"readBy"`
}

const (
	// CodeNotReadByKubelet is a gate the kubelet's inputs set that no kubelet
	// code of the release reads: accepted, and silently without effect on the
	// node (core/featuregate/components).
	CodeNotReadByKubelet = "gates.notReadByKubelet"
)

// InputGates is the input of diagnostics about the gates of a request.
const InputGates = "gates"

// Components answers the gates.components method.
func Components(r ComponentsRequest) (ComponentsReply, error) {
	rel, cat, err := releaseCatalog(r.Release, InputRelease)
	if err != nil {
		return ComponentsReply{}, err
	}
	t, err := components.Load(rel)
	if err != nil {
		return ComponentsReply{}, explorer.NotFound("%v", err)
	}
	names := r.Gates
	if len(names) == 0 {
		names = t.Gates()
	}
	reply := ComponentsReply{Release: rel, Components: components.All, Gates: make([]GateReaders, 0, len(names))}
	for _, n := range names {
		g, ok := cat.Gate(n)
		s, known := t.Readers(n)
		if !ok || !known {
			return ComponentsReply{}, unknownGate(rel, n, InputGates)
		}
		at := g.SpecAt(rel)
		reply.Gates = append(reply.Gates, GateReaders{Name: n, Stage: stageName(at.PreRelease), Default: at.Default,
			Locked: at.LockToDefault, ReadBy: setList(s)})
	}
	return reply, nil
}

// releaseCatalog checks a release field and loads its catalog.
func releaseCatalog(release, input string) (string, *catalog.Release, error) {
	if release == "" {
		return "", nil, explorer.InvalidField(input, "%s is required", input)
	}
	minor, _, err := kubeletstart.NormalizeRelease(release)
	if err != nil {
		return "", nil, explorer.InvalidField(input, "%v", err)
	}
	cat, err := kubeletstart.Default.Catalog(minor)
	if err != nil {
		return "", nil, explorer.InvalidField(input, "%v", err)
	}
	return minor, cat, nil
}

// readers returns a function giving the components that read a gate in
// release: nil when the release has no component data or does not
// register the gate.
func readers(release string) func(gate string) []Component {
	t, err := components.Load(release)
	if err != nil {
		return func(string) []Component { return nil }
	}
	return func(gate string) []Component {
		s, ok := t.Readers(gate)
		if !ok {
			return nil
		}
		return setList(s)
	}
}

// setLists holds Set.List for every set, built on first use (the engine
// builds no table before it is asked something): replies share them (they
// are only read, by the JSON encoder).
var setLists = sync.OnceValue(func() *[1 << 6][]Component {
	var out [1 << 6][]Component
	for i := range out {
		out[i] = components.Set(i).List()
	}
	return &out
})

func setList(s components.Set) []Component {
	if l := setLists(); int(s) < len(l) {
		return l[s]
	}
	return s.List()
}

// unknownGate is the not_found error for a gate name the release does not
// register, with a suggestion: a name of the release that is spelt alike,
// or the releases that do register it.
func unknownGate(release, name, input string) *explorer.Error {
	msg := fmt.Sprintf("%s has no feature gate %q", release, name)
	if hint := gateHint(release, name); hint != "" {
		msg += " (" + hint + ")"
	}
	e := explorer.NotFound("%s", msg)
	e.Diagnostics = []explorer.Diagnostic{{Severity: explorer.SeverityError, Code: explorer.CodeRequestInvalid, Input: input, Message: msg}}
	return e
}

// gateHint suggests what the user may have meant by an unknown gate name.
func gateHint(release, name string) string {
	var in []string
	for _, r := range catalog.Releases() {
		if c, err := catalog.Load(r); err == nil {
			if _, ok := c.Gate(name); ok {
				in = append(in, r)
			}
		}
	}
	if len(in) > 0 {
		return fmt.Sprintf("it is a gate of %s", spanText(in))
	}
	c, err := catalog.Load(release)
	if err != nil {
		return ""
	}
	best, bestDist := "", 3
	for _, g := range c.Gates {
		if strings.EqualFold(g.Name, name) {
			return fmt.Sprintf("did you mean %s?", g.Name)
		}
		if d := distance(strings.ToLower(g.Name), strings.ToLower(name), bestDist); d < bestDist {
			best, bestDist = g.Name, d
		}
	}
	if best != "" {
		return fmt.Sprintf("did you mean %s?", best)
	}
	return ""
}

// spanText writes a sorted list of releases as ranges: "1.18–1.25, 1.27".
func spanText(rels []string) string {
	sort.Slice(rels, func(i, j int) bool { return catalog.CompareReleases(rels[i], rels[j]) < 0 })
	all := catalog.Releases()
	index := map[string]int{}
	for i, r := range all {
		index[r] = i
	}
	var parts []string
	for i := 0; i < len(rels); {
		j := i
		for j+1 < len(rels) && index[rels[j+1]] == index[rels[j]]+1 {
			j++
		}
		if i == j {
			parts = append(parts, rels[i])
		} else {
			parts = append(parts, rels[i]+"–"+rels[j])
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// distance is the Levenshtein distance of a and b, or limit when it is at
// least limit (the rows stop early).
func distance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit)
}

// stageName is a prerelease string as the explorer shows it: GA for
// upstream's "".
func stageName(pre string) string {
	if pre == catalog.GA {
		return "GA"
	}
	return pre
}
