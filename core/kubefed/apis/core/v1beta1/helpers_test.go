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

func TestResources(t *testing.T) {
	f := &FederatedTypeConfig{Metadata: ObjectMeta{Name: "deployments.apps"}}
	f.Spec.TargetType = APIResource{Group: "apps", Version: "v1", Kind: "Deployment", PluralName: "deployments", Scope: NamespaceScoped}
	f.Spec.FederatedType = APIResource{Group: "types.kubefed.io", Version: "v1beta1", Kind: "FederatedDeployment", PluralName: "federateddeployments", Scope: NamespaceScoped}
	require.Equal(t, Resource{Name: "deployments", Group: "apps", Version: "v1", Kind: "Deployment", Namespaced: true}, f.GetTargetType())
	require.Equal(t, Resource{Name: "federateddeployments", Group: "types.kubefed.io", Version: "v1beta1", Kind: "FederatedDeployment", Namespaced: true},
		f.GetFederatedType())
	require.Nil(t, f.GetStatusType())
	f.Spec.StatusType = &APIResource{Group: "core.kubefed.io", Version: "v1alpha1", Kind: "FederatedServiceStatus", PluralName: "federatedservicestatuses", Scope: ClusterScoped}
	require.Equal(t, &Resource{Name: "federatedservicestatuses", Group: "core.kubefed.io", Version: "v1alpha1", Kind: "FederatedServiceStatus"}, f.GetStatusType())

	require.Equal(t, "apps/v1", f.GetTargetType().APIVersionOf())
	require.Equal(t, "v1", Resource{Version: "v1"}.APIVersionOf())
	require.Equal(t, "configmaps", GroupQualifiedName(Resource{Name: "configmaps", Version: "v1"}))
}

// A deep copy shares nothing a controller may change.
func TestDeepCopy(t *testing.T) {
	sc, running := StatusCollectionEnabled, ControllerStatusRunning
	f := &FederatedTypeConfig{
		Metadata: ObjectMeta{Name: "services", Labels: map[string]string{"l": "1"}, Annotations: map[string]string{"a": "1"}, Finalizers: []string{"f"}},
		Spec:     FederatedTypeConfigSpec{StatusType: &APIResource{Kind: "S"}, StatusCollection: &sc},
		Status:   &FederatedTypeConfigStatus{ObservedGeneration: 1, StatusController: &running},
	}
	c := f.DeepCopy()
	require.Equal(t, f, c)
	c.Metadata.Labels["l"] = "2"
	c.Metadata.Annotations["a"] = "2"
	c.Metadata.Finalizers[0] = "g"
	c.Spec.StatusType.Kind = "T"
	*c.Spec.StatusCollection = StatusCollectionDisabled
	c.Status.ObservedGeneration = 2
	*c.Status.StatusController = ControllerStatusNotRunning
	require.Equal(t, "1", f.Metadata.Labels["l"])
	require.Equal(t, "1", f.Metadata.Annotations["a"])
	require.Equal(t, []string{"f"}, f.Metadata.Finalizers)
	require.Equal(t, "S", f.Spec.StatusType.Kind)
	require.Equal(t, StatusCollectionEnabled, *f.Spec.StatusCollection)
	require.Equal(t, int64(1), f.Status.ObservedGeneration)
	require.Equal(t, ControllerStatusRunning, *f.Status.StatusController)

	empty := (&FederatedTypeConfig{}).DeepCopy()
	require.Equal(t, &FederatedTypeConfig{}, empty)
}
