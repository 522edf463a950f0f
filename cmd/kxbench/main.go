// Command kxbench measures kubexplorer and prints one table: the engine's
// size, page timings in headless Chromium, and the Go benchmarks natively and
// as WebAssembly, under Node and in headless Chromium (the page's own V8),
// with their ratios, and the time to each tab's first result against a floor
// page (firstresult.go). make bench runs it after building the site. Figures
// are measurements, not tests: nothing here fails because a time is high;
// an engine over its size budget (internal/sitebuild/budget.go) fails it.
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
)

// row is one line of the table.
type row struct {
	group, name, value, note string
}

// probe measures something and returns rows. Page probes get a browser.
type probe struct {
	name string
	run  func(c *config) ([]row, error)
}

type config struct {
	siteDir  string
	loads    int
	rounds   int
	calls    int
	benchPkg string
	benchRE  string
	// benchTime is go test's -benchtime. Long enough that the slow
	// benchmarks are reported from a second round: go test reports the
	// first round alone when it already took benchtime, and the first run
	// of WebAssembly code also pays for V8 compiling it (a page pays that
	// once, not per call).
	benchTime string
	noGo      bool
	noWasm    bool
	noPage    bool
	// wasmProfile, when set, is a directory where each package's run in
	// Chromium leaves a DevTools CPU profile (.cpuprofile), and the
	// functions with the most samples are printed.
	wasmProfile string
	// firstProfile, when set, is a directory where a cold first result of
	// each tab leaves a DevTools CPU profile of the page's main thread.
	firstProfile string
	// firstTrace, when set, is a directory where a cold first result of
	// each tab leaves a Chrome performance trace, summed up (trace.go).
	firstTrace string
	// compare, when set, is a second built site whose tabs are timed in the
	// same rounds as the site's (before/after in one run).
	compare string
}

// probes run in this order; page probes of each tab live in their own file
// and append themselves in init.
var probes = []probe{
	{"size", sizeProbe},
}

func main() {
	c := &config{}
	flag.IntVar(&c.loads, "loads", 12, "fresh page loads to time")
	flag.IntVar(&c.rounds, "rounds", 7, "interleaved rounds of cold first results (floor and each tab)")
	flag.IntVar(&c.calls, "calls", 300, "round trips to time")
	flag.StringVar(&c.benchPkg, "pkgs", "./core/... ./explorer/...", "packages whose Go benchmarks run")
	flag.StringVar(&c.benchRE, "bench", ".", "benchmark name pattern")
	flag.StringVar(&c.benchTime, "benchtime", "5s", "go test -benchtime for every run")
	flag.BoolVar(&c.noGo, "no-go", false, "skip the Go benchmarks")
	flag.BoolVar(&c.noWasm, "no-wasm", false, "skip the Go benchmarks as WebAssembly (under Node and in Chromium)")
	flag.BoolVar(&c.noPage, "no-page", false, "skip the browser measurements")
	flag.StringVar(&c.wasmProfile, "wasm-profile", "", "write a DevTools CPU profile of each package's benchmarks in Chromium to this directory, and print where the samples fell")
	flag.StringVar(&c.firstProfile, "first-profile", "", "write a DevTools CPU profile of the page's main thread for a cold first result of each tab to this directory, print where the samples fell, and exit")
	flag.StringVar(&c.firstTrace, "first-trace", "", "write a Chrome performance trace of a cold first result of each tab to this directory, print where the main thread's time went, and exit")
	flag.StringVar(&c.compare, "compare", "", "a second built site (e.g. before a change) whose tabs' first results are timed in the same rounds, marked with '")
	wasmSizes := flag.String("wasm-sizes", "", "build this main package for js/wasm, print where the bytes of its module are, and exit")
	evalCompilePkg := flag.String("eval-compile", "", "build this gates engine's main package for js/wasm, run it in Node for the first gates evaluation's request, print the functions V8 compiles in each evaluation (exact bytes), and exit")
	top := flag.Int("top", 40, "with -wasm-sizes or -eval-compile: how many packages and functions to list")
	only := flag.String("only", "", "run only this probe (size, first result, page, go)")
	flag.Parse()
	if *wasmSizes != "" {
		if err := whereTheBytesAre(os.Stdout, *wasmSizes, *top); err != nil {
			fmt.Fprintln(os.Stderr, "kxbench:", err)
			os.Exit(1)
		}
		return
	}
	if *evalCompilePkg != "" {
		if err := evalCompile(os.Stdout, *evalCompilePkg, *top); err != nil {
			fmt.Fprintln(os.Stderr, "kxbench:", err)
			os.Exit(1)
		}
		return
	}
	c.siteDir = os.Getenv("KX_SITE_DIR")
	if c.siteDir == "" {
		c.siteDir = "build/site"
	}
	if c.firstTrace != "" {
		if err := traceFirstResults(c); err != nil {
			fmt.Fprintln(os.Stderr, "kxbench:", err)
			os.Exit(1)
		}
		return
	}
	if c.firstProfile != "" {
		if err := profileFirstResults(c); err != nil {
			fmt.Fprintln(os.Stderr, "kxbench:", err)
			os.Exit(1)
		}
		return
	}

	all := append([]probe{}, probes...)
	if !c.noPage {
		all = append(all, probe{"first result", firstResultProbe}, probe{"page", pageProbe})
	}
	if !c.noGo {
		all = append(all, probe{"go", goBenchProbe})
	}
	if *only != "" {
		all = slices.DeleteFunc(all, func(p probe) bool { return p.name != *only })
	}
	var rows []row
	failed := false
	for _, p := range all {
		fmt.Fprintf(os.Stderr, "kxbench: measuring %s…\n", p.name)
		rs, err := p.run(c)
		rows = append(rows, rs...)
		if err != nil {
			fmt.Fprintf(os.Stderr, "kxbench: %s: %v\n", p.name, err)
			rows = append(rows, row{p.name, "error", "-", err.Error()})
			failed = true
		}
	}
	printTable(rows)
	if failed {
		os.Exit(1)
	}
}

func printTable(rows []row) {
	w := tabwriter.NewWriter(os.Stdout, 2, 8, 2, ' ', 0)
	fmt.Fprintln(w, "GROUP\tMEASURE\tVALUE\tNOTE")
	fmt.Fprintln(w, "-----\t-------\t-----\t----")
	for _, r := range rows {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", r.group, r.name, r.value, strings.ReplaceAll(r.note, "\n", " "))
	}
	w.Flush()
}
