package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// sizeProbe reports the site's engines against their budgets (an engine
// over its budget fails the bench) and the whole site's weight.
func sizeProbe(c *config) ([]row, error) {
	m, err := readManifest(c.siteDir)
	if err != nil {
		return nil, err
	}
	rows, budgetErr := engineRows(m)
	var total, totalBr int
	for _, f := range m.Files {
		total += f.Size
		if f.Brotli > 0 {
			totalBr += f.Brotli
		} else {
			totalBr += f.Size
		}
	}
	rows = append(rows, row{"size", "whole site brotli", mb(totalBr), fmt.Sprintf("%d files, %s raw", len(m.Files), mb(total))})
	return rows, budgetErr
}

func mb(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }

// tabProbes are page measurements of the tabs; each tab's file appends its
// own in init. They run in the same browser as the page probe.
var tabProbes []func(env *browsertest.Env, c *config) ([]row, error)

func pageProbe(c *config) ([]row, error) {
	env, err := browsertest.Start(c.siteDir)
	if err != nil {
		return nil, err
	}
	defer env.Close()

	// Fresh loads: each in a new browser context, so no HTTP or code cache.
	var ready []float64
	for i := 0; i < c.loads; i++ {
		ms, err := timeReady(env, chromedp.WithNewBrowserContext())
		if err != nil {
			return nil, err
		}
		ready = append(ready, ms)
	}
	// Warm loads: one context, caches kept between loads, like a returning user.
	var warm []float64
	p, err := env.NewPage(2 * time.Minute)
	if err != nil {
		return nil, err
	}
	for i := 0; i < 5; i++ {
		if err := browsertest.Navigate(p, env.BaseURL+"/"); err != nil {
			return nil, err
		}
		ms, err := readyMark(p)
		if err != nil {
			return nil, err
		}
		warm = append(warm, ms)
	}
	// Round trips of a trivial call, timed inside the page.
	trips, err := browsertest.Eval[[]float64](p, fmt.Sprintf(`(async () => {
		const out = [];
		for (let i = 0; i < %d; i++) {
			const t0 = performance.now();
			await kx.engine.call("echo", {value: i});
			out.push(performance.now() - t0);
		}
		return out;
	})()`, c.calls))
	p.Close()
	if err != nil {
		return nil, err
	}
	rows := []row{
		{"page", "navigation → engine ready (fresh)", fmt.Sprintf("median %.0f ms, max %.0f ms", percentile(ready, 50), percentile(ready, 100)), fmt.Sprintf("%d loads, new browser context each; the first tab's engine", len(ready))},
		{"page", "navigation → engine ready (warm)", fmt.Sprintf("median %.0f ms, max %.0f ms", percentile(warm, 50), percentile(warm, 100)), fmt.Sprintf("%d reloads with caches", len(warm))},
		{"page", "round trip, trivial call", fmt.Sprintf("median %.2f ms, p95 %.2f ms", percentile(trips, 50), percentile(trips, 95)), fmt.Sprintf("%d echo calls page → worker → Go → page", len(trips))},
	}
	for _, tp := range tabProbes {
		rs, err := tp(env, c)
		if err != nil {
			rows = append(rows, row{"page", "error", "-", err.Error()})
			continue
		}
		rows = append(rows, rs...)
	}
	return rows, nil
}

func timeReady(env *browsertest.Env, opts ...chromedp.ContextOption) (float64, error) {
	p, err := env.NewPage(time.Minute, opts...)
	if err != nil {
		return 0, err
	}
	defer p.Close()
	if err := browsertest.Navigate(p, env.BaseURL+"/"); err != nil {
		return 0, err
	}
	return readyMark(p)
}

// readyMark waits for the engine and returns the page's kx-engine-ready mark:
// milliseconds since navigation started.
func readyMark(p *browsertest.Page) (float64, error) {
	if err := p.WaitFor(`performance.getEntriesByName("kx-engine-ready").length > 0`, 30*time.Second); err != nil {
		return 0, err
	}
	return browsertest.Eval[float64](p, `performance.getEntriesByName("kx-engine-ready")[0].startTime`)
}

// percentile returns the p-th percentile (nearest rank) of xs.
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	rank := int(p/100*float64(len(s))+0.5) - 1
	rank = max(0, min(rank, len(s)-1))
	return s[rank]
}

