package v1_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubelet"
	"github.com/kubexplorer/kubexplorer/core/kubelet/scenario"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

func jsonEqual(a, b *v1.PodStatus) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// EqualPodStatus must agree with comparing the JSON of the two statuses,
// on every pair of statuses the examples produce and on edge cases of
// encoding/json (nil against empty, null times, sub-second times).
func TestEqualPodStatusMatchesJSON(t *testing.T) {
	var corpus []v1.PodStatus
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "examples", "kubelet", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := scenario.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		s, err := sc.Build()
		if err != nil {
			t.Fatal(err)
		}
		s.RunUntil(sim.Epoch.Add(sc.Until))
		for _, sn := range s.Kubelet.Trace(kubelet.Marks{}).Snapshots {
			for _, p := range sn.Pods {
				corpus = append(corpus, p.Status)
			}
		}
	}
	at := func(s float64) *v1.Time { return v1.NewTime(sim.Epoch.Add(time.Duration(s * float64(time.Second)))) }
	no, yes := false, true
	edge := []v1.PodStatus{
		{},
		{Conditions: []v1.PodCondition{}},
		{StartTime: &v1.Time{}},
		{StartTime: at(1)},
		{StartTime: at(1.5)},
		{StartTime: at(2)},
		{ContainerStatuses: []v1.ContainerStatus{{Name: "a"}}},
		{ContainerStatuses: []v1.ContainerStatus{{Name: "a", Started: &no}}},
		{ContainerStatuses: []v1.ContainerStatus{{Name: "a", Started: &yes}}},
		{ContainerStatuses: []v1.ContainerStatus{{Name: "a", State: v1.ContainerState{Waiting: &v1.ContainerStateWaiting{}}}}},
		{ContainerStatuses: []v1.ContainerStatus{{Name: "a", State: v1.ContainerState{Running: &v1.ContainerStateRunning{}}}}},
		{ContainerStatuses: []v1.ContainerStatus{{Name: "a", State: v1.ContainerState{Running: &v1.ContainerStateRunning{StartedAt: &v1.Time{}}}}}},
		{ContainerStatuses: []v1.ContainerStatus{{Name: "a", State: v1.ContainerState{Running: &v1.ContainerStateRunning{StartedAt: at(3.2)}}}}},
		{ContainerStatuses: []v1.ContainerStatus{{Name: "a", State: v1.ContainerState{Running: &v1.ContainerStateRunning{StartedAt: at(3.7)}}}}},
		{ContainerStatuses: []v1.ContainerStatus{{Name: "a", LastTerminationState: v1.ContainerState{Terminated: &v1.ContainerStateTerminated{ExitCode: 1, FinishedAt: at(4)}}}}},
		{Conditions: []v1.PodCondition{{Type: v1.PodReady, Status: v1.ConditionTrue}}},
		{Conditions: []v1.PodCondition{{Type: v1.PodReady, Status: v1.ConditionTrue, LastTransitionTime: &v1.Time{}}}},
		{Conditions: []v1.PodCondition{{Type: v1.PodReady, Status: v1.ConditionTrue, LastTransitionTime: at(5)}}},
		{Conditions: []v1.PodCondition{{Type: v1.PodReady, Status: v1.ConditionTrue, ObservedGeneration: 2}}},
		{PodIPs: []v1.PodIP{{IP: "10.0.0.1"}}, PodIP: "10.0.0.1"},
		{PodIPs: []v1.PodIP{}, PodIP: "10.0.0.1"},
	}
	corpus = append(corpus, edge...)
	if len(corpus) > 400 {
		corpus = corpus[len(corpus)-400:]
	}
	for i := range corpus {
		for j := range corpus {
			a, b := &corpus[i], &corpus[j]
			if got, want := v1.EqualPodStatus(a, b), jsonEqual(a, b); got != want {
				ja, _ := json.Marshal(a)
				jb, _ := json.Marshal(b)
				t.Fatalf("EqualPodStatus = %v, JSON says %v\n%s\n%s", got, want, ja, jb)
			}
		}
	}
}
