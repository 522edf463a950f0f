package kubelet

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	kubeconfig "github.com/kubexplorer/kubexplorer/core/kubelet/config"
	"github.com/kubexplorer/kubexplorer/core/kubelet/pleg"
	"github.com/kubexplorer/kubexplorer/core/kubelet/prober"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// The cases of syncLoopIteration's select, in source order.
const (
	caseConfig       = "config"
	casePLEG         = "pleg"
	caseSync         = "sync"
	caseLiveness     = "liveness"
	caseReadiness    = "readiness"
	caseStartup      = "startup"
	caseHousekeeping = "housekeeping"
)

var caseOrder = [...]string{caseConfig, casePLEG, caseSync, caseLiveness, caseReadiness, caseStartup, caseHousekeeping}

// Select rules recorded in the loop trace.
const (
	RuleArrival = "arrival order"
	RuleRandom  = "seeded random"
)

type loopMsg struct {
	seq    uint64
	update kubeconfig.PodUpdate
	event  pleg.PodLifecycleEvent
	probe  prober.Update
}

// msgQueue is the buffer of one of the loop's channels: a FIFO that
// reuses its array once it has drained (a slice popped from the front
// keeps dropping its head and reallocates on every refill).
type msgQueue struct {
	msgs []loopMsg
	head int
}

func (q *msgQueue) len() int { return len(q.msgs) - q.head }

// front is the oldest message; the queue must not be empty.
func (q *msgQueue) front() *loopMsg { return &q.msgs[q.head] }

func (q *msgQueue) push(m loopMsg) {
	if q.head > 0 && len(q.msgs) == cap(q.msgs) {
		// Full with a consumed head: slide the live messages down.
		n := copy(q.msgs, q.msgs[q.head:])
		clear(q.msgs[n:])
		q.msgs, q.head = q.msgs[:n], 0
	}
	q.msgs = append(q.msgs, m)
}

func (q *msgQueue) pop() loopMsg {
	m := q.msgs[q.head]
	q.msgs[q.head] = loopMsg{} // drop what it refers to
	q.head++
	if q.head == len(q.msgs) {
		q.msgs, q.head = q.msgs[:0], 0
	}
	return m
}

// syncLoop holds the channels of syncLoopIteration and the runtime-error
// back-off of syncLoop.
type syncLoop struct {
	k         *Kubelet
	queues    [len(caseOrder)]msgQueue // by case, in caseOrder
	seq       uint64
	scheduled bool
	duration  time.Duration
	sleeping  bool
	readySets [1 << len(caseOrder)][]string // by set of ready cases (bit i: caseOrder[i])
	// runFn is l.run as a func value, made once (each use of a method
	// value makes a closure, and the loop wakes for every message).
	runFn func()
}

func newSyncLoop(k *Kubelet) *syncLoop {
	return &syncLoop{k: k, duration: loopBackOffBase}
}

// queue is the buffer of case c.
func (l *syncLoop) queue(c string) *msgQueue {
	for i, x := range caseOrder {
		if x == c {
			return &l.queues[i]
		}
	}
	panic("syncLoop: unknown case " + c)
}

func (l *syncLoop) wake() {
	if l.scheduled || l.sleeping {
		return
	}
	l.scheduled = true
	if l.runFn == nil {
		l.runFn = l.run
	}
	l.k.after(0, phaseLoop, "syncLoop", l.runFn)
}

func (l *syncLoop) push(c string, u prober.Update) {
	l.seq++
	l.queue(c).push(loopMsg{seq: l.seq, probe: u})
	l.wake()
}

func (l *syncLoop) pushConfig(u kubeconfig.PodUpdate) {
	l.seq++
	l.queue(caseConfig).push(loopMsg{seq: l.seq, update: u})
	l.wake()
}

// pushPLEG is the PLEG's channel send; false when the channel is full.
func (l *syncLoop) pushPLEG(e pleg.PodLifecycleEvent) bool {
	q := l.queue(casePLEG)
	if q.len() >= plegChannelCapacity {
		return false
	}
	l.seq++
	q.push(loopMsg{seq: l.seq, event: e})
	l.wake()
	return true
}

// tick is a ticker firing: a ticker channel holds at most one tick.
func (l *syncLoop) tick(c string) {
	q := l.queue(c)
	if q.len() > 0 {
		return
	}
	l.seq++
	q.push(loopMsg{seq: l.seq})
	l.wake()
}

