//go:build e2e

package e2e

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// Replies computed at build time (cmd/kxbuild static.go, engine.js
// Engines): every one is what the real engine answers to the same request,
// so the build cannot drift from the engines. A reply that opens a session
// is compared with the first session of a fresh engine.
func TestStaticRepliesAreTheEngines(t *testing.T) {
	p := openPage(t, "/#gates")
	out := eval[map[string]any](t, p, `(async () => {
		const r = kx.engine;
		const tables = [{ mechanism: null, replies: r.staticReplies, sessions: new Set() }];
		for (const m of Object.keys(r.files)) {
			const t = r.table(m);
			await t.promise;
			tables.push({ mechanism: m, replies: t.replies, sessions: t.sessions });
		}
		const canon = (v) => JSON.stringify(v, (_, x) => x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x);
		const differ = [];
		const checked = [];
		for (const t of tables) {
			for (const [key, want] of Object.entries(t.replies)) {
				const method = key.slice(0, key.indexOf(" "));
				const request = JSON.parse(key.slice(key.indexOf(" ") + 1));
				let got;
				if (t.sessions.has(key)) {
					const fresh = r.create({ mechanism: t.mechanism, workerURL: r.workerURL, wasmURL: r.urls[t.mechanism] });
					got = await fresh.call(method, request);
					fresh.worker.terminate();
				} else {
					got = await r.route(method).call(method, request);
				}
				checked.push(key.slice(0, 60));
				if (canon(got) !== canon(want)) differ.push(key.slice(0, 200));
			}
		}
		return { checked, differ, files: Object.keys(r.files).sort() };
	})()`)
	assert.ElementsMatch(t, []any{"gates", "kubefed", "kubelet"}, out["files"], "a replies file per tab")
	checked := out["checked"].([]any)
	// The script's eight, each tab's first result, each gallery example.
	assert.Greater(t, len(checked), 8+3+20, "replies checked: %q", checked)
	for _, first := range []string{"gates.evaluate ", "kubelet.load ", "kubefed.load "} {
		found := false
		for _, c := range checked {
			found = found || len(c.(string)) > len(first) && c.(string)[:len(first)] == first
		}
		assert.True(t, found, "%s is answered from the build", first)
	}
	assert.Empty(t, out["differ"], "replies of the build that the engine does not give")
}

// holdEngines keeps every worker's "init" (boot.js's and the page's) until
// the test calls __kxHold.release(): the page runs without any engine.
const holdEngines = `(() => {
	const post = Worker.prototype.postMessage;
	const held = [];
	globalThis.__kxHold = {
		released: false,
		release() { this.released = true; for (const [w, args] of held.splice(0)) post.apply(w, args); },
	};
	Worker.prototype.postMessage = function (...args) {
		if (!globalThis.__kxHold.released && args[0] && args[0].type === "init") { held.push([this, args]); return; }
		return post.apply(this, args);
	};
})()`

// openHeld opens a tab cold with its engine held back and checks that its
// first result, the reply to method, came from the build.
func openHeld(t *testing.T, tab, method string) *browsertest.Page {
	t.Helper()
	p := openAnyPageAfter(t, "/#"+tab, holdEngines)
	waitFor(t, p, `performance.getEntriesByName("kx-first-result").length > 0`, 60*time.Second)
	assert.Equal(t, 1, eval[int](t, p, `performance.getEntriesByName("kx-`+tab+`-static:`+method+`").length`), "the first result is the build's")
	assert.Equal(t, 0, eval[int](t, p, `performance.getEntriesByName("kx-`+tab+`-ready").length`), "no engine was ready")
	// boot.js fetched the tab's replies file and the router adopted it:
	// one request, started before app.js ran.
	assert.Equal(t, 1, eval[int](t, p, `performance.getEntriesByType("resource").filter((r) => r.name.includes("/replies-`+tab+`.")).length`), "the replies file is fetched once")
	assert.True(t, eval[bool](t, p, `performance.getEntriesByType("resource").find((r) => r.name.includes("/replies-`+tab+`.")).startTime < performance.getEntriesByName("kx-app")[0].startTime`), "boot.js fetched it")
	return p
}

