// Package sync models kubefed's sync controller (pkg/controller/sync at
// v0.10.0): one per FTC with propagation Enabled. It watches the federated
// type, FederatedNamespaces (for namespaced targets), host Namespaces (for the
// namespaces FTC), PropagatedVersions, KubeFedClusters and the target type in
// every ready member cluster, and for each federated resource adds the
// finalizer kubefed.io/sync-controller, computes placement, creates, updates
// or deletes the member objects and writes propagation status.
//
// Member operations start one cluster after another in name order (upstream
// starts a goroutine for each). A request takes no virtual time unless the
// member answers it late (a latency fault); the reconcile then waits for the
// answers, at most 30s, and a timeout leaves the *TimedOut statuses and a
// Warning OperationTimeoutError (see dispatcher). status.clusters is sorted by
// name (upstream uses Go map order).
package sync

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

const (
	src = "sync/controller.go"
	// FinalizerSyncController guards member-cluster cleanup.
	FinalizerSyncController = "kubefed.io/sync-controller"
	// SyncedPollPeriod is how often a waiting reconcile re-checks caches.
	SyncedPollPeriod = 10 * time.Second
	smallDelay       = 3 * time.Second
)

// KubeFedSyncController propagates one federated type.
type KubeFedSyncController struct {
	cfg               *util.ControllerConfig
	release           release.Release
	ftc               *v1beta1.FederatedTypeConfig
	target            util.Resource
	fedType           v1beta1.Resource
	targetIsNamespace bool
	eventSource       string
	quiet             bool

	Worker      *util.Worker
	informer    *util.FederatedInformer
	federated   *util.Informer
	fedNS       *util.Informer
	hostNS      *util.Informer
	versions    *VersionManager
	fedNSKind   *v1beta1.Resource
	clusterAt   time.Time
	clusterStop func()
	stopped     bool
	// reconciled is the last reconcile of each federated resource, by
	// namespace/name (decision.go).
	reconciled map[string]*Reconcile
}

// StartKubeFedSyncController builds and runs a sync controller.
func StartKubeFedSyncController(cfg *util.ControllerConfig, ftc *v1beta1.FederatedTypeConfig, fedNamespace *v1beta1.Resource) (*KubeFedSyncController, error) {
	fed := ftc.GetFederatedType()
	if cfg.FailStart != nil {
		if err := cfg.FailStart("sync", fed.Kind); err != nil {
			return nil, err
		}
	}
	t := ftc.GetTargetType()
	s := &KubeFedSyncController{
		cfg: cfg, release: cfg.Release, ftc: ftc, fedType: fed, fedNSKind: fedNamespace,
		target:            t,
		targetIsNamespace: t.Kind == "Namespace" && t.Group == "",
		eventSource:       strings.ToLower(fed.Kind) + "-controller",
	}
	s.Worker = util.NewControllerWorker(strings.ToLower(fed.Kind), cfg, s.reconcile)
	s.Worker.Timing.ClusterSyncDelay = cfg.ClusterAvailableDelay
	enqueue := func(obj map[string]any) {
		s.Worker.Enqueue(util.QualifiedName{Namespace: u.GetNamespace(obj), Name: u.GetName(obj)})
	}
	// Every host informer is built from an API resource of the FTCs, so it
	// lists the plural the FTC names (see util.Informer).
	s.federated = cfg.DynamicInformer(cfg.Host, fed, cfg.TargetNamespace, util.TriggerOnAllChanges(enqueue))
	if s.targetIsNamespace {
		s.hostNS = cfg.DynamicInformer(cfg.Host, t, "", util.TriggerOnAllChanges(enqueue))
	}
	if ftc.GetNamespaced() && fedNamespace != nil {
		s.fedNS = cfg.DynamicInformer(cfg.Host, *fedNamespace, cfg.TargetNamespace, util.TriggerOnAllChanges(func(obj map[string]any) {
			ns := u.GetNamespace(obj)
			for _, o := range s.federated.List() {
				if u.GetNamespace(o) == ns {
					enqueue(o)
				}
			}
		}))
	}
	s.versions = newVersionManager(s)
	s.informer = util.NewFederatedInformer(cfg, s.target, func(obj map[string]any) {
		s.Worker.EnqueueForRetry(util.QualifiedName{Namespace: u.GetNamespace(obj), Name: u.GetName(obj)})
	}, util.ClusterLifecycle{
		ClusterAvailable:   func(string) { s.deliverClusters(cfg.ClusterAvailableDelay) },
		ClusterUnavailable: func(string) { s.deliverClusters(cfg.ClusterUnavailableDelay) },
	})
	cfg.Log.Infof(src, "Starting sync controller for %q", fed.Kind)
	s.versions.Sync()
	s.federated.Start()
	if s.hostNS != nil {
		s.hostNS.Start()
	}
	if s.fedNS != nil {
		s.fedNS.Start()
	}
	s.informer.Start()
	return s, nil
}

