package sync

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// Decision is what one reconcile of a federated resource did in one member
// cluster, and why. Kubefed keeps no such record: it logs the clusters it
// ensures at V(4) and writes status.clusters only for problems. The model
// records the controller's own decisions as it makes them, so the explorer
// can answer "why is my resource (not) in cluster X" from what the
// controller did rather than by computing placement a second time.
type Decision struct {
	Cluster string `json:"cluster"`
	// Placed is true when the cluster is in the resource's placement after
	// the namespace rule.
	Placed bool `json:"placed"`
	// Why names the rule that decided: one of the Why constants.
	Why string `json:"why"`
	// Action is what the controller did in the cluster: one of the Action
	// constants.
	Action string `json:"action"`
	// Status is the propagation status recorded for the cluster (its entry
	// in status.clusters); empty for OK.
	Status string `json:"status,omitempty"`
	// Overrides are the paths of the cluster's entry in spec.overrides.
	Overrides []string `json:"overrides,omitempty"`
	// Detail says it in words.
	Detail string `json:"detail"`
}

// The rules a Decision names.
const (
	// WhyPlacement: spec.placement of the resource (its clusters list, or
	// its clusterSelector when it has no list) decided.
	WhyPlacement = "placement"
	// WhyNamespace: the resource's placement selects the cluster, but a
	// namespaced resource goes only where its namespace's
	// FederatedNamespace is placed (and nowhere without one, in a
	// cluster-scoped control plane).
	WhyNamespace = "namespace"
	// WhyNotReady: the cluster is not ready; the controller skips it.
	WhyNotReady = "notReady"
	// WhyCache: the cluster's cached object could not be read.
	WhyCache = "cache"
	// WhyPlacementError: spec.placement could not be read.
	WhyPlacementError = "placementError"
)

// The actions a Decision names.
const (
	ActionCreate             = "create"
	ActionUpdate             = "update"
	ActionNone               = "none" // the member object is up to date
	ActionDelete             = "delete"
	ActionRemoveManagedLabel = "removeManagedLabel"
	ActionWaitForRemoval     = "waitForRemoval"
	ActionSkip               = "skip" // nothing done in the cluster
)

// Reconcile is the last reconcile of one federated resource.
type Reconcile struct {
	At         time.Time  `json:"-"`
	Generation int64      `json:"generation"`
	Deleting   bool       `json:"deleting,omitempty"`
	Clusters   []Decision `json:"clusters"`
}

// LastReconcile returns what the last reconcile of the federated resource
// namespace/name decided, or nil when the controller has not reconciled it.
func (s *KubeFedSyncController) LastReconcile(namespace, name string) *Reconcile {
	return s.reconciled[util.QualifiedName{Namespace: namespace, Name: name}.String()]
}

func (s *KubeFedSyncController) record(r *FederatedResource, rec *Reconcile) {
	rec.At = s.cfg.Host.Clock().Now()
	rec.Generation = u.GetGeneration(r.obj)
	if s.reconciled == nil {
		s.reconciled = map[string]*Reconcile{}
	}
	s.reconciled[r.federatedName.String()] = rec
}

// placementReasons says, for each cluster the resource's placement leaves
// out, which rule left it out, in the words of Decision.Detail; clusters in
// the placement have no entry. It reads what ComputePlacement reads: the
// resource's spec.placement and, for a namespaced type, the cached
// FederatedNamespace.
func (r *FederatedResource) placementReasons(clusters []util.Cluster, selected map[string]bool) map[string]string {
	p := r.s.cfg.Placer()
	own, err := p.ComputePlacement(r.obj, clusters)
	if err != nil {
		return nil
	}
	d, _ := p.GetPlacementDirective(r.obj)
	var nsOwn map[string]bool
	if r.fedNamespace != nil {
		nsOwn, _ = p.ComputePlacement(r.fedNamespace, clusters)
	}
	ns := r.federatedName.Namespace
	out := map[string]string{}
	for _, c := range clusters {
		switch {
		case selected[c.Name]:
		case !own[c.Name] && d != nil && d.HasClusters && !p.SelectorOnly:
			out[c.Name] = WhyPlacement + ": not in spec.placement.clusters"
		case !own[c.Name] && d != nil && !d.SelectorGiven:
			out[c.Name] = WhyPlacement + ": spec.placement has neither clusters nor a clusterSelector, so it selects no cluster"
		case !own[c.Name]:
			out[c.Name] = WhyPlacement + ": spec.placement.clusterSelector does not match the cluster's labels"
		case r.fedNamespace == nil:
			out[c.Name] = WhyNamespace + fmt.Sprintf(": namespace %q is not federated (no FederatedNamespace %s/%s), so a namespaced resource in it goes nowhere", ns, ns, ns)
		case !nsOwn[c.Name]:
			out[c.Name] = WhyNamespace + fmt.Sprintf(": the placement of FederatedNamespace %s/%s does not select the cluster", ns, ns)
		default:
			out[c.Name] = WhyPlacement + ": not selected"
		}
	}
	return out
}

// decide turns one cluster's part of a reconcile into a Decision.
func (d *dispatcher) decide(c util.Cluster, selected bool, notPlaced map[string]string, action string) Decision {
	x := Decision{Cluster: c.Name, Placed: selected, Why: WhyPlacement, Action: action, Status: d.c.statusMap[c.Name]}
	if ov, err := d.r.overridesForCluster(c.Name); err == nil {
		for _, o := range ov {
			x.Overrides = append(x.Overrides, o.Path)
		}
	}
	if why, ok := notPlaced[c.Name]; ok {
		x.Why, x.Detail, _ = strings.Cut(why, ": ")
		x.Detail = "not placed: " + x.Detail
	} else if selected {
		x.Detail = "placed"
	}
	switch {
	case !c.Ready && selected:
		x.Why, x.Detail = WhyNotReady, "placed, but the cluster is not ready: the controller skips it (status ClusterNotReady) until it is"
		return x
	case !c.Ready:
		x.Detail += "; the cluster is not ready, so whatever it holds stays as it is"
		return x
	case x.Status == CachedRetrievalFailed:
		x.Why, x.Detail = WhyCache, "the cluster's cached copy could not be read"
		return x
	}
	switch action {
	case ActionCreate:
		x.Detail += "; not in the cluster, so the controller creates it"
	case ActionUpdate:
		x.Detail += "; the cluster's copy differs from the template and overrides, so the controller updates it"
	case ActionNone:
		x.Detail += "; the cluster's copy is up to date"
	case ActionDelete:
		x.Detail += "; the controller deletes the cluster's copy"
	case ActionRemoveManagedLabel:
		x.Detail += "; the cluster's namespace is the host's own, so the controller only removes the managed label"
	case ActionWaitForRemoval:
		x.Detail += "; the cluster's copy is being deleted"
	case ActionSkip:
		if !selected {
			x.Detail += "; the cluster holds no copy"
		}
	}
	if len(x.Overrides) > 0 && selected {
		x.Detail += "; overrides: " + strings.Join(x.Overrides, ", ")
	}
	if x.Status != "" {
		x.Detail += "; status " + x.Status
	}
	return x
}
