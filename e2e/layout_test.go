//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// showTab shows a tab at a viewport and waits for its first results.
func showTab(t *testing.T, p *browsertest.Page, id string) {
	t.Helper()
	eval[bool](t, p, `(document.getElementById("tab-`+id+`").click(), true)`)
	waitFor(t, p, settleExpr[id], 30*time.Second)
	// The results are current (not dimmed while an evaluation is pending).
	waitFor(t, p, `!document.querySelector("#panel-`+id+` .pane-out[data-stale]")`, 30*time.Second)
	time.Sleep(300 * time.Millisecond) // let the layout settle after the results arrive
}

// inViewExpr is a page function: whether an element is really visible in
// the first viewport — the point near its top left corner is inside the
// window and is the element itself (or inside it), not something covering
// it or a pane that clipped it away.
const inViewExpr = `function inView(el) {
  if (!el) return false;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return false;
  const x = r.left + Math.min(r.width / 2, 40), y = r.top + Math.min(r.height / 2, 8);
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return hit !== null && (el === hit || el.contains(hit));
}`

// mustSee are, per tab, the output that matters: it is in the first
// viewport at 1280×800 together with the first input editor.
var mustSee = map[string][]string{
	"gates":   {".gates-verdict", ".gates-table tbody tr"},
	"kubelet": {".kubelet-pod-card", ".kubelet-chartview .tl-svg, .kubelet-chartview .timeline-empty"},
	"kubefed": {".kubefed-ftc-table tbody tr", ".kubefed-federated"},
}

func TestFirstViewportShowsInputAndResults(t *testing.T) {
	p := openPage(t, "/")
	require.NoError(t, chromedp.Do(p.Ctx, emulate(viewports[0])))
	for _, id := range tabIDs {
		showTab(t, p, id)
		panel := `document.getElementById("panel-` + id + `")`
		seen := eval[map[string]bool](t, p, fmt.Sprintf(`(() => { %s
  const panel = %s, out = {};
  out.editor = inView(panel.querySelector(".pane-in .cm-editor .cm-content"));
  for (const sel of %s) out[sel] = inView(panel.querySelector(sel));
  return out; })()`, inViewExpr, panel, jsArray(mustSee[id])))
		for what, ok := range seen {
			assert.True(t, ok, "tab %s at 1280×800: %s is not in the first viewport", id, what)
		}
		assert.Zero(t, eval[float64](t, p, `document.scrollingElement.scrollTop`), "tab %s: the page itself scrolled", id)
	}
}

func jsArray(s []string) string {
	out := "["
	for i, v := range s {
		if i > 0 {
			out += ","
		}
		out += fmt.Sprintf("%q", v)
	}
	return out + "]"
}

// At 390 px nothing scrolls sideways, on any tab, with either pane shown;
// the switch shows one pane at a time.
func TestNoSidewaysScrollOnAPhone(t *testing.T) {
	p := openPage(t, "/")
	require.NoError(t, chromedp.Do(p.Ctx, emulate(viewports[1])))
	for _, id := range tabIDs {
		showTab(t, p, id)
		panel := `document.getElementById("panel-` + id + `")`
		for _, which := range []string{"input", "output"} {
			eval[bool](t, p, fmt.Sprintf(`([...%s.querySelectorAll(".ws-switch-button")].find(b => b.textContent.toLowerCase().startsWith(%q)).click(), true)`, panel, which))
			time.Sleep(300 * time.Millisecond)
			assert.True(t, eval[bool](t, p, panel+`.querySelector(".ws-switch").offsetParent !== null`), "tab %s: the Input/Output switch is shown on a phone", id)
			wide := eval[[]string](t, p, `(() => {
  const w = document.documentElement.clientWidth, out = [];
  if (document.scrollingElement.scrollWidth > w) out.push("page scrollWidth " + document.scrollingElement.scrollWidth + " > " + w);
  for (const el of document.querySelectorAll("body *")) {
    if (!el.offsetParent && getComputedStyle(el).position !== "fixed") continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > w + 1 && !el.closest(".table-wrap, .scroll-box, .cm-scroller, pre, .timeline, .cm-tooltip")) out.push(el.tagName + "." + el.className + " right=" + Math.round(r.right));
  }
  return out.slice(0, 10); })()`)
			assert.Empty(t, wide, "tab %s (%s shown) at 390 px: wider than the screen", id, which)
			inShown := eval[bool](t, p, panel+`.querySelector(".pane-in").offsetParent !== null`)
			outShown := eval[bool](t, p, panel+`.querySelector(".pane-out").offsetParent !== null`)
			assert.Equal(t, which == "input", inShown, "tab %s: input pane shown with %s selected", id, which)
			assert.Equal(t, which == "output", outShown, "tab %s: output pane shown with %s selected", id, which)
		}
	}
}

