package fake

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/cri"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

func newRuntime(t *testing.T) (*Runtime, *sim.Clock, context.Context) {
	t.Helper()
	c := sim.NewClock(sim.Epoch)
	r := New(c)
	r.SetImage(ImageScript{Image: "nginx:1.25", Present: true})
	return r, c, cri.WithCaller(context.Background(), "test")
}

func sandboxConfig(name, uid string) *cri.PodSandboxConfig {
	return &cri.PodSandboxConfig{
		Metadata:    cri.PodSandboxMetadata{Name: name, Namespace: "default", UID: uid},
		Labels:      map[string]string{cri.LabelPodName: name, cri.LabelPodNamespace: "default", cri.LabelPodUID: uid, "app": "web"},
		Annotations: map[string]string{"note": "kept"},
	}
}

func containerConfig(pod, uid, name string) *cri.ContainerConfig {
	return &cri.ContainerConfig{
		Metadata:    cri.ContainerMetadata{Name: name},
		Image:       cri.ImageSpec{Image: "nginx:1.25"},
		Labels:      map[string]string{cri.LabelPodName: pod, cri.LabelPodNamespace: "default", cri.LabelPodUID: uid, cri.LabelContainerName: name},
		Annotations: map[string]string{"hash": "abc"},
	}
}

// run creates a sandbox and a started container in it.
func run(t *testing.T, r *Runtime, ctx context.Context, pod, uid string) (string, string) {
	t.Helper()
	sb, err := r.RunPodSandbox(ctx, sandboxConfig(pod, uid), "")
	require.NoError(t, err)
	id, err := r.CreateContainer(ctx, sb, containerConfig(pod, uid, "app"), sandboxConfig(pod, uid))
	require.NoError(t, err)
	require.NoError(t, r.StartContainer(ctx, id))
	return sb, id
}

func TestNotFound(t *testing.T) {
	r, _, ctx := newRuntime(t)
	for name, call := range map[string]func() error{
		"PodSandboxStatus": func() error { _, err := r.PodSandboxStatus(ctx, "nope"); return err },
		"ContainerStatus":  func() error { _, err := r.ContainerStatus(ctx, "nope"); return err },
		"StartContainer":   func() error { return r.StartContainer(ctx, "nope") },
		"StopContainer":    func() error { return r.StopContainer(ctx, "nope", 10) },
		"CreateContainer": func() error {
			_, err := r.CreateContainer(ctx, "nope", containerConfig("p", "u", "c"), sandboxConfig("p", "u"))
			return err
		},
		"ExecSync": func() error { _, err := r.ExecSync(ctx, "nope", []string{"true"}, time.Second); return err },
	} {
		t.Run(name, func(t *testing.T) {
			err := call()
			require.Error(t, err)
			assert.True(t, cri.IsNotFound(err), "%s: %v", name, err)
		})
	}
}

// Stop and remove are idempotent, as the CRI requires: a second call, or a
// call for something already gone, succeeds.
func TestIdempotentStopAndRemove(t *testing.T) {
	r, _, ctx := newRuntime(t)
	sb, id := run(t, r, ctx, "web", "u1")
	require.NoError(t, r.StopContainer(ctx, id, 0))
	require.NoError(t, r.StopContainer(ctx, id, 0))
	st, err := r.ContainerStatus(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, cri.ContainerExited, st.State)
	require.NoError(t, r.RemoveContainer(ctx, id))
	require.NoError(t, r.RemoveContainer(ctx, id))
	require.NoError(t, r.StopPodSandbox(ctx, sb))
	require.NoError(t, r.StopPodSandbox(ctx, sb))
	require.NoError(t, r.RemovePodSandbox(ctx, sb))
	require.NoError(t, r.RemovePodSandbox(ctx, sb))
	require.NoError(t, r.StopPodSandbox(ctx, "never-existed"))
	_, err = r.PodSandboxStatus(ctx, sb)
	assert.True(t, cri.IsNotFound(err))
}

