package util

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

func TestBuildClusterConfig(t *testing.T) {
	host := store.New("host", sim.NewClock(sim.Epoch), store.BuiltinKinds())
	for _, o := range []map[string]any{
		{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "kf"}},
		{"apiVersion": "v1", "kind": "Secret", "metadata": map[string]any{"name": "good", "namespace": "kf"}, "data": map[string]any{"token": "dA=="}},
		{"apiVersion": "v1", "kind": "Secret", "metadata": map[string]any{"name": "empty", "namespace": "kf"}, "data": map[string]any{"token": ""}},
	} {
		_, err := host.Create(o)
		require.NoError(t, err)
	}
	cluster := func(endpoint, secret string) map[string]any {
		return map[string]any{"metadata": map[string]any{"name": "c1"},
			"spec": map[string]any{"apiEndpoint": endpoint, "secretRef": map[string]any{"name": secret}}}
	}
	for _, tc := range []struct {
		obj  map[string]any
		want string
	}{
		{cluster("https://c1", "good"), ""},
		{cluster("", "good"), "The api endpoint of cluster c1 is empty"},
		{cluster("https://c1", ""), "Cluster c1 does not have a secret name"},
		{cluster("https://c1", "gone"), `secrets "gone" not found`},
		{cluster("https://c1", "empty"), `The secret for cluster c1 is missing a non-empty value for "token"`},
	} {
		err := BuildClusterConfig(host, "kf", tc.obj)
		if tc.want == "" {
			require.NoError(t, err)
		} else {
			require.EqualError(t, err, tc.want)
		}
	}
}
