package fake

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	"github.com/kubexplorer/kubexplorer/core/internal/journal"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// DefaultImageSize is the size reported for images without a scripted size.
const DefaultImageSize = 1 << 20

// Runtime is the fake runtime. It implements cri.Runtime (both CRI
// services) and cri.Network (the containers' endpoints), and is not safe for concurrent use (nothing in a
// simulation is concurrent).
type Runtime struct {
	clock *sim.Clock

	sandboxes  map[string]*sandbox
	containers map[string]*container
	// sbAll and ctrAll hold the same objects in creation order, for
	// listings without a map lookup per item.
	sbAll  creationOrder[*sandbox]
	ctrAll creationOrder[*container]
	// sbList and ctrList keep the last unfiltered listings.
	sbList  listing[*cri.PodSandbox]
	ctrList listing[*cri.Container]
	// byPod indexes the sandboxes and containers not removed by pod UID
	// label, in creation order, so per-pod listings do not scan the whole
	// runtime.
	sbByPod  map[string][]*sandbox
	ctrByPod map[string][]*container
	images   map[string]*image
	seq      uint64
	ipSeq    int

	containerScripts []ContainerScript
	// scriptsByPod indexes containerScripts by the pod name they name, and
	// scriptsAnyPod lists those for any pod, each in script order: a
	// scenario may script hundreds of pods, and every container created
	// looks its script up.
	scriptsByPod   map[string][]int
	scriptsAnyPod  []int
	imageScripts   map[string]*ImageScript
	sandboxScripts []SandboxScript
	sandboxRunErrs map[string][]string // pod key -> pending RunPodSandbox errors

	runtimeCond cri.RuntimeCondition
	networkCond cri.RuntimeCondition

	// unknownMissing: images without a script do not exist (see
	// SetUnknownImagesMissing); assumed lists the images without a script
	// that were pulled anyway, in the order of their first pull.
	unknownMissing bool
	assumed        []string

	calls    journal.Journal[Call]
	injected map[string][]error
	// LogReads controls whether read-only calls are logged; on by default.
	LogReads bool
}

type sandbox struct {
	status  cri.PodSandboxStatus
	handler string
	dieAt   *sim.Timer
	// listed is the item last returned by ListPodSandbox; only the state
	// of a sandbox changes after creation, so it is reused while the state
	// is the same (listings of thousands of pods every second stay cheap).
	listed *cri.PodSandbox
	// shown is the status last handed out by PodSandboxStatusShared,
	// reused while the state is the same (see listed); once handed out it
	// is never changed.
	shown *cri.PodSandboxStatus
	gone  bool // removed
}

func (sb *sandbox) isGone() bool { return sb.gone }

type container struct {
	status    cri.ContainerStatus
	sandboxID string
	pod, ns   string
	script    *ContainerScript
	instance  Instance
	exitTimer *sim.Timer
	// listed is the item last returned by ListContainers, reused while the
	// state is unchanged (see sandbox.listed).
	listed *cri.Container
	// shown is the status last handed out by ContainerStatusShared, reused
	// while the state is the same: the other fields of a status change
	// only with its state, and a container never returns to a state it
	// left. Once handed out it is never changed.
	shown *cri.ContainerStatus
	gone  bool // removed
	// target is the container in the call log ("app 3f2a…"), and
	// execTarget that of its last exec (execCmd): every status read and
	// exec probe logs one.
	target, execTarget string
	execCmd            []string
}

func (c *container) isGone() bool { return c.gone }

// creationOrder lists a runtime's sandboxes or containers in creation
// order. Removing one marks it gone; the list is compacted only once half
// of it is gone, so a removal is not a pass over every object.
type creationOrder[T interface{ isGone() bool }] struct {
	all  []T // in creation order, with gone ones among them
	gone int
	// version counts the changes a listing shows: objects created and
	// removed, and state changes (setContainerState, setSandboxState).
	version uint64
}

func (o *creationOrder[T]) add(x T) {
	o.all = append(o.all, x)
	o.version++
}

// candidates are the objects a listing with label selector sel looks at:
// those of one pod when sel names a pod UID (by the byPod index), else
// all; in creation order, gone ones possibly among them. matched says
// that every candidate matches sel: it names the pod UID and nothing else
// (what the kubelet's per-pod listings ask). The slice is only read, and
// valid until the runtime next changes.
func (o *creationOrder[T]) candidates(sel map[string]string, byPod map[string][]T) (list []T, matched bool) {
	uid := sel[cri.LabelPodUID]
	if uid == "" {
		return o.all, len(sel) == 0
	}
	return byPod[uid], len(sel) == 1
}

// removed counts an object just marked gone.
func (o *creationOrder[T]) removed() {
	o.version++
	o.gone++
	if o.gone >= 32 && 2*o.gone >= len(o.all) {
		o.all = slices.DeleteFunc(o.all, T.isGone)
		o.gone = 0
	}
}

// listing hands out an unfiltered listing again when nothing in it
// changed: a kubelet lists every container and sandbox of the node every
// second (the PLEG relist), and most listings equal the one before.
type listing[I comparable] struct {
	last    []I // handed out: never written again
	scratch []I // not handed out
	// version is the objects' version when last was made; made says
	// whether it was.
	version uint64
	made    bool
}

