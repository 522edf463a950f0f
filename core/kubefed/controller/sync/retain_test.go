package sync

import (
	"testing"

	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// TestRetainServiceFieldsByRelease: an update keeps the member Service's
// healthCheckNodePort from v0.6.1 and its clusterIPs from v0.8.0; clusterIP
// always.
func TestRetainServiceFieldsByRelease(t *testing.T) {
	member := map[string]any{
		"apiVersion": "v1", "kind": "Service",
		"metadata": map[string]any{"name": "s", "namespace": "n", "resourceVersion": "7"},
		"spec": map[string]any{
			"type": "LoadBalancer", "externalTrafficPolicy": "Local",
			"clusterIP": "10.0.0.9", "clusterIPs": []any{"10.0.0.9"},
			"healthCheckNodePort": int64(31000),
		},
	}
	for _, tc := range []struct {
		v              string
		hc, clusterIPs bool
	}{
		{"v0.6.0", false, false},
		{"v0.6.1", true, false},
		{"v0.7.0", true, false},
		{"v0.8.0", true, true},
	} {
		desired := map[string]any{
			"apiVersion": "v1", "kind": "Service",
			"metadata": map[string]any{"name": "s", "namespace": "n"},
			"spec":     map[string]any{"type": "LoadBalancer", "externalTrafficPolicy": "Local"},
		}
		if err := retainClusterFields(release.MustParse(tc.v), "Service", desired, member, map[string]any{}); err != nil {
			t.Fatal(err)
		}
		if ip, _ := u.Nested(desired, "spec", "clusterIP"); ip != "10.0.0.9" {
			t.Errorf("%s: clusterIP %v", tc.v, ip)
		}
		if _, ok := u.Nested(desired, "spec", "healthCheckNodePort"); ok != tc.hc {
			t.Errorf("%s: healthCheckNodePort kept %v, want %v", tc.v, ok, tc.hc)
		}
		if _, ok := u.Nested(desired, "spec", "clusterIPs"); ok != tc.clusterIPs {
			t.Errorf("%s: clusterIPs kept %v, want %v", tc.v, ok, tc.clusterIPs)
		}
		if u.GetResourceVersion(desired) != "7" {
			t.Errorf("%s: resourceVersion %q", tc.v, u.GetResourceVersion(desired))
		}
	}
}

// TestRecoverableByRelease: ClientRetrievalFailed is retried from v0.9.2;
// the other failures as before, the rest never.
func TestRecoverableByRelease(t *testing.T) {
	for _, tc := range []struct {
		v, status string
		want      bool
	}{
		{"v0.9.1", ClientRetrievalFailed, false},
		{"v0.9.2", ClientRetrievalFailed, true},
		{"v0.9.1", CreationFailed, true},
		{"v0.9.2", UpdateTimedOut, true},
		{"v0.9.2", ClusterNotReady, false},
		{"v0.9.2", AggregateSuccess, false},
	} {
		got := IsRecoverableError(tc.status, release.MustParse(tc.v).Has(release.ClientRetrievalRecoverable))
		if got != tc.want {
			t.Errorf("%s %q: recoverable %v, want %v", tc.v, tc.status, got, tc.want)
		}
	}
}
