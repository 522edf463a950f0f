package kubelet

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	kubeconfig "github.com/kubexplorer/kubexplorer/core/kubelet/config"
	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/features"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// apiServer is the slice of the API server the kubelet talks to: the pod
// objects bound to this node, with the pod strategy's rules for create,
// update and graceful deletion. Its watch feeds the api pod source: all the
// changes of one instant reach the kubelet as one snapshot, in the config
// phase of that instant.
type apiServer struct {
	k *Kubelet
	// recs holds a record of every pod ever created, by UID: one lookup
	// finds a pod's object, its place in creation order, its name and
	// whether it changed (the kubelet writes a status at nearly every
	// sync).
	recs   map[string]*apiPod
	byName map[string]string // namespace/name → uid
	// deliverFn and snapshotFn are a.deliver and a.k.snapshot as func
	// values, made once: they are scheduled at every change.
	deliverFn, snapshotFn func()
	// dirty lists the records marked dirty since the last delivery (and
	// maybe some unmarked since: a removal unmarks).
	dirty []*apiPod
	// statusOnly is deliver's list for the storage, reused.
	statusOnly []bool
	removed    []string
	pending    bool
	rv         int64
	// changed lists the records whose object changed this instant;
	// snapshotDue is set once the snapshot that records them is
	// scheduled.
	changed     []*apiPod
	snapshotDue bool
	uidCount    int
	created     int
	// config holds the ConfigMaps and Secrets, by kind/namespace/name,
	// as the set of their keys.
	config map[string]map[string]bool
}

// apiPod is the API server's record of a pod UID. It stays once the pod
// is deleted (its name still names it in traces).
type apiPod struct {
	uid string
	pod *v1.Pod // nil once deleted
	// seq is the pod's place in creation order.
	seq int
	// name is namespace/name, nameList onePod's list of it.
	name     string
	nameList []string
	// dirty: changed since the last delivery; specDirty: more than its
	// status; listed: on the dirty list.
	dirty, specDirty, listed bool
	// changed: on this instant's changed list; gone is the last object of
	// a pod deleted this instant.
	changed bool
	gone    *v1.Pod
}

func newAPIServer(k *Kubelet) *apiServer {
	return &apiServer{k: k, recs: map[string]*apiPod{}, byName: map[string]string{}}
}

// pod is the API's pod of uid, or nil.
func (a *apiServer) pod(uid string) *v1.Pod {
	if r := a.recs[uid]; r != nil {
		return r.pod
	}
	return nil
}

// inCreationOrder sorts records by creation.
func inCreationOrder(recs []*apiPod) {
	slices.SortFunc(recs, func(x, y *apiPod) int { return cmp.Compare(x.seq, y.seq) })
}

// fullName is p.FullName() without building the string again: the API
// server keeps every pod's namespace/name by UID.
func (k *Kubelet) fullName(p *v1.Pod) string {
	if r := k.api.recs[p.Metadata.UID]; r != nil {
		return r.name
	}
	return p.FullName()
}

// onePod is []string{k.fullName(p)}, the pod list of a trace entry about
// one pod: made once per pod and shared by its entries (trace entries are
// never changed), as most loop iterations are about one pod.
func (k *Kubelet) onePod(p *v1.Pod) []string {
	r := k.api.recs[p.Metadata.UID]
	if r == nil {
		return []string{p.FullName()}
	}
	if r.nameList == nil {
		r.nameList = []string{r.name}
	}
	return r.nameList
}

func (a *apiServer) name(uid string) string {
	if r := a.recs[uid]; r != nil {
		return r.name
	}
	return uid
}

func (a *apiServer) find(ns, name string) *v1.Pod {
	return a.pod(a.byName[ns+"/"+name])
}

func (a *apiServer) newUID(ns, name string) string {
	a.uidCount++
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%s/%d", ns, name, a.uidCount)
	x := h.Sum64()
	h.Write([]byte("uid"))
	y := h.Sum64()
	return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", uint32(x>>32), uint16(x>>16), uint16(x)&0xfff, uint16(y>>48)&0xfff, y&0xffffffffffff)
}

