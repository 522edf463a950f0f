//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
	"github.com/kubexplorer/kubexplorer/internal/siteserver"
)

// openFresh opens the page (a browser context of its own: no localStorage,
// caches or service worker from earlier tests) once the release is known.
func openFresh(t *testing.T, path string) *browsertest.Page {
	t.Helper()
	p := openPage(t, path)
	waitFor(t, p, `kx.app.release !== null`, 10*time.Second)
	return p
}

// chooseReleaseAndTab makes a state that differs from the defaults.
func chooseReleaseAndTab(t *testing.T, p *browsertest.Page) string {
	t.Helper()
	release := eval[string](t, p, `kx.app.releases[0]`)
	require.NotEqual(t, release, eval[string](t, p, `kx.app.release`), "need a non-default release")
	eval[bool](t, p, `(() => { const s = document.getElementById("release"); s.value = kx.app.releases[0]; s.dispatchEvent(new Event("change")); return true; })()`)
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Click(chromedp.ID("tab-kubefed"))))
	return release
}

// editFirstEditor replaces the text of the first editor in a tab's panel, as
// a paste would.
func editFirstEditor(t *testing.T, p *browsertest.Page, tab, text string) {
	t.Helper()
	eval[bool](t, p, `(document.getElementById("tab-`+tab+`").click(), true)`)
	// Wait for the tab's example to fill the editor, so it does not replace the edit.
	waitFor(t, p, `document.querySelector("#panel-`+tab+` .cm-editor")?.kxView.state.doc.length > 0`, 20*time.Second)
	eval[bool](t, p, fmt.Sprintf(`(() => { const v = document.querySelector("#panel-%s .cm-editor").kxView; v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: %q}}); return true })()`, tab, text))
}

func TestShareLinkRoundTrip(t *testing.T) {
	p := openFresh(t, "/")
	editFirstEditor(t, p, "kubelet", "# shared\nrelease: \"1.37\"\n")
	release := chooseReleaseAndTab(t, p)
	time.Sleep(500 * time.Millisecond) // debounced evaluations settle
	want := eval[string](t, p, `JSON.stringify(kx.currentState())`)
	require.Contains(t, want, "# shared")
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Click(chromedp.ID("share-button"))))
	waitFor(t, p, `document.getElementById("share-link").value.includes("#s=")`, 10*time.Second)
	link := eval[string](t, p, `document.getElementById("share-link").value`)
	assert.True(t, strings.HasPrefix(link, env.BaseURL+"/#s="), link)
	assert.Less(t, len(link), 2000, "a small state makes a short link")

	// A colleague opens the link: another browser context, nothing saved.
	q := openPage(t, strings.TrimPrefix(link, env.BaseURL))
	waitFor(t, q, `kx.app.release === "`+release+`"`, 10*time.Second)
	assert.Equal(t, "true", eval[string](t, q, `document.getElementById("tab-kubefed").getAttribute("aria-selected")`))
	assert.Equal(t, release, eval[string](t, q, `document.getElementById("release").value`))
	assert.Contains(t, eval[string](t, q, `document.getElementById("engine-status").textContent`), "Showing the state from the link")
	assert.Equal(t, "link", eval[string](t, q, `kx.mode`))
	// Exactly: every tab's inputs, not just the tab and release.
	waitFor(t, q, `JSON.stringify(kx.currentState()) === `+strconv.Quote(want), 10*time.Second)
}