// A cold page's first result on each tab comes from the build, before the
// engine is ready (here: with the engine held back until the result is
// painted); then the engine takes over: the gates tab evaluates an edit
// made while it loaded, the kubelet tab steps and plays and the kubefed tab
// advances the session the page showed, replayed on the engine.
func TestFirstResultBeforeTheEngine(t *testing.T) {
	t.Run("gates", func(t *testing.T) {
		p := openHeld(t, "gates", "gates.evaluate")
		waitForDefaultExample(t, p)
		evaluated := eval[string](t, p, gatesPanel+`.dataset.evaluated`)
		// An edit while the engine loads: no error, no keystroke lost; it
		// is evaluated once the engine runs. (typeInto types into
		// CodeMirror, which loads after the first result.)
		waitFor(t, p, gatesPanel+`.querySelector(".cm-content") !== null`, 30*time.Second)
		typeInto(t, p, 0, " --v=2")
		time.Sleep(500 * time.Millisecond)
		assert.NotContains(t, eval[string](t, p, gatesPanel+`.querySelector(".gates-status").className`), "error")
		eval[bool](t, p, `(__kxHold.release(), true)`)
		waitFor(t, p, `performance.getEntriesByName("kx-gates-posted:gates.evaluate").length > 0 && `+gatesPanel+`.dataset.evaluated !== `+jsQuote(evaluated), 60*time.Second)
		assert.Contains(t, eval[string](t, p, `[...`+gatesPanel+`.querySelectorAll(".cm-content")][0].textContent`), "--v=2")
		assert.NotContains(t, eval[string](t, p, gatesPanel+`.querySelector(".gates-status").className`), "error")
	})
	t.Run("kubelet", func(t *testing.T) {
		p := openHeld(t, "kubelet", "kubelet.load")
		require.True(t, eval[bool](t, p, `document.querySelector(".kubelet-pod-card[data-pod=web]") !== null`), "the example's pod is shown")
		// Step before the engine runs: it waits for the engine and the replay.
		eval[bool](t, p, `(`+kubeletPanel+`.querySelector(".kubelet-step").click(), true)`)
		eval[bool](t, p, `(__kxHold.release(), true)`)
		waitFor(t, p, `performance.getEntriesByName("kx-kubelet-replayed").length > 0`, 60*time.Second)
		assert.True(t, eval[bool](t, p, `performance.getEntriesByName("kx-kubelet-replayed")[0].detail.ok`), "the engine's session is the page's")
		waitFor(t, p, `performance.getEntriesByName("kx-kubelet-reply:kubelet.advance").length > 0`, 30*time.Second)
		eval[bool](t, p, `(`+kubeletPanel+`.querySelector(".kubelet-play").click(), true)`)
		waitFor(t, p, `document.querySelector(".kubelet-clock").textContent !== "t=0s" && document.querySelector(".kubelet-events tbody tr") !== null`, 30*time.Second)
		eval[bool](t, p, `(`+kubeletPanel+`.querySelector(".kubelet-play").click(), true)`)
		assert.NotContains(t, eval[string](t, p, kubeletPanel+`.querySelector(".kubelet-status").className`), "error")
	})
	t.Run("kubefed", func(t *testing.T) {
		p := openHeld(t, "kubefed", "kubefed.load")
		assert.Contains(t, eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-federated").textContent`), "ClusterNotReady")
		eval[bool](t, p, `(__kxHold.release(), true)`)
		eval[bool](t, p, `(() => { const i = `+kubefedPanel+`.querySelector(".kubefed-advance-input"); i.value = "1m"; `+kubefedPanel+`.querySelector(".kubefed-advance").click(); return true })()`)
		waitFor(t, p, kubefedPanel+`.querySelector(".kubefed-clock").textContent.includes("+1m")`, 60*time.Second)
		assert.True(t, eval[bool](t, p, `performance.getEntriesByName("kx-kubefed-replayed")[0].detail.ok`), "the engine's session is the page's")
		assert.Equal(t, 1, eval[int](t, p, `kx.app.mounted.get("kubefed").getState().steps.length`), "the step was recorded")
		assert.NotContains(t, eval[string](t, p, kubefedPanel+`.querySelector(".kubefed-status").className`), "error")
	})
}
