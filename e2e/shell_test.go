//go:build e2e

package e2e

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/siteserver"
)

func TestPageLoadsWithEngineReady(t *testing.T) {
	p := openPage(t, "/")
	assert.Contains(t, eval[string](t, p, `document.title`), "kubexplorer")
	assert.Equal(t, "Engine ready.", eval[string](t, p, `document.getElementById("engine-status").textContent`))
	assert.Equal(t, "polite", eval[string](t, p, `document.getElementById("engine-status").getAttribute("aria-live")`))
	// The version line is filled by a call that went page → worker → Go → back.
	assert.Contains(t, eval[string](t, p, `document.getElementById("engine-version").textContent`), "js/wasm")
	assert.Equal(t, []string{"Feature gates", "Kubelet", "Kubefed"},
		eval[[]string](t, p, `[...document.querySelectorAll('[role="tab"]')].map(t => t.textContent)`))
	waitFor(t, p, `document.getElementById("release").options.length > 1`, 10*time.Second)
	releases := eval[[]string](t, p, `[...document.getElementById("release").options].map(o => o.value)`)
	assert.Equal(t, "1.18", releases[0])
	assert.Equal(t, releases[len(releases)-1], eval[string](t, p, `document.getElementById("release").value`), "the newest release is the default")
}

func TestRoundTripThroughTheWorker(t *testing.T) {
	p := openPage(t, "/")
	got := eval[map[string]any](t, p, `kx.engine.call("echo", {value: {text: "<img src=x onerror=alert(1)>", n: 3}})`)
	assert.Equal(t, map[string]any{"value": map[string]any{"text": "<img src=x onerror=alert(1)>", "n": float64(3)}}, got)
	// Go runs inside the worker, not the page.
	assert.False(t, eval[bool](t, p, `"kubexplorer" in window`), "the engine must not run on the page's thread")
}

func TestPanicBecomesAnErrorAndTheNextCallWorks(t *testing.T) {
	p := openPage(t, "/")
	msg := eval[string](t, p, `kx.engine.call("debug.panic", {message: "kaboom"}).then(() => "no error", e => e.code + ": " + e.message)`)
	assert.True(t, strings.HasPrefix(msg, "internal: "), msg)
	assert.Contains(t, msg, "kaboom")
	assert.Equal(t, "ready", eval[string](t, p, `kx.engine.state`), "a recovered panic must not restart the engine")
	assert.Equal(t, map[string]any{"value": "after"}, eval[map[string]any](t, p, `kx.engine.call("echo", {value: "after"})`))
}

func TestExitedEngineIsRestartedAndInputsRefed(t *testing.T) {
	p := openPage(t, "/")
	eval[bool](t, p, `(kx.app.mounted.set("probe", {onEngineRestart() { window.__refed = (window.__refed || 0) + 1; }}), true)`)
	msg := eval[string](t, p, `kx.engine.call("debug.exit", {}).then(() => "no error", e => e.code + ": " + e.message)`)
	assert.True(t, strings.HasPrefix(msg, "engine_exit: "), msg)
	waitFor(t, p, `window.__refed === 1`, 15*time.Second)
	status := eval[string](t, p, `document.getElementById("engine-status").textContent`)
	assert.Contains(t, status, "stopped unexpectedly")
	assert.Contains(t, status, "re-applied")
	assert.Equal(t, map[string]any{"value": 7.0}, eval[map[string]any](t, p, `kx.engine.call("echo", {value: 7})`))
}

func TestRunawayCallIsEndedByRestartingTheWorker(t *testing.T) {
	p := openPage(t, "/")
	// The page's own start-up call (the releases) must not be the one the
	// restart cuts off: on a loaded machine the runaway call can take the
	// engine first, and the page would rightly report the lost call.
	waitFor(t, p, `kx.app.releases.length > 0`, 30*time.Second)
	start := time.Now()
	msg := eval[string](t, p, `kx.engine.call("debug.spin", {duration: "20s"}, {timeout: 500}).then(() => "no error", e => e.code + ": " + e.message)`)
	assert.Less(t, time.Since(start), 10*time.Second, "the page must not wait for the runaway call")
	assert.True(t, strings.HasPrefix(msg, "timeout: "), msg)
	assert.Contains(t, msg, "debug.spin")
	waitFor(t, p, `kx.engine.state === "ready"`, 15*time.Second)
	assert.Contains(t, eval[string](t, p, `document.getElementById("engine-status").textContent`), "took longer than")
	assert.Equal(t, map[string]any{"value": true}, eval[map[string]any](t, p, `kx.engine.call("echo", {value: true})`))
}

