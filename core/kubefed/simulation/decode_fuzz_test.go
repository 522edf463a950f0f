package simulation

import (
	"testing"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controllermanager"
)

// FuzzParseObjects is the decoding half of kubectl apply: a YAML stream
// split into documents, each decoded as kubectl reads it and checked
// against the schemas of a control plane with the chart's FTCs. The
// control plane is built once, so the fuzzer spends its time decoding
// (FuzzApply also runs the controllers, at a few executions a second).
func FuzzParseObjects(f *testing.F) {
	for _, s := range []string{
		"apiVersion: v1\nkind: Namespace\nmetadata: {name: ns1}\n---\napiVersion: types.kubefed.io/v1beta1\nkind: FederatedNamespace\nmetadata: {name: ns1, namespace: ns1}\nspec: {placement: {clusterSelector: {}}}\n",
		"apiVersion: types.kubefed.io/v1beta1\nkind: FederatedConfigMap\nmetadata: {name: cm, namespace: ns1}\nspec:\n  template: {data: {a: \"1\"}}\n  placement: {clusters: [{name: c1}]}\n  overrides: [{clusterName: c1, clusterOverrides: [{path: /data/a, value: \"2\"}]}]\n",
		"apiVersion: core.kubefed.io/v1beta1\nkind: FederatedTypeConfig\nmetadata: {name: configmaps, namespace: kube-federation-system}\nspec: {propagation: Disabled}\n",
		"base: &b {x: 1}\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, <<: *b}\n",
		"a: &a [*a]\n",
		"---\n---\n",
		"kind: [\n",
	} {
		f.Add(s)
	}
	s, err := New(Options{DefaultFTCs: true, Gates: controllermanager.DefaultGates()})
	if err != nil {
		f.Fatal(err)
	}
	if err := s.AddCluster(ClusterSpec{Name: "c1"}); err != nil {
		f.Fatal(err)
	}
	s.Settle()
	f.Fuzz(func(t *testing.T, text string) {
		objs, lines, err := s.ParseObjects(text, "")
		if err != nil {
			return
		}
		if len(objs) != len(lines) {
			t.Fatalf("%d objects, %d lines", len(objs), len(lines))
		}
		if _, _, err := s.ParseObjects(text, "c1"); err != nil && len(objs) == 0 {
			t.Fatal(err)
		}
	})
}
