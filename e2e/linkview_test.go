//go:build e2e

package e2e

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// goldenLink reads a share link made by an earlier page (site/test/testdata/links).
func goldenLink(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile("../site/test/testdata/links/" + name + ".link")
	require.NoError(t, err)
	return strings.TrimSpace(string(data))
}

// The editor may still be a light one (editor.js) right after a load.
const gatesCmd = `document.querySelector("#panel-gates .cm-editor, #panel-gates .kx-editor-light")?.kxEditor.value`

func savedGatesCmd(t *testing.T, p *browsertest.Page) string {
	t.Helper()
	return eval[string](t, p, `(JSON.parse(localStorage.getItem("kubexplorer.state.v1") || "{}").tabs?.gates?.commandLine) ?? ""`)
}

// A link is a view: opening one leaves the saved work alone; editing the
// link's content keeps it and puts the earlier work in the history, which
// restores.
func TestLinkIsAView(t *testing.T) {
	mine := "kubelet --v=7 # my own work"
	link := goldenLink(t, "v1-unicode") // a gates command line with “Zürich”
	p := openFresh(t, "/")
	editFirstEditor(t, p, "gates", mine)
	waitFor(t, p, `(JSON.parse(localStorage.getItem("kubexplorer.state.v1") || "{}").tabs?.gates?.commandLine) === `+jsQuote(mine), 10*time.Second)

	// Open the link in the same page (a new fragment).
	eval[bool](t, p, `(location.hash = `+jsQuote(link)+`, true)`)
	waitFor(t, p, gatesCmd+`.includes("Zürich")`, 20*time.Second)
	assert.Equal(t, "link", eval[string](t, p, `kx.mode`))
	assert.Contains(t, eval[string](t, p, `kx.notices.text("link")`), "Your own work is kept")
	time.Sleep(600 * time.Millisecond) // longer than the autosave debounce
	assert.Equal(t, mine, savedGatesCmd(t, p), "opening a link does not touch the saved work")

	// Back to the plain URL (a new page load): the work is there.
	navigate(t, p, env.BaseURL+"/")
	waitFor(t, p, browsertest.EngineReadyExpr, 30*time.Second)
	waitFor(t, p, gatesCmd+` === `+jsQuote(mine), 20*time.Second)
	assert.Equal(t, "work", eval[string](t, p, `kx.mode`))

	// "Back to your work" from a link's view.
	eval[bool](t, p, `(location.hash = `+jsQuote(link)+`, true)`)
	waitFor(t, p, gatesCmd+`.includes("Zürich")`, 20*time.Second)
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Click(chromedp.CSS(`[data-notice="link"] .button.primary`))))
	waitFor(t, p, gatesCmd+` === `+jsQuote(mine), 20*time.Second)
	assert.Equal(t, "work", eval[string](t, p, `kx.mode`))
	assert.Equal(t, "#gates", eval[string](t, p, `location.hash`))
	assert.False(t, eval[bool](t, p, `kx.notices.has("link")`))

	// Open the link as a new page and edit its content: the link's content
	// becomes the work, the earlier work goes to the history.
	navigate(t, p, env.BaseURL+"/"+link)
	waitFor(t, p, browsertest.EngineReadyExpr, 30*time.Second)
	waitFor(t, p, gatesCmd+`.includes("Zürich")`, 20*time.Second)
	assert.Equal(t, mine, savedGatesCmd(t, p))
	waitFor(t, p, `window.kx.settled === true && document.querySelector("#panel-gates .cm-editor") !== null`, 30*time.Second)
	eval[bool](t, p, `(() => { const v = document.querySelector("#panel-gates .cm-editor").kxView; v.dispatch({changes: {from: v.state.doc.length, insert: " --edited"}}); return true })()`)
	waitFor(t, p, `kx.mode === "work"`, 5*time.Second)
	assert.Equal(t, "#gates", eval[string](t, p, `location.hash`), "the address no longer claims to be the link")
	waitFor(t, p, `(JSON.parse(localStorage.getItem("kubexplorer.state.v1") || "{}").tabs?.gates?.commandLine ?? "").endsWith(" --edited")`, 10*time.Second)
	history := eval[[]map[string]any](t, p, `kx.work.history("gates").map(e => ({reason: e.reason, cmd: e.state.commandLine}))`)
	require.NotEmpty(t, history)
	assert.Equal(t, mine, history[0]["cmd"])
	assert.Contains(t, history[0]["reason"], "shared link")
	assert.Contains(t, eval[string](t, p, `kx.notices.text("adopted")`), "is in the history")

	// Restore it from the page (History → Earlier versions).
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Click(chromedp.ID("history-button"))))
	waitFor(t, p, `document.getElementById("history-dialog").open && document.querySelector("#history-list .history-restore") !== null`, 10*time.Second)
	assert.Contains(t, eval[string](t, p, `document.getElementById("history-list").textContent`), "replaced by a shared link")
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Click(chromedp.CSS(`#history-list .history-restore`))))
	waitFor(t, p, gatesCmd+` === `+jsQuote(mine), 20*time.Second)
	waitFor(t, p, `(JSON.parse(localStorage.getItem("kubexplorer.state.v1") || "{}").tabs?.gates?.commandLine) === `+jsQuote(mine), 10*time.Second)
	// What the restore replaced is in the history too.
	assert.True(t, strings.HasSuffix(eval[string](t, p, `kx.work.history("gates")[0].state.commandLine`), " --edited"))
	// The history survives a reload.
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Reload()))
	waitFor(t, p, browsertest.EngineReadyExpr, 30*time.Second)
	assert.GreaterOrEqual(t, eval[int](t, p, `kx.work.history("gates").length`), 2)
}

