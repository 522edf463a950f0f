//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
	"github.com/kubexplorer/kubexplorer/internal/sitebuild"
)

// A documentation page is another origin than the explorer's: these tests
// serve theirs from a server of their own (another port of 127.0.0.1), with
// the widgets' script from the explorer's, as a docs site would.

// embedScript is the URL of the widgets' module script on the test server.
func embedScript(t *testing.T) string {
	t.Helper()
	dir, err := browsertest.SiteDir()
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join(dir, "build.json"))
	require.NoError(t, err)
	var m sitebuild.Manifest
	require.NoError(t, json.Unmarshal(data, &m))
	require.NotEmpty(t, m.Assets["embed.js"])
	return env.BaseURL + "/" + m.Assets["embed.js"]
}

// hostSite serves files (path → content; ".css" as text/css, anything else
// as HTML) from a new origin, each response with the header csp when it is
// not empty. It returns the origin's URL.
func hostSite(t *testing.T, csp string, files map[string]string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if csp != "" {
			w.Header().Set("Content-Security-Policy", csp)
		}
		if strings.HasSuffix(r.URL.Path, ".css") {
			w.Header().Set("Content-Type", "text/css")
		} else {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
		}
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// docsPage is a documentation page: the widgets' script (unless script is
// ""), body as its content, and the stylesheets named.
func docsPage(script, body string, stylesheets ...string) string {
	var head strings.Builder
	for _, s := range stylesheets {
		fmt.Fprintf(&head, "<link rel=\"stylesheet\" href=\"%s\">\n", s)
	}
	if script != "" {
		fmt.Fprintf(&head, "<script type=\"module\" src=\"%s\"></script>\n", script)
	}
	return "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Docs</title>\n" + head.String() + "</head>\n<body>\n" + body + "\n</body></html>\n"
}

// watchScript runs before the page's own scripts: it records the workers
// started (by name), the CSP violations, and the window's own enumerable
// properties at the start, in properties that are not enumerable
// themselves (so they do not count as globals).
const watchScript = `(() => {
	const hide = (name, value) => Object.defineProperty(window, name, {value, enumerable: false});
	hide("__kxGlobalsBefore", Object.keys(window));
	const workers = [], violations = [];
	hide("__kxWorkers", workers);
	hide("__kxViolations", violations);
	const W = window.Worker;
	window.Worker = class extends W { constructor(url, opts) { super(url, opts); workers.push(opts?.name || ""); } };
	document.addEventListener("securitypolicyviolation", (e) => violations.push(e.violatedDirective + ": " + e.blockedURI));
})()`

// openWatched opens url in a new browser context with watchScript
// installed and the usual end-of-test checks (openAnyPageAfter).
func openWatched(t *testing.T, url string) *browsertest.Page {
	t.Helper()
	p, err := env.NewPage(120*time.Second, chromedp.WithNewBrowserContext())
	require.NoError(t, err)
	t.Cleanup(func() {
		if foreign := p.ForeignRequests(); len(foreign) > 0 {
			t.Errorf("requests left 127.0.0.1: %q", foreign)
		}
		if problems := p.Problems(); len(problems) > 0 {
			t.Errorf("the page reported errors: %q", problems)
		}
		p.Close()
	})
	_, err = chromedp.Call(p.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watchScript})
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.EmulateViewport(1280, 800)))
	navigate(t, p, url)
	return p
}

// wasmServed counts the engine downloads the explorer's server answered
// since hit start of its log, by path.
func wasmServed(start int) map[string]int {
	out := map[string]int{}
	for _, h := range env.Hits()[start:] {
		if strings.HasSuffix(h.Path, ".wasm") {
			out[h.Path]++
		}
	}
	return out
}

// gatesBlocks: a command line and a config file, as a docs page writes them.
const gatesBlocks = `<script type="text/plain" data-kind="flags">--feature-gates=GracefulNodeShutdown=true --config=/etc/kubernetes/kubelet.yaml</script>
<script type="text/yaml" data-kind="config" data-name="/etc/kubernetes/kubelet.yaml">
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
featureGates: {SidecarContainers: true}
</script>`

// resultExpr is true once the widget host shows its first result.
func resultExpr(host string) string {
	return host + `?.shadowRoot?.querySelector(".gates-table tbody tr, .kubelet-pod-card, .kx-widget-panel[data-kubefed-renders]") != null`
}

