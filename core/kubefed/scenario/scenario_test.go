package scenario

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// TestTranscripts runs every scenario in testdata/ and compares the text
// transcript. Rewrite with: go test ./core/kubefed/scenario -rewrite
func TestTranscripts(t *testing.T) {
	datadriven.Walk(t, "testdata", func(t *testing.T, path string) {
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			switch d.Cmd {
			case "run":
				sc, err := Parse(d.Input)
				if err != nil {
					return "parse error: " + err.Error() + "\n"
				}
				if d.HasArg("v") {
					var v int
					d.ScanArgs(t, "v", &v)
					sc.LogVerbosity = v
				}
				tr, err := Run(sc)
				if err != nil {
					return "run error: " + err.Error() + "\n"
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
			case "conditions":
				// The Propagation condition of every federated resource
				// after each step, with the times the text transcript
				// leaves out.
				sc, err := Parse(d.Input)
				if err != nil {
					return "parse error: " + err.Error() + "\n"
				}
				tr, err := Run(sc)
				if err != nil {
					return "run error: " + err.Error() + "\n"
				}
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
			case "parse":
				_, err := Parse(d.Input)
				if err != nil {
					return "error: " + err.Error() + "\n"
				}
				return "ok\n"
			default:
				return fmt.Sprintf("unknown command %q\n", d.Cmd)
			}
		})
	})
}
