package scenario

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/simulation"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// Text renders a transcript for people and for transcript tests.
func (t *Transcript) Text() string {
	var b strings.Builder
	if t.Name != "" {
		fmt.Fprintf(&b, "# %s\n", t.Name)
	}
	o := t.Options
	fmt.Fprintf(&b, "control plane: kubefed %s, scope %s, namespace %s, webhook %v\n", o.Version, o.Scope, o.KubeFedNamespace, o.WebhookEnabled())
	writeStep(&b, "setup", &t.Setup, t.LogVerbosity)
	for i := range t.Steps {
		s := &t.Steps[i]
		title := fmt.Sprintf("step %d (line %d): %s", s.Step, s.Line, s.Action)
		writeStep(&b, title, s, t.LogVerbosity)
	}
	return b.String()
}

func writeStep(b *strings.Builder, title string, s *StepResult, verbosity int) {
	fmt.Fprintf(b, "\n== %s\n", title)
	if s.Note != "" {
		fmt.Fprintf(b, "note: %s\n", s.Note)
	}
	for _, l := range s.Output {
		fmt.Fprintf(b, "%s\n", l)
	}
	if s.Error != "" {
		fmt.Fprintf(b, "error: %s\n", s.Error)
	}
	var logs []string
	for _, l := range s.Logs {
		if l.Verbosity <= verbosity {
			logs = append(logs, l.Text())
		}
	}
	if len(logs) > 0 {
		b.WriteString("-- log\n")
		for _, l := range logs {
			fmt.Fprintf(b, "%s\n", l)
		}
	}
	if len(s.Events) > 0 {
		b.WriteString("-- events\n")
		for _, e := range s.Events {
			fmt.Fprintf(b, "%s\n", EventText(&e))
		}
	}
	writeState(b, s.Snapshot)
}

// EventText renders an event like `kubectl get events` would summarise it.
func EventText(e *util.Event) string {
	return fmt.Sprintf("%s %s %s: %s (count %d, %s)", e.Type, e.Reason, e.InvolvedObject.String(), e.Message, e.Count, e.Source)
}

