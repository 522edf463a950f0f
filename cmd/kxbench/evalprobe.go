package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// The evaluation probe compares builds of the site on the gates engine's
// start and first evaluations (issue 15 item 5), interleaved so that a
// loaded machine hits every build alike. It runs only when
// KX_EVALPROBE names the site directories, comma-separated (for instance
// a build of main and one of a branch); KX_EVALPROBE_ROUNDS sets the
// rounds (default 5). Each round opens every build once per case, cold,
// on the kubefed tab, waits until that page is quiet (gatesQuietExpr),
// and times in the page: the gates engine's start (fetch, compile, Go's
// init and what the engine does before it says ready), then three
// gates.evaluate calls of the request of "first gates evaluation". The
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

// gatesQuietExpr is true once a page opened without the gates engine is
// quiet: its first result painted, and every engine it started ready with
// no call in flight. Timing the gates engine before that measures the
// other tab's engine starting beside it on the machine's cores.
const gatesQuietExpr = `(() => {
	if (typeof kx === "undefined" || !kx.engine || kx.app.release === null) return false;
	if (performance.getEntriesByName("kx-first-result").length === 0) return false;
	for (const e of kx.engine.engines.values()) {
		if (e.state !== "idle" && (e.state !== "ready" || e.pending.size > 0)) return false;
	}
	return true;
})()`

// waitQuiet waits until gatesQuietExpr holds twice, half a second apart
// (a replay may post its next call after a reply).
func waitQuiet(p *browsertest.Page) error {
	for stable := 0; stable < 2; {
		if err := p.WaitFor(gatesQuietExpr, time.Minute); err != nil {
			return err
		}
		time.Sleep(500 * time.Millisecond)
		ok, err := browsertest.Eval[bool](p, gatesQuietExpr)
		if err != nil {
			return err
		}
		if ok {
			stable++
		} else {
			stable = 0
		}
	}
	return nil
}

// gatesEvaluationsScript times a fresh gates engine in the page: it
// returns [start, first, second, third] in ms; it takes the release's
// index from the newest, the idle time before the first call and the
// request (probeRequest) whose release it sets.
const gatesEvaluationsScript = `(async (older, idleMs, template) => {
	const gates = kx.engine.engine("gates");
	if (gates.state !== "idle") throw new Error("the gates engine ran already: " + gates.state);
	const releases = (await kx.engine.call("releases", {})).releases;
	const release = releases[releases.length - 1 - older];
	const req = {...template, release};
	let t0 = performance.now();
	await gates.start();
	const out = [performance.now() - t0];
	if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
	for (let i = 0; i < 3; i++) {
		t0 = performance.now();
		// A cold evaluation on a loaded machine may take longer than the
		// page's 10 s call timeout; the probe times it rather than fail.
		const reply = await gates.call("gates.evaluate", req, {timeout: 120000});
		if (!reply || !reply.result) throw new Error("gates.evaluate failed: " + JSON.stringify(reply).slice(0, 200));
		out.push(performance.now() - t0);
	}
	return out;
})`

// timeGatesEvaluations opens a fresh page, waits until it is quiet and
// runs gatesEvaluationsScript.
func timeGatesEvaluations(env *browsertest.Env, c evalCase) ([]float64, error) {
	p, err := openWithoutGates(env)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	if err := waitQuiet(p); err != nil {
		return nil, err
	}
	template, err := json.Marshal(probeRequest(""))
	if err != nil {
		return nil, err
	}
	ts, err := browsertest.Eval[[]float64](p, fmt.Sprintf("%s(%d, %d, %s)", gatesEvaluationsScript, c.older, c.idleMs, template))
	if err != nil {
		return nil, err
	}
	if len(ts) != 4 {
		return nil, fmt.Errorf("the probe returned %v", ts)
	}
	return ts, nil
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
				ts, err := timeGatesEvaluations(env, c)
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
				fmt.Sprintf("medians of %d interleaved cold loads, each timed once the page is quiet; start: gates engine fetch, compile, init, what it does before ready", rounds)})
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
