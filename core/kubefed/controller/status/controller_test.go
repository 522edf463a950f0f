package status_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controllermanager"
	"github.com/kubexplorer/kubexplorer/core/kubefed/simulation"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

const setup = `apiVersion: core.kubefed.io/v1beta1
kind: FederatedTypeConfig
metadata: {name: namespaces, namespace: kube-federation-system}
spec:
  targetType: {version: v1, kind: Namespace, pluralName: namespaces, scope: Cluster}
  propagation: Enabled
  federatedType: {group: types.kubefed.io, version: v1beta1, kind: FederatedNamespace, pluralName: federatednamespaces, scope: Namespaced}
---
apiVersion: core.kubefed.io/v1beta1
kind: FederatedTypeConfig
metadata: {name: services, namespace: kube-federation-system}
spec:
  targetType: {version: v1, kind: Service, pluralName: services, scope: Namespaced}
  propagation: Enabled
  federatedType: {group: types.kubefed.io, version: v1beta1, kind: FederatedService, pluralName: federatedservices, scope: Namespaced}
  statusCollection: Enabled
  statusType: {group: core.kubefed.io, version: v1alpha1, kind: FederatedServiceStatus, pluralName: federatedservicestatuses, scope: Namespaced}
---
apiVersion: v1
kind: Namespace
metadata: {name: ns1}
---
apiVersion: types.kubefed.io/v1beta1
kind: FederatedNamespace
metadata: {name: ns1, namespace: ns1}
spec: {placement: {clusterSelector: {}}}
---
apiVersion: types.kubefed.io/v1beta1
kind: FederatedService
metadata: {name: web, namespace: ns1}
spec:
  template: {spec: {type: LoadBalancer, ports: [{port: 80}]}}
  placement: {clusters: [{name: c1}, {name: c2}]}
`

func apply(t *testing.T, s *simulation.Simulation, text, cluster string) {
	t.Helper()
	res, err := s.Apply(text, cluster)
	require.NoError(t, err)
	for _, r := range res {
		require.Empty(t, r.Error, r.Message)
	}
	s.Settle()
}

// clusterStatus is the FederatedServiceStatus of ns1/web.
func clusterStatus(t *testing.T, s *simulation.Simulation) []any {
	t.Helper()
	o := s.Host.Peek("core.kubefed.io", "FederatedServiceStatus", "ns1", "web")
	require.NotNil(t, o, "no FederatedServiceStatus")
	require.Equal(t, "core.kubefed.io/v1alpha1", o["apiVersion"])
	return u.NestedSlice(o, "clusterStatus")
}

// The status controller keeps one FederatedServiceStatus per
// FederatedService: each ready member's Service .status, sorted by cluster
// name ({} where a Service has none); a cluster that is not ready drops out.
func TestFederatedServiceStatus(t *testing.T) {
	s, err := simulation.New(simulation.Options{Version: "v0.10.0", Gates: controllermanager.DefaultGates()})
	require.NoError(t, err)
	require.NoError(t, s.AddCluster(simulation.ClusterSpec{Name: "c2"}))
	require.NoError(t, s.AddCluster(simulation.ClusterSpec{Name: "c1"}))
	apply(t, s, setup, "")
	lb := map[string]any{"loadBalancer": map[string]any{}}
	require.Equal(t, []any{
		map[string]any{"clusterName": "c1", "status": lb},
		map[string]any{"clusterName": "c2", "status": lb},
	}, clusterStatus(t, s))

	// A member's status change is collected.
	c2, ok := s.MemberStore("c2")
	require.True(t, ok)
	setStatus := func(st any) {
		t.Helper()
		svc, err := c2.Get("", "Service", "ns1", "web")
		require.NoError(t, err)
		svc["status"] = st
		if st == nil {
			delete(svc, "status")
		}
		_, err = c2.UpdateStatus(svc)
		require.NoError(t, err)
	}
	setStatus(map[string]any{"loadBalancer": map[string]any{"ingress": []any{map[string]any{"ip": "1.2.3.4"}}}})
	s.Settle()
	require.Equal(t, map[string]any{"clusterName": "c2", "status": map[string]any{
		"loadBalancer": map[string]any{"ingress": []any{map[string]any{"ip": "1.2.3.4"}}}}}, clusterStatus(t, s)[1])

	// A Service without status reports {}.
	setStatus(nil)
	s.Settle()
	require.Equal(t, map[string]any{"clusterName": "c2", "status": map[string]any{}}, clusterStatus(t, s)[1])

	// An unready cluster drops out at the next reconcile.
	require.NoError(t, s.SetClusterHealth("c2", "notok"))
	s.Advance(5 * time.Minute)
	apply(t, s, "apiVersion: types.kubefed.io/v1beta1\nkind: FederatedService\nmetadata: {name: web, namespace: ns1}\nspec:\n  template: {spec: {type: LoadBalancer, ports: [{port: 81}]}}\n  placement: {clusters: [{name: c1}, {name: c2}]}\n", "")
	require.Equal(t, []any{map[string]any{"clusterName": "c1", "status": lb}}, clusterStatus(t, s))
}
