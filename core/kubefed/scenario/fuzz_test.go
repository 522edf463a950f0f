package scenario

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzScenario decodes arbitrary scenario text and runs short scenarios:
// errors are fine, panics are not.
func FuzzScenario(f *testing.F) {
	files, _ := filepath.Glob("../../../examples/kubefed/*.yaml")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(string(data))
		}
	}
	f.Add("steps:\n  - advance: 5s\n    bogus: 1\n")
	f.Add("controlPlane: {scope: Namespaced, version: v0.3.0}\nclusters: [{name: c1, health: notok}]\nsteps: [{restart: true}, {clusterOp: {name: c1, health: ok}}]\n")
	f.Add("steps: [{delete: {kind: FederatedTypeConfig, name: x}}]\n")
	f.Fuzz(func(t *testing.T, text string) {
		sc, err := Parse(text)
		if err != nil || len(sc.Steps) > 6 || len(sc.Clusters) > 6 {
			return
		}
		tr, err := Run(sc)
		if err == nil {
			_ = tr.Text()
		}
	})
}
