package scenario

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubelet"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// TextOptions choose the sections of a text transcript.
type TextOptions struct {
	Events    bool
	Pods      bool
	Loop      bool
	Workers   bool
	CRI       bool
	Log       bool
	Container bool // container states in pod lines
	// Status adds, under each pod line, the status fields the pod line
	// leaves out: message, qosClass, host IPs, observed generations, each
	// condition, each container's messages and last state.
	Status bool
}

// Offset formats a time as seconds since the start of the run.
func Offset(t time.Time) string {
	d := t.Sub(sim.Epoch)
	if d%time.Second == 0 {
		return fmt.Sprintf("t=%d", int64(d/time.Second))
	}
	return fmt.Sprintf("t=%.3f", d.Seconds())
}

type line struct {
	t     time.Time
	order int
	seq   int
	text  string
}

// Text renders what happened, instant by instant, in a stable form used by
// the CLI and the transcript tests.
func Text(s *Sim, o TextOptions) string {
	tr := s.Kubelet.Trace(kubelet.Marks{})
	var lines []line
	add := func(t time.Time, order int, text string) {
		lines = append(lines, line{t: t, order: order, seq: len(lines), text: text})
	}
	if o.CRI {
		for _, c := range s.Runtime.Calls() {
			if c.Read {
				continue
			}
			s := "cri " + c.Method
			if c.Target != "" {
				s += " " + c.Target
			}
			if c.Error != "" {
				s += " error: " + c.Error
			}
			add(c.Time, 0, s)
		}
	}
	if o.Loop {
		for _, e := range tr.Loop {
			s := "loop " + e.Case
			if e.Detail != "" {
				s += " " + e.Detail
			}
			if len(e.Pods) > 0 {
				s += " [" + strings.Join(e.Pods, " ") + "]"
			}
			add(e.Time, 1, s)
		}
	}
	if o.Workers {
		for _, e := range tr.Workers {
			s := fmt.Sprintf("worker %s %s %s", e.Pod, e.Work, e.Step)
			if e.Detail != "" {
				s += ": " + e.Detail
			}
			if e.Error != "" {
				s += " error=" + e.Error
			}
			if e.Requeue != "" {
				s += " requeue=" + e.Requeue
			}
			add(e.Time, 1, s)
		}
	}
	if o.Log {
		for _, e := range tr.Log {
			add(e.Time, 1, e.Source+": "+e.Text)
		}
	}
	if o.Events {
		for _, e := range tr.Events {
			obj := e.InvolvedObject.Name
			if e.InvolvedObject.FieldPath != "" {
				obj += " " + e.InvolvedObject.FieldPath
			}
			add(e.Time, 2, fmt.Sprintf("event %s %s %s: %s", e.Type, e.Reason, obj, e.Message))
		}
	}
	if o.Pods {
		for _, sn := range tr.Snapshots {
			for _, p := range sn.Pods {
				add(sn.Time, 3, PodLine(p, o.Container))
				if o.Status && !p.Deleted {
					for _, l := range StatusLines(p.Status) {
						add(sn.Time, 3, "  "+l)
					}
				}
			}
		}
	}
	sort.SliceStable(lines, func(i, j int) bool {
		a, b := lines[i], lines[j]
		if !a.t.Equal(b.t) {
			return a.t.Before(b.t)
		}
		return a.order < b.order
	})
	var b strings.Builder
	var last time.Time
	for i, l := range lines {
		if i == 0 || !l.t.Equal(last) {
			fmt.Fprintf(&b, "%s\n", Offset(l.t))
			last = l.t
		}
		fmt.Fprintf(&b, "  %s\n", l.text)
	}
	return b.String()
}

// PodLine is one pod as `kubectl get pods` would show it, plus its phase
// and, optionally, its container states.
func PodLine(p kubelet.PodView, containers bool) string {
	if p.Deleted {
		return fmt.Sprintf("pod %s deleted", p.Metadata.Name)
	}
	s := fmt.Sprintf("pod %s %s %s %s phase=%s", p.Metadata.Name, p.Kubectl.Status, p.Kubectl.Ready, p.Kubectl.Restarts, p.Status.Phase)
	if p.Status.Reason != "" {
		s += " reason=" + p.Status.Reason
	}
	if !containers {
		return s
	}
	for _, c := range append(append([]v1.ContainerStatus(nil), p.Status.InitContainerStatuses...), p.Status.ContainerStatuses...) {
		s += " " + c.Name + ":" + StateString(c.State)
		if c.Ready {
			s += "(ready)"
		}
		if c.RestartCount > 0 {
			s += fmt.Sprintf("#%d", c.RestartCount)
		}
	}
	var conds []string
	for _, c := range p.Status.Conditions {
		if c.Status != v1.ConditionTrue {
			conds = append(conds, "!"+c.Type)
		}
	}
	if len(conds) > 0 {
		s += " " + strings.Join(conds, ",")
	}
	return s
}

// StateString is a compact container state.
func StateString(s v1.ContainerState) string {
	switch {
	case s.Running != nil:
		return "Running"
	case s.Terminated != nil:
		return fmt.Sprintf("Terminated(%s,%d)", s.Terminated.Reason, s.Terminated.ExitCode)
	case s.Waiting != nil:
		return "Waiting(" + s.Waiting.Reason + ")"
	}
	return "?"
}

// StatusLines are the status fields a pod line leaves out, one line for
// the pod, one per condition and one per container.
func StatusLines(s v1.PodStatus) []string {
	var out []string
	l := "status qosClass=" + s.QOSClass
	if s.Message != "" {
		l += fmt.Sprintf(" message=%q", s.Message)
	}
	if s.HostIP != "" {
		l += " hostIP=" + s.HostIP
	}
	if len(s.HostIPs) > 0 {
		ips := make([]string, len(s.HostIPs))
		for i, ip := range s.HostIPs {
			ips[i] = ip.IP
		}
		l += " hostIPs=" + strings.Join(ips, ",")
	}
	if s.ObservedGeneration != 0 {
		l += fmt.Sprintf(" observedGeneration=%d", s.ObservedGeneration)
	}
	out = append(out, l)
	for _, c := range s.Conditions {
		l := "condition " + c.Type + "=" + c.Status
		if c.Reason != "" {
			l += " reason=" + c.Reason
		}
		if c.Message != "" {
			l += fmt.Sprintf(" message=%q", c.Message)
		}
		if c.ObservedGeneration != 0 {
			l += fmt.Sprintf(" observedGeneration=%d", c.ObservedGeneration)
		}
		out = append(out, l)
	}
	for _, c := range append(append([]v1.ContainerStatus(nil), s.InitContainerStatuses...), s.ContainerStatuses...) {
		l := "container " + c.Name + " " + StateString(c.State)
		if w := c.State.Waiting; w != nil && w.Message != "" {
			l += fmt.Sprintf(" message=%q", w.Message)
		}
		if t := c.State.Terminated; t != nil && t.Message != "" {
			l += fmt.Sprintf(" message=%q", t.Message)
		}
		if t := c.LastTerminationState.Terminated; t != nil {
			l += " last=" + StateString(c.LastTerminationState)
		}
		l += fmt.Sprintf(" restarts=%d", c.RestartCount)
		out = append(out, l)
	}
	return out
}