// touch records a change of uid's object; statusOnly when nothing but its
// status changed (the storage then compares only the status).
func (a *apiServer) touch(uid string, statusOnly bool) {
	a.rv++
	r := a.recs[uid]
	r.pod.Metadata.ResourceVersion = strconv.FormatInt(a.rv, 10)
	r.dirty = true
	r.specDirty = r.specDirty || !statusOnly
	if !r.listed {
		r.listed = true
		a.dirty = append(a.dirty, r)
	}
	a.change(r)
	a.deliverSoon()
}

// change records that r's object changed at this instant.
func (a *apiServer) change(r *apiPod) {
	if !r.changed {
		r.changed = true
		a.changed = append(a.changed, r)
	}
	if !a.snapshotDue {
		a.snapshotDue = true
		if a.snapshotFn == nil {
			a.snapshotFn = a.k.snapshot
		}
		a.k.after(0, phaseSnapshot, "snapshot", a.snapshotFn)
	}
}

func (a *apiServer) deliverSoon() {
	if a.pending {
		return
	}
	a.pending = true
	if a.deliverFn == nil {
		a.deliverFn = a.deliver
	}
	a.k.after(0, phaseConfig, "api watch", a.deliverFn)
}

// deliver hands the changes of this instant to the api source.
func (a *apiServer) deliver() {
	a.pending = false
	// The live objects, in creation order: the storage only reads them and
	// copies what it keeps, as if they had been decoded from the watch.
	recs := a.dirty[:0]
	for _, r := range a.dirty {
		r.listed = false
		if r.dirty && r.pod != nil {
			recs = append(recs, r)
		}
	}
	inCreationOrder(recs)
	changed := make([]*v1.Pod, len(recs))
	statusOnly := slices.Grow(a.statusOnly[:0], len(recs))
	for i, r := range recs {
		changed[i] = r.pod
		statusOnly = append(statusOnly, !r.specDirty)
		r.dirty, r.specDirty = false, false
	}
	clear(a.dirty[:cap(a.dirty)]) // read above, and kept by nothing
	a.dirty = a.dirty[:0]
	a.statusOnly = statusOnly // the storage only reads it
	removed := a.removed
	a.removed = nil
	for _, u := range a.k.storage.SetChanged(kubeconfig.ApiserverSource, changed, statusOnly, removed) {
		a.k.loop.pushConfig(u)
	}
}

// CreatePod creates a pod bound to this node, like `kubectl apply` after
// the scheduler bound it: the API server assigns the UID and creation
// time and sets phase Pending. It returns the pod's UID (APIPods gives
// copies of the objects).
func (k *Kubelet) CreatePod(p *v1.Pod) (string, error) {
	a := k.api
	p = p.DeepCopy()
	v1.SetDefaults(p)
	v1.DropDisabledFields(p, k.validateOptions())
	if errs := v1.Validate(p, k.validateOptions()); len(errs) > 0 {
		return "", fmt.Errorf("Pod %q is invalid: %v", p.Metadata.Name, errs[0])
	}
	if a.find(p.Metadata.Namespace, p.Metadata.Name) != nil {
		return "", fmt.Errorf("pods %q already exists", p.Metadata.Name)
	}
	if p.Spec.NodeName == "" {
		p.Spec.NodeName = k.cfg.Node.Name
	}
	if p.Spec.NodeName != k.cfg.Node.Name {
		return "", fmt.Errorf("pod %s is bound to node %q; the kubelet of %q never sees it", p.FullName(), p.Spec.NodeName, k.cfg.Node.Name)
	}
	if p.Metadata.UID == "" {
		p.Metadata.UID = a.newUID(p.Metadata.Namespace, p.Metadata.Name)
	}
	if a.pod(p.Metadata.UID) != nil {
		return "", fmt.Errorf("pod UID %s already in use", p.Metadata.UID)
	}
	if p.Metadata.CreationTimestamp == nil {
		p.Metadata.CreationTimestamp = v1.NewTime(k.clock.Now())
	}
	p.Metadata.Generation = 1
	p.Metadata.DeletionTimestamp = nil
	p.Metadata.DeletionGracePeriodSeconds = nil
	p.Status = v1.PodStatus{Phase: v1.PodPending, QOSClass: v1.QOSClass(p)}
	r := a.recs[p.Metadata.UID]
	if r == nil {
		r = &apiPod{uid: p.Metadata.UID}
		a.recs[p.Metadata.UID] = r
	}
	a.created++
	r.pod, r.seq, r.name = p, a.created, p.FullName()
	a.byName[p.Metadata.Namespace+"/"+p.Metadata.Name] = p.Metadata.UID
	a.touch(p.Metadata.UID, false)
	k.trace("api", "create "+p.FullName())
	return p.Metadata.UID, nil
}

