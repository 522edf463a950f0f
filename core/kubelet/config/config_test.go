package config

import (
	"fmt"
	"strings"
	"testing"
	"time"

	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func pod(uid, image string) *v1.Pod {
	return &v1.Pod{Metadata: v1.ObjectMeta{UID: uid, Name: "p-" + uid, Namespace: "default", Annotations: map[string]string{"team": "a"}},
		Spec: v1.PodSpec{Containers: []v1.Container{{Name: "app", Image: image}}}}
}

// summary renders updates as "OP[uid,…]" in order.
func summary(us []PodUpdate) string {
	var parts []string
	for _, u := range us {
		var uids []string
		for _, p := range u.Pods {
			uids = append(uids, p.Metadata.UID)
		}
		parts = append(parts, fmt.Sprintf("%s%v", u.Op, uids))
	}
	return strings.Join(parts, " ")
}

func TestMergeSet(t *testing.T) {
	s := NewStorage(func() time.Time { return t0 })
	if s.SourcesReady(ApiserverSource) {
		t.Fatal("a source is ready before its first SET")
	}
	// An empty first SET still reports the source: an ADD of no pods.
	if got := summary(s.Merge(ApiserverSource, PodUpdate{Op: SET})); got != "ADD[]" {
		t.Errorf("empty first SET: %s", got)
	}
	if !s.SourcesReady(ApiserverSource) || s.SourcesReady(ApiserverSource, FileSource) {
		t.Error("SourcesReady")
	}
	a, b := pod("a", "nginx:1"), pod("b", "nginx:1")
	out := s.Merge(ApiserverSource, PodUpdate{Op: SET, Pods: []*v1.Pod{a, b}})
	if got := summary(out); got != "ADD[a b]" {
		t.Fatalf("SET of two new pods: %s", got)
	}
	added := out[0].Pods[0]
	if added == a || added.Metadata.Annotations[ConfigSourceAnnotationKey] != ApiserverSource ||
		added.Metadata.Annotations[ConfigFirstSeenAnnotationKey] != "2026-01-01T00:00:00Z" || a.Metadata.Annotations[ConfigSourceAnnotationKey] != "" {
		t.Errorf("the stored pod is an annotated copy: %+v", added.Metadata.Annotations)
	}
	if got := summary(s.Merge(ApiserverSource, PodUpdate{Op: SET, Pods: []*v1.Pod{pod("a", "nginx:1"), pod("b", "nginx:1")}})); got != "" {
		t.Errorf("an unchanged SET: %q", got)
	}
	// b changes its image, a gets a status, c is new, and a SET without d…
	a2, b2, c := pod("a", "nginx:1"), pod("b", "nginx:2"), pod("c", "nginx:1")
	a2.Status.Phase = v1.PodRunning
	if got := summary(s.Merge(ApiserverSource, PodUpdate{Op: SET, Pods: []*v1.Pod{a2, b2, c}})); got != "ADD[c] UPDATE[b] RECONCILE[a]" {
		t.Errorf("SET with changes: %s", got)
	}
	if added.Status.Phase != v1.PodRunning {
		t.Error("RECONCILE does not carry the new status")
	}
	// …drops b: REMOVE first.
	a3 := pod("a", "nginx:1")
	a3.Status.Phase = v1.PodRunning
	a3.Metadata.DeletionTimestamp = v1.NewTime(t0)
	if got := summary(s.Merge(ApiserverSource, PodUpdate{Op: SET, Pods: []*v1.Pod{a3, pod("c", "nginx:1")}})); got != "REMOVE[b] DELETE[a]" {
		t.Errorf("SET removing b and deleting a: %s", got)
	}
	if added.Metadata.Annotations[ConfigSourceAnnotationKey] != ApiserverSource || added.Metadata.Annotations["team"] != "a" {
		t.Errorf("an update keeps the kubelet's annotations and the user's: %v", added.Metadata.Annotations)
	}
}

func TestMergeIncremental(t *testing.T) {
	s := NewStorage(func() time.Time { return t0 })
	if got := summary(s.Merge(ApiserverSource, PodUpdate{Op: ADD, Pods: []*v1.Pod{pod("a", "x")}})); got != "ADD[a]" {
		t.Errorf("ADD: %s", got)
	}
	// A kubelet annotation changing is not a change; a user annotation is.
	same := pod("a", "x")
	same.Metadata.Annotations[ConfigSourceAnnotationKey] = "other"
	if got := summary(s.Merge(ApiserverSource, PodUpdate{Op: UPDATE, Pods: []*v1.Pod{same}})); got != "" {
		t.Errorf("a kubelet annotation only: %q", got)
	}
	labelled := pod("a", "x")
	labelled.Metadata.Annotations["team"] = "b"
	if got := summary(s.Merge(ApiserverSource, PodUpdate{Op: UPDATE, Pods: []*v1.Pod{labelled}})); got != "UPDATE[a]" {
		t.Errorf("a user annotation: %s", got)
	}
	if got := summary(s.Merge(ApiserverSource, PodUpdate{Op: REMOVE, Pods: []*v1.Pod{pod("a", "x"), pod("zz", "x")}})); got != "REMOVE[a]" {
		t.Errorf("REMOVE: %s", got)
	}
	if got := summary(s.SetChanged(ApiserverSource, []*v1.Pod{pod("b", "x")}, nil, []string{"a"})); got != "ADD[b]" {
		t.Errorf("SetChanged: %s", got)
	}
	if got := summary(s.SetChanged(ApiserverSource, nil, nil, []string{"b"})); got != "REMOVE[b]" {
		t.Errorf("SetChanged removing: %s", got)
	}
}

// A pod marked as changed only in its status is reconciled as the full
// comparison would: RECONCILE with the new status, nothing when the status
// is the same.
func TestSetChangedStatusOnly(t *testing.T) {
	hinted, plain := NewStorage(func() time.Time { return t0 }), NewStorage(func() time.Time { return t0 })
	for _, s := range []*Storage{hinted, plain} {
		if got := summary(s.SetChanged(ApiserverSource, []*v1.Pod{pod("a", "x"), pod("b", "x")}, nil, nil)); got != "ADD[a b]" {
			t.Fatalf("first snapshot: %s", got)
		}
	}
	running := pod("a", "x")
	running.Status.Phase = v1.PodRunning
	for _, step := range []struct {
		name string
		pods []*v1.Pod
		want string
	}{
		{"a new status", []*v1.Pod{running, pod("b", "x")}, "RECONCILE[a]"},
		{"the same status", []*v1.Pod{running}, ""},
	} {
		only := make([]bool, len(step.pods))
		for i := range only {
			only[i] = true
		}
		got := summary(hinted.SetChanged(ApiserverSource, step.pods, only, nil))
		if want := summary(plain.SetChanged(ApiserverSource, step.pods, nil, nil)); got != want || got != step.want {
			t.Errorf("%s: %q with the hint, %q without, want %q", step.name, got, want, step.want)
		}
	}
	stored := hinted.pods[ApiserverSource]["a"]
	if stored.Status.Phase != v1.PodRunning {
		t.Errorf("the hinted RECONCILE does not carry the new status: %q", stored.Status.Phase)
	}
}