func TestOversizedStateFallsBackToAFile(t *testing.T) {
	p := openFresh(t, "/")
	// Incompressible text: its link would be far over the limit.
	eval[bool](t, p, `(() => { let s = ""; for (let i = 0; i < 3000; i++) s += Math.random().toString(36).slice(2) + "\n"; window.__big = s; return true })()`)
	eval[bool](t, p, `(document.getElementById("tab-kubelet").click(), true)`)
	waitFor(t, p, `document.querySelector("#panel-kubelet .cm-editor")?.kxView.state.doc.length > 0`, 20*time.Second)
	eval[bool](t, p, `(() => { const v = document.querySelector("#panel-kubelet .cm-editor").kxView; v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: "# " + window.__big.replaceAll("\n", "\n# ")}}); return true })()`)
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Click(chromedp.ID("share-button"))))
	waitFor(t, p, `document.getElementById("share-dialog").open`, 10*time.Second)
	waitFor(t, p, `document.getElementById("share-note").textContent.includes("Download it as a file")`, 10*time.Second)
	assert.True(t, eval[bool](t, p, `document.getElementById("share-link").disabled`))
	assert.Equal(t, "error", eval[string](t, p, `document.getElementById("share-note").dataset.state`))

	// Reading a state file back (as "Open file" does).
	file := filepath.Join(t.TempDir(), "state.json")
	release := eval[string](t, p, `kx.app.releases[1]`)
	state := `{"v": 1, "tab": "kubelet", "release": "` + release + `", "tabs": {}}`
	require.NoError(t, os.WriteFile(file, []byte(state), 0o644))
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.SetUploadFiles(chromedp.ID("share-file"), []string{file})))
	waitFor(t, p, `kx.app.release === "`+release+`" && document.getElementById("tab-kubelet").getAttribute("aria-selected") === "true"`, 10*time.Second)
	assert.False(t, eval[bool](t, p, `document.getElementById("share-dialog").open`))
}

func TestDamagedShareLinkIsReportedAndIgnored(t *testing.T) {
	for name, link := range map[string]string{
		"not deflate":  "/#s=AAAA-not-deflate",
		"newer format": "/#s=99.AAAA",
		"too long":     "/#s=2." + strings.Repeat("A", 70000),
	} {
		t.Run(name, func(t *testing.T) {
			p := openFresh(t, link)
			waitFor(t, p, `document.getElementById("engine-status").textContent.includes("could not be opened")`, 10*time.Second)
			assert.Contains(t, eval[string](t, p, `kx.notices.text("link")`), "The link could not be opened")
			assert.Equal(t, eval[string](t, p, `kx.app.releases[kx.app.releases.length - 1]`), eval[string](t, p, `kx.app.release`))
			assert.Equal(t, "work", eval[string](t, p, `kx.mode`))
			// The tab is not blank: it shows its example.
			waitFor(t, p, `document.querySelector("#panel-gates .cm-editor")?.kxView.state.doc.length > 0`, 20*time.Second)
		})
	}
}

func TestReloadRestoresSavedWork(t *testing.T) {
	p := openFresh(t, "/")
	release := chooseReleaseAndTab(t, p)
	waitFor(t, p, `(JSON.parse(localStorage.getItem("kubexplorer.state.v1") || "{}").tab === "kubefed")`, 10*time.Second)
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Reload()))
	waitFor(t, p, browsertest.EngineReadyExpr, 30*time.Second)
	waitFor(t, p, `kx.app.release === "`+release+`"`, 10*time.Second)
	assert.Equal(t, "true", eval[string](t, p, `document.getElementById("tab-kubefed").getAttribute("aria-selected")`))
}

func TestCorruptOrOutdatedSavedStateIsSurvived(t *testing.T) {
	for name, saved := range map[string]string{
		"not JSON":         `{"v":1,"tab":`,
		"another version":  `{"v":99,"tab":"kubelet"}`,
		"wrong shape":      `[1,2,3]`,
		"tabs not objects": `{"v":1,"tabs":"gates"}`,
	} {
		t.Run(name, func(t *testing.T) {
			// Stored before the page starts (a page that is open saves its
			// own work when it is left, over anything written behind its back).
			p := openPageAfter(t, "/", `if (!sessionStorage.getItem("seeded")) { sessionStorage.setItem("seeded", "1"); localStorage.setItem("kubexplorer.state.v1", `+jsQuote(saved)+`); }`)
			waitFor(t, p, `kx.notices.has("unreadable-work")`, 10*time.Second)
			notice := eval[string](t, p, `kx.notices.text("unreadable-work")`)
			assert.Contains(t, notice, "could not be read")
			assert.Contains(t, notice, "kept, not deleted")
			// Kept aside as it was, never deleted.
			assert.Equal(t, []string{saved}, eval[[]string](t, p, `Object.keys(localStorage).filter(k => k.startsWith("kubexplorer.unreadable.kubexplorer.state.v1.")).map(k => localStorage.getItem(k))`))
			assert.Equal(t, map[string]any{"value": 1.0}, eval[map[string]any](t, p, `kx.engine.call("echo", {value: 1})`), "the page still works")
			// No blank tab: the example is there.
			waitFor(t, p, `document.querySelector("#panel-gates .cm-editor")?.kxView.state.doc.length > 0`, 20*time.Second)
		})
	}
}

