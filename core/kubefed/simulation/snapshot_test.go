package simulation

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controllermanager"
)

// The FTC overlay says where "Running" is not the whole story, and the diff
// ignores server-set fields and the core group's "/v1".
func TestExplainAndDiff(t *testing.T) {
	s, err := New(Options{Gates: controllermanager.DefaultGates()})
	require.NoError(t, err)
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "old", MissingAPIs: []string{"configmaps"}}))
	s.ApplyObject(ftcObject("Namespace", "namespaces", "", "v1", "Cluster"), "")
	s.ApplyObject(ftcObject("ConfigMap", "configmaps", "", "v1", "Namespaced"), "")
	var explain []string
	for _, f := range s.Snapshot().FTCs {
		if f.Name == "configmaps" {
			explain = f.Explain
		}
	}
	require.Equal(t, []string{"Running, but member cluster old does not serve v1 ConfigMap"}, explain)

	s.Restart()
	s.Manager.Stop()
	for _, f := range s.Snapshot().FTCs {
		require.True(t, strings.HasPrefix(f.Explain[0], "status says Running but no sync controller runs"), f.Explain)
	}

	d := Diff(map[string]any{"apiVersion": "/v1", "kind": "ConfigMap", "data": map[string]any{"a": "2"}},
		map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "data": map[string]any{"a": "1", "b": "x"}, "metadata": map[string]any{"uid": "u"}})
	require.Equal(t, []string{`+data.b="x"`, `~data.a: "2" -> "1"`}, d)
}

// A federated resource outlives its FTC (quirk Q5): the snapshot still lists
// it, and the placement overlay says that nothing acts on it.
func TestSnapshotKeepsResourcesOfDeletedFTC(t *testing.T) {
	s, err := New(Options{Gates: controllermanager.DefaultGates()})
	require.NoError(t, err)
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "c1"}))
	s.ApplyObject(ftcObject("Namespace", "namespaces", "", "v1", "Cluster"), "")
	s.ApplyObject(ftcObject("ConfigMap", "configmaps", "", "v1", "Namespaced"), "")
	s.ApplyObject(map[string]any{"apiVersion": "types.kubefed.io/v1beta1", "kind": "FederatedConfigMap",
		"metadata": map[string]any{"name": "cm", "namespace": "default"},
		"spec":     map[string]any{"template": map[string]any{"data": map[string]any{"a": "1"}}}}, "")
	s.Settle()
	_, err = s.Delete(ObjectRef{Kind: "FederatedTypeConfig", Namespace: "kube-federation-system", Name: "configmaps"})
	require.NoError(t, err)
	s.Settle()
	var found *FederatedView
	for _, f := range s.Snapshot().FederatedResources {
		if f.Kind == "FederatedConfigMap" {
			found = &f
		}
	}
	require.NotNil(t, found, "the FederatedConfigMap is gone from the snapshot")
	require.Equal(t, []string{"kubefed.io/sync-controller"}, found.Finalizers)
	require.Equal(t, []ClusterPlacement{{Cluster: "c1",
		Reason: "no FederatedTypeConfig in kube-federation-system federates FederatedConfigMap: no sync controller acts on it"}}, found.Placement)
}
