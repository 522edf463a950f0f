// Package federatedtypeconfig models kubefed's FederatedTypeConfig
// controller (pkg/controller/federatedtypeconfig/controller.go) in every
// release from v0.3.0 to v0.10.0 (it is identical from v0.8.0).
//
// The controller watches FTCs in the KubeFed system namespace only. For each
// it adds the finalizer core.kubefed.io/federated-type-config, starts, stops
// or refreshes the sync controller (and, for services, the status
// controller), and writes status.{observedGeneration, propagationController,
// statusController}. "Running" means only that a key is present in the
// controller's map of stop channels; status.propagationController is derived
// from the decision formula, not from the map, so the two can disagree
// (quirk Q1). The controller records no Events: its only outputs are the
// status, the finalizer and log lines.
package federatedtypeconfig

import (
	"sort"
	"time"

	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	statusctl "github.com/kubexplorer/kubexplorer/core/kubefed/controller/status"
	syncctl "github.com/kubexplorer/kubexplorer/core/kubefed/controller/sync"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

const src = "federatedtypeconfig/controller.go"

// Stoppable is a running sync or status controller (or a holder).
type Stoppable interface{ Stop() }

type holder struct{}

func (holder) Stop() {}

// Running describes one entry of the stop-channel map.
type Running struct {
	Key   string    `json:"key"`
	Type  string    `json:"type"` // sync, status, holder
	Kind  string    `json:"kind"` // federated kind
	Since time.Time `json:"since"`
}

type entry struct {
	c    Stoppable
	info Running
}

// Controller is the FTC controller.
type Controller struct {
	cfg      *util.ControllerConfig
	informer *util.Informer
	Worker   *util.Worker
	running  map[string]*entry
	held     []store.Event
}

// StartController logs the start line, lists FTCs and starts the worker.
func StartController(cfg *util.ControllerConfig) *Controller {
	c := &Controller{cfg: cfg, running: map[string]*entry{}}
	c.Worker = util.NewControllerWorker("federatedtypeconfig", cfg, c.reconcile)
	c.informer = &util.Informer{
		Store: cfg.Host, Group: v1beta1.Group, Kind: "FederatedTypeConfig", Namespace: cfg.KubeFedNamespace,
		Log: cfg.Log, TypeName: "*v1beta1.FederatedTypeConfig", Release: cfg.Release,
		Handlers: util.TriggerOnAllChanges(func(obj map[string]any) {
			c.Worker.Enqueue(util.QualifiedName{Namespace: u.GetNamespace(obj), Name: u.GetName(obj)})
		}),
	}
	if cfg.NamespaceDeletionRace {
		// Quirk Q3 as a race: the deletion of the namespaces FTC reaches
		// the cache only once the worker has drained its queue, so the
		// FTCs the fan-out enqueued still find it.
		c.informer.Hold = func(ev store.Event) bool {
			if ev.Type == store.Deleted && u.GetName(ev.Object) == v1beta1.NamespaceName && !c.Worker.Idle() {
				c.held = append(c.held, ev)
				return true
			}
			return false
		}
		c.Worker.OnIdle = append(c.Worker.OnIdle, func() {
			held := c.held
			c.held = nil
			for _, ev := range held {
				c.informer.Deliver(ev)
			}
		})
	}
	cfg.Log.Infof(src, "Starting FederatedTypeConfig controller")
	c.informer.Start()
	return c
}

// Stop is the controller manager exiting: every running controller stops
// (shutDown) without log lines.
func (c *Controller) Stop() {
	c.informer.Stop()
	c.Worker.Stop()
	for _, k := range c.sortedKeys() {
		c.running[k].c.Stop()
		delete(c.running, k)
	}
}

func (c *Controller) sortedKeys() []string {
	keys := make([]string, 0, len(c.running))
	for k := range c.running {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// RunningControllers lists the stop-channel map, sorted by key.
func (c *Controller) RunningControllers() []Running {
	var out []Running
	for _, k := range c.sortedKeys() {
		out = append(out, c.running[k].info)
	}
	return out
}

// SyncController returns the running sync controller for an FTC name.
func (c *Controller) SyncController(name string) *syncctl.KubeFedSyncController {
	if e, ok := c.running[name]; ok {
		if s, ok := e.c.(*syncctl.KubeFedSyncController); ok {
			return s
		}
	}
	return nil
}

// SyncControllers returns the running sync controllers by FTC name.
func (c *Controller) SyncControllers() map[string]*syncctl.KubeFedSyncController {
	out := map[string]*syncctl.KubeFedSyncController{}
	for k, e := range c.running {
		if s, ok := e.c.(*syncctl.KubeFedSyncController); ok {
			out[k] = s
		}
	}
	return out
}

func (c *Controller) reconcile(q util.QualifiedName) util.Result {
	return util.Done(c.reconcileFTC(q))
}

func (c *Controller) reconcileFTC(q util.QualifiedName) util.ReconciliationStatus {
	log := c.cfg.Log
	key := q.String()
	log.V(3, src, "Running reconcile FederatedTypeConfig for %q", key)

	cached := c.informer.Get(key)
	if cached == nil {
		return util.StatusAllOK
	}
	tc, err := v1beta1.FTCFromObject(cached)
	if err != nil {
		log.HandleError(src, util.Wrap(err, "Failed to query FederatedTypeConfig store for %q", key))
		return util.StatusError
	}
	v1beta1.SetFederatedTypeConfigDefaults(tc)

	syncEnabled := tc.GetPropagationEnabled()
	var statusEnabled bool
	if c.cfg.Release.Has(release.StatusControllerNeedsStatusType) {
		statusEnabled = !c.cfg.RawResourceStatus && c.isEnabledFederatedServiceStatusCollection(tc)
	} else {
		statusEnabled = tc.StatusEnabledV3()
	}

	limitedScope := c.cfg.LimitedScope()
	if limitedScope && syncEnabled && !tc.GetNamespaced() {
		if _, ok := c.running[tc.Metadata.Name]; !ok {
			c.running[tc.Metadata.Name] = &entry{c: holder{}, info: Running{Key: tc.Metadata.Name, Type: "holder", Kind: tc.Spec.FederatedType.Kind, Since: c.now()}}
			log.Infof(src, "Skipping start of sync & status controller for cluster-scoped resource %q. It is not required for a namespaced KubeFed control plane.", tc.Spec.FederatedType.Kind)
		}
		notRunning := v1beta1.ControllerStatusNotRunning
		tc.Status = &v1beta1.FederatedTypeConfigStatus{ObservedGeneration: tc.Metadata.Generation, PropagationController: v1beta1.ControllerStatusNotRunning, StatusController: &notRunning}
		if err := c.updateStatus(tc); err != nil {
			log.HandleError(src, util.Wrap(err, "Could not update status fields of the CRD: %q", key))
			return util.StatusError
		}
		return util.StatusAllOK
	}

	name := tc.Metadata.Name
	statusKey := name + "/status"
	_, syncRunning := c.running[name]
	_, statusRunning := c.running[statusKey]

	if tc.Metadata.DeletionTimestamp != "" {
		if syncRunning {
			c.stopController(name)
		}
		if statusRunning {
			c.stopController(statusKey)
		}
		if tc.IsNamespace() {
			log.Infof(src, "Reconciling all namespaced FederatedTypeConfig resources on deletion of %q", key)
			c.reconcileOnNamespaceFTCUpdate()
		}
		if err := c.removeFinalizer(tc, cached); err != nil {
			log.HandleError(src, util.Wrap(err, "Failed to remove finalizer from FederatedTypeConfig %q", key))
			return util.StatusError
		}
		return util.StatusAllOK
	}

	updated, err := c.ensureFinalizer(tc, cached)
	if err != nil {
		log.HandleError(src, util.Wrap(err, "Failed to ensure finalizer for FederatedTypeConfig %q", key))
		return util.StatusError
	} else if updated && tc.IsNamespace() {
		log.Infof(src, "Reconciling all namespaced FederatedTypeConfig resources on finalizer update for %q", key)
		c.reconcileOnNamespaceFTCUpdate()
	}

	startNewSync := !syncRunning && syncEnabled
	stopSync := syncRunning && (!syncEnabled || (tc.GetNamespaced() && !c.namespaceFTCExists()))
	if startNewSync {
		if err := c.startSyncController(tc); err != nil {
			log.HandleError(src, err)
			return util.StatusError
		}
	} else if stopSync {
		c.stopController(name)
	}

	startNewStatus := !statusRunning && statusEnabled
	stopStatus := statusRunning && !statusEnabled
	if startNewStatus {
		if err := c.startStatusController(statusKey, tc); err != nil {
			log.HandleError(src, err)
			return util.StatusError
		}
	} else if stopStatus {
		c.stopController(statusKey)
	}

	observed := int64(0)
	if tc.Status != nil {
		observed = tc.Status.ObservedGeneration
	}
	if !startNewSync && !stopSync && observed != tc.Metadata.Generation {
		if err := c.refreshSyncController(tc); err != nil {
			log.HandleError(src, err)
			return util.StatusError
		}
	}

	if tc.Status == nil {
		tc.Status = &v1beta1.FederatedTypeConfigStatus{}
	}
	tc.Status.ObservedGeneration = tc.Metadata.Generation
	if startNewSync || (syncRunning && !stopSync) {
		tc.Status.PropagationController = v1beta1.ControllerStatusRunning
	} else {
		tc.Status.PropagationController = v1beta1.ControllerStatusNotRunning
	}
	sc := v1beta1.ControllerStatusNotRunning
	if startNewStatus || (statusRunning && !stopStatus) {
		sc = v1beta1.ControllerStatusRunning
	}
	tc.Status.StatusController = &sc
	if err := c.updateStatus(tc); err != nil {
		log.HandleError(src, util.Wrap(err, "Could not update status fields of the CRD: %q", key))
		return util.StatusError
	}
	return util.StatusAllOK
}

func (c *Controller) now() time.Time { return c.cfg.Host.Clock().Now() }

func (c *Controller) isEnabledFederatedServiceStatusCollection(tc *v1beta1.FederatedTypeConfig) bool {
	if !tc.GetStatusEnabled() || tc.Metadata.Name != "services" {
		return false
	}
	if tc.GetStatusType() == nil {
		c.cfg.Log.Infof(src, "Skipping status collection, status API resource is not defined for %q", tc.Spec.FederatedType.Kind)
		return false
	}
	c.cfg.Log.Infof(src, "Federated Service Status collection is enabled")
	return true
}

func (c *Controller) getFederatedNamespaceAPIResource() (*v1beta1.Resource, error) {
	key := util.QualifiedName{Namespace: c.cfg.KubeFedNamespace, Name: v1beta1.NamespaceName}.String()
	obj := c.informer.Get(key)
	if obj == nil {
		return nil, util.Errorf("Unable to find %q in the informer cache", key)
	}
	ns, err := v1beta1.FTCFromObject(obj)
	if err != nil {
		return nil, util.Wrap(err, "Error retrieving %q from the informer cache", key)
	}
	r := ns.GetFederatedType()
	return &r, nil
}

func (c *Controller) namespaceFTCExists() bool {
	_, err := c.getFederatedNamespaceAPIResource()
	return err == nil
}

func (c *Controller) reconcileOnNamespaceFTCUpdate() {
	for _, obj := range c.informer.List() {
		tc, err := v1beta1.FTCFromObject(obj)
		if err != nil {
			continue
		}
		if tc.GetNamespaced() && !tc.IsNamespace() {
			c.Worker.Enqueue(util.QualifiedName{Namespace: tc.Metadata.Namespace, Name: tc.Metadata.Name})
		}
	}
}

func (c *Controller) startSyncController(tc *v1beta1.FederatedTypeConfig) error {
	ftc := tc.DeepCopy()
	kind := ftc.Spec.FederatedType.Kind
	var fedNamespace *v1beta1.Resource
	if ftc.GetNamespaced() {
		var err error
		fedNamespace, err = c.getFederatedNamespaceAPIResource()
		if err != nil {
			return util.Wrap(err, "Unable to start sync controller for %q due to missing FederatedTypeConfig for namespaces", kind)
		}
	}
	s, err := syncctl.StartKubeFedSyncController(c.cfg, ftc, fedNamespace)
	if err != nil {
		return util.Wrap(err, "Error starting sync controller for %q", kind)
	}
	c.cfg.Log.Infof(src, "Started sync controller for %q", kind)
	c.running[ftc.Metadata.Name] = &entry{c: s, info: Running{Key: ftc.Metadata.Name, Type: "sync", Kind: kind, Since: c.now()}}
	return nil
}

func (c *Controller) startStatusController(statusKey string, tc *v1beta1.FederatedTypeConfig) error {
	kind := tc.Spec.FederatedType.Kind
	s, err := statusctl.StartKubeFedStatusController(c.cfg, tc.DeepCopy())
	if err != nil {
		return util.Wrap(err, "Error starting status controller for %q", kind)
	}
	c.cfg.Log.Infof(src, "Started status controller for %q", kind)
	c.running[statusKey] = &entry{c: s, info: Running{Key: statusKey, Type: "status", Kind: kind, Since: c.now()}}
	return nil
}

func (c *Controller) stopController(key string) {
	c.cfg.Log.Infof(src, "Stopping controller for %q", key)
	if e, ok := c.running[key]; ok {
		e.c.Stop()
	}
	delete(c.running, key)
}

func (c *Controller) refreshSyncController(tc *v1beta1.FederatedTypeConfig) error {
	c.cfg.Log.Infof(src, "refreshing sync controller for %q", tc.Metadata.Name)
	if _, ok := c.running[tc.Metadata.Name]; ok {
		c.stopController(tc.Metadata.Name)
	}
	return c.startSyncController(tc)
}

// ensureFinalizer adds the finalizer: from v0.8.0 (FinalizerPatch) it is
// appended with a merge patch; before, the whole (in-memory defaulted)
// object is updated with a sorted set.
func (c *Controller) ensureFinalizer(tc *v1beta1.FederatedTypeConfig, cached map[string]any) (bool, error) {
	for _, f := range tc.Metadata.Finalizers {
		if f == v1beta1.FTCFinalizer {
			return false, nil
		}
	}
	if c.cfg.Release.Has(release.FinalizerPatch) {
		fins := append(append([]string(nil), tc.Metadata.Finalizers...), v1beta1.FTCFinalizer)
		out, err := c.cfg.Host.MergePatch(v1beta1.Group, "FederatedTypeConfig", tc.Metadata.Namespace, tc.Metadata.Name,
			map[string]any{"metadata": map[string]any{"finalizers": toAny(fins)}})
		if err != nil {
			return true, err
		}
		c.refresh(tc, out)
		return true, nil
	}
	fins := util.SortedUnique(append(append([]string(nil), tc.Metadata.Finalizers...), v1beta1.FTCFinalizer))
	tc.Metadata.Finalizers = fins
	out, err := c.cfg.Host.Update(c.toObject(tc, cached))
	if err != nil {
		return true, err
	}
	c.refresh(tc, out)
	return true, nil
}

func (c *Controller) removeFinalizer(tc *v1beta1.FederatedTypeConfig, cached map[string]any) error {
	var rest []string
	found := false
	for _, f := range tc.Metadata.Finalizers {
		if f == v1beta1.FTCFinalizer {
			found = true
			continue
		}
		rest = append(rest, f)
	}
	if !found {
		return nil
	}
	if c.cfg.Release.Has(release.FinalizerPatch) {
		var v any = toAny(rest)
		if len(rest) == 0 {
			v = nil
		}
		_, err := c.cfg.Host.MergePatch(v1beta1.Group, "FederatedTypeConfig", tc.Metadata.Namespace, tc.Metadata.Name,
			map[string]any{"metadata": map[string]any{"finalizers": v}})
		return err
	}
	tc.Metadata.Finalizers = util.SortedUnique(rest)
	_, err := c.cfg.Host.Update(c.toObject(tc, cached))
	return err
}

// refresh copies what the API returned into tc, as controller-runtime's
// client does: later writes carry the new resourceVersion.
func (c *Controller) refresh(tc *v1beta1.FederatedTypeConfig, out map[string]any) {
	tc.Metadata.ResourceVersion = u.GetResourceVersion(out)
	tc.Metadata.Generation = u.GetGeneration(out)
	tc.Metadata.Finalizers = u.GetFinalizers(out)
}

func (c *Controller) toObject(tc *v1beta1.FederatedTypeConfig, cached map[string]any) map[string]any {
	obj := u.DeepCopyMap(cached)
	spec := u.Marshal(tc.Spec)
	if v, err := u.FromJSON(spec); err == nil {
		obj["spec"] = v
	}
	u.SetFinalizers(obj, tc.Metadata.Finalizers)
	u.SetResourceVersion(obj, tc.Metadata.ResourceVersion)
	return obj
}

func (c *Controller) updateStatus(tc *v1beta1.FederatedTypeConfig) error {
	st := tc.Status.ToObject()
	obj := map[string]any{
		"apiVersion": v1beta1.APIVersion, "kind": "FederatedTypeConfig",
		"metadata": map[string]any{"name": tc.Metadata.Name, "namespace": tc.Metadata.Namespace, "resourceVersion": tc.Metadata.ResourceVersion},
		"status":   st,
	}
	out, err := c.cfg.Host.UpdateStatus(obj)
	if err != nil {
		return err
	}
	tc.Metadata.ResourceVersion = u.GetResourceVersion(out)
	return nil
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}
