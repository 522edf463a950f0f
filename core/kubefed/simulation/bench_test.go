package simulation

import (
	"fmt"
	"testing"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/apiextensions"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controllermanager"
	"github.com/kubexplorer/kubexplorer/core/kubefed/kubefedctl"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

const benchNS = "kube-federation-system"

func ftcObject(kind, plural, group, version, scope string) map[string]any {
	name := plural
	target := map[string]any{"version": version, "kind": kind, "pluralName": plural, "scope": scope}
	if group != "" {
		name += "." + group
		target["group"] = group
	}
	return map[string]any{
		"apiVersion": "core.kubefed.io/v1beta1", "kind": "FederatedTypeConfig",
		"metadata": map[string]any{"name": name, "namespace": benchNS},
		"spec": map[string]any{
			"targetType":  target,
			"propagation": "Enabled",
			"federatedType": map[string]any{"group": "types.kubefed.io", "version": "v1beta1", "kind": "Federated" + kind,
				"pluralName": "federated" + plural, "scope": "Namespaced"},
		},
	}
}

// benchFTCs builds n FTCs (the namespaces FTC first) and, for the custom
// types, their target and federated CRDs.
func benchFTCs(b testing.TB, n int) (crds []map[string]any, ftcs []map[string]any) {
	ftcs = append(ftcs, ftcObject("Namespace", "namespaces", "", "v1", "Cluster"))
	for i := 1; i < n; i++ {
		kind := fmt.Sprintf("Widget%04d", i)
		plural := fmt.Sprintf("widget%04ds", i)
		res, err := kubefedctl.GetResources(nil, &kubefedctl.EnableOptions{Target: &kubefedctl.TargetResource{Kind: kind, PluralName: plural,
			Group: "bench.example.com", Version: "v1", Scope: "Namespaced"}})
		if err != nil {
			b.Fatal(err)
		}
		// The target type's own CRD (its schema does not matter here).
		target := apiextensions.FederatedTypeCRD(release.MustParse(release.Latest), "bench.example.com", "v1", kind, plural, true, nil, false)
		crds = append(crds, target.ToObject(), res.CRD.ToObject())
		u.SetNamespace(res.TypeConfig, benchNS)
		ftcs = append(ftcs, res.TypeConfig)
	}
	return crds, ftcs
}

// BenchmarkReconcile1000FTCs: 1,000 FTCs applied one by one to a running
// controller manager; each is reconciled (finalizer, sync controller start,
// status) until the control plane settles.
func BenchmarkReconcile1000FTCs(b *testing.B) {
	crds, ftcs := benchFTCs(b, 1000)
	var cpu time.Duration
	defer func() { reportCPU(b, cpu) }()
	for b.Loop() {
		b.StopTimer()
		s, err := New(Options{Gates: controllermanager.DefaultGates()})
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range crds {
			s.ApplyObject(u.DeepCopyMap(c), "")
		}
		b.StartTimer()
		c0 := cpuTime()
		for _, f := range ftcs {
			if r := s.ApplyObject(u.DeepCopyMap(f), ""); r.Error != "" {
				b.Fatal(r.Error)
			}
		}
		s.Settle()
		b.StopTimer()
		cpu += cpuTime() - c0
		if s.Manager.FTC == nil {
			b.Fatalf("controller manager: %+v", s.Snapshot().ControllerManager)
		}
		if got := len(s.Manager.FTC.RunningControllers()); got != 1000 {
			b.Fatalf("running controllers: %d, want 1000", got)
		}
		b.StartTimer()
	}
}

// BenchmarkPropagate1000To50: 1,000 FederatedConfigMaps placed on every one
// of 50 member clusters (50,000 member objects).
func BenchmarkPropagate1000To50(b *testing.B) {
	var cpu time.Duration
	defer func() { reportCPU(b, cpu) }()
	for b.Loop() {
		b.StopTimer()
		s, err := New(Options{Gates: controllermanager.DefaultGates()})
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < 50; i++ {
			if err := s.AddCluster(ClusterSpec{Name: fmt.Sprintf("c%02d", i)}); err != nil {
				b.Fatal(err)
			}
		}
		s.ApplyObject(ftcObject("Namespace", "namespaces", "", "v1", "Cluster"), "")
		s.ApplyObject(ftcObject("ConfigMap", "configmaps", "", "v1", "Namespaced"), "")
		s.ApplyObject(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "ns1"}}, "")
		s.ApplyObject(map[string]any{"apiVersion": "types.kubefed.io/v1beta1", "kind": "FederatedNamespace",
			"metadata": map[string]any{"name": "ns1", "namespace": "ns1"}, "spec": map[string]any{"placement": map[string]any{"clusterSelector": map[string]any{}}}}, "")
		s.Settle()
		b.StartTimer()
		c0 := cpuTime()
		for i := 0; i < 1000; i++ {
			r := s.ApplyObject(map[string]any{"apiVersion": "types.kubefed.io/v1beta1", "kind": "FederatedConfigMap",
				"metadata": map[string]any{"name": fmt.Sprintf("cm%04d", i), "namespace": "ns1"},
				"spec": map[string]any{"template": map[string]any{"data": map[string]any{"a": "1"}},
					"placement": map[string]any{"clusterSelector": map[string]any{}}}}, "")
			if r.Error != "" {
				b.Fatal(r.Error)
			}
		}
		s.Settle()
		b.StopTimer()
		cpu += cpuTime() - c0
		m, _ := s.MemberStore("c49")
		if got := len(m.List("", "ConfigMap", "ns1")); got != 1000 {
			b.Fatalf("c49 has %d ConfigMaps in ns1, want 1000", got)
		}
		b.StartTimer()
	}
}

// reportCPU adds the CPU seconds per operation (0 where unknown).
func reportCPU(b *testing.B, cpu time.Duration) {
	if cpu > 0 && b.N > 0 {
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	}
}