// listAll lists the objects not gone, as item shows them: the previous
// listing when nothing changed since or it comes out the same, else a new
// slice that becomes the one handed out.
func listAll[T interface{ isGone() bool }, I comparable](l *listing[I], objs *creationOrder[T], item func(T) I) []I {
	if l.made && l.version == objs.version {
		return l.last
	}
	l.version, l.made = objs.version, true
	out := slices.Grow(l.scratch[:0], len(objs.all))
	for _, o := range objs.all {
		if !o.isGone() {
			out = append(out, item(o))
		}
	}
	if slices.Equal(out, l.last) {
		l.scratch = out
		return l.last
	}
	l.last, l.scratch = out, nil
	return out
}

// setContainerState and setSandboxState change the state of a container or
// sandbox; every state change goes through them, so that the next listing
// shows it.
func (r *Runtime) setContainerState(c *container, st cri.ContainerState) {
	c.status.State = st
	r.ctrAll.version++
}

func (r *Runtime) setSandboxState(sb *sandbox, st cri.PodSandboxState) {
	sb.status.State = st
	r.sbAll.version++
}

// item is the sandbox as ListPodSandbox shows it.
func (sb *sandbox) item() *cri.PodSandbox {
	if sb.listed == nil || sb.listed.State != sb.status.State {
		sb.listed = &cri.PodSandbox{ID: sb.status.ID, Metadata: sb.status.Metadata, State: sb.status.State,
			CreatedAt: sb.status.CreatedAt, Labels: sb.status.Labels, Annotations: sb.status.Annotations}
	}
	return sb.listed
}

// item is the container as ListContainers shows it.
func (c *container) item() *cri.Container {
	if c.listed == nil || c.listed.State != c.status.State {
		c.listed = &cri.Container{ID: c.status.ID, PodSandboxID: c.sandboxID, Metadata: c.status.Metadata,
			Image: c.status.Image, ImageRef: c.status.ImageRef, State: c.status.State, CreatedAt: c.status.CreatedAt,
			Labels: c.status.Labels, Annotations: c.status.Annotations}
	}
	return c.listed
}

type image struct {
	img     cri.Image
	arrives *sim.Timer // pending pull
}

// Call is one entry of the call log.
type Call struct {
	Time    time.Time     `json:"time"`
	Method  string        `json:"method"`
	Caller  string        `json:"caller,omitempty"`
	Target  string        `json:"target,omitempty"`
	Error   string        `json:"error,omitempty"`
	Elapsed time.Duration `json:"elapsed,omitempty"`
	// Read is true for calls that change nothing.
	Read bool `json:"read,omitempty"`
}

// New returns an empty runtime on clock, ready and with a ready network.
func New(clock *sim.Clock) *Runtime {
	return &Runtime{
		clock:          clock,
		sandboxes:      map[string]*sandbox{},
		containers:     map[string]*container{},
		images:         map[string]*image{},
		imageScripts:   map[string]*ImageScript{},
		sandboxRunErrs: map[string][]string{},
		sbByPod:        map[string][]*sandbox{},
		ctrByPod:       map[string][]*container{},
		injected:       map[string][]error{},
		runtimeCond:    cri.RuntimeCondition{Type: cri.RuntimeReady, Status: true},
		networkCond:    cri.RuntimeCondition{Type: cri.NetworkReady, Status: true},
		LogReads:       true,
	}
}

// --- scripting ---------------------------------------------------------

// AddContainerScript appends a container script; later scripts win.
func (r *Runtime) AddContainerScript(s ContainerScript) {
	i := len(r.containerScripts)
	r.containerScripts = append(r.containerScripts, s)
	if matches(s.Pod, "") {
		r.scriptsAnyPod = append(r.scriptsAnyPod, i)
		return
	}
	if r.scriptsByPod == nil {
		r.scriptsByPod = map[string][]int{}
	}
	r.scriptsByPod[s.Pod] = append(r.scriptsByPod[s.Pod], i)
}

// SetImage scripts an image, replacing an earlier script for it. A present
// image is put in the store at once.
func (r *Runtime) SetImage(s ImageScript) {
	cp := s
	cp.PullErrors = slices.Clone(s.PullErrors)
	r.imageScripts[s.Image] = &cp
	if s.Present {
		r.putImage(s.Image)
	}
}

// SetUnknownImagesMissing sets what a pull of an image without a script
// does. By default such an image exists (any name pulls, which a real
// registry would not promise); with missing set it does not exist, and every
// pull of it fails as ImageScript.Missing describes.
func (r *Runtime) SetUnknownImagesMissing(missing bool) { r.unknownMissing = missing }

// AssumedImages lists the images without a script that were pulled only
// because the runtime treats every name as pullable, in the order of their
// first pull.
func (r *Runtime) AssumedImages() []string { return slices.Clone(r.assumed) }

// missingImageError is containerd's answer to a pull of a reference its
// registry does not have: NotFound, naming the reference in its normalized
// form (docker.io/library/nginx:1.25 for nginx:1.25).
func missingImageError(name string) error {
	ref := normalizedReference(name)
	return cri.Errorf(cri.NotFound, "failed to pull and unpack image %q: failed to resolve reference %q: %s: not found", ref, ref, ref)
}

// normalizedReference is a reference as containerd names it: a name without
// a registry is on docker.io, one without a path is in docker.io's library,
// one without a tag or digest is :latest.
func normalizedReference(name string) string {
	domain, rest, found := strings.Cut(name, "/")
	if !found || (!strings.ContainsAny(domain, ".:") && domain != "localhost") {
		domain, rest = "docker.io", name
		if !strings.Contains(rest, "/") {
			rest = "library/" + rest
		}
	}
	last := rest[strings.LastIndex(rest, "/")+1:]
	if !strings.ContainsAny(last, ":@") {
		rest += ":latest"
	}
	return domain + "/" + rest
}

