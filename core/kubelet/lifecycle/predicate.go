// Package lifecycle models the kubelet's pod admission
// (pkg/kubelet/lifecycle/predicate.go): the node OS checks and the
// scheduler's admission check (resources, node selector and affinity, node
// name, host ports) with untolerated NoExecute taints, in the order and
// with the texts of each release. Only the first failure is reported, as
// the reason and message of the rejection.
package lifecycle

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// Taint is a node taint.
type Taint struct {
	Key    string `json:"key"`
	Value  string `json:"value,omitempty"`
	Effect string `json:"effect"`
}

// Node is what admission knows about the node.
type Node struct {
	Name   string
	OS     string
	Labels map[string]string
	// Allocatable maps resource names to parsed values (millicores for cpu).
	Allocatable map[string]int64
	Taints      []Taint
}

// Usage is what a set of admitted pods holds: their number, the sums of
// their requests and their host ports. The kubelet keeps it up to date as
// pods join and leave, so admitting a batch of pods does not sum every
// admitted pod again for each new one (upstream builds the node info from
// the active pods for each admission: the same sums).
type Usage struct {
	pods  int64
	req   map[string]int64
	ports map[string]int
}

// NewUsage returns the usage of no pods.
func NewUsage() *Usage { return &Usage{req: map[string]int64{}, ports: map[string]int{}} }

// Add counts p.
func (u *Usage) Add(p *v1.Pod) { u.count(p, 1) }

// Remove stops counting p, which must be the object that was added.
func (u *Usage) Remove(p *v1.Pod) { u.count(p, -1) }

func (u *Usage) count(p *v1.Pod, sign int64) {
	u.pods += sign
	for k, v := range v1.Requests(p) {
		u.req[k] += sign * v
	}
	for _, port := range hostPorts(p) {
		u.ports[port] += int(sign)
	}
}

// hostPorts lists the protocol/port pairs a pod's containers bind on the
// host.
func hostPorts(p *v1.Pod) []string {
	var out []string
	for _, c := range p.Spec.Containers {
		for _, port := range c.Ports {
			if port.HostPort > 0 {
				proto := port.Protocol
				if proto == "" {
					proto = "TCP"
				}
				out = append(out, proto+"/"+strconv.Itoa(int(port.HostPort)))
			}
		}
	}
	return out
}

// AdmitResult is the admission verdict.
type AdmitResult struct {
	Admit   bool
	Reason  string
	Message string
}

// Admit decides whether pod may run next to the already admitted pods,
// whose usage is used (pod itself not counted), as the kubelet of rel does.
func Admit(rel release.Release, node *Node, pod *v1.Pod, used *Usage) AdmitResult {
	if node == nil {
		return AdmitResult{Reason: "InvalidNodeInfo", Message: "Kubelet cannot get node info."}
	}
	// The OS checks came after the scheduler's checks until 1.29.
	osFirst := rel.Has(release.AdmitOSFirst)
	if osFirst {
		if r, rejected := admitOS(rel, node, pod); rejected {
			return r
		}
	}
	if r, rejected := generalFilter(rel, node, pod, used); rejected {
		return r
	}
	if !osFirst {
		if r, rejected := admitOS(rel, node, pod); rejected {
			return r
		}
	}
	return AdmitResult{Admit: true}
}

// admitOS rejects a pod meant for another OS: by its kubernetes.io/os label
// (1.23) or its spec.os (1.24; the API server drops the field before).
func admitOS(rel release.Release, node *Node, pod *v1.Pod) (AdmitResult, bool) {
	if !rel.Has(release.AdmitOSLabel) {
		return AdmitResult{}, false
	}
	if os, ok := pod.Metadata.Labels["kubernetes.io/os"]; ok && os != node.OS {
		return AdmitResult{Reason: "PodOSSelectorNodeLabelDoesNotMatch", Message: "Failed to admit pod as the `kubernetes.io/os` label doesn't match node label"}, true
	}
	if rel.Has(release.AdmitOSField) && pod.Spec.OS != nil && pod.Spec.OS.Name != node.OS {
		return AdmitResult{Reason: "PodOSNotSupported", Message: "Failed to admit pod as the OS field doesn't match node OS"}, true
	}
	return AdmitResult{}, false
}