// StopPodSandbox force-stops the containers of the sandbox; removing the
// sandbox removes them.
func TestSandboxStopAndRemoveContainers(t *testing.T) {
	r, _, ctx := newRuntime(t)
	sb, id := run(t, r, ctx, "web", "u1")
	require.NoError(t, r.StopPodSandbox(ctx, sb))
	st, err := r.ContainerStatus(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, cri.ContainerExited, st.State)
	assert.EqualValues(t, 137, st.ExitCode)
	require.NoError(t, r.RemovePodSandbox(ctx, sb))
	_, err = r.ContainerStatus(ctx, id)
	assert.True(t, cri.IsNotFound(err))
	ctrs, err := r.ListContainers(ctx, nil)
	require.NoError(t, err)
	assert.Empty(t, ctrs)
}

func TestInjectedErrorsAreUsedOnceInOrder(t *testing.T) {
	r, _, ctx := newRuntime(t)
	r.InjectError("RunPodSandbox", cri.Errorf(cri.Unavailable, "first"))
	r.InjectError("RunPodSandbox", cri.Errorf(cri.Internal, "second"))
	_, err := r.RunPodSandbox(ctx, sandboxConfig("web", "u1"), "")
	assert.Equal(t, cri.Unavailable, cri.CodeOf(err))
	_, err = r.RunPodSandbox(ctx, sandboxConfig("web", "u1"), "")
	assert.Equal(t, cri.Internal, cri.CodeOf(err))
	_, err = r.RunPodSandbox(ctx, sandboxConfig("web", "u1"), "")
	assert.NoError(t, err)
	// An injected error on another method leaves this one alone.
	r.InjectError("ListContainers", cri.Errorf(cri.Unknown, "boom"))
	_, err = r.ListPodSandbox(ctx, nil)
	assert.NoError(t, err)
	_, err = r.ListContainers(ctx, nil)
	assert.Error(t, err)
}

// Labels and annotations given at creation come back in status and list
// answers, and callers cannot change the runtime's copy through them.
func TestLabelsAndAnnotationsEchoed(t *testing.T) {
	r, _, ctx := newRuntime(t)
	sb, id := run(t, r, ctx, "web", "u1")
	sst, err := r.PodSandboxStatus(ctx, sb)
	require.NoError(t, err)
	assert.Equal(t, "web", sst.Labels["app"])
	assert.Equal(t, "kept", sst.Annotations["note"])
	sst.Labels["app"] = "changed"
	again, err := r.PodSandboxStatus(ctx, sb)
	require.NoError(t, err)
	assert.Equal(t, "web", again.Labels["app"])
	cst, err := r.ContainerStatus(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "app", cst.Labels[cri.LabelContainerName])
	assert.Equal(t, "abc", cst.Annotations["hash"])
	list, err := r.ListContainers(ctx, &cri.ContainerFilter{LabelSelector: map[string]string{cri.LabelPodUID: "u1"}})
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, "abc", list[0].Annotations["hash"])
	sbs, err := r.ListPodSandbox(ctx, &cri.PodSandboxFilter{LabelSelector: map[string]string{"app": "web"}})
	require.NoError(t, err)
	require.Len(t, sbs, 1)
	assert.Equal(t, sb, sbs[0].ID)
}