// The splitter moves by keyboard, within its limits, and is remembered.
func TestSplitterByKeyboard(t *testing.T) {
	p := openPage(t, "/")
	require.NoError(t, chromedp.Do(p.Ctx, emulate(viewports[0])))
	showTab(t, p, "gates")
	const sp = `document.querySelector("#panel-gates .ws-splitter")`
	const inW = `document.querySelector("#panel-gates .pane-in").getBoundingClientRect().width`
	v0 := eval[string](t, p, sp+`.getAttribute("aria-valuenow")`)
	w0 := eval[float64](t, p, inW)
	eval[bool](t, p, `(`+sp+`.focus(), document.activeElement === `+sp+`)`)
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.ArrowRight)))
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.ArrowRight)))
	v1 := eval[string](t, p, sp+`.getAttribute("aria-valuenow")`)
	assert.NotEqual(t, v0, v1, "→ moves the splitter")
	assert.Greater(t, eval[float64](t, p, inW), w0+20, "→ widens the input pane")
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.End)))
	assert.Equal(t, "80", eval[string](t, p, sp+`.getAttribute("aria-valuenow")`), "End: the largest input pane")
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.Home)))
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.ArrowRight)))
	assert.Equal(t, "22", eval[string](t, p, sp+`.getAttribute("aria-valuenow")`), "Home, then →")
	// Remembered across a reload.
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Reload()))
	waitFor(t, p, browsertest.EngineReadyExpr, 30*time.Second)
	waitFor(t, p, sp+` !== null`, 20*time.Second)
	assert.Equal(t, "22", eval[string](t, p, sp+`.getAttribute("aria-valuenow")`), "the split is remembered")
}

// While the kubelet plays, the timeline's time axis follows the virtual
// clock (it used to stay at t=1s).
func TestTimelineAxisAdvances(t *testing.T) {
	p := openPage(t, "/#kubelet")
	require.NoError(t, chromedp.Do(p.Ctx, emulate(viewports[0])))
	waitFor(t, p, settleExpr["kubelet"], 30*time.Second)
	const tl = `document.querySelector("#panel-kubelet .timeline")`
	eval[bool](t, p, `(() => { const s = document.querySelector("#panel-kubelet .kubelet-speed"); s.value = "30"; s.dispatchEvent(new Event("change")); document.querySelector("#panel-kubelet .kubelet-play").click(); return true })()`)
	waitFor(t, p, tl+`.querySelector(".tl-svg") !== null && Number(`+tl+`.dataset.now) > 2`, 20*time.Second)
	ticks := `[...` + tl + `.querySelectorAll(".tl-tick")].map(e => e.textContent).join(" ")`
	first := eval[string](t, p, ticks)
	now1 := eval[float64](t, p, `Number(`+tl+`.dataset.now)`)
	waitFor(t, p, `Number(`+tl+`.dataset.now) > `+fmt.Sprint(now1+40), 30*time.Second)
	eval[bool](t, p, `(document.querySelector("#panel-kubelet .kubelet-play").click(), true)`)
	later := eval[string](t, p, ticks)
	assert.NotEqual(t, first, later, "the axis ticks change as time passes")
	assert.Greater(t, eval[float64](t, p, `Number(`+tl+`.dataset.end)`), now1+40, "the axis reaches the clock")
	assert.Greater(t, eval[int](t, p, tl+`.querySelectorAll(".tl-restart").length`), 0, "restarts are marked")
	bands := eval[[]string](t, p, `[...`+tl+`.querySelectorAll(".tl-band")].map(r => r.getAttribute("class") + " " + r.querySelector("title").textContent)`)
	classes := strings.Join(bands, "\n")
	assert.Contains(t, classes, "tl-run", "a running band: %s", classes)
	assert.Regexp(t, `tl-(term|bad)`, classes, "a terminated or back-off band: %s", classes)
	// The player's icons are SVG, not glyphs a font may lack.
	assert.Equal(t, 0, eval[int](t, p, `[...document.querySelectorAll("#panel-kubelet .player button")].filter(b => /[⏸▶⏭]/.test(b.textContent)).length`))
	assert.Greater(t, eval[int](t, p, `document.querySelectorAll("#panel-kubelet .player button svg.icon").length`), 1)
}

// Editing an input marks the tab modified, with a Reset that brings the
// example back; a kubelet scenario edited but not loaded shows its results
// as stale.
func TestModifiedMarkerResetAndStale(t *testing.T) {
	p := openPage(t, "/")
	for _, id := range tabIDs {
		showTab(t, p, id)
		ws := `document.querySelector("#panel-` + id + ` .ws")`
		assert.Equal(t, "false", eval[string](t, p, `String(`+ws+`.dataset.modified)`), "tab %s starts as its example", id)
		before := eval[string](t, p, ws+`.querySelector(".pane-in .cm-editor").kxView.state.doc.toString()`)
		eval[bool](t, p, `(() => { const v = `+ws+`.querySelector(".pane-in .cm-editor").kxView; v.dispatch({changes: {from: v.state.doc.length, insert: "\n# my change\n"}}); return true })()`)
		waitFor(t, p, ws+`.dataset.modified === "true" && !`+ws+`.querySelector(".ws-reset").hidden`, 10*time.Second)
		assert.Contains(t, eval[string](t, p, ws+`.querySelector(".ws-state").textContent`), "Modified")
		if id == "kubelet" {
			waitFor(t, p, ws+`.querySelector(".pane-out").dataset.stale === "shown"`, 5*time.Second)
			assert.Contains(t, eval[string](t, p, ws+`.querySelector(".stale-badge").textContent`), "Load")
		}
		eval[bool](t, p, `(`+ws+`.querySelector(".ws-reset").click(), true)`)
		waitFor(t, p, ws+`.dataset.modified === "false" && `+ws+`.querySelector(".ws-reset").hidden`, 20*time.Second)
		waitFor(t, p, ws+`.querySelector(".pane-in .cm-editor").kxView.state.doc.toString() === `+fmt.Sprintf("%q", before), 20*time.Second)
		waitFor(t, p, `!`+ws+`.querySelector(".pane-out").dataset.stale`, 20*time.Second)
	}
}