// AddSandboxScript appends a sandbox script; later scripts win.
func (r *Runtime) AddSandboxScript(s SandboxScript) {
	r.sandboxScripts = append(r.sandboxScripts, s)
	key := s.Namespace + "/" + s.Pod
	r.sandboxRunErrs[key] = append(r.sandboxRunErrs[key], s.RunErrors...)
}

// SetRuntimeReady sets the RuntimeReady condition.
func (r *Runtime) SetRuntimeReady(ready bool, reason, message string) {
	r.runtimeCond = cri.RuntimeCondition{Type: cri.RuntimeReady, Status: ready, Reason: reason, Message: message}
}

// SetNetworkReady sets the NetworkReady condition.
func (r *Runtime) SetNetworkReady(ready bool, reason, message string) {
	r.networkCond = cri.RuntimeCondition{Type: cri.NetworkReady, Status: ready, Reason: reason, Message: message}
}

// InjectError queues err as the answer of the next call to method.
func (r *Runtime) InjectError(method string, err error) {
	r.injected[method] = append(r.injected[method], err)
}

// KillSandbox makes a sandbox NOTREADY, as if its pause process died.
func (r *Runtime) KillSandbox(id string) bool {
	sb, ok := r.sandboxes[id]
	if !ok {
		return false
	}
	r.setSandboxState(sb, cri.SandboxNotReady)
	return true
}

// ExitContainer makes a running container exit now with code (and OOM).
func (r *Runtime) ExitContainer(id string, code int32, oom bool) bool {
	c, ok := r.containers[id]
	if !ok || c.status.State != cri.ContainerRunning {
		return false
	}
	r.exit(c, code, oom, "")
	return true
}

// LoseContainer makes the runtime forget a container, running or not, as
// if it had been removed behind the kubelet's back (crictl rm -f, a runtime
// that lost its state).
func (r *Runtime) LoseContainer(id string) bool {
	if r.containers[id] == nil {
		return false
	}
	r.removeContainer(id)
	return true
}

// Calls returns the call log.
func (r *Runtime) Calls() []Call { return r.calls.All() }

// CallsSince returns the calls logged from index i on.
func (r *Runtime) CallsSince(i int) []Call { return r.calls.Since(i) }

// --- helpers -------------------------------------------------------------

func (r *Runtime) now() int64 { return r.clock.Now().UnixNano() }

// nextID is the 13 hex digits of the FNV-64a hash of "kind/seq", shifted
// right by 12 bits (written out by hand: one allocation, not five).
func (r *Runtime) nextID(kind string) string {
	r.seq++
	var buf [64]byte
	h := fnv64a(strconv.AppendUint(append(append(buf[:0], kind...), '/'), r.seq, 10))
	return string(appendHex(buf[:0], h>>12, 13))
}

// fnv64a is hash/fnv's FNV-64a of b, without a hash.Hash to allocate.
func fnv64a[T string | []byte](b T) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(b); i++ {
		h ^= uint64(b[i])
		h *= 1099511628211
	}
	return h
}

// appendHex appends v in lower-case hexadecimal, zero-padded to width
// digits, as fmt's %0*x does.
func appendHex(b []byte, v uint64, width int) []byte {
	var digits [16]byte
	d := strconv.AppendUint(digits[:0], v, 16)
	for i := len(d); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, d...)
}

func (r *Runtime) log(ctx context.Context, method, target string, read bool, err error, elapsed time.Duration) {
	if read && !r.LogReads {
		return
	}
	c := Call{Time: r.clock.Now(), Method: method, Caller: cri.CallerOf(ctx), Target: target, Elapsed: elapsed, Read: read}
	if err != nil {
		c.Error = err.Error()
	}
	r.calls.Append(c)
}

// begin fails a call made with a cancelled context, like a gRPC client
// does, else pops an injected error for method.
func (r *Runtime) begin(ctx context.Context, method string) error {
	if ctx.Err() != nil {
		return cri.CanceledError()
	}
	q := r.injected[method]
	if len(q) == 0 {
		return nil
	}
	r.injected[method] = q[1:]
	return q[0]
}

func matches(pat, v string) bool { return pat == "" || pat == "*" || pat == v }

// containerScript is the last script that matches the container: the
// last match among those naming its pod and the last among those for any
// pod, whichever comes later.
func (r *Runtime) containerScript(pod, ns, name string) *ContainerScript {
	found := -1
	for _, l := range [2][]int{r.scriptsByPod[pod], r.scriptsAnyPod} {
		for j := len(l) - 1; j >= 0 && l[j] > found; j-- {
			if s := &r.containerScripts[l[j]]; matches(s.Namespace, ns) && matches(s.Container, name) {
				found = l[j]
				break
			}
		}
	}
	if found < 0 {
		return nil
	}
	return &r.containerScripts[found]
}

func (r *Runtime) sandboxScript(pod, ns string) *SandboxScript {
	var found *SandboxScript
	for i := range r.sandboxScripts {
		s := &r.sandboxScripts[i]
		if matches(s.Pod, pod) && matches(s.Namespace, ns) {
			found = s
		}
	}
	return found
}

func imageID(name string) string {
	h := fnv64a(name)
	var buf [7 + 32]byte
	b := append(buf[:0], "sha256:"...)
	b = appendHex(b, h, 16)
	return string(appendHex(b, h^0x5bd1e995, 16))
}

func (r *Runtime) putImage(name string) {
	size := uint64(DefaultImageSize)
	if s := r.imageScripts[name]; s != nil && s.Size > 0 {
		size = s.Size
	}
	img := r.images[name]
	if img == nil {
		img = &image{}
		r.images[name] = img
	}
	img.img = cri.Image{ID: imageID(name), RepoTags: []string{name}, Size: size}
	img.arrives = nil
}

