package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/kubexplorer/kubexplorer/core/releases"
	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// The evaluation probe compares builds of the site on the gates engine's
// start and first evaluations (issue 15 item 5), interleaved so that a
// loaded machine hits every build alike. It runs only when
// KX_EVALPROBE names the site directories, comma-separated (for instance
// a build of main and one of a branch); KX_EVALPROBE_ROUNDS sets the
// rounds (default 5). Each round starts every build's gates engine once
// per case, cold, on the engine probe's page (below), and times the
// engine's start and three gates.evaluate calls of the request of "first
// gates evaluation". The
// cases: the newest release asked at once (what the page asks of a fresh
// engine), the release before it asked at once (a returning visitor's
// saved release: the page's first live gates result), and the newest
// asked after the engine idled (what a first edit costs once the engine
// had time to warm up).
func init() {
	if os.Getenv("KX_EVALPROBE") != "" {
		probes = append(probes, probe{"gates evaluations", evalProbe})
	}
}

// evalCase is one way of asking a fresh gates engine: which release (0 the
// newest, 1 the one before) and how long the page waits after the
// engine's start before its first call.
type evalCase struct {
	name   string
	older  int
	idleMs int
}

var evalCases = []evalCase{
	{"newest at once", 0, 0},
	{"previous release at once", 1, 0},
	{"newest after 2 s idle", 0, 2000},
}

// The engine probe is kxbench's own page beside the site (same origin):
// it starts the gates engine in the site's worker as the page does, and
// times, in the page, the engine's start (fetch, compile, Go's init and
// what the engine does before it says ready) and three gates.evaluate
// calls, each from posting the call to the worker to its reply. It has no
// application beside the engine, and Env.Visit opens it with no DevTools
// session, which would cost the engine's compiles work a visitor's
// browser does not do. It reports to the server at the address it is
// given.
const (
	engineProbePath   = "/__kx/engine-probe.html"
	engineProbeScript = "/__kx/engine-probe.js"
)

const engineProbeHTML = `<!doctype html><meta charset="utf-8"><title>engine probe</title>
<script src="` + engineProbeScript + `"></script>`

// engineProbeJS reads {worker, engine, request, idleMs, result} from the
// address's fragment and posts {times: [start, first, second, third]} or
// {error} to result.
const engineProbeJS = `(async () => {
	const p = JSON.parse(decodeURIComponent(location.hash.slice(1)));
	const report = (body) => fetch(p.result, {method: "POST", body: JSON.stringify(body)});
	try {
		const worker = new Worker(p.worker, {name: "kubexplorer-gates"});
		const replies = new Map();
		let ready, fail;
		const started = new Promise((resolve, reject) => { ready = resolve; fail = reject; });
		worker.onerror = (e) => fail(new Error("worker: " + e.message));
		worker.onmessage = (e) => {
			const m = e.data;
			if (m.type === "ready") ready();
			else if (m.type === "reply") replies.get(m.id)(m.reply);
			else if (m.type === "error" || m.type === "exit") fail(new Error(JSON.stringify(m)));
		};
		const t0 = performance.now();
		worker.postMessage({type: "init", url: p.engine});
		await started;
		const times = [performance.now() - t0];
		if (p.idleMs > 0) await new Promise((resolve) => setTimeout(resolve, p.idleMs));
		for (let id = 0; id < 3; id++) {
			const t = performance.now();
			const reply = await new Promise((resolve) => {
				replies.set(id, resolve);
				worker.postMessage({type: "call", id, method: "gates.evaluate", request: p.request});
			});
			times.push(performance.now() - t);
			if (!JSON.parse(reply).result) throw new Error("gates.evaluate failed: " + reply.slice(0, 200));
		}
		await report({times});
	} catch (err) {
		await report({error: String(err && err.message ? err.message : err)});
	}
})();`

// engineProbes numbers the probe's runs, for their report addresses.
var engineProbes atomic.Int64

