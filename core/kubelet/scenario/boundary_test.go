package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cockroachdb/datadriven"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubelet/features"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
)

// boundary plays the directive's scenario at the release before a change
// and at the change's first release, and prints both transcripts. A change
// that follows a feature gate no release turns on by default (alpha only)
// is played with the gate on wherever the release knows it. The test fails
// when the two transcripts are the same: the scenario must show the change.
func boundary(t *testing.T, d *datadriven.TestData) string {
	var name string
	d.ScanArgs(t, "change", &name)
	c, ok := release.ByName(name)
	require.True(t, ok, "unknown change %q", name)
	in := release.Lookup(c)
	var out [2]string
	for i, minor := range []int{in.Since - 1, in.Since} {
		rel := fmt.Sprintf("1.%d", minor)
		data := replaceRelease(d.Input, rel)
		if in.Gate != "" && d.HasArg("gate") {
			if _, _, err := features.FromCatalog(rel, map[string]bool{in.Gate: true}); err == nil {
				data = setGate(data, in.Gate)
			}
		}
		out[i] = play(t, d, []byte(data))
	}
	if out[0] == out[1] {
		t.Errorf("%s: the scenario plays the same at 1.%d and 1.%d", name, in.Since-1, in.Since)
	}
	return fmt.Sprintf("--- 1.%d\n%s--- 1.%d\n%s", in.Since-1, out[0], in.Since, out[1])
}

// setGate turns a gate on in a scenario (which must not set featureGates).
func setGate(s, gate string) string {
	return fmt.Sprintf("featureGates: {%s: true}\n%s", gate, s)
}

// Every change of the registry has its boundary transcript, named after it.
func TestEveryChangeHasABoundaryTest(t *testing.T) {
	for _, c := range release.All() {
		in := release.Lookup(c)
		b, err := os.ReadFile(filepath.Join("testdata", "releases", in.Name))
		require.NoError(t, err, "change %s has no boundary transcript", in.Name)
		require.Contains(t, string(b), "boundary change="+in.Name, in.Name)
	}
	entries, err := os.ReadDir(filepath.Join("testdata", "releases"))
	require.NoError(t, err)
	for _, e := range entries {
		_, ok := release.ByName(e.Name())
		require.True(t, ok, "testdata/releases/%s names no change", e.Name())
	}
}