// UpdatePod applies an update to an existing pod; only what the API server
// lets change may change (images, activeDeadlineSeconds, added
// tolerations, labels, annotations).
func (k *Kubelet) UpdatePod(p *v1.Pod) error {
	a := k.api
	p = p.DeepCopy()
	v1.SetDefaults(p)
	cur := a.find(p.Metadata.Namespace, p.Metadata.Name)
	if cur == nil {
		return fmt.Errorf("pods %q not found", p.Metadata.Name)
	}
	if p.Spec.NodeName == "" {
		p.Spec.NodeName = cur.Spec.NodeName
	}
	v1.DropDisabledFields(p, k.validateOptions())
	if errs := v1.Validate(p, k.validateOptions()); len(errs) > 0 {
		return fmt.Errorf("Pod %q is invalid: %v", p.Metadata.Name, errs[0])
	}
	if errs := v1.ValidateUpdate(p, cur); len(errs) > 0 {
		return fmt.Errorf("Pod %q is invalid: %v", p.Metadata.Name, errs[0])
	}
	specChanged := fmt.Sprint(cur.Spec.Containers, cur.Spec.InitContainers, cur.Spec.ActiveDeadlineSeconds, cur.Spec.Tolerations) !=
		fmt.Sprint(p.Spec.Containers, p.Spec.InitContainers, p.Spec.ActiveDeadlineSeconds, p.Spec.Tolerations)
	cur.Spec = p.Spec
	cur.Metadata.Labels = p.Metadata.Labels
	cur.Metadata.Annotations = p.Metadata.Annotations
	if specChanged {
		cur.Metadata.Generation++
	}
	a.touch(cur.Metadata.UID, false)
	k.trace("api", "update "+cur.FullName())
	return nil
}

// DeletePod deletes a pod like `kubectl delete`: gracefully with the given
// or the pod's grace period (the API server sets deletionTimestamp to now +
// grace), at once when the grace is 0 with force, or when the pod is
// already terminal.
func (k *Kubelet) DeletePod(namespace, name string, grace *int64, force bool) error {
	a := k.api
	cur := a.find(namespace, name)
	if cur == nil {
		return fmt.Errorf("pods %q not found", name)
	}
	g := *cur.Spec.TerminationGracePeriodSeconds
	if grace != nil {
		g = *grace
	}
	if g < 0 {
		return fmt.Errorf("gracePeriodSeconds must be >= 0")
	}
	if g == 0 && !force {
		// kubectl turns --grace-period=0 without --force into 1.
		g = 1
	}
	if v1.IsPodPhaseTerminal(cur.Status.Phase) {
		g = 0
	}
	if force || g == 0 {
		k.trace("api", fmt.Sprintf("delete %s (grace 0, removed at once)", cur.FullName()))
		a.remove(cur.Metadata.UID)
		return nil
	}
	if cur.Metadata.DeletionGracePeriodSeconds != nil && *cur.Metadata.DeletionGracePeriodSeconds <= g {
		return nil
	}
	cur.Metadata.DeletionGracePeriodSeconds = &g
	cur.Metadata.DeletionTimestamp = v1.NewTime(k.clock.Now().Add(time.Duration(g) * time.Second))
	a.touch(cur.Metadata.UID, false)
	k.trace("api", fmt.Sprintf("delete %s (grace %ds)", cur.FullName(), g))
	return nil
}

