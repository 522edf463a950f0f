//go:build e2e

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// nodeDump is a file of core/nodeimport's hand-written node dumps.
func nodeDump(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "core", "nodeimport", "testdata", path))
	require.NoError(t, err)
	return string(b)
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// dropFiles drops files ({name, content}) on the element target (a
// JavaScript expression), as a drag from the desktop does.
func dropFiles(t *testing.T, p *browsertest.Page, target string, files [][2]string) {
	t.Helper()
	list, err := json.Marshal(files)
	require.NoError(t, err)
	eval[bool](t, p, `(() => {
  const dt = new DataTransfer();
  for (const [name, content] of `+string(list)+`) dt.items.add(new File([content], name));
  `+target+`.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  return true;
})()`)
}

// setGatesRelease sets the header's release and the upgrade target.
func setGatesRelease(t *testing.T, p *browsertest.Page, release, target string) {
	t.Helper()
	eval[bool](t, p, `(kx.app.setRelease(`+jsString(release)+`), true)`)
	eval[bool](t, p, `(() => { const s = `+gatesPanel+`.querySelector(".gates-target-select"); s.value = `+jsString(target)+`; s.dispatchEvent(new Event("change")); return true })()`)
}

// cfgText is the text of the config file's editor.
const cfgText = `kx.app.mounted.get("gates").getState().config.content`

// A configz JSON dropped on the inputs and a kubeadm ConfigMap pasted fill
// them; the replaced inputs go to the history; a malformed dump names its
// form and changes nothing.
func TestGatesImportNode(t *testing.T) {
	p := openPage(t, "/#gates")
	waitForDefaultExample(t, p)
	before := eval[string](t, p, `kx.app.mounted.get("gates").getState().commandLine`)
	require.NotEmpty(t, before)

	dropFiles(t, p, gatesPanel+`.querySelector(".pane-in .pane-body")`, [][2]string{{"configz-node-128.json", nodeDump(t, "nodes/configz-node-128.json")}})
	waitFor(t, p, cfgText+`.includes('"InPlacePodVerticalScaling":true')`, 10*time.Second)
	assert.Empty(t, eval[string](t, p, `kx.app.mounted.get("gates").getState().commandLine`), "a configz has no command line: the example's is replaced")
	assert.Contains(t, eval[string](t, p, `document.querySelector(".gates-import-result").textContent`), "configz")
	assert.Contains(t, eval[string](t, p, `document.getElementById("engine-status").textContent`), "Imported configz-node-128")
	hist := eval[[]map[string]any](t, p, `kx.work.history("gates")`)
	require.NotEmpty(t, hist, "the replaced inputs are in the history")
	assert.Contains(t, hist[0]["reason"], "imported node")
	// The import is the user's work: saved like typed input.
	waitFor(t, p, `JSON.stringify(kx.currentState().tabs.gates).includes("InPlacePodVerticalScaling")`, 5*time.Second)
	// And evaluated.
	waitFor(t, p, `document.querySelector(".gates-table").textContent.includes("InPlacePodVerticalScaling")`, 10*time.Second)

	// kubeadm's ConfigMap, pasted: its data key kubelet fills the config file.
	eval[bool](t, p, `(() => { const a = `+gatesPanel+`.querySelector(".gates-paste"); a.value = `+jsString(nodeDump(t, "nodes/kubeadm-cm-123.yaml"))+`; return true })()`)
	eval[bool](t, p, `(`+gatesPanel+`.querySelector(".gates-import-paste").click(), true)`)
	waitFor(t, p, cfgText+`.includes("DynamicKubeletConfig: false") && !`+cfgText+`.includes("InPlacePodVerticalScaling")`, 10*time.Second)
	assert.True(t, eval[bool](t, p, cfgText+`.startsWith("apiVersion: kubelet.config.k8s.io/v1beta1")`), "the ConfigMap's kubelet key, not the ConfigMap")
	assert.Contains(t, eval[string](t, p, `document.querySelector(".gates-import-result").textContent`), "kubeadm names release 1.23")

	// A truncated configz: an error naming the form, the inputs unchanged.
	kept := eval[string](t, p, cfgText)
	eval[bool](t, p, `(() => { const a = `+gatesPanel+`.querySelector(".gates-paste"); a.value = `+jsString(nodeDump(t, "broken/configz-truncated.json"))+`; return true })()`)
	eval[bool](t, p, `(`+gatesPanel+`.querySelector(".gates-import-paste").click(), true)`)
	waitFor(t, p, gatesPanel+`.querySelector(".gates-import .problems-list") && `+gatesPanel+`.querySelector(".gates-import .problems-list").textContent.includes("configz JSON")`, 10*time.Second)
	assert.Contains(t, eval[string](t, p, `document.getElementById("engine-status").textContent`), "configz JSON")
	assert.Contains(t, eval[string](t, p, gatesPanel+`.querySelector(".gates-import .problems-list").textContent`), "pasted:1:")
	assert.Equal(t, kept, eval[string](t, p, cfgText), "a dump that cannot be read changes nothing")
}

