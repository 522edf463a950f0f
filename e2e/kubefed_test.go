//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const kubefedPanel = `document.querySelector(".kubefed-status").closest("[role=tabpanel]")`

// The default example (O22) shows the FTC table, the running controllers,
// the log, the ClusterNotReady status of c3 and c1's object with the
// override applied.
func TestKubefedTabDefaultExample(t *testing.T) {
	p := openPage(t, "/#kubefed")
	waitFor(t, p, `document.querySelector(".kubefed-status") && `+kubefedPanel+`.dataset.kubefedRenders`, 30*time.Second)
	ftc := eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-ftc-table").textContent`)
	assert.Contains(t, ftc, "configmaps")
	assert.Contains(t, ftc, "core.kubefed.io/federated-type-config")
	assert.Contains(t, ftc, "Running")
	assert.Contains(t, eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-controllers").textContent`), "FederatedConfigMap")
	assert.Contains(t, eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-log").textContent`), `Started sync controller for "FederatedConfigMap"`)
	fed := eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-federated").textContent`)
	assert.Contains(t, fed, "ClusterNotReady")
	assert.Contains(t, fed, "Propagation=False (CheckClusters)")
	assert.Contains(t, eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-members").textContent`), `"a": "2"`)
}

// Actions: make a cluster ready, advance time, apply with a YAML error
// (marked in the editor), delete an FTC, restart; the state records the
// steps and setState replays them.
func TestKubefedTabActions(t *testing.T) {
	p := openPage(t, "/#kubefed")
	waitFor(t, p, `document.querySelector(".kubefed-status") && `+kubefedPanel+`.dataset.kubefedRenders`, 30*time.Second)
	// c3 becomes ready: after the next resync its copy appears.
	eval[bool](t, p, `(`+kubefedPanel+`.querySelector("tr[data-cluster=c3] .kubefed-health").click(), true)`)
	waitFor(t, p, `kx.app.mounted.get("kubefed").getState().steps.length === 1`, 10*time.Second)
	// The cluster controller notices at its next health check.
	eval[bool](t, p, `(() => { const i = `+kubefedPanel+`.querySelector(".kubefed-advance-input"); i.value = "1m"; `+kubefedPanel+`.querySelector(".kubefed-advance").click(); return true })()`)
	waitFor(t, p, kubefedPanel+`.querySelector(".kubefed-clock").textContent.includes("+1m")`, 10*time.Second)
	waitFor(t, p, kubefedPanel+`.querySelector(".kubefed-clusters tr[data-cluster=c3]").textContent.includes("✓ Ready")`, 10*time.Second)
	assert.Contains(t, eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-members").textContent`), "c3:")
	assert.Equal(t, 2, eval[int](t, p, `kx.app.mounted.get("kubefed").getState().steps.length`))

	// A YAML error is an error with its line, marked in the editor; user text stays text.
	eval[bool](t, p, `(`+kubefedPanel+`.querySelector(".kubefed-resource-editor .cm-content").focus(), true)`)
	for i := 0; i < 12; i++ {
		if err := chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.ArrowDown)); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.End), chromedp.KeyEvent("\nbogus: [<img/src=x>")); err != nil {
		t.Fatal(err)
	}
	eval[bool](t, p, `(`+kubefedPanel+`.querySelector(".kubefed-apply").click(), true)`)
	waitFor(t, p, kubefedPanel+`.querySelector(".kubefed-status").classList.contains("error")`, 10*time.Second)
	waitFor(t, p, kubefedPanel+`.querySelector(".cm-lint-marker-error, .cm-lintRange-error") !== null`, 10*time.Second)
	// On the line that has the syntax error, not the document's first; the
	// problems list names it and its entry jumps there.
	marked := eval[[]string](t, p, `[...`+kubefedPanel+`.querySelectorAll(".kubefed-resource-editor .cm-lintRange-error")].map(e => e.closest(".cm-line").textContent)`)
	require.NotEmpty(t, marked)
	for _, line := range marked {
		assert.Contains(t, line, "bogus", "the YAML syntax error is marked on its line")
	}
	eval[bool](t, p, `(`+kubefedPanel+`.querySelector(".problems .problem-entry").click(), true)`)
	assert.Contains(t, eval[string](t, p, `(() => { const v = `+kubefedPanel+`.querySelector(".kubefed-resource-editor .cm-editor").kxView; return v.state.doc.lineAt(v.state.selection.main.head).text })()`), "bogus", "the problem's entry puts the cursor on its line")
	assert.Equal(t, 0, eval[int](t, p, kubefedPanel+`.querySelectorAll("img").length`))
	assert.Equal(t, 2, eval[int](t, p, `kx.app.mounted.get("kubefed").getState().steps.length`), "a failed apply is not recorded")
	assert.Contains(t, eval[string](t, p, `kx.app.mounted.get("kubefed").getState().editor`), "bogus: [<img/src=x>")

	// Applying the FTC editor's unchanged configmaps FTC changes nothing.
	eval[bool](t, p, `(`+kubefedPanel+`.querySelector(".kubefed-apply-ftc").click(), true)`)
	waitFor(t, p, kubefedPanel+`.querySelector(".kubefed-status").textContent.includes("configmaps unchanged")`, 10*time.Second)

	// Deleting the configmaps FTC stops its controller and removes it.
	eval[bool](t, p, `(`+kubefedPanel+`.querySelector("tr[data-ftc=configmaps] button").click(), true)`)
	waitFor(t, p, `!`+kubefedPanel+`.querySelector(".kubefed-ftc-table").textContent.includes("configmaps")`, 10*time.Second)
	assert.Contains(t, eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-log").textContent`), `Stopping controller for "configmaps"`)

	// The state replays: a fresh setState with the same steps gives the same table.
	st := eval[map[string]any](t, p, `kx.app.mounted.get("kubefed").getState()`)
	assert.Equal(t, "o22-override-unready-cluster", st["example"])
	eval[bool](t, p, `(kx.app.mounted.get("kubefed").setState(kx.app.mounted.get("kubefed").getState()), true)`)
	waitFor(t, p, kubefedPanel+`.querySelector(".kubefed-status").textContent.startsWith("Loaded")`, 10*time.Second)
	assert.False(t, strings.Contains(eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-ftc-table").textContent`), "configmaps"))
	assert.True(t, eval[bool](t, p, `(() => { try { kx.app.mounted.get("kubefed").setState("nope"); return false } catch (e) { return true } })()`))
}

// The gallery: an address loads its example (with its own control plane);
// picking one puts its name in the address bar; the enable generator prints
// kubefedctl's YAML.
func TestKubefedTabGalleryAndEnable(t *testing.T) {
	p := openPage(t, "/#kubefed/o5-namespaced-plane-cluster-scoped")
	waitFor(t, p, kubefedPanel+`.querySelector(".kubefed-ftc-table").textContent.includes("clusterroles.rbac.authorization.k8s.io")`, 30*time.Second)
	assert.Equal(t, "Namespaced", eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-scope").value`))
	assert.Contains(t, eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-log").textContent`), `Skipping start of sync & status controller for cluster-scoped resource "FederatedClusterRole"`)

	waitFor(t, p, kubefedPanel+`.querySelector("button[data-example=o1-fresh-namespaced-ftc]") !== null`, 10*time.Second)
	eval[bool](t, p, `(`+kubefedPanel+`.querySelector("button[data-example=o1-fresh-namespaced-ftc]").click(), true)`)
	waitFor(t, p, `location.hash === "#kubefed/o1-fresh-namespaced-ftc" && `+kubefedPanel+`.querySelector(".kubefed-scope").value === "Cluster"`, 10*time.Second)

	eval[bool](t, p, `(`+kubefedPanel+`.querySelector(".kubefed-enable summary").click(), `+kubefedPanel+`.querySelector(".kubefed-enable-yaml").click(), true)`)
	waitFor(t, p, kubefedPanel+`.querySelector(".kubefed-enable-out").textContent.includes("name: federateddeployments.types.kubefed.io")`, 10*time.Second)
	assert.Contains(t, eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-enable-out").textContent`), "- fdeploy")
}

// countLoads counts the requests of a method the page posts to the engines'
// workers (window.kxLoads).
func countLoads(method string) string {
	return `(() => {
		window.kxLoads = 0;
		const post = Worker.prototype.postMessage;
		Worker.prototype.postMessage = function (m, ...rest) {
			if (m && m.method === "` + method + `") window.kxLoads++;
			return post.call(this, m, ...rest);
		};
	})()`
}

// A page opened on another example than the default loads that one alone on
// the engine: the default, answered by the build, would have the engine
// load it too (engine.js replays the build's session) before the real one.
func TestKubefedOpensOnItsExampleAlone(t *testing.T) {
	p := openPageAfter(t, "/#kubefed/o1-fresh-namespaced-ftc", countLoads("kubefed.load"))
	waitFor(t, p, `kx.app.mounted.get("kubefed")?.getState().example === "o1-fresh-namespaced-ftc" && performance.getEntriesByName("kx-kubefed-reply:kubefed.load").length > 0`, 60*time.Second)
	waitFor(t, p, `document.getElementById("engine-status").textContent.includes("Showing the example")`, 30*time.Second)
	assert.Equal(t, 1, eval[int](t, p, `window.kxLoads`), "kubefed.load requests posted to the engine")
	assert.Equal(t, 0, eval[int](t, p, `performance.getEntriesByName("kx-kubefed-static:kubefed.load").length`), "the default example was not loaded")
	assert.NotContains(t, eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-status").className`), "error")
}

// The same for the kubelet tab: it closes the build's default session before
// it loads another, so the engine never replays it.
func TestKubeletOpensOnItsExampleAlone(t *testing.T) {
	p := openPageAfter(t, "/#kubelet/sidecar", countLoads("kubelet.load"))
	waitFor(t, p, `document.getElementById("engine-status").textContent.includes("Showing the example")`, 60*time.Second)
	assert.Equal(t, 1, eval[int](t, p, `window.kxLoads`), "kubelet.load requests posted to the engine")
	assert.Equal(t, 0, eval[int](t, p, `performance.getEntriesByName("kx-kubelet-replayed").length`), "the engine did not replay the default")
}

// A returning visitor's saved kubefed work is the first load the engine
// computes: the tab asks for the example's baseline (to tell whether the
// work is modified) only after it, not before.
func TestKubefedSavedWorkLoadsFirst(t *testing.T) {
	saved := `{"v":1,"tab":"kubefed","tabs":{"kubefed":{"example":"o1-fresh-namespaced-ftc","webhook":false,"steps":[]}}}`
	p := openPageAfter(t, "/", `localStorage.setItem("kubexplorer.state.v1", `+jsQuote(saved)+`);
		window.kxLoadRequests = [];
		const post = Worker.prototype.postMessage;
		Worker.prototype.postMessage = function (m, ...rest) {
			if (m && m.method === "kubefed.load") window.kxLoadRequests.push(typeof m.request === "string" ? m.request : JSON.stringify(m.request));
			return post.call(this, m, ...rest);
		};`)
	waitFor(t, p, `window.kxLoadRequests.length >= 2`, 60*time.Second)
	loads := eval[[]string](t, p, `window.kxLoadRequests`)
	assert.Contains(t, loads[0], `"webhook":false`, "the saved work is loaded first")
	assert.NotContains(t, loads[1], `"webhook"`, "then the example's baseline")
	waitFor(t, p, kubefedPanel+`.querySelector(".kubefed-status").textContent.startsWith("Loaded")`, 30*time.Second)
}
