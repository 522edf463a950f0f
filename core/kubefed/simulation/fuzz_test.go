package simulation

import (
	"testing"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controllermanager"
)

// FuzzApply applies arbitrary YAML to a control plane with the chart's FTCs
// and two members, then settles: errors are fine, panics are not.
func FuzzApply(f *testing.F) {
	f.Add(`apiVersion: v1
kind: Namespace
metadata: {name: ns1}
---
apiVersion: types.kubefed.io/v1beta1
kind: FederatedNamespace
metadata: {name: ns1, namespace: ns1}
spec: {placement: {clusterSelector: {}}}
---
apiVersion: types.kubefed.io/v1beta1
kind: FederatedConfigMap
metadata: {name: cm, namespace: ns1}
spec:
  template: {data: {a: "1"}}
  placement: {clusters: [{name: c1}]}
  overrides: [{clusterName: c1, clusterOverrides: [{path: /data/a, value: "2"}]}]
`)
	f.Add("apiVersion: types.kubefed.io/v1beta1\nkind: FederatedDeployment\nmetadata: {name: d, namespace: ns1}\nspec: {template: {spec: {replicas: 3}}, placement: {clusterSelector: {matchLabels: {env: prod}}}}\n")
	f.Add("apiVersion: core.kubefed.io/v1beta1\nkind: FederatedTypeConfig\nmetadata: {name: configmaps, namespace: kube-federation-system}\nspec: {propagation: Disabled}\n")
	f.Add("apiVersion: scheduling.kubefed.io/v1alpha1\nkind: ReplicaSchedulingPreference\nmetadata: {name: d, namespace: ns1}\nspec: {targetKind: FederatedDeployment, totalReplicas: 7, clusters: {c1: {minReplicas: 2, maxReplicas: 3, weight: 1}, \"*\": {weight: 2}}}\n")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := New(Options{DefaultFTCs: true, Gates: controllermanager.DefaultGates()})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []ClusterSpec{{Name: "c1", Labels: map[string]string{"env": "prod"}}, {Name: "c2", Health: "notok"}} {
			if err := s.AddCluster(c); err != nil {
				t.Fatal(err)
			}
		}
		s.Settle()
		if _, err := s.Apply(text, ""); err == nil {
			s.Settle()
			_ = s.Snapshot()
		}
	})
}
