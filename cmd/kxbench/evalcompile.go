package main

import (
	"bufio"
	"cmp"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/kubexplorer/kubexplorer/core/releases"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
	"github.com/kubexplorer/kubexplorer/internal/wasmsize"
)

// The compile measure of the first gates evaluation (issue 15 item 5).
// Most of what a cold gates.evaluate costs in the browser is V8 compiling,
// the first time they run, the Go functions the evaluation reaches: lazily,
// one by one, with its baseline compiler (Liftoff), then the hot ones again
// with its optimizing compiler (TurboFan) on background threads. The bytes
// of function bodies compiled are exact and the same on a busy machine, so
// they are the figure to cut; the page's timing (evalprobe.go) is the check.
//
//	go run ./cmd/kxbench -eval-compile ./wasm/cmd/gates
//
// builds the engine without -s (its name section names the functions; the
// function indices are those of the shipped engine), runs it in Node with
// --trace-wasm-compilation-times (evalcompile.mjs) for the probe's request
// on the newest release and the one before, and prints per release what
// each phase compiled: the engine's start, then three evaluations, and the
// first evaluation by package and its largest functions.

//go:embed evalcompile.mjs
var evalCompileHarness []byte

// evalCompileEvaluations is how many times the harness evaluates: the
// first compiles, the later ones show what is left (tier-up).
const evalCompileEvaluations = 3

// chromiumTieringBudget is V8's --wasm-tiering-budget in the Chromium the
// page measurements run in (156): how much of a function's code its jumps
// back and returns may cross before it is optimized.
const chromiumTieringBudget = "13000000"

// evalCompileQuietMs is how long the harness idles after the last
// evaluation, for V8's background TurboFan jobs to report.
const evalCompileQuietMs = 1500

// probeRequest is the request of "first gates evaluation", the evaluation
// probe and -eval-compile: a kubelet with a config file and a
// --feature-gates flag, on the release the caller sets.
func probeRequest(release string) gates.EvaluateRequest {
	return gates.EvaluateRequest{
		Release:     release,
		CommandLine: "kubelet --config=/var/lib/kubelet/config.yaml --feature-gates=MemoryQoS=true",
		Config: &gates.File{
			Path:    "/var/lib/kubelet/config.yaml",
			Content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  SidecarContainers: true\n",
		},
	}
}

// compiled is one function V8 compiled.
type compiled struct {
	index int    // V8's function index (imports included)
	tier  string // "Liftoff" or "TurboFan"
	ms    float64
	body  int // bytes of its body in the module
	phase string
	name  string
}

// compiledLine matches a line of --trace-wasm-compilation-times.
var compiledLine = regexp.MustCompile(`^Compiled function \S+#(\d+) using (\w+), took ([\d.]+) ms .*bodysize (\d+)`)

