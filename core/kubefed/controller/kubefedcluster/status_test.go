package kubefedcluster

import (
	"encoding/json"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
)

// TestStatusByRelease: from v0.9.2 a ready cluster's status has its
// Kubernetes version and the Offline message carries the probe's error.
func TestStatusByRelease(t *testing.T) {
	const now = "2020-01-01T00:00:00Z"
	js := func(m map[string]any) string {
		b, _ := json.Marshal(m)
		return string(b)
	}
	for _, tc := range []struct {
		v    string
		h    Health
		want string
	}{
		{"v0.9.1", HealthOK, `{"conditions":[{"lastProbeTime":"` + now + `","lastTransitionTime":"` + now + `","message":"/healthz responded with ok","reason":"ClusterReady","status":"True","type":"Ready"}]}`},
		{"v0.9.2", HealthOK, `{"conditions":[{"lastProbeTime":"` + now + `","lastTransitionTime":"` + now + `","message":"/healthz responded with ok","reason":"ClusterReady","status":"True","type":"Ready"}],"kubernetesVersion":"v1.22.0"}`},
		{"v0.9.1", HealthUnreachable, `{"conditions":[{"lastProbeTime":"` + now + `","lastTransitionTime":"` + now + `","message":"cluster is not reachable","reason":"ClusterNotReachable","status":"True","type":"Offline"}]}`},
		{"v0.9.2", HealthUnreachable, `{"conditions":[{"lastProbeTime":"` + now + `","lastTransitionTime":"` + now + `","message":"cluster is not reachable: Get \"https://api/healthz\": dial tcp: i/o timeout","reason":"ClusterNotReachable","status":"True","type":"Offline"}]}`},
	} {
		if got := js(Status(release.MustParse(tc.v), tc.h, "v1.22.0", now, nil)); got != tc.want {
			t.Errorf("%s %s:\n got %s\nwant %s", tc.v, tc.h, got, tc.want)
		}
	}
}
