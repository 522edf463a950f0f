package main

import (
	"fmt"
	"time"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// The Feature gates tab: time from an edit of the command line to the
// updated gates table. The tab debounces edits (250 ms) and records, in its
// panel's data-render-ms, the time from the debounce firing to the rendered
// table; the probe also reports the whole edit → table time.

const gatesEdits = 12

func init() {
	tabProbes = append(tabProbes, gatesProbe)
}

func gatesProbe(env *browsertest.Env, c *config) ([]row, error) {
	p, err := env.NewPage(2 * time.Minute)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	if err := browsertest.Navigate(p, env.BaseURL+"/#gates"); err != nil {
		return nil, err
	}
	// kx.settled: the editor is CodeMirror (a light one until the first result).
	if err := p.WaitFor(`kx.settled && kx.app.mounted.get("gates") && document.querySelector("#panel-gates .gates-lines") && document.querySelector("#panel-gates .gates-lines").textContent.includes("--feature-gates")`, 30*time.Second); err != nil {
		return nil, fmt.Errorf("gates tab: %w", err)
	}
	// Each edit appends a gate to the command line through the editor, as
	// typing does, then waits for the evaluation it causes.
	type sample struct {
		Fired float64 `json:"fired"`
		Total float64 `json:"total"`
	}
	samples, err := browsertest.Eval[[]sample](p, fmt.Sprintf(`(async () => {
		const panel = document.getElementById("panel-gates");
		const view = panel.querySelector(".gates-editor").kxEditor.view;
		const out = [];
		for (let i = 0; i < %d; i++) {
			const before = panel.dataset.evaluated;
			const t0 = performance.now();
			view.dispatch({changes: {from: view.state.doc.length, insert: i %% 2 ? ",MemoryQoS=true" : ",MemoryQoS=false"}});
			while (panel.dataset.evaluated === before) await new Promise((r) => setTimeout(r, 1));
			out.push({fired: Number(panel.dataset.renderMs), total: performance.now() - t0});
		}
		return out;
	})()`, gatesEdits))
	if err != nil {
		return nil, fmt.Errorf("gates tab: %w", err)
	}
	var fired, total []float64
	for _, s := range samples {
		fired = append(fired, s.Fired)
		total = append(total, s.Total)
	}
	rows := []row{
		{"page", "gates: debounce fired → table updated", fmt.Sprintf("median %.0f ms, max %.0f ms", percentile(fired, 50), percentile(fired, 100)), fmt.Sprintf("%d edits of the default example on the newest release; goal ≤ 50 ms", len(fired))},
		{"page", "gates: edit → table updated", fmt.Sprintf("median %.0f ms, max %.0f ms", percentile(total, 50), percentile(total, 100)), "includes the 250 ms debounce"},
	}
	return rows, nil
}
