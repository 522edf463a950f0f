//go:build e2e

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

const gatesPanel = `document.querySelector(".gates-status").closest("[role=tabpanel]")`

// typeInto focuses the n-th editor of the gates tab and types at its end.
func typeInto(t *testing.T, p *browsertest.Page, n int, text string) {
	t.Helper()
	eval[bool](t, p, `(() => { const e = [...`+gatesPanel+`.querySelectorAll(".cm-content")][`+itoa(n)+`]; e.focus(); return true })()`)
	// Down to the last line, then to its end.
	for i := 0; i < 12; i++ {
		if err := chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.ArrowDown)); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.End), chromedp.KeyEvent(text)); err != nil {
		t.Fatal(err)
	}
}

// waitForDefaultExample waits until the tab shows its default example's
// result (an evaluation of the empty inputs may come first). Tests that use
// it open the page in a new browser context: work autosaved by other tests
// would otherwise replace the example.
func waitForDefaultExample(t *testing.T, p *browsertest.Page) {
	t.Helper()
	waitFor(t, p, `document.querySelector(".gates-lines") && document.querySelector(".gates-lines").textContent.includes("Flag --feature-gates has been deprecated")`, 30*time.Second)
}

func itoa(n int) string { return string(rune('0' + n)) }

func TestGatesTabDefaultExample(t *testing.T) {
	p := openPage(t, "/#gates")
	waitForDefaultExample(t, p)
	assert.NotEmpty(t, eval[string](t, p, `document.querySelector(".gates-verdict").textContent`))
	assert.Contains(t, eval[string](t, p, `document.querySelector(".gates-lines").textContent`), "feature-gates")
	assert.Greater(t, eval[int](t, p, `document.querySelectorAll(".gates-table tbody tr").length`), 0)
	// Search filters the table.
	eval[bool](t, p, `(() => { const s = `+gatesPanel+`.querySelector("input[type=search]"); s.value = "zzzz-no-such"; s.dispatchEvent(new Event("input")); return true })()`)
	assert.Equal(t, 0, eval[int](t, p, `document.querySelectorAll(".gates-table tbody tr th[scope=row]").length`))
	assert.Contains(t, eval[string](t, p, `document.querySelector(".gates-table tbody").textContent`), "No gate matches")
}

func TestGatesTabLiveVerdictAndMarkers(t *testing.T) {
	p := openPage(t, "/#gates")
	waitForDefaultExample(t, p)
	// A bad gate on the command line: the kubelet fails and prints why.
	typeInto(t, p, 0, " --feature-gates=NoSuchGate=true")
	waitFor(t, p, `document.querySelector(".gates-lines").textContent.includes("unrecognized feature gate: NoSuchGate")`, 10*time.Second)
	assert.Contains(t, eval[string](t, p, `document.querySelector(".gates-badge").textContent`), "Fails")
	// A YAML error in the config file is marked in the editor.
	typeInto(t, p, 1, "\n  bad: [")
	waitFor(t, p, gatesPanel+`.querySelector(".cm-lintRange-error, .cm-lint-marker-error") !== null`, 10*time.Second)
	// User text is never parsed as HTML.
	typeInto(t, p, 0, " --feature-gates=<img/src=x>=true")
	waitFor(t, p, `document.querySelector(".gates-lines").textContent.includes("<img/src=x>")`, 10*time.Second)
	assert.Equal(t, 0, eval[int](t, p, gatesPanel+`.querySelectorAll("img").length`))
}

// An example's address loads it, release included; the gallery switches
// examples and puts the name in the address bar.
func TestGatesTabGallery(t *testing.T) {
	p := openPage(t, "/#gates/upgrade-removed")
	waitFor(t, p, `kx.app.release === "1.30" && document.querySelector(".gates-upgrade").textContent.includes("CPUManager")`, 30*time.Second)
	assert.Contains(t, eval[string](t, p, `document.querySelector(".gates-upgrade").textContent`), "unrecognized feature gate: CPUManager")
	assert.Equal(t, "1.33", eval[string](t, p, gatesPanel+`.querySelector(".gates-target select, select[id^=gates-target]").value`))

	waitFor(t, p, gatesPanel+`.querySelector("button[data-example=dependency]") !== null`, 10*time.Second)
	eval[bool](t, p, `(`+gatesPanel+`.querySelector("button[data-example=dependency]").click(), true)`)
	waitFor(t, p, `location.hash === "#gates/dependency" && document.querySelector(".gates-lines").textContent.includes("panic: failed to merge global and in-flight KubeletConfiguration")`, 10*time.Second)
	assert.Equal(t, "1.37", eval[string](t, p, `kx.app.release`))
	// The panic names the config file's line.
	waitFor(t, p, gatesPanel+`.querySelector(".cm-lint-marker-error") !== null`, 10*time.Second)
}

// getState/setState round-trip: the hooks the page uses for autosave and
// share links.
func TestGatesTabState(t *testing.T) {
	p := openPage(t, "/#gates")
	waitForDefaultExample(t, p)
	st := eval[map[string]any](t, p, `kx.app.mounted.get("gates").getState()`)
	assert.Contains(t, st["commandLine"], "--feature-gates=")
	eval[bool](t, p, `(kx.app.mounted.get("gates").setState({commandLine: "--feature-gates=AllBeta=false,Bogus=1", unknownField: 1}), true)`)
	waitFor(t, p, `document.querySelector(".gates-lines").textContent.includes("Bogus")`, 10*time.Second)
	assert.Equal(t, "--feature-gates=AllBeta=false,Bogus=1", eval[string](t, p, `kx.app.mounted.get("gates").getState().commandLine`))
	assert.Equal(t, 0, eval[int](t, p, `kx.app.mounted.get("gates").getState().dropIns?.length ?? 0`))
	assert.True(t, eval[bool](t, p, `(() => { try { kx.app.mounted.get("gates").setState("nope"); return false } catch (e) { return true } })()`))
}

// The <kx-feature-gates> widget of the example documentation page reads its
// inline blocks and evaluates inside its shadow root.
func TestGatesWidget(t *testing.T) {
	p := openAnyPage(t, "/embed-example.html")
	const root = `document.querySelector("kx-feature-gates").shadowRoot`
	waitFor(t, p, root+`.querySelector(".gates-table") && `+root+`.querySelector(".gates-table").textContent.includes("SidecarContainers")`, 60*time.Second)
	waitFor(t, p, root+`.querySelector(".cm-content")?.textContent.includes("GracefulNodeShutdown=true")`, 20*time.Second)
	assert.Equal(t, "1.30", eval[string](t, p, `document.querySelector("kx-feature-gates").app.release`))
	assert.Contains(t, eval[string](t, p, root+`.querySelector(".gates-table").textContent`), "SidecarContainers")
	assert.Nil(t, eval[any](t, p, `document.querySelector(".gates-status")`), "the widget's DOM stays in its shadow root")
}