// One engine per page (issue 12.4): five widgets, three of feature gates
// and two of the kubelet, start one worker per mechanism they need (the
// gates engine once for three widgets, the kubelet's once for two), and
// download each engine they need once.
func TestWidgetOneEnginePerPage(t *testing.T) {
	body := ""
	for i := range 3 {
		body += fmt.Sprintf("<kx-feature-gates id=\"g%d\" loading=\"eager\" height=\"200\" release=\"1.3%d\">%s</kx-feature-gates>\n", i, i, gatesBlocks)
	}
	for i := range 2 {
		body += fmt.Sprintf("<kx-kubelet id=\"k%d\" loading=\"eager\" height=\"200\" example=\"crashloop\"></kx-kubelet>\n", i)
	}
	origin := hostSite(t, "", map[string]string{"/": docsPage(embedScript(t), body)})
	start := len(env.Hits())
	p := openWatched(t, origin+"/")
	for _, id := range []string{"g0", "g1", "g2", "k0", "k1"} {
		waitFor(t, p, resultExpr(`document.getElementById("`+id+`")`), 60*time.Second)
	}
	time.Sleep(500 * time.Millisecond) // anything late would show
	workers := eval[[]string](t, p, `window.__kxWorkers`)
	sort.Strings(workers)
	assert.Equal(t, []string{"kubexplorer-gates", "kubexplorer-kubelet"}, workers, "one worker per mechanism, whatever the number of widgets")
	served := wasmServed(start)
	assert.NotEmpty(t, served)
	for path, n := range served {
		assert.Equal(t, 1, n, "%s downloaded once", path)
		assert.NotContains(t, path, "kubefed", "no widget needs the kubefed engine")
	}
}

// A widget shows its inputs at once and starts its engine only when it is
// seen (scrolled into view) or touched; when its result arrives, nothing
// moves: the widget's box keeps its height and the page records no layout
// shift (issue 12.4).
func TestWidgetLazyStartNoShift(t *testing.T) {
	body := `<h1>Docs</h1><p>On screen, a widget that waits for its Run button; below the fold, two widgets.</p>
<kx-feature-gates id="click" loading="click" release="1.31" height="300">` + gatesBlocks + `</kx-feature-gates>
<div id="spacer"></div>
<kx-feature-gates id="gates" release="1.30">` + gatesBlocks + `</kx-feature-gates>
<div class="spacer"></div>
<kx-kubelet id="kubelet" example="crashloop"></kx-kubelet>`
	css := `#spacer, .spacer { height: 3000px; }`
	origin := hostSite(t, "", map[string]string{"/": docsPage(embedScript(t), body, "/docs.css"), "/docs.css": css})
	start := len(env.Hits())
	p := openWatched(t, origin+"/")
	const gates = `document.getElementById("gates")`
	const kubelet = `document.getElementById("kubelet")`
	// The inputs, from the inline blocks and the kubelet's (built-in) example,
	// in light editors (editor.js): CodeMirror loads with a first result.
	waitFor(t, p, gates+`.shadowRoot?.querySelector(".kx-editor-light")?.kxEditor.value.includes("GracefulNodeShutdown")`, 30*time.Second)
	waitFor(t, p, kubelet+`.shadowRoot?.querySelector(".kx-editor-light")?.kxEditor.value.length > 20`, 30*time.Second)
	time.Sleep(1500 * time.Millisecond)
	assert.Empty(t, wasmServed(start), "no engine before a widget is seen or touched")
	assert.Empty(t, eval[[]string](t, p, `window.__kxWorkers`), "no worker before a widget is seen or touched")
	assert.False(t, eval[bool](t, p, resultExpr(gates)), "no result yet")

	// Seen: the gates widget scrolls into view. Its box is measured before
	// and after its first result, and layout shifts are recorded from now.
	eval[bool](t, p, `(() => { window.__kxShifts = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) { window.__kxShifts.push(e.value); window.__kxShiftSources = (window.__kxShiftSources || []).concat(e.sources.map((s) => (s.node ? (s.node.className || s.node.nodeName) + " " + (s.node.textContent || "").slice(0, 40) : "?") + " " + JSON.stringify(s.previousRect) + " → " + JSON.stringify(s.currentRect))) } }).observe({type: "layout-shift"}); `+gates+`.scrollIntoView(); return true })()`)
	type box struct{ Height, Top, OutHeight float64 }
	const boxJS = `(() => { const w = ` + gates + `, r = w.getBoundingClientRect(); return {Height: r.height, Top: r.top, OutHeight: w.shadowRoot.querySelector(".pane-out").getBoundingClientRect().height} })()`
	before := eval[box](t, p, boxJS)
	waitFor(t, p, resultExpr(gates), 60*time.Second)
	time.Sleep(700 * time.Millisecond)
	after := eval[box](t, p, boxJS)
	assert.Greater(t, before.OutHeight, 100.0, "the result's space is reserved before it arrives")
	assert.Equal(t, before, after, "the widget does not move or change size when its result arrives")
	assert.Empty(t, eval[[]float64](t, p, `window.__kxShifts`), "no layout shift when the result arrives: %q", eval[[]string](t, p, `window.__kxShiftSources || []`))
	served := wasmServed(start)
	assert.Len(t, served, 1, "the gates widget's engine only: %v", served)
	for path := range served {
		assert.NotContains(t, path, "kubelet")
	}

	// loading="click": on screen, the gates engine running, and still
	// waiting for its Run button.
	const click = `document.getElementById("click")`
	assert.False(t, eval[bool](t, p, resultExpr(click)), "a click widget waits for its button")
	assert.True(t, eval[bool](t, p, click+`.shadowRoot.querySelector(".cm-editor")?.kxView.state.doc.toString().includes("GracefulNodeShutdown")`), "and shows its inputs")
	eval[bool](t, p, `(`+click+`.shadowRoot.querySelector(".kx-widget-footer button").click(), true)`)
	waitFor(t, p, resultExpr(click), 60*time.Second)

	// Touched: the kubelet widget, still off screen, shows its default
	// example's result from the build, and starts its engine on a touch.
	kubeletServed := func() bool {
		served := false
		for path := range wasmServed(start) {
			served = served || strings.Contains(path, "kubelet")
		}
		return served
	}
	assert.True(t, eval[bool](t, p, resultExpr(kubelet)), "the default example's result comes from the build")
	assert.False(t, kubeletServed(), "with no engine")
	eval[bool](t, p, `(`+kubelet+`.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true})), true)`)
	waitFor(t, p, `kxEmbed.engine.engines.get("kubelet")?.state === "ready"`, 60*time.Second)
	assert.True(t, kubeletServed(), "touching the kubelet widget started its engine")
}

