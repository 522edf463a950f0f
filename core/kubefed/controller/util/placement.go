package util

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1/validation"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// Selector is a parsed metav1.LabelSelector.
type Selector struct {
	nothing      bool
	requirements []requirement
}

type requirement struct {
	key    string
	op     string
	values []string
}

// Matches reports whether labels satisfy the selector.
func (s *Selector) Matches(labels map[string]string) bool {
	if s == nil || s.nothing {
		return false
	}
	for _, r := range s.requirements {
		v, has := labels[r.key]
		switch r.op {
		case "In":
			if !has || !contains(r.values, v) {
				return false
			}
		case "NotIn":
			if has && contains(r.values, v) {
				return false
			}
		case "Exists":
			if !has {
				return false
			}
		case "DoesNotExist":
			if has {
				return false
			}
		}
	}
	return true
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// Placer computes placement as a release does: the release decides the
// wording of label-selector errors. SelectorOnly ignores
// spec.placement.clusters (the RSP intersection, v0.8.0+).
type Placer struct {
	Release      release.Release
	SelectorOnly bool
}

// LabelSelectorAsSelector follows apimachinery's: nil selects nothing, an
// empty selector selects everything; matchLabels keys are taken in sorted
// order (upstream iterates a Go map, so with several invalid keys the
// reported one is random there).
func (p Placer) LabelSelectorAsSelector(sel map[string]any, present bool) (*Selector, error) {
	if !present || sel == nil {
		return &Selector{nothing: true}, nil
	}
	ml := u.NestedMap(sel, "matchLabels")
	me := u.NestedSlice(sel, "matchExpressions")
	if len(ml)+len(me) == 0 {
		return &Selector{}, nil
	}
	s := &Selector{}
	for _, k := range u.SortedKeys(ml) {
		v, _ := ml[k].(string)
		r, err := p.newRequirement(k, "=", []string{v})
		if err != nil {
			return nil, err
		}
		s.requirements = append(s.requirements, r)
	}
	for _, e := range me {
		em, _ := e.(map[string]any)
		key, _ := em["key"].(string)
		op, _ := em["operator"].(string)
		var vals []string
		for _, v := range u.NestedSlice(em, "values") {
			str, _ := v.(string)
			vals = append(vals, str)
		}
		switch op {
		case "In", "NotIn", "Exists", "DoesNotExist":
		default:
			return nil, fmt.Errorf("%q is not a valid pod selector operator", op)
		}
		r, err := p.newRequirement(key, op, vals)
		if err != nil {
			return nil, err
		}
		s.requirements = append(s.requirements, r)
	}
	return s, nil
}

// newRequirement is labels.NewRequirement. apimachinery 0.21 (kubefed
// v0.8.0) collects field errors for the key and every value; before, the
// first problem was returned in plain words.
func (p Placer) newRequirement(key, op string, vals []string) (requirement, error) {
	names := validation.NamesFor(p.Release)
	if !p.Release.Has(release.SelectorFieldErrors) {
		return oldRequirement(names, key, op, vals)
	}
	var errs validation.ErrorList
	if msgs := names.IsQualifiedName(key); len(msgs) > 0 {
		errs = append(errs, validation.Invalid("key", key, strings.Join(msgs, "; ")))
	}
	// apimachinery passes append([]string(nil), values...): no values is a
	// nil slice, which the error prints as []string(nil).
	switch op {
	case "In", "NotIn":
		if len(vals) == 0 {
			errs = append(errs, validation.Invalid("values", vals, "for 'in', 'notin' operators, values set can't be empty"))
		}
	case "=":
		if len(vals) != 1 {
			errs = append(errs, validation.Invalid("values", vals, "exact-match compatibility requires one single value"))
		}
	case "Exists", "DoesNotExist":
		if len(vals) != 0 {
			errs = append(errs, validation.Invalid("values", vals, "values set must be empty for exists and does not exist"))
		}
	}
	for i, v := range vals {
		if msgs := validation.IsValidLabelValue(v); len(msgs) > 0 {
			errs = append(errs, validation.Invalid(fmt.Sprintf("values[%d][%s]", i, key), v, strings.Join(msgs, "; ")))
		}
	}
	if len(errs) > 0 {
		return requirement{}, fmt.Errorf("%s", errs.Aggregate())
	}
	if op == "=" {
		op = "In"
	}
	return requirement{key: key, op: op, values: vals}, nil
}

func oldRequirement(names validation.Names, key, op string, vals []string) (requirement, error) {
	if msgs := names.IsQualifiedName(key); len(msgs) > 0 {
		return requirement{}, fmt.Errorf("invalid label key %q: %s", key, strings.Join(msgs, "; "))
	}
	switch {
	case (op == "In" || op == "NotIn") && len(vals) == 0:
		return requirement{}, fmt.Errorf("for 'in', 'notin' operators, values set can't be empty")
	case op == "=" && len(vals) != 1:
		return requirement{}, fmt.Errorf("exact-match compatibility requires one single value")
	case (op == "Exists" || op == "DoesNotExist") && len(vals) != 0:
		return requirement{}, fmt.Errorf("values set must be empty for exists and does not exist")
	}
	for _, v := range vals {
		if msgs := validation.IsValidLabelValue(v); len(msgs) > 0 {
			return requirement{}, fmt.Errorf("invalid label value: %q: at key: %q: %s", v, key, strings.Join(msgs, "; "))
		}
	}
	if op == "=" {
		op = "In"
	}
	return requirement{key: key, op: op, values: vals}, nil
}

// Cluster is what placement needs to know about a KubeFedCluster.
type Cluster struct {
	Name   string
	Labels map[string]string
	Ready  bool
	Object map[string]any
}

// PlacementDirective is spec.placement parsed (util.GetPlacementDirective).
type PlacementDirective struct {
	ClusterNames  []string // nil when spec.placement.clusters is absent
	HasClusters   bool
	Selector      *Selector
	SelectorGiven bool
}

// GetPlacementDirective reads spec.placement of a federated resource.
func (p Placer) GetPlacementDirective(obj map[string]any) (*PlacementDirective, error) {
	pl := u.NestedMap(obj, "spec", "placement")
	d := &PlacementDirective{}
	if raw, ok := pl["clusters"]; ok && raw != nil {
		d.HasClusters = true
		d.ClusterNames = []string{}
		for _, c := range u.NestedSlice(pl, "clusters") {
			cm, _ := c.(map[string]any)
			if n, ok := cm["name"].(string); ok {
				d.ClusterNames = append(d.ClusterNames, n)
			}
		}
	}
	rawSel, present := pl["clusterSelector"]
	selMap, _ := rawSel.(map[string]any)
	if present && rawSel == nil {
		present = false
	}
	d.SelectorGiven = present
	sel, err := p.LabelSelectorAsSelector(selMap, present)
	if err != nil {
		return nil, err
	}
	d.Selector = sel
	return d, nil
}

// ComputePlacement applies the precedence rule (a clusters list, even an
// empty one, wins and the selector is ignored; otherwise the selector picks
// clusters by KubeFedCluster labels) and intersects the selection with the
// existing clusters (ready or not); unknown names are dropped silently.
func (p Placer) ComputePlacement(obj map[string]any, clusters []Cluster) (map[string]bool, error) {
	d, err := p.GetPlacementDirective(obj)
	if err != nil {
		return nil, err
	}
	if p.SelectorOnly || !d.HasClusters {
		// The selector only ever picks existing clusters.
		out := make(map[string]bool, len(clusters))
		for _, c := range clusters {
			if d.Selector.Matches(c.Labels) {
				out[c.Name] = true
			}
		}
		return out, nil
	}
	sel := make(map[string]bool, len(d.ClusterNames))
	for _, n := range d.ClusterNames {
		sel[n] = true
	}
	out := map[string]bool{}
	for _, c := range clusters {
		if sel[c.Name] {
			out[c.Name] = true
		}
	}
	return out, nil
}

// ComputeNamespacedPlacement intersects a namespaced resource's placement
// with its FederatedNamespace's. Without a FederatedNamespace the result is
// empty in a cluster-scoped control plane and the resource's own placement in
// a namespaced one.
func (p Placer) ComputeNamespacedPlacement(obj, fedNamespace map[string]any, clusters []Cluster, limitedScope bool) (map[string]bool, error) {
	names, err := p.ComputePlacement(obj, clusters)
	if err != nil {
		return nil, err
	}
	if fedNamespace == nil {
		if limitedScope {
			return names, nil
		}
		return map[string]bool{}, nil
	}
	nsNames, err := p.ComputePlacement(fedNamespace, clusters)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for n := range names {
		if nsNames[n] {
			out[n] = true
		}
	}
	return out, nil
}

// SortedSet lists a set's members in order.
func SortedSet(s map[string]bool) []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// SortedUnique is sets.NewString(s...).List(): the members of s, sorted,
// each once.
func SortedUnique(s []string) []string {
	set := make(map[string]bool, len(s))
	for _, v := range s {
		set[v] = true
	}
	return SortedSet(set)
}
