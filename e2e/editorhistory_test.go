//go:build e2e

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// pageHoldingCodeMirror opens path on a page whose request for CodeMirror's
// chunk is held (Fetch domain) until release: its editors stay light ones.
// It returns once the page has shown its first result and asked for the
// chunk. before runs before the page is opened (a viewport, say).
func pageHoldingCodeMirror(t *testing.T, path string, before ...chromedp.Action[chromedp.Void]) (p *browsertest.Page, release func()) {
	t.Helper()
	p, err := env.NewPage(90*time.Second, chromedp.WithNewBrowserContext())
	require.NoError(t, err)
	t.Cleanup(func() {
		assert.Empty(t, p.Problems(), "the page reported errors")
		if v, err := browsertest.Eval[[]string](p, `window.kx.cspViolations`); err == nil {
			assert.Empty(t, v, "CSP violations")
		}
		p.Close()
	})
	held := make(chan fetch.RequestID, 1)
	require.NoError(t, chromedp.Listen(p.Ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			held <- e.RequestID
		}
	}))
	// No service worker: its fetches would pass the page's Fetch domain by.
	noSW := `navigator.serviceWorker.register = () => new Promise(() => {});`
	_, err = chromedp.Call(p.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: noSW})
	require.NoError(t, err)
	_, err = chromedp.Call(p.Ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/cmeditor.*"}}})
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(p.Ctx, before...))
	navigate(t, p, env.BaseURL+path)
	waitFor(t, p, `performance.getEntriesByName("kx-first-result").length > 0`, 60*time.Second)
	var id fetch.RequestID
	select {
	case id = <-held:
	case <-time.After(30 * time.Second):
		t.Fatal("the page did not ask for CodeMirror after its first result")
	}
	return p, func() {
		_, err := chromedp.Call(p.Ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id})
		require.NoError(t, err)
	}
}

// upgrade lets CodeMirror's chunk through (release) and waits until done
// (an expression) and two frames after it.
func upgrade(t *testing.T, p *browsertest.Page, release func(), done string) {
	t.Helper()
	release()
	waitFor(t, p, done, 20*time.Second)
	eval[bool](t, p, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
}

// assertSameRows asserts that after is before, row by row, within half a
// pixel; row (a format with the row's index) names a row's columns.
func assertSameRows(t *testing.T, before, after [][]float64, row string) {
	t.Helper()
	require.Len(t, after, len(before))
	for i := range before {
		for j := range before[i] {
			assert.InDelta(t, before[i][j], after[i][j], 0.5, row+" before %v, after %v", i, before[i], after[i])
		}
	}
}

// press presses a key with modifiers (chromedp.ModifierCtrl, ...) in the
// focused element.
func press(t *testing.T, p *browsertest.Page, key string, mods ...chromedp.Modifier) {
	t.Helper()
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(key, chromedp.KeyModifiers(mods...))))
}

// What is typed into a light editor before CodeMirror has loaded is in
// CodeMirror's history after it: Ctrl+Z undoes it and Ctrl+Y redoes it,
// and what the light editor's own undo undid is CodeMirror's to redo.
func TestLightEditorEditsAreCodeMirrorHistory(t *testing.T) {
	p, release := pageHoldingCodeMirror(t, "/#gates")
	const area = `document.querySelectorAll("#panel-gates .kx-editor-light textarea")[1]`
	original := eval[string](t, p, area+`.value`)
	require.NotEmpty(t, original)

	eval[bool](t, p, `(() => { const a = `+area+`; a.focus(); a.setSelectionRange(0, 0); return true })()`)
	typeText(t, p, "# first\n")
	// Elsewhere (a new group for the browser and for CodeMirror).
	eval[bool](t, p, `(() => { const a = `+area+`; a.setSelectionRange(a.value.length, a.value.length); return true })()`)
	typeText(t, p, "# second\n")
	require.Equal(t, "# first\n"+original+"# second\n", eval[string](t, p, area+`.value`))
	// The light editor's own undo works.
	press(t, p, "z", chromedp.ModifierCtrl)
	waitFor(t, p, area+`.value === `+jsString("# first\n"+original), 5*time.Second)

	release()
	const view = `document.querySelectorAll("#panel-gates .cm-editor")[1].kxView`
	waitFor(t, p, `document.querySelector(".kx-editor-light") === null && document.querySelectorAll("#panel-gates .cm-editor").length >= 3`, 20*time.Second)
	require.True(t, eval[bool](t, p, view+`.hasFocus`), "the focus is kept")
	text := func() string { return eval[string](t, p, view+`.state.doc.toString()`) }
	require.Equal(t, "# first\n"+original, text())

	// What the light editor undid, CodeMirror redoes.
	press(t, p, "y", chromedp.ModifierCtrl)
	assert.Equal(t, "# first\n"+original+"# second\n", text(), "Ctrl+Y redoes the light editor's undo")
	press(t, p, "z", chromedp.ModifierCtrl)
	assert.Equal(t, "# first\n"+original, text(), "Ctrl+Z undoes it again")
	press(t, p, "z", chromedp.ModifierCtrl)
	assert.Equal(t, original, text(), "Ctrl+Z undoes what was typed before the upgrade")
	press(t, p, "z", chromedp.ModifierCtrl)
	assert.Equal(t, original, text(), "and nothing before it")
	press(t, p, "y", chromedp.ModifierCtrl)
	assert.Equal(t, "# first\n"+original, text(), "Ctrl+Y redoes it")
	// The page follows the editor (onChange): what it saves is the text.
	waitFor(t, p, `kx.currentState().tabs.gates.config.content === `+jsString("# first\n"+original), 5*time.Second)
}