func TestServedHeaders(t *testing.T) {
	res := get(t, "/")
	assert.Equal(t, siteserver.CSP, res.Header.Get("Content-Security-Policy"))
	assert.Equal(t, "no-cache", res.Header.Get("Cache-Control"))

	// The engine is fetched by a worker, outside the page's request log:
	// the server's log names it.
	openPage(t, "/")
	path := ""
	for _, h := range env.Hits() {
		if strings.HasSuffix(h.Path, ".wasm") {
			path = h.Path
			break
		}
	}
	require.NotEmpty(t, path, "the page loaded no engine")
	assert.Regexp(t, `^/engine-(gates|kubelet|kubefed)\.[0-9a-f]{10}\.wasm$`, path, "the engine's name carries its mechanism and hash")
	res = get(t, path, "Accept-Encoding", "br")
	assert.Equal(t, "application/wasm", res.Header.Get("Content-Type"))
	assert.Equal(t, "br", res.Header.Get("Content-Encoding"))
	assert.Equal(t, "public, max-age=31536000, immutable", res.Header.Get("Cache-Control"))
	post, err := http.Post(env.BaseURL+"/", "text/plain", nil)
	require.NoError(t, err)
	post.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, post.StatusCode)
	assert.Equal(t, http.StatusNotFound, get(t, "/no-such-file.js").StatusCode)
}

func TestKeyboardOnlyTabsAndTheme(t *testing.T) {
	p := openPage(t, "/")
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Focus(chromedp.ID("tab-gates")), chromedp.KeyEvent(kb.ArrowRight)))
	waitFor(t, p, `document.activeElement.id === "tab-kubelet"`, 5*time.Second)
	assert.Equal(t, "true", eval[string](t, p, `document.getElementById("tab-kubelet").getAttribute("aria-selected")`))
	assert.False(t, eval[bool](t, p, `document.getElementById("panel-kubelet").hidden`))
	assert.True(t, eval[bool](t, p, `document.getElementById("panel-gates").hidden`))
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.End)))
	waitFor(t, p, `document.activeElement.id === "tab-kubefed"`, 5*time.Second)
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.ArrowRight)))
	waitFor(t, p, `document.activeElement.id === "tab-gates"`, 5*time.Second)

	before := eval[string](t, p, `document.documentElement.dataset.theme`)
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Focus(chromedp.ID("theme-toggle")), chromedp.KeyEvent(kb.Enter)))
	waitFor(t, p, `document.documentElement.dataset.theme !== "`+before+`"`, 5*time.Second)
	assert.Equal(t, map[bool]string{true: "true", false: "false"}[before == "light"],
		eval[string](t, p, `document.getElementById("theme-toggle").getAttribute("aria-pressed")`))
}

// A call that hangs the engine is not fed to the restarted engine; its tab
// offers a retry; repeated failures stop the engine with a Restart button,
// and calls on a stopped engine fail with a clear error (never a TypeError).
func TestPoisonInputIsNotRefedAndTheEngineStops(t *testing.T) {
	p := openPage(t, "/")
	waitFor(t, p, `kx.app.release !== null && kx.app.mounted.has("gates")`, 10*time.Second)
	eval[bool](t, p, `(() => {
		const g = kx.app.mounted.get("gates"), orig = g.onEngineRestart;
		g.onEngineRestart = () => { window.__gatesRefed = (window.__gatesRefed || 0) + 1; orig(); };
		kx.app.mounted.set("probe", {onEngineRestart() { window.__probeRefed = (window.__probeRefed || 0) + 1; }});
		return true })()`)
	spin := `kx.engine.call("debug.spin", {duration: "20s"}, {timeout: 300, owner: "gates"}).then(() => "no error", e => e.code + ": " + e.message)`
	msg := eval[string](t, p, spin)
	assert.True(t, strings.HasPrefix(msg, "timeout: "), msg)
	assert.Contains(t, msg, "not run again", "the error says what to do")
	waitFor(t, p, `window.__probeRefed === 1`, 15*time.Second)
	assert.Equal(t, 0, eval[int](t, p, `window.__gatesRefed || 0`), "the input that hung the engine is not fed again")
	waitFor(t, p, `kx.notices.has("suspended-gates")`, 5*time.Second)
	assert.True(t, eval[bool](t, p, `kx.app.suspended.has("gates")`))

	// Retry runs it once more (the user's choice).
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Click(chromedp.CSS(`[data-notice="suspended-gates"] .notice-actions .button`))))
	waitFor(t, p, `window.__gatesRefed === 1`, 5*time.Second)

	// Failure after failure (with back-off) until the engine stops.
	eval[bool](t, p, `(kx.engine.policy.opts.firstDelayMs = 20, true)`)
	for i := 0; i < 10 && eval[string](t, p, `kx.engine.state`) != "stopped"; i++ {
		eval[string](t, p, spin)
	}
	require.Equal(t, "stopped", eval[string](t, p, `kx.engine.state`))
	assert.Contains(t, eval[string](t, p, `document.getElementById("engine-status").textContent`), "Restart the engine")
	assert.True(t, eval[bool](t, p, `!document.getElementById("engine-restart").hidden`))
	assert.Contains(t, eval[string](t, p, `kx.notices.text("engine")`), "The engine stopped")
	assert.Equal(t, "stopped", eval[string](t, p, `kx.engine.call("echo", {value: 1}).then(() => "answered", e => e instanceof TypeError ? "TypeError" : e.code)`))

	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Click(chromedp.ID("engine-restart"))))
	waitFor(t, p, `kx.engine.state === "ready"`, 15*time.Second)
	assert.Equal(t, map[string]any{"value": 2.0}, eval[map[string]any](t, p, `kx.engine.call("echo", {value: 2})`))
	assert.True(t, eval[bool](t, p, `document.getElementById("engine-restart").hidden`))
	assert.False(t, eval[bool](t, p, `kx.notices.has("engine")`))
}
