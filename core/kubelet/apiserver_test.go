package kubelet

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/cri/fake"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// The API server's records: the watch delivers the pods changed in an
// instant in creation order (whatever their UIDs), a snapshot lists the
// changed pods still there in creation order and then those deleted in
// UID order, a deleted pod keeps its name, and a UID taken again by a new
// pod is that pod's, in both lists when it happens in one instant.
func TestAPIServerRecords(t *testing.T) {
	clock := sim.NewClock(sim.Epoch)
	rt := fake.New(clock)
	k, err := New(Config{Release: "1.37", Clock: clock, Runtime: rt})
	require.NoError(t, err)
	k.Start()
	create := func(uid, name string) {
		t.Helper()
		_, err := k.CreatePod(&v1.Pod{Metadata: v1.ObjectMeta{UID: uid, Name: name, Namespace: "default"},
			Spec: v1.PodSpec{Containers: []v1.Container{{Name: "app", Image: "nginx:1.25"}}}})
		require.NoError(t, err)
	}
	snapshot := func() []string {
		var out []string
		sn := k.Trace(Marks{}).Snapshots
		for _, p := range sn[len(sn)-1].Pods {
			s := p.Metadata.UID + "=" + p.Metadata.Name
			if p.Deleted {
				s += " (deleted)"
			}
			out = append(out, s)
		}
		return out
	}
	create("u3", "c")
	create("u1", "a")
	create("u2", "b")
	a := k.api
	delivered := func() []string {
		var out []string
		for _, r := range a.dirty {
			if r.dirty && r.pod != nil {
				out = append(out, r.uid)
			}
		}
		return out
	}
	assert.Equal(t, []string{"u3", "u1", "u2"}, delivered(), "dirty before the delivery")
	clock.RunUntil(sim.Epoch, 0)
	assert.Empty(t, a.dirty, "after the delivery")
	assert.Equal(t, []string{"u3=c", "u1=a", "u2=b"}, snapshot())
	ops := map[string][]string{}
	for _, e := range k.Trace(Marks{}).Loop {
		if e.Case == "config" {
			ops[e.Op] = e.Pods
		}
	}
	assert.Equal(t, []string{"default/c", "default/a", "default/b"}, ops["ADD"], "pods added in creation order")

	// Two deletions and a new pod with a deleted UID, in one instant.
	k.At(sim.Epoch.Add(time.Second), "changes", func() {
		require.NoError(t, k.DeletePod("default", "c", nil, true))
		require.NoError(t, k.DeletePod("default", "a", nil, true))
		create("u3", "d")
		k.api.UpdateStatus("u2", &v1.PodStatus{Phase: v1.PodPending, Message: "x"})
	})
	clock.RunUntil(sim.Epoch.Add(time.Second), 0)
	assert.Equal(t, []string{"u2=b", "u3=d", "u1=a (deleted)", "u3=c (deleted)"}, snapshot())
	assert.Equal(t, "default/a", a.name("u1"), "a deleted pod keeps its name")
	assert.Equal(t, "default/d", a.name("u3"))
	assert.Equal(t, "u9", a.name("u9"), "an unknown UID names itself")
	assert.Nil(t, a.Pod("u1"))
	assert.Equal(t, "d", a.Pod("u3").Metadata.Name)
	var names []string
	for _, p := range k.APIPods() {
		names = append(names, p.Metadata.Name)
	}
	assert.Equal(t, []string{"b", "d"}, names, "APIPods in creation order")
	// Status writes in the other order reach the storage in creation order.
	mark := k.Marks()
	k.At(sim.Epoch.Add(2*time.Second), "statuses", func() {
		k.api.UpdateStatus("u3", &v1.PodStatus{Phase: v1.PodPending, Message: "y"})
		k.api.UpdateStatus("u2", &v1.PodStatus{Phase: v1.PodPending, Message: "y"})
	})
	clock.RunUntil(sim.Epoch.Add(2*time.Second), 0)
	var reconciled []string
	for _, e := range k.Trace(mark).Loop {
		if e.Op == "RECONCILE" && reconciled == nil {
			reconciled = e.Pods
		}
	}
	assert.Equal(t, []string{"default/b", "default/d"}, reconciled)
	for _, r := range a.recs {
		assert.False(t, r.changed || r.gone != nil || r.listed || r.dirty, "%s: marks left after the instant", r.uid)
	}
}