func (a *apiServer) remove(uid string) {
	r := a.recs[uid]
	if r == nil || r.pod == nil {
		return
	}
	last := r.pod
	r.pod = nil
	delete(a.byName, last.Metadata.Namespace+"/"+last.Metadata.Name)
	r.dirty, r.specDirty = false, false
	a.removed = append(a.removed, uid)
	r.gone = last
	a.change(r)
	a.rv++
	a.deliverSoon()
}

// Pod implements status.API.
func (a *apiServer) Pod(uid string) *v1.Pod { return a.pod(uid) }

// UpdateStatus implements status.API.
func (a *apiServer) UpdateStatus(uid string, s *v1.PodStatus) {
	p := a.pod(uid)
	if p == nil {
		return
	}
	p.Status = *s
	a.touch(uid, true)
}

// Delete implements status.API: the status manager's final deletion.
func (a *apiServer) Delete(uid string) { a.remove(uid) }

// APIPods returns copies of the pod objects in creation order.
func (k *Kubelet) APIPods() []*v1.Pod {
	var recs []*apiPod
	for _, r := range k.api.recs {
		if r.pod != nil {
			recs = append(recs, r)
		}
	}
	inCreationOrder(recs)
	out := make([]*v1.Pod, 0, len(recs))
	for _, r := range recs {
		out = append(out, r.pod.DeepCopy())
	}
	return out
}

// Note records a line in the kubelet's log: what a caller did to the node
// (a scenario's faults, a timeline action that failed).
func (k *Kubelet) Note(source, text string) { k.trace(source, text) }

// RuntimeStatus reads what the runtime holds for the pod namespace/name
// (the API's pod of that name, else the pod manager's: a pod already gone
// from the API may still have containers), calling the runtime as
// GetPodStatus does, with caller as the calls' caller in the runtime's
// log. ok is false when no such pod is known or the runtime fails.
func (k *Kubelet) RuntimeStatus(caller, namespace, name string) (*kubecontainer.PodStatus, bool) {
	uid := k.podUID(namespace, name)
	if uid == "" {
		return nil, false
	}
	st, err := k.runtime.GetPodStatus(cri.WithCaller(context.Background(), caller), uid, name, namespace)
	if err != nil {
		return nil, false
	}
	return st, true
}

// podUID finds a pod by name in the API, else in the pod manager.
func (k *Kubelet) podUID(namespace, name string) string {
	if p := k.api.find(namespace, name); p != nil {
		return p.Metadata.UID
	}
	for _, p := range k.pods() {
		if p.Metadata.Namespace == namespace && p.Metadata.Name == name {
			return p.Metadata.UID
		}
	}
	return ""
}

// validateOptions is what the release's API server validates pods with.
func (k *Kubelet) validateOptions() v1.ValidateOptions { return APIValidateOptions(k.rel, k.gates) }

// APIValidateOptions are the pod fields the API server of rel knows, and
// the gates it drops fields by.
func APIValidateOptions(rel release.Release, gates features.Gates) v1.ValidateOptions {
	return v1.ValidateOptions{
		Sidecars:               gates.Enabled(features.SidecarContainers),
		InitRestartPolicyField: rel.Has(release.InitRestartPolicyField),
		GRPCProbeField:         rel.Has(release.GRPCProbeField),
		SleepActionField:       rel.Has(release.SleepActionField),
		SleepAction:            gates.Enabled(features.PodLifecycleSleepAction),
		SleepZeroGate:          rel.Has(release.SleepZeroGate),
		SleepAllowZero:         gates.Enabled(features.PodLifecycleSleepActionAllowZero),
		RestartRulesField:      rel.Has(release.RestartRulesField),
		RestartRules:           gates.Enabled(features.ContainerRestartRules),
		RestartRulesInitPolicy: rel.Has(release.RestartRulesInitPolicy),
		RestartRulesTooMany:    rel.Has(release.RestartRulesTooMany),
		RestartAll:             gates.Enabled(features.RestartAllContainersOnContainerExits),
	}
}
