//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// editorLook is what the computed styles inside a widget's shadow root say
// about its first editor: proof that CodeMirror's base theme and ours were
// mounted in that root, not in the host document.
type editorLook struct {
	Display       string  `json:"display"`
	Font          string  `json:"font"`
	GutterBg      string  `json:"gutterBg"`
	GutterBorder  float64 `json:"gutterBorder"`
	ContentSpaces string  `json:"contentSpaces"`
}

func lookOf(t *testing.T, p *browsertest.Page, root string) editorLook {
	t.Helper()
	return eval[editorLook](t, p, `(() => { const r = `+root+`;
		const cs = (sel) => getComputedStyle(r.querySelector(sel));
		return {display: cs(".cm-editor").display, font: cs(".cm-content").fontFamily,
			gutterBg: cs(".cm-gutters").backgroundColor, gutterBorder: parseFloat(cs(".cm-gutters").borderRightWidth),
			contentSpaces: cs(".cm-content").whiteSpace} })()`)
}

// checkStyledEditors asserts that the editors in root (a shadow root
// expression) are themed in light and dark, that End moves the cursor to the
// end of the line, and that a YAML error shows a visible lint marker.
// host is the widget element's expression; badEditor the index of a YAML
// editor; apply, a selector of a button to click after the edit, or "".
func checkStyledEditors(t *testing.T, p *browsertest.Page, host string, badEditor int, apply string) {
	t.Helper()
	root := host + `.shadowRoot`
	waitFor(t, p, root+` && `+root+`.querySelector(".cm-editor .cm-line") !== null`, 60*time.Second)
	eval[bool](t, p, `(`+host+`.setAttribute("theme", "light"), true)`)
	light := lookOf(t, p, root)
	assert.Equal(t, "flex", light.Display, "CodeMirror's base theme reached the shadow root")
	assert.Contains(t, light.Font, "monospace")
	assert.Equal(t, "pre", light.ContentSpaces, "lines do not wrap (the base theme)")
	assert.NotEqual(t, "rgba(0, 0, 0, 0)", light.GutterBg, "the gutter has the theme's background")
	assert.Equal(t, 1.0, light.GutterBorder, "the gutter has the theme's border")
	eval[bool](t, p, `(`+host+`.setAttribute("theme", "dark"), true)`)
	dark := lookOf(t, p, root)
	assert.NotEqual(t, light.GutterBg, dark.GutterBg, "the dark theme reaches the editor")
	assert.Contains(t, dark.Font, "monospace")

	// End: from the start of the first line to its end (a layout question:
	// CodeMirror measures the line, which needs its styles).
	eval[bool](t, p, `(() => { const v = `+root+`.querySelector(".cm-editor").kxView; v.focus(); v.dispatch({selection: {anchor: 0}}); return true })()`)
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.End)))
	assert.True(t, eval[bool](t, p, `(() => { const v = `+root+`.querySelector(".cm-editor").kxView; return v.state.selection.main.head === v.state.doc.line(1).to && v.state.doc.line(1).length > 0 })()`), "End puts the cursor at the end of the line")

	// A YAML error: a lint marker the reader can see.
	eval[bool](t, p, fmt.Sprintf(`(() => { const v = [...%s.querySelectorAll(".cm-editor")][%d].kxView; v.dispatch({changes: {from: v.state.doc.length, insert: "\nbad: [\n"}}); return true })()`, root, badEditor))
	if apply != "" {
		eval[bool](t, p, `(`+root+`.querySelector(`+fmt.Sprintf("%q", apply)+`).click(), true)`)
	}
	waitFor(t, p, root+`.querySelector(".cm-lint-marker-error") !== null`, 20*time.Second)
	assert.True(t, eval[bool](t, p, `(() => { const r = `+root+`.querySelector(".cm-lint-marker-error").getBoundingClientRect(); return r.width > 0 && r.height > 0 })()`), "the lint marker has a size")
}