func selectorMatches(sel, labels map[string]string) bool {
	for k, v := range sel {
		if labels[k] != v {
			return false
		}
	}
	return true
}

func exitReason(code int32, oom bool) string {
	switch {
	case oom:
		return "OOMKilled"
	case code == 0:
		return "Completed"
	default:
		return "Error"
	}
}

func (r *Runtime) exit(c *container, code int32, oom bool, reason string) {
	if c.status.State != cri.ContainerRunning {
		return
	}
	if c.exitTimer != nil {
		r.clock.Stop(c.exitTimer)
		c.exitTimer = nil
	}
	r.setContainerState(c, cri.ContainerExited)
	c.status.FinishedAt = r.now()
	c.status.ExitCode = code
	if reason == "" {
		reason = exitReason(code, oom)
	}
	c.status.Reason = reason
}

// --- RuntimeService ------------------------------------------------------

// Version implements cri.RuntimeService.
func (r *Runtime) Version(ctx context.Context, apiVersion string) (*cri.VersionResponse, error) {
	err := r.begin(ctx, "Version")
	r.log(ctx, "Version", "", true, err, 0)
	if err != nil {
		return nil, err
	}
	return &cri.VersionResponse{Version: "0.1.0", RuntimeName: "fake", RuntimeVersion: "1.0.0", RuntimeAPIVersion: "v1"}, nil
}

// Status implements cri.RuntimeService.
func (r *Runtime) Status(ctx context.Context) (*cri.RuntimeStatus, error) {
	err := r.begin(ctx, "Status")
	r.log(ctx, "Status", "", true, err, 0)
	if err != nil {
		return nil, err
	}
	return &cri.RuntimeStatus{Conditions: []cri.RuntimeCondition{r.runtimeCond, r.networkCond}}, nil
}

// RunPodSandbox implements cri.RuntimeService.
func (r *Runtime) RunPodSandbox(ctx context.Context, config *cri.PodSandboxConfig, runtimeHandler string) (string, error) {
	target := config.Metadata.Namespace + "/" + config.Metadata.Name
	if err := r.begin(ctx, "RunPodSandbox"); err != nil {
		r.log(ctx, "RunPodSandbox", target, false, err, 0)
		return "", err
	}
	key := config.Metadata.Namespace + "/" + config.Metadata.Name
	for _, k := range []string{key, config.Metadata.Namespace + "/", "/" + config.Metadata.Name, "/"} {
		if q := r.sandboxRunErrs[k]; len(q) > 0 {
			r.sandboxRunErrs[k] = q[1:]
			err := cri.Errorf(cri.Unknown, "%s", q[0])
			r.log(ctx, "RunPodSandbox", target, false, err, 0)
			return "", err
		}
	}
	id := r.nextID("sandbox")
	r.ipSeq++
	sb := &sandbox{handler: runtimeHandler, status: cri.PodSandboxStatus{
		ID:             id,
		Metadata:       config.Metadata,
		State:          cri.SandboxReady,
		CreatedAt:      r.now(),
		Namespaces:     config.Namespaces,
		Labels:         maps.Clone(config.Labels),
		Annotations:    maps.Clone(config.Annotations),
		RuntimeHandler: runtimeHandler,
	}}
	if config.Namespaces.Network != cri.NamespaceNode {
		sb.status.Network.IP = fmt.Sprintf("10.88.%d.%d", (r.ipSeq/250)%250, r.ipSeq%250+2)
	}
	r.sandboxes[id] = sb
	r.sbAll.add(sb)
	if uid := config.Labels[cri.LabelPodUID]; uid != "" {
		r.sbByPod[uid] = append(r.sbByPod[uid], sb)
	}
	if s := r.sandboxScript(config.Metadata.Name, config.Metadata.Namespace); s != nil && s.DieAfter > 0 {
		sb.dieAt = r.clock.AfterFunc(s.DieAfter.Std(), "sandbox dies "+id, func() { r.setSandboxState(sb, cri.SandboxNotReady) })
	}
	r.log(ctx, "RunPodSandbox", target, false, nil, 0)
	return id, nil
}

// StopPodSandbox implements cri.RuntimeService: it force-stops the
// sandbox's containers and is idempotent.
func (r *Runtime) StopPodSandbox(ctx context.Context, id string) error {
	if err := r.begin(ctx, "StopPodSandbox"); err != nil {
		r.log(ctx, "StopPodSandbox", id, false, err, 0)
		return err
	}
	if sb, ok := r.sandboxes[id]; ok {
		for _, c := range r.ctrAll.all {
			if !c.gone && c.sandboxID == id {
				r.exit(c, 137, false, "")
			}
		}
		r.setSandboxState(sb, cri.SandboxNotReady)
		if sb.dieAt != nil {
			r.clock.Stop(sb.dieAt)
		}
	}
	r.log(ctx, "StopPodSandbox", id, false, nil, 0)
	return nil
}