// Changing the release in a link's view keeps the link's content.
func TestChangingTheReleaseKeepsTheLink(t *testing.T) {
	p := openFresh(t, "/"+goldenLink(t, "v2-widget-kubelet"))
	waitFor(t, p, `kx.mode === "link"`, 20*time.Second)
	eval[bool](t, p, `(() => { const s = document.getElementById("release"); s.value = kx.app.releases[1]; s.dispatchEvent(new Event("change")); return true; })()`)
	waitFor(t, p, `kx.mode === "work"`, 5*time.Second)
	waitFor(t, p, `JSON.parse(localStorage.getItem("kubexplorer.state.v1") || "{}").tabs?.kubelet?.example === "crashloop"`, 10*time.Second)
}

// The last keystrokes survive a reload that comes before the autosave's debounce.
func TestLastKeystrokesSurviveAQuickReload(t *testing.T) {
	p := openFresh(t, "/")
	editFirstEditor(t, p, "gates", "kubelet --v=2")
	// The edit and the reload in one go: the autosave's debounce never fires.
	eval[bool](t, p, `(() => { const v = document.querySelector("#panel-gates .cm-editor").kxView; v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: "kubelet --v=3 # typed just now"}}); location.reload(); return true })()`)
	time.Sleep(time.Second)
	waitFor(t, p, browsertest.EngineReadyExpr, 30*time.Second)
	waitFor(t, p, gatesCmd+` === "kubelet --v=3 # typed just now"`, 20*time.Second)
}

// With storage blocked the page works and says that work won't be kept.
func TestBlockedStorage(t *testing.T) {
	blocked := `for (const name of ["localStorage", "sessionStorage"]) Object.defineProperty(window, name, {get() { throw new DOMException("Access is denied for this document.", "SecurityError"); }});`
	p := openPageAfter(t, "/", blocked)
	waitFor(t, p, `kx.app.release !== null`, 10*time.Second)
	assert.Contains(t, eval[string](t, p, `kx.notices.text("storage")`), "will not be kept")
	assert.Equal(t, "unavailable", eval[string](t, p, `kx.store.status`))
	editFirstEditor(t, p, "gates", "kubelet --v=4")
	time.Sleep(600 * time.Millisecond)
	// Still working: the theme toggles, the engine answers, share links are made.
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Click(chromedp.ID("theme-toggle"))))
	assert.Equal(t, map[string]any{"value": 1.0}, eval[map[string]any](t, p, `kx.engine.call("echo", {value: 1})`))
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Click(chromedp.ID("share-button"))))
	waitFor(t, p, `document.getElementById("share-link").value.includes("#s=2.")`, 10*time.Second)
}