// Editors inside every widget's shadow root, and on the /embed/ iframe
// route, get CodeMirror's styles in that root (issue 12, item 1).
func TestWidgetEditorsStyled(t *testing.T) {
	t.Run("kx-feature-gates", func(t *testing.T) {
		p := openAnyPage(t, "/embed-example.html")
		checkStyledEditors(t, p, `document.querySelector("kx-feature-gates")`, 1, "")
	})
	t.Run("kx-kubelet", func(t *testing.T) {
		p := openAnyPage(t, "/embed-example.html")
		eval[bool](t, p, `(document.querySelector("kx-kubelet").scrollIntoView(), true)`)
		checkStyledEditors(t, p, `document.querySelector("kx-kubelet")`, 0, ".kubelet-load")
	})
	t.Run("kx-kubefed", func(t *testing.T) {
		p := openAnyPage(t, "/embed-example.html")
		eval[bool](t, p, `(document.querySelector("kx-kubefed").scrollIntoView(), true)`)
		checkStyledEditors(t, p, `document.querySelector("kx-kubefed")`, 1, ".kubefed-apply")
	})
	t.Run("embed-route", func(t *testing.T) {
		p := openAnyPage(t, "/embed/feature-gates/")
		checkStyledEditors(t, p, `document.querySelector("kx-feature-gates")`, 1, "")
		shot, err := chromedp.Run(p.Ctx, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(screenshotDir(t), "embed-route-feature-gates.png"), shot, 0o644))
	})
}

// widgetBox is where a widget's panes are on the page.
type widgetBox struct {
	Height   float64 `json:"height"`
	InLeft   float64 `json:"inLeft"`
	InTop    float64 `json:"inTop"`
	InH      float64 `json:"inH"`
	OutLeft  float64 `json:"outLeft"`
	OutTop   float64 `json:"outTop"`
	OutH     float64 `json:"outH"`
	Gallery  bool    `json:"gallery"`
	Releases bool    `json:"releases"`
}

func boxOf(t *testing.T, p *browsertest.Page, host string) widgetBox {
	t.Helper()
	return eval[widgetBox](t, p, `(() => { const w = `+host+`, r = w.shadowRoot;
		const box = (sel) => r.querySelector(sel).getBoundingClientRect();
		const shown = (sel) => { const e = r.querySelector(sel); return !!e && e.getClientRects().length > 0 };
		const i = box(".pane-in"), o = box(".pane-out");
		return {height: w.getBoundingClientRect().height, inLeft: i.left, inTop: i.top, inH: i.height, outLeft: o.left, outTop: o.top, outH: o.height,
			gallery: shown(".ws-bar-start > *"), releases: shown(".kx-widget-release")} })()`)
}

// Widgets are compact by default (issue 12, item 2): at 1280×800 each is at
// most 480 px tall with its default content, shows its input and result
// side by side and no gallery or release picker; at 600 px wide the input
// sits above its result, both shown.
func TestWidgetCompact(t *testing.T) {
	p := openAnyPage(t, "/embed-example.html")
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.EmulateViewport(1280, 800)))
	hosts := map[string]string{
		"kx-feature-gates": `document.querySelector("kx-feature-gates")`,
		"kx-kubelet":       `document.querySelector("kx-kubelet")`,
		"kx-kubefed":       `document.querySelector("kx-kubefed")`,
	}
	ready := map[string]string{
		"kx-feature-gates": `.gates-table tbody tr`,
		"kx-kubelet":       `.kubelet-pod-card`,
		"kx-kubefed":       `.kx-widget-panel[data-kubefed-renders]`,
	}
	for name, host := range hosts {
		eval[bool](t, p, `(`+host+`.scrollIntoView(), true)`)
		waitFor(t, p, host+`.shadowRoot && `+host+`.shadowRoot.querySelector("`+ready[name]+`") !== null`, 60*time.Second)
	}
	time.Sleep(time.Second) // results settle
	for name, host := range hosts {
		b := boxOf(t, p, host)
		t.Logf("%s at 1280×800: %.0f px tall", name, b.Height)
		assert.LessOrEqual(t, b.Height, 480.0, "%s is compact", name)
		assert.Greater(t, b.Height, 200.0, "%s shows something", name)
		assert.Less(t, b.InLeft, b.OutLeft, "%s: input and result side by side", name)
		assert.InDelta(t, b.InTop, b.OutTop, 1, "%s: side by side", name)
		assert.False(t, b.Gallery, "%s: no gallery unless asked", name)
		assert.False(t, b.Releases, "%s: no release picker unless asked", name)
		text := eval[string](t, p, host+`.shadowRoot.querySelector(".kx-widget").innerText`)
		assert.NotContains(t, text, "in the header", "%s: no text points at a release picker it does not show", name)
		assert.NotRegexp(t, `\b(undefined|null|NaN)\b`, text, "%s: no missing value shown as text", name)
	}
	eval[bool](t, p, `(window.scrollTo(0, 0), true)`)
	shot, err := chromedp.Run(p.Ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(screenshotDir(t), "embed-example-desktop.png"), shot, 0o644))

	require.NoError(t, chromedp.Do(p.Ctx, chromedp.EmulateViewport(600, 800)))
	time.Sleep(500 * time.Millisecond)
	for name, host := range hosts {
		b := boxOf(t, p, host)
		t.Logf("%s at 600 px: %.0f px tall", name, b.Height)
		assert.InDelta(t, b.InLeft, b.OutLeft, 1, "%s: stacked at 600 px", name)
		assert.Greater(t, b.OutTop, b.InTop, "%s: the result below the input", name)
		assert.Greater(t, b.InH, 50.0, "%s: the input is shown", name)
		assert.Greater(t, b.OutH, 50.0, "%s: the result is shown", name)
	}
	shot, err = chromedp.Run(p.Ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(screenshotDir(t), "embed-example-600.png"), shot, 0o644))
}

