//go:build e2e

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// tabIDs are the page's tabs, in order.
var tabIDs = []string{"gates", "kubelet", "kubefed"}

// hostileMarkup is what a user might paste; it must show as text, never run.
const hostileMarkup = `<img src=x onerror="window.__kxPwned=1"><script>window.__kxPwned=2</script><b id=kxinjected>bold</b>`

// deepAll is a page function returning every element matching a selector in
// the document and in every open shadow root below it.
const deepAll = `function deepAll(sel, root = document) {
  const out = [...root.querySelectorAll(sel)];
  for (const el of root.querySelectorAll("*")) if (el.shadowRoot) out.push(...deepAll(sel, el.shadowRoot));
  return out;
}`

// pasteEverywhere puts text into every editor and text field under the
// elements matching rootSel (searching shadow roots too), as a user's paste
// would, and returns how many it filled.
func pasteEverywhere(t *testing.T, p *browsertest.Page, rootSel, text string) int {
	t.Helper()
	return eval[int](t, p, fmt.Sprintf(`(() => { %s
  const text = %q; let n = 0;
  for (const root of deepAll(%q)) {
    const scope = root.shadowRoot || root;
    for (const ed of deepAll(".cm-editor", scope)) {
      const v = ed.kxView; if (!v) continue;
      v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: text}}); n++;
    }
    for (const f of deepAll("textarea, input[type=text], input[type=search], input:not([type])", scope)) {
      f.value = text; f.dispatchEvent(new Event("input", {bubbles: true})); f.dispatchEvent(new Event("change", {bubbles: true})); n++;
    }
  }
  return n; })()`, deepAll, text, rootSel))
}

// assertInert checks that no pasted markup became elements or ran.
func assertInert(t *testing.T, p *browsertest.Page) {
	t.Helper()
	got := eval[map[string]any](t, p, `(() => { `+deepAll+`
  return {
    pwned: window.__kxPwned ?? 0,
    injected: deepAll("#kxinjected").length,
    images: deepAll("img").filter(i => /\/x$/.test(i.src)).length,
    scripts: deepAll("script").filter(s => s.textContent.includes("__kxPwned") && !s.closest("kx-feature-gates, kx-kubelet, kx-kubefed")).length,
  }; })()`)
	assert.Equal(t, map[string]any{"pwned": 0.0, "injected": 0.0, "images": 0.0, "scripts": 0.0}, got, "pasted markup must stay text")
	for _, r := range p.Requests() {
		assert.NotRegexp(t, `/x$`, r, "a pasted image was fetched")
	}
}

func TestPastedMarkupIsInertInEveryPanel(t *testing.T) {
	p := openPage(t, "/")
	for _, id := range tabIDs {
		eval[bool](t, p, `(document.getElementById("tab-`+id+`").click(), true)`)
		waitFor(t, p, `!document.getElementById("panel-`+id+`").hidden`, 5*time.Second)
		// Let the tab build its editors (some wait for the engine).
		waitFor(t, p, `document.getElementById("panel-`+id+`").childElementCount > 0`, 20*time.Second)
		time.Sleep(500 * time.Millisecond)
		pasteEverywhere(t, p, "#panel-"+id, hostileMarkup)
	}
	// Give debounced evaluations time to render their results and errors.
	time.Sleep(2 * time.Second)
	assertInert(t, p)
}

func TestPastedMarkupIsInertInEmbeds(t *testing.T) {
	p := openAnyPage(t, "/embed-example.html")
	for _, sel := range []string{"kx-feature-gates", "kx-kubelet"} {
		eval[bool](t, p, `(document.querySelector("`+sel+`").scrollIntoView(), document.querySelector("`+sel+`").start(), true)`)
		waitFor(t, p, `document.querySelector("`+sel+`").app?.release != null`, 30*time.Second)
	}
	time.Sleep(500 * time.Millisecond)
	pasteEverywhere(t, p, "kx-feature-gates, kx-kubelet", hostileMarkup)
	time.Sleep(2 * time.Second)
	assertInert(t, p)
}