// A saved tab state the tab refuses: the tab shows its example and a notice says why.
func TestBadTabStateShowsTheExampleAndSaysWhy(t *testing.T) {
	release := "1.18"
	p := openPageAfter(t, "/", `localStorage.setItem("kubexplorer.state.v1", JSON.stringify({v: 1, tab: "kubelet", release: "`+release+`", tabs: {kubelet: {example: "no-such-example"}, nope: {}}}))`)
	waitFor(t, p, `kx.notices.has("state-kubelet")`, 20*time.Second)
	assert.Contains(t, eval[string](t, p, `kx.notices.text("state-kubelet")`), "shows its example instead")
	assert.Contains(t, eval[string](t, p, `kx.notices.text("ignored-your saved work")`), "unknown tab “nope”")
	waitFor(t, p, `document.querySelector("#panel-kubelet .cm-editor")?.kxView.state.doc.length > 0`, 20*time.Second)
	assert.Equal(t, release, eval[string](t, p, `kx.app.release`), "the usable parts are used")
}

// A page of widgets starts one engine per kind of widget it shows, shared
// by the widgets (one router, engine.js Engines), and a kind not yet shown
// downloads nothing.
func TestEmbedPageStartsOneEnginePerKind(t *testing.T) {
	before := env.Served()
	p := openAnyPage(t, "/embed-example.html")
	// Nothing starts until a widget is visible; the first one is.
	waitFor(t, p, `document.querySelector("kx-feature-gates").app !== undefined`, 30*time.Second)
	eval[bool](t, p, `(document.querySelector("kx-kubelet").scrollIntoView(), true)`)
	waitFor(t, p, `document.querySelector("kx-kubelet").app !== undefined`, 30*time.Second)
	waitFor(t, p, `["gates", "kubelet"].every(m => window.kxEmbed.engine.engine(m).state === "ready")`, 30*time.Second)
	assert.True(t, eval[bool](t, p, `[...document.querySelectorAll("kx-feature-gates, kx-kubelet")].every(w => w.app.engine.engines === window.kxEmbed.engine)`))
	assert.Equal(t, []string{"gates", "kubelet"}, eval[[]string](t, p, `[...window.kxEmbed.engine.engines.keys()].sort()`), "one engine per kind shown")
	downloads := map[string]int{}
	for path, n := range env.Served() {
		if strings.HasSuffix(path, ".wasm") && n > before[path] {
			name := path[strings.LastIndex(path, "/")+1:]
			downloads[name[:strings.Index(name, ".")]] += n - before[path]
		}
	}
	assert.Equal(t, map[string]int{"engine-gates": 1, "engine-kubelet": 1}, downloads, "one download per engine, none for the kubefed widget not shown")
	assert.True(t, eval[bool](t, p, `!!document.querySelector("kx-feature-gates").shadowRoot.querySelector(".kx-widget-panel")`), "widgets render in shadow DOM")
	// The widget's link to the full explorer carries what it shows.
	waitFor(t, p, `document.querySelector("kx-feature-gates").shadowRoot.querySelector(".kx-widget-header a").href.includes("#s=")`, 10*time.Second)
	assert.Empty(t, p.ForeignRequests())
}

func TestEmbedRoute(t *testing.T) {
	for _, route := range []string{"/embed/feature-gates/", "/embed/kubelet/", "/embed/kubefed/"} {
		res := get(t, route)
		assert.Equal(t, http.StatusOK, res.StatusCode, route)
		assert.Equal(t, siteserver.CSP, res.Header.Get("Content-Security-Policy"), route)
	}
	release := "1.18"
	p := openAnyPage(t, "/embed/kubelet/?release="+release)
	waitFor(t, p, `document.querySelector("kx-kubelet").app !== undefined && document.querySelector("kx-kubelet").app.release !== null`, 30*time.Second)
	assert.Equal(t, release, eval[string](t, p, `document.querySelector("kx-kubelet").app.release`))
}

