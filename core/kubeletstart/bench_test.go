package kubeletstart

import (
	"strings"
	"testing"
)

// realisticInput is a kubeadm-style kubelet: flags, a config file with a
// handful of gates, two drop-ins.
func realisticInput(release string) Input {
	return Input{
		Release: release,
		CommandLine: `/usr/bin/kubelet --bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf ` +
			`--kubeconfig=/etc/kubernetes/kubelet.conf --config=/var/lib/kubelet/config.yaml ` +
			`--config-dir=/etc/kubernetes/kubelet.conf.d --node-ip=10.0.0.5 --v=2 ` +
			`--feature-gates=NodeSwap=true,AllowAlpha=true`,
		Config: &File{Path: "/var/lib/kubelet/config.yaml", Content: `apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
cgroupDriver: systemd
clusterDNS:
- 10.96.0.10
clusterDomain: cluster.local
featureGates:
  AlphaTwo: true
  BetaOff: true
  GracefulNodeShutdown: true
`},
		DropIns: []File{
			{Path: "10-swap.conf", Content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  BetaOff: false\n"},
			{Path: "20-x.conf", Content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  AlphaTwo: null\n"},
		},
	}
}

// BenchmarkStartup137 is the full 1.37 start-up evaluation of a realistic
// kubeadm-style input (flags, a config file, two drop-ins, real gate
// names) over the embedded catalog. Goal: ≤ 1 ms native.
func BenchmarkStartup137(b *testing.B) {
	in := realisticInput("1.37")
	in.CommandLine = strings.ReplaceAll(in.CommandLine, "NodeSwap=true,AllowAlpha=true", "NodeSwap=true,MemoryQoS=false")
	in.Config.Content = strings.NewReplacer("AlphaTwo", "CPUManagerPolicyAlphaOptions", "BetaOff", "KubeletInUserNamespace").Replace(in.Config.Content)
	for i := range in.DropIns {
		in.DropIns[i].Content = strings.NewReplacer("AlphaTwo", "CPUManagerPolicyAlphaOptions", "BetaOff", "KubeletInUserNamespace").Replace(in.DropIns[i].Content)
	}
	res, err := Evaluate(in)
	if err != nil {
		b.Fatal(err)
	}
	if !res.WouldStart {
		b.Fatalf("the benchmark input must start: %s", res.Error)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Evaluate(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStartup137Fixture is the same evaluation over the small test
// catalog (testdata/catalog).
func BenchmarkStartup137Fixture(b *testing.B) {
	m := fixtureModel(b)
	in := realisticInput("1.37")
	if _, err := m.Evaluate(in); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Evaluate(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkUpgrade130To137(b *testing.B) {
	m := fixtureModel(b)
	in := realisticInput("1.30")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Upgrade(in, "1.37"); err != nil {
			b.Fatal(err)
		}
	}
}
