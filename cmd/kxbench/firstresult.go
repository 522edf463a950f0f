package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
	"github.com/kubexplorer/kubexplorer/internal/sitebuild"
)

// Time to first result (issue 15): each tab opened cold against the floor,
// a page that starts the bare bridge (wasm/cmd/floor: Go runtime, safejs,
// the JSON envelope, no mechanism) in the same worker and paints its answer
// to one call. Loads are interleaved (floor, gates, kubelet, kubefed, floor,
// …), each in a new browser context, so a noisy machine hits all alike; the
// ratios are taken run by run. The time is the page's kx-first-result mark
// (main.js: the first tab's first result painted). Bytes are what the server
// sent from the navigation until the service worker was fetched (it is
// registered after the first result, then precaches the rest).
//
// Unthrottled, the floor and the first-time visitors' pages load as in a
// visitor's browser, with no DevTools session on the tab until their first
// result is in (browsertest.Env.Visit): DevTools' DOM, CSS and network
// agents made the tabs' first results 60–110 ms later on this machine (the
// floor's, with its tiny document, within noise), which no visitor pays.
// Every load starts once its new tab has settled (settle). The other loads
// need a session from the start (CPU and network throttling, the scripts
// the live and returning pages are given before they run); they are timed
// through it and against a floor timed the same way ("floor (DevTools)").

// profile is a set of CDP throttles applied to a page before it navigates.
type profile struct {
	name    string
	cpu     float64 // slowdown factor of the page's thread (1: none)
	latency float64 // ms added to each request
	down    float64 // bytes per second (0: unthrottled)
}

var profiles = []profile{
	{name: "unthrottled", cpu: 1},
	// A slow laptop on an ordinary connection: CPU 4× slower (Chromium
	// throttles the page's renderer), 40 ms per request, 20 Mbit/s.
	{name: "slow laptop", cpu: 4, latency: 40, down: 20e6 / 8},
}

// firstResultPage is a page whose first result is timed: name labels it,
// mechanism is the engine it starts, method the call whose reply its first
// result shows. A page with live set is timed to its first result the
// engine computed (liveResult), not one the build did (a first-time
// visitor's default example, engine.js); release, when set, is the release
// the page finds saved (so its first request is not the default one).
//
// A page with prime set is a returning visitor's: before the timed load,
// the same browser context visits prime (an input the build did not
// answer, computed by the engine and saved with the work) and then path
// (the saved work restored), so that its storage holds the saved work and
// the engine's replies (the reply memo, site/js/replymemo.js); the timed
// load then starts with a cold HTTP cache and no service worker, like the
// other pages, and is timed to its first result.
type firstResultPage struct {
	name, path, mechanism, method string
	live                          bool
	release                       string
	prime                         string
	devtools                      bool // timed through a DevTools session even when it could be without
}

// visited reports whether pg is loaded under prof with no DevTools session
// until its first result (Env.Visit): unthrottled, with nothing to give
// the page before it runs.
func (pg firstResultPage) visited(prof profile) bool {
	return prof.cpu == 1 && prof.down == 0 && !pg.devtools && !pg.live && pg.release == "" && pg.prime == ""
}

// isFloor reports whether pg is one of the floor's loads.
func (pg firstResultPage) isFloor() bool { return pg.mechanism == "floor" }

var firstResultPages = []firstResultPage{
	{name: "floor", path: "/floor.html", mechanism: "floor", method: "version"},
	// The floor again, through a DevTools session: the live and returning
	// pages' ratios are to it.
	{name: "floor (DevTools)", path: "/floor.html", mechanism: "floor", method: "version", devtools: true},
	{name: "gates", path: "/#gates", mechanism: "gates", method: "gates.evaluate"},
	{name: "kubelet", path: "/#kubelet", mechanism: "kubelet", method: "kubelet.load"},
	{name: "kubefed", path: "/#kubefed", mechanism: "kubefed", method: "kubefed.load"},
	// The same tabs with an input the build did not answer: the default
	// example on the release before the newest (saved, as a returning
	// visitor's), and another kubefed example from the address (the tab
	// shows its default first, whose session the engine then replays).
	{name: "gates live", path: "/#gates", mechanism: "gates", method: "gates.evaluate", live: true, release: "1.36"},
	{name: "kubelet live", path: "/#kubelet", mechanism: "kubelet", method: "kubelet.load", live: true, release: "1.36"},
	{name: "kubefed live", path: "/#kubefed/o1-fresh-namespaced-ftc", mechanism: "kubefed", method: "kubefed.load", live: true},
	// A returning visitor whose saved work is those live inputs.
	{name: "gates returning", path: "/#gates", mechanism: "gates", method: "gates.evaluate", release: "1.36", prime: "/#gates"},
	{name: "kubelet returning", path: "/#kubelet", mechanism: "kubelet", method: "kubelet.load", release: "1.36", prime: "/#kubelet"},
	{name: "kubefed returning", path: "/#kubefed", mechanism: "kubefed", method: "kubefed.load", prime: "/#kubefed/o1-fresh-namespaced-ftc"},
}

