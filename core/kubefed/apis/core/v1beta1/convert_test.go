package v1beta1

import (
	"testing"

	"github.com/stretchr/testify/require"

	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// The direct reading and the JSON round trip agree: same FTC, or the same
// error (which then comes from the round trip).
func TestFTCFromObjectMatchesJSON(t *testing.T) {
	for _, y := range []string{
		"apiVersion: core.kubefed.io/v1beta1\nkind: FederatedTypeConfig\nmetadata: {name: deployments.apps, namespace: ns, generation: 3, finalizers: [a, b], labels: {x: y}, managedFields: [{}]}\n" +
			"spec: {targetType: {group: apps, version: v1, kind: Deployment, pluralName: deployments, scope: Namespaced}, propagation: Enabled,\n" +
			"  federatedType: {group: types.kubefed.io, version: v1beta1, kind: FederatedDeployment, pluralName: federateddeployments, scope: Namespaced},\n" +
			"  statusType: {kind: S}, statusCollection: Enabled}\nstatus: {observedGeneration: 2, propagationController: Running, statusController: NotRunning}\n",
		"metadata: {name: x}\nspec: {statusType: null, statusCollection: null}\nstatus: null\n",
		"metadata: {Name: x}\n",
		"spec: {targetType: {Kind: Deployment}}\n",
		"spec: {targetType: {kind: 1}}\n",
		"metadata: {generation: 1.5}\n",
		"metadata: {generation: 1e30}\n",
		"metadata: {labels: {a: 1}}\n",
		"metadata: {finalizers: [1]}\n",
		"spec: [1]\n",
		"status: {statusController: 3}\n",
	} {
		obj, _, err := u.DecodeObject(u.Document{Text: y, StartLine: 1})
		require.NoError(t, err, y)
		got, gotErr := FTCFromObject(obj)
		want, wantErr := ftcViaJSON(obj)
		if wantErr != nil {
			require.EqualError(t, gotErr, wantErr.Error(), y)
			continue
		}
		require.NoError(t, gotErr, y)
		require.Equal(t, want, got, y)
	}
}

func BenchmarkFTCFromObject(b *testing.B) { benchmarkFTC(b, FTCFromObject) }

func TestStatusToObject(t *testing.T) {
	nr := ControllerStatusNotRunning
	for _, st := range []*FederatedTypeConfigStatus{{}, {ObservedGeneration: 3, PropagationController: ControllerStatusRunning, StatusController: &nr}} {
		want, err := u.FromJSON(u.Marshal(st))
		require.NoError(t, err)
		require.Equal(t, want, any(st.ToObject()))
	}
}

func BenchmarkFTCViaJSON(b *testing.B) { benchmarkFTC(b, ftcViaJSON) }

func benchmarkFTC(b *testing.B, convert func(map[string]any) (*FederatedTypeConfig, error)) {
	obj, _, _ := u.DecodeObject(u.Document{Text: "apiVersion: core.kubefed.io/v1beta1\nkind: FederatedTypeConfig\nmetadata: {name: deployments.apps, namespace: ns, generation: 3, finalizers: [a]}\n" +
		"spec: {targetType: {group: apps, version: v1, kind: Deployment, pluralName: deployments, scope: Namespaced}, propagation: Enabled,\n" +
		"  federatedType: {group: types.kubefed.io, version: v1beta1, kind: FederatedDeployment, pluralName: federateddeployments, scope: Namespaced}}\n" +
		"status: {observedGeneration: 2, propagationController: Running, statusController: NotRunning}\n", StartLine: 1})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := convert(obj); err != nil {
			b.Fatal(err)
		}
	}
}
