package kuberuntime

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
)

func fromNanos(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}

// GetPods lists the runtime's pods (ListPodSandbox + ListContainers),
// grouped by pod UID in order of first appearance.
//
// The PLEG calls it every second for every pod, so the conversion is
// memoised: a runtime item that is the same object as in the previous
// listing (the fake runtime shares unchanged items) keeps its converted
// form, and a pod whose items are all unchanged is the same *Pod as
// before. The result is therefore shared and must not be modified; the
// PLEG relies on the pointer identity to skip unchanged pods.
func (m *Manager) GetPods(ctx context.Context) ([]*kubecontainer.Pod, error) {
	sbs, err := m.rt.ListPodSandbox(ctx, nil)
	if err != nil {
		return nil, err
	}
	ctrs, err := m.rt.ListContainers(ctx, nil)
	if err != nil {
		return nil, err
	}
	l := &m.list
	if l.out != nil && sameSlice(sbs, l.prevSbs) && sameSlice(ctrs, l.prevCtrs) {
		// The runtime handed out its previous listings again: nothing changed.
		return l.out, nil
	}
	if l.items == nil {
		l.items = map[string]*listItem{}
		l.pods = map[string]*podBuild{}
	}
	l.gen++
	order := l.order[:0]
	use := func(it *listItem, labels map[string]string) *podBuild {
		it.gen = l.gen
		b := it.pod
		if b == nil {
			b = l.pods[it.uid]
			if b == nil {
				b = &podBuild{pod: &kubecontainer.Pod{ID: it.uid, Name: labels[cri.LabelPodName], Namespace: labels[cri.LabelPodNamespace]}}
				l.pods[it.uid] = b
			}
			it.pod = b
		}
		if b.gen != l.gen {
			b.gen = l.gen
			b.sandboxes, b.containers = b.sandboxes[:0], b.containers[:0]
			order = append(order, b)
		}
		return b
	}
	// Double-buffered: the previous listing's items stay readable.
	sbItems := slices.Grow(l.spareSb[:0], len(sbs))[:len(sbs)]
	for i, s := range sbs {
		var it *listItem
		if i < len(l.prevSbs) && l.prevSbs[i] == s {
			// Same object at the same place as in the previous listing.
			it = l.prevSbItems[i]
		} else if it = l.items[s.ID]; it == nil || it.sandbox != s {
			it = &listItem{sandbox: s, uid: s.Labels[cri.LabelPodUID], conv: convertSandbox(s)}
			l.items[s.ID] = it
		}
		sbItems[i] = it
		b := use(it, s.Labels)
		b.sandboxes = append(b.sandboxes, it.conv)
	}
	ctrItems := slices.Grow(l.spareCtr[:0], len(ctrs))[:len(ctrs)]
	for i, c := range ctrs {
		var it *listItem
		if i < len(l.prevCtrs) && l.prevCtrs[i] == c {
			it = l.prevCtrItems[i]
		} else if it = l.items[c.ID]; it == nil || it.container != c {
			it = &listItem{container: c, uid: c.Labels[cri.LabelPodUID], conv: convertContainer(c)}
			l.items[c.ID] = it
		}
		ctrItems[i] = it
		b := use(it, c.Labels)
		b.containers = append(b.containers, it.conv)
	}
	l.spareSb, l.spareCtr = l.prevSbItems, l.prevCtrItems
	l.prevSbs, l.prevSbItems, l.prevCtrs, l.prevCtrItems = sbs, sbItems, ctrs, ctrItems
	l.order = order
	out := make([]*kubecontainer.Pod, 0, len(order))
	for _, b := range order {
		if !samePtrs(b.pod.Sandboxes, b.sandboxes) || !samePtrs(b.pod.Containers, b.containers) {
			sbs, ctrs := clonePtrs(b.sandboxes, b.containers)
			b.pod = &kubecontainer.Pod{ID: b.pod.ID, Name: b.pod.Name, Namespace: b.pod.Namespace, Sandboxes: sbs, Containers: ctrs}
		}
		out = append(out, b.pod)
	}
	// Forget what the runtime no longer lists.
	if len(l.pods) > len(order) {
		for uid, b := range l.pods {
			if b.gen != l.gen {
				delete(l.pods, uid)
			}
		}
	}
	if len(l.items) > len(sbs)+len(ctrs) {
		for id, it := range l.items {
			if it.gen != l.gen {
				delete(l.items, id)
			}
		}
	}
	l.out = out
	return out, nil
}

