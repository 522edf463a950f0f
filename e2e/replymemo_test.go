//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// The reply memo (site/js/replymemo.js, engine.js Engines): what the engine
// answered a visitor is answered at once on their next visit, before any
// engine runs (here: with every engine held back), as the build's replies
// are for a first-time visitor; a session so answered is replayed on the
// engine, which gives the same; and a memo of another engine version is
// not used.
func TestReturningVisitorsFirstResultFromTheMemo(t *testing.T) {
	for _, tc := range []struct{ tab, method string }{{"gates", "gates.evaluate"}, {"kubelet", "kubelet.load"}} {
		t.Run(tc.tab, func(t *testing.T) {
			p := openPage(t, "/#"+tc.tab)
			// An input the build did not answer: the oldest release, saved
			// with the rest of the work.
			release := eval[string](t, p, `kx.app.releases[0]`)
			require.NotEqual(t, release, eval[string](t, p, `kx.app.release`))
			eval[bool](t, p, `(() => { const s = document.getElementById("release"); s.value = kx.app.releases[0]; s.dispatchEvent(new Event("change")); return true; })()`)
			want := fmt.Sprintf(`"release":%q`, release)
			waitForMemo(t, p, tc.tab, func(keys []string) bool { return hasKey(keys, tc.method, want) })

			// The next visit, with the engines held back.
			_, err := chromedp.Call(p.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: holdEngines})
			require.NoError(t, err)
			reload(t, p)
			waitFor(t, p, `performance.getEntriesByName("kx-first-result").length > 0`, 30*time.Second)
			assert.Equal(t, 1, marks(t, p, "kx-"+tc.tab+"-memo:"+tc.method), "the first result is the memo's")
			assert.Equal(t, 0, marks(t, p, "kx-"+tc.tab+"-ready"), "no engine was ready")
			assert.Equal(t, release, eval[string](t, p, `kx.app.release`))
			eval[bool](t, p, `(__kxHold.release(), true)`)
			waitFor(t, p, browsertest.EngineReadyExpr, 60*time.Second)
			if tc.tab == "kubelet" {
				// The session the page showed is the engine's, once replayed.
				eval[bool](t, p, `(`+kubeletPanel+`.querySelector(".kubelet-step").click(), true)`)
				waitFor(t, p, `performance.getEntriesByName("kx-kubelet-reply:kubelet.advance").length > 0`, 60*time.Second)
				assert.True(t, eval[bool](t, p, `performance.getEntriesByName("kx-kubelet-replayed")[0].detail.ok`), "the engine's session is the memo's")
				assert.NotContains(t, eval[string](t, p, kubeletPanel+`.querySelector(".kubelet-status").className`), "error")
			}

			// A memo of another engine version (an earlier build) is not used:
			// the first result waits for the engine.
			eval[bool](t, p, `(async () => {
				const c = await caches.open("kubexplorer.memo");
				const req = (await c.keys()).find((r) => r.url.endsWith("/memo-`+tc.tab+`"));
				const rec = await (await c.match(req)).json();
				rec.version = "engine-`+tc.tab+`.0000000000.wasm";
				await c.put(req, new Response(JSON.stringify(rec)));
				return true;
			})()`)
			reload(t, p)
			waitFor(t, p, `window.kx && kx.app.mounted.has("`+tc.tab+`")`, 30*time.Second)
			time.Sleep(2 * time.Second)
			assert.Equal(t, 0, marks(t, p, "kx-first-result"), "no result before the engine")
			assert.Equal(t, 0, marks(t, p, "kx-"+tc.tab+"-memo:"+tc.method))
			eval[bool](t, p, `(__kxHold.release(), true)`)
			waitFor(t, p, `performance.getEntriesByName("kx-first-result").length > 0`, 60*time.Second)
			assert.Equal(t, 1, marks(t, p, "kx-"+tc.tab+"-reply:"+tc.method), "the first result is the engine's")
			// And the memo is this version's again.
			waitForMemo(t, p, tc.tab, func(keys []string) bool { return hasKey(keys, tc.method, want) })
		})
	}
}

// reload loads the page again: the same storage, a new document.
func reload(t *testing.T, p *browsertest.Page) {
	t.Helper()
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.Reload()))
}

func marks(t *testing.T, p *browsertest.Page, name string) int {
	t.Helper()
	return eval[int](t, p, `performance.getEntriesByName(`+jsQuote(name)+`).length`)
}

// waitForMemo waits until the memo of tab, as stored for this engine
// version, has keys that ok accepts.
func waitForMemo(t *testing.T, p *browsertest.Page, tab string, ok func([]string) bool) {
	t.Helper()
	var keys []string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		keys = eval[[]string](t, p, `(async () => {
			const c = await caches.open("kubexplorer.memo");
			const req = (await c.keys()).find((r) => r.url.endsWith("/memo-`+tab+`"));
			if (!req) return [];
			const rec = await (await c.match(req)).json();
			const version = new URL(kx.engine.urls.`+tab+`, location.href).pathname.split("/").pop();
			return rec.version === version ? rec.entries.map((e) => e[0]) : [];
		})()`)
		if ok(keys) {
			return
		}
	}
	t.Fatalf("the %s memo holds %q", tab, keys)
}

func hasKey(keys []string, method, part string) bool {
	for _, k := range keys {
		if strings.HasPrefix(k, method+" ") && strings.Contains(k, part) {
			return true
		}
	}
	return false
}