// Every control a user can reach has a name a screen reader can say.
func TestEveryControlHasAnAccessibleName(t *testing.T) {
	p := openPage(t, "/")
	for _, id := range tabIDs {
		eval[bool](t, p, `(document.getElementById("tab-`+id+`").click(), true)`)
		waitFor(t, p, `document.getElementById("panel-`+id+`").childElementCount > 0`, 20*time.Second)
	}
	time.Sleep(time.Second)
	unnamed := eval[[]string](t, p, `(() => { `+deepAll+`
  const name = (el) => {
    if (el.getAttribute("aria-label")?.trim()) return true;
    const by = el.getAttribute("aria-labelledby");
    if (by && by.split(/\s+/).some(id => el.getRootNode().getElementById?.(id)?.textContent.trim())) return true;
    if (el.labels && [...el.labels].some(l => l.textContent.trim())) return true;
    if (el.title?.trim()) return true;
    if (/^(BUTTON|A|SUMMARY)$/.test(el.tagName) || /^(tab|button|link|menuitem|option)$/.test(el.getAttribute("role") || "")) return el.textContent.trim() !== "";
    return false;
  };
  return deepAll("input:not([type=hidden]), select, textarea, button, a[href], summary, [role=tab], [role=button], [contenteditable=true]")
    .filter(el => !name(el))
    .map(el => el.outerHTML.slice(0, 120)); })()`)
	assert.Empty(t, unnamed, "controls without an accessible name")
	dup := eval[[]string](t, p, `(() => { const seen = new Map(); for (const el of document.querySelectorAll("[id]")) seen.set(el.id, (seen.get(el.id) || 0) + 1); return [...seen].filter(([, n]) => n > 1).map(([id]) => id); })()`)
	assert.Empty(t, dup, "duplicate ids")
}

// Tab walks through every panel without getting stuck: each press moves the
// focus, and the walk reaches the end of the page and wraps.
func TestNoKeyboardTrap(t *testing.T) {
	p := openPage(t, "/")
	for _, id := range tabIDs {
		eval[bool](t, p, `(document.getElementById("tab-`+id+`").click(), true)`)
		waitFor(t, p, `document.getElementById("panel-`+id+`").childElementCount > 0`, 20*time.Second)
		time.Sleep(500 * time.Millisecond)
		require.NoError(t, chromedp.Do(p.Ctx, chromedp.Focus(chromedp.ID("tab-"+id))))
		const where = `(() => { let a = document.activeElement; while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  if (!a || a === document.body) return "body"; const path = []; for (let e = a; e && e.parentNode; e = e.parentNode.host || e.parentNode) path.unshift([...(e.parentNode.children || [])].indexOf(e));
  return a.tagName + "#" + (a.id || "") + "." + a.className + "@" + path.join("/"); })()`
		stuck, visited, wrapped, path := 0, map[string]bool{}, false, []string{}
		prev := eval[string](t, p, where)
		for i := 0; i < 150 && !wrapped; i++ {
			require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.Tab)))
			cur := eval[string](t, p, where)
			if cur == prev && cur != "body" { // body: the focus is in the browser's own UI
				stuck++
			}
			if visited[cur] {
				wrapped = true
			}
			visited[cur] = true
			path = append(path, cur)
			prev = cur
		}
		assert.Zero(t, stuck, "tab %s: Tab left the focus where it was; the walk: %q", id, path)
		assert.True(t, wrapped, "tab %s: 150 presses of Tab never came back round (%d stops)", id, len(visited))
	}
}

// Ctrl+Enter (Cmd+Enter on a Mac) runs the shown tab, wherever the focus is.
func TestCtrlEnterAppliesTheShownTab(t *testing.T) {
	p := openPage(t, "/")
	assert.True(t, eval[bool](t, p, `document.querySelector(".shortcuts").offsetParent !== null`), "the shortcut hints are visible")
	for _, id := range tabIDs {
		eval[bool](t, p, `(document.getElementById("tab-`+id+`").click(), true)`)
		waitFor(t, p, `kx.app.mounted.has("`+id+`")`, 10*time.Second)
		eval[bool](t, p, `(() => { const h = kx.app.mounted.get("`+id+`"); const orig = h.apply; h.apply = () => { window.__applied = "`+id+`"; return orig?.call(h); }; return true })()`)
		require.NoError(t, chromedp.Do(p.Ctx, chromedp.Focus(chromedp.ID("tab-"+id)), chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierCtrl))))
		waitFor(t, p, `window.__applied === "`+id+`"`, 5*time.Second)
	}
}
