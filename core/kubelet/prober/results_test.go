package prober

import (
	"reflect"
	"testing"
)

// TestResultsManagerReportsChangesOnly: the sync loop hears of a result
// only when it is new or differs from the cached one.
func TestResultsManagerReportsChangesOnly(t *testing.T) {
	m := NewResultsManager()
	var got []Update
	m.OnUpdate = func(u Update) { got = append(got, u) }
	m.Set("c1", Success, "u")
	m.Set("c1", Success, "u")
	m.Set("c1", Failure, "u")
	m.Set("c2", Failure, "u")
	want := []Update{{"c1", Success, "u"}, {"c1", Failure, "u"}, {"c2", Failure, "u"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("updates %v, want %v", got, want)
	}
	if r, ok := m.Get("c1"); !ok || r != Failure {
		t.Errorf("Get c1: %v %v", r, ok)
	}
	m.Remove("c1")
	if _, ok := m.Get("c1"); ok {
		t.Error("Remove kept the result")
	}
	m.Set("c1", Failure, "u")
	if len(got) != 4 {
		t.Error("a result set after Remove is new")
	}
}

func TestNames(t *testing.T) {
	for r, want := range map[Result]string{Success: "Success", Failure: "Failure", Unknown: "UNKNOWN"} {
		if r.String() != want {
			t.Errorf("%d: %q, want %q", r, r.String(), want)
		}
	}
	for p, want := range map[ProbeType]string{Liveness: "liveness", Readiness: "readiness", Startup: "startup"} {
		if p.Lower() != want {
			t.Errorf("%v: %q", p, p.Lower())
		}
	}
}