// The attributes: view="full" is the whole tab; height sets the height;
// gallery and release-picker bring those back; readonly editors refuse
// edits; view picks the result.
func TestWidgetAttributes(t *testing.T) {
	p := openAnyPage(t, "/embed-example.html")
	eval[bool](t, p, `(() => {
		const add = (id, attrs) => { const w = document.createElement("kx-feature-gates"); w.id = id;
			for (const [k, v] of Object.entries(attrs)) w.setAttribute(k, v);
			document.querySelector("main").prepend(w); return w };
		add("w-full", {view: "full", loading: "eager"});
		add("w-tall", {height: "360", gallery: "", "release-picker": "", readonly: "", loading: "eager"});
		add("w-upgrade", {view: "upgrade", release: "1.30", "target-release": "1.33", example: "upgrade-removed", loading: "eager"});
		return true })()`)
	for _, id := range []string{"w-full", "w-tall", "w-upgrade"} {
		waitFor(t, p, `document.getElementById("`+id+`").shadowRoot?.querySelector(".gates-table tbody tr") != null`, 60*time.Second)
	}
	time.Sleep(time.Second)
	full := boxOf(t, p, `document.getElementById("w-full")`)
	assert.Greater(t, full.Height, 480.0, "view=full is the whole tab")
	assert.True(t, full.Gallery)
	tall := boxOf(t, p, `document.getElementById("w-tall")`)
	assert.InDelta(t, 360, tall.Height, 2, "height=360")
	assert.True(t, tall.Gallery, "gallery")
	assert.True(t, tall.Releases, "release-picker")
	// readonly: typing changes nothing.
	eval[bool](t, p, `(document.getElementById("w-tall").shadowRoot.querySelector(".cm-content").focus(), true)`)
	before := eval[string](t, p, `document.getElementById("w-tall").shadowRoot.querySelector(".cm-editor").kxView.state.doc.toString()`)
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent("xyz")))
	assert.Equal(t, before, eval[string](t, p, `document.getElementById("w-tall").shadowRoot.querySelector(".cm-editor").kxView.state.doc.toString()`), "readonly")
	// view=upgrade: the upgrade check, not the table.
	const up = `document.getElementById("w-upgrade").shadowRoot`
	waitFor(t, p, up+`.querySelector(".gates-upgrade").textContent.includes("CPUManager")`, 30*time.Second)
	assert.True(t, eval[bool](t, p, up+`.querySelector(".gates-upgrade").getClientRects().length > 0`))
	assert.False(t, eval[bool](t, p, up+`.querySelector(".gates-gates").getClientRects().length > 0`))
}

