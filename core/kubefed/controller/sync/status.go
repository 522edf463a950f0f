package sync

import (
	"sort"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// Per-cluster propagation statuses (pkg/controller/sync/status). The OK
// status is the empty string and is omitted from status.clusters.
const (
	ClusterPropagationOK   = ""
	WaitingForRemoval      = "WaitingForRemoval"
	ClusterNotReady        = "ClusterNotReady"
	CachedRetrievalFailed  = "CachedRetrievalFailed"
	ComputeResourceFailed  = "ComputeResourceFailed"
	ApplyOverridesFailed   = "ApplyOverridesFailed"
	CreationFailed         = "CreationFailed"
	UpdateFailed           = "UpdateFailed"
	DeletionFailed         = "DeletionFailed"
	LabelRemovalFailed     = "LabelRemovalFailed"
	RetrievalFailed        = "RetrievalFailed"
	AlreadyExists          = "AlreadyExists"
	FieldRetentionFailed   = "FieldRetentionFailed"
	VersionRetrievalFailed = "VersionRetrievalFailed"
	ClientRetrievalFailed  = "ClientRetrievalFailed"
	ManagedLabelFalse      = "ManagedLabelFalse"
	CreationTimedOut       = "CreationTimedOut"
	UpdateTimedOut         = "UpdateTimedOut"
	DeletionTimedOut       = "DeletionTimedOut"
	LabelRemovalTimedOut   = "LabelRemovalTimedOut"

	AggregateSuccess       = ""
	ClusterRetrievalFailed = "ClusterRetrievalFailed"
	ComputePlacementFailed = "ComputePlacementFailed"
	CheckClusters          = "CheckClusters"
	NamespaceNotFederated  = "NamespaceNotFederated"
)

// IsRecoverableError reports the statuses that make the sync controller
// retry with backoff (v0.8.1+); ClientRetrievalFailed only from v0.9.2.
func IsRecoverableError(s string, clientRetrievalRecoverable bool) bool {
	switch s {
	case CreationFailed, UpdateFailed, DeletionFailed, LabelRemovalFailed, RetrievalFailed,
		CreationTimedOut, UpdateTimedOut, DeletionTimedOut, LabelRemovalTimedOut:
		return true
	case ClientRetrievalFailed:
		return clientRetrievalRecoverable
	}
	return false
}

// collected is what a dispatch produced.
type collected struct {
	statusMap        map[string]string
	resourceStatus   map[string]any
	resourcesUpdated bool
}

// statusRules are the release-dependent parts of computing the status.
type statusRules struct {
	// rawCollection: remote statuses are collected for this type.
	rawCollection bool
	// needsRemoteStatus: updated member objects move lastUpdateTime only
	// when remote statuses were collected (v0.6.0+, PR #1292); before,
	// any update did.
	needsRemoteStatus bool
	// alwaysDiffer: v0.6.0 and v0.6.1 compared status.clusters with the
	// collected remote statuses even with the gate off, and a number read
	// back from the stored status never equalled a collected one (float64
	// against int64), so the clusters differed on every reconcile with any
	// cluster in them (fixed in v0.7.0, PR #1380).
	alwaysDiffer bool
}

func statusRulesFor(r release.Release, rawCollection bool) statusRules {
	return statusRules{rawCollection: rawCollection, needsRemoteStatus: r.Has(release.LastUpdateNeedsRemoteStatus),
		alwaysDiffer: r.Has(release.ClustersAlwaysDiffer)}
}

// setFederatedStatus computes fedObj's new status (GenericFederatedStatus.update)
// and reports whether it changed. fedObj is read only: when the status
// changes the result is a shallow copy of fedObj carrying a new status, so
// a steady-state reconcile decides "no update" without copying anything.
// status.clusters is sorted by name here; upstream's order is Go map order.
func setFederatedStatus(fedObj map[string]any, reason string, c collected, rules statusRules, now time.Time) (map[string]any, bool) {
	rawCollection := rules.rawCollection
	cur, _ := fedObj["status"].(map[string]any)
	gen := u.GetGeneration(fedObj)
	generationUpdated := u.NestedInt64(cur, "observedGeneration") != gen
	if reason == AggregateSuccess {
		for _, cl := range u.SortedKeys(c.statusMap) {
			if c.statusMap[cl] != ClusterPropagationOK || (rawCollection && c.resourceStatus[cl] == nil) {
				reason = CheckClusters
				break
			}
		}
	}
	clustersChanged := clustersDiffer(cur, c, rules)
	changesPropagated := clustersChanged || (len(c.statusMap) > 0 && c.resourcesUpdated && (!rules.needsRemoteStatus || len(c.resourceStatus) > 0))

	newStatus := "True"
	if reason != AggregateSuccess {
		newStatus = "False"
	}
	propIndex := -1
	var prop map[string]any
	for i, cd := range u.NestedSlice(cur, "conditions") {
		if m, ok := cd.(map[string]any); ok && m["type"] == "Propagation" {
			prop, propIndex = m, i
			break
		}
	}
	isNew := prop == nil
	oldReason, _ := prop["reason"].(string)
	transition := isNew || !(prop["status"] == newStatus && oldReason == reason)
	updateRequired := changesPropagated || transition
	if !generationUpdated && !updateRequired {
		return fedObj, false
	}

	st := u.DeepCopyMap(cur)
	if st == nil {
		st = map[string]any{}
	}
	if generationUpdated {
		if gen == 0 {
			delete(st, "observedGeneration")
		} else {
			st["observedGeneration"] = gen
		}
	}
	if clustersChanged {
		names := u.SortedKeys(c.statusMap)
		list := make([]any, 0, len(names))
		for _, n := range names {
			e := map[string]any{"name": n}
			if s := c.statusMap[n]; s != "" {
				e["status"] = s
			}
			if rs := c.resourceStatus[n]; rs != nil {
				e["remoteStatus"] = u.DeepCopy(rs)
			}
			list = append(list, e)
		}
		if len(list) == 0 {
			delete(st, "clusters")
		} else {
			st["clusters"] = list
		}
	}
	conds := u.NestedSlice(st, "conditions")
	if isNew {
		prop = map[string]any{"type": "Propagation"}
		conds = append(conds, prop)
	} else {
		prop = conds[propIndex].(map[string]any)
	}
	ts := now.UTC().Format(time.RFC3339)
	if transition {
		prop["lastTransitionTime"] = ts
		prop["status"] = newStatus
		if reason == "" {
			delete(prop, "reason")
		} else {
			prop["reason"] = reason
		}
	}
	if updateRequired {
		prop["lastUpdateTime"] = ts
	}
	st["conditions"] = conds
	out := make(map[string]any, len(fedObj)+1)
	for k, v := range fedObj {
		out[k] = v
	}
	out["status"] = st
	return out, true
}

func clustersDiffer(st map[string]any, c collected, rules statusRules) bool {
	cur := u.NestedSlice(st, "clusters")
	if len(cur) != len(c.statusMap) || ((rules.rawCollection || rules.alwaysDiffer) && len(cur) != len(c.resourceStatus)) {
		return true
	}
	for _, e := range cur {
		m, _ := e.(map[string]any)
		name, _ := m["name"].(string)
		s, _ := m["status"].(string)
		want, ok := c.statusMap[name]
		if !ok || want != s {
			return true
		}
		if !u.Equal(c.resourceStatus[name], m["remoteStatus"]) || (rules.alwaysDiffer && hasNumber(m["remoteStatus"])) {
			return true
		}
	}
	return false
}

func sortedClusterNames(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// hasNumber reports whether a JSON value holds a number anywhere.
func hasNumber(v any) bool {
	switch t := v.(type) {
	case int64, float64, int:
		return true
	case map[string]any:
		for _, e := range t {
			if hasNumber(e) {
				return true
			}
		}
	case []any:
		for _, e := range t {
			if hasNumber(e) {
				return true
			}
		}
	}
	return false
}