// RemovePodSandbox implements cri.RuntimeService; idempotent.
func (r *Runtime) RemovePodSandbox(ctx context.Context, id string) error {
	if err := r.begin(ctx, "RemovePodSandbox"); err != nil {
		r.log(ctx, "RemovePodSandbox", id, false, err, 0)
		return err
	}
	if sb, ok := r.sandboxes[id]; ok {
		var ids []string
		for _, c := range r.ctrAll.all {
			if !c.gone && c.sandboxID == id {
				ids = append(ids, c.status.ID)
			}
		}
		for _, cid := range ids {
			r.removeContainer(cid)
		}
		if uid := sb.status.Labels[cri.LabelPodUID]; uid != "" {
			r.sbByPod[uid] = slices.DeleteFunc(r.sbByPod[uid], func(s *sandbox) bool { return s == sb })
			if len(r.sbByPod[uid]) == 0 {
				delete(r.sbByPod, uid)
			}
		}
		delete(r.sandboxes, id)
		sb.gone = true
		r.sbAll.removed()
	}
	r.log(ctx, "RemovePodSandbox", id, false, nil, 0)
	return nil
}

// PodSandboxStatus implements cri.RuntimeService: the labels and
// annotations are copies.
func (r *Runtime) PodSandboxStatus(ctx context.Context, id string) (*cri.PodSandboxStatus, error) {
	shared, err := r.PodSandboxStatusShared(ctx, id)
	return ownCopy(shared, err, func(st *cri.PodSandboxStatus) {
		st.Labels, st.Annotations = maps.Clone(st.Labels), maps.Clone(st.Annotations)
	})
}

// ownCopy makes a shared answer the caller's own: a copy, its maps
// replaced by copies (ownMaps).
func ownCopy[S any](shared *S, err error, ownMaps func(*S)) (*S, error) {
	if err != nil {
		return nil, err
	}
	st := *shared
	ownMaps(&st)
	return &st, nil
}

// PodSandboxStatusShared implements cri.SharedStatusService: the labels and
// annotations are the sandbox's own, never changed after RunPodSandbox, and
// the status itself is shared until the sandbox changes.
func (r *Runtime) PodSandboxStatusShared(ctx context.Context, id string) (*cri.PodSandboxStatus, error) {
	err := r.begin(ctx, "PodSandboxStatus")
	sb, ok := r.sandboxes[id]
	if err == nil && !ok {
		err = cri.Errorf(cri.NotFound, "an error occurred when try to find sandbox %q: not found", id)
	}
	r.log(ctx, "PodSandboxStatus", id, true, err, 0)
	if err != nil {
		return nil, err
	}
	if sb.shown == nil || sb.shown.State != sb.status.State {
		st := sb.status
		sb.shown = &st
	}
	return sb.shown, nil
}

// ListPodSandbox implements cri.RuntimeService, in creation order. The
// items are shared between calls until the sandbox changes, and an
// unfiltered listing equal to the previous one is the same slice: callers
// must not modify them.
func (r *Runtime) ListPodSandbox(ctx context.Context, filter *cri.PodSandboxFilter) ([]*cri.PodSandbox, error) {
	if err := r.begin(ctx, "ListPodSandbox"); err != nil {
		r.log(ctx, "ListPodSandbox", "", true, err, 0)
		return nil, err
	}
	var sel map[string]string
	if filter != nil {
		sel = filter.LabelSelector
	}
	sbs, matched := r.sbAll.candidates(sel, r.sbByPod)
	if filter == nil {
		r.log(ctx, "ListPodSandbox", "", true, nil, 0)
		return listAll(&r.sbList, &r.sbAll, (*sandbox).item), nil
	}
	out := make([]*cri.PodSandbox, 0, len(sbs))
	for _, sb := range sbs {
		if sb.gone {
			continue
		}
		if filter.ID != "" && filter.ID != sb.status.ID {
			continue
		}
		if filter.State != nil && *filter.State != sb.status.State {
			continue
		}
		if !matched && !selectorMatches(filter.LabelSelector, sb.status.Labels) {
			continue
		}
		out = append(out, sb.item())
	}
	r.log(ctx, "ListPodSandbox", "", true, nil, 0)
	return out, nil
}

// CreateContainer implements cri.RuntimeService.
func (r *Runtime) CreateContainer(ctx context.Context, sandboxID string, config *cri.ContainerConfig, sbConfig *cri.PodSandboxConfig) (string, error) {
	target := config.Metadata.Name
	fail := func(err error) (string, error) {
		r.log(ctx, "CreateContainer", target, false, err, 0)
		return "", err
	}
	if err := r.begin(ctx, "CreateContainer"); err != nil {
		return fail(err)
	}
	sb, ok := r.sandboxes[sandboxID]
	if !ok {
		return fail(cri.Errorf(cri.NotFound, "failed to get sandbox %q: not found", sandboxID))
	}
	if sb.status.State != cri.SandboxReady {
		return fail(cri.Errorf(cri.Unknown, "failed to create containerd container: sandbox %q is not running", sandboxID))
	}
	if img := r.images[config.Image.Image]; img == nil || img.arrives != nil {
		return fail(cri.Errorf(cri.NotFound, "failed to get image %q: not found", config.Image.Image))
	}
	pod, ns := config.Labels[cri.LabelPodName], config.Labels[cri.LabelPodNamespace]
	script := r.containerScript(pod, ns, config.Metadata.Name)
	var inst Instance
	if script != nil && len(script.Runs) > 0 {
		inst = script.Runs[min(int(config.Metadata.Attempt), len(script.Runs)-1)]
	}
	if inst.CreateError != "" {
		return fail(cri.Errorf(cri.Unknown, "%s", inst.CreateError))
	}
	id := r.nextID("container")
	c := &container{sandboxID: sandboxID, pod: pod, ns: ns, script: script, instance: inst, status: cri.ContainerStatus{
		ID:          id,
		Metadata:    config.Metadata,
		State:       cri.ContainerCreated,
		CreatedAt:   r.now(),
		Image:       config.Image,
		ImageRef:    imageID(config.Image.Image),
		Labels:      maps.Clone(config.Labels),
		Annotations: maps.Clone(config.Annotations),
		LogPath:     config.LogPath,
	}}
	r.containers[id] = c
	r.ctrAll.add(c)
	if uid := config.Labels[cri.LabelPodUID]; uid != "" {
		r.ctrByPod[uid] = append(r.ctrByPod[uid], c)
	}
	r.log(ctx, "CreateContainer", target, false, nil, 0)
	return id, nil
}

