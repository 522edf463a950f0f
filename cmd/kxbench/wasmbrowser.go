package main

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// benchRunnerPage runs a Go test binary compiled for js/wasm in the page,
// the way the explorer's worker runs the engine, and collects what it
// prints (wasm_exec.js writes a program's output with console.log when
// there is no file system).
const benchRunnerPage = `<!doctype html>
<meta charset="utf-8">
<script src="wasm_exec.js"></script>
<script>
window.benchOut = [];
console.log = (...a) => window.benchOut.push(a.join(" "));
(async () => {
  const q = new URLSearchParams(location.search);
  const go = new Go();
  go.argv = ["bench.test", "-test.run=^$", "-test.bench=" + q.get("bench"), "-test.benchtime=" + q.get("benchtime"), "-test.benchmem"];
  const { instance } = await WebAssembly.instantiateStreaming(fetch(q.get("wasm")), go.importObject);
  await go.run(instance);
})().catch((e) => window.benchOut.push("kxbench: " + e)).finally(() => { window.benchDone = true; });
</script>
`

// browserBench compiles each package's tests for js/wasm and runs their
// benchmarks in headless Chromium: V8 as the page uses it, rather than the
// older one of the machine's Node. Results by "pkg.Benchmark".
func browserBench(re, benchTime string, paths []string, wasmDir, profileDir string) (map[string]benchResult, error) {
	dir, err := os.MkdirTemp("", "kxbench-wasm")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	wasmExec, err := os.ReadFile(filepath.Join(wasmDir, "wasm_exec.js"))
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), wasmExec, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(benchRunnerPage), 0o644); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir)), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	env, err := browsertest.Start(dir)
	if err != nil {
		return nil, err
	}
	defer env.Close()

	all := map[string]benchResult{}
	for i, path := range paths {
		name := fmt.Sprintf("p%d.wasm", i)
		if err := compileTests(path, filepath.Join(dir, name)); err != nil {
			return nil, err
		}
		pkg := path[strings.LastIndex(path, "/")+1:]
		var profile string
		if profileDir != "" {
			profile = filepath.Join(profileDir, pkg+".cpuprofile")
		}
		out, err := runInPage(env, "http://"+ln.Addr().String()+"/index.html?"+url.Values{"wasm": {name}, "bench": {re}, "benchtime": {benchTime}}.Encode(), profile)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		res, _ := parseBench(out, pkg)
		if len(res) == 0 {
			return nil, fmt.Errorf("%s: no benchmark results in the page's output:\n%s", path, out)
		}
		for k, v := range res {
			all[k] = v
		}
	}
	return all, nil
}

func compileTests(path, out string) error {
	return buildJSWasm([]string{"test", "-c"}, out, path)
}

// runInPage runs the page to its end and returns what it printed; with a
// profile path, V8's sampling profiler records the run into that file.
func runInPage(env *browsertest.Env, pageURL, profile string) (string, error) {
	p, err := env.NewPage(20*time.Minute, chromedp.WithNewBrowserContext())
	if err != nil {
		return "", err
	}
	defer p.Close()
	if profile != "" {
		if err := startProfiler(p.Ctx); err != nil {
			return "", err
		}
	}
	if err := browsertest.Navigate(p, pageURL); err != nil {
		return "", err
	}
	if _, err := chromedp.Run(p.Ctx, chromedp.Poll[chromedp.Void]("window.benchDone === true", chromedp.WithPollingTimeout(20*time.Minute), chromedp.WithPollingInterval(time.Second))); err != nil {
		return "", err
	}
	if profile != "" {
		if err := stopProfiler(p.Ctx, profile); err != nil {
			return "", err
		}
	}
	lines, err := browsertest.Eval[[]string](p, "window.benchOut")
	return strings.Join(lines, "\n"), err
}
