package v1beta1

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPluralName(t *testing.T) {
	for kind, want := range map[string]string{
		"ConfigMap": "configmaps", "Ingress": "ingresses", "Box": "boxes", "Batch": "batches",
		"Mesh": "meshes", "Quiz": "quizes", "Potato": "potatoes", "Policy": "policies",
		"FederatedGateway": "federatedgatewaies", "Endpoints": "endpointses",
	} {
		require.Equal(t, want, PluralName(kind), kind)
	}
}

func TestSetFederatedTypeConfigDefaults(t *testing.T) {
	f := &FederatedTypeConfig{Metadata: ObjectMeta{Name: "foo.bar.baz"}}
	f.Spec.FederatedType.Kind = "FederatedFoo"
	f.Spec.FederatedType.Group = "types.kubefed.io"
	f.Spec.FederatedType.Version = "v1beta1"
	f.Spec.StatusType = &APIResource{Kind: "FooStatus"}
	SetFederatedTypeConfigDefaults(f)
	require.Equal(t, "foo", f.Spec.TargetType.PluralName)
	require.Equal(t, "bar.baz", f.Spec.TargetType.Group)
	require.Equal(t, "federatedfooes", f.Spec.FederatedType.PluralName, "o takes es")
	require.Equal(t, APIResource{Group: "types.kubefed.io", Version: "v1beta1", Kind: "FooStatus", PluralName: "foostatuses"}, *f.Spec.StatusType)
	require.Equal(t, PropagationMode(""), f.Spec.Propagation, "propagation is never defaulted")

	// Only empty strings are filled.
	g := &FederatedTypeConfig{Metadata: ObjectMeta{Name: "deployments.apps"}}
	g.Spec.TargetType.Group = "extensions"
	SetFederatedTypeConfigDefaults(g)
	require.Equal(t, "extensions", g.Spec.TargetType.Group)
}

func TestHelpers(t *testing.T) {
	ns := &FederatedTypeConfig{Metadata: ObjectMeta{Name: "namespaces"}}
	ns.Spec.TargetType.Scope = ClusterScoped
	require.True(t, ns.IsNamespace())
	require.False(t, ns.GetNamespaced())
	require.True(t, ns.GetFederatedNamespaced())
	require.False(t, ns.GetPropagationEnabled())
	ns.Spec.Propagation = "enabled"
	require.False(t, ns.GetPropagationEnabled(), "only the exact value Enabled counts")
	sc := StatusCollectionEnabled
	svc := &FederatedTypeConfig{Metadata: ObjectMeta{Name: "configmaps"}}
	svc.Spec.StatusCollection = &sc
	require.True(t, svc.GetStatusEnabled())
	require.False(t, svc.StatusEnabledV3())
	require.Equal(t, "deployments.apps", GroupQualifiedName(Resource{Name: "deployments", Group: "apps"}))
}
