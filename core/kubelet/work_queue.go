package kubelet

import "time"

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

// dueHeap is a binary min-heap by time (typed, so an entry is not boxed
// as container/heap would).
type dueHeap []dueEntry

func (h *dueHeap) push(e dueEntry) {
	*h = append(*h, e)
	q := *h
	for i := len(q) - 1; i > 0; {
		up := (i - 1) / 2
		if !q[i].t.Before(q[up].t) {
			break
		}
		q[i], q[up] = q[up], q[i]
		i = up
	}
}

func (h *dueHeap) pop() dueEntry {
	q := *h
	top := q[0]
	n := len(q) - 1
	q[0] = q[n]
	q[n] = dueEntry{}
	q = q[:n]
	for i := 0; ; {
		least, l, r := i, 2*i+1, 2*i+2
		if l < n && q[l].t.Before(q[least].t) {
			least = l
		}
		if r < n && q[r].t.Before(q[least].t) {
			least = r
		}
		if least == i {
			break
		}
		q[i], q[least] = q[least], q[i]
		i = least
	}
	*h = q
	return top
}
