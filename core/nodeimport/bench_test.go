package nodeimport

import "testing"

// BenchmarkImportBundle imports the hand-written bundle of a kubeadm
// worker (kubelet --version, ps, systemctl cat, five files).
func BenchmarkImportBundle(b *testing.B) {
	name, files := readDump(b, "nodes/bundle-worker.txt")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Import(name, files); err != nil {
			b.Fatal(err)
		}
	}
}
