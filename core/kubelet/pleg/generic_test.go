package pleg

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
)

func TestGenerate(t *testing.T) {
	for _, tt := range []struct {
		old, cur plegState
		want     string
	}{
		{running, running, ""},
		{nonExistent, running, "ContainerStarted"},
		{running, exited, "ContainerDied"},
		{running, unknown, "ContainerChanged"},
		{exited, nonExistent, "ContainerRemoved"},
		{running, nonExistent, "ContainerDied ContainerRemoved"},
		{unknown, nonExistent, "ContainerDied ContainerRemoved"},
	} {
		var got []string
		for _, e := range generate("u", "c", tt.old, tt.cur) {
			got = append(got, string(e.Type))
		}
		if s := strings.Join(got, " "); s != tt.want {
			t.Errorf("%s → %s: %q, want %q", tt.old, tt.cur, s, tt.want)
		}
	}
	if convertState(kubecontainer.StateCreated) != unknown {
		t.Error("the PLEG counts a created container as unknown")
	}
}

// fakeRuntime lists pods and answers GetPodStatus, failing for the UIDs in
// fail.
type fakeRuntime struct {
	pods   []*kubecontainer.Pod
	fail   map[string]bool
	status int
}

func (r *fakeRuntime) GetPods(context.Context) ([]*kubecontainer.Pod, error) { return r.pods, nil }
func (r *fakeRuntime) GetPod(_ context.Context, uid string) (*kubecontainer.Pod, error) {
	for _, p := range r.pods {
		if p.ID == uid {
			return p, nil
		}
	}
	return nil, nil
}
func (r *fakeRuntime) GetPodStatus(_ context.Context, uid, name, ns string) (*kubecontainer.PodStatus, error) {
	r.status++
	if r.fail[uid] {
		return nil, errors.New("rpc error")
	}
	return &kubecontainer.PodStatus{ID: uid, Name: name, Namespace: ns}, nil
}

// runtimePod is a pod whose containers are given as "id=state".
func runtimePod(uid string, containers ...string) *kubecontainer.Pod {
	p := &kubecontainer.Pod{ID: uid, Name: "p-" + uid, Namespace: "default",
		Sandboxes: []*kubecontainer.Container{{ID: "sb-" + uid, State: kubecontainer.StateRunning, Sandbox: true}}}
	for _, c := range containers {
		id, st, _ := strings.Cut(c, "=")
		p.Containers = append(p.Containers, &kubecontainer.Container{ID: id, State: kubecontainer.State(st)})
	}
	return p
}

func events(r RelistResult) string {
	var out []string
	for _, e := range r.Events {
		out = append(out, fmt.Sprintf("%s %s %s", e.ID, e.Type, e.Data))
	}
	return strings.Join(out, "; ")
}

func TestRelist(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := t0
	rt := &fakeRuntime{fail: map[string]bool{}}
	cache := kubecontainer.NewCache()
	g := New(rt, cache, func() time.Time { return now })
	if ok, err := g.Healthy(); ok || err == nil || err.Error() != "pleg has yet to be successful" {
		t.Errorf("Healthy before the first relist: %v %v", ok, err)
	}
	// Pods come in listing order b, a; events come in UID order.
	rt.pods = []*kubecontainer.Pod{runtimePod("b", "b1=running"), runtimePod("a", "a1=running")}
	res := g.Relist(context.Background())
	if got, want := events(res), "a ContainerStarted sb-a; a ContainerStarted a1; b ContainerStarted sb-b; b ContainerStarted b1"; got != want {
		t.Errorf("first relist: %s\nwant %s", got, want)
	}
	if st, _ := cache.Get("a"); st.TimeStamp != t0 {
		t.Errorf("the cached status is stamped %v, want the relist's time", st.TimeStamp)
	}
	if !slices.Equal(res.Inspected, []string{"a", "b"}) || cache.Timestamp() != t0 {
		t.Errorf("inspected %v, cache timestamp %v", res.Inspected, cache.Timestamp())
	}
	// Nothing changed: nothing inspected.
	now = now.Add(time.Second)
	rt.status = 0
	if res := g.Relist(context.Background()); len(res.Events) != 0 || len(res.Inspected) != 0 || rt.status != 0 {
		t.Errorf("an unchanged listing: %s, inspected %v, %d status reads", events(res), res.Inspected, rt.status)
	}
	// a1 exits and a's status read fails; b disappears.
	now = now.Add(time.Second)
	rt.pods = []*kubecontainer.Pod{runtimePod("a", "a1=exited")}
	rt.fail["a"] = true
	res = g.Relist(context.Background())
	if got, want := events(res), "b ContainerDied sb-b; b ContainerRemoved sb-b; b ContainerDied b1; b ContainerRemoved b1"; got != want {
		t.Errorf("a failed inspection sends no events: %s\nwant %s", got, want)
	}
	if st, _ := cache.Get("b"); st.Name != "" {
		t.Error("a pod gone from the runtime stays in the cache")
	}
	if _, err := cache.Get("a"); err == nil {
		t.Error("the failed read is not cached")
	}
	// The next relist inspects a again and sends its events then.
	now = now.Add(time.Second)
	rt.fail["a"] = false
	res = g.Relist(context.Background())
	if got, want := events(res), "a ContainerDied a1"; got != want {
		t.Errorf("re-inspection: %s\nwant %s", got, want)
	}
	// Healthy until the threshold passes.
	now = now.Add(RelistThreshold)
	if ok, _ := g.Healthy(); !ok {
		t.Error("unhealthy at the threshold")
	}
	now = now.Add(time.Second)
	if ok, err := g.Healthy(); ok || !strings.HasPrefix(fmt.Sprint(err), "pleg was last seen active 3m1s ago; threshold is 3m0s") {
		t.Errorf("Healthy past the threshold: %v %v", ok, err)
	}
}

