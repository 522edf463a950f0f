package apiextensions

// Schemas of the CRDs kubefed installs, as in the Helm chart's crds.yaml
// (descriptions left out), and of the federated types kubefedctl generates
// (pkg/kubefedctl/enable/validation.go).

func apiResourceSchema() *JSONSchemaProps {
	return Obj(map[string]*JSONSchemaProps{
		"group": Str(), "kind": Str(), "pluralName": Str(), "scope": Str(), "version": Str(),
	}, "kind", "pluralName", "scope", "version")
}

// FTCSchema is the openAPIV3Schema of federatedtypeconfigs.core.kubefed.io.
func FTCSchema() *JSONSchemaProps {
	return Obj(map[string]*JSONSchemaProps{
		"apiVersion": Str(),
		"kind":       Str(),
		"metadata":   {Type: "object"},
		"spec": Obj(map[string]*JSONSchemaProps{
			"federatedType":    apiResourceSchema(),
			"propagation":      Str(),
			"statusCollection": Str(),
			"statusType":       apiResourceSchema(),
			"targetType":       apiResourceSchema(),
		}, "federatedType", "propagation", "targetType"),
		"status": Obj(map[string]*JSONSchemaProps{
			"observedGeneration":    Int64(),
			"propagationController": Str(),
			"statusController":      Str(),
		}, "observedGeneration", "propagationController"),
	}, "spec")
}

// FederatedTypeSchema is the schema kubefedctl enable generates for a
// federated type. retainReplicas is added only when the target's
// spec.replicas is an int32.
func FederatedTypeSchema(retainReplicas bool) *JSONSchemaProps {
	spec := Obj(map[string]*JSONSchemaProps{
		"overrides": Arr(Obj(map[string]*JSONSchemaProps{
			"clusterName": Str(),
			"clusterOverrides": Arr(Obj(map[string]*JSONSchemaProps{
				"op":    {Type: "string", Pattern: OverrideOpPattern},
				"path":  Str(),
				"value": {XPreserveUnknownFields: true},
			}, "path")),
		})),
		"placement": Obj(map[string]*JSONSchemaProps{
			"clusterSelector": Obj(map[string]*JSONSchemaProps{
				"matchExpressions": Arr(Obj(map[string]*JSONSchemaProps{
					"key":      Str(),
					"operator": Str(),
					"values":   Arr(Str()),
				}, "key", "operator")),
				"matchLabels": {Type: "object", AdditionalProperties: Str()},
			}),
			"clusters": Arr(Obj(map[string]*JSONSchemaProps{"name": Str()}, "name")),
		}),
		"template": Preserve(),
	})
	if retainReplicas {
		spec.Properties["retainReplicas"] = Bool()
	}
	return Obj(map[string]*JSONSchemaProps{
		"apiVersion": Str(),
		"kind":       Str(),
		"metadata":   {Type: "object"},
		"spec":       spec,
		"status": Obj(map[string]*JSONSchemaProps{
			"clusters": Arr(Obj(map[string]*JSONSchemaProps{
				"name":         Str(),
				"remoteStatus": Preserve(),
				"status":       Str(),
			}, "name")),
			"conditions": Arr(Obj(map[string]*JSONSchemaProps{
				"lastTransitionTime": {Type: "string", Format: "date-time"},
				"lastUpdateTime":     {Type: "string", Format: "date-time"},
				"reason":             Str(),
				"status":             Str(),
				"type":               Str(),
			}, "type", "status")),
			"observedGeneration": Int64(),
		}),
	}, "spec")
}

// FederatedTypeCRD is the CRD kubefedctl enable generates (CrdForAPIResource).
func FederatedTypeCRD(group, version, kind, plural string, namespaced bool, shortNames []string, retainReplicas bool) *CRD {
	return &CRD{
		Group: group, Version: version, Kind: kind, Plural: plural,
		ShortNames: shortNames, Namespaced: namespaced, StatusSubresource: true,
		Schema: FederatedTypeSchema(retainReplicas),
	}
}

// KubeFedCRDs are the chart's own CRDs (controllermanager/crds).
func KubeFedCRDs() []*CRD {
	return []*CRD{
		{Group: "core.kubefed.io", Version: "v1beta1", Kind: "FederatedTypeConfig", Plural: "federatedtypeconfigs", Singular: "federatedtypeconfig", ListKind: "FederatedTypeConfigList", ShortNames: []string{"ftc"}, Namespaced: true, StatusSubresource: true, Schema: FTCSchema()},
		{Group: "core.kubefed.io", Version: "v1beta1", Kind: "KubeFedCluster", Plural: "kubefedclusters", Singular: "kubefedcluster", ListKind: "KubeFedClusterList", Namespaced: true, StatusSubresource: true, Schema: &JSONSchemaProps{Type: "object", XPreserveUnknownFields: true}},
		{Group: "core.kubefed.io", Version: "v1beta1", Kind: "KubeFedConfig", Plural: "kubefedconfigs", Singular: "kubefedconfig", ListKind: "KubeFedConfigList", Namespaced: true, Schema: &JSONSchemaProps{Type: "object", XPreserveUnknownFields: true}},
		{Group: "core.kubefed.io", Version: "v1alpha1", Kind: "PropagatedVersion", Plural: "propagatedversions", Singular: "propagatedversion", ListKind: "PropagatedVersionList", Namespaced: true, StatusSubresource: true, Schema: &JSONSchemaProps{Type: "object", XPreserveUnknownFields: true}},
		{Group: "core.kubefed.io", Version: "v1alpha1", Kind: "ClusterPropagatedVersion", Plural: "clusterpropagatedversions", Singular: "clusterpropagatedversion", ListKind: "ClusterPropagatedVersionList", StatusSubresource: true, Schema: &JSONSchemaProps{Type: "object", XPreserveUnknownFields: true}},
		{Group: "scheduling.kubefed.io", Version: "v1alpha1", Kind: "ReplicaSchedulingPreference", Plural: "replicaschedulingpreferences", Singular: "replicaschedulingpreference", ListKind: "ReplicaSchedulingPreferenceList", ShortNames: []string{"rsp"}, Namespaced: true, StatusSubresource: true, Schema: RSPSchema()},
		{Group: "core.kubefed.io", Version: "v1alpha1", Kind: "FederatedServiceStatus", Plural: "federatedservicestatuses", Singular: "federatedservicestatus", ListKind: "FederatedServiceStatusList", Namespaced: true, Schema: &JSONSchemaProps{Type: "object", XPreserveUnknownFields: true}},
	}
}

// RSPSchema is the ReplicaSchedulingPreference CRD's schema (apiVersion,
// kind, metadata and status are handled by the API server).
func RSPSchema() *JSONSchemaProps {
	int32p := func() *JSONSchemaProps { return &JSONSchemaProps{Type: "integer", Format: "int32"} }
	cluster := Obj(map[string]*JSONSchemaProps{"minReplicas": Int64(), "maxReplicas": Int64(), "weight": Int64()})
	return Obj(map[string]*JSONSchemaProps{
		"apiVersion": Str(), "kind": Str(), "metadata": {Type: "object"},
		"spec": Obj(map[string]*JSONSchemaProps{
			"targetKind":                   Str(),
			"totalReplicas":                int32p(),
			"rebalance":                    Bool(),
			"intersectWithClusterSelector": Bool(),
			"clusters":                     {Type: "object", AdditionalProperties: cluster},
		}, "targetKind", "totalReplicas"),
		"status": {Type: "object", XPreserveUnknownFields: true},
	})
}