// timeGatesEvaluations starts a fresh gates engine of the site in dir,
// served by env, on the engine probe's page and returns its start and
// three evaluations in ms.
func timeGatesEvaluations(env *browsertest.Env, dir string, c evalCase) ([]float64, error) {
	m, err := readManifest(dir)
	if err != nil {
		return nil, err
	}
	all := releases.All()
	req, err := json.Marshal(probeRequest(all[len(all)-1-c.older]))
	if err != nil {
		return nil, err
	}
	env.Handle(engineProbePath, browsertest.Static(engineProbeHTML, "text/html; charset=utf-8"))
	env.Handle(engineProbeScript, browsertest.Static(engineProbeJS, "text/javascript; charset=utf-8"))
	result := fmt.Sprintf("/__kx/engine-probe-result/%d", engineProbes.Add(1))
	var (
		done  atomic.Bool
		times []float64
		fail  string
	)
	env.Handle(result, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Times []float64 `json:"times"`
			Error string    `json:"error"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			body.Error = "the probe's report: " + err.Error()
		}
		if !done.Load() {
			times, fail = body.Times, body.Error
			done.Store(true)
		}
	}))
	params, err := json.Marshal(map[string]any{"worker": "/" + m.Assets["worker.js"], "engine": "/" + m.Engines["gates"],
		"request": string(req), "idleMs": c.idleMs, "result": result})
	if err != nil {
		return nil, err
	}
	p, err := env.Visit(engineProbePath+"#"+url.PathEscape(string(params)), settle, done.Load, 2*time.Minute)
	if err != nil {
		return nil, err
	}
	p.Close()
	switch {
	case !done.Load():
		return nil, fmt.Errorf("the engine probe did not report")
	case fail != "":
		return nil, fmt.Errorf("the engine probe: %s", fail)
	case len(times) != 4:
		return nil, fmt.Errorf("the engine probe returned %v", times)
	}
	return times, nil
}

func evalProbe(*config) ([]row, error) {
	dirs := strings.Split(os.Getenv("KX_EVALPROBE"), ",")
	rounds := 5
	if n, err := strconv.Atoi(os.Getenv("KX_EVALPROBE_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	envs := make([]*browsertest.Env, len(dirs))
	for i, d := range dirs {
		env, err := browsertest.Start(d)
		if err != nil {
			return nil, err
		}
		defer env.Close()
		envs[i] = env
	}
	// times[case][dir][k]: k is start, first, second, third.
	times := make([][][4][]float64, len(evalCases))
	for ci := range evalCases {
		times[ci] = make([][4][]float64, len(dirs))
	}
	for range rounds {
		for ci, c := range evalCases {
			for i, env := range envs {
				ts, err := timeGatesEvaluations(env, dirs[i], c)
				if err != nil {
					return nil, fmt.Errorf("%s, %s: %w", dirs[i], c.name, err)
				}
				for k := range ts {
					times[ci][i][k] = append(times[ci][i][k], ts[k])
				}
			}
		}
	}
	var rows []row
	for ci, c := range evalCases {
		for i, d := range dirs {
			med := func(k int) float64 { return percentile(times[ci][i][k], 50) }
			rows = append(rows, row{"gates evaluations", c.name + ": " + d,
				fmt.Sprintf("start %.0f ms, evaluations %.0f, %.0f, %.0f ms; start + first %.0f ms", med(0), med(1), med(2), med(3), percentile(sums(times[ci][i][0], times[ci][i][1]), 50)),
				fmt.Sprintf("medians of %d interleaved fresh engines on the engine probe's page (no application, no DevTools); start: gates engine fetch, compile, init, what it does before ready", rounds)})
		}
	}
	return rows, nil
}

// sums adds a and b element by element.
func sums(a, b []float64) []float64 {
	out := make([]float64, len(a))
	for i := range a {
		out[i] = a[i] + b[i]
	}
	return out
}