// ready lists the cases with a message, in caseOrder. A list is made once
// per set of cases and shared by the loop entries that record it (entries
// are never changed): there are few sets, and an iteration per sync.
func (l *syncLoop) ready() []string {
	set := 0
	for i := range l.queues {
		if l.queues[i].len() > 0 {
			set |= 1 << i
		}
	}
	if set == 0 {
		return nil
	}
	if out := l.readySets[set]; out != nil {
		return out
	}
	var out []string
	for i, c := range caseOrder {
		if set&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	l.readySets[set] = out
	return out
}

func (l *syncLoop) run() {
	l.scheduled = false
	k := l.k
	for {
		ready := l.ready()
		if len(ready) == 0 {
			return
		}
		if err := k.runtimeErrors(); err != nil {
			k.loopTrace(LoopEntry{Case: "skip", Detail: fmt.Sprintf("Skipping pod synchronization: %v; sleeping %v", err, l.duration), Ready: ready})
			l.sleeping = true
			d := l.duration
			l.duration = min(2*l.duration, loopBackOffMax)
			k.after(d, phaseLoop, "syncLoop wakes", func() {
				l.sleeping = false
				l.run()
			})
			return
		}
		l.duration = loopBackOffBase
		c, rule := l.choose(ready)
		m := l.queue(c).pop()
		l.handle(c, m, LoopEntry{Case: c, Rule: rule, Ready: ready})
	}
}

func (l *syncLoop) choose(ready []string) (string, string) {
	if l.k.cfg.Options.RandomSelect {
		return ready[l.k.rand.Intn(len(ready))], RuleRandom
	}
	best := ready[0]
	for _, c := range ready[1:] {
		if l.queue(c).front().seq < l.queue(best).front().seq {
			best = c
		}
	}
	return best, RuleArrival
}

func (l *syncLoop) handle(c string, m loopMsg, e LoopEntry) {
	k := l.k
	switch c {
	case caseConfig:
		u := m.update
		e.Op = string(u.Op)
		e.Pods = k.podNames(u.Pods)
		var buf [64]byte // the detail, as "%s from %q" formats it
		e.Detail = string(strconv.AppendQuote(append(append(buf[:0], u.Op...), " from "...), u.Source))
		k.loopTrace(e)
		switch u.Op {
		case kubeconfig.ADD:
			k.handlePodAdditions(u.Pods)
		case kubeconfig.UPDATE:
			k.handlePodUpdates(u.Pods)
		case kubeconfig.REMOVE:
			k.handlePodRemoves(u.Pods)
		case kubeconfig.RECONCILE:
			k.handlePodReconcile(u.Pods)
		case kubeconfig.DELETE:
			// DELETE is treated as an UPDATE because of graceful deletion.
			k.handlePodUpdates(u.Pods)
		case kubeconfig.SET:
			k.trace("loop", "Kubelet does not support snapshot update")
		}
	case casePLEG:
		ev := m.event
		e.Detail = string(ev.Type) + " " + short(ev.Data)
		pod := k.managedPod(ev.ID)
		if pod != nil {
			e.Pods = k.onePod(pod)
		} else {
			e.Detail += " (pod not known; ignored)"
			e.Pods = []string{k.api.name(ev.ID)}
		}
		k.loopTrace(e)
		if ev.Type != pleg.ContainerRemoved && pod != nil {
			k.handlePodSyncs([]*v1.Pod{pod})
		}
		if ev.Type == pleg.ContainerDied {
			k.cleanUpContainersInPod(ev.ID, ev.Data)
		}
	case caseSync:
		pods := k.getPodsToSync()
		e.Pods = k.podNames(pods)
		if len(pods) == 0 {
			e.Detail = "no pods due"
		}
		k.loopTrace(e)
		if len(pods) > 0 {
			k.handlePodSyncs(pods)
		}
	case caseLiveness, caseReadiness, caseStartup:
		u := m.probe
		pod := k.managedPod(u.PodUID)
		e.Detail = u.Result.String() + " " + short(u.ContainerID)
		if pod == nil {
			e.Detail += " (pod not known)"
			k.loopTrace(e)
			return
		}
		e.Pods = k.onePod(pod)
		switch c {
		case caseLiveness:
			if u.Result != prober.Failure {
				e.Detail += " (only failures sync)"
				k.loopTrace(e)
				return
			}
		case caseReadiness:
			k.status.SetContainerReadiness(pod, u.ContainerID, u.Result == prober.Success)
		case caseStartup:
			k.status.SetContainerStartup(pod, u.ContainerID, u.Result == prober.Success)
		}
		k.loopTrace(e)
		k.handlePodSyncs([]*v1.Pod{pod})
	case caseHousekeeping:
		if !k.storage.SourcesReady(kubeconfig.ApiserverSource) {
			e.Detail = "skipped: sources aren't ready yet"
			k.loopTrace(e)
			return
		}
		k.loopTrace(e)
		k.handlePodCleanups()
	}
}

func (k *Kubelet) podNames(pods []*v1.Pod) []string {
	out := make([]string, 0, len(pods))
	for _, p := range pods {
		out = append(out, k.fullName(p))
	}
	return out
}

func short(id string) string {
	id = strings.TrimPrefix(id, "containerd://")
	if len(id) > 13 {
		return id[:13]
	}
	return id
}

// probeResult routes readiness and startup results: through the loop in
// newer kubelets, straight into the status manager in older ones.
func (k *Kubelet) probeResult(c string, u prober.Update) {
	if k.rel.Has(release.ProbeResultsThroughLoop) {
		k.loop.push(c, u)
		return
	}
	pod := k.managedPod(u.PodUID)
	if pod == nil {
		return
	}
	if c == caseReadiness {
		k.status.SetContainerReadiness(pod, u.ContainerID, u.Result == prober.Success)
	} else {
		k.status.SetContainerStartup(pod, u.ContainerID, u.Result == prober.Success)
	}
	k.trace("prober", fmt.Sprintf("%s %s %s → status manager", c, k.fullName(pod), u.Result))
}
