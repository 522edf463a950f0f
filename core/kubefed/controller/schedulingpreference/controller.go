// Package schedulingpreference models kubefed's ReplicaSchedulingPreference
// (RSP) scheduling (pkg/schedulingmanager, pkg/controller/schedulingpreference,
// pkg/schedulingtypes/replicascheduler.go): with the SchedulerPreferences
// gate on, an RSP named like a FederatedDeployment or FederatedReplicaSet
// spreads spec.totalReplicas over the ready member clusters and writes the
// result into that federated object: spec.placement.clusters lists every
// cluster of the plan (sorted, zero-replica clusters included) and each
// cluster gets a /spec/replicas override.
//
// The scheduling manager watches FTCs and serves a federated kind only while
// an FTC for it is Enabled, so nothing is watched (and nothing fails to
// list) before then. The model keeps the manager's bookkeeping and logs at
// V(4) only: their exact upstream text is not part of the facts.
package schedulingpreference

import (
	"fmt"
	"sort"

	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

const src = "schedulingpreference/controller.go"

// Group, Kind of the RSP API.
const (
	Group = "scheduling.kubefed.io"
	Kind  = "ReplicaSchedulingPreference"
)

// schedulable maps the federated kinds RSPs may target to their target type.
var schedulable = map[string]util.Resource{
	"FederatedDeployment": {Group: "apps", Version: "v1", Kind: "Deployment", Namespaced: true},
	"FederatedReplicaSet": {Group: "apps", Version: "v1", Kind: "ReplicaSet", Namespaced: true},
}

// plugin serves one federated kind.
type plugin struct {
	fed     *util.Informer
	members *util.FederatedInformer
}

// Controller is the scheduling manager with its RSP controller.
type Controller struct {
	cfg     *util.ControllerConfig
	Worker  *util.Worker
	ftcs    *util.Informer
	rsps    *util.Informer
	plugins map[string]*plugin
}

// Start starts the scheduling manager.
func Start(cfg *util.ControllerConfig) *Controller {
	c := &Controller{cfg: cfg, plugins: map[string]*plugin{}}
	c.Worker = util.NewControllerWorker("replicaschedulingpreference", cfg, func(q util.QualifiedName) util.Result {
		return util.Done(c.reconcile(q))
	})
	c.rsps = &util.Informer{Store: cfg.Host, Group: Group, Kind: Kind, Namespace: cfg.TargetNamespace, Log: cfg.Log, Release: cfg.Release,
		TypeName: "*v1alpha1.ReplicaSchedulingPreference",
		Handlers: util.TriggerOnAllChanges(c.enqueue)}
	c.ftcs = &util.Informer{Store: cfg.Host, Group: v1beta1.Group, Kind: "FederatedTypeConfig", Namespace: cfg.KubeFedNamespace, Log: cfg.Log,
		Release: cfg.Release, TypeName: "*v1beta1.FederatedTypeConfig",
		Handlers: util.Handlers{
			Add:    func(o map[string]any) { c.ftcChanged(o, false) },
			Update: func(_, o map[string]any) { c.ftcChanged(o, false) },
			Delete: func(o map[string]any) { c.ftcChanged(o, true) },
		}}
	c.rsps.Start()
	c.ftcs.Start()
	return c
}

// Stop stops everything.
func (c *Controller) Stop() {
	c.Worker.Stop()
	c.ftcs.Stop()
	c.rsps.Stop()
	for k, p := range c.plugins {
		p.fed.Stop()
		p.members.Stop()
		delete(c.plugins, k)
	}
}

// Kinds lists the federated kinds being scheduled.
func (c *Controller) Kinds() []string { return u.SortedKeys(c.plugins) }

func (c *Controller) enqueue(obj map[string]any) {
	c.Worker.Enqueue(util.QualifiedName{Namespace: u.GetNamespace(obj), Name: u.GetName(obj)})
}

func (c *Controller) enqueueAll() {
	for _, o := range c.rsps.List() {
		c.enqueue(o)
	}
}

// ftcChanged starts serving a schedulable kind when its FTC is Enabled and
// stops when it no longer is (deleted, being deleted, or Disabled). Only the
// FTC of the event is looked at: other FTCs cannot change the answer.
func (c *Controller) ftcChanged(o map[string]any, deleted bool) {
	ftc, err := v1beta1.FTCFromObject(o)
	if err != nil {
		return
	}
	v1beta1.SetFederatedTypeConfigDefaults(ftc)
	kind := ftc.Spec.FederatedType.Kind
	if _, ok := schedulable[kind]; !ok {
		return
	}
	enabled := !deleted && u.GetDeletionTimestamp(o) == "" && ftc.GetPropagationEnabled()
	p, running := c.plugins[kind]
	switch {
	case running && !enabled:
		c.cfg.Log.V(4, src, "Stopping scheduling of %q", kind)
		p.fed.Stop()
		p.members.Stop()
		delete(c.plugins, kind)
	case !running && enabled:
		c.startPlugin(kind, ftc.GetFederatedType(), ftc.GetTargetType())
	}
}

func (c *Controller) startPlugin(kind string, fed, target v1beta1.Resource) {
	c.cfg.Log.V(4, src, "Starting scheduling of %q", kind)
	byName := func(obj map[string]any) {
		if c.rsps.Get(util.QualifiedName{Namespace: u.GetNamespace(obj), Name: u.GetName(obj)}.String()) != nil {
			c.enqueue(obj)
		}
	}
	p := &plugin{
		fed: c.cfg.DynamicInformer(c.cfg.Host, fed, c.cfg.TargetNamespace, util.TriggerOnAllChanges(byName)),
	}
	p.members = util.NewFederatedInformer(c.cfg, target, byName, util.ClusterLifecycle{
		ClusterAvailable:   func(string) { c.enqueueAll() },
		ClusterUnavailable: func(string) { c.enqueueAll() },
	})
	c.plugins[kind] = p
	p.fed.Start()
	p.members.Start()
	c.enqueueAll()
}

// preferences reads an RSP's spec; an empty clusters map means {"*": {weight: 1}}.
func preferences(rsp map[string]any) Preferences {
	p := Preferences{TotalReplicas: u.NestedInt64(rsp, "spec", "totalReplicas"), Clusters: map[string]ClusterPreferences{}}
	if r, _ := u.Nested(rsp, "spec", "rebalance"); r == true {
		p.Rebalance = true
	}
	for name, v := range u.NestedMap(rsp, "spec", "clusters") {
		m, _ := v.(map[string]any)
		cp := ClusterPreferences{MinReplicas: u.NestedInt64(m, "minReplicas"), Weight: u.NestedInt64(m, "weight")}
		if _, ok := m["maxReplicas"]; ok {
			n := u.NestedInt64(m, "maxReplicas")
			cp.MaxReplicas = &n
		}
		p.Clusters[name] = cp
	}
	if len(p.Clusters) == 0 {
		p.Clusters["*"] = ClusterPreferences{Weight: 1}
	}
	return p
}

func (c *Controller) reconcile(q util.QualifiedName) util.ReconciliationStatus {
	key := q.String()
	rsp := c.rsps.Get(key)
	if rsp == nil {
		return util.StatusAllOK
	}
	kind := u.NestedString(rsp, "spec", "targetKind")
	if _, ok := schedulable[kind]; !ok {
		c.cfg.Log.HandleError(src, fmt.Errorf("RSP target kind: %s is incorrect", kind))
		return util.StatusNeedsRecheck
	}
	p := c.plugins[kind]
	if p == nil {
		// No Enabled FTC for the kind: nothing serves it.
		return util.StatusAllOK
	}
	fedObj := p.fed.Get(key)
	if fedObj == nil {
		return util.StatusAllOK
	}
	all := p.members.GetClusters()
	var ready []string
	for _, cl := range p.members.GetReadyClusters() {
		ready = append(ready, cl.Name)
	}
	// intersectWithClusterSelector arrived in v0.8.0 (PR #1393); older
	// releases ignore the field.
	if intersect, _ := u.Nested(rsp, "spec", "intersectWithClusterSelector"); intersect == true && c.cfg.Release.Has(release.RSPIntersect) {
		selected, err := c.cfg.Placer().ComputePlacement(fedObj, all)
		if err != nil {
			c.cfg.Log.HandleError(src, err)
			return util.StatusError
		}
		var kept []string
		for _, n := range ready {
			if selected[n] {
				kept = append(kept, n)
			}
		}
		ready = kept
	}
	current := map[string]int64{}
	for _, n := range ready {
		if o, err := p.members.GetTargetObject(n, key); err == nil && o != nil {
			if _, ok := u.Nested(o, "spec", "replicas"); ok {
				current[n] = u.NestedInt64(o, "spec", "replicas")
			}
		}
	}
	plan := Plan(preferences(rsp), ready, current, key)
	desired := u.DeepCopyMap(fedObj)
	setPlan(desired, plan)
	if u.Equal(desired["spec"], fedObj["spec"]) {
		return util.StatusAllOK
	}
	if _, err := c.cfg.Host.Update(desired); err != nil {
		c.cfg.Log.HandleError(src, fmt.Errorf("failed to update %s %q: %v", kind, key, err))
		return util.StatusError
	}
	return util.StatusAllOK
}

// setPlan writes the placement and the /spec/replicas overrides.
func setPlan(obj map[string]any, plan map[string]int64) {
	names := make([]string, 0, len(plan))
	for n := range plan {
		names = append(names, n)
	}
	sort.Strings(names)
	clusters := make([]any, 0, len(names))
	for _, n := range names {
		clusters = append(clusters, map[string]any{"name": n})
	}
	u.SetNested(obj, clusters, "spec", "placement", "clusters")

	var overrides []any
	seen := map[string]bool{}
	for _, o := range u.NestedSlice(obj, "spec", "overrides") {
		om, _ := o.(map[string]any)
		name, _ := om["clusterName"].(string)
		n, planned := plan[name]
		var kept []any
		for _, co := range u.NestedSlice(om, "clusterOverrides") {
			cm, _ := co.(map[string]any)
			if cm["path"] == "/spec/replicas" {
				continue
			}
			kept = append(kept, co)
		}
		if planned {
			kept = append(kept, map[string]any{"path": "/spec/replicas", "value": n})
			seen[name] = true
		}
		if len(kept) == 0 {
			continue
		}
		entry := u.DeepCopyMap(om)
		entry["clusterOverrides"] = kept
		overrides = append(overrides, entry)
	}
	for _, n := range names {
		if !seen[n] {
			overrides = append(overrides, map[string]any{"clusterName": n,
				"clusterOverrides": []any{map[string]any{"path": "/spec/replicas", "value": plan[n]}}})
		}
	}
	if overrides == nil {
		overrides = []any{}
	}
	u.SetNested(obj, overrides, "spec", "overrides")
}
