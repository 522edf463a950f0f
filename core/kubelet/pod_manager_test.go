package kubelet

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// The pod manager lists pods in the order they were added (a re-added pod
// goes last), counts those with an active deadline through replacements
// and removals, and getPodsToSync hands out the due pods and those past
// their deadline in that order, whatever order they came due in.
func TestPodManager(t *testing.T) {
	deadline := int64(30)
	pod := func(uid string, withDeadline bool) *v1.Pod {
		p := &v1.Pod{Metadata: v1.ObjectMeta{UID: uid, Name: uid}}
		if withDeadline {
			p.Spec.ActiveDeadlineSeconds = &deadline
			p.Status.StartTime = v1.NewTime(sim.Epoch)
		}
		return p
	}
	type step struct {
		set     *v1.Pod
		remove  string
		due     []string // enqueued due now, in this order
		advance time.Duration
		// what follows is checked after the step
		order     []string
		deadlines int
		toSync    []string
	}
	uids := func(pods []*v1.Pod) []string {
		var out []string
		for _, p := range pods {
			out = append(out, p.Metadata.UID)
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"due in pod-manager order", []step{
			{set: pod("a", false), order: []string{"a"}},
			{set: pod("b", false), order: []string{"a", "b"}},
			{set: pod("c", false), order: []string{"a", "b", "c"}},
			{due: []string{"c", "a"}, order: []string{"a", "b", "c"}, toSync: []string{"a", "c"}},
			{order: []string{"a", "b", "c"}},
		}},
		{"re-added goes last", []step{
			{set: pod("a", false)},
			{set: pod("b", false)},
			{remove: "a", order: []string{"b"}},
			{set: pod("a", false), order: []string{"b", "a"}},
			{due: []string{"a", "b"}, order: []string{"b", "a"}, toSync: []string{"b", "a"}},
		}},
		{"removed pods are not synced", []step{
			{set: pod("a", false)},
			{set: pod("b", false)},
			{due: []string{"b", "a"}, remove: "a", order: []string{"b"}, toSync: []string{"b"}},
		}},
		{"deadlines counted", []step{
			{set: pod("a", true), deadlines: 1},
			{set: pod("b", false), deadlines: 1},
			{set: pod("b", true), deadlines: 2},
			{set: pod("a", false), deadlines: 1},
			{remove: "b", deadlines: 0, order: []string{"a"}},
			{remove: "b", deadlines: 0, order: []string{"a"}},
		}},
		{"past the deadline with due pods", []step{
			{set: pod("a", false)},
			{set: pod("b", true), deadlines: 1},
			{set: pod("c", false), deadlines: 1},
			{due: []string{"c"}, deadlines: 1, toSync: []string{"c"}},
			{advance: 30 * time.Second, due: []string{"c", "a"}, deadlines: 1, toSync: []string{"a", "b", "c"}},
			{deadlines: 1, toSync: []string{"b"}},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := sim.NewClock(sim.Epoch)
			k := &Kubelet{clock: clock, podManager: map[string]*podRecord{}, workQueue: newWorkQueue()}
			for i, s := range tc.steps {
				clock.Advance(s.advance)
				if s.set != nil {
					k.setPod(s.set)
				}
				for _, uid := range s.due {
					k.workQueue.Enqueue(uid, clock.Now())
				}
				if s.remove != "" {
					k.removePod(s.remove)
				}
				if s.order != nil {
					assert.Equal(t, s.order, uids(k.pods()), "step %d: order", i)
				}
				assert.Equal(t, s.deadlines, k.deadlinePods, "step %d: pods with a deadline", i)
				assert.Equal(t, s.toSync, uids(k.getPodsToSync()), "step %d: pods to sync", i)
			}
		})
	}
}
