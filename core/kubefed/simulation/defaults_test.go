package simulation

import (
	"encoding/json"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controllermanager"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// TestKubeFedConfigByRelease: the chart's KubeFedConfig on both sides of
// DNSGatesDisabledByDefault (v0.5.0), RawResourceStatusCollection (v0.6.0),
// DNSGatesRemoved (v0.7.0), ConcurrentReconciles (v0.8.0) and
// CacheSyncTimeout (v0.9.0).
func TestKubeFedConfigByRelease(t *testing.T) {
	gates := func(c map[string]any) string {
		b, _ := json.Marshal(u.NestedSlice(c, "spec", "featureGates"))
		return string(b)
	}
	const (
		dnsOn  = `{"configuration":"Enabled","name":"CrossClusterServiceDiscovery"},{"configuration":"Enabled","name":"FederatedIngress"},`
		dnsOff = `{"configuration":"Disabled","name":"CrossClusterServiceDiscovery"},{"configuration":"Disabled","name":"FederatedIngress"},`
		push   = `{"configuration":"Enabled","name":"PushReconciler"},`
		raw    = `{"configuration":"Disabled","name":"RawResourceStatusCollection"},`
		sched  = `{"configuration":"Enabled","name":"SchedulerPreferences"}`
	)
	for _, tc := range []struct {
		v, gates          string
		reconciles, cache bool
	}{
		{"v0.4.1", "[" + dnsOn + push + sched + "]", false, false},
		{"v0.5.0", "[" + dnsOff + push + sched + "]", false, false},
		{"v0.5.1", "[" + dnsOff + push + sched + "]", false, false},
		{"v0.6.0", "[" + dnsOff + push + raw + sched + "]", false, false},
		{"v0.6.1", "[" + dnsOff + push + raw + sched + "]", false, false},
		{"v0.7.0", "[" + push + raw + sched + "]", false, false},
		{"v0.8.0", "[" + push + raw + sched + "]", true, false},
		{"v0.8.1", "[" + push + raw + sched + "]", true, false},
		{"v0.9.0", "[" + push + raw + sched + "]", true, true},
	} {
		o := &Options{Gates: controllermanager.DefaultGates()}
		c := kubeFedConfig(release.MustParse(tc.v), "kube-federation-system", "Cluster", o)
		if g := gates(c); g != tc.gates {
			t.Errorf("%s: gates %s\nwant %s", tc.v, g, tc.gates)
		}
		_, sync := u.Nested(c, "spec", "syncController", "maxConcurrentReconciles")
		_, status := u.Nested(c, "spec", "statusController", "maxConcurrentReconciles")
		if sync != tc.reconciles || status != tc.reconciles {
			t.Errorf("%s: maxConcurrentReconciles sync %v status %v, want %v", tc.v, sync, status, tc.reconciles)
		}
		if _, ok := u.Nested(c, "spec", "controllerDuration", "cacheSyncTimeout"); ok != tc.cache {
			t.Errorf("%s: cacheSyncTimeout %v, want %v", tc.v, ok, tc.cache)
		}
	}
}

// TestRawGateByRelease: RawResourceStatusCollection is accepted from v0.6.0;
// before, New fails with the KubeFedConfig validation's text.
func TestRawGateByRelease(t *testing.T) {
	g := controllermanager.DefaultGates()
	g.RawResourceStatusCollection = true
	if _, err := New(Options{Version: "v0.6.0", Gates: g}); err != nil {
		t.Errorf("v0.6.0: %v", err)
	}
	_, err := New(Options{Version: "v0.5.1", Gates: g})
	want := `spec.featureGates[3].name: Unsupported value: "RawResourceStatusCollection": supported values: "PushReconciler", "SchedulerPreferences", "CrossClusterServiceDiscovery", "FederatedIngress"`
	if err == nil || err.Error() != want {
		t.Errorf("v0.5.1: error %v\nwant %s", err, want)
	}
}