var benchLine = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+(\d+)\s+([\d.]+) ns/op(.*)$`)

type benchResult struct {
	nsPerOp float64
	extra   string
	failed  string // why the benchmark failed, when it did
}

func goBenchProbe(c *config) ([]row, error) {
	pkgs := strings.Fields(c.benchPkg)
	native, paths, err := runBench(c.benchRE, c.benchTime, pkgs, nil)
	if err != nil {
		return nil, err
	}
	var oneThread, node, chromium map[string]benchResult
	if !c.noWasm {
		// WebAssembly runs on one thread, garbage collector included; natively
		// the collector marks on the other cores. The same code natively on one
		// thread tells what the ratio owes to the platform and what to threads.
		oneThread, _, err = runBench(c.benchRE, c.benchTime, pkgs, []string{"GOMAXPROCS=1"})
		if err != nil {
			return nil, fmt.Errorf("on one thread: %w", err)
		}
		goroot, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			return nil, err
		}
		wasmDir := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm")
		path := wasmDir + string(os.PathListSeparator) + os.Getenv("PATH")
		node, _, err = runBench(c.benchRE, c.benchTime, pkgs, []string{"GOOS=js", "GOARCH=wasm", "PATH=" + path})
		if err != nil {
			return nil, fmt.Errorf("under Node: %w", err)
		}
		chromium, err = browserBench(c.benchRE, c.benchTime, paths, wasmDir, c.wasmProfile)
		if err != nil {
			return nil, fmt.Errorf("in Chromium: %w", err)
		}
	}
	names := make([]string, 0, len(native))
	for n := range native {
		names = append(names, n)
	}
	sort.Strings(names)
	var rows []row
	for _, n := range names {
		nr := native[n]
		value := formatNs(nr.nsPerOp) + " native"
		if r, ok := oneThread[n]; ok && r.failed == "" {
			value += fmt.Sprintf(" (%s on one thread)", formatNs(r.nsPerOp))
		}
		note := strings.TrimSpace(nr.extra)
		for _, w := range []struct {
			where string
			res   map[string]benchResult
		}{{"Node", node}, {"Chromium", chromium}} {
			if wr, ok := w.res[n]; ok && wr.failed != "" {
				value += fmt.Sprintf(", failed in %s (%s)", w.where, wr.failed)
			} else if ok {
				value += fmt.Sprintf(", %s wasm in %s (%.1f×", formatNs(wr.nsPerOp), w.where, wr.nsPerOp/nr.nsPerOp)
				if r, ok := oneThread[n]; ok && r.failed == "" {
					value += fmt.Sprintf("; %.1f× one thread", wr.nsPerOp/r.nsPerOp)
				}
				value += ")"
			}
		}
		rows = append(rows, row{"go", n, value, note})
	}
	return rows, nil
}

// runBench runs go test -bench and returns results by "pkg.Benchmark", and
// the import paths of the packages that had benchmarks.
func runBench(re, benchTime string, pkgs, env []string) (map[string]benchResult, []string, error) {
	args := []string{"test", "-run", "^$", "-bench", re, "-benchtime", benchTime, "-benchmem"}
	if slices.Contains(env, "GOOS=js") {
		// As the engines are built: their gcflags, their jumps threaded.
		args = append(args, engineGCFlags()...)
		kxthread, err := hostKxthread()
		if err != nil {
			return nil, nil, err
		}
		args = append(args, "-exec", kxthread+" -exec")
	}
	args = append(args, pkgs...)
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, nil, fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, out.String())
	}
	res, paths := parseBench(out.String(), "")
	return res, paths, nil
}

// parseBench reads go test -bench output; pkg names the package until a
// "pkg:" line does (go test prints it only before the first result).
func parseBench(out, pkg string) (map[string]benchResult, []string) {
	res := map[string]benchResult{}
	var paths []string
	lines := strings.Split(out, "\n")
	for i, line := range lines {
		if name, ok := strings.CutPrefix(line, "--- FAIL: Benchmark"); ok {
			why := "failed"
			if i+1 < len(lines) {
				why = strings.TrimSpace(lines[i+1])
			}
			res[pkg+"."+strings.Fields(name)[0]] = benchResult{failed: why}
			continue
		}
		if rest, ok := strings.CutPrefix(line, "pkg: "); ok {
			pkg = rest[strings.LastIndex(rest, "/")+1:]
			if !slices.Contains(paths, rest) {
				paths = append(paths, rest)
			}
			continue
		}
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		ns, _ := strconv.ParseFloat(m[3], 64)
		res[pkg+"."+strings.TrimPrefix(m[1], "Benchmark")] = benchResult{nsPerOp: ns, extra: m[4]}
	}
	return res, paths
}

func formatNs(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmt.Sprintf("%.2f s", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

// hostKxthread builds cmd/kxthread for this machine, once per run, for go
// test's -exec under Node: run by the go command, "go run" would build it
// for js/wasm too.
var hostKxthread = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(os.TempDir(), "kxbench-kxthread")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/kxthread")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building kxthread: %w", err)
	}
	return bin, nil
})