// An upgrade while an input method composes waits for the composition to
// end: the composition is not cut off, and its text is then in
// CodeMirror's history.
func TestLightEditorUpgradeWaitsForComposition(t *testing.T) {
	p, release := pageHoldingCodeMirror(t, "/#gates")
	const area = `window.composed`
	original := eval[string](t, p, `(window.composed = document.querySelectorAll("#panel-gates .kx-editor-light textarea")[1]).value`)
	eval[bool](t, p, `(() => { const a = `+area+`; a.focus(); a.setSelectionRange(0, 0); return true })()`)
	_, err := chromedp.Call(p.Ctx, input.ImeSetComposition, input.ImeSetCompositionParams{Text: "か", SelectionStart: 1, SelectionEnd: 1})
	require.NoError(t, err)
	waitFor(t, p, area+`.value.startsWith("か")`, 5*time.Second)

	release()
	waitFor(t, p, `window.kx.settled`, 20*time.Second)
	eval[bool](t, p, `new Promise((r) => setTimeout(() => r(true), 300))`)
	assert.Equal(t, 1, eval[int](t, p, `document.querySelectorAll(".kx-editor-light").length`), "the editor being composed in waits; the others do not")
	assert.True(t, eval[bool](t, p, area+` === document.activeElement && `+area+`.value.startsWith("か")`))
	_, err = chromedp.Call(p.Ctx, input.InsertText, input.InsertTextParams{Text: "漢"})
	require.NoError(t, err)
	const view = `document.querySelectorAll("#panel-gates .cm-editor")[1].kxView`
	waitFor(t, p, `document.querySelector(".kx-editor-light") === null`, 10*time.Second)
	assert.Equal(t, "漢"+original, eval[string](t, p, view+`.state.doc.toString()`))
	assert.True(t, eval[bool](t, p, view+`.hasFocus`))
	press(t, p, "z", chromedp.ModifierCtrl)
	assert.Equal(t, original, eval[string](t, p, view+`.state.doc.toString()`), "Ctrl+Z undoes the composed text")
}

// Where a light editor shows its text is where CodeMirror shows it: the
// same left edge beside gutters of the same width, the same tab stops, and
// a long text scrolled down and sideways stays where it was scrolled to,
// drawn.
func TestLightEditorTextStaysInPlace(t *testing.T) {
	p, release := pageHoldingCodeMirror(t, "/#gates")
	// The config editor: long and wide, scrolled.
	eval[bool](t, p, `(() => { const e = document.querySelectorAll("#panel-gates .kx-editor-light")[1], a = e.querySelector("textarea");
		a.focus(); a.setSelectionRange(a.value.length, a.value.length);
		document.execCommand("insertText", false, "wide: " + "w".repeat(300) + "\n" + Array.from({length: 80}, (_, i) => "k" + (i + 1) + ": v\n").join(""));
		e.scrollTop = 700; e.scrollLeft = 40; return true })()`)
	// Per editor: the text's left edge and top (in the content), the
	// scroll position, the tab size.
	const light = `[...document.querySelectorAll("#panel-gates .kx-editor-light")].map((b) => { const a = b.querySelector("textarea"), r = a.getBoundingClientRect();
		return [r.left + parseFloat(getComputedStyle(a).paddingLeft) + b.scrollLeft, r.top + 4 + b.scrollTop, b.scrollTop, b.scrollLeft, +getComputedStyle(a).tabSize] })`
	const cm = `[...document.querySelectorAll("#panel-gates .cm-editor")].map((b) => { const l = b.querySelector(".cm-line"), s = b.querySelector(".cm-scroller"), c = b.querySelector(".cm-content");
		return [l.getBoundingClientRect().left + parseFloat(getComputedStyle(l).paddingLeft) + s.scrollLeft, c.getBoundingClientRect().top + 4 + s.scrollTop, s.scrollTop, s.scrollLeft, +getComputedStyle(c).tabSize] })`
	before := eval[[][]float64](t, p, light)
	require.Equal(t, []float64{700, 40}, before[1][2:4], "the config editor scrolled")
	upgrade(t, p, release, `document.querySelector(".kx-editor-light") === null`)
	assertSameRows(t, before, eval[[][]float64](t, p, cm), "editor %d (text left, text top, scroll top, scroll left, tab size)")
	// The line at the top of the scrolled editor is drawn (not a gap CodeMirror has yet to fill).
	assert.Regexp(t, `^k\d+: v$`, eval[string](t, p, `(() => { const s = document.querySelectorAll("#panel-gates .cm-editor")[1].querySelector(".cm-scroller"), r = s.getBoundingClientRect();
		const at = s.getRootNode().elementFromPoint(r.right - 60, r.top + 30); return at.closest(".cm-line")?.textContent ?? at.className })()`))
}