// dropFleet drops three node dumps on the fleet check, from 1.28 to 1.30:
// kubeadm-cm-123 fails (it sets DynamicKubeletConfig, gone in 1.26).
func dropFleet(t *testing.T, p *browsertest.Page) {
	t.Helper()
	setGatesRelease(t, p, "1.28", "1.30")
	eval[bool](t, p, `(`+gatesPanel+`.querySelector(".gates-fleet").open = true, true)`)
	dropFiles(t, p, gatesPanel+`.querySelector(".gates-fleet-drop")`, [][2]string{
		{"configz-node-128.json", nodeDump(t, "nodes/configz-node-128.json")},
		{"kubeadm-cm-123.yaml", nodeDump(t, "nodes/kubeadm-cm-123.yaml")},
		{"bundle-worker.txt", nodeDump(t, "nodes/bundle-worker.txt")},
	})
}

// A fleet of three nodes dropped: a row each, the failing node's
// drill-down names the file and line at fault; rows work by keyboard; an
// oversized drop is refused with a message; axe finds nothing.
func TestGatesFleetCheck(t *testing.T) {
	p := openPage(t, "/#gates")
	waitForDefaultExample(t, p)
	dropFleet(t, p)
	waitFor(t, p, `document.querySelectorAll(".gates-fleet-table tbody tr.gates-fleet-row").length === 3`, 30*time.Second)
	summary := eval[string](t, p, `document.querySelector(".gates-fleet-line").textContent`)
	assert.Contains(t, summary, "3 nodes")
	assert.Contains(t, summary, "1 fails")
	assert.Contains(t, summary, "1.28 → 1.30")
	assert.Contains(t, summary, "exit status 2")
	row := `[...document.querySelectorAll(".gates-fleet-row")].find(r => r.textContent.includes("kubeadm-cm-123"))`
	assert.Equal(t, []string{"kubeadm-cm-123", "1.28 → 1.30", "fails", "1", "1"}, eval[[]string](t, p, `[...`+row+`.children].slice(0, 5).map(c => c.textContent)`))

	// The drill-down, by keyboard.
	eval[bool](t, p, `(`+row+`.querySelector("button").focus(), true)`)
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.Enter)))
	waitFor(t, p, `document.querySelector(".gates-fleet-detail:not([hidden])") !== null`, 5*time.Second)
	drill := eval[string](t, p, `document.querySelector(".gates-fleet-detail:not([hidden])").textContent`)
	assert.Contains(t, drill, "kubeadm-cm-123.yaml:25")
	assert.Contains(t, drill, "unrecognized feature gate: DynamicKubeletConfig")
	assert.Contains(t, drill, "gates whose effective value changes")
	assert.Equal(t, "true", eval[string](t, p, row+`.querySelector("button").getAttribute("aria-expanded")`))

	require.True(t, eval[bool](t, p, axeSource(t)+"\n;typeof axe === \"object\""))
	eval[bool](t, p, `(`+gatesPanel+`.querySelector(".gates-fleet-problems").open = true, true)`)
	assert.Empty(t, axeRun(t, p, gatesPanel), "axe on the fleet view")

	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.Enter)))
	waitFor(t, p, `document.querySelector(".gates-fleet-detail:not([hidden])") === null`, 5*time.Second)

	// A new target checks the fleet again.
	setGatesRelease(t, p, "1.28", "1.33")
	waitFor(t, p, `document.querySelector(".gates-fleet-line").textContent.includes("1.28 → 1.33")`, 30*time.Second)

	// Over the bound: refused at once, the table kept.
	eval[bool](t, p, `(() => {
  const dt = new DataTransfer();
  for (let i = 0; i < 2001; i++) dt.items.add(new File(["x"], "n" + i + ".txt"));
  `+gatesPanel+`.querySelector(".gates-fleet-drop").dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  return true;
})()`)
	waitFor(t, p, `document.querySelector(".gates-fleet-status").textContent.includes("More than 2,000 files")`, 10*time.Second)
	assert.Equal(t, 3, eval[int](t, p, `document.querySelectorAll(".gates-fleet-row").length`))
}

