package prober

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// execRuntime answers exec probes: exit 0 while the container is healthy.
type execRuntime struct {
	cri.RuntimeService
	healthy map[string]bool
	calls   []string // container probe-type
}

func (r *execRuntime) ExecSync(ctx context.Context, id string, cmd []string, _ time.Duration) (*cri.ExecSyncResponse, error) {
	r.calls = append(r.calls, id+" "+cri.ProbeTypeOf(ctx))
	if r.healthy[id] {
		return &cri.ExecSyncResponse{}, nil
	}
	return &cri.ExecSyncResponse{Stdout: []byte("not ok"), ExitCode: 1}, nil
}

type clockScheduler struct{ c *sim.Clock }

func (s clockScheduler) Now() time.Time { return s.c.Now() }
func (s clockScheduler) Schedule(d time.Duration, name string, fn func()) Timer {
	return s.c.AfterFunc(d, name, fn)
}

func (s clockScheduler) Reschedule(t Timer, d time.Duration, name string, fn func()) Timer {
	st, _ := t.(*sim.Timer)
	return s.c.Reschedule(st, s.c.Now().Add(d), 0, name, fn)
}

type statuses map[string]*v1.PodStatus

func (s statuses) GetPodStatus(uid string) (*v1.PodStatus, bool) { st, ok := s[uid]; return st, ok }

func execProbe(period, failures int32) *v1.Probe {
	return &v1.Probe{ProbeHandler: v1.ProbeHandler{Exec: &v1.ExecAction{Command: []string{"check"}}},
		TimeoutSeconds: 1, PeriodSeconds: period, SuccessThreshold: 1, FailureThreshold: failures}
}

// TestProbeWorkers: a readiness and a liveness worker on one container,
// run on virtual time: the results reach the results managers once they
// pass their thresholds, failures are events, and UpdatePodStatus reads
// the results into the status.
func TestProbeWorkers(t *testing.T) {
	clock := sim.NewClock(sim.Epoch)
	rt := &execRuntime{healthy: map[string]bool{"c1": true}}
	rec := events.NewRecorder(clock.Now)
	yes := true
	pod := &v1.Pod{Metadata: v1.ObjectMeta{UID: "u", Name: "p", Namespace: "default"},
		Spec: v1.PodSpec{Containers: []v1.Container{{Name: "app", ReadinessProbe: execProbe(10, 1), LivenessProbe: execProbe(5, 3)}}}}
	st := &v1.PodStatus{Phase: v1.PodRunning, ContainerStatuses: []v1.ContainerStatus{{Name: "app", ContainerID: "containerd://c1",
		Started: &yes, State: v1.ContainerState{Running: &v1.ContainerStateRunning{StartedAt: v1.NewTime(sim.Epoch)}}}}}
	m := NewManager(rt, nil, rec, events.Messages{Rel: release.Of(release.Newest)}, statuses{"u": st}, clockScheduler{clock})
	var updates []string
	record := func(kind string) func(Update) {
		return func(u Update) { updates = append(updates, fmt.Sprintf("%s %s %s", clock.Elapsed(), kind, u.Result)) }
	}
	m.Readiness.OnUpdate, m.Liveness.OnUpdate = record("readiness"), record("liveness")
	m.AddPod(pod)
	m.AddPod(pod) // once
	if got := m.Workers(); len(got) != 2 {
		t.Fatalf("workers %v", got)
	}
	clock.RunUntil(sim.Epoch.Add(12*time.Second), 0)
	probe := func() *v1.PodStatus {
		s := &v1.PodStatus{ContainerStatuses: slices.Clone(st.ContainerStatuses)}
		m.UpdatePodStatus(pod, s)
		return s
	}
	if !probe().ContainerStatuses[0].Ready {
		t.Error("not ready after a successful readiness probe")
	}
	rt.healthy["c1"] = false
	clock.RunUntil(sim.Epoch.Add(31*time.Second), 0)
	want := []string{
		"0s readiness Failure", // the initial result until the first probe
		"0s readiness Success", // workers run in creation order: readiness first
		"0s liveness Success",
		"20s readiness Failure", // one failure is enough
		"25s liveness Failure",  // the third failure: 15s, 20s, 25s
	}
	if !slices.Equal(updates, want) {
		t.Errorf("updates\n%v\nwant\n%v", updates, want)
	}
	if probe().ContainerStatuses[0].Ready {
		t.Error("ready after the readiness probe failed")
	}
	var unhealthy int
	if ev := rec.Events(); len(ev) == 0 || ev[0].Message != "Liveness probe failed: not ok" || ev[0].Type != events.Warning {
		t.Errorf("first event %+v", ev)
	}
	for _, e := range rec.Events() {
		if e.Reason == events.ContainerUnhealthy {
			unhealthy++
			if e.InvolvedObject.FieldPath != "spec.containers{app}" {
				t.Errorf("event object %+v", e.InvolvedObject)
			}
		}
	}
	// Readiness failed at 20s and 30s, liveness at 15s, 20s, 25s (then on
	// hold until the container is replaced).
	if unhealthy != 5 || rt.calls[0] != "c1 readiness" && rt.calls[0] != "c1 liveness" {
		t.Errorf("%d Unhealthy events, calls %v", unhealthy, rt.calls)
	}
	m.RemovePod(pod)
	if len(m.Workers()) != 0 {
		t.Errorf("workers after RemovePod: %v", m.Workers())
	}
	n := len(rt.calls)
	clock.RunUntil(sim.Epoch.Add(time.Minute), 0)
	if len(rt.calls) != n {
		t.Error("a removed worker kept probing")
	}
}