// liveResult marks kx-live-result when the page has painted the first
// reply of the engine to the method (%s, the mark engine.js puts when the
// reply arrives). It wraps performance.mark, so it sees that mark in the
// task that puts it, the one whose promise the tab awaits and renders the
// reply in; the mark comes with the next frame, as main.js marks
// kx-first-result. (A PerformanceObserver would not do: Chromium delivers
// its callbacks late when the main thread is busy, e.g. with the editors'
// chunks right after a first result, and the mark came up to 900 ms after
// the paint.)
const liveResult = `(() => {
  const mark = performance.mark.bind(performance);
  let seen = false;
  performance.mark = (name, ...rest) => {
    const entry = mark(name, ...rest);
    if (!seen && name === %q) {
      seen = true;
      requestAnimationFrame(() => mark("kx-live-result"));
    }
    return entry;
  };
})()`

// savedRelease makes the page find a release saved (main.js RELEASE_KEY).
const savedRelease = `try { localStorage.setItem("kubexplorer.release", %q) } catch {}`

// resultMark is the mark that ends a page's timing.
func (pg firstResultPage) resultMark() string {
	if pg.live {
		return "kx-live-result"
	}
	return "kx-first-result"
}

// firstPages and firstProfiles narrow the first-result probe to the pages
// and throttling profiles whose names match (the floor is always timed: the
// ratios are to it), e.g. -first-pages live -first-profiles unthrottled to
// time only the live results on a busy machine.
var (
	firstPages    = flag.String("first-pages", "", "with the first result probe: time only the pages whose name matches this regexp (and the floor)")
	firstProfiles = flag.String("first-profiles", "", "with the first result probe: use only the throttling profiles whose name matches this regexp")
)

// matching returns the items whose name matches the regexp expr (all of
// them when expr is empty) and those keep says to keep anyway.
func matching[T any](items []T, expr string, name func(T) string, keep func(T) bool) ([]T, error) {
	if expr == "" {
		return items, nil
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, err
	}
	var out []T
	for _, it := range items {
		if keep(it) || re.MatchString(name(it)) {
			out = append(out, it)
		}
	}
	return out, nil
}

// comparedDir is where floorSite puts the site given with -compare.
const comparedDir = "compared"

// pagesToTime are firstResultPages and, with -compare, each tab again from
// the compared site ("gates'"), in the same rounds.
func pagesToTime(c *config) []firstResultPage {
	pages := append([]firstResultPage(nil), firstResultPages...)
	if c.compare == "" {
		return pages
	}
	for _, pg := range firstResultPages {
		if pg.isFloor() {
			continue
		}
		pg.name += "'"
		pg.path = "/" + comparedDir + "/" + pg.path[1:]
		if pg.prime != "" {
			pg.prime = "/" + comparedDir + "/" + pg.prime[1:]
		}
		pages = append(pages, pg)
	}
	return pages
}