// hostileCSS is a docs page's stylesheet that would break a widget that
// inherits from the page, or hide one made of divs in the page's DOM.
const hostileCSS = `* { color: red !important; font: 30px serif; letter-spacing: 3px; text-transform: uppercase; }
div { display: none; }
.tall { height: 3000px; display: block; }
`

// hostStyles are the computed styles of the host page's own elements.
const hostStylesJS = `(() => { const out = {}; for (const sel of ["html", "body", "h1", "p", "div", ".tall"]) {
	const cs = getComputedStyle(document.querySelector(sel));
	out[sel] = [cs.color, cs.fontFamily, cs.fontSize, cs.lineHeight, cs.margin, cs.padding, cs.display, cs.backgroundColor, cs.boxSizing].join(" | ") }
	return out })()`

// A good guest (issue 12.5): on a page of another origin that sends the
// CSP docs/embedding.md documents, with a hostile stylesheet, the widgets
// reach their first results with no CSP violation; the page's styles do not
// reach into them and theirs do not reach out; nothing takes the focus or
// scrolls the page; no service worker is registered; the only new global is
// the documented window.kxEmbed.
func TestWidgetGoodGuest(t *testing.T) {
	body := `<h1>Docs</h1><p>Two widgets on a page that styles everything.</p><div>a div</div>
<kx-feature-gates id="gates" release="1.30" height="300">` + gatesBlocks + `</kx-feature-gates>
<kx-kubelet id="kubelet" example="crashloop" height="300"></kx-kubelet>
<p class="tall">The rest of the page.</p>`
	explorer := env.BaseURL
	documented := "script-src 'self' " + explorer + " 'wasm-unsafe-eval'; worker-src blob:; connect-src " + explorer + "; style-src 'self' " + explorer + ";"
	for _, c := range []struct{ name, csp string }{
		{"documented-csp", documented},
		// The same with everything else forbidden: the widgets need nothing more.
		{"documented-csp-default-none", "default-src 'none'; " + documented},
	} {
		t.Run(c.name, func(t *testing.T) {
			origin := hostSite(t, c.csp, map[string]string{
				"/":         docsPage(embedScript(t), body, "/docs.css"),
				"/control":  docsPage("", body, "/docs.css"),
				"/docs.css": hostileCSS,
			})
			p := openWatched(t, origin+"/control")
			control := eval[map[string]string](t, p, hostStylesJS)
			navigate(t, p, origin+"/")
			const gates = `document.getElementById("gates")`
			const kubelet = `document.getElementById("kubelet")`
			waitFor(t, p, resultExpr(gates), 60*time.Second)
			waitFor(t, p, resultExpr(kubelet), 60*time.Second)
			time.Sleep(time.Second) // anything late would show

			assert.Empty(t, eval[[]string](t, p, `window.__kxViolations`), "no CSP violation")

			// The page's styles stop at the widget.
			type look struct {
				Color, FontSize, Family, Transform, Letter, EditorDisplay, Mono, PaneHead string
				Height                                                                    float64
			}
			for _, host := range []string{gates, kubelet} {
				l := eval[look](t, p, `(() => { const r = `+host+`.shadowRoot, cs = getComputedStyle(r.querySelector(".kx-widget-header strong"));
					return {Color: cs.color, FontSize: cs.fontSize, Family: cs.fontFamily, Transform: cs.textTransform, Letter: cs.letterSpacing,
						EditorDisplay: getComputedStyle(r.querySelector(".cm-editor")).display, PaneHead: getComputedStyle(r.querySelector(".pane-head")).minHeight, Mono: getComputedStyle(r.querySelector(".cm-content")).fontFamily,
						Height: `+host+`.getBoundingClientRect().height} })()`)
				assert.NotEqual(t, "rgb(255, 0, 0)", l.Color, "the page's colour does not reach the widget")
				assert.Equal(t, "14px", l.FontSize, "the page's font size does not reach the widget")
				assert.NotContains(t, l.Family, "serif,", "the page's font does not reach the widget")
				assert.NotEqual(t, "serif", l.Family)
				assert.Equal(t, "none", l.Transform)
				assert.Equal(t, "normal", l.Letter)
				assert.Equal(t, "flex", l.EditorDisplay)
				assert.Equal(t, "29.4px", l.PaneHead, "the page's root font size (rem) does not size the widget")
				assert.Contains(t, l.Mono, "monospace")
				assert.InDelta(t, 300, l.Height, 2, "the widget keeps its size")
			}
			// The widget's styles stay in it.
			assert.Equal(t, control, eval[map[string]string](t, p, hostStylesJS), "the host's elements look as without the widgets")
			assert.Equal(t, 0, eval[int](t, p, `document.adoptedStyleSheets.length`), "no stylesheet adopted by the host document")
			assert.Equal(t, 1, eval[int](t, p, `document.querySelectorAll("style, link[rel=stylesheet]").length`), "no stylesheet added to the host document")

			// No focus taken, no scrolling, no service worker.
			assert.Equal(t, "BODY", eval[string](t, p, `document.activeElement.tagName`), "the focus stays on the page")
			assert.Equal(t, 0.0, eval[float64](t, p, `window.scrollY`), "the page did not scroll")
			assert.Equal(t, 0, eval[int](t, p, `navigator.serviceWorker.getRegistrations().then((r) => r.length)`), "no service worker on the host's origin")

			// Globals: the documented one only (the elements are in customElements).
			added := eval[[]string](t, p, `Object.keys(window).filter((k) => !window.__kxGlobalsBefore.includes(k))`)
			assert.Equal(t, []string{"kxEmbed"}, added, "the only global is the documented one")
			for _, name := range []string{"kx-feature-gates", "kx-kubelet", "kx-kubefed"} {
				assert.True(t, eval[bool](t, p, `customElements.get("`+name+`") !== undefined`), name)
			}
		})
	}
}

