package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// profileInterval is V8's sampling interval in microseconds: fine enough
// for a run of a few seconds to give tens of thousands of samples.
const profileInterval = 250

func startProfiler(ctx context.Context) error {
	if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
		return err
	}
	if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: profileInterval}); err != nil {
		return err
	}
	_, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{})
	return err
}

// stopProfiler writes the recorded profile (open it in DevTools'
// Performance panel) and prints the functions that took the most samples.
func stopProfiler(ctx context.Context, path string) error {
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		return err
	}
	if res.Profile == nil {
		return fmt.Errorf("the profiler returned no profile")
	}
	b, err := json.Marshal(res.Profile)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "kxbench: wrote %s; most sampled functions (self):\n", path)
	for _, l := range topFunctions(res.Profile, 40) {
		fmt.Fprintln(os.Stderr, "  "+l)
	}
	return nil
}

// topFunctions sums each function's own samples and its samples with
// callees (counted once per stack), the way pprof's flat and cum columns do.
func topFunctions(p *profiler.Profile, n int) []string {
	parent := map[int64]int64{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, nd := range p.Nodes {
		byID[nd.ID] = nd
		for _, c := range nd.Children {
			parent[c] = nd.ID
		}
	}
	name := func(nd *profiler.ProfileNode) string {
		if nd.CallFrame == nil || nd.CallFrame.FunctionName == "" {
			return "(anonymous)"
		}
		return strings.TrimPrefix(nd.CallFrame.FunctionName, "$")
	}
	flat, cum := map[string]int{}, map[string]int{}
	total := 0
	for _, id := range p.Samples {
		nd := byID[id]
		if nd == nil {
			continue
		}
		total++
		flat[name(nd)]++
		seen := map[string]bool{}
		for ok := true; ok; id, ok = parent[id] {
			if f := name(byID[id]); !seen[f] {
				seen[f] = true
				cum[f]++
			}
		}
	}
	names := make([]string, 0, len(flat))
	for f := range flat {
		names = append(names, f)
	}
	sort.Slice(names, func(i, j int) bool { return flat[names[i]] > flat[names[j]] })
	if len(names) > n {
		names = names[:n]
	}
	out := []string{fmt.Sprintf("%6s %6s  of %d samples", "flat%", "cum%", total)}
	for _, f := range names {
		out = append(out, fmt.Sprintf("%5.1f%% %5.1f%%  %s", 100*float64(flat[f])/float64(total), 100*float64(cum[f])/float64(total), f))
	}
	return out
}
