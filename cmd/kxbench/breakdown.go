package main

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// The breakdown of a cold first result: when each step of the start-up
// happened, in ms since navigation, on the page's clock. The worker's own
// milestones arrive as absolute times and the page puts them on its
// timeline (site/js/worker.js, engine.js: kx-<mechanism>-<what>); the
// page's are its own marks, its navigation timing and the app script's
// resource timing. Main-thread long tasks come from a PerformanceObserver
// the bench installs before any of the page's scripts run. A milestone a
// page does not have (the floor has no app.js) shows as "-". None of this
// fails the bench.

// milestone is one step of the start-up. key is a mark name with %s for the
// page's mechanism (and a second %s for the method of its first result), or nav:<field> (navigation timing), or res:<logical
// asset> (a resource's responseEnd).
type milestone struct{ label, key string }

var milestones = []milestone{
	{"HTML received", "nav:responseEnd"},
	{"boot.js ran", "kx-boot"},
	{"worker script started", "kx-%s-worker"},
	{"engine response headers", "kx-%s-response"},
	{"engine downloaded", "kx-%s-downloaded"},
	{"engine compiled", "kx-%s-compiled"},
	{"engine instantiated", "kx-%s-instantiated"},
	{"Go main entered (inits done)", "kx-%s-main"},
	{"warm-up done", "kx-%s-warmed"},
	{"engine ready (worker)", "kx-%s-ready"},
	{"app.js downloaded", "res:app.js"},
	{"DOM interactive", "nav:domInteractive"},
	{"app.js evaluated", "kx-app"},
	{"first tab mounted", "kx-mounted"},
	{"replies file received", "res:replies-%s.json"},
	{"first call answered by the build", "kx-%s-static:%s"},
	{"first call answered by the reply memo", "kx-%s-memo:%s"},
	{"first call asked", "kx-%s-asked:%s"},
	{"first call posted", "kx-%s-posted:%s"},
	{"first call in worker", "kx-%s-call:%s"},
	{"Go replied", "kx-%s-replied:%s"},
	{"reply on the page", "kx-%s-reply:%s"},
	{"session replayed on the engine", "kx-%s-replayed"},
	{"result painted", "kx-first-result"},
	{"live result painted", "kx-live-result"},
}

// longTaskObserver records the main thread's long tasks from the start of
// the document (installed with Page.addScriptToEvaluateOnNewDocument, so it
// runs before the page's scripts and outside its CSP).
const longTaskObserver = `globalThis.__kxLong = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) globalThis.__kxLong.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch {}`

// collectBreakdown is evaluated after the first result. A page loaded
// with no DevTools session (Env.Visit) had no observer installed: its long
// tasks are the ones Chromium buffered (longtask entries are buffered from
// the start of the document, up to 200).
const collectBreakdown = `(async () => {
  const out = {};
  for (const m of performance.getEntriesByType("mark")) {
    if (m.name.startsWith("kx-") && !(m.name in out)) out[m.name] = m.startTime;
    if (m.name.endsWith("-compiled") && !("streaming" in out)) out.streaming = m.detail?.streaming ? 1 : 0;
  }
  const nav = performance.getEntriesByType("navigation")[0];
  if (nav) {
    out["nav:responseEnd"] = nav.responseEnd;
    out["nav:domInteractive"] = nav.domInteractive;
  }
  for (const r of performance.getEntriesByType("resource")) {
    const name = "res:" + r.name.split("/").pop().replace(/\.[0-9a-f]{10}\./, ".");
    if (!(name in out)) out[name] = r.responseEnd;
  }
  const first = out["kx-first-result"] ?? Infinity;
  const buffered = () => new Promise((resolve) => {
    const got = [];
    try {
      const o = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) got.push([e.startTime, e.duration]);
      });
      o.observe({ type: "longtask", buffered: true });
      setTimeout(() => { o.disconnect(); resolve(got); }, 100);
    } catch { resolve(got); }
  });
  const long = (globalThis.__kxLong || await buffered()).filter(([start]) => start < first);
  out["long:count"] = long.length;
  out["long:total"] = long.reduce((sum, [, d]) => sum + d, 0);
  out["long:max"] = long.reduce((m, [, d]) => Math.max(m, d), 0);
  return out;
})()`