// Stop stops informers and the worker. Federated resources and member
// objects are left as they are (quirk Q5).
func (s *KubeFedSyncController) Stop() {
	s.stopped = true
	s.Worker.Stop()
	s.federated.Stop()
	if s.hostNS != nil {
		s.hostNS.Stop()
	}
	if s.fedNS != nil {
		s.fedNS.Stop()
	}
	s.informer.Stop()
	if s.clusterStop != nil {
		s.clusterStop()
	}
}

// FederatedKind is the federated kind this controller serves.
func (s *KubeFedSyncController) FederatedKind() string { return s.fedType.Kind }

// deliverClusters is the cluster deliverer: one key, earliest time wins.
func (s *KubeFedSyncController) deliverClusters(d time.Duration) {
	if s.stopped {
		return
	}
	clock := s.cfg.Host.Clock()
	at := clock.Now().Add(d)
	if s.clusterStop != nil && !at.Before(s.clusterAt) {
		return
	}
	if s.clusterStop != nil {
		s.clusterStop()
	}
	s.clusterAt = at
	t := clock.At(at, "cluster deliverer "+s.fedType.Kind, func() {
		s.clusterStop = nil
		s.reconcileOnClusterChange()
	})
	s.clusterStop = func() { clock.Stop(t) }
}

func (s *KubeFedSyncController) reconcileOnClusterChange() {
	if s.stopped {
		return
	}
	if !s.isSynced() {
		s.deliverClusters(s.cfg.ClusterAvailableDelay)
	}
	for _, o := range s.federated.List() {
		s.Worker.EnqueueWithDelay(util.QualifiedName{Namespace: u.GetNamespace(o), Name: u.GetName(o)}, smallDelay)
	}
}

func (s *KubeFedSyncController) recordEvent(obj map[string]any, typ, reason, msg string) {
	if s.quiet {
		return
	}
	s.cfg.Recorder.Event(s.eventSource, obj, typ, reason, msg)
}

func (s *KubeFedSyncController) recordError(obj map[string]any, reason, msg string) {
	s.recordEvent(obj, "Warning", reason, msg)
}

// logError logs an error the reconcile also records as an event: from
// v0.8.0 on (PR #1408); before, only the event told.
func (s *KubeFedSyncController) logError(err error) {
	if s.cfg.Release.Has(release.SyncErrorLogs) {
		s.cfg.Log.HandleError(src, err)
	}
}

// isSynced checks every cache the reconcile reads and logs, at V(2), the
// first that is not synced. The target clusters' caches are named only from
// v0.9.0 on (with the cluster at V(4)); before, that case was silent.
func (s *KubeFedSyncController) isSynced() bool {
	log := s.cfg.Log
	kind := s.fedType.Kind
	switch {
	case !s.informer.ClustersSynced():
		log.V(2, src, "Cluster list not synced")
	case !s.federated.HasSynced():
		log.V(2, src, "Informer for %s not synced", kind)
	case s.hostNS != nil && !s.hostNS.HasSynced():
		log.V(2, src, "Namespace informer for %s not synced", kind)
	case s.fedNS != nil && !s.fedNS.HasSynced():
		log.V(2, src, "FederatedNamespace informer for %s not synced", kind)
	default:
		ok, missing := s.informer.ReadyTargetsSynced()
		if ok {
			return true
		}
		if s.cfg.Release.Has(release.CacheSyncTimeout) {
			log.V(4, "federated_informer.go", "Informer of cluster %q not synced", missing[0])
			log.V(2, src, "Target clusters' informers not synced")
		}
	}
	return false
}

