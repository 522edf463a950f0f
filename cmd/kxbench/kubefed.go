package main

import (
	"fmt"
	"time"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

func init() { tabProbes = append(tabProbes, kubefedProbe) }

// kubefedProbe times, inside the page, the Kubefed tab's engine calls: loading
// the default example into a session, one advance step on it, and running
// the chart's ten default FTCs from scratch.
func kubefedProbe(env *browsertest.Env, c *config) ([]row, error) {
	p, err := env.NewPage(2 * time.Minute)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	if err := browsertest.Navigate(p, env.BaseURL+"/#kubefed"); err != nil {
		return nil, err
	}
	if err := p.WaitFor(`document.querySelector("[data-kubefed-renders]") !== null`, time.Minute); err != nil {
		return nil, err
	}
	n := 10
	times, err := browsertest.Eval[map[string][]float64](p, fmt.Sprintf(`(async () => {
		const out = {load: [], advance: [], defaults: []};
		const ex = await kx.engine.call("kubefed.example", {name: "q6-default-ftcs-restart"});
		for (let i = 0; i < %d; i++) {
			let t0 = performance.now();
			const r = await kx.engine.call("kubefed.load", {example: "o22-override-unready-cluster"});
			out.load.push(performance.now() - t0);
			t0 = performance.now();
			await kx.engine.call("kubefed.advance", {session: r.session, by: "1m"});
			out.advance.push(performance.now() - t0);
			await kx.engine.call("kubefed.close", {session: r.session});
			t0 = performance.now();
			await kx.engine.call("kubefed.run", {scenario: ex.scenario});
			out.defaults.push(performance.now() - t0);
		}
		return out;
	})()`, n))
	if err != nil {
		return nil, err
	}
	note := fmt.Sprintf("%d calls in the page (worker, wasm)", n)
	return []row{
		{"page", "kubefed.load O22 (3 clusters, 2 steps)", fmt.Sprintf("median %.1f ms, max %.1f ms", percentile(times["load"], 50), percentile(times["load"], 100)), note},
		{"page", "kubefed.advance 1m on that session", fmt.Sprintf("median %.1f ms, max %.1f ms", percentile(times["advance"], 50), percentile(times["advance"], 100)), note},
		{"page", "kubefed.run chart's 10 FTCs + restart", fmt.Sprintf("median %.1f ms, max %.1f ms", percentile(times["defaults"], 50), percentile(times["defaults"], 100)), note},
	}, nil
}