// floorPage is the floor's page: its script is the first thing it loads,
// as boot.js is the page's.
const floorPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>floor</title>
<script src="floor.js"></script></head><body></body></html>
`

// floorScript starts the floor engine in the site's own worker and paints
// the reply to one call; %s is the worker's file name. It puts the worker's
// milestones on its timeline as engine.js does (breakdown.go). Once it has
// marked its result it asks the server for floorDone, as the page asks for
// its service worker after its first result: the signal to attach to a
// visited load (Env.Visit).
const floorScript = `performance.mark("kx-boot");
const worker = new Worker(%q, { name: "kubexplorer-floor" });
worker.onmessage = (e) => {
  if (e.data.type === "mark") performance.mark("kx-floor-" + e.data.name, { startTime: e.data.at - performance.timeOrigin, detail: e.data.detail });
  if (e.data.type === "ready") {
    performance.mark("kx-floor-asked:version");
    performance.mark("kx-floor-posted:version");
    worker.postMessage({ type: "call", id: 1, method: "version", request: "{}" });
  }
  if (e.data.type === "reply") {
    performance.mark("kx-floor-reply:version");
    document.body.textContent = e.data.reply;
    requestAnimationFrame(() => {
      performance.mark("kx-first-result");
      fetch("floor-done").catch(() => {});
    });
  }
};
worker.postMessage({ type: "init", url: new URL("floor.wasm", location.href).href });
`

// settle is how long a timed load waits in its new tab before it
// navigates. A new tab's renderer process goes on starting up, and the
// previous load's tab on shutting down, for about a second after the tab
// opens: a load started at once was timed with them (the floor 540 ms,
// against 280 ms after 1.5 s). A visitor's browser keeps a spare renderer
// ready, and item 4 of issue 15 is a figure for a quiet machine.
const settle = 1500 * time.Millisecond

// floorDone is what the floor asks the server for after its result.
const floorDone = "/floor-done"

// floorSite returns a directory that is the site plus the floor's page,
// script and engine (with its .br and .gz siblings, as the site's engines
// have), and a function that removes it.
func floorSite(siteDir, compare string) (string, func(), error) {
	dir, err := os.MkdirTemp("", "kxbench-floor")
	if err != nil {
		return "", nil, err
	}
	done := func() { os.RemoveAll(dir) }
	fail := func(err error) (string, func(), error) { done(); return "", nil, err }
	siteDir, err = filepath.Abs(siteDir)
	if err != nil {
		return fail(err)
	}
	entries, err := os.ReadDir(siteDir)
	if err != nil {
		return fail(err)
	}
	for _, e := range entries {
		if err := os.Symlink(filepath.Join(siteDir, e.Name()), filepath.Join(dir, e.Name())); err != nil {
			return fail(err)
		}
	}
	if compare != "" {
		abs, err := filepath.Abs(compare)
		if err != nil {
			return fail(err)
		}
		if err := os.Symlink(abs, filepath.Join(dir, comparedDir)); err != nil {
			return fail(err)
		}
	}
	m, err := readManifest(siteDir)
	if err != nil {
		return fail(err)
	}
	wasm := filepath.Join(dir, "floor.wasm")
	if err := buildJSWasm([]string{"build", "-trimpath", "-ldflags", "-s -w"}, wasm, "./wasm/cmd/floor"); err != nil {
		return fail(fmt.Errorf("building the floor engine: %w", err))
	}
	data, err := os.ReadFile(wasm)
	if err != nil {
		return fail(err)
	}
	files := map[string][]byte{
		"floor.html":    []byte(floorPage),
		"floor.js":      fmt.Appendf(nil, floorScript, m.Assets["worker.js"]),
		"floor.wasm.br": compress(data, func(w io.Writer) io.WriteCloser { return brotli.NewWriterLevel(w, 11) }),
		"floor.wasm.gz": compress(data, func(w io.Writer) io.WriteCloser { z, _ := gzip.NewWriterLevel(w, 9); return z }),
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return fail(err)
		}
	}
	return dir, done, nil
}

func compress(data []byte, newWriter func(io.Writer) io.WriteCloser) []byte {
	var b bytes.Buffer
	z := newWriter(&b)
	_, _ = z.Write(data)
	_ = z.Close()
	return b.Bytes()
}

func readManifest(siteDir string) (*sitebuild.Manifest, error) {
	data, err := os.ReadFile(filepath.Join(siteDir, "build.json"))
	if err != nil {
		return nil, fmt.Errorf("%w (run make build)", err)
	}
	var m sitebuild.Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// firstResult opens pg cold under prof and returns its result's mark (ms
// since navigation), the bytes served before its first result (all, and
// without the engines) and the breakdown of its start-up.
func firstResult(env *browsertest.Env, pg firstResultPage, prof profile) (float64, sentBytes, breakdown, error) {
	if pg.visited(prof) {
		return visitedFirstResult(env, pg)
	}
	var none sentBytes
	p, err := env.NewPage(2*time.Minute, chromedp.WithNewBrowserContext())
	if err != nil {
		return 0, none, nil, err
	}
	defer p.Close()
	if err := installLongTasks(p); err != nil {
		return 0, none, nil, err
	}
	var scripts []string
	if pg.live {
		scripts = append(scripts, fmt.Sprintf(liveResult, fmt.Sprintf("kx-%s-reply:%s", pg.mechanism, pg.method)))
	}
	if pg.release != "" {
		scripts = append(scripts, fmt.Sprintf(savedRelease, pg.release))
	}
	for _, src := range scripts {
		if _, err := chromedp.Call(p.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src}); err != nil {
			return 0, none, nil, err
		}
	}
	if pg.prime != "" {
		if err := primeReturning(env, p, pg); err != nil {
			return 0, none, nil, fmt.Errorf("%s: priming: %w", pg.path, err)
		}
	}
	if _, err := chromedp.Call(p.Ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: prof.cpu}); err != nil {
		return 0, none, nil, err
	}
	if prof.down > 0 {
		rule := &network.Conditions{Latency: prof.latency, DownloadThroughput: prof.down, UploadThroughput: prof.down}
		if _, err := chromedp.Call(p.Ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{rule}}); err != nil {
			return 0, none, nil, err
		}
	}
	time.Sleep(settle)
	start := len(env.Hits())
	if err := browsertest.Navigate(p, env.BaseURL+pg.path); err != nil {
		return 0, none, nil, err
	}
	return readFirstResult(env, p, pg, start)
}

// visitedFirstResult opens pg cold with no DevTools session until the
// server was asked for what a page asks for after its first result.
func visitedFirstResult(env *browsertest.Env, pg firstResultPage) (float64, sentBytes, breakdown, error) {
	start := len(env.Hits())
	after := func() bool {
		for _, h := range env.Hits()[start:] {
			if strings.HasSuffix(h.Path, "/sw.js") || h.Path == floorDone {
				return true
			}
		}
		return false
	}
	p, err := env.Visit(pg.path, settle, after, 30*time.Second)
	if err != nil {
		return 0, sentBytes{}, nil, err
	}
	defer p.Close()
	return readFirstResult(env, p, pg, start)
}

// readFirstResult waits for pg's result mark on p and returns it with the
// bytes served since the server's hit start and the load's breakdown.
func readFirstResult(env *browsertest.Env, p *browsertest.Page, pg firstResultPage, start int) (float64, sentBytes, breakdown, error) {
	var none sentBytes
	mark := pg.resultMark()
	if err := p.WaitFor(`performance.getEntriesByName("`+mark+`").length > 0`, time.Minute); err != nil {
		return 0, none, nil, fmt.Errorf("%s: no %s: %w", pg.path, mark, err)
	}
	ms, err := browsertest.Eval[float64](p, `performance.getEntriesByName("`+mark+`")[0].startTime`)
	if err != nil {
		return 0, none, nil, err
	}
	// The service worker is registered after the first result: what the
	// server sent before it is the first result's, and the engine that
	// loaded alongside (it may finish before or after).
	var sent sentBytes
	for _, h := range env.Hits()[start:] {
		if strings.HasSuffix(h.Path, "/sw.js") || h.Path == floorDone {
			break
		}
		sent.all += h.Bytes
		if !strings.HasSuffix(h.Path, ".wasm") {
			sent.page += h.Bytes
		}
	}
	return ms, sent, readBreakdown(p), nil
}

// primeReturning makes p's browser context a returning visitor's of pg
// (unthrottled): a visit to pg.prime, timed out until the engine answered
// pg.method, then one to pg.path, each left once the page wrote its reply
// memo (a site without one, the compared site, is left at once); then the
// service worker the visits registered is gone and the HTTP cache is
// empty. The saved work is written as each page is left (main.js). Each
// visit is a new document: the tab goes to about:blank first (a
// navigation to the address it shows, fragment and all, would not load).
func primeReturning(env *browsertest.Env, p *browsertest.Page, pg firstResultPage) error {
	for i, path := range []string{pg.prime, pg.path} {
		if err := browsertest.Navigate(p, "about:blank"); err != nil {
			return err
		}
		if err := browsertest.Navigate(p, env.BaseURL+path); err != nil {
			return err
		}
		done := `performance.getEntriesByName("kx-first-result").length > 0`
		if i == 0 {
			done = fmt.Sprintf(`performance.getEntriesByName(%q).length > 0`, "kx-"+pg.mechanism+"-reply:"+pg.method)
		}
		if err := p.WaitFor(done, time.Minute); err != nil {
			return err
		}
		written := fmt.Sprintf(`window.kx && (!kx.engine.memo || performance.getEntriesByName(%q).length > 0)`, "kx-"+pg.mechanism+"-memo-written")
		if err := p.WaitFor(written, 30*time.Second); err != nil {
			return err
		}
	}
	if _, err := browsertest.Eval[bool](p, `navigator.serviceWorker.getRegistrations().then(async (rs) => { for (const r of rs) await r.unregister(); return true })`); err != nil {
		return err
	}
	if err := browsertest.Navigate(p, "about:blank"); err != nil {
		return err
	}
	_, err := chromedp.Call(p.Ctx, network.ClearBrowserCache, cdp.Empty{})
	return err
}

// sentBytes are the bytes a server sent before a first result: all of
// them, and those of the page without any engine.
type sentBytes struct{ all, page int }

func firstResultProbe(c *config) ([]row, error) {
	dir, done, err := floorSite(c.siteDir, c.compare)
	if err != nil {
		return nil, err
	}
	defer done()
	env, err := browsertest.Start(dir)
	if err != nil {
		return nil, err
	}
	defer env.Close()
	var rows []row
	pages, err := matching(pagesToTime(c), *firstPages, func(pg firstResultPage) string { return pg.name }, func(pg firstResultPage) bool { return pg.isFloor() })
	if err != nil {
		return nil, fmt.Errorf("-first-pages: %w", err)
	}
	profs, err := matching(profiles, *firstProfiles, func(p profile) string { return p.name }, func(profile) bool { return false })
	if err != nil {
		return nil, fmt.Errorf("-first-profiles: %w", err)
	}
	for _, prof := range profs {
		ms := map[string][]float64{}
		ratios := map[string][]float64{}
		sent := map[string]sentBytes{}
		loads := map[string][]breakdown{}
		// Throttled, every load goes through DevTools: one floor is enough.
		timed := pages
		if !firstResultPages[0].visited(prof) {
			timed = nil
			for _, pg := range pages {
				if !pg.devtools {
					timed = append(timed, pg)
				}
			}
		}
		for round := 0; round < c.rounds; round++ {
			// floor[v]: this round's floor loaded as a visitor's browser
			// loads it (v) or through DevTools (!v).
			floor := map[bool]float64{}
			for _, pg := range timed {
				t, n, b, err := firstResult(env, pg, prof)
				if err != nil {
					return nil, fmt.Errorf("%s, %s: %w", prof.name, pg.name, err)
				}
				ms[pg.name] = append(ms[pg.name], t)
				sent[pg.name] = n
				loads[pg.name] = append(loads[pg.name], b)
				if pg.isFloor() {
					floor[pg.visited(prof)] = t
				} else {
					ratios[pg.name] = append(ratios[pg.name], t/floor[pg.visited(prof)])
				}
			}
		}
		for _, pg := range timed {
			value := fmt.Sprintf("median %.0f ms, max %.0f ms", percentile(ms[pg.name], 50), percentile(ms[pg.name], 100))
			note := fmt.Sprintf("%s; %d cold loads; %s sent before the first result (%s without the engines)", prof.name, len(ms[pg.name]), kb(sent[pg.name].all), kb(sent[pg.name].page))
			if pg.visited(prof) {
				note += "; no DevTools session until the first result"
			} else {
				note += "; through a DevTools session"
			}
			switch {
			case pg.isFloor():
				note += "; bare bridge, no mechanism"
			case pg.prime != "":
				value += fmt.Sprintf(", %.2f× the floor", percentile(ratios[pg.name], 50))
				note += "; a returning visitor: the storage holds an earlier visit's saved input (one the build did not answer) and the engine's replies to it (reply memo)"
			case pg.live:
				value += fmt.Sprintf(", %.2f× the floor", percentile(ratios[pg.name], 50))
				note += "; an input the build did not answer: the engine computes it"
			default:
				value += fmt.Sprintf(", %.2f× the floor", percentile(ratios[pg.name], 50))
				note += "; a first-time visitor's default example, answered by the build; goal ≤ 2× (aim 1.5×), ≤ 500 ms unthrottled"
			}
			what := "first result"
			switch {
			case pg.live:
				what = "first live result"
			case pg.prime != "":
				what = "returning visitor's first result"
			}
			rows = append(rows, row{what, pg.name, value, note})
		}
		rows = append(rows, breakdownRows(prof, timed, loads)...)
	}
	gates, err := firstGatesEvaluation(env, dir)
	if err != nil {
		return nil, err
	}
	return append(rows, gates...), nil
}

func kb(n int) string { return fmt.Sprintf("%.0f kB", float64(n)/1e3) }

// firstGatesRuns is how many fresh gates engines firstGatesEvaluation
// times on each browser.
const firstGatesRuns = 3

// noTierUp is V8's flag that keeps every function in its baseline code:
// a tiering budget no evaluation uses up.
const noTierUp = "--wasm-tiering-budget=1000000000"

// firstGatesEvaluation times the first and second gates.evaluate of a
// fresh gates engine in the page's worker (round trip included), on the
// newest release with a config file and a --feature-gates flag. The page is
// opened on the kubefed tab, so its gates engine has not run yet. It times
// the same on a browser whose V8 never optimizes (noTierUp): on two cores
// the first evaluation's cost is mostly V8 optimizing, on background
// threads, the functions that evaluation ran hot, and the second figure
// is what is left without that.
func firstGatesEvaluation(env *browsertest.Env, dir string) ([]row, error) {
	var first, second, start []float64
	for range firstGatesRuns {
		ts, err := timeGatesEvaluations(env, dir, evalCases[0])
		if err != nil {
			return nil, fmt.Errorf("first gates evaluation: %w", err)
		}
		start, first, second = append(start, ts[0]), append(first, ts[1]), append(second, ts[2])
	}
	baseline, err := browsertest.Start(dir, browsertest.JSFlags(noTierUp))
	if err != nil {
		return nil, err
	}
	defer baseline.Close()
	var firstBaseline []float64
	for range firstGatesRuns {
		ts, err := timeGatesEvaluations(baseline, dir, evalCases[0])
		if err != nil {
			return nil, fmt.Errorf("first gates evaluation without tier-up: %w", err)
		}
		firstBaseline = append(firstBaseline, ts[1])
	}
	return []row{
		{"first result", "first gates evaluation", fmt.Sprintf("%.0f ms (second %.0f ms; engine start %.0f ms)", percentile(first, 50), percentile(second, 50), percentile(start, 50)),
			fmt.Sprintf("medians of %d fresh gates engines asked at once on the engine probe's page (no application, no DevTools), newest release, config file + --feature-gates; round trip page → worker → Go; goal ≤ 30 ms", firstGatesRuns)},
		{"first result", "first gates evaluation, V8 never optimizing", fmt.Sprintf("%.0f ms", percentile(firstBaseline, 50)),
			fmt.Sprintf("the same on a browser run with %s (no page can set it): what is left of the first evaluation without V8's tier-up", noTierUp)},
	}, nil
}

// engineRows are the sizes of the site's engines against their budgets.
func engineRows(m *sitebuild.Manifest) ([]row, error) {
	checks, err := m.CheckBudgets(sitebuild.EngineBudgets)
	if err != nil {
		return nil, err
	}
	gz := map[string]int{}
	raw := map[string]int{}
	for _, f := range m.Files {
		gz[f.Name], raw[f.Name] = f.Gzip, f.Size
	}
	var rows []row
	var over []string
	for _, c := range checks {
		verdict := "within budget"
		if c.Over() {
			verdict = "OVER budget"
			over = append(over, c.Mechanism)
		}
		rows = append(rows, row{"size", c.Mechanism + " engine", fmt.Sprintf("%s brotli, %s gzip, %s raw", mb(c.Brotli), mb(gz[c.File]), mb(raw[c.File])),
			fmt.Sprintf("%s: budget %s brotli (internal/sitebuild/budget.go)", verdict, mb(c.Budget))})
	}
	if len(over) > 0 {
		return rows, fmt.Errorf("engines over their budget: %v", over)
	}
	return rows, nil
}