func (s *KubeFedSyncController) reconcile(q util.QualifiedName) util.Result {
	if s.isSynced() {
		return s.reconcileSynced(q)
	}
	if !s.cfg.Release.Has(release.CacheSyncTimeout) {
		return util.Done(util.StatusNotSynced)
	}
	// v0.9.0+: wait.PollImmediate(SyncedPollPeriod, cacheSyncTimeout), then
	// klog.Fatalf, which exits the whole controller manager.
	var waited time.Duration
	var poll func() util.Result
	poll = func() util.Result {
		if waited > 0 && s.isSynced() {
			return s.reconcileSynced(q)
		}
		if waited >= s.cfg.CacheSyncTimeout {
			msg := "failed to wait for all data stores to sync: timed out waiting for the condition"
			s.cfg.Log.Fatalf(src, "%s", msg)
			if s.cfg.OnFatal != nil {
				s.cfg.OnFatal(msg)
			}
			return util.Done(util.StatusError)
		}
		step := SyncedPollPeriod
		if waited+step > s.cfg.CacheSyncTimeout {
			step = s.cfg.CacheSyncTimeout - waited
		}
		waited += step
		return util.Later(step, poll)
	}
	return poll()
}

// resourceFor is FederatedResourceAccessor.FederatedResource.
func (s *KubeFedSyncController) resourceFor(ev util.QualifiedName) (*FederatedResource, bool) {
	if s.targetIsNamespace && isSystemNamespace(ev.Name, s.cfg.KubeFedNamespace) {
		return nil, false
	}
	targetName := util.QualifiedName{Namespace: ev.Namespace, Name: ev.Name}
	fedName := targetName
	if s.targetIsNamespace {
		if ev.Namespace == "" {
			fedName.Namespace = fedName.Name
		} else {
			targetName.Namespace = ""
		}
	}
	cached := s.federated.Get(fedName.String())
	if cached == nil {
		return nil, !(s.targetIsNamespace && ev.Namespace != "")
	}
	// The cached object is shared and read only; the reconcile never
	// mutates r.obj (setFederatedStatus returns a new object), so it is not
	// copied.
	r := &FederatedResource{s: s, targetName: targetName, federatedName: fedName, obj: cached}
	if s.targetIsNamespace {
		if fedName.Namespace != fedName.Name {
			s.recordError(r.obj, "InvalidName", "The name of a federated namespace must match the name of its containing namespace.")
			return nil, false
		}
		r.namespace = s.hostNS.Get(targetName.String())
		if r.namespace == nil {
			return nil, false
		}
	}
	if s.ftc.GetNamespaced() && s.fedNS != nil {
		r.fedNamespace = s.fedNS.Get(util.QualifiedName{Namespace: fedName.Namespace, Name: fedName.Namespace}.String())
	}
	return r, false
}

func isSystemNamespace(ns, kubefedNS string) bool {
	switch ns {
	case "kube-system", "kube-public", "default", kubefedNS:
		return true
	}
	return false
}

func (s *KubeFedSyncController) reconcileSynced(q util.QualifiedName) util.Result {
	kind := s.fedType.Kind
	r, possibleOrphan := s.resourceFor(q)
	if possibleOrphan {
		s.cfg.Log.V(2, src, "Ensuring the removal of the label %q from %s %q in member clusters.", util.ManagedByKubeFedLabelKey, s.target.Kind, q.String())
		names := map[string]bool{}
		for _, c := range s.informer.GetClusters() {
			names[c.Name] = true
		}
		orphan := &FederatedResource{s: s, targetName: q, federatedName: q, obj: map[string]any{"kind": kind, "metadata": map[string]any{"name": q.Name, "namespace": q.Namespace}}}
		if err := s.removeManagedLabels(orphan, names); err != nil {
			s.cfg.Log.HandleError(src, util.Wrap(err, "failed to remove the label %q from %s %q in member clusters", util.ManagedByKubeFedLabelKey, s.target.Kind, q.String()))
			return util.Done(util.StatusError)
		}
		return util.Done(util.StatusAllOK)
	}
	if r == nil {
		return util.Done(util.StatusAllOK)
	}
	key := r.federatedName.String()
	s.cfg.Log.V(4, src, "Starting to reconcile %s %q", kind, key)
	if u.GetDeletionTimestamp(r.obj) != "" {
		return util.Done(s.ensureDeletion(r))
	}
	if err := s.ensureFinalizer(r); err != nil {
		s.recordError(r.obj, "EnsureFinalizerError", "Failed to ensure finalizer: "+err.Error())
		s.logError(util.Wrap(err, "failed to ensure finalizer"))
		return util.Done(util.StatusError)
	}
	return s.syncToClusters(r)
}

