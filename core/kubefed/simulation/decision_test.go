package simulation

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/sync"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controllermanager"
)

// decisionsFor returns the sync controller's decisions for the federated
// resource name, by cluster.
func decisionsFor(t *testing.T, s *Simulation, name string) map[string]sync.Decision {
	t.Helper()
	for _, f := range s.Snapshot().FederatedResources {
		if f.Name != name {
			continue
		}
		require.NotNil(t, f.Reconciled, "%s was never reconciled", name)
		out := map[string]sync.Decision{}
		for _, p := range f.Placement {
			if p.Sync != nil {
				out[p.Cluster] = *p.Sync
			}
		}
		return out
	}
	t.Fatalf("no federated resource %s", name)
	return nil
}

func federatedConfigMap(ns, name string, placement, overrides any) map[string]any {
	spec := map[string]any{"template": map[string]any{"data": map[string]any{"a": "1"}}, "placement": placement}
	if overrides != nil {
		spec["overrides"] = overrides
	}
	return map[string]any{"apiVersion": "types.kubefed.io/v1beta1", "kind": "FederatedConfigMap",
		"metadata": map[string]any{"name": name, "namespace": ns}, "spec": spec}
}

func federatedNamespace(name string, placement any) map[string]any {
	return map[string]any{"apiVersion": "types.kubefed.io/v1beta1", "kind": "FederatedNamespace",
		"metadata": map[string]any{"name": name, "namespace": name}, "spec": map[string]any{"placement": placement}}
}

// The sync controller records, per cluster, what it did and which rule
// decided: the resource's placement, the namespace rule, a cluster that is
// not ready, and the overrides it applied.
func TestSyncDecisions(t *testing.T) {
	s, err := New(Options{Gates: controllermanager.DefaultGates()})
	require.NoError(t, err)
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "c1", Labels: map[string]string{"env": "prod"}}))
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "c2", Labels: map[string]string{"env": "dev"}}))
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "c3", Labels: map[string]string{"env": "prod"}, Health: "notok"}))
	s.ApplyObject(ftcObject("Namespace", "namespaces", "", "v1", "Cluster"), "")
	s.ApplyObject(ftcObject("ConfigMap", "configmaps", "", "v1", "Namespaced"), "")
	s.ApplyObject(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "ns1"}}, "")
	s.ApplyObject(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "ns2"}}, "")
	// ns1 is federated to c1 and c3 only; ns2 is not federated.
	s.ApplyObject(federatedNamespace("ns1", map[string]any{"clusters": []any{map[string]any{"name": "c1"}, map[string]any{"name": "c3"}}}), "")
	selectAll := map[string]any{"clusterSelector": map[string]any{}}
	prod := map[string]any{"clusterSelector": map[string]any{"matchLabels": map[string]any{"env": "prod"}}}
	s.ApplyObject(federatedConfigMap("ns1", "all", selectAll, []any{map[string]any{"clusterName": "c1",
		"clusterOverrides": []any{map[string]any{"path": "/data/a", "value": "2"}}}}), "")
	s.ApplyObject(federatedConfigMap("ns1", "prod", prod, nil), "")
	s.ApplyObject(federatedConfigMap("ns1", "listed", map[string]any{"clusters": []any{map[string]any{"name": "c2"}}}, nil), "")
	s.ApplyObject(federatedConfigMap("ns2", "orphan", selectAll, nil), "")
	s.Settle()

	type want struct {
		placed              bool
		why, action, status string
		overrides           []string
	}
	for _, tt := range []struct {
		resource string
		clusters map[string]want
	}{
		{"all", map[string]want{
			"c1": {placed: true, why: sync.WhyPlacement, action: sync.ActionNone, overrides: []string{"/data/a"}},
			"c2": {why: sync.WhyNamespace, action: sync.ActionSkip},
			"c3": {placed: true, why: sync.WhyNotReady, action: sync.ActionSkip, status: sync.ClusterNotReady},
		}},
		{"prod", map[string]want{
			"c1": {placed: true, why: sync.WhyPlacement, action: sync.ActionNone},
			"c2": {why: sync.WhyPlacement, action: sync.ActionSkip},
			"c3": {placed: true, why: sync.WhyNotReady, action: sync.ActionSkip, status: sync.ClusterNotReady},
		}},
		{"listed", map[string]want{
			"c1": {why: sync.WhyPlacement, action: sync.ActionSkip},
			"c2": {why: sync.WhyNamespace, action: sync.ActionSkip},
			"c3": {why: sync.WhyPlacement, action: sync.ActionSkip},
		}},
		{"orphan", map[string]want{
			"c1": {why: sync.WhyNamespace, action: sync.ActionSkip},
			"c2": {why: sync.WhyNamespace, action: sync.ActionSkip},
			"c3": {why: sync.WhyNamespace, action: sync.ActionSkip},
		}},
	} {
		got := decisionsFor(t, s, tt.resource)
		for cluster, w := range tt.clusters {
			d, ok := got[cluster]
			require.True(t, ok, "%s: no decision for %s", tt.resource, cluster)
			require.Equal(t, w, want{d.Placed, d.Why, d.Action, d.Status, d.Overrides}, "%s in %s: %s", tt.resource, cluster, d.Detail)
			require.NotEmpty(t, d.Detail)
		}
	}
	// A changed template: the controller updates c1's copy; its last
	// reconcile (the one the update's own watch event started) finds it up
	// to date.
	obj := federatedConfigMap("ns1", "prod", prod, nil)
	obj["spec"].(map[string]any)["template"] = map[string]any{"data": map[string]any{"a": "changed"}}
	s.ApplyObject(obj, "")
	s.Settle()
	d := decisionsFor(t, s, "prod")["c1"]
	require.Equal(t, sync.ActionNone, d.Action)
	require.Contains(t, d.Detail, "up to date")
	for _, f := range s.Snapshot().FederatedResources {
		if f.Name == "prod" {
			require.Equal(t, "changed", f.Placement[0].Actual["data"].(map[string]any)["a"])
		}
	}
}
