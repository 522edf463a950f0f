// Package fleettest builds synthetic fleets for the benchmarks of the
// fleet check (core/fleet, explorer/gates, the CLI), from one hand-written
// node dump.
package fleettest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/nodeimport"
)

// Template is core/nodeimport's kubeadm node on Debian, relative to the
// module's root.
const Template = "core/nodeimport/testdata/nodes/kubeadm-debian"

// ReadDir loads every file below root, paths relative to it.
func ReadDir(root string) ([]nodeimport.File, error) {
	var files []nodeimport.File
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		files = append(files, nodeimport.File{Path: filepath.ToSlash(rel), Content: string(data)})
		return nil
	})
	return files, err
}

// Node is one node of a synthetic fleet.
type Node struct {
	Name  string
	Files []nodeimport.File
}

// Fleet builds n node dumps from the template's files: every node has its
// own --node-ip (no two dumps are equal), a third run 1.29, a third have a
// drop-in directory, one in ten sets a gate 1.33 no longer has. That makes
// 6 configurations (the --node-ip values, which the model never reads, do
// not count). With ownConfig every node also has its own maxPods in its
// config file: the worst case, n configurations.
func Fleet(tmpl []nodeimport.File, n int, ownConfig bool) []Node {
	var out []Node
	for i := 0; i < n; i++ {
		files := make([]nodeimport.File, 0, len(tmpl)+1)
		for _, f := range tmpl {
			switch f.Path {
			case "etc/default/kubelet":
				gates := "MemoryQoS=true"
				if i%10 == 0 {
					gates += ",CloudDualStackNodeIPs=true"
				}
				dropins := ""
				if i%3 == 2 {
					dropins = " --config-dir=/etc/kubernetes/kubelet.conf.d"
				}
				f.Content = fmt.Sprintf("KUBELET_EXTRA_ARGS=\"--node-ip=10.%d.%d.%d --feature-gates=%s%s\"\n", i>>16&255, i>>8&255, i&255, gates, dropins)
			case "kubelet-version.txt":
				if i%3 == 1 {
					f.Content = "Kubernetes v1.29.4\n"
				}
			case "var/lib/kubelet/config.yaml":
				if ownConfig {
					f.Content = strings.TrimRight(f.Content, "\n") + fmt.Sprintf("\nmaxPods: %d\n", 100+i)
				}
			}
			files = append(files, f)
		}
		if i%3 == 2 {
			files = append(files, nodeimport.File{Path: "etc/kubernetes/kubelet.conf.d/20-swap.conf",
				Content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfailSwapOn: false\nfeatureGates:\n  NodeSwap: true\n"})
		}
		out = append(out, Node{Name: fmt.Sprintf("node-%04d", i), Files: files})
	}
	return out
}