// The shared status calls answer what the copying ones do, log the same
// calls, and fail the same; an answer is shared while its object is
// unchanged, and a change makes a new one instead of changing it.
func TestSharedStatuses(t *testing.T) {
	r, _, ctx := newRuntime(t)
	r.LogReads = true
	sb, id := run(t, r, ctx, "web", "u1")
	var _ cri.SharedStatusService = r
	before := len(r.Calls())
	sst, err := r.PodSandboxStatus(ctx, sb)
	require.NoError(t, err)
	cst, err := r.ContainerStatus(ctx, id)
	require.NoError(t, err)
	copied := r.CallsSince(before)
	before = len(r.Calls())
	shared, err := r.PodSandboxStatusShared(ctx, sb)
	require.NoError(t, err)
	assert.Equal(t, sst, shared)
	assert.NotSame(t, sst, shared)
	cshared, err := r.ContainerStatusShared(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, cst, cshared)
	assert.Equal(t, copied, r.CallsSince(before))
	again, err := r.ContainerStatusShared(ctx, id)
	require.NoError(t, err)
	assert.Same(t, cshared, again, "an unchanged container's status is shared")
	require.True(t, r.ExitContainer(id, 2, false))
	exited, err := r.ContainerStatusShared(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, cri.ContainerExited, exited.State)
	assert.EqualValues(t, 2, exited.ExitCode)
	assert.Equal(t, cri.ContainerRunning, cshared.State, "a status handed out is never changed")
	require.True(t, r.KillSandbox(sb))
	dead, err := r.PodSandboxStatusShared(ctx, sb)
	require.NoError(t, err)
	assert.Equal(t, cri.SandboxNotReady, dead.State)
	assert.Equal(t, cri.SandboxReady, shared.State, "a status handed out is never changed")
	_, err = r.ContainerStatusShared(ctx, "nope")
	assert.True(t, cri.IsNotFound(err))
	_, err = r.PodSandboxStatusShared(ctx, "nope")
	assert.True(t, cri.IsNotFound(err))
}

// Listings are in creation order, honour the filters, and show state
// changes (the shared items are replaced when the state changes).
func TestListings(t *testing.T) {
	r, c, ctx := newRuntime(t)
	r.AddContainerScript(ContainerScript{Pod: "a", Runs: []Instance{{ExitAfter: sim.Duration(2 * time.Second), ExitCode: 3}}})
	_, a := run(t, r, ctx, "a", "ua")
	sbB, b := run(t, r, ctx, "b", "ub")
	all, err := r.ListContainers(ctx, nil)
	require.NoError(t, err)
	require.Len(t, all, 2)
	assert.Equal(t, []string{a, b}, []string{all[0].ID, all[1].ID})
	assert.Equal(t, cri.ContainerRunning, all[0].State)
	c.RunUntil(sim.Epoch.Add(3*time.Second), 0)
	again, err := r.ListContainers(ctx, nil)
	require.NoError(t, err)
	assert.Equal(t, cri.ContainerExited, again[0].State)
	assert.Same(t, all[1], again[1], "an unchanged container is the same item")
	exited := cri.ContainerExited
	only, err := r.ListContainers(ctx, &cri.ContainerFilter{State: &exited})
	require.NoError(t, err)
	require.Len(t, only, 1)
	assert.Equal(t, a, only[0].ID)
	inB, err := r.ListContainers(ctx, &cri.ContainerFilter{PodSandboxID: sbB})
	require.NoError(t, err)
	require.Len(t, inB, 1)
	assert.Equal(t, b, inB[0].ID)
	st, err := r.ContainerStatus(ctx, a)
	require.NoError(t, err)
	assert.EqualValues(t, 3, st.ExitCode)
	assert.Equal(t, "Error", st.Reason)
}