// sameSlice reports whether a and b are the same slice (not merely equal).
func sameSlice[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// listCache memoises GetPods (see there).
type listCache struct {
	gen   uint64
	items map[string]*listItem
	pods  map[string]*podBuild
	// The previous listing, position by position.
	prevSbs      []*cri.PodSandbox
	prevSbItems  []*listItem
	prevCtrs     []*cri.Container
	prevCtrItems []*listItem
	spareSb      []*listItem
	spareCtr     []*listItem
	order        []*podBuild
	out          []*kubecontainer.Pod // the last result
}

type listItem struct {
	gen       uint64
	uid       string
	sandbox   *cri.PodSandbox
	container *cri.Container
	conv      *kubecontainer.Container
	pod       *podBuild
}

type podBuild struct {
	gen                   uint64
	pod                   *kubecontainer.Pod
	sandboxes, containers []*kubecontainer.Container
}

func samePtrs(a, b []*kubecontainer.Container) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// clonePtrs copies a and b into one new array (nil for an empty one).
func clonePtrs(a, b []*kubecontainer.Container) ([]*kubecontainer.Container, []*kubecontainer.Container) {
	all := make([]*kubecontainer.Container, len(a)+len(b))
	copy(all, a)
	copy(all[len(a):], b)
	var x, y []*kubecontainer.Container
	if len(a) > 0 {
		x = all[:len(a):len(a)]
	}
	if len(b) > 0 {
		y = all[len(a):]
	}
	return x, y
}

// GetPod lists one pod's sandboxes and containers, as GetPods would show
// them (GetPod, for the on-demand relist); nil when the runtime has none.
func (m *Manager) GetPod(ctx context.Context, uid string) (*kubecontainer.Pod, error) {
	sbs, err := m.rt.ListPodSandbox(ctx, m.sandboxFilter(uid))
	if err != nil {
		return nil, err
	}
	ctrs, err := m.rt.ListContainers(ctx, m.containerFilter(uid))
	if err != nil {
		return nil, err
	}
	if len(sbs) == 0 && len(ctrs) == 0 {
		return nil, nil
	}
	// The pod and the lists of the usual pod in one allocation (see
	// podStatusBlock): every sync that acts relists its pod.
	blk := &struct {
		p    kubecontainer.Pod
		sbs  [1]*kubecontainer.Container
		ctrs [2]*kubecontainer.Container
	}{p: kubecontainer.Pod{ID: uid}}
	p := &blk.p
	if n := len(sbs); n > len(blk.sbs) {
		p.Sandboxes = make([]*kubecontainer.Container, n)
	} else if n > 0 {
		p.Sandboxes = blk.sbs[:n:n]
	}
	for i, s := range sbs {
		p.Name, p.Namespace = s.Labels[cri.LabelPodName], s.Labels[cri.LabelPodNamespace]
		// GetPods's conversion of the same listed item, if it made one
		// (the runtime hands out the same item while it is unchanged).
		if it := m.list.items[s.ID]; it != nil && it.sandbox == s {
			p.Sandboxes[i] = it.conv
		} else {
			p.Sandboxes[i] = convertSandbox(s)
		}
	}
	if n := len(ctrs); n > len(blk.ctrs) {
		p.Containers = make([]*kubecontainer.Container, n)
	} else if n > 0 {
		p.Containers = blk.ctrs[:n:n]
	}
	for i, c := range ctrs {
		p.Name, p.Namespace = c.Labels[cri.LabelPodName], c.Labels[cri.LabelPodNamespace]
		if it := m.list.items[c.ID]; it != nil && it.container == c {
			p.Containers[i] = it.conv
		} else {
			p.Containers[i] = convertContainer(c)
		}
	}
	return p, nil
}

func convertSandbox(s *cri.PodSandbox) *kubecontainer.Container {
	st := kubecontainer.StateExited
	if s.State == cri.SandboxReady {
		st = kubecontainer.StateRunning
	}
	return &kubecontainer.Container{ID: s.ID, State: st, CreatedAt: fromNanos(s.CreatedAt), Sandbox: true}
}

func convertContainer(c *cri.Container) *kubecontainer.Container {
	return &kubecontainer.Container{ID: c.ID, Name: c.Labels[cri.LabelContainerName], Image: c.Image.Image,
		Hash: c.Annotations[cri.AnnotationContainerHash], State: kubecontainer.FromCRI(c.State), CreatedAt: fromNanos(c.CreatedAt)}
}

// sandboxFilter and containerFilter select one pod's sandboxes and
// containers, in the manager's reused filters (valid until the next call).
func (m *Manager) sandboxFilter(uid string) *cri.PodSandboxFilter {
	m.sbFilter = cri.PodSandboxFilter{LabelSelector: podSelector(m.sbFilter.LabelSelector, uid)}
	return &m.sbFilter
}

func (m *Manager) containerFilter(uid string) *cri.ContainerFilter {
	m.ctrFilter = cri.ContainerFilter{LabelSelector: podSelector(m.ctrFilter.LabelSelector, uid)}
	return &m.ctrFilter
}

// podSelector makes sel, a selector podSelector made, that of the pod uid.
func podSelector(sel map[string]string, uid string) map[string]string {
	if sel == nil {
		sel = map[string]string{}
	}
	sel[cri.LabelPodUID] = uid
	return sel
}

// newestSandboxFirst orders sandboxes by creation, newest first.
func newestSandboxFirst(a, b *cri.PodSandbox) int { return cmp.Compare(b.CreatedAt, a.CreatedAt) }

// podStatusBlock holds a pod status and the lists of the usual pod (one
// sandbox with one IP, up to two container instances) in one allocation:
// every relist reads every pod that changed. Lists are cut to their
// length, so an append by a reader copies them out.
type podStatusBlock struct {
	ps        kubecontainer.PodStatus
	sandboxes [1]*cri.PodSandboxStatus
	ips       [1]string
	instances [2]kubecontainer.Status
	ptrs      [2]*kubecontainer.Status
}

// GetPodStatus reads everything the runtime knows about one pod.
func (m *Manager) GetPodStatus(ctx context.Context, uid, name, namespace string) (*kubecontainer.PodStatus, error) {
	sbs, err := m.rt.ListPodSandbox(ctx, m.sandboxFilter(uid))
	if err != nil {
		return nil, err
	}
	blk := &podStatusBlock{ps: kubecontainer.PodStatus{ID: uid, Name: name, Namespace: namespace}}
	ps := &blk.ps
	slices.SortStableFunc(sbs, newestSandboxFirst)
	for i, s := range sbs {
		st, err := m.statuses.PodSandboxStatusShared(ctx, s.ID)
		if err != nil {
			if cri.IsNotFound(err) {
				continue
			}
			return nil, err
		}
		if ps.SandboxStatuses == nil {
			ps.SandboxStatuses = blk.sandboxes[:0:1]
		}
		ps.SandboxStatuses = append(ps.SandboxStatuses, st)
		if i == 0 && st.State == cri.SandboxReady {
			ps.ActiveSandboxID = s.ID
		}
		if i == 0 && st.State == cri.SandboxReady && st.Network.IP != "" {
			if len(st.Network.AdditionalIPs) == 0 {
				blk.ips[0] = st.Network.IP
				ps.IPs = blk.ips[:1:1]
			} else {
				ps.IPs = append([]string{st.Network.IP}, st.Network.AdditionalIPs...)
			}
		}
	}
	ctrs, err := m.rt.ListContainers(ctx, m.containerFilter(uid))
	if err != nil {
		return nil, err
	}
	instances, ptrs := blk.instances[:], blk.ptrs[:0]
	if len(ctrs) > len(instances) {
		instances = make([]kubecontainer.Status, len(ctrs))
		ptrs = make([]*kubecontainer.Status, 0, len(ctrs))
	}
	for i, c := range ctrs {
		st, err := m.statuses.ContainerStatusShared(ctx, c.ID)
		if err != nil {
			if cri.IsNotFound(err) {
				continue
			}
			return nil, err
		}
		rc, _ := strconv.Atoi(st.Annotations[cri.AnnotationRestartCount])
		instances[i] = kubecontainer.Status{
			ID: st.ID, Name: st.Labels[cri.LabelContainerName], State: kubecontainer.FromCRI(st.State),
			CreatedAt: fromNanos(st.CreatedAt), StartedAt: fromNanos(st.StartedAt), FinishedAt: fromNanos(st.FinishedAt),
			ExitCode: int(st.ExitCode), Image: st.Image.Image, ImageRef: st.ImageRef, Hash: st.Annotations[cri.AnnotationContainerHash],
			RestartCount: rc, Reason: st.Reason, Message: st.Message, SandboxID: c.PodSandboxID,
		}
		ptrs = append(ptrs, &instances[i])
	}
	if len(ptrs) > 0 { // else nil, as when nothing was listed
		ps.ContainerStatuses = ptrs[:len(ptrs):len(ptrs)]
	}
	kubecontainer.SortNewestFirst(ps.ContainerStatuses)
	return ps, nil
}