// generalFilter is the scheduler's admission check (resources, node
// affinity and selector, node name, host ports) and, from 1.24, untolerated
// NoExecute taints; the first failure is the one reported.
func generalFilter(rel release.Release, node *Node, pod *v1.Pod, used *Usage) (AdmitResult, bool) {
	if r, failed := fits(node, pod, used); failed {
		return AdmitResult{Reason: "OutOf" + r.name, Message: fmt.Sprintf("Node didn't have enough resource: %s, requested: %d, used: %d, capacity: %d", r.name, r.requested, r.used, r.capacity)}, true
	}
	predicate := func(name, desc string) (AdmitResult, bool) {
		if rel.Has(release.PredicateReasonInMessage) {
			return AdmitResult{Reason: name, Message: fmt.Sprintf("Predicate %s failed: %s", name, desc)}, true
		}
		return AdmitResult{Reason: name, Message: fmt.Sprintf("Predicate %s failed", name)}, true
	}
	if !matchesNode(pod, node) {
		return predicate("NodeAffinity", "node(s) didn't match Pod's node affinity/selector")
	}
	if pod.Spec.NodeName != "" && pod.Spec.NodeName != node.Name {
		return predicate("NodeName", "node(s) didn't match the requested node name")
	}
	if conflict(pod, used) {
		return predicate("NodePorts", "node(s) didn't have free ports for the requested pod ports")
	}
	if rel.Has(release.AdmitNoExecuteTaints) && untolerated(node.Taints, pod.Spec.Tolerations) {
		return predicate("TaintToleration", "node(s) had taints that the pod didn't tolerate")
	}
	return AdmitResult{}, false
}

type insufficient struct {
	name                      string
	requested, used, capacity int64
}

func fits(node *Node, pod *v1.Pod, used *Usage) (insufficient, bool) {
	if pods, ok := node.Allocatable["pods"]; ok && used.pods+1 > pods {
		return insufficient{"pods", 1, used.pods, pods}, true
	}
	req := v1.Requests(pod)
	order := []string{"cpu", "memory", "ephemeral-storage"}
	var scalar []string
	for k := range req {
		if k != "cpu" && k != "memory" && k != "ephemeral-storage" && k != "pods" {
			scalar = append(scalar, k)
		}
	}
	sort.Strings(scalar)
	for _, k := range append(order, scalar...) {
		r := req[k]
		if r <= 0 {
			continue
		}
		capacity := node.Allocatable[k]
		if r > capacity-used.req[k] {
			return insufficient{k, r, used.req[k], capacity}, true
		}
	}
	return insufficient{}, false
}

func matchesNode(pod *v1.Pod, node *Node) bool {
	for k, v := range pod.Spec.NodeSelector {
		if node.Labels[k] != v {
			return false
		}
	}
	a := pod.Spec.Affinity
	if a == nil || a.NodeAffinity == nil || a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution == nil {
		return true
	}
	terms := a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms
	for _, t := range terms {
		if termMatches(t, node) {
			return true
		}
	}
	return false
}

func termMatches(t v1.NodeSelectorTerm, node *Node) bool {
	if len(t.MatchExpressions) == 0 && len(t.MatchFields) == 0 {
		return false
	}
	for _, r := range t.MatchExpressions {
		if !requirementMatches(r, node.Labels) {
			return false
		}
	}
	for _, r := range t.MatchFields {
		if r.Key != "metadata.name" || !requirementMatches(v1.NodeSelectorRequirement{Key: "n", Operator: r.Operator, Values: r.Values}, map[string]string{"n": node.Name}) {
			return false
		}
	}
	return true
}

func requirementMatches(r v1.NodeSelectorRequirement, labels map[string]string) bool {
	v, has := labels[r.Key]
	switch r.Operator {
	case "In":
		for _, x := range r.Values {
			if has && v == x {
				return true
			}
		}
		return false
	case "NotIn":
		for _, x := range r.Values {
			if has && v == x {
				return false
			}
		}
		return true
	case "Exists":
		return has
	case "DoesNotExist":
		return !has
	case "Gt", "Lt":
		if !has || len(r.Values) != 1 {
			return false
		}
		a, err1 := strconv.ParseInt(v, 10, 64)
		b, err2 := strconv.ParseInt(r.Values[0], 10, 64)
		if err1 != nil || err2 != nil {
			return false
		}
		if r.Operator == "Gt" {
			return a > b
		}
		return a < b
	}
	return false
}

func conflict(pod *v1.Pod, used *Usage) bool {
	for _, port := range hostPorts(pod) {
		if used.ports[port] > 0 {
			return true
		}
	}
	return false
}

func untolerated(taints []Taint, tols []v1.Toleration) bool {
	for _, t := range taints {
		if t.Effect != "NoExecute" {
			continue
		}
		ok := false
		for _, tol := range tols {
			if tol.Effect != "" && tol.Effect != t.Effect {
				continue
			}
			switch tol.Operator {
			case "Exists":
				ok = ok || tol.Key == "" || tol.Key == t.Key
			default:
				ok = ok || (tol.Key == t.Key && tol.Value == t.Value)
			}
		}
		if !ok {
			return true
		}
	}
	return false
}
