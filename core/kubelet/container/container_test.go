package container

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func TestPodSyncResultError(t *testing.T) {
	var ok PodSyncResult
	ok.Add(ConfigPodSandbox, "sb")
	if ok.Error() != nil || ok.Acted() {
		t.Errorf("a sync that only configured the sandbox: error %v, acted %v", ok.Error(), ok.Acted())
	}
	var one PodSyncResult
	one.Add(StartContainer, "app").Fail(ErrCrashLoopBackOff, "back-off 10s restarting failed container=app pod=p_default(u)")
	want := `failed to "StartContainer" for "app" with CrashLoopBackOff: "back-off 10s restarting failed container=app pod=p_default(u)"`
	if err := one.Error(); err == nil || err.Error() != want || !one.Acted() {
		t.Errorf("one failure: %v (acted %v)\nwant %s", err, one.Acted(), want)
	}
	var two PodSyncResult
	two.Add(KillContainer, "a").Fail(ErrKillContainer, "boom")
	two.Add(StartContainer, "b")
	other := PodSyncResult{SyncError: errors.New("sandbox gone")}
	other.Add(KillPodSandbox, "sb").Fail(ErrKillPodSandbox, "x")
	two.AddPodSyncResult(other)
	want = `[failed to SyncPod: sandbox gone, failed to "KillContainer" for "a" with KillContainerError: "boom", failed to "KillPodSandbox" for "sb" with KillPodSandboxError: "x"]`
	if err := two.Error(); err == nil || err.Error() != want {
		t.Errorf("several failures: %v\nwant %s", err, want)
	}
	// Targets and messages are quoted as fmt's %q quotes them.
	var odd PodSyncResult
	msg := "say \"hi\"\n\tüñí\x00\\"
	odd.Add(StartContainer, "a\"b").Fail(ErrRunContainer, msg)
	want = fmt.Sprintf("failed to %q for %q with %v: %q", StartContainer, "a\"b", ErrRunContainer, msg)
	if err := odd.Error(); err == nil || err.Error() != want {
		t.Errorf("quoting: %v\nwant %s", err, want)
	}
}

func TestMinBackoffExpiry(t *testing.T) {
	var p PodSyncResult
	p.Add(StartContainer, "a").Fail(ErrRunContainer, "x")
	if _, found := (&SyncError{Result: &p}).MinBackoffExpiry(); found {
		t.Fatal("no CrashLoopBackOff, yet an expiry")
	}
	for _, d := range []time.Duration{40 * time.Second, 10 * time.Second, 20 * time.Second} {
		r := p.Add(StartContainer, "c")
		r.Fail(ErrCrashLoopBackOff, "")
		r.BackoffExpiry = t0.Add(d)
	}
	p.Add(StartContainer, "zero").Fail(ErrCrashLoopBackOff, "") // no expiry: ignored
	if at, found := (&SyncError{Result: &p}).MinBackoffExpiry(); !found || at != t0.Add(10*time.Second) {
		t.Errorf("got %v %v, want the earliest, %v", at, found, t0.Add(10*time.Second))
	}
}