// siteServer serves the built site from a server of the test's own, so
// the test can switch it off (go offline): it returns the base URL and
// the switch.
func siteServer(t *testing.T) (string, func()) {
	site, err := browsertest.SiteDir()
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := &http.Server{Handler: siteserver.Handler(os.DirFS(site))}
	go func() { _ = srv.Serve(ln) }()
	off := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		require.NoError(t, srv.Shutdown(ctx))
	}
	return "http://" + ln.Addr().String(), off
}

func TestWorksOfflineAfterOneVisit(t *testing.T) {
	base, off := siteServer(t)

	p, err := env.NewPage(90*time.Second, chromedp.WithNewBrowserContext())
	require.NoError(t, err)
	defer p.Close()
	navigate(t, p, base+"/")
	waitFor(t, p, browsertest.EngineReadyExpr, 30*time.Second)
	waitFor(t, p, `navigator.serviceWorker.controller !== null`, 30*time.Second)
	waitFor(t, p, `caches.keys().then(ks => ks.filter(k => k.startsWith("kubexplorer-")).length === 1)`, 10*time.Second)

	off()
	_, err = http.Get(base + "/")
	require.Error(t, err, "the server must be off")

	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Reload()))
	waitFor(t, p, browsertest.EngineReadyExpr, 30*time.Second)
	assert.Equal(t, map[string]any{"value": "offline"}, eval[map[string]any](t, p, `kx.engine.call("echo", {value: "offline"})`))
	waitFor(t, p, `kx.app.release !== null`, 10*time.Second)
	// A tab never opened online has its engine in the cache too (the
	// service worker precaches every engine after the first result).
	waitFor(t, p, `kx.engine.engine("kubefed").state === "idle"`, time.Second)
	eval[bool](t, p, `(document.getElementById("tab-kubefed").click(), true)`)
	waitFor(t, p, `kx.engine.engine("kubefed").state === "ready" && document.querySelector("[data-kubefed-renders]") !== null`, 60*time.Second)
}

func jsQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// Every widget renders its tab on the iframe route, from a share fragment
// too: the fragment made on the full page fills the widget.
func TestEveryEmbedRouteRendersItsTab(t *testing.T) {
	for element, route := range map[string]string{"kx-feature-gates": "/embed/feature-gates/", "kx-kubelet": "/embed/kubelet/", "kx-kubefed": "/embed/kubefed/"} {
		p := openAnyPage(t, route)
		w := `document.querySelector("` + element + `")`
		waitFor(t, p, w+`.app?.release != null && `+w+`.shadowRoot.querySelector(".kx-widget-panel").childElementCount > 0`, 30*time.Second)
		// Another release, so the link says something the defaults do not.
		release := eval[string](t, p, w+`.app.releases[0]`)
		const href = `.shadowRoot.querySelector(".kx-widget-header a").href`
		before := eval[string](t, p, w+href)
		eval[bool](t, p, `(() => { const s = `+w+`.releaseSelect; s.value = "`+release+`"; s.dispatchEvent(new Event("change")); return true })()`)
		// The link follows changes after a short debounce (longer on a busy machine).
		waitFor(t, p, w+href+`.includes("#s=") && `+w+href+` !== `+strconv.Quote(before)+` && `+w+`.linkState?.release === "`+release+`"`, 20*time.Second)
		link := eval[string](t, p, w+`.shadowRoot.querySelector(".kx-widget-header a").href`)
		fragment := link[strings.Index(link, "#"):]
		q := openAnyPage(t, route+fragment)
		waitFor(t, q, `document.querySelector("`+element+`").app?.release === "`+release+`"`, 30*time.Second)
		state := `JSON.stringify(document.querySelector("` + element + `").app.mounted.values().next().value.getState())`
		waitFor(t, q, state+` === `+strconv.Quote(eval[string](t, p, state)), 10*time.Second)
	}
}
