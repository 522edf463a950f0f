package store

import (
	"strings"

	"github.com/kubexplorer/kubexplorer/core/kubefed/apiextensions"
)

// GenerationPolicy says which changes bump metadata.generation.
type GenerationPolicy int

const (
	// NoGeneration: the type has no metadata.generation (ConfigMap, Secret, ...).
	NoGeneration GenerationPolicy = iota
	// AllButMetadataAndStatus: custom resources with a status subresource.
	AllButMetadataAndStatus
	// AllButMetadata: custom resources without a status subresource.
	AllButMetadata
	// SpecOnly: built-in workloads (ReplicaSet, Job, Ingress, ...).
	SpecOnly
	// SpecAndAnnotations: apps Deployment bumps on annotation changes too.
	SpecAndAnnotations
)

// Kind describes a resource type the store serves.
type Kind struct {
	Group             string
	Version           string
	Kind              string
	Plural            string
	ShortNames        []string
	Namespaced        bool
	StatusSubresource bool
	Generation        GenerationPolicy
	Schema            *apiextensions.JSONSchemaProps
	CRD               bool
	// SpecReplicasInt32 tells kubefedctl enable to add retainReplicas.
	SpecReplicasInt32 bool
	// PreserveUnknownFields: the CRD keeps fields its schema does not name
	// (apiextensions v1beta1's default), so nothing is pruned.
	PreserveUnknownFields bool
}

// GroupKind identifies a kind regardless of version.
type GroupKind struct{ Group, Kind string }

func (k *Kind) GK() GroupKind { return GroupKind{k.Group, k.Kind} }

// APIVersion is group/version, or the version for the core group.
func (k *Kind) APIVersion() string {
	if k.Group == "" {
		return k.Version
	}
	return k.Group + "/" + k.Version
}

// Resource is "<plural>" or "<plural>.<group>" as error messages print it.
func (k *Kind) Resource() string {
	if k.Group == "" {
		return k.Plural
	}
	return k.Plural + "." + k.Group
}

// QualifiedKind is "<Kind>.<group>" ("ConfigMap" for the core group).
func (k *Kind) QualifiedKind() string {
	if k.Group == "" {
		return k.Kind
	}
	return k.Kind + "." + k.Group
}

// KindFromCRD converts a CRD to a served kind.
func KindFromCRD(c *apiextensions.CRD) *Kind {
	g := AllButMetadata
	if c.StatusSubresource {
		g = AllButMetadataAndStatus
	}
	int32Replicas := false
	// kubefedctl enable reads spec.versions[0]'s schema.
	first := c.FirstVersionSchema
	if first == nil {
		first = c.Schema
	}
	if first != nil {
		if spec := first.Properties["spec"]; spec != nil {
			if r := spec.Properties["replicas"]; r != nil && r.Type == "integer" && r.Format == "int32" {
				int32Replicas = true
			}
		}
	}
	return &Kind{Group: c.Group, Version: c.Version, Kind: c.Kind, Plural: c.Plural, ShortNames: c.ShortNames,
		Namespaced: c.Namespaced, StatusSubresource: c.StatusSubresource, Generation: g, Schema: c.Schema, CRD: true,
		SpecReplicasInt32: int32Replicas, PreserveUnknownFields: c.PreserveUnknownFields}
}

// BuiltinKinds are the built-in types of a Kubernetes 1.22-era API server, in
// the order discovery lists their groups.
func BuiltinKinds() []*Kind {
	ns := func(group, version, kind, plural string, short []string, gen GenerationPolicy, status bool) *Kind {
		return &Kind{Group: group, Version: version, Kind: kind, Plural: plural, ShortNames: short, Namespaced: true, Generation: gen, StatusSubresource: status}
	}
	cl := func(group, version, kind, plural string, short []string) *Kind {
		return &Kind{Group: group, Version: version, Kind: kind, Plural: plural, ShortNames: short}
	}
	kinds := []*Kind{
		ns("", "v1", "ConfigMap", "configmaps", []string{"cm"}, NoGeneration, false),
		ns("", "v1", "Endpoints", "endpoints", []string{"ep"}, NoGeneration, false),
		ns("", "v1", "Event", "events", []string{"ev"}, NoGeneration, false),
		ns("", "v1", "LimitRange", "limitranges", []string{"limits"}, NoGeneration, false),
		cl("", "v1", "Namespace", "namespaces", []string{"ns"}),
		ns("", "v1", "PersistentVolumeClaim", "persistentvolumeclaims", []string{"pvc"}, NoGeneration, true),
		ns("", "v1", "Pod", "pods", []string{"po"}, NoGeneration, true),
		ns("", "v1", "ResourceQuota", "resourcequotas", []string{"quota"}, NoGeneration, true),
		ns("", "v1", "Secret", "secrets", nil, NoGeneration, false),
		ns("", "v1", "ServiceAccount", "serviceaccounts", []string{"sa"}, NoGeneration, false),
		ns("", "v1", "Service", "services", []string{"svc"}, NoGeneration, true),
		ns("apps", "v1", "DaemonSet", "daemonsets", []string{"ds"}, SpecOnly, true),
		ns("apps", "v1", "Deployment", "deployments", []string{"deploy"}, SpecAndAnnotations, true),
		ns("apps", "v1", "ReplicaSet", "replicasets", []string{"rs"}, SpecOnly, true),
		ns("apps", "v1", "StatefulSet", "statefulsets", []string{"sts"}, SpecOnly, true),
		ns("events.k8s.io", "v1", "Event", "events", []string{"ev"}, NoGeneration, false),
		ns("autoscaling", "v1", "HorizontalPodAutoscaler", "horizontalpodautoscalers", []string{"hpa"}, NoGeneration, true),
		ns("batch", "v1", "CronJob", "cronjobs", []string{"cj"}, SpecOnly, true),
		ns("batch", "v1", "Job", "jobs", nil, SpecOnly, true),
		ns("networking.k8s.io", "v1", "Ingress", "ingresses", []string{"ing"}, SpecOnly, true),
		ns("networking.k8s.io", "v1", "NetworkPolicy", "networkpolicies", []string{"netpol"}, SpecOnly, false),
		ns("policy", "v1", "PodDisruptionBudget", "poddisruptionbudgets", []string{"pdb"}, SpecOnly, true),
		cl("rbac.authorization.k8s.io", "v1", "ClusterRoleBinding", "clusterrolebindings", nil),
		cl("rbac.authorization.k8s.io", "v1", "ClusterRole", "clusterroles", nil),
		ns("rbac.authorization.k8s.io", "v1", "RoleBinding", "rolebindings", nil, NoGeneration, false),
		ns("rbac.authorization.k8s.io", "v1", "Role", "roles", nil, NoGeneration, false),
		cl("storage.k8s.io", "v1", "StorageClass", "storageclasses", []string{"sc"}),
		cl("apiextensions.k8s.io", "v1", "CustomResourceDefinition", "customresourcedefinitions", []string{"crd", "crds"}),
	}
	for _, k := range kinds {
		if k.Kind == "Namespace" {
			k.StatusSubresource = true
		}
		if k.Kind == "Deployment" || k.Kind == "ReplicaSet" || k.Kind == "StatefulSet" {
			k.SpecReplicasInt32 = true
		}
	}
	return kinds
}

// Singular is the lowercased kind, as discovery reports it.
func (k *Kind) Singular() string { return strings.ToLower(k.Kind) }
