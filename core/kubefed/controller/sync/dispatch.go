package sync

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// eventTemplate is "<verb> <Kind> "<ns/name>" in cluster "<c>"".
const eventTemplate = "%s %s %q in cluster %q"

// DispatchTimeout is how long a reconcile waits for the operations it sent
// to member clusters (operationDispatcherImpl's timeout, 30s in every
// release, not configurable).
const DispatchTimeout = 30 * time.Second

// dispatcher performs member-cluster operations for one reconcile
// (pkg/controller/sync/dispatch). Upstream runs each in a goroutine and
// waits up to DispatchTimeout for all of them. The model starts them in
// cluster-name order; a request a member answers at once takes no virtual
// time, and one it answers late (a latency fault, store.Latency) is made
// when its answer arrives, while the reconcile waits (see wait).
//
// As upstream, an operation records its *TimedOut status when it starts
// and keeps it when it succeeds; settle turns those into the final
// statuses once every operation finished in time. An operation that fails
// records its failure status instead.
type dispatcher struct {
	s         *KubeFedSyncController
	r         *FederatedResource
	skipAdopt bool
	raw       bool
	ok        bool
	// crashed: an operation panicked; the process is exiting, so the
	// reconcile stops where it is.
	crashed  bool
	c        collected
	versions map[string]string

	// async: requests may answer late (the propagation path); the
	// deletion paths send every request at once.
	async bool
	// unmanaged: an UnmanagedDispatcher (the deletion paths), which has no
	// recorder: a client that cannot be built is only logged.
	unmanaged bool
	// ops counts the operations started (operationsInitiated).
	ops int
	// answers are the late answers still expected or already in.
	answers []*answer
	// closed: the reconcile stopped waiting (it timed out); answers that
	// arrive later still act on the member and record their events, but
	// no longer change what this reconcile collected.
	closed bool
}

// answer is one late answer of a member.
type answer struct {
	at   time.Time
	done bool
}

func (d *dispatcher) setStatus(cluster, status string) {
	if !d.closed {
		d.c.statusMap[cluster] = status
	}
}

// send makes one request of an operation: at once, or (async, when the
// member answers late) when its answer arrives, so the request takes effect
// then and fn continues the operation from there.
func (d *dispatcher) send(client *store.Store, verb, cluster, ns, name string, fn func()) {
	if !d.async {
		fn()
		return
	}
	delay := client.Latency(verb, d.s.target.Group, d.s.target.Kind, ns, name)
	if delay <= 0 {
		fn()
		return
	}
	clock := d.s.cfg.Host.Clock()
	a := &answer{at: clock.Now().Add(delay)}
	d.answers = append(d.answers, a)
	clock.At(a.at, "member "+cluster+" answers "+verb, func() {
		a.done = true
		fn()
	})
}

// nextAnswer is when the earliest answer still expected arrives.
func (d *dispatcher) nextAnswer() (time.Time, bool) {
	var next time.Time
	found := false
	for _, a := range d.answers {
		if !a.done && (!found || a.at.Before(next)) {
			next, found = a.at, true
		}
	}
	return next, found
}

// wait is OperationDispatcher.Wait: the reconcile (and so its worker) waits
// until every late answer is in, or until DispatchTimeout after the
// operations were sent, then finishes with whether it timed out. An answer
// due at the timeout itself is late (upstream checks the time before each
// answer it takes).
func (d *dispatcher) wait(finish func(timedOut bool) util.Result) util.Result {
	clock := d.s.cfg.Host.Clock()
	deadline := clock.Now().Add(DispatchTimeout)
	var poll func() util.Result
	poll = func() util.Result {
		next, pending := d.nextAnswer()
		if !pending && len(d.answers) == 0 || d.crashed {
			return finish(false)
		}
		now := clock.Now()
		if !now.Before(deadline) {
			return finish(true)
		}
		if !pending {
			return finish(false)
		}
		if next.After(deadline) {
			next = deadline
		}
		return util.Later(next.Sub(now), poll)
	}
	return poll()
}