func (r *Runtime) containerTarget(id string) string {
	if c, ok := r.containers[id]; ok {
		if c.target == "" {
			c.target = c.status.Metadata.Name + " " + id
		}
		return c.target
	}
	return id
}

// execTarget is containerTarget and the command.
func (r *Runtime) execTarget(id string, cmd []string) string {
	c, ok := r.containers[id]
	if !ok {
		return id + " " + strings.Join(cmd, " ")
	}
	if c.execTarget == "" || !slices.Equal(c.execCmd, cmd) {
		c.execTarget = r.containerTarget(id) + " " + strings.Join(cmd, " ")
		c.execCmd = slices.Clone(cmd)
	}
	return c.execTarget
}

// StartContainer implements cri.RuntimeService.
func (r *Runtime) StartContainer(ctx context.Context, id string) error {
	target := r.containerTarget(id)
	fail := func(err error) error {
		r.log(ctx, "StartContainer", target, false, err, 0)
		return err
	}
	if err := r.begin(ctx, "StartContainer"); err != nil {
		return fail(err)
	}
	c, ok := r.containers[id]
	if !ok {
		return fail(cri.Errorf(cri.NotFound, "container %q not found", id))
	}
	if c.status.State != cri.ContainerCreated {
		return fail(cri.Errorf(cri.FailedPrecondition, "container %q is in %s state", id, c.status.State))
	}
	if c.instance.StartError != "" {
		// containerd leaves a container whose task failed to start exited.
		r.setContainerState(c, cri.ContainerExited)
		c.status.StartedAt = r.now()
		c.status.FinishedAt = r.now()
		c.status.ExitCode = 128
		c.status.Reason = "StartError"
		c.status.Message = c.instance.StartError
		return fail(cri.Errorf(cri.Unknown, "failed to create containerd task: failed to create shim task: %s", c.instance.StartError))
	}
	r.setContainerState(c, cri.ContainerRunning)
	c.status.StartedAt = r.now()
	if d := c.instance.ExitAfter.Std(); d > 0 || c.instance.OOMKilled {
		code, oom := c.instance.ExitCode, c.instance.OOMKilled
		if oom && code == 0 {
			code = 137
		}
		c.exitTimer = r.clock.AfterFunc(d, "exit "+id, func() {
			c.exitTimer = nil
			r.exit(c, code, oom, "")
		})
	}
	r.log(ctx, "StartContainer", target, false, nil, 0)
	return nil
}

// StopContainer implements cri.RuntimeService. The call reports, through
// cri.Elapsed, how long it waited for the process to exit.
func (r *Runtime) StopContainer(ctx context.Context, id string, timeout int64) error {
	target := r.containerTarget(id)
	if err := r.begin(ctx, "StopContainer"); err != nil {
		r.log(ctx, "StopContainer", target, false, err, 0)
		return err
	}
	c, ok := r.containers[id]
	if !ok {
		err := cri.Errorf(cri.NotFound, "an error occurred when try to find container %q: not found", id)
		r.log(ctx, "StopContainer", target, false, err, 0)
		return err
	}
	if c.status.State != cri.ContainerRunning {
		if c.status.State == cri.ContainerCreated {
			r.setContainerState(c, cri.ContainerExited)
			c.status.FinishedAt = r.now()
		}
		r.log(ctx, "StopContainer", target+" timeout="+strconv.FormatInt(timeout, 10), false, nil, 0)
		return nil
	}
	limit := time.Duration(max(timeout, 0)) * time.Second
	after, code := time.Duration(0), int32(143)
	ignore := false
	if c.script != nil && c.script.OnStop != nil {
		after = c.script.OnStop.ExitAfter.Std()
		if c.script.OnStop.ExitCode != nil {
			code = *c.script.OnStop.ExitCode
		}
		ignore = c.script.OnStop.IgnoreSigterm
	}
	if ignore || after > limit {
		after, code = limit, 137
	}
	// A natural exit or a pending earlier stop may come first.
	if c.exitTimer != nil {
		if rem := c.exitTimer.When().Sub(r.clock.Now()); rem <= after {
			r.log(ctx, "StopContainer", target+" timeout="+strconv.FormatInt(timeout, 10), false, nil, rem)
			cri.ReportElapsed(ctx, rem)
			return nil
		}
		r.clock.Stop(c.exitTimer)
	}
	if after == 0 {
		r.exit(c, code, false, "")
	} else {
		c.exitTimer = r.clock.AfterFunc(after, "stop "+id, func() {
			c.exitTimer = nil
			r.exit(c, code, false, "")
		})
	}
	r.log(ctx, "StopContainer", target+" timeout="+strconv.FormatInt(timeout, 10), false, nil, after)
	cri.ReportElapsed(ctx, after)
	return nil
}

func (r *Runtime) removeContainer(id string) {
	if c := r.containers[id]; c != nil {
		if uid := c.status.Labels[cri.LabelPodUID]; uid != "" {
			r.ctrByPod[uid] = slices.DeleteFunc(r.ctrByPod[uid], func(x *container) bool { return x == c })
			if len(r.ctrByPod[uid]) == 0 {
				delete(r.ctrByPod, uid)
			}
		}
	}
	c := r.containers[id]
	if c == nil {
		return
	}
	if c.exitTimer != nil {
		r.clock.Stop(c.exitTimer)
	}
	delete(r.containers, id)
	c.gone = true
	r.ctrAll.removed()
}

