package kubelet

import (
	"time"

	"github.com/kubexplorer/kubexplorer/core/internal/minheap"
)

// workQueue holds when each pod is next due for a periodic sync
// (pkg/kubelet/util/queue's basicWorkQueue: Enqueue with a delay, GetWork
// takes the due ones). A heap of due times finds the due pods without
// visiting every queued pod each second; an entry whose pod was queued
// again or forgotten since is dropped when it comes up.
type workQueue struct {
	at    map[string]time.Time
	queue dueHeap
	due   []string // GetWork's answer, reused
}

func newWorkQueue() *workQueue { return &workQueue{at: map[string]time.Time{}} }

// Enqueue makes the pod due at t, replacing an earlier enqueue.
func (q *workQueue) Enqueue(uid string, t time.Time) {
	q.at[uid] = t
	q.queue.push(dueEntry{t, uid})
}

// Forget drops the pod from the queue.
func (q *workQueue) Forget(uid string) { delete(q.at, uid) }

// When says when the pod is due, if it is queued.
func (q *workQueue) When(uid string) (time.Time, bool) {
	t, ok := q.at[uid]
	return t, ok
}

// GetWork removes the pods due at now and returns them, in the order
// they came due. The slice is valid until the next call.
func (q *workQueue) GetWork(now time.Time) []string {
	due := q.due[:0]
	for len(q.queue) > 0 && !q.queue[0].t.After(now) {
		e := q.queue.pop()
		if t, ok := q.at[e.uid]; !ok || !t.Equal(e.t) {
			continue // queued again, or forgotten
		}
		delete(q.at, e.uid)
		due = append(due, e.uid)
	}
	q.due = due
	return due
}

type dueEntry struct {
	t   time.Time
	uid string
}

// Less orders entries by due time.
func (e *dueEntry) Less(f *dueEntry) bool { return e.t.Before(f.t) }

// dueHeap is a binary min-heap by time (minheap: typed, so an entry is
// not boxed as container/heap would).
type dueHeap []dueEntry

func (h *dueHeap) push(e dueEntry) { minheap.Push(h, e) }

func (h *dueHeap) pop() dueEntry { return minheap.Pop(h) }
