package kubelet_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubelet"
	"github.com/kubexplorer/kubexplorer/core/kubelet/scenario"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// thousandPods is a node with n pods: a quarter crash-looping, a quarter
// pulling an image that fails twice, a quarter with init containers, the
// rest healthy with a readiness probe.
func thousandPods(n int) string {
	var b strings.Builder
	b.WriteString("release: \"1.37\"\nnode: {allocatable: {cpu: \"1000\", memory: 1000Gi, pods: \"2000\"}}\nruntime:\n  presentImages: [\"nginx:1.25\", \"busybox:1.36\"]\n")
	b.WriteString("  images:\n  - {image: \"app:v2\", pullDelay: 2s, pullErrors: [\"timeout\", \"timeout\"]}\n  containers:\n")
	for i := 0; i < n; i += 4 {
		fmt.Fprintf(&b, "  - {pod: p%d, container: app, runs: [{exitAfter: 20s, exitCode: 1}]}\n", i)
	}
	b.WriteString("  - {container: init, runs: [{exitAfter: 3s}]}\npods:\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "- metadata: {name: p%d, namespace: default}\n  spec:\n", i)
		switch i % 4 {
		case 0:
			b.WriteString("    containers: [{name: app, image: \"nginx:1.25\"}]\n")
		case 1:
			b.WriteString("    containers: [{name: app, image: \"app:v2\"}]\n")
		case 2:
			b.WriteString("    initContainers: [{name: init, image: \"busybox:1.36\"}]\n    containers: [{name: app, image: \"nginx:1.25\"}]\n")
		case 3:
			b.WriteString("    containers: [{name: app, image: \"nginx:1.25\", readinessProbe: {exec: {command: [ok]}, periodSeconds: 10}}]\n")
		}
	}
	return b.String()
}

func runPods(tb testing.TB, n int, d time.Duration) *scenario.Sim {
	sc, err := scenario.Parse([]byte(thousandPods(n)))
	if err != nil {
		tb.Fatal(err)
	}
	s, err := sc.Build()
	if err != nil {
		tb.Fatal(err)
	}
	s.RunUntil(sim.Epoch.Add(d))
	return s
}

// BenchmarkThousandPods10m: 1,000 pods with faults over 10 virtual
// minutes through the sync loop (issue 15: ≤ 500 k allocations, ≤ 0.25 s
// native, ≤ 1 s in Chromium). The scenario is decoded once, outside the
// timed loop: decoding has its own benchmark (BenchmarkParseThousandPods),
// and the page decodes a scenario once and then plays it. Building the
// kubelet is part of each op, as a run changes it.
func BenchmarkThousandPods10m(b *testing.B) {
	sc, err := scenario.Parse([]byte(thousandPods(1000)))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := sc.Build()
		if err != nil {
			b.Fatal(err)
		}
		s.RunUntil(sim.Epoch.Add(10 * time.Minute))
	}
}

// BenchmarkParseThousandPods: decoding the 1,000-pod scenario, what the
// page pays on every load of a scenario.
func BenchmarkParseThousandPods(b *testing.B) {
	src := []byte(thousandPods(1000))
	for i := 0; i < b.N; i++ {
		if _, err := scenario.Parse(src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildThousandPods: building the kubelet of a decoded 1,000-pod
// scenario (the API objects, the catalog's gates, the fake runtime).
func BenchmarkBuildThousandPods(b *testing.B) {
	sc, err := scenario.Parse([]byte(thousandPods(1000)))
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if _, err := sc.Build(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestManyPodsRun: the benchmark's node after two minutes: the
// crash-looping quarter has restarted (exits every 20s, back-off 10s,
// 20s), the rest run, the image pulled after its two failures.
func TestManyPodsRun(t *testing.T) {
	s := runPods(t, 40, 2*time.Minute)
	pods := s.Kubelet.APIPods()
	if len(pods) != 40 {
		t.Fatalf("%d pods in the API, want 40", len(pods))
	}
	for i, p := range pods {
		col := s.Kubelet.View(p).Kubectl
		if p.Metadata.Name != fmt.Sprintf("p%d", i) {
			t.Fatalf("pod %d is %s", i, p.Metadata.Name)
		}
		if i%4 == 0 {
			if col.RestartCount != 3 || (col.Status != "Error" && col.Status != "CrashLoopBackOff") || col.Ready != "0/1" {
				t.Errorf("%s (crash-looping): %+v", p.Metadata.Name, col)
			}
			continue
		}
		if col.Status != "Running" || col.Ready != "1/1" || col.RestartCount != 0 {
			t.Errorf("%s: %+v, want Running 1/1 without restarts", p.Metadata.Name, col)
		}
	}
	reasons := map[string]int{}
	for _, e := range s.Kubelet.Trace(kubelet.Marks{}).Events {
		reasons[e.Reason]++
	}
	// app:v2's first pulls fail; 50 containers started, 30 restarts.
	if reasons["BackOff"] == 0 || reasons["Failed"] == 0 || reasons["Started"] != 80 {
		t.Errorf("event reasons %v", reasons)
	}
}
