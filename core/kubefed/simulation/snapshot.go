package simulation

import (
	"fmt"
	"sort"
	"strings"
	"time"

	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/federatedtypeconfig"
	syncctl "github.com/kubexplorer/kubexplorer/core/kubefed/controller/sync"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// Snapshot is the observable state after a step. JSON field names follow
// Kubernetes where the data is Kubernetes-shaped.
type Snapshot struct {
	Time               string                        `json:"time"`
	Elapsed            string                        `json:"elapsed"`
	ControllerManager  ManagerView                   `json:"controllerManager"`
	FTCs               []FTCView                     `json:"ftcs"`
	Controllers        []federatedtypeconfig.Running `json:"controllers"`
	Queues             []QueueView                   `json:"queues"`
	FederatedResources []FederatedView               `json:"federatedResources"`
	Clusters           []ClusterView                 `json:"clusters"`
}

// ManagerView is the controller-manager process.
type ManagerView struct {
	Running    bool   `json:"running"`
	Starts     int    `json:"starts"`
	Crashes    int    `json:"crashes"`
	ExitReason string `json:"exitReason,omitempty"`
	NextStart  string `json:"nextStart,omitempty"`
}

// FTCView is one FederatedTypeConfig.
type FTCView struct {
	Namespace         string         `json:"namespace"`
	Name              string         `json:"name"`
	Generation        int64          `json:"generation"`
	ResourceVersion   string         `json:"resourceVersion"`
	Finalizers        []string       `json:"finalizers"`
	DeletionTimestamp string         `json:"deletionTimestamp,omitempty"`
	Spec              map[string]any `json:"spec"`
	Status            map[string]any `json:"status,omitempty"`
	// Explain is an explorer overlay, not kubefed's: where the status and
	// reality part ways ("Running" only means goroutines were started).
	Explain []string `json:"explain,omitempty"`
}

// QueueView is a controller's work queue.
type QueueView struct {
	Controller string             `json:"controller"`
	Current    string             `json:"current,omitempty"`
	Pending    []util.PendingItem `json:"pending"`
	Reconciles int                `json:"reconciles"`
}

// FederatedView is one federated resource with its per-cluster view.
type FederatedView struct {
	APIVersion        string             `json:"apiVersion"`
	Kind              string             `json:"kind"`
	Namespace         string             `json:"namespace,omitempty"`
	Name              string             `json:"name"`
	Generation        int64              `json:"generation"`
	Finalizers        []string           `json:"finalizers"`
	DeletionTimestamp string             `json:"deletionTimestamp,omitempty"`
	Status            map[string]any     `json:"status,omitempty"`
	Events            []*util.Event      `json:"events"`
	Placement         []ClusterPlacement `json:"placement"`
	Object            map[string]any     `json:"object"`
	// Reconciled is the sync controller's last reconcile of the resource;
	// absent when no sync controller has reconciled it (its FTC is not
	// running, or the controller still waits for its caches). The
	// decisions per cluster are in Placement[].Sync.
	Reconciled *ReconcileView `json:"reconciled,omitempty"`
}

// ReconcileView says when the sync controller last reconciled a resource.
type ReconcileView struct {
	At         string `json:"at"`
	Generation int64  `json:"generation"`
	Deleting   bool   `json:"deleting,omitempty"`
}

// ClusterPlacement explains one cluster for one resource. Reason is an
// explorer overlay computed for the snapshot: kubefed itself records no such
// text. Sync is what the sync controller itself decided for the cluster on
// its last reconcile (the answer to "why is it (not) there"); absent when the
// controller has not reconciled the resource since the cluster joined.
type ClusterPlacement struct {
	Cluster  string            `json:"cluster"`
	Selected bool              `json:"selected"`
	Reason   string            `json:"reason"`
	Desired  map[string]any    `json:"desired,omitempty"`
	Actual   map[string]any    `json:"actual,omitempty"`
	Diff     []string          `json:"diff,omitempty"`
	Sync     *syncctl.Decision `json:"sync,omitempty"`
}

// ClusterView is one member cluster.
type ClusterView struct {
	Name       string            `json:"name"`
	Health     string            `json:"health"`
	Ready      bool              `json:"ready"`
	Labels     map[string]string `json:"labels,omitempty"`
	Conditions []any             `json:"conditions,omitempty"`
	Joined     bool              `json:"joined"`
	Objects    []map[string]any  `json:"objects"`
}

// Snapshot captures the current state.
func (s *Simulation) Snapshot() *Snapshot {
	now := s.Clock.Now()
	snap := &Snapshot{Time: now.UTC().Format(time.RFC3339), Elapsed: s.Clock.Elapsed().String()}
	m := s.Manager
	snap.ControllerManager = ManagerView{Running: m.Running, Starts: m.Starts, Crashes: m.Crashes, ExitReason: m.ExitReason}
	if !m.NextStart.IsZero() {
		snap.ControllerManager.NextStart = m.NextStart.UTC().Format(time.RFC3339)
	}
	for _, o := range s.Host.List(v1beta1.Group, "FederatedTypeConfig", "") {
		v := FTCView{Namespace: u.GetNamespace(o), Name: u.GetName(o), Generation: u.GetGeneration(o), ResourceVersion: u.GetResourceVersion(o),
			Finalizers: u.GetFinalizers(o), DeletionTimestamp: u.GetDeletionTimestamp(o), Spec: u.NestedMap(o, "spec"), Status: u.NestedMap(o, "status")}
		if v.Finalizers == nil {
			v.Finalizers = []string{}
		}
		v.Explain = s.explainFTC(o)
		snap.FTCs = append(snap.FTCs, v)
	}
	snap.Controllers = []federatedtypeconfig.Running{}
	if m.FTC != nil {
		snap.Controllers = append(snap.Controllers, m.FTC.RunningControllers()...)
		snap.Queues = append(snap.Queues, queueView("federatedtypeconfig", m.FTC.Worker))
		syncs := m.FTC.SyncControllers()
		for _, k := range u.SortedKeys(syncs) {
			snap.Queues = append(snap.Queues, queueView(strings.ToLower(syncs[k].FederatedKind()), syncs[k].Worker))
		}
	}
	if m.Scheduling != nil {
		snap.Queues = append(snap.Queues, queueView("replicaschedulingpreference", m.Scheduling.Worker))
	}
	snap.FederatedResources = s.federatedViews()
	snap.Clusters = s.clusterViews()
	return snap
}

// explainFTC compares an FTC's status with what runs and what is served.
func (s *Simulation) explainFTC(o map[string]any) []string {
	f, err := v1beta1.FTCFromObject(o)
	if err != nil {
		return nil
	}
	v1beta1.SetFederatedTypeConfigDefaults(f)
	var out []string
	name := u.GetName(o)
	if u.GetNamespace(o) != s.Opts.KubeFedNamespace {
		return []string{"outside the KubeFed system namespace " + s.Opts.KubeFedNamespace + ": the FTC controller does not see it"}
	}
	said := u.NestedString(o, "status", "propagationController")
	running := false
	if m := s.Manager; m.FTC != nil {
		for _, r := range m.FTC.RunningControllers() {
			if r.Key == name && r.Type == "sync" {
				running = true
			}
		}
	}
	switch {
	case said == "Running" && !running:
		out = append(out, "status says Running but no sync controller runs for it")
	case said == "NotRunning" && running:
		out = append(out, "status says NotRunning but a sync controller runs for it")
	}
	if said != "Running" {
		return out
	}
	fed, t := f.GetFederatedType(), f.GetTargetType()
	if _, ok := s.Host.KindFor(fed.Group, fed.Kind); !ok {
		out = append(out, "Running, but the host does not serve "+fed.APIVersionOf()+" "+fed.Kind+" (its CRD is missing)")
	}
	for _, m := range s.Members() {
		if _, ok := m.Store.KindFor(t.Group, t.Kind); !ok {
			out = append(out, "Running, but member cluster "+m.Name+" does not serve "+t.APIVersionOf()+" "+t.Kind)
		}
	}
	return out
}

func queueView(name string, w *util.Worker) QueueView {
	p := w.Pending()
	if p == nil {
		p = []util.PendingItem{}
	}
	return QueueView{Controller: name, Current: w.Current(), Pending: p, Reconciles: w.Reconciles}
}

// ftcs returns the FTCs in the KubeFed namespace, defaulted.
func (s *Simulation) ftcs() []*v1beta1.FederatedTypeConfig {
	var out []*v1beta1.FederatedTypeConfig
	for _, o := range s.Host.List(v1beta1.Group, "FederatedTypeConfig", s.Opts.KubeFedNamespace) {
		f, err := v1beta1.FTCFromObject(o)
		if err != nil {
			continue
		}
		v1beta1.SetFederatedTypeConfigDefaults(f)
		out = append(out, f)
	}
	return out
}

func (s *Simulation) federatedViews() []FederatedView {
	var out []FederatedView
	clusters := s.clusterList()
	var fedNSKind *v1beta1.Resource
	for _, f := range s.ftcs() {
		if f.IsNamespace() {
			r := f.GetFederatedType()
			fedNSKind = &r
		}
	}
	listed := map[store.GroupKind]bool{}
	for _, f := range s.ftcs() {
		ft := f.GetFederatedType()
		k, ok := s.Host.KindFor(ft.Group, ft.Kind)
		if !ok {
			continue
		}
		listed[k.GK()] = true
		var sc *syncctl.KubeFedSyncController
		if s.Manager.FTC != nil {
			sc = s.Manager.FTC.SyncControllers()[f.Metadata.Name]
		}
		for _, o := range s.Host.List(k.Group, k.Kind, "") {
			v := federatedView(s, o)
			v.Placement = s.explain(f, o, clusters, fedNSKind)
			if sc != nil {
				withDecisions(&v, sc.LastReconcile(v.Namespace, v.Name))
			}
			out = append(out, v)
		}
	}
	// Federated resources whose type no FTC (in the KubeFed namespace)
	// names any more still exist: deleting or disabling an FTC leaves them,
	// finalizer and all (quirk Q5), and nothing reconciles them.
	for _, k := range s.Host.Kinds() {
		// kubefed's own types (FTCs, PropagatedVersions, ...) are never
		// federated; skipping them keeps a snapshot from listing every
		// PropagatedVersion.
		if listed[k.GK()] || !k.CRD || k.Group == v1beta1.Group || k.Group == "scheduling.kubefed.io" {
			continue
		}
		objs := s.Host.List(k.Group, k.Kind, "")
		if !federatedShape(k) && !anySyncFinalizer(objs) {
			continue
		}
		for _, o := range objs {
			v := federatedView(s, o)
			for _, c := range clusters {
				v.Placement = append(v.Placement, ClusterPlacement{Cluster: c.Name,
					Reason: "no FederatedTypeConfig in " + s.Opts.KubeFedNamespace + " federates " + k.Kind + ": no sync controller acts on it"})
			}
			out = append(out, v)
		}
	}
	return out
}

func federatedView(s *Simulation, o map[string]any) FederatedView {
	v := FederatedView{APIVersion: u.GetAPIVersion(o), Kind: u.GetKind(o), Namespace: u.GetNamespace(o), Name: u.GetName(o),
		Generation: u.GetGeneration(o), Finalizers: u.GetFinalizers(o), DeletionTimestamp: u.GetDeletionTimestamp(o),
		Status: u.NestedMap(o, "status"), Object: o}
	if v.Finalizers == nil {
		v.Finalizers = []string{}
	}
	v.Events = s.Recorder.For(util.ObjectRef{Kind: v.Kind, Namespace: v.Namespace, Name: v.Name})
	if v.Events == nil {
		v.Events = []*util.Event{}
	}
	return v
}

// withDecisions adds the sync controller's last reconcile to a view.
func withDecisions(v *FederatedView, rec *syncctl.Reconcile) {
	if rec == nil {
		return
	}
	v.Reconciled = &ReconcileView{At: rec.At.UTC().Format(time.RFC3339), Generation: rec.Generation, Deleting: rec.Deleting}
	for i := range v.Placement {
		for j := range rec.Clusters {
			if rec.Clusters[j].Cluster == v.Placement[i].Cluster {
				v.Placement[i].Sync = &rec.Clusters[j]
			}
		}
	}
}

// federatedShape recognises a federated CRD (as kubefedctl enable generates
// it) by its schema: spec.template and spec.placement.
func federatedShape(k *store.Kind) bool {
	if k.Schema == nil {
		return false
	}
	spec := k.Schema.Properties["spec"]
	return spec != nil && spec.Properties["template"] != nil && spec.Properties["placement"] != nil
}

func anySyncFinalizer(objs []map[string]any) bool {
	for _, o := range objs {
		for _, f := range u.GetFinalizers(o) {
			if f == syncctl.FinalizerSyncController {
				return true
			}
		}
	}
	return false
}

func (s *Simulation) clusterList() []util.Cluster {
	var out []util.Cluster
	for _, o := range s.Host.List(v1beta1.Group, "KubeFedCluster", s.Opts.KubeFedNamespace) {
		out = append(out, util.Cluster{Name: u.GetName(o), Labels: u.GetLabels(o), Ready: util.IsClusterReady(o), Object: o})
	}
	return out
}

// explain is the explorer overlay: why each cluster is or is not placed,
// what the member object should be (the create pipeline of the sync
// controller) and what it is.
func (s *Simulation) explain(f *v1beta1.FederatedTypeConfig, obj map[string]any, clusters []util.Cluster, fedNSKind *v1beta1.Resource) []ClusterPlacement {
	var out []ClusterPlacement
	own, err := s.Cfg.Placer().ComputePlacement(obj, clusters)
	if err != nil {
		for _, c := range clusters {
			out = append(out, ClusterPlacement{Cluster: c.Name, Reason: "placement error: " + err.Error()})
		}
		return out
	}
	var fedNS map[string]any
	nsSel := map[string]bool{}
	if f.GetNamespaced() && fedNSKind != nil {
		ns := u.GetNamespace(obj)
		fedNS = s.Host.Peek(fedNSKind.Group, fedNSKind.Kind, ns, ns)
		if fedNS != nil {
			nsSel, _ = s.Cfg.Placer().ComputePlacement(fedNS, clusters)
		}
	}
	limited := s.Cfg.LimitedScope()
	d, _ := s.Cfg.Placer().GetPlacementDirective(obj)
	t := f.GetTargetType()
	for _, c := range clusters {
		cp := ClusterPlacement{Cluster: c.Name}
		switch {
		case !own[c.Name] && d != nil && d.HasClusters:
			cp.Reason = "not in spec.placement.clusters"
		case !own[c.Name] && d != nil && !d.SelectorGiven:
			cp.Reason = "no spec.placement.clusters and no clusterSelector: nothing selected"
		case !own[c.Name]:
			cp.Reason = "clusterSelector does not match the cluster's labels"
		case f.GetNamespaced() && fedNS == nil && !limited:
			cp.Reason = "namespace not federated: no FederatedNamespace " + u.GetNamespace(obj)
		case f.GetNamespaced() && fedNS != nil && !nsSel[c.Name]:
			cp.Reason = "excluded by the placement of FederatedNamespace " + u.GetNamespace(obj)
		default:
			cp.Selected = true
			cp.Reason = "selected"
			if !c.Ready {
				cp.Reason = "selected, but the cluster is not ready"
			}
		}
		if cp.Selected {
			if desired, err := syncctl.DesiredObject(s.Cfg.Release, f, u.DeepCopyMap(obj), c.Name); err == nil {
				cp.Desired = desired
			} else {
				cp.Reason += "; cannot compute the object: " + err.Error()
			}
		}
		if m, ok := s.members[c.Name]; ok {
			ns := u.GetNamespace(obj)
			if !t.Namespaced {
				ns = ""
			}
			name := u.GetName(obj)
			if a := m.Store.Peek(t.Group, t.Kind, ns, name); a != nil {
				cp.Actual = a
			} else if _, served := m.Store.KindFor(t.Group, t.Kind); !served {
				cp.Reason += "; the member cluster does not serve " + t.APIVersionOf() + " " + t.Kind
			}
		}
		if cp.Desired != nil || cp.Actual != nil {
			cp.Diff = Diff(cp.Desired, cp.Actual)
		}
		out = append(out, cp)
	}
	return out
}

func (s *Simulation) clusterViews() []ClusterView {
	var out []ClusterView
	joined := map[string]map[string]any{}
	for _, o := range s.Host.List(v1beta1.Group, "KubeFedCluster", s.Opts.KubeFedNamespace) {
		joined[u.GetName(o)] = o
	}
	for _, m := range s.Members() {
		v := ClusterView{Name: m.Name, Health: string(m.Health), Objects: []map[string]any{}}
		if o, ok := joined[m.Name]; ok {
			v.Joined = true
			v.Ready = util.IsClusterReady(o)
			v.Labels = u.GetLabels(o)
			v.Conditions = u.NestedSlice(o, "status", "conditions")
		}
		if !m.HostCluster {
			for _, k := range m.Store.Kinds() {
				for _, o := range m.Store.List(k.Group, k.Kind, "") {
					if k.Kind == "Namespace" && (isSystemNS(u.GetName(o)) || u.GetName(o) == s.Opts.KubeFedNamespace) {
						continue
					}
					v.Objects = append(v.Objects, o)
				}
			}
		}
		out = append(out, v)
	}
	return out
}

func isSystemNS(n string) bool {
	switch n {
	case "default", "kube-system", "kube-public", "kube-node-lease":
		return true
	}
	return false
}

// Diff lists the leaf paths where desired and actual differ, ignoring
// server-set metadata. Lines are "+path=value" (only in actual), "-path=value"
// (only desired) or "~path: desired -> actual".
func Diff(desired, actual map[string]any) []string {
	var out []string
	var walk func(path string, a, b any)
	walk = func(path string, a, b any) {
		am, aok := a.(map[string]any)
		bm, bok := b.(map[string]any)
		// A map on one side only is walked against an empty map, so that
		// server-set fields inside it are still ignored.
		if aok && b == nil {
			bm, bok = map[string]any{}, true
		}
		if bok && a == nil {
			am, aok = map[string]any{}, true
		}
		if aok && bok {
			keys := map[string]bool{}
			for k := range am {
				keys[k] = true
			}
			for k := range bm {
				keys[k] = true
			}
			for _, k := range u.SortedKeys(keys) {
				p := k
				if path != "" {
					p = path + "." + k
				}
				if ignoredPath(p) {
					continue
				}
				walk(p, am[k], bm[k])
			}
			return
		}
		switch {
		case a == nil && b == nil:
		case a == nil:
			out = append(out, "+"+path+"="+string(u.Marshal(b)))
		case b == nil:
			out = append(out, "-"+path+"="+string(u.Marshal(a)))
		case path == "apiVersion" && strings.TrimPrefix(fmt.Sprint(a), "/") == fmt.Sprint(b):
			// The sync controller sends "/v1" for the core group and the
			// member's API server stores it as "v1": not a difference.
		case !u.Equal(a, b):
			out = append(out, "~"+path+": "+string(u.Marshal(a))+" -> "+string(u.Marshal(b)))
		}
	}
	walk("", desired, actual)
	sort.Strings(out)
	return out
}

func ignoredPath(p string) bool {
	switch p {
	case "metadata.uid", "metadata.resourceVersion", "metadata.creationTimestamp", "metadata.generation", "status":
		return true
	}
	return false
}
