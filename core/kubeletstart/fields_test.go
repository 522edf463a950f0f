package kubeletstart

import "testing"

// TestConfigFieldKnown pins the per-release field table against
// k8s.io/kubelet/config/v1beta1/types.go of the releases named.
func TestConfigFieldKnown(t *testing.T) {
	for _, tc := range []struct {
		field string
		minor int
		want  bool
	}{
		{"featureGates", 18, true}, {"apiVersion", 18, true},
		{"nodeStatusMaxImages", 18, false}, {"nodeStatusMaxImages", 19, true},
		{"crashLoopBackOff", 31, false}, {"crashLoopBackOff", 32, true},
		{"failCgroupV1", 30, false}, {"failCgroupV1", 31, true},
		{"tlsCurvePreferences", 35, false}, {"tlsCurvePreferences", 36, true},
		{"defaultPodSysctls", 36, false}, {"defaultPodSysctls", 37, true},
		// Never a KubeletConfiguration field.
		{"imagePullProgressDeadline", 37, false}, {"configTrialDuration", 37, false}, {"FeatureGates", 37, false},
	} {
		if got := configFieldKnown(tc.minor, tc.field); got != tc.want {
			t.Errorf("configFieldKnown(%d, %q) = %t, want %t", tc.minor, tc.field, got, tc.want)
		}
	}
	if !isConfigField("defaultPodSysctls") || isConfigField("imagePullProgressDeadline") {
		t.Error("the union must hold every release's fields and nothing else")
	}
}
