//go:build e2e

package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// engineOf names the engine a served path is ("/engine-gates.1234abcd.wasm"
// → "gates"), or "" for any other file.
func engineOf(path string) string {
	name := path[strings.LastIndex(path, "/")+1:]
	if !strings.HasPrefix(name, "engine-") || !strings.HasSuffix(name, ".wasm") {
		return ""
	}
	return strings.TrimPrefix(name[:strings.Index(name, ".")], "engine-")
}

// Each tab's first result needs no other tab's engine (its own starts with
// the page, the result comes from the build); the engine starts from
// boot.js, the page's first script, and the page adopts that worker; the
// first result is marked; and after it the service worker fetches every
// other engine, so that every tab works offline (issue 15).
func TestFirstResultDownloadsOnlyItsTabsEngine(t *testing.T) {
	for _, tab := range []string{"gates", "kubelet", "kubefed"} {
		t.Run(tab, func(t *testing.T) {
			start := len(env.Hits())
			p := openAnyPage(t, "/#"+tab)
			waitFor(t, p, `performance.getEntriesByName("kx-first-result").length > 0`, 60*time.Second)
			assert.Equal(t, tab, eval[string](t, p, `globalThis.__kxBoot.mechanism`), "boot.js starts the engine of the tab in the address")
			waitFor(t, p, `kx.engine.engine(`+jsQuote(tab)+`).state === "ready"`, 60*time.Second)
			assert.True(t, eval[bool](t, p, `globalThis.__kxBoot.claimed`), "the page adopts boot.js's worker")
			// The service worker is registered after the first result: the
			// requests before it are the first result's.
			waitFor(t, p, `navigator.serviceWorker.controller !== null`, 60*time.Second)
			waitFor(t, p, `caches.keys().then(ks => ks.filter(k => k.startsWith("kubexplorer-")).length === 1)`, 30*time.Second)
			before := map[string]int{}
			after := map[string]int{}
			sw := false
			for _, h := range env.Hits()[start:] {
				if h.Path == "/sw.js" {
					sw = true
				}
				if e := engineOf(h.Path); e != "" && !sw {
					before[e]++
				} else if e != "" {
					after[e]++
				}
			}
			assert.True(t, sw, "the service worker was fetched")
			for e := range before {
				assert.Equal(t, tab, e, "engines downloaded before the first result")
			}
			for _, other := range []string{"gates", "kubelet", "kubefed", "gatestools"} {
				if other != tab {
					assert.Equal(t, 1, after[other], "the service worker precaches the %s engine", other)
				}
			}
		})
	}
}

// The feature-gates methods for operators (explain, import, check, diff,
// components) are in the gatestools engine, which the first tab's result
// does not wait for (above): the router sends them there, starting it on
// first use, and everything else of the mechanism to the gates engine.
func TestGatesToolsEngineOnDemand(t *testing.T) {
	p := openPage(t, "/#gates")
	waitFor(t, p, `performance.getEntriesByName("kx-first-result").length > 0`, 60*time.Second)
	assert.Equal(t, "gatestools", eval[string](t, p, `kx.engine.route("gates.check").mechanism`))
	assert.Equal(t, "gates", eval[string](t, p, `kx.engine.route("gates.evaluate").mechanism`))
	diff := eval[map[string]any](t, p, `kx.engine.call("gates.diff", {from: "1.36", to: "1.37"})`)
	assert.Equal(t, "1.37", diff["to"])
	assert.NotEmpty(t, diff["changes"])
	assert.Equal(t, "ready", eval[string](t, p, `kx.engine.engine("gatestools").state`))
	assert.Equal(t, "ready", eval[string](t, p, `kx.engine.engine("gates").state`))
}

// The start-up milestones (kxbench's breakdown of a first result) are on
// the page's timeline in the order they happen, the worker's converted
// from its own clock; and the gates tab's first evaluation was the call
// its first result shows. A release saved by an earlier visit makes that
// evaluation the engine's (the build answers the newest release's).
func TestStartupMilestonesInOrder(t *testing.T) {
	p := openAnyPageAfter(t, "/#gates", `localStorage.setItem("kubexplorer.release", "1.36")`)
	waitFor(t, p, `performance.getEntriesByName("kx-first-result").length > 0`, 60*time.Second)
	order := []string{"kx-boot", "kx-gates-worker", "kx-gates-response", "kx-gates-compiled", "kx-gates-instantiated",
		"kx-gates-main", "kx-gates-ready", "kx-gates-posted:gates.evaluate",
		"kx-gates-call:gates.evaluate", "kx-gates-replied:gates.evaluate", "kx-gates-reply:gates.evaluate", "kx-first-result"}
	times := eval[[]float64](t, p, `(`+jsQuote(strings.Join(order, ","))+`).split(",").map((n) => performance.getEntriesByName(n, "mark")[0]?.startTime ?? -1)`)
	for i, name := range order {
		assert.GreaterOrEqual(t, times[i], 0.0, "mark %s", name)
		if i > 0 {
			assert.GreaterOrEqual(t, times[i], times[i-1], "%s comes after %s", name, order[i-1])
		}
	}
	assert.True(t, eval[bool](t, p, `performance.getEntriesByName("kx-gates-compiled")[0].detail.streaming === true`), "the engine compiles while it downloads")
	// The engine warms up only when idle after it said it is ready (the
	// page's first call does not wait behind a warm-up, wasm/cmd/gates);
	// here the call comes at once, so there is usually no warm-up at all.
	warmed := eval[float64](t, p, `performance.getEntriesByName("kx-gates-warmed")[0]?.startTime ?? -1`)
	if warmed >= 0 {
		assert.Greater(t, warmed, times[slices.Index(order, "kx-gates-ready")], "the warm-up comes after the engine is ready")
	}
}