// settle is managedDispatcherImpl.Wait after every operation finished in
// time: a created or updated cluster is OK, a deleted one is waiting for
// removal, one whose label was removed leaves the status.
func (d *dispatcher) settle() {
	for cluster, st := range d.c.statusMap {
		switch st {
		case CreationTimedOut, UpdateTimedOut:
			d.c.statusMap[cluster] = ClusterPropagationOK
		case DeletionTimedOut:
			d.c.statusMap[cluster] = WaitingForRemoval
		case LabelRemovalTimedOut:
			delete(d.c.statusMap, cluster)
		}
	}
}

func newDispatcher(s *KubeFedSyncController, r *FederatedResource, raw bool) *dispatcher {
	return &dispatcher{s: s, r: r, skipAdopt: s.cfg.SkipAdoptingResources, raw: raw, ok: true,
		c: collected{statusMap: map[string]string{}, resourceStatus: map[string]any{}}, versions: map[string]string{}}
}

func (d *dispatcher) targetName() string { return d.r.targetName.String() }

func (d *dispatcher) recordEvent(cluster, op, opContinuous string) {
	if d.s.quiet {
		return
	}
	var reason string
	switch op {
	case "create":
		reason = "CreateInCluster"
	case "update":
		reason = "UpdateInCluster"
	default:
		reason = strings.ReplaceAll(util.Title(op), " ", "") + "InCluster"
	}
	// eventTemplate spelled out: this runs once per member write.
	msg := opContinuous + " " + d.r.targetKind() + " " + strconv.Quote(d.targetName()) + " in cluster " + strconv.Quote(cluster)
	d.s.recordEvent(d.r.obj, "Normal", reason, msg)
}

func (d *dispatcher) recordError(cluster, op string, err error) {
	reason := strings.ReplaceAll(util.Title(op), " ", "") + "InClusterFailed"
	msg := fmt.Sprintf("Failed to "+eventTemplate, op, d.r.targetKind(), d.targetName(), cluster) + ": " + err.Error()
	d.s.recordError(d.r.obj, reason, msg)
}

// crashIfPanic ends the process when err is a panic (upstream runs each
// operation in a goroutine without recovery) and reports whether it was.
func (d *dispatcher) crashIfPanic(err error) bool {
	var pe *util.PanicError
	if !errors.As(err, &pe) {
		return false
	}
	d.crashed = true
	d.s.cfg.Log.Panic(src, pe.Msg)
	if d.s.cfg.OnPanic != nil {
		d.s.cfg.OnPanic(pe.Msg)
	}
	return true
}

func (d *dispatcher) operationError(status, cluster, op string, err error) {
	d.recordError(cluster, op, err)
	d.setStatus(cluster, status)
	d.ok = false
}

// RecordClusterError records a Warning with the status as reason.
func (d *dispatcher) recordClusterError(status, cluster string, err error) {
	d.s.recordError(d.r.obj, status, err.Error())
	d.setStatus(cluster, status)
}

func (d *dispatcher) client(cluster, op string, failStatus string) *store.Store {
	c, err := d.s.informer.GetClientForCluster(cluster)
	if err != nil {
		err = util.Wrap(err, "Error retrieving client for cluster")
		if d.unmanaged {
			d.s.cfg.Log.HandleError("dispatch/operation.go", err)
			d.ok = false
			return nil
		}
		d.operationError(ClientRetrievalFailed, cluster, op, err)
		return nil
	}
	return c
}

func (d *dispatcher) recordResourceStatus(cluster string, obj map[string]any) {
	if d.raw && !d.closed {
		d.c.resourceStatus[cluster] = u.DeepCopy(obj["status"])
		if d.c.resourceStatus[cluster] == nil {
			delete(d.c.resourceStatus, cluster)
		}
	}
}

func (d *dispatcher) create(cluster string) {
	d.setStatus(cluster, CreationTimedOut)
	d.ops++
	const op = "create"
	client := d.client(cluster, op, CreationFailed)
	if client == nil {
		return
	}
	d.recordEvent(cluster, op, "Creating")
	obj, err := d.r.ObjectForCluster(cluster)
	if err != nil {
		d.operationError(ComputeResourceFailed, cluster, op, err)
		return
	}
	obj, err = d.r.ApplyOverrides(obj, cluster)
	if d.crashIfPanic(err) {
		return
	}
	if err != nil {
		d.operationError(ApplyOverridesFailed, cluster, op, err)
		return
	}
	d.send(client, "create", cluster, u.GetNamespace(obj), u.GetName(obj), func() { d.created(client, cluster, obj) })
}

