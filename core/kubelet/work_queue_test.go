package kubelet

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/kubexplorer/kubexplorer/core/sim"
	"github.com/stretchr/testify/assert"
)

func TestWorkQueue(t *testing.T) {
	at := func(s int) time.Time { return sim.Epoch.Add(time.Duration(s) * time.Second) }
	q := newWorkQueue()
	q.Enqueue("a", at(10))
	q.Enqueue("b", at(5))
	q.Enqueue("c", at(7))
	q.Enqueue("a", at(3))  // queued again, earlier
	q.Enqueue("c", at(20)) // queued again, later
	q.Enqueue("d", at(4))
	q.Forget("d")
	due := func(s int) []string { return slices.Sorted(slices.Values(q.GetWork(at(s)))) }
	assert.Empty(t, due(2))
	assert.Equal(t, []string{"a"}, due(3), "the later enqueue replaced the earlier one")
	assert.Equal(t, []string{"b"}, due(10), "a's stale entry and forgotten d are not due")
	_, ok := q.When("a")
	assert.False(t, ok, "taken work leaves the queue")
	when, ok := q.When("c")
	assert.True(t, ok)
	assert.Equal(t, at(20), when)
	assert.Equal(t, []string{"c"}, due(20))
	assert.Empty(t, due(1000))

	// Many pods: every one comes up once, at its time.
	for i := range 200 {
		q.Enqueue(fmt.Sprint(i), at((i*37)%101))
	}
	seen := 0
	for s := 0; s <= 101; s++ {
		for _, uid := range q.GetWork(at(s)) {
			var i int
			fmt.Sscan(uid, &i)
			assert.Equal(t, (i*37)%101, s, uid)
			seen++
		}
	}
	assert.Equal(t, 200, seen)
}