// An editor update that changes nothing is not made: each update reads the
// page's selection, which lays out the whole page first on a cold load.
func TestEditorSkipsUpdatesThatChangeNothing(t *testing.T) {
	p := openPage(t, "/#gates")
	waitFor(t, p, `performance.getEntriesByName("kx-first-result").length > 0`, 60*time.Second)
	counts := eval[[]int](t, p, `(() => {
		const ed = document.querySelector("#panel-gates .cm-editor").kxEditor;
		let n = 0;
		const dispatch = ed.view.dispatch.bind(ed.view);
		ed.view.dispatch = (...args) => { n++; return dispatch(...args); };
		const out = [];
		ed.value = ed.value; out.push(n);
		ed.setDiagnostics([]); out.push(n);
		ed.setDiagnostics([{line: 1, message: "x"}]); out.push(n);
		ed.setDiagnostics([]); out.push(n);
		ed.value = ed.value + " "; out.push(n);
		return out;
	})()`)
	assert.Equal(t, []int{0, 0, 1, 2, 3}, counts)
}

// Env.Visit, how kxbench times first results as a visitor's browser loads
// them: the tab loads the page with no DevTools session until the caller's
// condition holds (here: the service worker, which the page fetches after
// its first result, was requested), then the session reads what the page
// recorded. The launcher's own requests are not hits.
func TestVisitLoadsThePageBeforeAttaching(t *testing.T) {
	start := len(env.Hits())
	swFetched := func() bool {
		for _, h := range env.Hits()[start:] {
			if h.Path == "/sw.js" {
				return true
			}
		}
		return false
	}
	p, err := env.Visit("/#kubelet", 300*time.Millisecond, swFetched, time.Minute)
	require.NoError(t, err)
	defer p.Close()
	require.True(t, swFetched(), "Visit attached before its condition held")
	assert.Equal(t, "#kubelet", eval[string](t, p, `location.hash`))
	assert.Equal(t, 1, eval[int](t, p, `performance.getEntriesByName("kx-first-result").length`),
		"the page reached its first result before the session attached")
	var paths []string
	for _, h := range env.Hits()[start:] {
		paths = append(paths, h.Path)
	}
	assert.Contains(t, paths, "/")
	for _, path := range paths {
		assert.NotContains(t, path, "__visit", "the launcher's requests are not hits")
	}
}

// A measurement's own page is served beside the site, same origin, and is
// not a hit; JSFlags reaches V8 (--expose-gc defines gc, which a browser
// started without it has not).
func TestHandleAndJSFlags(t *testing.T) {
	site, err := browsertest.SiteDir()
	require.NoError(t, err)
	flagged, err := browsertest.Start(site, browsertest.JSFlags("--expose-gc"))
	require.NoError(t, err)
	defer flagged.Close()
	const path = "/__test/probe.html"
	for _, e := range []*browsertest.Env{env, flagged} {
		e.Handle(path, browsertest.Static(`<!doctype html><title>probe</title><p>beside the site</p>`, "text/html; charset=utf-8"))
	}
	gcType := map[*browsertest.Env]string{}
	for _, e := range []*browsertest.Env{env, flagged} {
		start := len(e.Hits())
		p, err := e.NewPage(time.Minute)
		require.NoError(t, err)
		require.NoError(t, browsertest.Navigate(p, e.BaseURL+path))
		assert.Equal(t, "probe", eval[string](t, p, `document.title`))
		gcType[e] = eval[string](t, p, `typeof gc`)
		p.Close()
		for _, h := range e.Hits()[start:] {
			assert.NotEqual(t, path, h.Path, "a handled path is not a hit")
		}
	}
	assert.Equal(t, "undefined", gcType[env])
	assert.Equal(t, "function", gcType[flagged])
}