func (s *KubeFedSyncController) rawCollection() bool {
	return s.cfg.Release.Has(release.RawResourceStatusCollection) && s.ftc.GetStatusEnabled() && s.cfg.RawResourceStatus
}

func (s *KubeFedSyncController) syncToClusters(r *FederatedResource) util.Result {
	raw := s.rawCollection()
	clusters := s.informer.GetClusters()
	selected, err := r.ComputePlacement(clusters)
	if err != nil {
		s.recordError(r.obj, ComputePlacementFailed, "Failed to compute placement: "+err.Error())
		s.logError(util.Wrap(err, "failed to compute placement"))
		rec := &Reconcile{}
		for _, c := range clusters {
			rec.Clusters = append(rec.Clusters, Decision{Cluster: c.Name, Why: WhyPlacementError, Action: ActionSkip, Detail: "spec.placement cannot be read: " + err.Error()})
		}
		s.record(r, rec)
		return util.Done(s.setFederatedStatus(r, ComputePlacementFailed, collected{statusMap: map[string]string{}, resourceStatus: map[string]any{}}, raw))
	}
	s.cfg.Log.V(4, src, "Ensuring %s %q in clusters: %s", s.target.Kind, r.targetName.String(), strings.Join(sortedClusterNames(selected), ","))
	d := newDispatcher(s, r, raw)
	d.async = true
	notPlaced := r.placementReasons(clusters, selected)
	// actions is what the loop did in each cluster, for the record.
	actions := make([]string, len(clusters))
	for i, c := range clusters {
		isSelected := selected[c.Name]
		actions[i] = ActionSkip
		if !c.Ready {
			if isSelected {
				//lint:ignore ST1005 upstream's exact message
				d.recordClusterError(ClusterNotReady, c.Name, fmt.Errorf("Cluster not ready"))
			}
			continue
		}
		clusterObj, err := s.informer.GetTargetObject(c.Name, r.targetName.String())
		if err != nil {
			d.recordClusterError(CachedRetrievalFailed, c.Name, util.Wrap(err, "Failed to retrieve cached cluster object"))
			continue
		}
		if !isSelected {
			switch {
			case clusterObj == nil:
			case u.GetDeletionTimestamp(clusterObj) != "":
				d.setStatus(c.Name, WaitingForRemoval)
				actions[i] = ActionWaitForRemoval
			case r.IsNamespaceInHostCluster(clusterObj):
				d.removeManagedLabel(c.Name, clusterObj, true)
				actions[i] = ActionRemoveManagedLabel
			default:
				d.delete(c.Name, true)
				actions[i] = ActionDelete
			}
			continue
		}
		if clusterObj == nil {
			d.create(c.Name)
			actions[i] = ActionCreate
		} else {
			// update only reads the cached object (retention copies what
			// it keeps), so it is not copied here.
			actions[i] = d.update(c.Name, clusterObj)
		}
		if d.crashed {
			return util.Done(util.StatusError)
		}
	}
	finish := func(timedOut bool) util.Result {
		if d.crashed {
			return util.Done(util.StatusError)
		}
		if timedOut {
			// What the operations recorded so far stands: those still
			// waiting, and those that succeeded, keep their *TimedOut
			// status.
			d.closed = true
			err := errors.New("Failed to finish " + strconv.Itoa(d.ops) + " operations in " + DispatchTimeout.String())
			s.recordError(r.obj, "OperationTimeoutError", err.Error())
			s.logError(util.Wrap(err, "operation timeout"))
		} else {
			d.settle()
		}
		rec := &Reconcile{Clusters: make([]Decision, len(clusters))}
		for i, c := range clusters {
			rec.Clusters[i] = d.decide(c, selected[c.Name], notPlaced, actions[i])
		}
		s.record(r, rec)
		if err := s.versions.Update(r, sortedClusterNames(selected), d.versions); err != nil {
			s.cfg.Log.HandleError(src, err)
		}
		return util.Done(s.setFederatedStatus(r, AggregateSuccess, d.c, raw))
	}
	return d.wait(finish)
}