// RemoveContainer implements cri.RuntimeService; idempotent.
func (r *Runtime) RemoveContainer(ctx context.Context, id string) error {
	target := r.containerTarget(id)
	if err := r.begin(ctx, "RemoveContainer"); err != nil {
		r.log(ctx, "RemoveContainer", target, false, err, 0)
		return err
	}
	r.removeContainer(id)
	r.log(ctx, "RemoveContainer", target, false, nil, 0)
	return nil
}

// ListContainers implements cri.RuntimeService, in creation order. The
// items are shared between calls until the container changes, and an
// unfiltered listing equal to the previous one is the same slice: callers
// must not modify them.
func (r *Runtime) ListContainers(ctx context.Context, filter *cri.ContainerFilter) ([]*cri.Container, error) {
	if err := r.begin(ctx, "ListContainers"); err != nil {
		r.log(ctx, "ListContainers", "", true, err, 0)
		return nil, err
	}
	var sel map[string]string
	if filter != nil {
		sel = filter.LabelSelector
	}
	ctrs, matched := r.ctrAll.candidates(sel, r.ctrByPod)
	if filter == nil {
		r.log(ctx, "ListContainers", "", true, nil, 0)
		return listAll(&r.ctrList, &r.ctrAll, (*container).item), nil
	}
	out := make([]*cri.Container, 0, len(ctrs))
	for _, c := range ctrs {
		if c.gone {
			continue
		}
		if filter.ID != "" && filter.ID != c.status.ID {
			continue
		}
		if filter.PodSandboxID != "" && filter.PodSandboxID != c.sandboxID {
			continue
		}
		if filter.State != nil && *filter.State != c.status.State {
			continue
		}
		if !matched && !selectorMatches(filter.LabelSelector, c.status.Labels) {
			continue
		}
		out = append(out, c.item())
	}
	r.log(ctx, "ListContainers", "", true, nil, 0)
	return out, nil
}

// ContainerStatus implements cri.RuntimeService: the labels and
// annotations are copies.
func (r *Runtime) ContainerStatus(ctx context.Context, id string) (*cri.ContainerStatus, error) {
	shared, err := r.ContainerStatusShared(ctx, id)
	return ownCopy(shared, err, func(st *cri.ContainerStatus) {
		st.Labels, st.Annotations = maps.Clone(st.Labels), maps.Clone(st.Annotations)
	})
}

// ContainerStatusShared implements cri.SharedStatusService: the labels and
// annotations are the container's own, never changed after
// CreateContainer, and the status itself is shared until the container
// changes.
func (r *Runtime) ContainerStatusShared(ctx context.Context, id string) (*cri.ContainerStatus, error) {
	err := r.begin(ctx, "ContainerStatus")
	c, ok := r.containers[id]
	if err == nil && !ok {
		err = cri.Errorf(cri.NotFound, "an error occurred when try to find container %q: not found", id)
	}
	if r.LogReads {
		// The target is formatted only for a log that keeps reads.
		r.log(ctx, "ContainerStatus", r.containerTarget(id), true, err, 0)
	}
	if err != nil {
		return nil, err
	}
	if c.shown == nil || c.shown.State != c.status.State {
		st := c.status
		c.shown = &st
	}
	return c.shown, nil
}

// ExecSync implements cri.RuntimeService. Unscripted commands answer from
// the container's health (exit 0 when healthy, 1 otherwise).
func (r *Runtime) ExecSync(ctx context.Context, id string, cmd []string, timeout time.Duration) (*cri.ExecSyncResponse, error) {
	target := r.execTarget(id, cmd)
	if err := r.begin(ctx, "ExecSync"); err != nil {
		r.log(ctx, "ExecSync", target, false, err, 0)
		return nil, err
	}
	c, ok := r.containers[id]
	if !ok {
		err := cri.Errorf(cri.NotFound, "an error occurred when try to find container %q: not found", id)
		r.log(ctx, "ExecSync", target, false, err, 0)
		return nil, err
	}
	if c.status.State != cri.ContainerRunning {
		err := cri.Errorf(cri.Unknown, "container is not created or running")
		r.log(ctx, "ExecSync", target, false, err, 0)
		return nil, err
	}
	var ex *Exec
	if c.script != nil {
		for i := range c.script.Exec {
			e := &c.script.Exec[i]
			if len(e.Command) == 0 || slices.Equal(e.Command, cmd) {
				ex = e
			}
		}
	}
	if ex == nil {
		// An exec probe follows the steps of its probe type (and the
		// untyped ones); a hook's exec only the untyped ones.
		healthy, out := r.health(c, cri.ProbeTypeOf(ctx))
		resp := &cri.ExecSyncResponse{}
		if !healthy {
			resp.ExitCode = 1
			resp.Stdout = []byte(out)
		}
		r.log(ctx, "ExecSync", target, false, nil, 0)
		return resp, nil
	}
	delay := ex.Delay.Std()
	if timeout > 0 && delay > timeout {
		// containerd's text for an exec that outlived its timeout.
		err := cri.Errorf(cri.DeadlineExceeded, "failed to exec in container: timeout %s exceeded: context deadline exceeded", timeout)
		r.log(ctx, "ExecSync", target, false, err, timeout)
		cri.ReportElapsed(ctx, timeout)
		return nil, err
	}
	cri.ReportElapsed(ctx, delay)
	if ex.Error != "" {
		err := cri.Errorf(cri.Unknown, "%s", ex.Error)
		r.log(ctx, "ExecSync", target, false, err, delay)
		return nil, err
	}
	r.log(ctx, "ExecSync", target, false, nil, delay)
	return &cri.ExecSyncResponse{ExitCode: ex.ExitCode, Stdout: []byte(ex.Stdout), Stderr: []byte(ex.Stderr)}, nil
}

