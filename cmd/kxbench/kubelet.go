package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// The Kubelet tab: frames per second while playing 200 crash-looping pods
// (goal ≥ 30). The tab advances the simulation once per animation frame
// and renders only the pods that changed; the probe counts animation
// frames over a few seconds of playing.

const kubeletProbePods = 200

func init() {
	tabProbes = append(tabProbes, kubeletProbe)
}

func kubeletProbeScenario(n int) string {
	var b strings.Builder
	b.WriteString("release: \"1.37\"\nnode: {allocatable: {cpu: \"1000\", pods: \"1000\"}}\nruntime:\n  presentImages: [\"nginx:1.25\"]\n  containers:\n  - {container: app, runs: [{exitAfter: 5s, exitCode: 1}]}\npods:\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "- metadata: {name: p%d, namespace: default}\n  spec: {containers: [{name: app, image: \"nginx:1.25\"}]}\n", i)
	}
	return b.String()
}

func kubeletProbe(env *browsertest.Env, c *config) ([]row, error) {
	p, err := env.NewPage(2 * time.Minute)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	if err := browsertest.Navigate(p, env.BaseURL+"/#kubelet"); err != nil {
		return nil, err
	}
	if err := p.WaitFor(`kx.app.mounted.get("kubelet") && document.querySelector(".kubelet-pod-card")`, 30*time.Second); err != nil {
		return nil, fmt.Errorf("kubelet tab: %w", err)
	}
	type result struct {
		FPS  float64 `json:"fps"`
		Time string  `json:"time"`
	}
	r, err := browsertest.Eval[result](p, fmt.Sprintf(`(async () => {
		const hooks = kx.app.mounted.get("kubelet");
		await hooks.setState({scenario: %q, speed: 10});
		const panel = document.querySelector(".kubelet-clock").closest("[role=tabpanel]");
		while (panel.querySelectorAll(".kubelet-pod-card").length < %d) await new Promise((r) => setTimeout(r, 20));
		panel.querySelector(".kubelet-play").click();
		let frames = 0;
		const t0 = performance.now();
		await new Promise((done) => {
			const f = (now) => { frames++; if (now - t0 < 4000) requestAnimationFrame(f); else done(); };
			requestAnimationFrame(f);
		});
		const fps = frames / ((performance.now() - t0) / 1000);
		panel.querySelector(".kubelet-play").click();
		return {fps, time: panel.querySelector(".kubelet-clock").textContent};
	})()`, kubeletProbeScenario(kubeletProbePods), kubeletProbePods))
	if err != nil {
		return nil, fmt.Errorf("kubelet tab: %w", err)
	}
	return []row{{"page", fmt.Sprintf("kubelet tab playing %d pods", kubeletProbePods), fmt.Sprintf("%.0f fps", r.FPS), "goal ≥ 30; virtual clock reached " + r.Time}}, nil
}