// created continues a create once the member answered.
func (d *dispatcher) created(client *store.Store, cluster string, obj map[string]any) {
	const op = "create"
	// obj is ours (computed in create) and created is only read.
	created, err := client.CreateOwned(obj)
	if err == nil {
		d.recordVersion(cluster, util.ObjectVersion(created))
		d.recordResourceStatus(cluster, created)
		return
	}
	alreadyExists := store.IsAlreadyExists(err) || (d.r.targetKind() == "Namespace" && store.ReasonOf(err) == store.ReasonTimeout)
	if !alreadyExists {
		d.operationError(CreationFailed, cluster, op, err)
		return
	}
	d.send(client, "get", cluster, u.GetNamespace(obj), u.GetName(obj), func() { d.adopt(client, cluster, obj) })
}

// adopt continues a create that found the object already there.
func (d *dispatcher) adopt(client *store.Store, cluster string, obj map[string]any) {
	const op = "create"
	existing, err := client.Get(d.s.target.Group, d.s.target.Kind, u.GetNamespace(obj), u.GetName(obj))
	if err != nil {
		d.operationError(RetrievalFailed, cluster, op, util.Wrap(err, "failed to retrieve object potentially requiring adoption"))
		return
	}
	if d.skipAdopt && !d.r.IsNamespaceInHostCluster(existing) {
		//lint:ignore ST1005 upstream's exact message
		d.recordError(cluster, op, fmt.Errorf("Resource pre-exist in cluster"))
		d.setStatus(cluster, AlreadyExists)
		return
	}
	//lint:ignore ST1005 upstream's exact message
	d.recordError(cluster, op, fmt.Errorf("An update will be attempted instead of a creation due to an existing resource"))
	d.update(cluster, existing)
}

// upToDate answers ObjectNeedsUpdate without building the desired object,
// for a cluster without overrides (the common case of a steady-state
// reconcile). Without overrides the desired object's metadata is the base's
// name, namespace and labels plus the managed label, with the cluster's own
// annotations retained, so only the version, name, namespace and labels can
// differ. Anything else (overrides, a failure to read them) takes the full
// path, which decides the same way and reports errors.
func (d *dispatcher) upToDate(b *memberBase, cluster string, clusterObj map[string]any) bool {
	ov, err := d.r.overridesForCluster(cluster)
	if err != nil || ov != nil {
		return false
	}
	target := util.ObjectVersion(clusterObj)
	if d.r.VersionForCluster(cluster) != target {
		return false
	}
	if !strings.HasPrefix(target, "gen:") {
		return true
	}
	return u.GetName(b.obj) == u.GetName(clusterObj) && u.GetNamespace(b.obj) == u.GetNamespace(clusterObj) &&
		util.LabelsEqual(b.labels, clusterObj)
}