// An unfiltered listing equal to the previous one is handed out again; a
// changed one is new, and the one handed out before stays as it was.
func TestListingReuse(t *testing.T) {
	r, c, ctx := newRuntime(t)
	r.AddContainerScript(ContainerScript{Pod: "a", Runs: []Instance{{ExitAfter: sim.Duration(2 * time.Second)}}})
	_, a := run(t, r, ctx, "a", "ua")
	first, err := r.ListContainers(ctx, nil)
	require.NoError(t, err)
	same, err := r.ListContainers(ctx, nil)
	require.NoError(t, err)
	assert.Same(t, &first[0], &same[0], "an unchanged listing is the same slice")
	sbs, err := r.ListPodSandbox(ctx, nil)
	require.NoError(t, err)
	sbsAgain, err := r.ListPodSandbox(ctx, nil)
	require.NoError(t, err)
	assert.Same(t, &sbs[0], &sbsAgain[0])
	c.RunUntil(sim.Epoch.Add(3*time.Second), 0)
	_, b := run(t, r, ctx, "b", "ub")
	now, err := r.ListContainers(ctx, nil)
	require.NoError(t, err)
	require.Len(t, now, 2)
	assert.Equal(t, []string{a, b}, []string{now[0].ID, now[1].ID})
	assert.Equal(t, cri.ContainerExited, now[0].State)
	require.Len(t, first, 1)
	assert.Equal(t, cri.ContainerRunning, first[0].State, "a listing handed out is never rewritten")
	again, err := r.ListContainers(ctx, nil)
	require.NoError(t, err)
	assert.Same(t, &now[0], &again[0])
}

// The unfiltered listings, handed out again while nothing changed, show
// every kind of change: each is compared with a filtered listing, which is
// made afresh on every call.
func TestListingsFollowEveryChange(t *testing.T) {
	r, c, ctx := newRuntime(t)
	r.AddContainerScript(ContainerScript{Pod: "a", Runs: []Instance{{ExitAfter: sim.Duration(2 * time.Second)}}})
	r.AddContainerScript(ContainerScript{Pod: "e", Runs: []Instance{{StartError: "no such file"}}})
	r.AddSandboxScript(SandboxScript{Pod: "d", DieAfter: sim.Duration(5 * time.Second)})
	fresh := func(step string) {
		t.Helper()
		ctrs, err := r.ListContainers(ctx, nil)
		require.NoError(t, err)
		want, err := r.ListContainers(ctx, &cri.ContainerFilter{})
		require.NoError(t, err)
		assert.Equal(t, want, append([]*cri.Container{}, ctrs...), "containers after %s", step)
		sbs, err := r.ListPodSandbox(ctx, nil)
		require.NoError(t, err)
		wantSbs, err := r.ListPodSandbox(ctx, &cri.PodSandboxFilter{})
		require.NoError(t, err)
		assert.Equal(t, wantSbs, append([]*cri.PodSandbox{}, sbs...), "sandboxes after %s", step)
	}
	fresh("nothing")
	sbA, a := run(t, r, ctx, "a", "ua")
	fresh("start")
	sbB, b := run(t, r, ctx, "b", "ub")
	_, _ = run(t, r, ctx, "d", "ud")
	fresh("more starts")
	sbE, err := r.RunPodSandbox(ctx, sandboxConfig("e", "ue"), "")
	require.NoError(t, err)
	e, err := r.CreateContainer(ctx, sbE, containerConfig("e", "ue", "app"), sandboxConfig("e", "ue"))
	require.NoError(t, err)
	fresh("create")
	require.Error(t, r.StartContainer(ctx, e))
	fresh("a start error")
	c.RunUntil(sim.Epoch.Add(3*time.Second), 0)
	fresh("an exit")
	c.RunUntil(sim.Epoch.Add(6*time.Second), 0)
	fresh("a sandbox's death")
	require.True(t, r.ExitContainer(b, 1, false))
	fresh("ExitContainer")
	require.True(t, r.KillSandbox(sbB))
	fresh("KillSandbox")
	require.NoError(t, r.StopPodSandbox(ctx, sbA))
	fresh("StopPodSandbox")
	require.NoError(t, r.RemoveContainer(ctx, a))
	fresh("RemoveContainer")
	require.True(t, r.LoseContainer(b))
	fresh("LoseContainer")
	require.NoError(t, r.RemovePodSandbox(ctx, sbB))
	fresh("RemovePodSandbox")
}

