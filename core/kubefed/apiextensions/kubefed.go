package apiextensions

import "github.com/kubexplorer/kubexplorer/core/kubefed/release"

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
// spec.replicas is an int32. legacy is the schema before kubefed v0.6.0
// (apiextensions v1beta1, PRs #1292 and #1297): no top-level type, a
// template that is only an object, override values that are any of five
// types, and no remoteStatus in status.clusters.
func FederatedTypeSchema(retainReplicas, legacy bool) *JSONSchemaProps {
	value := &JSONSchemaProps{XPreserveUnknownFields: true}
	template := Preserve()
	if legacy {
		value = &JSONSchemaProps{AnyOf: []*JSONSchemaProps{Str(), {Type: "integer"}, Bool(), {Type: "object"}, {Type: "array"}}}
		template = &JSONSchemaProps{Type: "object"}
	}
	spec := Obj(map[string]*JSONSchemaProps{
		"overrides": Arr(Obj(map[string]*JSONSchemaProps{
			"clusterName": Str(),
			"clusterOverrides": Arr(Obj(map[string]*JSONSchemaProps{
				"op":    {Type: "string", Pattern: OverrideOpPattern},
				"path":  Str(),
				"value": value,
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
		"template": template,
	})
	if retainReplicas {
		spec.Properties["retainReplicas"] = Bool()
	}
	clusters := Obj(map[string]*JSONSchemaProps{
		"name":         Str(),
		"remoteStatus": Preserve(),
		"status":       Str(),
	}, "name")
	if legacy {
		delete(clusters.Properties, "remoteStatus")
	}
	root := Obj(map[string]*JSONSchemaProps{
		"apiVersion": Str(),
		"kind":       Str(),
		"metadata":   {Type: "object"},
		"spec":       spec,
		"status": Obj(map[string]*JSONSchemaProps{
			"clusters": Arr(clusters),
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
	if legacy {
		root.Type = ""
	}
	return root
}

// FederatedTypeCRD is the CRD kubefedctl enable generates (CrdForAPIResource)
// and the chart ships for its types: apiextensions.k8s.io/v1 from kubefed
// v0.6.0 (PR #1297), v1beta1 with the legacy schema before.
func FederatedTypeCRD(r release.Release, group, version, kind, plural string, namespaced bool, shortNames []string, retainReplicas bool) *CRD {
	legacy := !r.Has(release.FederatedCRDv1)
	return &CRD{
		Group: group, Version: version, Kind: kind, Plural: plural,
		ShortNames: shortNames, Namespaced: namespaced, StatusSubresource: true,
		Schema: FederatedTypeSchema(retainReplicas, legacy), V1beta1: legacy, PreserveUnknownFields: legacy,
	}
}

// KubeFedCRDs are the chart's own CRDs (controllermanager/crds) as release
// r ships them: apiextensions.k8s.io/v1beta1 without pruning before v0.5.0
// (PRs #1307, #1308); the short names rsp from v0.4.1 (PR #1279) and kfc
// from v0.9.2 (PR #1501); the RSP's intersectWithClusterSelector from v0.8.0
// (PR #1393).
func KubeFedCRDs(r release.Release) []*CRD {
	preserve := &JSONSchemaProps{Type: "object", XPreserveUnknownFields: true}
	var kfc, rsp []string
	if r.Has(release.KubeFedClusterShortName) {
		kfc = []string{"kfc"}
	}
	if r.Has(release.RSPShortName) {
		rsp = []string{"rsp"}
	}
	crds := []*CRD{
		{Group: "core.kubefed.io", Version: "v1beta1", Kind: "FederatedTypeConfig", Plural: "federatedtypeconfigs", Singular: "federatedtypeconfig", ListKind: "FederatedTypeConfigList", ShortNames: []string{"ftc"}, Namespaced: true, StatusSubresource: true, Schema: FTCSchema()},
		{Group: "core.kubefed.io", Version: "v1beta1", Kind: "KubeFedCluster", Plural: "kubefedclusters", Singular: "kubefedcluster", ListKind: "KubeFedClusterList", ShortNames: kfc, Namespaced: true, StatusSubresource: true, Schema: preserve},
		{Group: "core.kubefed.io", Version: "v1beta1", Kind: "KubeFedConfig", Plural: "kubefedconfigs", Singular: "kubefedconfig", ListKind: "KubeFedConfigList", Namespaced: true, Schema: preserve},
		{Group: "core.kubefed.io", Version: "v1alpha1", Kind: "PropagatedVersion", Plural: "propagatedversions", Singular: "propagatedversion", ListKind: "PropagatedVersionList", Namespaced: true, StatusSubresource: true, Schema: preserve},
		{Group: "core.kubefed.io", Version: "v1alpha1", Kind: "ClusterPropagatedVersion", Plural: "clusterpropagatedversions", Singular: "clusterpropagatedversion", ListKind: "ClusterPropagatedVersionList", StatusSubresource: true, Schema: preserve},
		{Group: "scheduling.kubefed.io", Version: "v1alpha1", Kind: "ReplicaSchedulingPreference", Plural: "replicaschedulingpreferences", Singular: "replicaschedulingpreference", ListKind: "ReplicaSchedulingPreferenceList", ShortNames: rsp, Namespaced: true, StatusSubresource: true, Schema: RSPSchema(r.Has(release.RSPIntersect))},
		{Group: "core.kubefed.io", Version: "v1alpha1", Kind: "FederatedServiceStatus", Plural: "federatedservicestatuses", Singular: "federatedservicestatus", ListKind: "FederatedServiceStatusList", Namespaced: true, Schema: preserve},
	}
	if !r.Has(release.KubeFedCRDv1) {
		for _, c := range crds {
			c.V1beta1, c.PreserveUnknownFields = true, true
		}
	}
	return crds
}

// RSPSchema is the ReplicaSchedulingPreference CRD's schema (apiVersion,
// kind, metadata and status are handled by the API server).
func RSPSchema(intersect bool) *JSONSchemaProps {
	int32p := func() *JSONSchemaProps { return &JSONSchemaProps{Type: "integer", Format: "int32"} }
	cluster := Obj(map[string]*JSONSchemaProps{"minReplicas": Int64(), "maxReplicas": Int64(), "weight": Int64()})
	s := Obj(map[string]*JSONSchemaProps{
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
	if !intersect {
		delete(s.Properties["spec"].Properties, "intersectWithClusterSelector")
	}
	return s
}