// update brings a member object in line with the template and overrides
// and returns what it did (ActionUpdate, or ActionNone when the object was
// up to date) for the reconcile's record.
func (d *dispatcher) update(cluster string, clusterObj map[string]any) string {
	d.setStatus(cluster, UpdateTimedOut)
	d.ops++
	const op = "update"
	client := d.client(cluster, op, UpdateFailed)
	if client == nil {
		return ActionUpdate
	}
	if util.IsExplicitlyUnmanaged(clusterObj) {
		//lint:ignore ST1005 upstream's exact message
		d.operationError(ManagedLabelFalse, cluster, op, fmt.Errorf("Unable to manage the object which has label %s: %s", util.ManagedByKubeFedLabelKey, util.UnmanagedByKubeFedLabelValue))
		return ActionUpdate
	}
	b := d.r.base()
	if b.err != nil {
		d.operationError(ComputeResourceFailed, cluster, op, b.err)
		return ActionUpdate
	}
	d.r.warnTemplate(b)
	if d.upToDate(b, cluster, clusterObj) {
		d.recordResourceStatus(cluster, clusterObj)
		return ActionNone
	}
	obj := u.DeepCopyMap(b.obj)
	if err := retainClusterFields(d.s.cfg.Release, d.r.targetKind(), obj, clusterObj, d.r.obj); err != nil {
		d.operationError(FieldRetentionFailed, cluster, op, util.Wrap(err, "failed to retain fields"))
		return ActionUpdate
	}
	obj, err := d.r.ApplyOverrides(obj, cluster)
	if d.crashIfPanic(err) {
		return ActionUpdate
	}
	if err != nil {
		d.operationError(ApplyOverridesFailed, cluster, op, err)
		return ActionUpdate
	}
	version := d.r.VersionForCluster(cluster)
	if !util.ObjectNeedsUpdate(obj, clusterObj, version) {
		d.recordResourceStatus(cluster, clusterObj)
		return ActionNone
	}
	d.recordEvent(cluster, op, "Updating")
	d.send(client, "update", cluster, u.GetNamespace(obj), u.GetName(obj), func() {
		updated, err := client.Update(obj)
		if err != nil {
			d.operationError(UpdateFailed, cluster, op, err)
			return
		}
		if !d.closed {
			d.c.resourcesUpdated = true
		}
		d.recordVersion(cluster, util.ObjectVersion(updated))
		d.recordResourceStatus(cluster, updated)
	})
	return ActionUpdate
}

func (d *dispatcher) recordVersion(cluster, version string) {
	if !d.closed {
		d.versions[cluster] = version
	}
}

// starting says an operation begins: an event, or, for the deletion paths
// that have no recorder (withEvents false), a log line at V(2).
func (d *dispatcher) starting(cluster, op, opContinuous string, withEvents bool) {
	if withEvents {
		d.recordEvent(cluster, op, opContinuous)
	} else {
		d.s.cfg.Log.V(2, src, eventTemplate, opContinuous, d.r.targetKind(), d.targetName(), cluster)
	}
}

// failedOp records an operation's failure: a Warning and the cluster's
// status, or, without a recorder, an error log only.
func (d *dispatcher) failedOp(status, cluster, op string, err error, withEvents bool) {
	if withEvents {
		d.operationError(status, cluster, op, err)
	} else {
		d.s.cfg.Log.HandleError(src, util.Wrap(err, "Failed to "+eventTemplate, op, d.r.targetKind(), d.targetName(), cluster))
	}
}

// delete removes the object from a cluster that is no longer selected; on
// success the cluster shows WaitingForRemoval until the delete is observed.
func (d *dispatcher) delete(cluster string, withEvents bool) bool {
	const op = "delete"
	if withEvents {
		d.setStatus(cluster, DeletionTimedOut)
	}
	d.ops++
	client := d.client(cluster, op, DeletionFailed)
	if client == nil {
		return false
	}
	d.starting(cluster, op, "Deleting", withEvents)
	ok := true
	d.send(client, "delete", cluster, d.r.targetName.Namespace, d.r.targetName.Name, func() {
		err := client.Delete(d.s.target.Group, d.s.target.Kind, d.r.targetName.Namespace, d.r.targetName.Name)
		if store.IsNotFound(err) {
			err = nil
		}
		if err != nil {
			ok = false
			d.failedOp(DeletionFailed, cluster, op, err, withEvents)
		}
	})
	return ok
}

