package util

import (
	"testing"

	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// FuzzFederatedResource decodes arbitrary YAML as a federated resource and
// computes its placement and overrides for three clusters: errors are fine,
// panics are not.
func FuzzFederatedResource(f *testing.F) {
	f.Add(`apiVersion: types.kubefed.io/v1beta1
kind: FederatedConfigMap
metadata: {name: cm, namespace: ns1}
spec:
  template: {metadata: {labels: {app: x}}, data: {a: "1"}}
  placement:
    clusters: [{name: c1}, {name: c3}]
    clusterSelector: {matchLabels: {env: prod}, matchExpressions: [{key: env, operator: In, values: [prod]}]}
  overrides:
    - clusterName: c1
      clusterOverrides: [{path: /data/a, value: "2"}, {op: remove, path: /metadata/labels/app}]
`)
	f.Add("spec: {placement: {clusterSelector: {}}, overrides: [{clusterName: c1, clusterOverrides: [{path: /metadata/name}]}]}\n")
	f.Add("spec: {placement: {clusters: []}, overrides: 3}\n")
	f.Add("spec: {placement: {clusterSelector: {matchExpressions: [{key: a, operator: Exists, values: [x]}]}}}\n")
	clusters := []Cluster{{Name: "c1", Labels: map[string]string{"env": "prod"}}, {Name: "c2"}, {Name: "c3", Labels: map[string]string{"env": "dev"}}}
	f.Fuzz(func(t *testing.T, text string) {
		for _, d := range u.SplitDocuments(text) {
			obj, _, err := u.DecodeObject(d)
			if err != nil {
				continue
			}
			for _, p := range []Placer{{}, {Release: release.MustParse("v0.3.0")}, {SelectorOnly: true}} {
				_, _ = p.GetPlacementDirective(obj)
				_, _ = p.ComputePlacement(obj, clusters)
				_, _ = p.ComputeNamespacedPlacement(obj, obj, clusters, false)
			}
			if om, err := GetOverrides(obj); err == nil {
				for _, ovs := range om {
					_, _ = ApplyJSONPatch(u.DeepCopyMap(obj), ovs)
					_, _ = Patcher{Release: release.MustParse("v0.3.0")}.ApplyJSONPatch(u.DeepCopyMap(obj), ovs)
				}
			}
		}
	})
}