func (s *KubeFedSyncController) setFederatedStatus(r *FederatedResource, reason string, c collected, raw bool) util.ReconciliationStatus {
	kind := s.fedType.Kind
	if reason == AggregateSuccess && !s.cfg.LimitedScope() && r.NamespaceNotFederated() {
		reason = NamespaceNotFederated
	}
	for attempt := 0; attempt < 2; attempt++ {
		next, changed := setFederatedStatus(r.obj, reason, c, statusRulesFor(s.cfg.Release, raw), s.cfg.Host.Clock().Now())
		if !changed {
			s.cfg.Log.V(4, src, "No status update necessary for %s %q", kind, r.federatedName.String())
			break
		}
		s.cfg.Log.V(4, src, "Updating status for %s %q", kind, r.federatedName.String())
		// next's status is freshly built and r.obj is only read, so the
		// store may keep the status and hand back its snapshot.
		out, err := s.cfg.Host.UpdateStatusOwned(next)
		if err == nil {
			r.obj = out
			break
		}
		if attempt == 0 && strings.Contains(err.Error(), "the object has been modified") {
			s.cfg.Log.V(2, src, "Failed to set propagation status for %s %q due to conflict (will retry): %v.", kind, r.federatedName.String(), err)
			latest, gerr := s.cfg.Host.Get(s.fedType.Group, kind, r.federatedName.Namespace, r.federatedName.Name)
			if gerr != nil {
				s.cfg.Log.HandleError(src, util.Wrap(util.Wrap(gerr, "failed to retrieve resource"), "failed to set propagation status for %s %q", kind, r.federatedName.String()))
				return util.StatusError
			}
			r.obj = latest
			continue
		}
		s.cfg.Log.HandleError(src, util.Wrap(util.Wrap(err, "failed to update resource"), "failed to set propagation status for %s %q", kind, r.federatedName.String()))
		return util.StatusError
	}
	if s.cfg.Release.Has(release.RetryRecoverable) && reason == AggregateSuccess {
		for _, cl := range u.SortedKeys(c.statusMap) {
			if IsRecoverableError(c.statusMap[cl], s.cfg.Release.Has(release.ClientRetrievalRecoverable)) {
				return util.StatusError
			}
		}
	}
	return util.StatusAllOK
}

// ensureFinalizer adds kubefed.io/sync-controller: appended with a merge
// patch from v0.8.0 (PR #1389); before, the whole object was updated with
// the finalizers as a sorted set (finalizersutil.AddFinalizers), which fails
// with a conflict when the cached object is stale.
func (s *KubeFedSyncController) ensureFinalizer(r *FederatedResource) error {
	if u.HasFinalizer(r.obj, FinalizerSyncController) {
		return nil
	}
	return s.setFinalizers(r, append(u.GetFinalizers(r.obj), FinalizerSyncController), "Adding finalizer %s to %s %q")
}

func (s *KubeFedSyncController) removeFinalizer(r *FederatedResource) error {
	if !u.HasFinalizer(r.obj, FinalizerSyncController) {
		return nil
	}
	var rest []string
	for _, f := range u.GetFinalizers(r.obj) {
		if f != FinalizerSyncController {
			rest = append(rest, f)
		}
	}
	return s.setFinalizers(r, rest, "Removing finalizer %s from %s %q")
}