// The call log records every call in order with its caller, target and
// error; reads can be left out.
func TestCallLog(t *testing.T) {
	r, _, ctx := newRuntime(t)
	r.InjectError("RunPodSandbox", cri.Errorf(cri.Unavailable, "down"))
	_, err := r.RunPodSandbox(ctx, sandboxConfig("web", "u1"), "")
	require.Error(t, err)
	_, _ = r.ListPodSandbox(ctx, nil)
	r.LogReads = false
	_, _ = r.ListPodSandbox(ctx, nil)
	_, err = r.RunPodSandbox(ctx, sandboxConfig("web", "u1"), "")
	require.NoError(t, err)
	calls := r.Calls()
	require.Len(t, calls, 3)
	assert.Equal(t, "RunPodSandbox", calls[0].Method)
	assert.Equal(t, "test", calls[0].Caller)
	assert.Equal(t, "default/web", calls[0].Target)
	assert.Contains(t, calls[0].Error, "down")
	assert.Equal(t, "ListPodSandbox", calls[1].Method)
	assert.True(t, calls[1].Read)
	assert.Equal(t, "RunPodSandbox", calls[2].Method)
	assert.Empty(t, calls[2].Error)
	assert.Len(t, r.CallsSince(2), 1)
	assert.Nil(t, r.CallsSince(10))
}

func TestScriptedExitsAndOOM(t *testing.T) {
	r, c, ctx := newRuntime(t)
	r.AddContainerScript(ContainerScript{Container: "app", Runs: []Instance{{ExitAfter: sim.Duration(time.Second), OOMKilled: true}}})
	_, id := run(t, r, ctx, "web", "u1")
	c.RunUntil(sim.Epoch.Add(2*time.Second), 0)
	st, err := r.ContainerStatus(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, cri.ContainerExited, st.State)
	assert.Equal(t, "OOMKilled", st.Reason)
	assert.EqualValues(t, 137, st.ExitCode)
}

func TestStartErrorLeavesContainerExited(t *testing.T) {
	r, _, ctx := newRuntime(t)
	r.AddContainerScript(ContainerScript{Container: "app", Runs: []Instance{{StartError: "exec: not found"}}})
	sb, err := r.RunPodSandbox(ctx, sandboxConfig("web", "u1"), "")
	require.NoError(t, err)
	id, err := r.CreateContainer(ctx, sb, containerConfig("web", "u1", "app"), sandboxConfig("web", "u1"))
	require.NoError(t, err)
	require.Error(t, r.StartContainer(ctx, id))
	st, err := r.ContainerStatus(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, cri.ContainerExited, st.State)
	assert.Equal(t, "StartError", st.Reason)
	assert.EqualValues(t, 128, st.ExitCode)
	// Starting it again is a precondition failure, not a success.
	assert.Equal(t, cri.FailedPrecondition, cri.CodeOf(r.StartContainer(ctx, id)))
}

func TestPulls(t *testing.T) {
	r, c, ctx := newRuntime(t)
	r.SetImage(ImageScript{Image: "app:v2", PullDelay: sim.Duration(3 * time.Second), PullErrors: []string{"timeout"}})
	_, err := r.PullImage(ctx, &cri.ImageSpec{Image: "app:v2"}, nil, nil)
	require.Error(t, err)
	_, err = r.PullImage(ctx, &cri.ImageSpec{Image: "app:v2"}, nil, nil)
	require.NoError(t, err)
	img, err := r.ImageStatus(ctx, &cri.ImageSpec{Image: "app:v2"})
	require.NoError(t, err)
	assert.Nil(t, img, "not there before the pull delay")
	c.RunUntil(sim.Epoch.Add(3*time.Second), 0)
	img, err = r.ImageStatus(ctx, &cri.ImageSpec{Image: "app:v2"})
	require.NoError(t, err)
	require.NotNil(t, img)
	assert.Equal(t, []string{"app:v2"}, img.RepoTags)
}

