package sync

import (
	"encoding/hex"
	"fmt"

	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// FederatedResource is one federated object with what its reconcile needs
// (pkg/controller/sync/resource.go).
type FederatedResource struct {
	s             *KubeFedSyncController
	targetName    util.QualifiedName
	federatedName util.QualifiedName
	obj           map[string]any // shared, read only; replaced by writes
	namespace     map[string]any // host Namespace (namespaces FTC only)
	fedNamespace  map[string]any // FederatedNamespace (namespaced targets)
	overrides     util.OverridesMap
	overridesErr  error
	overridesRead bool
	versionMap    map[string]string
	memberBase    *memberBase
	// Hashes of the template and overrides, computed once per reconcile.
	templateVersion, overrideVersion *string
}

// Object returns the federated object.
func (r *FederatedResource) Object() map[string]any { return r.obj }

func (r *FederatedResource) targetKind() string { return r.s.ftc.Spec.TargetType.Kind }

// ComputePlacement returns the selected cluster names.
func (r *FederatedResource) ComputePlacement(clusters []util.Cluster) (map[string]bool, error) {
	if r.s.ftc.GetNamespaced() {
		return r.s.cfg.Placer().ComputeNamespacedPlacement(r.obj, r.fedNamespace, clusters, r.s.cfg.LimitedScope())
	}
	return r.s.cfg.Placer().ComputePlacement(r.obj, clusters)
}

// NamespaceNotFederated reports a namespaced resource without a
// FederatedNamespace.
func (r *FederatedResource) NamespaceNotFederated() bool {
	return r.s.ftc.GetNamespaced() && r.fedNamespace == nil
}

// IsNamespaceInHostCluster reports that clusterObj is the host's own
// Namespace (a member cluster that is the host), matched by UID.
func (r *FederatedResource) IsNamespaceInHostCluster(clusterObj map[string]any) bool {
	return r.s.targetIsNamespace && r.namespace != nil && clusterObj != nil && u.GetUID(r.namespace) == u.GetUID(clusterObj)
}

const notSupportedTemplate = "metadata.%s cannot be set via template to avoid conflicting with controllers in member clusters. Consider using an override to add or remove elements from this collection."

// memberBase is the cluster-independent part of the member object, built
// once per reconcile: a sync controller asks for it once per cluster, and
// rebuilding it from the template each time dominated propagation cost. The
// template does not change within one reconcile (the reconcile writes only
// the finalizer and the status), so caching it on the resource is safe.
type memberBase struct {
	obj map[string]any // read only; callers copy it
	err error
	// The template carried annotations or finalizers: upstream drops them
	// and records a Warning every time it builds a cluster's object.
	annotations, finalizers bool
	// labels are the member object's labels once the managed label is
	// added (what an override-free cluster object must carry).
	labels map[string]string
}

func (r *FederatedResource) base() *memberBase {
	if r.memberBase != nil {
		return r.memberBase
	}
	b := &memberBase{}
	r.memberBase = b
	tmpl, ok := u.Nested(r.obj, "spec", "template")
	var obj map[string]any
	if !ok || tmpl == nil {
		obj = map[string]any{}
	} else if m, isMap := tmpl.(map[string]any); isMap {
		obj = u.DeepCopyMap(m)
	} else {
		//lint:ignore ST1005 upstream's exact message
		b.err = fmt.Errorf("Error retrieving template body: .spec.template accessor error: %v is of the type %T, expected map[string]interface{}", tmpl, tmpl)
		return b
	}
	if len(u.GetAnnotations(obj)) > 0 {
		b.annotations = true
		u.SetAnnotations(obj, nil)
	}
	if len(u.GetFinalizers(obj)) > 0 {
		b.finalizers = true
		u.SetFinalizers(obj, nil)
	}
	u.SetName(obj, u.GetName(r.obj))
	if !r.s.targetIsNamespace {
		u.SetNamespace(obj, u.GetNamespace(r.obj))
	}
	t := r.s.ftc.Spec.TargetType
	u.SetKind(obj, t.Kind)
	if u.GetAPIVersion(obj) == "" {
		u.SetAPIVersion(obj, t.Group+"/"+t.Version)
	}
	b.obj = obj
	b.labels = u.GetLabels(obj)
	if b.labels == nil {
		b.labels = map[string]string{}
	}
	b.labels[util.ManagedByKubeFedLabelKey] = util.ManagedByKubeFedLabelValue
	return b
}

// warnTemplate records the Warnings for template fields that are dropped.
func (r *FederatedResource) warnTemplate(b *memberBase) {
	if b.annotations {
		r.s.recordError(r.obj, "AnnotationsNotSupported", fmt.Sprintf(notSupportedTemplate, "annotations"))
	}
	if b.finalizers {
		r.s.recordError(r.obj, "FinalizersNotSupported", fmt.Sprintf(notSupportedTemplate, "finalizers"))
	}
}

// ObjectForCluster builds the member object from the template: annotations
// and finalizers dropped (with a Warning each time), name and namespace from
// the federated resource, kind from the FTC, apiVersion defaulted to
// "<group>/<version>" (literally "/v1" for the core group). The result is
// the caller's.
func (r *FederatedResource) ObjectForCluster(cluster string) (map[string]any, error) {
	b := r.base()
	if b.err != nil {
		return nil, b.err
	}
	r.warnTemplate(b)
	return u.DeepCopyMap(b.obj), nil
}

func (r *FederatedResource) overridesForCluster(cluster string) ([]util.ClusterOverride, error) {
	if !r.overridesRead {
		r.overridesRead = true
		m, err := util.GetOverrides(r.obj)
		if err != nil {
			r.overridesErr = util.Wrap(err, "Error reading cluster overrides")
		}
		r.overrides = m
	}
	if r.overridesErr != nil {
		return nil, r.overridesErr
	}
	return r.overrides[cluster], nil
}

// ApplyOverrides applies the cluster's overrides, then adds the managed
// label (always last, so overrides cannot remove it).
func (r *FederatedResource) ApplyOverrides(obj map[string]any, cluster string) (map[string]any, error) {
	ov, err := r.overridesForCluster(cluster)
	if err != nil {
		return nil, err
	}
	if ov != nil {
		obj, err = util.Patcher{Release: r.s.release}.ApplyJSONPatch(obj, ov)
		if err != nil {
			return nil, err
		}
	}
	util.AddManagedLabel(obj)
	return obj, nil
}

// DesiredObject runs the whole create pipeline of release rel without side
// effects (no events): the explorer's preview of what a cluster should hold.
func DesiredObject(rel release.Release, ftc *v1beta1.FederatedTypeConfig, fedObj map[string]any, cluster string) (map[string]any, error) {
	s := &KubeFedSyncController{ftc: ftc, release: rel, targetIsNamespace: ftc.Spec.TargetType.Kind == "Namespace" && ftc.Spec.TargetType.Group == "", quiet: true}
	r := &FederatedResource{s: s, obj: fedObj}
	obj, err := r.ObjectForCluster(cluster)
	if err != nil {
		return nil, err
	}
	return r.ApplyOverrides(obj, cluster)
}

// TemplateVersion is the md5 of the template's JSON.
func (r *FederatedResource) TemplateVersion() string {
	if r.templateVersion == nil {
		v := ""
		if t, ok := u.Nested(r.obj, "spec", "template"); ok {
			v = hash(t)
		}
		r.templateVersion = &v
	}
	return *r.templateVersion
}

// OverrideVersion is the md5 of {"overrides": ...}.
func (r *FederatedResource) OverrideVersion() string {
	if r.overrideVersion == nil {
		v := ""
		if ov, ok := u.Nested(r.obj, "spec", "overrides"); ok {
			v = hash(map[string]any{"overrides": ov})
		}
		r.overrideVersion = &v
	}
	return *r.overrideVersion
}

func hash(v any) string {
	sum := md5Sum(u.Marshal(v))
	return hex.EncodeToString(sum[:])
}

// VersionForCluster returns the recorded version for a cluster.
func (r *FederatedResource) VersionForCluster(cluster string) string {
	if r.versionMap == nil {
		r.versionMap = r.s.versions.Get(r)
	}
	return r.versionMap[cluster]
}