func (s *KubeFedSyncController) setFinalizers(r *FederatedResource, fins []string, logFormat string) error {
	s.cfg.Log.V(2, src, logFormat, FinalizerSyncController, s.fedType.Kind, r.federatedName.String())
	var out map[string]any
	var err error
	if s.cfg.Release.Has(release.FinalizerPatch) {
		var v any = strAny(fins)
		if len(fins) == 0 {
			v = nil
		}
		out, err = s.cfg.Host.MergePatch(s.fedType.Group, s.fedType.Kind, r.federatedName.Namespace, r.federatedName.Name,
			map[string]any{"metadata": map[string]any{"finalizers": v}})
	} else {
		obj := u.DeepCopyMap(r.obj)
		u.SetFinalizers(obj, util.SortedUnique(fins))
		out, err = s.cfg.Host.Update(obj)
	}
	if err != nil {
		return err
	}
	r.obj = out
	return nil
}

func strAny(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

func (s *KubeFedSyncController) ensureDeletion(r *FederatedResource) util.ReconciliationStatus {
	log := s.cfg.Log
	s.versions.Delete(r.federatedName)
	kind := s.fedType.Kind
	key := r.federatedName.String()
	log.V(2, src, "Ensuring deletion of %s %q", kind, key)
	s.record(r, &Reconcile{Deleting: true, Clusters: []Decision{}})
	if !u.HasFinalizer(r.obj, FinalizerSyncController) {
		log.V(2, src, "%s %q does not have the %q finalizer. Nothing to do.", kind, key, FinalizerSyncController)
		return util.StatusAllOK
	}
	if util.IsOrphaningEnabled(r.obj) {
		log.V(2, src, "Found %q annotation on %s %q. Removing the finalizer.", util.OrphanManagedResourcesAnnotation, kind, key)
		if err := s.removeFinalizer(r); err != nil {
			log.HandleError(src, util.Wrap(err, "failed to remove finalizer %q from %s %q", FinalizerSyncController, kind, key))
			return util.StatusError
		}
		log.V(2, src, "Initiating the removal of the label %q from resources previously managed by %s %q.", util.ManagedByKubeFedLabelKey, kind, key)
		targets, err := s.deletionTargets(r)
		if err != nil {
			log.HandleError(src, util.Wrap(err, "failed to compute placement for %s %q", kind, key))
			return util.StatusError
		}
		if err := s.removeManagedLabels(r, targets); err != nil {
			log.HandleError(src, util.Wrap(err, "failed to remove the label %q from all resources previously managed by %s %q", util.ManagedByKubeFedLabelKey, kind, key))
			return util.StatusError
		}
		return util.StatusAllOK
	}
	if s.cfg.Release.Has(release.DeleteOptions) {
		log.V(2, src, "Deserializing delete options of %s %q", kind, key)
		if raw, ok := u.GetAnnotations(r.obj)[util.DeleteOptionAnnotation]; ok {
			var opts map[string]any
			if err := json.Unmarshal([]byte(raw), &opts); err != nil {
				log.HandleError(src, util.Wrap(err, "failed to deserialize delete options of %s %q", kind, key))
				return util.StatusError
			}
		}
	}
	log.V(2, src, "Deleting resources managed by %s %q from member clusters.", kind, key)
	recheck, err := s.deleteFromClusters(r)
	if err != nil {
		log.HandleError(src, util.Wrap(err, "failed to delete %s %q", kind, key))
		return util.StatusError
	}
	if recheck {
		return util.StatusNeedsRecheck
	}
	return util.StatusAllOK
}

// deletionTargets are the clusters deleting (or orphaning) a federated
// resource visits: those in its placement from v0.9.2 (PR #1499), every
// cluster before.
func (s *KubeFedSyncController) deletionTargets(r *FederatedResource) (map[string]bool, error) {
	clusters := s.informer.GetClusters()
	if s.cfg.Release.Has(release.DeletionInPlacementOnly) {
		return r.ComputePlacement(clusters)
	}
	all := make(map[string]bool, len(clusters))
	for _, c := range clusters {
		all[c.Name] = true
	}
	return all, nil
}

// handleDeletionInClusters calls fn for each cached member object of the
// clusters in set.
func (s *KubeFedSyncController) handleDeletionInClusters(r *FederatedResource, set map[string]bool, fn func(d *dispatcher, cluster string, obj map[string]any)) (bool, error) {
	d := newDispatcher(s, r, false)
	d.unmanaged = true
	var unready []string
	for _, c := range s.informer.GetClusters() {
		if !set[c.Name] {
			continue
		}
		if !c.Ready {
			unready = append(unready, c.Name)
			continue
		}
		obj, err := s.informer.GetTargetObject(c.Name, r.targetName.String())
		if err != nil || obj == nil {
			continue
		}
		fn(d, c.Name, u.DeepCopyMap(obj))
	}
	if len(unready) > 0 {
		return false, fmt.Errorf("the following clusters were not ready: %s", strings.Join(unready, ", "))
	}
	return d.ok, nil
}

func (s *KubeFedSyncController) removeManagedLabels(r *FederatedResource, set map[string]bool) error {
	ok, err := s.handleDeletionInClusters(r, set, func(d *dispatcher, cluster string, obj map[string]any) {
		if u.GetDeletionTimestamp(obj) != "" {
			return
		}
		if !d.removeManagedLabel(cluster, obj, false) {
			d.ok = false
		}
	})
	if err != nil {
		return err
	}
	if !ok {
		//lint:ignore ST1005 upstream's exact message
		return fmt.Errorf("failed to remove the label from resources in one or more clusters.")
	}
	return nil
}

func (s *KubeFedSyncController) deleteFromClusters(r *FederatedResource) (bool, error) {
	targets, err := s.deletionTargets(r)
	if err != nil {
		return false, err
	}
	var remaining []string
	ok, err := s.handleDeletionInClusters(r, targets, func(d *dispatcher, cluster string, obj map[string]any) {
		host := r.IsNamespaceInHostCluster(obj)
		if host && u.GetDeletionTimestamp(obj) != "" {
			return
		}
		remaining = append(remaining, cluster)
		if u.GetDeletionTimestamp(obj) != "" {
			return
		}
		if host {
			if !d.removeManagedLabel(cluster, obj, false) {
				d.ok = false
			}
		} else if !d.delete(cluster, false) {
			d.ok = false
		}
	})
	if err != nil {
		return false, err
	}
	if !ok {
		//lint:ignore ST1005 upstream's exact message
		return false, fmt.Errorf("failed to remove managed resources from one or more clusters.")
	}
	if len(remaining) > 0 {
		list := strings.Join(remaining, ", ")
		s.cfg.Log.V(2, src, "Waiting for resources managed by %s %q to be removed from the following clusters: %s", s.fedType.Kind, r.federatedName.String(), list)
		if s.cfg.Release.Has(release.WaitForRemovalEvent) {
			s.recordEvent(r.obj, "Normal", "WaitForRemovalInCluster", "Waiting for managed resources to be removed from the following clusters: "+list)
		}
		return true, nil
	}
	if err := s.ensureRemovedOrUnmanaged(r, targets); err != nil {
		return false, util.Wrap(err, "failed to verify that managed resources no longer exist in any cluster")
	}
	return false, s.removeFinalizer(r)
}

// ensureRemovedOrUnmanaged checks the member APIs directly, not the caches.
func (s *KubeFedSyncController) ensureRemovedOrUnmanaged(r *FederatedResource, targets map[string]bool) error {
	var unready []string
	ok := true
	for _, c := range s.informer.GetClusters() {
		if !targets[c.Name] {
			continue
		}
		if !c.Ready {
			unready = append(unready, c.Name)
			continue
		}
		client, err := s.informer.GetClientForCluster(c.Name)
		if err != nil {
			// The check's dispatcher has no recorder: only logged.
			s.cfg.Log.HandleError("dispatch/operation.go", util.Wrap(err, "Error retrieving client for cluster"))
			ok = false
			continue
		}
		obj := client.Peek(s.target.Group, s.target.Kind, r.targetName.Namespace, r.targetName.Name)
		if obj != nil && util.HasManagedLabel(obj) && !r.IsNamespaceInHostCluster(obj) {
			ok = false
		}
	}
	if len(unready) > 0 {
		return fmt.Errorf("the following clusters were not ready: %s", strings.Join(unready, ", "))
	}
	if !ok {
		return fmt.Errorf("one or more checks failed")
	}
	return nil
}

// DesiredFor is the explorer's preview of one cluster's object.
func (s *KubeFedSyncController) DesiredFor(fedObj map[string]any, cluster string) (map[string]any, error) {
	return DesiredObject(s.release, s.ftc, u.DeepCopyMap(fedObj), cluster)
}
