//go:build e2e

package e2e

import (
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// scriptsBeforeFirstResult lists the page's scripts requested before its
// first result was marked, and those requested after, by name without the
// hash ("gates", "cmeditor", "chunk", "app", ...).
const scriptsBeforeFirstResult = `(() => {
	const first = performance.getEntriesByName("kx-first-result")[0].startTime;
	const name = (e) => new URL(e.name).pathname.split("/").pop().split(".")[0];
	const js = performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".js"));
	return {before: js.filter((e) => e.startTime < first).map(name), after: js.filter((e) => e.startTime >= first).map(name)};
})()`

// A cold page on each tab loads that tab's chunk and no other tab's, nor
// CodeMirror, before its first result; after it, it fetches the rest
// (CodeMirror, the other tabs), and the editors become CodeMirror.
func TestFirstPaintLoadsOnlyItsTab(t *testing.T) {
	tabs := []string{"gates", "kubelet", "kubefed"}
	for _, tab := range tabs {
		t.Run(tab, func(t *testing.T) {
			p := openAnyPage(t, "/#"+tab)
			waitFor(t, p, `performance.getEntriesByName("kx-first-result").length > 0 && window.kx.settled`, 60*time.Second)
			got := eval[map[string][]string](t, p, scriptsBeforeFirstResult)
			assert.Contains(t, got["before"], tab, "the tab's own chunk")
			assert.NotContains(t, got["before"], "cmeditor", "CodeMirror waits for the first result")
			for _, other := range tabs {
				if other != tab {
					assert.NotContains(t, got["before"], other, "another tab's chunk before the first result")
					assert.Contains(t, got["after"], other, "the other tabs are fetched after the first result")
				}
			}
			assert.Contains(t, got["after"], "cmeditor")
			waitFor(t, p, `document.querySelector("#panel-`+tab+` .cm-editor") !== null && document.querySelector(".kx-editor-light") === null`, 10*time.Second)
		})
	}
}

// The light editor becomes CodeMirror in place: what was typed into it
// before, its selection and focus are kept, the boxes keep their size and
// place (no layout shift), and the page saves the same state. CodeMirror's
// chunk is held back (Fetch domain) until the test has typed.
func TestLightEditorBecomesCodeMirrorInPlace(t *testing.T) {
	p, release := pageHoldingCodeMirror(t, "/#gates")
	const editors = `[...document.querySelectorAll("#panel-gates .kx-editor-light, #panel-gates .cm-editor")]`
	n := eval[int](t, p, `document.querySelectorAll("#panel-gates .kx-editor-light").length`)
	require.GreaterOrEqual(t, n, 3, "the gates tab's editors are light until CodeMirror arrives")
	assert.Zero(t, eval[int](t, p, `document.querySelectorAll(".cm-editor").length`))

	// Type into the config editor like a user, then select part of it.
	eval[bool](t, p, `(() => { const a = document.querySelectorAll("#panel-gates .kx-editor-light textarea")[1]; a.focus(); a.setSelectionRange(0, 0); return true })()`)
	typeText(t, p, "# typed before the editor\n")
	eval[bool](t, p, `(document.querySelectorAll("#panel-gates .kx-editor-light textarea")[1].setSelectionRange(2, 7, "backward"), true)`)
	waitFor(t, p, `document.querySelectorAll("#panel-gates .kx-editor-light textarea")[1].value.startsWith("# typed before the editor\n")`, 5*time.Second)
	// The edit's evaluation done: its result moves nothing while shifts are recorded.
	waitFor(t, p, `!document.querySelector("#panel-gates .pane-out[data-stale]")`, 30*time.Second)
	time.Sleep(500 * time.Millisecond)
	const boxes = `(` + editors + `.map((e) => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }).concat([(() => { const r = document.querySelector("#panel-gates .pane-out").getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })()]))`
	before := eval[[][]float64](t, p, boxes)
	values := eval[[]string](t, p, editors+`.map((e) => e.kxEditor.value)`)
	saved := eval[map[string]any](t, p, `kx.currentState().tabs.gates`)
	eval[bool](t, p, `(window.__shifts = [], new PerformanceObserver((l) => window.__shifts.push(...l.getEntries().map((e) => e.value))).observe({type: "layout-shift"}), true)`)

	upgrade(t, p, release, `document.querySelector(".kx-editor-light") === null && document.querySelectorAll("#panel-gates .cm-editor").length === `+itoa(n))
	assertSameRows(t, before, eval[[][]float64](t, p, boxes), "box %d (x, y, width, height)")
	assert.Empty(t, eval[[]float64](t, p, `window.__shifts.filter((v) => v > 0)`), "layout shifts")
	assert.Equal(t, values, eval[[]string](t, p, editors+`.map((e) => e.kxView.state.doc.toString())`), "the text")
	assert.Equal(t, saved, eval[map[string]any](t, p, `kx.currentState().tabs.gates`), "what the page saves")
	sel := eval[[]int](t, p, `(() => { const v = `+editors+`[1].kxView; return [v.state.selection.main.anchor, v.state.selection.main.head, v.hasFocus ? 1 : 0]; })()`)
	assert.Equal(t, []int{7, 2, 1}, sel, "the selection (anchor, head) and the focus")
	// Typing goes on in CodeMirror, over the selection.
	typeText(t, p, "X")
	assert.True(t, eval[bool](t, p, editors+`[1].kxView.state.doc.toString().startsWith("# X before the editor\n")`), "a key typed after the upgrade replaces the selection")
	// CodeMirror's labels still name the editors (label for= the content).
	assert.True(t, eval[bool](t, p, `(() => { const l = [...document.querySelectorAll("#panel-gates label[for]")].find((l) => l.textContent === "Command line"); const el = document.getElementById(l.htmlFor); return el !== null && el.classList.contains("cm-content"); })()`), "the command line's label names CodeMirror's content")
}

// After one visit every chunk is in the service worker's cache: each tab,
// CodeMirror and everything they import load offline, including the tabs
// never opened online.
func TestEveryChunkWorksOffline(t *testing.T) {
	base, off := siteServer(t)

	p, err := env.NewPage(120*time.Second, chromedp.WithNewBrowserContext())
	require.NoError(t, err)
	defer p.Close()
	navigate(t, p, base+"/#gates")
	waitFor(t, p, browsertest.EngineReadyExpr+` && window.kx.settled`, 30*time.Second)
	waitFor(t, p, `navigator.serviceWorker.controller !== null`, 30*time.Second)
	waitFor(t, p, `caches.keys().then(ks => ks.filter(k => k.startsWith("kubexplorer-")).length === 1)`, 10*time.Second)
	chunk := regexp.MustCompile(`\.[A-Z2-7]{8}\.js$`)
	chunks := 0
	for _, u := range eval[[]string](t, p, `fetch("build.json").then((r) => r.json()).then((m) => m.files.map((f) => f.name))`) {
		if chunk.MatchString(u) {
			chunks++
			assert.True(t, eval[bool](t, p, `caches.match(`+jsQuote(u)+`).then((r) => r !== undefined)`), "the service worker cached %s", u)
		}
	}
	assert.Greater(t, chunks, 4, "the build has chunks")

	off()
	for _, tab := range []string{"kubelet", "kubefed", "gates"} {
		navigate(t, p, base+"/#"+tab)
		require.NoError(t, chromedp.Do(p.Ctx, chromedp.Reload()))
		waitFor(t, p, `performance.getEntriesByName("kx-first-result").length > 0 && window.kx.settled`, 60*time.Second)
		waitFor(t, p, `document.querySelector("#panel-`+tab+` .cm-editor") !== null`, 10*time.Second)
	}
}

// typeText types text into the focused element, as the keyboard does.
func typeText(t *testing.T, p *browsertest.Page, text string) {
	t.Helper()
	_, err := chromedp.Call(p.Ctx, input.InsertText, input.InsertTextParams{Text: text})
	require.NoError(t, err)
}
