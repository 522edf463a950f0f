package kubefedctl

import (
	"testing"

	"github.com/stretchr/testify/require"

	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	"github.com/kubexplorer/kubexplorer/core/kubefed/simulation"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

const conflict = `Operation cannot be fulfilled on federatedtypeconfigs.core.kubefed.io "configmaps": the object has been modified; please apply your changes to the latest version and try again`

// staleFTC enables configmaps, keeps the FTC as kubefedctl would have read
// it, then writes a newer version of it (another client labels it): the
// read is stale when kubefedctl writes.
func staleFTC(t *testing.T, version string) (*simulation.Simulation, map[string]any) {
	t.Helper()
	s, err := simulation.New(simulation.Options{Version: version})
	require.NoError(t, err)
	_, err = Enable(s.Host, EnableOptions{Name: "configmaps", Release: release.MustParse(version)})
	require.NoError(t, err)
	s.Settle()
	read := s.Host.Peek(v1beta1.Group, "FederatedTypeConfig", v1beta1.DefaultKubeFedNamespace, "configmaps")
	require.NotNil(t, read)
	newer := u.DeepCopyMap(read)
	u.SetLabels(newer, map[string]string{"team": "a"})
	_, err = s.Host.Update(newer)
	require.NoError(t, err)
	return s, read
}

// KubefedctlPatch (v0.8.0, PR #1409): kubefedctl's writes of an FTC it
// read are an update of that read before, so a newer version answers
// Conflict; from v0.8.0 a merge patch applies to the newer version.
func TestWritesOfAStaleFTCByRelease(t *testing.T) {
	key := v1beta1.DefaultKubeFedNamespace + "/configmaps"
	for _, tc := range []struct {
		version  string
		disable  string // disablePropagation's error, "" for none
		enable   string // updateTypeConfig's error
		wantProp string // spec.propagation after disable
	}{
		{"v0.7.0", `Error disabling propagation for FederatedTypeConfig "` + key + `": ` + conflict, conflict, "Enabled"},
		{"v0.8.0", "", "", "Disabled"},
		{"v0.10.0", "", "", "Disabled"},
	} {
		t.Run(tc.version, func(t *testing.T) {
			rel := release.MustParse(tc.version)
			s, read := staleFTC(t, tc.version)
			err := disablePropagation(s.Host, rel, read, key)
			if tc.disable == "" {
				require.NoError(t, err)
			} else {
				require.EqualError(t, err, tc.disable)
			}
			got := s.Host.Peek(v1beta1.Group, "FederatedTypeConfig", v1beta1.DefaultKubeFedNamespace, "configmaps")
			require.Equal(t, tc.wantProp, u.NestedString(got, "spec", "propagation"))
			require.Equal(t, map[string]string{"team": "a"}, u.GetLabels(got), "the newer version's label is kept")

			s, read = staleFTC(t, tc.version)
			spec := u.DeepCopy(u.NestedMap(read, "spec")).(map[string]any)
			spec["propagation"] = "Disabled"
			err = updateTypeConfig(s.Host, rel, read, spec)
			if tc.enable == "" {
				require.NoError(t, err)
			} else {
				require.EqualError(t, err, tc.enable)
			}
			got = s.Host.Peek(v1beta1.Group, "FederatedTypeConfig", v1beta1.DefaultKubeFedNamespace, "configmaps")
			require.Equal(t, tc.wantProp, u.NestedString(got, "spec", "propagation"))
			require.Equal(t, map[string]string{"team": "a"}, u.GetLabels(got))
		})
	}
}

// Without a concurrent change the update before v0.8.0 writes the spec it
// is given over the FTC read.
func TestUpdateTypeConfigReplacesSpecBeforePatch(t *testing.T) {
	s, err := simulation.New(simulation.Options{Version: "v0.7.0"})
	require.NoError(t, err)
	rel := release.MustParse("v0.7.0")
	_, err = Enable(s.Host, EnableOptions{Name: "configmaps", Release: rel})
	require.NoError(t, err)
	s.Settle()
	read := s.Host.Peek(v1beta1.Group, "FederatedTypeConfig", v1beta1.DefaultKubeFedNamespace, "configmaps")
	spec := u.DeepCopy(u.NestedMap(read, "spec")).(map[string]any)
	spec["propagation"] = "Disabled"
	require.NoError(t, updateTypeConfig(s.Host, rel, read, spec))
	got := s.Host.Peek(v1beta1.Group, "FederatedTypeConfig", v1beta1.DefaultKubeFedNamespace, "configmaps")
	require.Equal(t, spec, u.NestedMap(got, "spec"))
	require.NotEqual(t, u.GetResourceVersion(read), u.GetResourceVersion(got))
}