func writeState(b *strings.Builder, snap *simulation.Snapshot) {
	if snap == nil {
		return
	}
	fmt.Fprintf(b, "-- state at %s (+%s)\n", snap.Time, snap.Elapsed)
	m := snap.ControllerManager
	if m.Running {
		fmt.Fprintf(b, "controller-manager: running (starts %d)\n", m.Starts)
	} else {
		fmt.Fprintf(b, "controller-manager: exited (%s), restart at %s\n", m.ExitReason, m.NextStart)
	}
	for _, f := range snap.FTCs {
		fmt.Fprintf(b, "ftc %s/%s gen=%d", f.Namespace, f.Name, f.Generation)
		if f.Status != nil {
			fmt.Fprintf(b, " status={observedGeneration:%d propagationController:%s statusController:%s}",
				u.NestedInt64(f.Status, "observedGeneration"), u.NestedString(f.Status, "propagationController"), u.NestedString(f.Status, "statusController"))
		} else {
			b.WriteString(" status=<none>")
		}
		fmt.Fprintf(b, " finalizers=[%s]", strings.Join(f.Finalizers, ","))
		if f.DeletionTimestamp != "" {
			fmt.Fprintf(b, " deletionTimestamp=%s", f.DeletionTimestamp)
		}
		b.WriteString("\n")
	}
	var running []string
	for _, c := range snap.Controllers {
		running = append(running, fmt.Sprintf("%s(%s %s)", c.Key, c.Type, c.Kind))
	}
	fmt.Fprintf(b, "running: [%s]\n", strings.Join(running, " "))
	for _, q := range snap.Queues {
		if len(q.Pending) == 0 && q.Current == "" {
			continue
		}
		var items []string
		for _, p := range q.Pending {
			it := fmt.Sprintf("%s@%s", p.Key, p.At.UTC().Format("15:04:05.000"))
			if p.Backoff != "" {
				it += "(backoff " + p.Backoff + ")"
			}
			items = append(items, it)
		}
		cur := ""
		if q.Current != "" {
			cur = " busy with " + q.Current
		}
		fmt.Fprintf(b, "queue %s:%s [%s]\n", q.Controller, cur, strings.Join(items, " "))
	}
	for _, f := range snap.FederatedResources {
		fmt.Fprintf(b, "fed %s %s gen=%d finalizers=[%s]", f.Kind, qualified(f.Namespace, f.Name), f.Generation, strings.Join(f.Finalizers, ","))
		if f.DeletionTimestamp != "" {
			b.WriteString(" deleting")
		}
		if f.Status != nil {
			fmt.Fprintf(b, " observedGeneration=%d", u.NestedInt64(f.Status, "observedGeneration"))
			for _, c := range u.NestedSlice(f.Status, "conditions") {
				cm, _ := c.(map[string]any)
				fmt.Fprintf(b, " %s=%v", cm["type"], cm["status"])
				if r, ok := cm["reason"]; ok {
					fmt.Fprintf(b, "/%v", r)
				}
			}
			var cl []string
			for _, c := range u.NestedSlice(f.Status, "clusters") {
				cm, _ := c.(map[string]any)
				s := fmt.Sprint(cm["name"])
				if st, ok := cm["status"]; ok {
					s += ":" + fmt.Sprint(st)
				}
				if rs, ok := cm["remoteStatus"]; ok {
					s += ":remoteStatus=" + string(u.Marshal(rs))
				}
				cl = append(cl, s)
			}
			fmt.Fprintf(b, " clusters=[%s]", strings.Join(cl, " "))
		} else {
			b.WriteString(" status=<none>")
		}
		b.WriteString("\n")
	}
	for _, c := range snap.Clusters {
		state := "not joined"
		if c.Joined {
			state = "NotReady"
			if c.Ready {
				state = "Ready"
			}
		}
		fmt.Fprintf(b, "cluster %s: %s health=%s labels=%s", c.Name, state, c.Health, labelsText(c.Labels))
		if c.Joined && !c.Ready {
			// Why it is not ready: the KubeFedCluster's conditions.
			var conds []string
			for _, x := range c.Conditions {
				cm, _ := x.(map[string]any)
				conds = append(conds, fmt.Sprintf("%v=%v/%v", cm["type"], cm["status"], cm["reason"]))
			}
			fmt.Fprintf(b, " conditions=[%s]", strings.Join(conds, " "))
		}
		b.WriteString("\n")
		for _, o := range c.Objects {
			fmt.Fprintf(b, "  %s\n", ObjectText(o))
		}
	}
}

func labelsText(l map[string]string) string {
	keys := make([]string, 0, len(l))
	for k := range l {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, k+"="+l[k])
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// ObjectText renders a member object on one line: kind, name, labels,
// annotations, finalizers and every top-level field but metadata.
func ObjectText(o map[string]any) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", u.GetKind(o), qualified(u.GetNamespace(o), u.GetName(o)))
	if l := u.GetLabels(o); len(l) > 0 {
		fmt.Fprintf(&b, " labels=%s", labelsText(l))
	}
	if a := u.GetAnnotations(o); len(a) > 0 {
		fmt.Fprintf(&b, " annotations=%s", labelsText(a))
	}
	if f := u.GetFinalizers(o); len(f) > 0 {
		fmt.Fprintf(&b, " finalizers=[%s]", strings.Join(f, ","))
	}
	if u.GetDeletionTimestamp(o) != "" {
		b.WriteString(" deleting")
	}
	if g := u.GetGeneration(o); g > 0 {
		fmt.Fprintf(&b, " gen=%d", g)
	}
	for _, k := range u.SortedKeys(o) {
		switch k {
		case "metadata", "kind":
			continue
		}
		fmt.Fprintf(&b, " %s=%s", k, u.Marshal(o[k]))
	}
	return b.String()
}
