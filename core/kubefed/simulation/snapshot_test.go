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
