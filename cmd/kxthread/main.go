// Command kxthread threads the jumps of Go js/wasm modules in place
// (internal/jumpthread): every engine the Makefile builds goes through it,
// so the site serves and the tests run what V8 tiers up least.
//
//	kxthread FILE.wasm...              rewrite each file, print what changed
//	kxthread -exec FILE.wasm ARGS...   rewrite a copy and run it with
//	                                   go_js_wasm_exec (for go test -exec)
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"

	"github.com/kubexplorer/kubexplorer/internal/jumpthread"
)

func main() {
	run := flag.Bool("exec", false, "thread a copy of the first argument, then run go_js_wasm_exec with it and the other arguments")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: kxthread FILE.wasm... | kxthread -exec FILE.wasm ARGS...")
		os.Exit(2)
	}
	if *run {
		os.Exit(execThreaded(flag.Arg(0), flag.Args()[1:]))
	}
	for _, f := range flag.Args() {
		st, err := threadFile(f, f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "kxthread:", err)
			os.Exit(1)
		}
		fmt.Printf("%s: %d of %d jumps threaded in %d of %d functions (%d writes of PC_B dropped, %d functions not decoded)\n",
			f, st.Threaded, st.Jumps, st.Dispatching, st.Funcs, st.Dropped, st.Unknown)
	}
}

func threadFile(in, out string) (jumpthread.Stats, error) {
	b, err := os.ReadFile(in)
	if err != nil {
		return jumpthread.Stats{}, err
	}
	t, st, err := jumpthread.Module(b)
	if err != nil {
		return st, fmt.Errorf("%s: %w", in, err)
	}
	return st, os.WriteFile(out, t, 0o755)
}

// execThreaded is go test's -exec for js/wasm: the test binary, threaded,
// under the toolchain's Node runner, with the test's arguments, in the
// package's directory, as go test runs it.
func execThreaded(bin string, args []string) int {
	threaded := bin + ".threaded.wasm"
	if _, err := threadFile(bin, threaded); err != nil {
		fmt.Fprintln(os.Stderr, "kxthread:", err)
		return 1
	}
	defer os.Remove(threaded)
	cmd := exec.Command("go_js_wasm_exec", append([]string{threaded}, args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		fmt.Fprintln(os.Stderr, "kxthread:", err)
		return 1
	}
	return 0
}