func (r *Runtime) health(c *container, probe string) (bool, string) {
	healthy, out := true, ""
	if c.script == nil {
		return healthy, out
	}
	age := time.Duration(r.now() - c.status.StartedAt)
	for _, h := range c.script.Health {
		if h.After.Std() <= age && (h.Probe == "" || h.Probe == probe) {
			healthy, out = h.Healthy, h.Output
		}
	}
	return healthy, out
}

// Probe answers a network probe (HTTP, TCP, gRPC) of a container from its
// scripted health. It is not a CRI call: the kubelet probes the pod IP
// itself; this is the fake's stand-in for the container's endpoint.
func (r *Runtime) Probe(ctx context.Context, id, probeType string) (bool, string, error) {
	c, ok := r.containers[id]
	if !ok || c.status.State != cri.ContainerRunning {
		return false, "", fmt.Errorf("dial tcp: connect: connection refused")
	}
	healthy, out := r.health(c, probeType)
	return healthy, out, nil
}

// --- ImageService ----------------------------------------------------------

// ListImages implements cri.ImageService.
func (r *Runtime) ListImages(ctx context.Context) ([]*cri.Image, error) {
	if err := r.begin(ctx, "ListImages"); err != nil {
		r.log(ctx, "ListImages", "", true, err, 0)
		return nil, err
	}
	var out []*cri.Image
	for _, name := range slices.Sorted(maps.Keys(r.images)) {
		if img := r.images[name]; img.arrives == nil {
			cp := img.img
			out = append(out, &cp)
		}
	}
	r.log(ctx, "ListImages", "", true, nil, 0)
	return out, nil
}

// ImageStatus implements cri.ImageService.
func (r *Runtime) ImageStatus(ctx context.Context, spec *cri.ImageSpec) (*cri.Image, error) {
	if err := r.begin(ctx, "ImageStatus"); err != nil {
		r.log(ctx, "ImageStatus", spec.Image, true, err, 0)
		return nil, err
	}
	r.log(ctx, "ImageStatus", spec.Image, true, nil, 0)
	if img := r.images[spec.Image]; img != nil && img.arrives == nil {
		cp := img.img
		return &cp, nil
	}
	return nil, nil
}

// PullImage implements cri.ImageService. The call reports its scripted
// duration through cri.Elapsed; the image is in the store from then on.
func (r *Runtime) PullImage(ctx context.Context, spec *cri.ImageSpec, auth *cri.AuthConfig, sb *cri.PodSandboxConfig) (string, error) {
	name := spec.Image
	if err := r.begin(ctx, "PullImage"); err != nil {
		r.log(ctx, "PullImage", name, false, err, 0)
		return "", err
	}
	s := r.imageScripts[name]
	var delay time.Duration
	if s != nil {
		delay = s.PullDelay.Std()
	}
	if img := r.images[name]; img != nil && img.arrives == nil {
		delay = 0
	}
	cri.ReportElapsed(ctx, delay)
	var errText string
	if s != nil {
		switch {
		case len(s.PullErrors) > 0:
			errText, s.PullErrors = s.PullErrors[0], s.PullErrors[1:]
		case s.AlwaysFail != "":
			errText = s.AlwaysFail
		}
	}
	if errText != "" {
		err := cri.Errorf(cri.Unknown, "%s", errText)
		r.log(ctx, "PullImage", name, false, err, delay)
		return "", err
	}
	if (s != nil && s.Missing) || (s == nil && r.unknownMissing) {
		err := missingImageError(name)
		r.log(ctx, "PullImage", name, false, err, delay)
		return "", err
	}
	if s == nil && !slices.Contains(r.assumed, name) {
		r.assumed = append(r.assumed, name)
	}
	if img := r.images[name]; img == nil || img.arrives != nil || delay == 0 {
		if delay == 0 {
			r.putImage(name)
		} else if img == nil || img.arrives == nil {
			pending := &image{}
			r.images[name] = pending
			pending.arrives = r.clock.AfterFunc(delay, "pulled "+name, func() {
				// A pull whose caller gave up (cancelled context) is
				// aborted: the image never arrives.
				if ctx.Err() != nil {
					if r.images[name] == pending {
						delete(r.images, name)
					}
					return
				}
				r.putImage(name)
			})
		}
	}
	r.log(ctx, "PullImage", name, false, nil, delay)
	return imageID(name), nil
}

// RemoveImage implements cri.ImageService; idempotent.
func (r *Runtime) RemoveImage(ctx context.Context, spec *cri.ImageSpec) error {
	if err := r.begin(ctx, "RemoveImage"); err != nil {
		r.log(ctx, "RemoveImage", spec.Image, false, err, 0)
		return err
	}
	delete(r.images, spec.Image)
	r.log(ctx, "RemoveImage", spec.Image, false, nil, 0)
	return nil
}

// ImageSize returns the size of a present image.
func (r *Runtime) ImageSize(name string) uint64 {
	if img := r.images[name]; img != nil && img.arrives == nil {
		return img.img.Size
	}
	return 0
}

var (
	_ cri.Runtime = (*Runtime)(nil)
	_ cri.Network = (*Runtime)(nil)
)
