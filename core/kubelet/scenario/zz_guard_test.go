package scenario

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

func guardPods(n int) string {
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
	b.WriteString("until: 5m\n")
	return b.String()
}

func TestZZGuard(t *testing.T) {
	dir := os.Getenv("KX_GUARD")
	if dir == "" {
		t.Skip()
	}
	files, _ := filepath.Glob("../../../examples/kubelet/*.yaml")
	inputs := map[string][]byte{"bench": []byte(guardPods(120))}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		inputs[filepath.Base(f)] = b
		for _, r := range []string{"1.18", "1.22", "1.27", "1.31", "1.35"} {
			inputs[filepath.Base(f)+"@"+r] = []byte(replaceRelease(string(b), r))
		}
	}
	for name, data := range inputs {
		sc, err := Parse(data)
		if err != nil {
			os.WriteFile(filepath.Join(dir, name), []byte("error: "+err.Error()), 0o644)
			continue
		}
		k, err := sc.Build()
		if err != nil {
			os.WriteFile(filepath.Join(dir, name), []byte("error: "+err.Error()), 0o644)
			continue
		}
		k.RunUntil(sim.Epoch.Add(sc.Until))
		out := Text(k, TextOptions{Events: true, Pods: true, Loop: true, Workers: true, CRI: true, Log: true, Container: true})
		j, _ := json.Marshal(k.CRICalls())
		s, _ := json.Marshal(k.Snapshots())
		os.WriteFile(filepath.Join(dir, name), []byte(out+"\n"+string(j)+"\n"+string(s)), 0o644)
	}
}