func TestRuntimeConditions(t *testing.T) {
	r, _, ctx := newRuntime(t)
	r.SetNetworkReady(false, "NetworkPluginNotReady", "cni config uninitialized")
	st, err := r.Status(ctx)
	require.NoError(t, err)
	require.Len(t, st.Conditions, 2)
	assert.True(t, st.Conditions[0].Status)
	assert.False(t, st.Conditions[1].Status)
	assert.Equal(t, "NetworkPluginNotReady", st.Conditions[1].Reason)
}

func TestKillSandbox(t *testing.T) {
	r, _, ctx := newRuntime(t)
	sb, _ := run(t, r, ctx, "web", "u1")
	assert.True(t, r.KillSandbox(sb))
	assert.False(t, r.KillSandbox("nope"))
	st, err := r.PodSandboxStatus(ctx, sb)
	require.NoError(t, err)
	assert.Equal(t, cri.SandboxNotReady, st.State)
}

// An image without a script pulls (the fake's promise, which the runtime
// reports); a missing one fails as containerd fails it, scripted or by the
// runtime-wide option.
func TestMissingAndAssumedImages(t *testing.T) {
	r, _, ctx := newRuntime(t)
	_, err := r.PullImage(ctx, &cri.ImageSpec{Image: "made-up:1"}, nil, nil)
	require.NoError(t, err)
	_, err = r.PullImage(ctx, &cri.ImageSpec{Image: "nginx:1.25"}, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"made-up:1"}, r.AssumedImages(), "a scripted image is not assumed")

	r.SetImage(ImageScript{Image: "gone:2", Missing: true})
	_, err = r.PullImage(ctx, &cri.ImageSpec{Image: "gone:2"}, nil, nil)
	require.Error(t, err)
	assert.Equal(t, cri.NotFound, cri.CodeOf(err))
	assert.Equal(t, `failed to pull and unpack image "docker.io/library/gone:2": failed to resolve reference "docker.io/library/gone:2": docker.io/library/gone:2: not found`, cri.Message(err))

	r.SetUnknownImagesMissing(true)
	_, err = r.PullImage(ctx, &cri.ImageSpec{Image: "registry.example.com:5000/team/app"}, nil, nil)
	require.Error(t, err)
	assert.Contains(t, cri.Message(err), `"registry.example.com:5000/team/app:latest": registry.example.com:5000/team/app:latest: not found`)
	assert.Equal(t, []string{"made-up:1"}, r.AssumedImages())

	for name, want := range map[string]string{
		"nginx":                          "docker.io/library/nginx:latest",
		"bitnami/redis:7":                "docker.io/bitnami/redis:7",
		"quay.io/prometheus/node:v1":     "quay.io/prometheus/node:v1",
		"localhost/app@sha256:abc":       "localhost/app@sha256:abc",
		"registry.k8s.io/pause:3.9":      "registry.k8s.io/pause:3.9",
		"docker.io/library/busybox:1.36": "docker.io/library/busybox:1.36",
	} {
		assert.Equal(t, want, normalizedReference(name), name)
	}
}