func (d *dispatcher) removeManagedLabel(cluster string, clusterObj map[string]any, withEvents bool) bool {
	const op = "remove managed label from"
	if withEvents {
		d.setStatus(cluster, LabelRemovalTimedOut)
	}
	d.ops++
	client := d.client(cluster, op, LabelRemovalFailed)
	if client == nil {
		return false
	}
	d.starting(cluster, op, "Removing managed label from", withEvents)
	ns, name := u.GetNamespace(clusterObj), u.GetName(clusterObj)
	ok := true
	fail := func(err error) {
		if err != nil {
			ok = false
			d.failedOp(LabelRemovalFailed, cluster, op, err, withEvents)
		}
	}
	if d.s.cfg.Release.Has(release.ManagedLabelPatch) {
		// controller-runtime's MergeFrom diff of the cached object and
		// the same without the label: only that key, no resourceVersion,
		// so the member applies it to whatever version it now holds.
		patch := managedLabelPatch(clusterObj)
		d.send(client, "patch", cluster, ns, name, func() {
			_, err := client.MergePatch(d.s.target.Group, d.s.target.Kind, ns, name, patch)
			fail(err)
		})
		return ok
	}
	// Before v0.8.0 the whole cached object is sent back: its
	// resourceVersion is a precondition, so a member object changed since
	// the informer saw it answers Conflict.
	obj := u.DeepCopyMap(clusterObj)
	util.RemoveManagedLabel(obj)
	d.send(client, "update", cluster, ns, name, func() {
		_, err := client.Update(obj)
		fail(err)
	})
	return ok
}

// managedLabelPatch is the JSON merge patch that removes kubefed's label
// from obj: {"metadata":{"labels":{"kubefed.io/managed":null}}}, or {} when
// obj does not carry it as "true" (util.RemoveManagedLabel then changes
// nothing, so the diff is empty).
func managedLabelPatch(obj map[string]any) map[string]any {
	if !util.ManagedSelector(obj) {
		return map[string]any{}
	}
	return map[string]any{"metadata": map[string]any{"labels": map[string]any{util.ManagedByKubeFedLabelKey: nil}}}
}

// retainClusterFields keeps what member clusters own (dispatch/retain.go).
// A Service keeps its healthCheckNodePort from v0.6.1 (PR #1347) and its
// clusterIPs from v0.8.0 (PR #1427); clusterIP and node ports always.
func retainClusterFields(r release.Release, targetKind string, desired, clusterObj, fedObj map[string]any) error {
	u.SetResourceVersion(desired, u.GetResourceVersion(clusterObj))
	u.SetFinalizers(desired, u.GetFinalizers(clusterObj))
	u.SetAnnotations(desired, u.GetAnnotations(clusterObj))
	switch targetKind {
	case "Service":
		retainServiceFields(r, desired, clusterObj)
		return nil
	case "ServiceAccount":
		if _, ok := u.Nested(desired, "secrets"); !ok {
			if s, ok := u.Nested(clusterObj, "secrets"); ok {
				desired["secrets"] = u.DeepCopy(s)
			}
		}
		return nil
	}
	if retain, ok := u.Nested(fedObj, "spec", "retainReplicas"); ok && retain == true {
		if r, ok := u.Nested(clusterObj, "spec", "replicas"); ok {
			u.SetNested(desired, u.DeepCopy(r), "spec", "replicas")
		}
	}
	return nil
}

func retainServiceFields(r release.Release, desired, clusterObj map[string]any) {
	if hc := u.NestedInt64(clusterObj, "spec", "healthCheckNodePort"); hc > 0 && r.Has(release.RetainHealthCheckNodePort) {
		u.SetNested(desired, hc, "spec", "healthCheckNodePort")
	}
	if ip, ok := u.Nested(clusterObj, "spec", "clusterIP"); ok {
		u.SetNested(desired, ip, "spec", "clusterIP")
	}
	if ips, ok := u.Nested(clusterObj, "spec", "clusterIPs"); ok && r.Has(release.RetainClusterIPs) {
		u.SetNested(desired, u.DeepCopy(ips), "spec", "clusterIPs")
	}
	cPorts := u.NestedSlice(clusterObj, "spec", "ports")
	dPorts := u.NestedSlice(desired, "spec", "ports")
	for _, dp := range dPorts {
		fm, _ := dp.(map[string]any)
		for _, cp := range cPorts {
			cm, _ := cp.(map[string]any)
			if fm == nil || cm == nil {
				continue
			}
			if !(u.Equal(fm["name"], cm["name"]) && u.Equal(fm["protocol"], cm["protocol"]) && u.Equal(fm["port"], cm["port"])) {
				continue
			}
			if np, ok := cm["nodePort"]; ok {
				fm["nodePort"] = np
			}
		}
	}
}