// TestEmitFull: events the sync loop does not take are counted as dropped.
func TestEmitFull(t *testing.T) {
	rt := &fakeRuntime{pods: []*kubecontainer.Pod{runtimePod("a", "a1=running", "a2=unknown")}}
	g := New(rt, kubecontainer.NewCache(), time.Now)
	n := 0
	g.Emit = func(PodLifecycleEvent) bool { n++; return n < 2 }
	res := g.Relist(context.Background())
	if events(res) != "a ContainerStarted sb-a" || res.Dropped != 1 {
		t.Errorf("events %s, dropped %d (ContainerChanged is never sent)", events(res), res.Dropped)
	}
}

func TestRelistPod(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	rt := &fakeRuntime{pods: []*kubecontainer.Pod{runtimePod("a", "a1=running")}, fail: map[string]bool{}}
	cache := kubecontainer.NewCache()
	g := New(rt, cache, func() time.Time { return t0 })
	g.Relist(context.Background())
	rt.pods = []*kubecontainer.Pod{runtimePod("a", "a1=exited")}
	res := g.RelistPod(context.Background(), "a", t0.Add(time.Second))
	if got := events(res); got != "a ContainerDied a1" {
		t.Errorf("on-demand relist: %s", got)
	}
	if cache.Timestamp() != t0 {
		t.Error("an on-demand relist moved the global timestamp")
	}
	if _, _, ok := cache.GetNewerThan("a", t0); !ok {
		t.Error("the entry is not newer than the relist")
	}
	// Unchanged, the entry is still marked observed at the relist.
	if res := g.RelistPod(context.Background(), "a", t0.Add(2*time.Second)); len(res.Events) != 0 || len(res.Inspected) != 0 {
		t.Errorf("an unchanged on-demand relist: %s %v", events(res), res.Inspected)
	}
	if _, _, ok := cache.GetNewerThan("a", t0.Add(time.Second)); !ok {
		t.Error("the entry was not marked observed")
	}
	// The periodic relist has nothing left to report.
	if res := g.Relist(context.Background()); len(res.Events) != 0 {
		t.Errorf("the relist after it: %s", events(res))
	}
	if res := g.RelistPod(context.Background(), "zz", t0); res.Err == nil {
		t.Error("an unknown pod")
	}
}

// ids lists the sandbox and container IDs of the old pod and then those
// of the current one that are new, each once, in listing order.
func TestIDs(t *testing.T) {
	pod := func(sbs []string, ctrs ...string) *kubecontainer.Pod {
		p := &kubecontainer.Pod{}
		for _, id := range sbs {
			p.Sandboxes = append(p.Sandboxes, &kubecontainer.Container{ID: id})
		}
		for _, id := range ctrs {
			p.Containers = append(p.Containers, &kubecontainer.Container{ID: id})
		}
		return p
	}
	for _, tc := range []struct {
		name     string
		old, cur *kubecontainer.Pod
		want     []string
	}{
		{"none", nil, nil, nil},
		{"new pod", nil, pod([]string{"s1"}, "c1", "c2"), []string{"s1", "c1", "c2"}},
		{"gone pod", pod([]string{"s1"}, "c1"), nil, []string{"s1", "c1"}},
		{"same", pod([]string{"s1"}, "c1"), pod([]string{"s1"}, "c1"), []string{"s1", "c1"}},
		{"restarted", pod([]string{"s1"}, "c1"), pod([]string{"s1"}, "c2", "c1"), []string{"s1", "c1", "c2"}},
		{"new sandbox", pod([]string{"s1"}, "c1"), pod([]string{"s2", "s1"}), []string{"s1", "c1", "s2"}},
		{"repeated in one listing", pod(nil, "c1", "c1"), pod(nil, "c2", "c2", "c1"), []string{"c1", "c2"}},
	} {
		if got := ids(tc.cur, ids(tc.old, nil)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
