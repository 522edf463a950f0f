package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/io"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// The trace of a cold first result (-first-trace DIR): a Chrome performance
// trace of each tab's first load, written as DIR/<tab>.json (open it in
// DevTools' Performance panel or ui.perfetto.dev), and summed up between the
// navigation and the page's kx-first-result mark:
//   - the renderer's main thread by kind of work: the self time of each
//     trace event (an event's time less its children's), so that the
//     "(program)" of a CPU profile (native work: parsing, style, layout,
//     paint, compiling) is named; what no task covers is idle;
//   - each other thread of the renderer (the engine's worker, V8's and the
//     compositor's threads) by its busy time;
//   - the main thread's longest tasks, each with its largest kinds of work.
//
// The navigation's start on the trace's clock is the kx-first-result mark's
// trace time less the mark's startTime (which counts from the navigation).

// traceCategories are what DevTools' Performance panel records, with V8's
// compile and GC events and blink's loading events.
var traceCategories = []string{
	"devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame",
	"toplevel", "v8", "v8.execute", "disabled-by-default-v8.compile", "disabled-by-default-v8.gc",
	"blink", "blink.user_timing", "loading", "latencyInfo", "disabled-by-default-v8.wasm.detailed", "v8.wasm",
}

// traceEvent is one event of the trace (Trace Event Format).
type traceEvent struct {
	Name string          `json:"name"`
	Cat  string          `json:"cat"`
	Ph   string          `json:"ph"`
	Ts   float64         `json:"ts"`   // µs
	Dur  float64         `json:"dur"`  // µs, complete events (ph X)
	TDur float64         `json:"tdur"` // the thread's CPU time in it, µs
	Pid  int             `json:"pid"`
	Tid  int             `json:"tid"`
	Args json.RawMessage `json:"args"`
}

// span is an event with a duration on one thread, in µs.
type span struct {
	name       string
	start, end float64
	cpu        float64 // the thread's CPU time in it (0: not recorded)
	depth      int
	self       float64 // wall time less the children's
	selfCPU    float64 // CPU time less the children's
}

type threadKey struct{ pid, tid int }

