package fleet

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/nodeimport"
)

// syntheticFleet builds n node dumps from the hand-written kubeadm node of
// core/nodeimport's testdata: every node has its own --node-ip (no two
// dumps are equal), a third run 1.29, a third have a drop-in directory,
// one in ten sets a gate 1.33 no longer has. That makes 6 configurations;
// the --node-ip values, which the model never reads, do not count
// (kubeletstart.EquivalenceKey).
func syntheticFleet(b *testing.B, n int) []Dump {
	b.Helper()
	if _, err := os.Stat("../nodeimport/testdata/nodes/kubeadm-debian"); err != nil {
		// In a browser page there is no file system to read testdata from.
		b.Skipf("the template node dump is not readable here: %v", err)
	}
	tmpl := readFleet(b, "../nodeimport/testdata/nodes/kubeadm-debian")
	var dumps []Dump
	for i := 0; i < n; i++ {
		files := make([]nodeimport.File, 0, len(tmpl)+1)
		for _, f := range tmpl {
			switch f.Path {
			case "etc/default/kubelet":
				gates := "MemoryQoS=true"
				if i%10 == 0 {
					gates += ",CloudDualStackNodeIPs=true"
				}
				f.Content = fmt.Sprintf("KUBELET_EXTRA_ARGS=\"--node-ip=10.%d.%d.%d --feature-gates=%s\"\n", i>>16&255, i>>8&255, i&255, gates)
			case "kubelet-version.txt":
				if i%3 == 1 {
					f.Content = "Kubernetes v1.29.4\n"
				}
			}
			files = append(files, f)
		}
		if i%3 == 2 {
			for j, f := range files {
				if f.Path == "etc/default/kubelet" {
					files[j].Content = strings.Replace(f.Content, "\"\n", " --config-dir=/etc/kubernetes/kubelet.conf.d\"\n", 1)
				}
			}
			files = append(files, nodeimport.File{Path: "etc/kubernetes/kubelet.conf.d/20-swap.conf",
				Content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfailSwapOn: false\nfeatureGates:\n  NodeSwap: true\n"})
		}
		dumps = append(dumps, Dump{Node: fmt.Sprintf("node-%04d", i), Files: files})
	}
	return dumps
}

// BenchmarkCheck1000 checks 1,000 distinct node dumps of a realistic
// fleet (see syntheticFleet) from 1.30 (or 1.29) to 1.33: per node an
// import, the equivalence key, the report; per configuration two
// start-up evaluations, the diff and the component check. Goal: under a
// second natively.
func BenchmarkCheck1000(b *testing.B) {
	dumps := syntheticFleet(b, 1000)
	r, err := Check(dumps, Options{To: "1.33"})
	if err != nil {
		b.Fatal(err)
	}
	if r.Summary.Verdicts[BadInput] > 0 || r.Summary.Verdicts[Fails] != 100 {
		b.Fatalf("unexpected verdicts %v: %v", r.Summary.Verdicts, r.Summary.Problems)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Check(dumps, Options{To: "1.33"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheck1000Clones is a fleet of 1,000 nodes made from 10
// configurations: the memo evaluates each configuration once.
func BenchmarkCheck1000Clones(b *testing.B) {
	base := syntheticFleet(b, 10)
	dumps := make([]Dump, 1000)
	for i := range dumps {
		dumps[i] = base[i%10]
		dumps[i].Node = fmt.Sprintf("node-%04d", i)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Check(dumps, Options{To: "1.33"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheck1000Configs is the worst case: every node has its own
// configuration (its own maxPods), so every node costs two start-up
// evaluations and a diff.
func BenchmarkCheck1000Configs(b *testing.B) {
	dumps := syntheticFleet(b, 1000)
	for i := range dumps {
		for j, f := range dumps[i].Files {
			if f.Path == "var/lib/kubelet/config.yaml" {
				dumps[i].Files[j].Content = f.Content + fmt.Sprintf("maxPods: %d\n", 100+i)
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Check(dumps, Options{To: "1.33"}); err != nil {
			b.Fatal(err)
		}
	}
}
