package store

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubefed/apiextensions"
)

func TestKindNames(t *testing.T) {
	for _, tc := range []struct {
		kind                                      Kind
		apiVersion, resource, qualified, singular string
	}{
		{Kind{Version: "v1", Kind: "ConfigMap", Plural: "configmaps"}, "v1", "configmaps", "ConfigMap", "configmap"},
		{Kind{Group: "apps", Version: "v1", Kind: "Deployment", Plural: "deployments"}, "apps/v1", "deployments.apps", "Deployment.apps", "deployment"},
		{Kind{Group: "types.kubefed.io", Version: "v1beta1", Kind: "FederatedConfigMap", Plural: "federatedconfigmaps"},
			"types.kubefed.io/v1beta1", "federatedconfigmaps.types.kubefed.io", "FederatedConfigMap.types.kubefed.io", "federatedconfigmap"},
	} {
		k := tc.kind
		require.Equal(t, []string{tc.apiVersion, tc.resource, tc.qualified, tc.singular},
			[]string{k.APIVersion(), k.Resource(), k.QualifiedKind(), k.Singular()})
		require.Equal(t, GroupKind{k.Group, k.Kind}, k.GK())
	}
}

func TestKindFromCRD(t *testing.T) {
	replicas := func(typ, format string) *apiextensions.JSONSchemaProps {
		return apiextensions.Obj(map[string]*apiextensions.JSONSchemaProps{
			"spec": apiextensions.Obj(map[string]*apiextensions.JSONSchemaProps{
				"replicas": {Type: typ, Format: format},
			}),
		})
	}
	for _, tc := range []struct {
		name       string
		crd        apiextensions.CRD
		generation GenerationPolicy
		int32      bool
	}{
		{"status subresource", apiextensions.CRD{StatusSubresource: true}, AllButMetadataAndStatus, false},
		{"no status subresource: status changes bump generation", apiextensions.CRD{}, AllButMetadata, false},
		{"int32 replicas", apiextensions.CRD{Schema: replicas("integer", "int32")}, AllButMetadata, true},
		{"int64 replicas", apiextensions.CRD{Schema: replicas("integer", "int64")}, AllButMetadata, false},
		{"string replicas", apiextensions.CRD{Schema: replicas("string", "int32")}, AllButMetadata, false},
		{"no spec", apiextensions.CRD{Schema: apiextensions.Obj(nil)}, AllButMetadata, false},
	} {
		c := tc.crd
		c.Group, c.Version, c.Kind, c.Plural, c.ShortNames, c.Namespaced, c.PreserveUnknownFields =
			"example.io", "v1", "Widget", "widgets", []string{"wd"}, true, true
		k := KindFromCRD(&c)
		require.Equal(t, &Kind{Group: "example.io", Version: "v1", Kind: "Widget", Plural: "widgets", ShortNames: []string{"wd"},
			Namespaced: true, StatusSubresource: c.StatusSubresource, Generation: tc.generation, Schema: c.Schema, CRD: true,
			SpecReplicasInt32: tc.int32, PreserveUnknownFields: true}, k, tc.name)
	}
}

func TestBuiltinKinds(t *testing.T) {
	byGK := map[GroupKind]*Kind{}
	for _, k := range BuiltinKinds() {
		require.NotContains(t, byGK, k.GK(), "served twice")
		byGK[k.GK()] = k
	}
	require.Len(t, byGK, 28)
	for _, tc := range []struct {
		gk                 GroupKind
		namespaced, status bool
		generation         GenerationPolicy
		int32Replicas      bool
	}{
		{GroupKind{"", "ConfigMap"}, true, false, NoGeneration, false},
		{GroupKind{"", "Namespace"}, false, true, NoGeneration, false},
		{GroupKind{"", "Service"}, true, true, NoGeneration, false},
		{GroupKind{"apps", "Deployment"}, true, true, SpecAndAnnotations, true},
		{GroupKind{"apps", "ReplicaSet"}, true, true, SpecOnly, true},
		{GroupKind{"apps", "StatefulSet"}, true, true, SpecOnly, true},
		{GroupKind{"apps", "DaemonSet"}, true, true, SpecOnly, false},
		{GroupKind{"batch", "Job"}, true, true, SpecOnly, false},
		{GroupKind{"rbac.authorization.k8s.io", "ClusterRole"}, false, false, NoGeneration, false},
		{GroupKind{"apiextensions.k8s.io", "CustomResourceDefinition"}, false, false, NoGeneration, false},
	} {
		k := byGK[tc.gk]
		require.NotNil(t, k, "%v", tc.gk)
		require.Equal(t, []any{tc.namespaced, tc.status, tc.generation, tc.int32Replicas, false},
			[]any{k.Namespaced, k.StatusSubresource, k.Generation, k.SpecReplicasInt32, k.CRD}, "%v", tc.gk)
	}
}