// traceFirstResults traces a cold first result of each tab (the built
// answer's) and prints the summary of each.
func traceFirstResults(c *config) error {
	env, err := browsertest.Start(c.siteDir)
	if err != nil {
		return err
	}
	defer env.Close()
	if err := os.MkdirAll(c.firstTrace, 0o755); err != nil {
		return err
	}
	for _, pg := range firstResultPages {
		if pg.isFloor() || pg.live {
			continue
		}
		path := filepath.Join(c.firstTrace, pg.name+".json")
		data, first, err := traceOne(env, pg)
		if err != nil {
			return fmt.Errorf("%s: %w", pg.name, err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
		fmt.Printf("== %s: kx-first-result at %.0f ms (trace %s)\n", pg.name, first, path)
		if err := summarizeTrace(os.Stdout, data, first); err != nil {
			return fmt.Errorf("%s: %w", pg.name, err)
		}
	}
	return nil
}

// traceOne loads pg cold with tracing on and returns the trace and the
// page's kx-first-result (ms since navigation).
func traceOne(env *browsertest.Env, pg firstResultPage) ([]byte, float64, error) {
	p, err := env.NewPage(2*time.Minute, chromedp.WithNewBrowserContext())
	if err != nil {
		return nil, 0, err
	}
	defer p.Close()
	_, err = chromedp.Call(p.Ctx, tracing.Start, tracing.StartParams{
		TransferMode: "ReturnAsStream",
		StreamFormat: "json",
		TraceConfig:  &tracing.TraceConfig{RecordMode: "recordAsMuchAsPossible", IncludedCategories: traceCategories, ExcludedCategories: []string{"*"}},
	})
	if err != nil {
		return nil, 0, fmt.Errorf("starting the trace: %w", err)
	}
	if err := browsertest.Navigate(p, env.BaseURL+pg.path); err != nil {
		return nil, 0, err
	}
	if err := p.WaitFor(`performance.getEntriesByName("kx-first-result").length > 0`, time.Minute); err != nil {
		return nil, 0, err
	}
	first, err := browsertest.Eval[float64](p, `performance.getEntriesByName("kx-first-result")[0].startTime`)
	if err != nil {
		return nil, 0, err
	}
	data, err := endTrace(p.Ctx)
	return data, first, err
}

// endTrace stops the trace and reads it from its stream.
func endTrace(ctx context.Context) ([]byte, error) {
	complete := chromedp.Events(ctx, tracing.TracingComplete)
	if _, err := chromedp.Call(ctx, tracing.End, cdp.Empty{}); err != nil {
		return nil, err
	}
	var handle io.StreamHandle
	for ev, err := range complete {
		if err != nil {
			return nil, err
		}
		handle = ev.Stream
		break
	}
	var buf bytes.Buffer
	for {
		r, err := chromedp.Call(ctx, io.Read, io.ReadParams{Handle: handle, Size: 1 << 20})
		if err != nil {
			return nil, err
		}
		buf.Write(r.Data)
		if r.EOF {
			break
		}
	}
	_, _ = chromedp.Call(ctx, io.Close, io.CloseParams{Handle: handle})
	return buf.Bytes(), nil
}

// summarizeTrace prints where the time went between the navigation and the
// first result (firstMs after it).
func summarizeTrace(w *os.File, data []byte, firstMs float64) error {
	var doc struct {
		TraceEvents []traceEvent `json:"traceEvents"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		// The stream is sometimes a bare array.
		if err2 := json.Unmarshal(data, &doc.TraceEvents); err2 != nil {
			return err
		}
	}
	events := doc.TraceEvents
	names := map[threadKey]string{}
	var mark *traceEvent
	for i, e := range events {
		if e.Ph == "M" && e.Name == "thread_name" {
			var a struct{ Name string }
			_ = json.Unmarshal(e.Args, &a)
			names[threadKey{e.Pid, e.Tid}] = a.Name
		}
		if e.Name == "kx-first-result" && mark == nil {
			mark = &events[i]
		}
	}
	if mark == nil {
		return fmt.Errorf("no kx-first-result in the trace")
	}
	main := threadKey{mark.Pid, mark.Tid}
	if names[main] != "CrRendererMain" {
		// The user-timing mark may be recorded off the main thread: the
		// renderer's main thread of the same process.
		for k, n := range names {
			if k.pid == mark.Pid && n == "CrRendererMain" {
				main = k
			}
		}
	}
	nav := mark.Ts - firstMs*1000
	end := mark.Ts
	spans := threadSpans(events, nav, end)

	// The main thread by kind.
	ms := spans[main]
	busy, busyCPU := 0.0, 0.0
	self := map[string]float64{}
	selfCPU := map[string]float64{}
	for _, s := range ms {
		if s.depth == 0 {
			busy += s.end - s.start
			busyCPU += s.cpu
		}
		self[kindOf(s.name)] += s.self
		selfCPU[kindOf(s.name)] += s.selfCPU
	}
	// Wall time in a task beyond its CPU time is the thread waiting
	// (a synchronous call, a lock) or descheduled (the cores were busy).
	fmt.Fprintf(w, "main thread (%s), %.0f ms from navigation to the first result: in tasks %.0f ms (CPU %.0f ms), outside tasks %.0f ms\n", names[main], firstMs, busy/1000, busyCPU/1000, firstMs-busy/1000)
	// By CPU time: on a loaded machine the wall time is mostly waiting.
	fmt.Fprintf(w, "  %-52s %8s %8s\n", "kind (self time)", "CPU ms", "wall ms")
	for i, kv := range sortedByValue(selfCPU) {
		if i == 30 || kv.v < 500 {
			break
		}
		fmt.Fprintf(w, "  %-52s %8.1f %8.1f\n", kv.k, kv.v/1000, self[kv.k]/1000)
	}
	// The other threads of the renderer.
	fmt.Fprintln(w, "other threads of the renderer (in tasks, ms in the same window; top kinds by CPU ms):")
	var others []threadKey
	for k := range spans {
		if k.pid == main.pid && k != main {
			others = append(others, k)
		}
	}
	sort.Slice(others, func(i, j int) bool { return others[i].tid < others[j].tid })
	for _, k := range others {
		b, bCPU := 0.0, 0.0
		kinds := map[string]float64{}
		for _, s := range spans[k] {
			if s.depth == 0 {
				b += s.end - s.start
				bCPU += s.cpu
			}
			kinds[kindOf(s.name)] += s.selfCPU
		}
		if b < 5000 {
			continue
		}
		var top []string
		for i, kv := range sortedByValue(kinds) {
			if i == 4 {
				break
			}
			top = append(top, fmt.Sprintf("%s %.0f", kv.k, kv.v/1000))
		}
		fmt.Fprintf(w, "  %-28s %6.0f ms (CPU %4.0f)  %s\n", names[k], b/1000, bCPU/1000, strings.Join(top, ", "))
	}
	// The longest tasks of the main thread.
	fmt.Fprintln(w, "longest main-thread tasks (start ms since navigation, wall, CPU, largest kinds by wall ms):")
	var tasks []span
	for _, s := range ms {
		if s.depth == 0 {
			tasks = append(tasks, s)
		}
	}
	sort.Slice(tasks, func(i, j int) bool { return tasks[i].end-tasks[i].start > tasks[j].end-tasks[j].start })
	for i, t := range tasks {
		if i == 12 || t.end-t.start < 5000 {
			break
		}
		kinds := map[string]float64{}
		for _, s := range ms {
			if s.start >= t.start && s.end <= t.end {
				kinds[kindOf(s.name)] += s.self
			}
		}
		var top []string
		for j, kv := range sortedByValue(kinds) {
			if j == 5 || kv.v < 500 {
				break
			}
			top = append(top, fmt.Sprintf("%s %.0f", kv.k, kv.v/1000))
		}
		fmt.Fprintf(w, "  at %4.0f  %5.1f ms (CPU %5.1f)  %s\n", (t.start-nav)/1000, (t.end-t.start)/1000, t.cpu/1000, strings.Join(top, ", "))
	}
	fmt.Fprintln(w)
	return nil
}

// threadSpans turns the complete (X) and begin/end (B/E) events of each
// thread into spans clipped to [from, to], with their nesting depth and
// self time.
func threadSpans(events []traceEvent, from, to float64) map[threadKey][]span {
	raw := map[threadKey][]span{}
	open := map[threadKey][]traceEvent{}
	for _, e := range events {
		k := threadKey{e.Pid, e.Tid}
		switch e.Ph {
		case "X":
			raw[k] = append(raw[k], span{name: e.Name, start: e.Ts, end: e.Ts + e.Dur, cpu: e.TDur})
		case "B":
			open[k] = append(open[k], e)
		case "E":
			if n := len(open[k]); n > 0 {
				b := open[k][n-1]
				open[k] = open[k][:n-1]
				raw[k] = append(raw[k], span{name: b.Name, start: b.Ts, end: e.Ts})
			}
		}
	}
	out := map[threadKey][]span{}
	for k, ss := range raw {
		var in []span
		for _, s := range ss {
			if whole := s.end - s.start; whole > 0 && (s.start < from || s.end > to) {
				clipped := min(s.end, to) - max(s.start, from)
				s.cpu *= max(clipped, 0) / whole
			}
			s.start, s.end = max(s.start, from), min(s.end, to)
			if s.end > s.start {
				in = append(in, s)
			}
		}
		// Outer spans first: by start, then longer first.
		sort.SliceStable(in, func(i, j int) bool {
			if in[i].start != in[j].start {
				return in[i].start < in[j].start
			}
			return in[i].end > in[j].end
		})
		var stack []int
		for i := range in {
			for len(stack) > 0 && in[stack[len(stack)-1]].end <= in[i].start {
				stack = stack[:len(stack)-1]
			}
			in[i].depth = len(stack)
			in[i].self = in[i].end - in[i].start
			in[i].selfCPU = in[i].cpu
			if len(stack) > 0 {
				in[stack[len(stack)-1]].self -= in[i].end - in[i].start
				in[stack[len(stack)-1]].selfCPU -= in[i].cpu
			}
			stack = append(stack, i)
		}
		out[k] = in
	}
	return out
}

// kindOf names an event's kind of work: the trace's name, with the task
// runners' wrappers called what they are.
func kindOf(name string) string {
	switch name {
	case "ThreadControllerImpl::RunTask", "RunTask", "ThreadPool_RunTask":
		return "task (no finer event: native work)"
	}
	return name
}

type kv struct {
	k string
	v float64
}

func sortedByValue(m map[string]float64) []kv {
	out := make([]kv, 0, len(m))
	for k, v := range m {
		out = append(out, kv{k, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].v > out[j].v })
	return out
}
