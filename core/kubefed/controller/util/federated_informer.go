package util

import (
	"fmt"
	"sort"

	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// ClusterLifecycle receives cluster availability changes.
type ClusterLifecycle struct {
	ClusterAvailable   func(name string)
	ClusterUnavailable func(name string)
}

// FederatedInformer watches KubeFedClusters in the host and, for every ready
// cluster, the target type in that member cluster (only objects labelled
// kubefed.io/managed=true, only in the target namespace).
type FederatedInformer struct {
	cfg       *ControllerConfig
	target    Resource
	onTarget  func(obj map[string]any)
	lifecycle ClusterLifecycle

	clusters *Informer
	targets  map[string]*Informer
	// clients are the clusters whose client GetClientForCluster built and
	// keeps (until the cluster is deleted or changes).
	clients map[string]bool
	// listed caches GetClusters for one revision of the cluster cache: a
	// sync controller asks several times per reconcile.
	listed    []Cluster
	listedRev int
}

// Resource names a type the way an FTC does: group, version, kind and the
// plural name its dynamic clients address.
type Resource = v1beta1.Resource

// NewFederatedInformer builds (but does not start) the informer.
func NewFederatedInformer(cfg *ControllerConfig, target Resource, onTarget func(map[string]any), lc ClusterLifecycle) *FederatedInformer {
	f := &FederatedInformer{cfg: cfg, target: target, onTarget: onTarget, lifecycle: lc, targets: map[string]*Informer{}, clients: map[string]bool{}}
	f.clusters = &Informer{
		Store: cfg.Host, Group: "core.kubefed.io", Kind: "KubeFedCluster", Namespace: cfg.KubeFedNamespace, Log: cfg.Log,
		TypeName: "*v1beta1.KubeFedCluster", Release: cfg.Release,
		Handlers: Handlers{
			Add: func(obj map[string]any) {
				if IsClusterReady(obj) {
					f.addCluster(obj)
					if lc.ClusterAvailable != nil {
						lc.ClusterAvailable(u.GetName(obj))
					}
				}
			},
			Update: func(old, obj map[string]any) {
				changed := IsClusterReady(old) != IsClusterReady(obj) ||
					!u.Equal(old["spec"], obj["spec"]) ||
					!strMapEq(u.GetLabels(old), u.GetLabels(obj)) ||
					!strMapEq(u.GetAnnotations(old), u.GetAnnotations(obj))
				if !changed {
					return
				}
				f.deleteCluster(u.GetName(old))
				if lc.ClusterUnavailable != nil {
					lc.ClusterUnavailable(u.GetName(old))
				}
				if IsClusterReady(obj) {
					f.addCluster(obj)
					if lc.ClusterAvailable != nil {
						lc.ClusterAvailable(u.GetName(obj))
					}
				}
			},
			Delete: func(obj map[string]any) {
				f.deleteCluster(u.GetName(obj))
				if lc.ClusterUnavailable != nil {
					lc.ClusterUnavailable(u.GetName(obj))
				}
			},
		},
	}
	return f
}

// Start starts the cluster informer (and, through it, target informers).
func (f *FederatedInformer) Start() { f.clusters.Start() }

// Stop stops every informer.
func (f *FederatedInformer) Stop() {
	f.clusters.Stop()
	for _, t := range f.targets {
		t.Stop()
	}
}

func (f *FederatedInformer) addCluster(obj map[string]any) {
	name := u.GetName(obj)
	if _, ok := f.targets[name]; ok {
		return
	}
	// Without a client the cluster gets no target informer, and the sync
	// controller's caches never count as synced while it is ready.
	if err := BuildClusterConfig(f.cfg.Host, f.cfg.KubeFedNamespace, obj); err != nil {
		f.cfg.Log.Errorf("federated_informer.go", "Failed to create a client for cluster: %v", err)
		return
	}
	member, err := f.cfg.Members(name)
	if err != nil {
		return
	}
	ns := ""
	if f.target.Namespaced {
		ns = f.cfg.TargetNamespace
	}
	inf := f.cfg.DynamicInformer(member, f.target, ns, TriggerOnAllChanges(f.onTarget))
	inf.Selector = ManagedSelector
	f.targets[name] = inf
	inf.Start()
}

func (f *FederatedInformer) deleteCluster(name string) {
	if t, ok := f.targets[name]; ok {
		t.Stop()
		delete(f.targets, name)
	}
	delete(f.clients, name)
}

// ClustersSynced reports whether the cluster list is cached.
func (f *FederatedInformer) ClustersSynced() bool { return f.clusters.HasSynced() }

func clusterOf(obj map[string]any) Cluster {
	return Cluster{Name: u.GetName(obj), Labels: u.GetLabels(obj), Ready: IsClusterReady(obj), Object: obj}
}

// GetClusters returns every KubeFedCluster, sorted by name. The slice is
// the caller's; the labels and objects in it are shared and read only.
func (f *FederatedInformer) GetClusters() []Cluster {
	l := f.clusterList()
	if len(l) == 0 {
		return nil
	}
	return append([]Cluster(nil), l...)
}

// clusterList is the cached cluster list itself: read only.
func (f *FederatedInformer) clusterList() []Cluster {
	if f.listed == nil || f.listedRev != f.clusters.rev {
		var out []Cluster
		for _, o := range f.clusters.List() {
			out = append(out, clusterOf(o))
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
		if out == nil {
			out = []Cluster{}
		}
		f.listed, f.listedRev = out, f.clusters.rev
	}
	return f.listed
}

// GetReadyClusters returns the ready clusters, sorted by name.
func (f *FederatedInformer) GetReadyClusters() []Cluster {
	var out []Cluster
	for _, c := range f.GetClusters() {
		if c.Ready {
			out = append(out, c)
		}
	}
	return out
}

// TargetsSynced reports whether the target informers of the given clusters
// have listed; a missing API never lists.
func (f *FederatedInformer) TargetsSynced(clusters []Cluster) (bool, []string) {
	var missing []string
	for _, c := range clusters {
		t, ok := f.targets[c.Name]
		if !ok || !t.HasSynced() {
			missing = append(missing, c.Name)
		}
	}
	return len(missing) == 0, missing
}

// ReadyTargetsSynced is TargetsSynced(GetReadyClusters()) without copying
// the cluster list (a sync controller asks before every reconcile).
func (f *FederatedInformer) ReadyTargetsSynced() (bool, []string) {
	var missing []string
	for _, c := range f.clusterList() {
		if !c.Ready {
			continue
		}
		t, ok := f.targets[c.Name]
		if !ok || !t.HasSynced() {
			missing = append(missing, c.Name)
		}
	}
	return len(missing) == 0, missing
}

// GetTargetObject returns a cached member object (read only) or nil.
func (f *FederatedInformer) GetTargetObject(cluster, key string) (map[string]any, error) {
	t, ok := f.targets[cluster]
	if !ok {
		return nil, fmt.Errorf("cluster %q not found", cluster)
	}
	return t.Get(key), nil
}

// GetClientForCluster returns the member API for a ready cluster, building
// its client the first time (then kept until the cluster is deleted or
// changes): with the cluster's secret gone, or anything else
// BuildClusterConfig needs, the error is "Client creation failed: ...".
func (f *FederatedInformer) GetClientForCluster(name string) (*store.Store, error) {
	if !f.clients[name] {
		var cluster map[string]any
		for _, c := range f.clusterList() {
			if c.Name == name && c.Ready {
				cluster = c.Object
			}
		}
		if cluster == nil {
			return nil, fmt.Errorf("cluster %q not found", name)
		}
		if err := BuildClusterConfig(f.cfg.Host, f.cfg.KubeFedNamespace, cluster); err != nil {
			return nil, Wrap(err, "Client creation failed")
		}
		f.clients[name] = true
	}
	return f.cfg.Members(name)
}