// "Why is it on?": a gate set by the flag and the config file; the flag,
// applied again over the files, wins. And a gate no kubelet code reads is
// marked at its key and said so.
func TestGatesExplainChain(t *testing.T) {
	p := openPage(t, "/#gates")
	waitForDefaultExample(t, p)
	eval[bool](t, p, `(kx.app.setRelease("1.30"), kx.app.mounted.get("gates").setState({commandLine: "--feature-gates=NodeSwap=true",
  config: {path: "/var/lib/kubelet/config.yaml", content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  NodeSwap: false\n"}}), true)`)
	why := `[...document.querySelectorAll(".gates-table .gates-why")].find(b => b.textContent === "NodeSwap")`
	waitFor(t, p, `!!(`+why+`)`, 10*time.Second)
	eval[bool](t, p, `(`+why+`.focus(), true)`)
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.Enter)))
	waitFor(t, p, `document.querySelector(".gates-explain:not([hidden]) .gates-explain-chain") !== null`, 10*time.Second)
	assert.Equal(t, "Why is NodeSwap on?", eval[string](t, p, `document.querySelector(".gates-explain h3").textContent`))
	steps := eval[[]string](t, p, `[...document.querySelectorAll(".gates-explain-chain > li .gates-step-source")].map(s => s.textContent)`)
	assert.Equal(t, []string{"default", "--feature-gates flag", "config file /var/lib/kubelet/config.yaml:4", "--feature-gates flag (over the config files)"}, steps)
	assert.Contains(t, eval[string](t, p, `document.querySelector(".gates-explain-chain > li.winner").textContent`), "--feature-gates flag (over the config files)")
	assert.Equal(t, 1, eval[int](t, p, `document.querySelectorAll(".gates-explain-chain > li.winner").length`))
	assert.Contains(t, eval[string](t, p, `document.querySelector(".gates-readby").textContent`), "Read by kubelet")
	assert.True(t, eval[bool](t, p, `document.activeElement === document.querySelector(".gates-explain h3")`), "the focus goes to the explanation")
	// It follows the inputs: without the flag the config file wins.
	eval[bool](t, p, `(kx.app.mounted.get("gates").setState({...kx.app.mounted.get("gates").getState(), commandLine: ""}), true)`)
	waitFor(t, p, `document.querySelector(".gates-explain h3").textContent === "Why is NodeSwap off?"`, 10*time.Second)

	// A gate the inputs leave alone and the target release removed is
	// explained on the release, with a word about the target.
	eval[bool](t, p, `(kx.app.mounted.get("gates").setState({commandLine: "", targetRelease: "1.33"}), true)`)
	eval[bool](t, p, `(() => { const c = `+gatesPanel+`.querySelector(".gates-only-changed"); c.checked = false; c.dispatchEvent(new Event("change"));
  const s = `+gatesPanel+`.querySelector(".gates-search"); s.value = "APIListChunking"; s.dispatchEvent(new Event("input")); return true })()`)
	gone := `[...document.querySelectorAll(".gates-table .gates-why")].find(b => b.textContent === "APIListChunking")`
	waitFor(t, p, `!!(`+gone+`)`, 10*time.Second)
	eval[bool](t, p, `(`+gone+`.click(), true)`)
	waitFor(t, p, `document.querySelector(".gates-explain h3").textContent === "Why is APIListChunking on?" && document.querySelector(".gates-explain .hint") !== null`, 10*time.Second)
	assert.Contains(t, eval[string](t, p, `document.querySelector(".gates-explain .hint").textContent`), `1.33 has no feature gate "APIListChunking"`)

	// A gate no kubelet code of the target reads: said in the upgrade
	// check and in the explanation, marked in the config editor.
	eval[bool](t, p, `(kx.app.setRelease("1.36"), kx.app.mounted.get("gates").setState({commandLine: "", targetRelease: "1.37",
  config: {path: "/var/lib/kubelet/config.yaml", content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  KubeletCgroupDriverFromCRI: true\n"}}), true)`)
	waitFor(t, p, `document.querySelector(".gates-unread-list") && document.querySelector(".gates-unread-list").textContent.includes("no kubelet code of 1.37 reads it")`, 10*time.Second)
	waitFor(t, p, gatesPanel+`.querySelector(".cm-lintRange-warning") !== null`, 10*time.Second)
	assert.Equal(t, "KubeletCgroupDriverFromCRI", eval[string](t, p, gatesPanel+`.querySelector(".cm-lintRange-warning").textContent`), "the warning marks the gate's key exactly")
}

