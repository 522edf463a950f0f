package kuberuntime

import (
	"slices"
	"time"

	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// terminationOrdering is newTerminationOrdering: a sidecar stops after
// every regular container and after the sidecars defined after it; a
// container that is not running is already terminated.
type terminationOrdering struct {
	w       kubecontainer.Waiter
	prereqs map[string][]string
	done    map[string]bool
	waiting []*turnWaiter
}

type turnWaiter struct {
	name  string
	start time.Time
	then  func(time.Duration)
	fired bool
}

func newTerminationOrdering(w kubecontainer.Waiter, pod *v1.Pod, running []*kubecontainer.Status) *terminationOrdering {
	o := &terminationOrdering{w: w, prereqs: map[string][]string{}, done: map[string]bool{}}
	isRunning := func(name string) bool {
		return slices.ContainsFunc(running, func(s *kubecontainer.Status) bool { return s.Name == name })
	}
	var mains []string
	for _, c := range pod.Spec.Containers {
		mains = append(mains, c.Name)
		o.done[c.Name] = !isRunning(c.Name)
	}
	previous := ""
	for i := len(pod.Spec.InitContainers) - 1; i >= 0; i-- {
		c := &pod.Spec.InitContainers[i]
		o.done[c.Name] = !isRunning(c.Name)
		if !v1.IsRestartableInitContainer(c) {
			continue
		}
		o.prereqs[c.Name] = append(o.prereqs[c.Name], mains...)
		if previous != "" {
			o.prereqs[c.Name] = append(o.prereqs[c.Name], previous)
		}
		previous = c.Name
	}
	return o
}

func (o *terminationOrdering) ready(name string) bool {
	for _, p := range o.prereqs[name] {
		if !o.done[p] {
			return false
		}
	}
	return true
}

// turn is the container's waitForTurn: it ends when the containers before
// it have exited, or when its grace period runs out.
func (o *terminationOrdering) turn(name string) waitTurn {
	return func(grace int64, then func(time.Duration)) {
		if o.ready(name) {
			then(0)
			return
		}
		tw := &turnWaiter{name: name, start: o.w.Now(), then: then}
		o.waiting = append(o.waiting, tw)
		o.w.Wait(time.Duration(grace)*time.Second, func() { o.fire(tw) })
	}
}

func (o *terminationOrdering) fire(tw *turnWaiter) {
	if tw.fired {
		return
	}
	tw.fired = true
	tw.then(o.w.Now().Sub(tw.start))
}

// terminated marks a container exited and lets the waiters whose turn has
// come go on, in the order they began waiting.
func (o *terminationOrdering) terminated(name string) {
	o.done[name] = true
	var still []*turnWaiter
	var due []*turnWaiter
	for _, tw := range o.waiting {
		switch {
		case tw.fired:
		case o.ready(tw.name):
			due = append(due, tw)
		default:
			still = append(still, tw)
		}
	}
	o.waiting = still
	for _, tw := range due {
		o.fire(tw)
	}
}
