package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/kubexplorer/kubexplorer/internal/jumpthread"
	"github.com/kubexplorer/kubexplorer/internal/sitebuild"
	"github.com/kubexplorer/kubexplorer/internal/wasmsize"
)

// engineGCFlags are the go command's arguments that build what kxbench
// measures in js/wasm as the Makefile builds the site's engines.
func engineGCFlags() []string {
	var args []string
	for _, f := range sitebuild.EngineGCFlags {
		args = append(args, "-gcflags="+f)
	}
	return args
}

// buildJSWasm runs "go build" or "go test -c" (verb) for js/wasm into out
// as the Makefile builds the site's engines: with the engines' gcflags,
// then with the module's jumps threaded (internal/jumpthread).
func buildJSWasm(verb []string, out string, args ...string) error {
	cmd := exec.Command("go", slices.Concat(verb, engineGCFlags(), []string{"-o", out}, args)...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go %s %s: %w", strings.Join(verb, " "), strings.Join(args, " "), err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	t, _, err := jumpthread.Module(b)
	if err != nil {
		return err
	}
	return os.WriteFile(out, t, 0o755)
}

// whereTheBytesAre builds a main package for js/wasm (without -s, so the
// module keeps its name section) and prints what the module is made of:
// its sections, the code of each Go package and the largest functions.
//
//	go run ./cmd/kxbench -wasm-sizes ./wasm/cmd/gates
func whereTheBytesAre(out io.Writer, pkg string, top int) error {
	dir, err := os.MkdirTemp("", "kxbench-sizes")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "main.wasm")
	deps, err := buildNamed(pkg, path)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	m, err := wasmsize.Parse(data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "section\tbytes\t%%\t\n")
	for _, s := range m.Sections {
		fmt.Fprintf(w, "%s\t%d\t%.1f\t\n", s.Name, s.Size, pct(s.Size, len(data)))
	}
	fmt.Fprintf(w, "total\t%d\t\t\n\n", len(data))
	code := 0
	for _, f := range m.Funcs {
		code += f.Size
	}
	fmt.Fprintf(w, "package (code)\tbytes\t%% of code\tfuncs\t\n")
	pkgs := m.ByPackage(deps)
	for i, p := range pkgs {
		if i == top {
			break
		}
		fmt.Fprintf(w, "%s\t%d\t%.1f\t%d\t\n", p.Path, p.Size, pct(p.Size, code), p.Funcs)
	}
	fmt.Fprintf(w, "all %d packages\t%d\t\t%d\t\n\n", len(pkgs), code, len(m.Funcs))
	funcs := append([]wasmsize.Func(nil), m.Funcs...)
	sortFuncs(funcs)
	fmt.Fprintf(w, "function\tbytes\t\t\n")
	for i, f := range funcs {
		if i == top {
			break
		}
		fmt.Fprintf(w, "%s\t%d\t\t\n", strings.TrimPrefix(f.Name, wasmsize.Mangle("github.com/kubexplorer/kubexplorer/")), f.Size)
	}
	return w.Flush()
}

// buildNamed builds a main package for js/wasm into path without -s, so
// that the module keeps its name section (function indices are those of
// the shipped engine), and returns the packages linked into it.
func buildNamed(pkg, path string) (deps []string, err error) {
	if err := buildJSWasm([]string{"build", "-trimpath"}, path, pkg); err != nil {
		return nil, err
	}
	list := exec.Command("go", "list", "-deps", pkg)
	list.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := list.Output()
	if err != nil {
		return nil, fmt.Errorf("listing the packages of %s: %w", pkg, err)
	}
	return strings.Fields(string(out)), nil
}

func sortFuncs(fs []wasmsize.Func) {
	for i := 1; i < len(fs); i++ { // insertion sort keeps ties in link order
		for j := i; j > 0 && fs[j].Size > fs[j-1].Size; j-- {
			fs[j], fs[j-1] = fs[j-1], fs[j]
		}
	}
}

func pct(n, of int) float64 { return 100 * float64(n) / float64(of) }
