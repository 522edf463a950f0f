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
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// apiServer is the slice of the API server the kubelet talks to: the pod
// objects bound to this node, with the pod strategy's rules for create,
// update and graceful deletion. Its watch feeds the api pod source: all the
// changes of one instant reach the kubelet as one snapshot, in the config
// phase of that instant.
type apiServer struct {
	k      *Kubelet
	pods   map[string]*v1.Pod
	seq    map[string]int    // uid → place in creation order
	byName map[string]string // namespace/name → uid
	names  map[string]string
	// nameLists holds onePod's lists, like names, by UID.
	nameLists map[string][]string
	// deliverFn and snapshotFn are a.deliver and a.k.snapshot as func
	// values, made once: they are scheduled at every change.
	deliverFn, snapshotFn func()
	// dirty holds the pods changed since the last delivery, each with
	// whether more than its status changed.
	dirty map[string]bool
	// statusOnly is deliver's list for the storage, reused.
	statusOnly []bool
	removed    []string
	pending    bool
	rv         int64
	// changed holds the pods whose object changed this instant, gone the
	// last object of those deleted; snapshotDue is set once the snapshot
	// that records them is scheduled.
	changed     map[string]bool
	gone        map[string]*v1.Pod
	snapshotDue bool
	uidCount    int
	created     int
	// config holds the ConfigMaps and Secrets, by kind/namespace/name,
	// as the set of their keys.
	config map[string]map[string]bool
}

func newAPIServer(k *Kubelet) *apiServer {
	return &apiServer{k: k, pods: map[string]*v1.Pod{}, seq: map[string]int{}, byName: map[string]string{}, names: map[string]string{}, nameLists: map[string][]string{}, dirty: map[string]bool{}, changed: map[string]bool{}, gone: map[string]*v1.Pod{}}
}

// fullName is p.FullName() without building the string again: the API
// server keeps every pod's namespace/name by UID.
func (k *Kubelet) fullName(p *v1.Pod) string {
	if n, ok := k.api.names[p.Metadata.UID]; ok {
		return n
	}
	return p.FullName()
}

// onePod is []string{k.fullName(p)}, the pod list of a trace entry about
// one pod: made once per pod and shared by its entries (trace entries are
// never changed), as most loop iterations are about one pod.
func (k *Kubelet) onePod(p *v1.Pod) []string {
	uid := p.Metadata.UID
	if l, ok := k.api.nameLists[uid]; ok {
		return l
	}
	l := []string{k.fullName(p)}
	if _, named := k.api.names[uid]; named {
		k.api.nameLists[uid] = l
	}
	return l
}

func (a *apiServer) name(uid string) string {
	if n, ok := a.names[uid]; ok {
		return n
	}
	return uid
}

// inCreationOrder returns the UIDs of set that are pods of the API, in
// the order the pods were created (the order a watch lists them in).
func inCreationOrder[V any](a *apiServer, set map[string]V) []string {
	type created struct {
		seq int
		uid string
	}
	live := make([]created, 0, len(set))
	for uid := range set {
		if a.pods[uid] != nil {
			live = append(live, created{a.seq[uid], uid})
		}
	}
	slices.SortFunc(live, func(x, y created) int { return cmp.Compare(x.seq, y.seq) })
	uids := make([]string, len(live))
	for i, c := range live {
		uids[i] = c.uid
	}
	return uids
}

func (a *apiServer) find(ns, name string) *v1.Pod {
	return a.pods[a.byName[ns+"/"+name]]
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
	if p := a.pods[uid]; p != nil {
		p.Metadata.ResourceVersion = strconv.FormatInt(a.rv, 10)
	}
	a.dirty[uid] = a.dirty[uid] || !statusOnly
	a.change(uid)
	a.deliverSoon()
}

// change records that uid's object changed at this instant.
func (a *apiServer) change(uid string) {
	a.changed[uid] = true
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
	uids := inCreationOrder(a, a.dirty)
	// The live objects: the storage only reads them and copies what it
	// keeps, as if they had been decoded from the watch.
	changed := make([]*v1.Pod, len(uids))
	statusOnly := slices.Grow(a.statusOnly[:0], len(uids))
	for i, uid := range uids {
		changed[i] = a.pods[uid]
		statusOnly = append(statusOnly, !a.dirty[uid])
	}
	a.statusOnly = statusOnly // the storage only reads it
	removed := a.removed
	clear(a.dirty) // read above, and kept by nothing
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
	if errs := v1.Validate(p, v1.ValidateOptions{Sidecars: k.sidecars()}); len(errs) > 0 {
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
	if _, ok := a.pods[p.Metadata.UID]; ok {
		return "", fmt.Errorf("pod UID %s already in use", p.Metadata.UID)
	}
	if p.Metadata.CreationTimestamp == nil {
		p.Metadata.CreationTimestamp = v1.NewTime(k.clock.Now())
	}
	p.Metadata.Generation = 1
	p.Metadata.DeletionTimestamp = nil
	p.Metadata.DeletionGracePeriodSeconds = nil
	p.Status = v1.PodStatus{Phase: v1.PodPending, QOSClass: v1.QOSClass(p)}
	a.pods[p.Metadata.UID] = p
	a.created++
	a.seq[p.Metadata.UID] = a.created
	a.byName[p.Metadata.Namespace+"/"+p.Metadata.Name] = p.Metadata.UID
	a.names[p.Metadata.UID] = p.FullName()
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
	if errs := v1.Validate(p, v1.ValidateOptions{Sidecars: k.sidecars()}); len(errs) > 0 {
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
	last, ok := a.pods[uid]
	if !ok {
		return
	}
	delete(a.pods, uid)
	delete(a.seq, uid)
	delete(a.byName, last.Metadata.Namespace+"/"+last.Metadata.Name)
	delete(a.dirty, uid)
	a.removed = append(a.removed, uid)
	a.gone[uid] = last
	a.change(uid)
	a.rv++
	a.deliverSoon()
}

// Pod implements status.API.
func (a *apiServer) Pod(uid string) *v1.Pod { return a.pods[uid] }

// UpdateStatus implements status.API.
func (a *apiServer) UpdateStatus(uid string, s *v1.PodStatus) {
	p := a.pods[uid]
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
	uids := inCreationOrder(k.api, k.api.pods)
	out := make([]*v1.Pod, 0, len(uids))
	for _, uid := range uids {
		out = append(out, k.api.pods[uid].DeepCopy())
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
