// Package schedulingpreference models kubefed's ReplicaSchedulingPreference
// (RSP) scheduling (pkg/controller/schedulingmanager,
// pkg/controller/schedulingpreference, pkg/schedulingtypes): with the
// SchedulerPreferences gate on, an RSP named like a FederatedDeployment or
// FederatedReplicaSet spreads spec.totalReplicas over the ready member
// clusters and writes the result into that federated object:
// spec.placement.clusters lists every cluster of the plan (sorted,
// zero-replica clusters included) and each cluster gets a /spec/replicas
// override.
//
// The scheduling manager reconciles FTCs by name: the FTCs named
// deployments.apps and replicasets.apps, while Enabled, get a scheduling
// plugin for their federated kind (and the RSP controller runs while any
// plugin does). From v0.8.0 a plugin needs the namespaces FTC (its
// FederatedNamespace type serves intersectWithClusterSelector); without it
// the start fails and is retried with back-off.
package schedulingpreference

import (
	"errors"
	"fmt"
	"sort"

	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

const (
	src        = "schedulingmanager/controller.go"
	srcRSP     = "schedulingpreference/controller.go"
	srcPlugin  = "schedulingtypes/replicascheduler.go"
	schedKind  = "ReplicaSchedulingPreference"
	fedNSError = "Unable to start plugin %s for %s due to missing FederatedTypeConfig for namespaces"
)

// Group, Kind of the RSP API.
const (
	Group = "scheduling.kubefed.io"
	Kind  = schedKind
)

// schedulableFTCs are the FTC names the RSP scheduling type is registered
// for (replicascheduler.go's init).
var schedulableFTCs = map[string]bool{"deployments.apps": true, "replicasets.apps": true}

// plugin serves one federated kind.
type plugin struct {
	ftc     string
	ftcObj  *v1beta1.FederatedTypeConfig
	fed     *util.Informer
	members *util.FederatedInformer
	fedNS   v1beta1.Resource
}

// Controller is the scheduling manager with its RSP controller.
type Controller struct {
	cfg *util.ControllerConfig
	// Manager reconciles FTCs; Worker reconciles RSPs.
	Manager *util.Worker
	Worker  *util.Worker
	ftcs    *util.Informer
	rsps    *util.Informer
	// plugins are keyed by federated kind (an RSP's targetKind).
	plugins map[string]*plugin
}

// Start starts the scheduling manager.
func Start(cfg *util.ControllerConfig) *Controller {
	c := &Controller{cfg: cfg, plugins: map[string]*plugin{}}
	c.Manager = util.NewControllerWorker("schedulingmanager", cfg, func(q util.QualifiedName) util.Result {
		return util.Done(c.reconcileFTC(q))
	})
	c.Worker = util.NewControllerWorker("replicaschedulingpreference", cfg, func(q util.QualifiedName) util.Result {
		return util.Done(c.reconcile(q))
	})
	c.rsps = &util.Informer{Store: cfg.Host, Group: Group, Kind: Kind, Namespace: cfg.TargetNamespace, Log: cfg.Log, Release: cfg.Release,
		TypeName: "*v1alpha1.ReplicaSchedulingPreference",
		Handlers: util.TriggerOnAllChanges(c.enqueue)}
	c.ftcs = &util.Informer{Store: cfg.Host, Group: v1beta1.Group, Kind: "FederatedTypeConfig", Namespace: cfg.KubeFedNamespace, Log: cfg.Log,
		Release: cfg.Release, TypeName: "*v1beta1.FederatedTypeConfig",
		Handlers: util.TriggerOnAllChanges(func(o map[string]any) {
			c.Manager.Enqueue(util.QualifiedName{Namespace: u.GetNamespace(o), Name: u.GetName(o)})
		})}
	cfg.Log.Infof(src, "Starting scheduling manager")
	c.ftcs.Start()
	return c
}

// Stop stops everything.
func (c *Controller) Stop() {
	c.Manager.Stop()
	c.Worker.Stop()
	c.ftcs.Stop()
	c.rsps.Stop()
	for k, p := range c.plugins {
		p.fed.Stop()
		p.members.Stop()
		delete(c.plugins, k)
	}
}

func (c *Controller) enqueue(obj map[string]any) {
	c.Worker.Enqueue(util.QualifiedName{Namespace: u.GetNamespace(obj), Name: u.GetName(obj)})
}

func (c *Controller) enqueueAll() {
	for _, o := range c.rsps.List() {
		c.enqueue(o)
	}
}

func (c *Controller) pluginFor(ftcName string) (string, *plugin) {
	for kind, p := range c.plugins {
		if p.ftc == ftcName {
			return kind, p
		}
	}
	return "", nil
}

// reconcileFTC is SchedulingManager.reconcile: start the RSP controller and
// the FTC's plugin while the FTC is Enabled, stop them when it is not.
func (c *Controller) reconcileFTC(q util.QualifiedName) util.ReconciliationStatus {
	log := c.cfg.Log
	key := q.String()
	log.V(3, src, "Running reconcile FederatedTypeConfig %q in scheduling manager", key)
	if !schedulableFTCs[q.Name] {
		return util.StatusAllOK
	}
	obj := c.ftcs.Get(key)
	var ftc *v1beta1.FederatedTypeConfig
	if obj != nil {
		var err error
		if ftc, err = v1beta1.FTCFromObject(obj); err != nil {
			log.HandleError(src, util.Wrap(err, "Failed to query FederatedTypeConfig store for %q in scheduling manager", key))
			return util.StatusError
		}
	}
	if ftc == nil || !ftc.GetPropagationEnabled() || ftc.Metadata.DeletionTimestamp != "" {
		c.stopPlugin(q.Name)
		return util.StatusAllOK
	}
	v1beta1.SetFederatedTypeConfigDefaults(ftc)
	if len(c.plugins) == 0 && !c.rspControllerRunning() {
		log.Infof(src, "Starting schedulingpreference controller for %s", schedKind)
		log.Infof(srcRSP, "Starting replicaschedulingpreferences controller")
		c.rsps.Start()
	}
	if _, p := c.pluginFor(q.Name); p != nil {
		return util.StatusAllOK
	}
	kind := ftc.GetFederatedType().Kind
	var fedNS v1beta1.Resource
	if c.cfg.Release.Has(release.RSPIntersect) {
		nsObj := c.ftcs.Get(util.QualifiedName{Namespace: c.cfg.KubeFedNamespace, Name: v1beta1.NamespaceName}.String())
		if nsObj == nil {
			err := util.Errorf("Unable to find %q in the informer cache", c.cfg.KubeFedNamespace+"/"+v1beta1.NamespaceName)
			log.HandleError(src, util.Wrap(err, fedNSError, kind, schedKind))
			return util.StatusError
		}
		if ns, err := v1beta1.FTCFromObject(nsObj); err == nil {
			v1beta1.SetFederatedTypeConfigDefaults(ns)
			fedNS = ns.GetFederatedType()
		}
	}
	log.Infof(src, "Starting plugin %s for %s", kind, schedKind)
	c.startPlugin(q.Name, ftc, fedNS)
	return util.StatusAllOK
}

func (c *Controller) rspControllerRunning() bool { return c.rsps.HasSynced() }

func (c *Controller) stopPlugin(ftcName string) {
	if !c.rspControllerRunning() {
		return
	}
	if kind, p := c.pluginFor(ftcName); p != nil {
		c.cfg.Log.Infof(src, "Stopping plugin %s for %s", kind, schedKind)
		p.fed.Stop()
		p.members.Stop()
		delete(c.plugins, kind)
	}
	if len(c.plugins) == 0 {
		c.cfg.Log.Infof(src, "Stopping schedulingpreference controller for %q", schedKind)
		c.rsps.Stop()
		c.rsps = &util.Informer{Store: c.rsps.Store, Group: Group, Kind: Kind, Namespace: c.cfg.TargetNamespace, Log: c.cfg.Log,
			Release: c.cfg.Release, TypeName: c.rsps.TypeName, Handlers: c.rsps.Handlers}
	}
}

func (c *Controller) startPlugin(ftcName string, ftc *v1beta1.FederatedTypeConfig, fedNS v1beta1.Resource) {
	kind := ftc.GetFederatedType().Kind
	byName := func(obj map[string]any) {
		if c.rsps.Get(util.QualifiedName{Namespace: u.GetNamespace(obj), Name: u.GetName(obj)}.String()) != nil {
			c.enqueue(obj)
		}
	}
	p := &plugin{
		ftc: ftcName, ftcObj: ftc, fedNS: fedNS,
		fed: c.cfg.DynamicInformer(c.cfg.Host, ftc.GetFederatedType(), c.cfg.TargetNamespace, util.TriggerOnAllChanges(byName)),
	}
	p.members = util.NewFederatedInformer(c.cfg, ftc.GetTargetType(), byName, util.ClusterLifecycle{
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
	if kind != "FederatedDeployment" && kind != "FederatedReplicaSet" {
		c.cfg.Log.HandleError(srcRSP, fmt.Errorf("RSP target kind: %s is incorrect", kind))
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
	readyClusters := p.members.GetReadyClusters()
	var ready []string
	for _, cl := range readyClusters {
		ready = append(ready, cl.Name)
	}
	// intersectWithClusterSelector arrived in v0.8.0 (PR #1393); older
	// releases ignore the field.
	if intersect, _ := u.Nested(rsp, "spec", "intersectWithClusterSelector"); intersect == true && c.cfg.Release.Has(release.RSPIntersect) {
		selected, err := c.preferredClusters(p, fedObj, readyClusters)
		if err != nil {
			c.cfg.Log.HandleError(srcPlugin, util.Wrap(err, "Failed to get preferred clusters while reconciling RSP named %q", key))
			return util.StatusError
		}
		if len(selected) == 0 {
			return util.StatusAllOK
		}
		ready = util.SortedSet(selected)
	}
	current, err := c.currentReplicas(p, ready, key)
	if err != nil {
		c.cfg.Log.HandleError(srcPlugin, util.Wrap(err, "Failed to compute the schedule information while reconciling RSP named %q", key))
		return util.StatusError
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

// currentReplicas is clustersReplicaState: for each ready cluster holding
// the managed object, its replicas when status.readyReplicas equals
// spec.replicas, else the pods the object selects that are Running with a
// Ready condition (counted whatever the condition's status, as upstream
// does). Before v0.7.0 (PR #1385) the field was read as
// status.readyreplicas, which no object has.
func (c *Controller) currentReplicas(p *plugin, ready []string, key string) (map[string]int64, error) {
	readyField := "readyReplicas"
	if !c.cfg.Release.Has(release.RSPReadyReplicas) {
		readyField = "readyreplicas"
	}
	current := map[string]int64{}
	for _, n := range ready {
		o, err := p.members.GetTargetObject(n, key)
		if err != nil {
			return nil, err
		}
		if o == nil {
			continue
		}
		replicas := u.NestedInt64(o, "spec", "replicas")
		if readyReplicas := u.NestedInt64(o, "status", readyField); replicas == readyReplicas {
			current[n] = readyReplicas
			continue
		}
		sel, ok := u.Nested(o, "spec", "selector", "matchLabels")
		labels, isMap := sel.(map[string]any)
		if !ok || !isMap {
			return nil, errors.New("missing selector on object") // upstream's exact message
		}
		member, err := c.cfg.Members(n)
		if err != nil {
			return nil, err
		}
		var running int64
		for _, pod := range member.List("", "Pod", u.GetNamespace(o)) {
			if !matchesLabels(pod, labels) || u.NestedString(pod, "status", "phase") != "Running" {
				continue
			}
			for _, cd := range u.NestedSlice(pod, "status", "conditions") {
				if cm, _ := cd.(map[string]any); cm != nil && cm["type"] == "Ready" {
					running++
				}
			}
		}
		current[n] = running
	}
	return current, nil
}

func matchesLabels(obj map[string]any, want map[string]any) bool {
	have := u.GetLabels(obj)
	for k, v := range want {
		if s, _ := v.(string); have[k] != s {
			return false
		}
	}
	return true
}

// preferredClusters is Plugin.GetResourceClusters: the ready clusters the
// federated object's clusterSelector picks (its clusters list is ignored),
// intersected, for a namespaced type, with its FederatedNamespace's. Both
// objects are read from the API: a missing FederatedNamespace is an error,
// even in a namespaced control plane.
func (c *Controller) preferredClusters(p *plugin, fedObj map[string]any, ready []util.Cluster) (map[string]bool, error) {
	key := util.QualifiedName{Namespace: u.GetNamespace(fedObj), Name: u.GetName(fedObj)}
	fed := p.ftcObj.GetFederatedType()
	obj, err := c.cfg.Host.Get(fed.Group, fed.Kind, key.Namespace, key.Name)
	if err != nil {
		return nil, err
	}
	ns, err := c.cfg.Host.Get(p.fedNS.Group, p.fedNS.Kind, key.Namespace, key.Namespace)
	if err != nil {
		return nil, err
	}
	placer := c.cfg.Placer()
	placer.SelectorOnly = true
	if p.ftcObj.GetNamespaced() {
		return placer.ComputeNamespacedPlacement(obj, ns, ready, c.cfg.LimitedScope())
	}
	return placer.ComputePlacement(obj, ready)
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