// evalCompile measures pkg's engine and prints the report.
func evalCompile(out io.Writer, pkg string, top int) error {
	dir, err := os.MkdirTemp("", "kxbench-evalcompile")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	engine := filepath.Join(dir, "engine.wasm")
	deps, err := buildNamed(pkg, engine)
	if err != nil {
		return err
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	data, err := os.ReadFile(engine)
	if err != nil {
		return err
	}
	m, err := wasmsize.Parse(data)
	if err != nil {
		return err
	}
	harness := filepath.Join(dir, "evalcompile.mjs")
	if err := os.WriteFile(harness, evalCompileHarness, 0o644); err != nil {
		return err
	}
	wasmExec := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")
	fmt.Fprintf(out, "engine %s: %d bytes, %d functions, %d bytes of function bodies\n", pkg, len(data), len(m.Funcs), codeBytes(m.Funcs))
	for _, release := range []string{releases.Newest, releases.Name(releases.NewestMinor - 1)} {
		req, err := json.Marshal(probeRequest(release))
		if err != nil {
			return err
		}
		fns, ms, err := runEvalCompile(harness, wasmExec, engine, string(req))
		if err != nil {
			return fmt.Errorf("release %s: %w", release, err)
		}
		for i := range fns {
			if j := fns[i].index - m.ImportedFuncs; j >= 0 && j < len(m.Funcs) {
				fns[i].name = m.Funcs[j].Name
			} else {
				fns[i].name = fmt.Sprintf("func[%d]", fns[i].index)
			}
		}
		fmt.Fprintf(out, "\nrelease %s (%s)\n", release, strings.Join(ms, ", "))
		if err := writeCompileOrder(release, fns); err != nil {
			return err
		}
		if err := reportEvalCompile(out, fns, deps, top); err != nil {
			return err
		}
	}
	return nil
}

// writeCompileOrder writes, when KX_EVALCOMPILE_ORDER names a directory,
// every compile of a release in the order V8 reported it (phase, tier,
// body bytes, name), to DIR/RELEASE.txt: a function's first Liftoff
// compile comes when it is first called, so the lines before it name its
// callers, which is how to find what drags a package onto the path.
func writeCompileOrder(release string, fns []compiled) error {
	dir := os.Getenv("KX_EVALCOMPILE_ORDER")
	if dir == "" {
		return nil
	}
	var b strings.Builder
	for _, f := range fns {
		fmt.Fprintf(&b, "%s\t%s\t%d\t%s\n", f.phase, f.tier, f.body, shortName(f.name))
	}
	return os.WriteFile(filepath.Join(dir, release+".txt"), []byte(b.String()), 0o644)
}

// runEvalCompile runs the harness once and returns every compile V8
// reported, in order, each in the phase it happened in, and the harness's
// timings ("eval1 312.0 ms"; wall clock, only a hint on a busy machine).
func runEvalCompile(harness, wasmExec, engine, req string) ([]compiled, []string, error) {
	// Chromium 156's tier-up budget: Node 20's V8 defaults to 1,800,000,
	// and would optimize many functions a visitor's browser never does.
	args := []string{"--trace-wasm-compilation-times", "--wasm-tiering-budget=" + chromiumTieringBudget, harness, wasmExec, engine, req,
		strconv.Itoa(evalCompileEvaluations), strconv.Itoa(evalCompileQuietMs)}
	cmd := exec.Command("node", args...)
	// V8 prints its lines with C's stdio, the harness with write(2):
	// unbuffered, they come in the order they were written.
	if stdbuf, err := exec.LookPath("stdbuf"); err == nil {
		cmd = exec.Command(stdbuf, append([]string{"-o0", "-e0", "node"}, args...)...)
	}
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	var fns []compiled
	var ms []string
	phase := "before"
	garbled := 0
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		// A background thread's line may be cut by a marker.
		if i := strings.Index(line, "@kx "); i >= 0 {
			if p, ok := strings.CutPrefix(line[i:], "@kx phase "); ok {
				phase = p
			} else if t, ok := strings.CutPrefix(line[i:], "@kx ms "); ok {
				if strings.HasPrefix(t, "warmed ") {
					ms = append(ms, "the engine's warm-up ran in "+phase+": its compiles count there")
				} else {
					ms = append(ms, t+" ms")
				}
			}
			line = line[:i]
		}
		c := compiledLine.FindStringSubmatch(line)
		if c == nil {
			if strings.HasPrefix(line, "Compiled function ") {
				garbled++
			}
			continue
		}
		f := compiled{tier: c[2], phase: phase}
		f.index, _ = strconv.Atoi(c[1])
		f.ms, _ = strconv.ParseFloat(c[3], 64)
		f.body, _ = strconv.Atoi(c[4])
		fns = append(fns, f)
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	if err := cmd.Wait(); err != nil {
		return nil, nil, fmt.Errorf("node: %w", err)
	}
	if garbled > 0 {
		ms = append(ms, fmt.Sprintf("%d lines of V8's garbled", garbled))
	}
	return fns, ms, nil
}

// reportEvalCompile prints, per phase, the Liftoff and TurboFan compiles,
// then the first evaluation's Liftoff compiles by package and the largest,
// and the TurboFan compiles by cost.
func reportEvalCompile(out io.Writer, fns []compiled, deps []string, top int) error {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "phase\tLiftoff funcs\tbody bytes\tTurboFan funcs\tbody bytes\tTurboFan ms\t\n")
	phases := []string{"start"}
	for i := 1; i <= evalCompileEvaluations; i++ {
		phases = append(phases, "eval"+strconv.Itoa(i))
	}
	phases = append(phases, "quiet")
	for _, p := range phases {
		lf, lb, _ := sumCompiled(fns, p, "Liftoff")
		tf, tb, tms := sumCompiled(fns, p, "TurboFan")
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%.0f\t\n", p, lf, lb, tf, tb, tms)
	}
	tf, tb, tms := sumCompiled(fns, "", "TurboFan")
	fmt.Fprintf(w, "all\t\t\t%d\t%d\t%.0f\t\n\n", tf, tb, tms)

	var first []wasmsize.Func
	for _, f := range fns {
		if f.phase == "eval1" && f.tier == "Liftoff" {
			first = append(first, wasmsize.Func{Name: f.name, Size: f.body})
		}
	}
	fmt.Fprintf(w, "eval1 Liftoff by package\tbody bytes\tfuncs\t\n")
	for i, p := range (&wasmsize.Module{Funcs: first}).ByPackage(deps) {
		if i == top {
			break
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t\n", p.Path, p.Size, p.Funcs)
	}
	fmt.Fprintf(w, "\neval1 Liftoff, largest\tbody bytes\t\n")
	sortFuncs(first)
	for i, f := range first {
		if i == top {
			break
		}
		fmt.Fprintf(w, "%s\t%d\t\n", shortName(f.Name), f.Size)
	}
	var turbo []compiled
	for _, f := range fns {
		if f.tier == "TurboFan" {
			turbo = append(turbo, f)
		}
	}
	slices.SortStableFunc(turbo, func(a, b compiled) int { return cmp.Compare(b.ms, a.ms) })
	fmt.Fprintf(w, "\nTurboFan, costliest\tms\tbody bytes\tphase\t\n")
	for i, f := range turbo {
		if i == top {
			break
		}
		fmt.Fprintf(w, "%s\t%.0f\t%d\t%s\t\n", shortName(f.name), f.ms, f.body, f.phase)
	}
	return w.Flush()
}

// sumCompiled counts the compiles of a tier in a phase ("" every phase):
// functions, body bytes and compile milliseconds.
func sumCompiled(fns []compiled, phase, tier string) (n, bytes int, ms float64) {
	for _, f := range fns {
		if f.tier == tier && (phase == "" || f.phase == phase) {
			n++
			bytes += f.body
			ms += f.ms
		}
	}
	return n, bytes, ms
}

func codeBytes(fs []wasmsize.Func) int {
	n := 0
	for _, f := range fs {
		n += f.Size
	}
	return n
}

func shortName(name string) string {
	return strings.TrimPrefix(name, wasmsize.Mangle("github.com/kubexplorer/kubexplorer/"))
}