// Every element and the iframe route at 1280×800 with its default
// content: at most about 480 px tall (issue 12.6); and the example page's
// screenshot, for a person to look at.
func TestWidgetDefaultHeight(t *testing.T) {
	body := `<kx-feature-gates id="gates">` + gatesBlocks + `</kx-feature-gates>
<kx-kubelet id="kubelet"></kx-kubelet>
<kx-kubefed id="kubefed"></kx-kubefed>`
	origin := hostSite(t, "", map[string]string{"/": docsPage(embedScript(t), body)})
	p := openWatched(t, origin+"/")
	for _, id := range []string{"gates", "kubelet", "kubefed"} {
		host := `document.getElementById("` + id + `")`
		eval[bool](t, p, `(`+host+`.scrollIntoView(), true)`)
		waitFor(t, p, resultExpr(host), 60*time.Second)
	}
	time.Sleep(time.Second)
	for _, id := range []string{"gates", "kubelet", "kubefed"} {
		hgt := eval[float64](t, p, `document.getElementById("`+id+`").getBoundingClientRect().height`)
		t.Logf("kx-%s at 1280×800: %.0f px", id, hgt)
		assert.LessOrEqual(t, hgt, 482.0, "%s: compact by default", id)
		assert.Greater(t, hgt, 200.0, "%s: shows something", id)
	}
	for _, route := range []string{"feature-gates", "kubelet", "kubefed"} {
		navigate(t, p, env.BaseURL+"/embed/"+route+"/")
		host := `document.querySelector("kx-` + route + `")`
		waitFor(t, p, resultExpr(host), 60*time.Second)
		hgt := eval[float64](t, p, host+`.getBoundingClientRect().height`)
		t.Logf("/embed/%s/ at 1280×800: %.0f px", route, hgt)
		assert.LessOrEqual(t, hgt, 482.0, "/embed/%s/: compact by default", route)
	}
}