// breakdown is one load's milestones and figures by key.
type breakdown map[string]float64

// installLongTasks makes the page record its long tasks from its first
// script on.
func installLongTasks(p *browsertest.Page) error {
	_, err := chromedp.Call(p.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: longTaskObserver})
	return err
}

// readBreakdown returns the loaded page's breakdown; a page that cannot say
// gives an empty one (the breakdown never fails the bench).
func readBreakdown(p *browsertest.Page) breakdown {
	b, err := browsertest.Eval[map[string]float64](p, collectBreakdown)
	if err != nil {
		return breakdown{}
	}
	return b
}

// breakdownRows summarizes the loads of one throttling profile: per
// milestone the median time since navigation on each page, then the long
// tasks and whether the engine compiled while downloading.
func breakdownRows(prof profile, pages []firstResultPage, loads map[string][]breakdown) []row {
	group := "first result breakdown (" + prof.name + ")"
	var rows []row
	cell := func(pg string, key string, f func([]float64) string) string {
		var xs []float64
		for _, b := range loads[pg] {
			if v, ok := b[key]; ok {
				xs = append(xs, v)
			}
		}
		if len(xs) == 0 {
			return pg + " -"
		}
		return pg + " " + f(xs)
	}
	median := func(xs []float64) string { return fmt.Sprintf("%.0f", percentile(xs, 50)) }
	for _, m := range milestones {
		var cells []string
		seen := false
		for _, pg := range pages {
			key := m.key
			switch strings.Count(key, "%s") {
			case 1:
				key = fmt.Sprintf(key, pg.mechanism)
			case 2:
				key = fmt.Sprintf(key, pg.mechanism, pg.method)
			}
			c := cell(pg.name, key, median)
			seen = seen || !strings.HasSuffix(c, " -")
			cells = append(cells, c)
		}
		if seen {
			rows = append(rows, row{group, m.label, strings.Join(cells, " · "), "ms since navigation, median of the cold loads"})
		}
	}
	var long, streaming []string
	for _, pg := range pages {
		long = append(long, cell(pg.name, "long:count", median)+" ("+strings.TrimPrefix(cell(pg.name, "long:total", median), pg.name+" ")+" ms, longest "+strings.TrimPrefix(cell(pg.name, "long:max", median), pg.name+" ")+" ms)")
		streaming = append(streaming, cell(pg.name, "streaming", func(xs []float64) string {
			sort.Float64s(xs)
			if xs[0] == 1 {
				return "yes"
			}
			if xs[len(xs)-1] == 0 {
				return "no"
			}
			return "sometimes"
		}))
	}
	return append(rows,
		row{group, "main-thread long tasks", strings.Join(long, " · "), "before the first result (> 50 ms each), medians of count, total and longest"},
		row{group, "engine compiled streaming", strings.Join(streaming, " · "), "WebAssembly.compileStreaming, compiling while downloading"})
}

// profileFirstResults records a DevTools CPU profile of the page's main
// thread for a cold first result of each tab (-first-profile DIR), to see
// what the long tasks before it are, and prints the most sampled functions.
func profileFirstResults(c *config) error {
	env, err := browsertest.Start(c.siteDir)
	if err != nil {
		return err
	}
	defer env.Close()
	for _, pg := range firstResultPages {
		if pg.isFloor() || pg.live {
			continue
		}
		p, err := env.NewPage(2*time.Minute, chromedp.WithNewBrowserContext())
		if err != nil {
			return err
		}
		err = func() error {
			defer p.Close()
			if err := startProfiler(p.Ctx); err != nil {
				return err
			}
			if err := browsertest.Navigate(p, env.BaseURL+pg.path); err != nil {
				return err
			}
			if err := p.WaitFor(`performance.getEntriesByName("kx-first-result").length > 0`, time.Minute); err != nil {
				return err
			}
			return stopProfiler(p.Ctx, filepath.Join(c.firstProfile, pg.name+".cpuprofile"))
		}()
		if err != nil {
			return fmt.Errorf("%s: %w", pg.name, err)
		}
	}
	return nil
}