func TestShouldContainerBeRestarted(t *testing.T) {
	st := func(s State, code int) *PodStatus {
		return &PodStatus{ContainerStatuses: []*Status{{Name: "app", State: s, ExitCode: code}}}
	}
	ptr := func(s string) *string { return &s }
	in := func(op string, codes ...int32) []v1.ContainerRestartRule {
		return []v1.ContainerRestartRule{{Action: v1.RestartRuleActionRestart, ExitCodes: &v1.ContainerRestartRuleOnExitCodes{Operator: op, Values: codes}}}
	}
	tests := []struct {
		name    string
		policy  string
		deleted bool
		status  *PodStatus
		own     *string
		rules   []v1.ContainerRestartRule
		gate    bool
		want    bool
	}{
		{"never started", v1.RestartPolicyNever, false, &PodStatus{}, nil, nil, false, true},
		{"running", v1.RestartPolicyAlways, false, st(StateRunning, 0), nil, nil, false, false},
		{"created", v1.RestartPolicyNever, false, st(StateCreated, 0), nil, nil, false, true},
		{"unknown", v1.RestartPolicyNever, false, st(StateUnknown, 0), ptr("Never"), nil, true, true},
		{"exited, Always", v1.RestartPolicyAlways, false, st(StateExited, 0), nil, nil, false, true},
		{"exited 0, OnFailure", v1.RestartPolicyOnFailure, false, st(StateExited, 0), nil, nil, false, false},
		{"exited 1, OnFailure", v1.RestartPolicyOnFailure, false, st(StateExited, 1), nil, nil, false, true},
		{"exited 1, Never", v1.RestartPolicyNever, false, st(StateExited, 1), nil, nil, false, false},
		{"deleted pod", v1.RestartPolicyAlways, true, &PodStatus{}, nil, nil, false, false},
		// ContainerRestartRules off: the container's own policy is not read.
		{"own Always, gate off", v1.RestartPolicyNever, false, st(StateExited, 0), ptr("Always"), nil, false, false},
		// On: its own policy, then its rules, decide; the pod's only without one.
		{"sidecar exited, Never", v1.RestartPolicyNever, false, st(StateExited, 0), ptr("Always"), nil, true, true},
		{"no own policy: the pod's", v1.RestartPolicyOnFailure, false, st(StateExited, 0), nil, nil, true, false},
		{"own Never in an Always pod", v1.RestartPolicyAlways, false, st(StateExited, 1), ptr("Never"), nil, true, false},
		{"own OnFailure, exit 0", v1.RestartPolicyAlways, false, st(StateExited, 0), ptr("OnFailure"), nil, true, false},
		{"own OnFailure, exit 2", v1.RestartPolicyNever, false, st(StateExited, 2), ptr("OnFailure"), nil, true, true},
		{"rule In matches", v1.RestartPolicyNever, false, st(StateExited, 42), ptr("Never"), in("In", 42, 43), true, true},
		{"rule In misses", v1.RestartPolicyNever, false, st(StateExited, 1), ptr("Never"), in("In", 42), true, false},
		{"rule NotIn matches", v1.RestartPolicyNever, false, st(StateExited, 1), ptr("Never"), in("NotIn", 0), true, true},
		{"rule NotIn misses", v1.RestartPolicyNever, false, st(StateExited, 0), ptr("Never"), in("NotIn", 0), true, false},
		{"rule without a policy is not read", v1.RestartPolicyNever, false, st(StateExited, 42), nil, in("In", 42), true, false},
		{"deleted pod, rule matches", v1.RestartPolicyNever, true, st(StateExited, 42), ptr("Never"), in("In", 42), true, false},
	}
	for _, tt := range tests {
		pod := &v1.Pod{Spec: v1.PodSpec{RestartPolicy: tt.policy}}
		if tt.deleted {
			pod.Metadata.DeletionTimestamp = v1.NewTime(t0)
		}
		c := &v1.Container{Name: "app", RestartPolicy: tt.own, RestartPolicyRules: tt.rules}
		if got := ShouldContainerBeRestarted(c, pod, tt.status, tt.gate, false); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestHashContainer(t *testing.T) {
	c := v1.Container{Name: "app", Image: "nginx:1.25"}
	h := HashContainer(&c)
	if h != HashContainer(&v1.Container{Name: "app", Image: "nginx:1.25"}) {
		t.Error("equal specs hash differently")
	}
	withResources := c
	withResources.Resources = &v1.ResourceRequirements{Requests: v1.ResourceList{"cpu": "1"}}
	if HashContainer(&withResources) != h {
		t.Error("resources are not part of the hash (resizing does not restart)")
	}
	newImage := c
	newImage.Image = "nginx:1.26"
	if HashContainer(&newImage) == h {
		t.Error("a new image must change the hash")
	}
}

func TestStatusHelpers(t *testing.T) {
	for in, want := range map[cri.ContainerState]State{cri.ContainerCreated: StateCreated, cri.ContainerRunning: StateRunning,
		cri.ContainerExited: StateExited, cri.ContainerUnknown: StateUnknown} {
		if got := FromCRI(in); got != want {
			t.Errorf("FromCRI(%v) = %v, want %v", in, got, want)
		}
	}
	if got := (&Status{ID: "abc"}).FullID(); got != "containerd://abc" {
		t.Errorf("FullID %q", got)
	}
	l := []*Status{{ID: "old", Name: "a", CreatedAt: t0}, {ID: "new", Name: "a", CreatedAt: t0.Add(time.Second)}, {ID: "b", Name: "b", CreatedAt: t0}}
	SortNewestFirst(l)
	var ids []string
	for _, s := range l {
		ids = append(ids, s.ID)
	}
	if !slices.Equal(ids, []string{"new", "old", "b"}) {
		t.Errorf("SortNewestFirst: %v (stable: old before b)", ids)
	}
	ps := &PodStatus{ContainerStatuses: l}
	if s := ps.FindContainerStatusByName("a"); s == nil || s.ID != "new" {
		t.Errorf("FindContainerStatusByName: %+v, want the newest", s)
	}
	if (*PodStatus)(nil).FindContainerStatusByName("a") != nil || ps.FindContainerStatusByName("x") != nil {
		t.Error("a missing container is found")
	}
}

// TestCacheGetNewerThan: upstream blocks until the entry or the global
// timestamp is newer than minTime; here the answer says whether it is.
func TestCacheGetNewerThan(t *testing.T) {
	c := NewCache()
	changes := 0
	c.OnChange = func() { changes++ }
	if s, _ := c.Get("u"); s == nil || s.ID != "u" {
		t.Fatalf("Get of an unknown pod: %+v, want an empty status", s)
	}
	if _, _, ok := c.GetNewerThan("u", t0); ok {
		t.Error("an empty cache answered")
	}
	c.UpdateTime(t0.Add(time.Second))
	if s, _, ok := c.GetNewerThan("u", t0); !ok || s.ID != "u" {
		t.Error("a global timestamp past minTime answers with an empty status")
	}
	c.UpdateTime(t0) // never moves back
	if c.Timestamp() != t0.Add(time.Second) {
		t.Errorf("the global timestamp moved back to %v", c.Timestamp())
	}
	st := &PodStatus{ID: "u", Name: "p"}
	c.Set("u", st, nil, t0.Add(2*time.Second))
	if s, _, ok := c.GetNewerThan("u", t0.Add(time.Second)); !ok || s != st {
		t.Error("an entry modified after minTime answers")
	}
	if _, _, ok := c.GetNewerThan("u", t0.Add(3*time.Second)); ok {
		t.Error("an entry older than minTime answered")
	}
	c.SetObservedTime("u", t0.Add(4*time.Second))
	if s, _, ok := c.GetNewerThan("u", t0.Add(3*time.Second)); !ok || s != st {
		t.Error("an entry observed unchanged after minTime answers")
	}
	c.Delete("u")
	if s, _ := c.Get("u"); s == st {
		t.Error("Delete kept the entry")
	}
	if changes != 4 {
		t.Errorf("OnChange called %d times, want 4 (UpdateTime ×2, Set, SetObservedTime)", changes)
	}
}

// A Hasher gives HashContainer's values, call after call, whatever the
// previous container was (its buffers are reused).
func TestHasher(t *testing.T) {
	grace := int64(5)
	specs := []v1.Container{
		{Name: "app", Image: "nginx:1.25"},
		{Name: "app", Image: "nginx:1.26", Command: []string{"sh", "-c", "echo <&>"}},
		{Name: "web", Image: "app:v2", Resources: &v1.ResourceRequirements{Requests: v1.ResourceList{"cpu": "1"}},
			ReadinessProbe: &v1.Probe{ProbeHandler: v1.ProbeHandler{Exec: &v1.ExecAction{Command: []string{"ok"}}}, PeriodSeconds: 10, TerminationGracePeriodSeconds: &grace},
			Env:            v1.Raw(`[{"name":"A","value":"1"}]`)},
		{Name: "app", Image: "nginx:1.25"},
		{},
	}
	var x Hasher
	for _, c := range specs {
		if got, want := x.Hash(&c), HashContainer(&c); got != want {
			t.Errorf("%+v: Hasher %s, HashContainer %s", c, got, want)
		}
	}
	// Again, each container remembered: the same values.
	for i := range specs {
		c := &specs[i]
		for range 2 {
			if got, want := x.Hash(c), HashContainer(c); got != want {
				t.Errorf("%+v hashed again: Hasher %s, HashContainer %s", *c, got, want)
			}
		}
	}
	// A copy with a change is another container: its own hash.
	changed := specs[0]
	changed.Image = "nginx:1.27"
	if got, want := x.Hash(&changed), HashContainer(&changed); got != want || got == x.Hash(&specs[0]) {
		t.Errorf("a changed copy hashes to %s, want %s", got, want)
	}
	// The value itself is pinned: it is the container's hash annotation.
	if got := x.Hash(&specs[0]); got != "ac5feda" {
		t.Errorf("hash of app/nginx:1.25 is %s", got)
	}
}