// Label selectors filter listings, whether the pod index serves them (a
// pod UID, alone or with other labels) or not; a removed pod's objects
// leave the index.
func TestListSelectors(t *testing.T) {
	r, _, ctx := newRuntime(t)
	sb1, c1 := run(t, r, ctx, "web", "u1")
	sb2, c2 := run(t, r, ctx, "db", "u2")
	for _, tc := range []struct {
		name string
		sel  map[string]string
		sbs  []string
		ctrs []string
	}{
		{"none", nil, []string{sb1, sb2}, []string{c1, c2}},
		{"pod uid", map[string]string{cri.LabelPodUID: "u2"}, []string{sb2}, []string{c2}},
		{"unknown uid", map[string]string{cri.LabelPodUID: "u3"}, nil, nil},
		{"uid and a label that matches", map[string]string{cri.LabelPodUID: "u1", cri.LabelPodName: "web"}, []string{sb1}, []string{c1}},
		{"uid and a label that does not", map[string]string{cri.LabelPodUID: "u1", cri.LabelPodName: "db"}, nil, nil},
		{"name only", map[string]string{cri.LabelPodName: "db"}, []string{sb2}, []string{c2}},
	} {
		sbs, err := r.ListPodSandbox(ctx, &cri.PodSandboxFilter{LabelSelector: tc.sel})
		require.NoError(t, err)
		var got []string
		for _, s := range sbs {
			got = append(got, s.ID)
		}
		assert.Equal(t, tc.sbs, got, "%s: sandboxes", tc.name)
		ctrs, err := r.ListContainers(ctx, &cri.ContainerFilter{LabelSelector: tc.sel})
		require.NoError(t, err)
		got = nil
		for _, c := range ctrs {
			got = append(got, c.ID)
		}
		assert.Equal(t, tc.ctrs, got, "%s: containers", tc.name)
	}
	require.NoError(t, r.StopPodSandbox(ctx, sb2))
	require.NoError(t, r.RemovePodSandbox(ctx, sb2))
	sbs, err := r.ListPodSandbox(ctx, &cri.PodSandboxFilter{LabelSelector: map[string]string{cri.LabelPodUID: "u2"}})
	require.NoError(t, err)
	assert.Empty(t, sbs)
	ctrs, err := r.ListContainers(ctx, &cri.ContainerFilter{LabelSelector: map[string]string{cri.LabelPodUID: "u2"}})
	require.NoError(t, err)
	assert.Empty(t, ctrs)
}

// A container's script is the last one that matches its pod, namespace
// and name, wherever the pod index puts it: held to a scan of every
// script, for every pod, namespace and name of the table and more.
func TestContainerScriptLastMatchWins(t *testing.T) {
	r, _, _ := newRuntime(t)
	scripts := []ContainerScript{
		{Container: "app"},
		{Pod: "web", Container: "app"},
		{Pod: "*", Namespace: "prod"},
		{Pod: "db"},
		{Pod: "web", Namespace: "prod", Container: "*"},
		{Container: "sidecar"},
		{Pod: "db", Container: "sidecar"},
		{Pod: "web", Namespace: "dev"},
	}
	for _, s := range scripts {
		r.AddContainerScript(s)
	}
	index := func(s *ContainerScript) int {
		for i := range r.containerScripts {
			if &r.containerScripts[i] == s {
				return i
			}
		}
		return -1
	}
	scan := func(pod, ns, name string) int {
		found := -1
		for i, s := range scripts {
			if matches(s.Pod, pod) && matches(s.Namespace, ns) && matches(s.Container, name) {
				found = i
			}
		}
		return found
	}
	for _, tc := range []struct {
		pod, ns, name string
		want          int
	}{
		{"web", "default", "app", 1},
		{"web", "prod", "app", 4},
		{"web", "dev", "sidecar", 7},
		{"db", "prod", "sidecar", 6},
		{"db", "default", "app", 3},
		{"other", "prod", "app", 2},
		{"other", "default", "app", 0},
		{"other", "default", "sidecar", 5},
		{"other", "default", "init", -1},
	} {
		got := index(r.containerScript(tc.pod, tc.ns, tc.name))
		assert.Equal(t, tc.want, got, "%s/%s/%s", tc.ns, tc.pod, tc.name)
		assert.Equal(t, scan(tc.pod, tc.ns, tc.name), got, "%s/%s/%s against a scan", tc.ns, tc.pod, tc.name)
	}
	for _, pod := range []string{"web", "db", "other", ""} {
		for _, ns := range []string{"default", "prod", "dev"} {
			for _, name := range []string{"app", "sidecar", "init"} {
				got := index(r.containerScript(pod, ns, name))
				assert.Equal(t, scan(pod, ns, name), got, "%s/%s/%s", ns, pod, name)
			}
		}
	}
}