// The release diff lists a known promotion: InPlacePodVerticalScaling,
// alpha in 1.30, beta in 1.33.
func TestGatesReleaseDiff(t *testing.T) {
	p := openPage(t, "/#gates")
	waitForDefaultExample(t, p)
	setGatesRelease(t, p, "1.30", "1.33")
	waitFor(t, p, gatesPanel+`.querySelector(".gates-diff:not([hidden])") !== null`, 10*time.Second)
	eval[bool](t, p, `(`+gatesPanel+`.querySelector(".gates-diff").open = true, true)`)
	waitFor(t, p, `document.querySelectorAll(".gates-diff-table tbody tr").length > 10`, 10*time.Second)
	assert.Contains(t, eval[string](t, p, `document.querySelector(".gates-diff summary").textContent`), "1.30 → 1.33")
	row := eval[[]string](t, p, `[...[...document.querySelectorAll(".gates-diff-table tbody tr")].find(r => r.querySelector("th").textContent === "InPlacePodVerticalScaling").children].map(c => c.textContent)`)
	require.Len(t, row, 5)
	assert.Contains(t, row[1], "promoted")
	assert.Contains(t, row[2], "ALPHA")
	assert.Contains(t, row[3], "BETA")
	assert.Contains(t, eval[string](t, p, `document.querySelector(".gates-diff-counts").textContent`), "promoted")
	// The filter keeps one kind.
	eval[bool](t, p, `(() => { const s = document.querySelector(".gates-diff-filter"); s.value = "removed"; s.dispatchEvent(new Event("change")); return true })()`)
	assert.True(t, eval[bool](t, p, `[...document.querySelectorAll(".gates-diff-table tbody tr")].every(r => r.children[1].textContent.includes("removed"))`))
	// Without a target there is nothing to compare.
	setGatesRelease(t, p, "1.30", "")
	waitFor(t, p, gatesPanel+`.querySelector(".gates-diff").hidden`, 10*time.Second)
}

// fleetView shows the gates tab's fleet check of three nodes, the failing
// node's drill-down open, scrolled into view, and returns a screenshot.
func fleetView(t *testing.T, p *browsertest.Page, vp viewport) []byte {
	t.Helper()
	showTab(t, p, "gates")
	dropFleet(t, p)
	waitFor(t, p, `document.querySelectorAll(".gates-fleet-row").length === 3`, 30*time.Second)
	eval[bool](t, p, `([...document.querySelectorAll(".gates-fleet-node")].find(b => b.textContent === "kubeadm-cm-123").click(), true)`)
	if vp.mobile {
		eval[bool](t, p, `([...document.querySelectorAll("#panel-gates .ws-switch-button")].find(b => b.textContent.toLowerCase().startsWith("output")).click(), true)`)
	}
	time.Sleep(500 * time.Millisecond)
	// On a desktop the output pane scrolls (the header stays); on a phone
	// the page does.
	scroll := `document.querySelector(".gates-fleet").scrollIntoView({block: "start"})`
	if !vp.mobile {
		scroll += `, window.scrollTo(0, 0)`
	}
	eval[bool](t, p, `(`+scroll+`, true)`)
	time.Sleep(300 * time.Millisecond)
	shot, err := chromedp.Run(p.Ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)
	return shot
}
