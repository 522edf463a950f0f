// Package scenariotest runs kubefed scenario transcripts (datadriven files)
// for the tests of every package a scenario exercises: the transcripts of a
// controller live in its own testdata/, so its tests state its behaviour.
//
// Commands:
//
//	run [v=N] [grep=TEXT]  the text transcript (with grep, only the lines
//	                       containing TEXT and the step headers)
//	conditions             the Propagation condition of every federated
//	                       resource after each step, with its times
//	parse                  "ok" or the parse error
//
// Rewrite expected output with: go test ./PKG -rewrite
package scenariotest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/kubexplorer/kubexplorer/core/kubefed/scenario"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// Walk runs every transcript under dir.
func Walk(t *testing.T, dir string) {
	datadriven.Walk(t, dir, func(t *testing.T, path string) {
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			return Command(t, d)
		})
	})
}

// Command runs one datadriven command.
func Command(t *testing.T, d *datadriven.TestData) string {
	switch d.Cmd {
	case "run", "conditions":
		sc, err := scenario.Parse(d.Input)
		if err != nil {
			return "parse error: " + err.Error() + "\n"
		}
		if d.HasArg("v") {
			d.ScanArgs(t, "v", &sc.LogVerbosity)
		}
		tr, err := scenario.Run(sc)
		if err != nil {
			return "run error: " + err.Error() + "\n"
		}
		if d.Cmd == "conditions" {
			return conditions(tr)
		}
		out := tr.Text()
		if d.HasArg("grep") {
			var pat string
			d.ScanArgs(t, "grep", &pat)
			var keep []string
			for _, l := range strings.Split(out, "\n") {
				if strings.Contains(l, pat) || strings.HasPrefix(l, "== ") {
					keep = append(keep, l)
				}
			}
			out = strings.Join(keep, "\n") + "\n"
		}
		return out
	case "parse":
		if _, err := scenario.Parse(d.Input); err != nil {
			return "error: " + err.Error() + "\n"
		}
		return "ok\n"
	default:
		return fmt.Sprintf("unknown command %q\n", d.Cmd)
	}
}

// conditions lists the Propagation condition of every federated resource
// after each step, with the times the text transcript leaves out.
func conditions(tr *scenario.Transcript) string {
	var b strings.Builder
	for _, st := range tr.Steps {
		for _, f := range st.Snapshot.FederatedResources {
			for _, c := range u.NestedSlice(f.Status, "conditions") {
				cm, _ := c.(map[string]any)
				fmt.Fprintf(&b, "step %d at %s: %s %s/%s %v=%v", st.Step, st.Snapshot.Time, f.Kind, f.Namespace, f.Name, cm["type"], cm["status"])
				if r, ok := cm["reason"]; ok {
					fmt.Fprintf(&b, "/%v", r)
				}
				fmt.Fprintf(&b, " lastTransitionTime=%v lastUpdateTime=%v\n", cm["lastTransitionTime"], cm["lastUpdateTime"])
			}
		}
	}
	return b.String()
}