// On the iframe route the query sets the widget's attributes; autoplay plays
// the kubelet's clock while the widget is visible, and not at all when the
// reader prefers reduced motion.
func TestWidgetRouteQueryAndAutoplay(t *testing.T) {
	const host = `document.querySelector("kx-kubelet")`
	const clock = host + `.shadowRoot.querySelector(".kubelet-clock").textContent`
	for _, reduce := range []bool{false, true} {
		t.Run(fmt.Sprintf("reduced-motion=%v", reduce), func(t *testing.T) {
			p, err := env.NewPage(90*time.Second, chromedp.WithNewBrowserContext())
			require.NoError(t, err)
			defer p.Close()
			if reduce {
				_, err := chromedp.Call(p.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
				require.NoError(t, err)
			}
			navigate(t, p, env.BaseURL+"/embed/kubelet/?view=events&autoplay&height=400")
			waitFor(t, p, host+`.shadowRoot?.querySelector(".kubelet-pod-card") != null`, 60*time.Second)
			assert.Equal(t, "events", eval[string](t, p, host+`.getAttribute("view")`))
			assert.InDelta(t, 400, eval[float64](t, p, host+`.getBoundingClientRect().height`), 2)
			assert.True(t, eval[bool](t, p, host+`.shadowRoot.querySelector(".kubelet-events").getClientRects().length > 0`), "view=events shows the events")
			assert.False(t, eval[bool](t, p, host+`.shadowRoot.querySelector(".kubelet-chartview").getClientRects().length > 0`), "and not the timeline")
			// The example's first result comes from the build: the clock
			// plays once the engine runs.
			waitFor(t, p, `kxEmbed.engine.engines.get("kubelet")?.state === "ready"`, 60*time.Second)
			if reduce {
				time.Sleep(2 * time.Second)
				assert.Equal(t, "t=0s", eval[string](t, p, clock), "no autoplay under reduced motion")
			} else {
				// The engine first replays the build's session, then plays:
				// on a loaded machine that takes a while.
				waitFor(t, p, clock+` !== "t=0s"`, 30*time.Second)
			}
		})
	}
}

// "Embed this" (issue 12, item 3): the share dialog's element snippet,
// pasted into a blank page, shows the same inputs and release; its iframe
// snippet names the route with the same state.
func TestWidgetEmbedThisRoundTrip(t *testing.T) {
	p := openPage(t, "/#gates")
	waitForDefaultExample(t, p)
	const line = "--feature-gates=AllBeta=false,RoundTrip=true"
	eval[bool](t, p, `(kx.app.mounted.get("gates").setState({commandLine: `+fmt.Sprintf("%q", line)+`}), true)`)
	waitFor(t, p, `document.querySelector(".gates-lines").textContent.includes("RoundTrip")`, 10*time.Second)
	release := eval[string](t, p, `kx.app.release`)
	eval[bool](t, p, `(document.getElementById("share-button").click(), true)`)
	waitFor(t, p, `document.getElementById("share-embed-element").value.includes("kx-feature-gates")`, 10*time.Second)
	element := eval[string](t, p, `document.getElementById("share-embed-element").value`)
	iframe := eval[string](t, p, `document.getElementById("share-embed-iframe").value`)
	assert.Contains(t, iframe, `/embed/feature-gates/?release=`+release+`#s=`)

	// A blank page of the explorer's origin with only the snippet in it.
	navigate(t, p, env.BaseURL+"/embed-example.html")
	eval[bool](t, p, `(() => { document.open(); document.write("<!doctype html><html><body>" + `+fmt.Sprintf("%q", element)+` + "</body></html>"); document.close(); return true })()`)
	const host = `document.querySelector("kx-feature-gates")`
	waitFor(t, p, host+`?.shadowRoot?.querySelector(".gates-table tbody tr") != null && `+host+`.shadowRoot.querySelector(".gates-lines").textContent.includes("RoundTrip")`, 60*time.Second)
	assert.Equal(t, line, eval[string](t, p, host+`.shadowRoot.querySelector(".cm-editor, .kx-editor-light").kxEditor.value`))
	assert.Equal(t, release, eval[string](t, p, host+`.app.release`))

	// The iframe form on its own: the route shows the same inputs.
	src := strings.SplitN(strings.SplitN(iframe, `src="`, 2)[1], `"`, 2)[0]
	navigate(t, p, src)
	waitFor(t, p, host+`?.shadowRoot?.querySelector(".gates-lines")?.textContent.includes("RoundTrip")`, 60*time.Second)
	assert.Equal(t, line, eval[string](t, p, host+`.shadowRoot.querySelector(".cm-editor, .kx-editor-light").kxEditor.value`))
}
