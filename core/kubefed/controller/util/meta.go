package util

import (
	"strconv"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// Labels and annotations kubefed reads or writes.
const (
	ManagedByKubeFedLabelKey         = "kubefed.io/managed"
	ManagedByKubeFedLabelValue       = "true"
	UnmanagedByKubeFedLabelValue     = "false"
	OrphanManagedResourcesAnnotation = "kubefed.io/orphan"
	DeleteOptionAnnotation           = "kubefed.io/deleteoption"
)

// HasManagedLabel reports kubefed.io/managed=true.
func HasManagedLabel(o map[string]any) bool {
	return u.GetLabels(o)[ManagedByKubeFedLabelKey] == ManagedByKubeFedLabelValue
}

// IsExplicitlyUnmanaged reports kubefed.io/managed=false.
func IsExplicitlyUnmanaged(o map[string]any) bool {
	v, _ := u.NestedMap(o, "metadata", "labels")[ManagedByKubeFedLabelKey].(string)
	return v == UnmanagedByKubeFedLabelValue
}

// AddManagedLabel sets kubefed.io/managed=true.
func AddManagedLabel(o map[string]any) {
	// Fast path: labels already hold only strings, so normalising them
	// through a string map would change nothing; set the label in place.
	// Without labels (or with something that is not an object there) the
	// result is a map holding only the managed label.
	if md, ok := o["metadata"].(map[string]any); ok {
		lm, isMap := md["labels"].(map[string]any)
		switch {
		case !isMap || lm == nil:
			md["labels"] = map[string]any{ManagedByKubeFedLabelKey: ManagedByKubeFedLabelValue}
			return
		case len(lm) > 0 && allStrings(lm):
			lm[ManagedByKubeFedLabelKey] = ManagedByKubeFedLabelValue
			return
		}
	}
	l := u.GetLabels(o)
	if l == nil {
		l = map[string]string{}
	}
	l[ManagedByKubeFedLabelKey] = ManagedByKubeFedLabelValue
	u.SetLabels(o, l)
}

func allStrings(m map[string]any) bool {
	for _, v := range m {
		if _, ok := v.(string); !ok {
			return false
		}
	}
	return true
}

// RemoveManagedLabel deletes the managed label.
func RemoveManagedLabel(o map[string]any) {
	l := u.GetLabels(o)
	if _, ok := l[ManagedByKubeFedLabelKey]; !ok {
		return
	}
	delete(l, ManagedByKubeFedLabelKey)
	u.SetLabels(o, l)
}

// ManagedSelector matches objects labelled kubefed.io/managed=true.
func ManagedSelector(o map[string]any) bool {
	v, _ := u.NestedMap(o, "metadata", "labels")[ManagedByKubeFedLabelKey].(string)
	return v == ManagedByKubeFedLabelValue
}

// IsOrphaningEnabled reports kubefed.io/orphan: "true".
func IsOrphaningEnabled(o map[string]any) bool {
	return u.GetAnnotations(o)[OrphanManagedResourcesAnnotation] == "true"
}

// ObjectVersion is "gen:<generation>" for objects with a generation, else
// "rv:<resourceVersion>".
func ObjectVersion(o map[string]any) string {
	if g := u.GetGeneration(o); g != 0 {
		return "gen:" + strconv.FormatInt(g, 10)
	}
	return "rv:" + u.GetResourceVersion(o)
}

// ObjectNeedsUpdate decides whether a cluster object must be rewritten: its
// version differs from the recorded one, or, for generation-based versions,
// name, namespace, labels or annotations differ from the desired object.
func ObjectNeedsUpdate(desired, cluster map[string]any, recorded string) bool {
	target := ObjectVersion(cluster)
	if recorded != target {
		return true
	}
	return strings.HasPrefix(target, "gen:") && !ObjectMetaObjEquivalent(desired, cluster)
}

// ObjectMetaObjEquivalent compares name, namespace, labels and annotations
// (an empty map equals a missing one).
func ObjectMetaObjEquivalent(a, b map[string]any) bool {
	if u.GetName(a) != u.GetName(b) || u.GetNamespace(a) != u.GetNamespace(b) {
		return false
	}
	return strMapEq(u.GetLabels(a), u.GetLabels(b)) && strMapEq(u.GetAnnotations(a), u.GetAnnotations(b))
}

// LabelsEqual is strMapEq(want, u.GetLabels(o)) without building the map:
// non-string label values are ignored, as GetLabels ignores them.
func LabelsEqual(want map[string]string, o map[string]any) bool {
	n := 0
	for k, v := range u.NestedMap(o, "metadata", "labels") {
		s, ok := v.(string)
		if !ok {
			continue
		}
		n++
		if w, ok := want[k]; !ok || w != s {
			return false
		}
	}
	return n == len(want)
}

func strMapEq(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// IsClusterReady reports a Ready=True condition in a KubeFedCluster.
func IsClusterReady(cluster map[string]any) bool {
	for _, c := range u.NestedSlice(cluster, "status", "conditions") {
		cm, _ := c.(map[string]any)
		if cm != nil && cm["type"] == "Ready" && cm["status"] == "True" {
			return true
		}
	}
	return false
}

// ControllerConfig is what the controller manager passes to controllers.
type ControllerConfig struct {
	KubeFedNamespace string
	TargetNamespace  string // "" for a cluster-scoped control plane
	Host             *store.Store
	Members          func(name string) (*store.Store, error)
	Log              *Logger
	Recorder         *Recorder
	// Release is the kubefed release being modelled.
	Release                 release.Release
	ClusterAvailableDelay   time.Duration
	ClusterUnavailableDelay time.Duration
	CacheSyncTimeout        time.Duration
	SkipAdoptingResources   bool
	RawResourceStatus       bool
	SchedulerPreferences    bool
	NamespaceDeletionRace   bool
	MaxConcurrentReconciles int
	// FailStart, when set, can make a sync or status controller fail to
	// start (an explorer fault; upstream fails only on client errors).
	FailStart StartFault
	// OnFatal is called when a component calls klog.Fatalf, OnPanic when a
	// goroutine panics: either way the controller manager process exits.
	OnFatal func(msg string)
	OnPanic func(msg string)
}

// DynamicInformer is util.NewResourceInformer: an informer on st for the
// resource r names (its plural at its group and version), expecting r's kind.
func (c *ControllerConfig) DynamicInformer(st *store.Store, r Resource, namespace string, h Handlers) *Informer {
	return &Informer{Store: st, Group: r.Group, Version: r.Version, Resource: r.Name, Kind: r.Kind,
		Namespace: namespace, Log: c.Log, Handlers: h, Release: c.Release}
}

// Placer computes placement as the modelled release does.
func (c *ControllerConfig) Placer() Placer { return Placer{Release: c.Release} }

// LimitedScope is true for a namespaced control plane.
func (c *ControllerConfig) LimitedScope() bool { return c.TargetNamespace != "" }

// StartFault lets a scenario make a controller fail to start.
type StartFault func(controller, kind string) error
