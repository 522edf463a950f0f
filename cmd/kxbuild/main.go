// Command kxbuild builds the static site from site/ and the compiled
// engines. The Makefile runs it; see internal/sitebuild for what it produces.
//
//	kxbuild -src site -engine gates=build/engines/gates.wasm -engine kubelet=… -wasm-exec …/wasm_exec.js
//
// The engines are listed in the order of the page's tabs. kxbuild also runs
// the explorer natively to compute the replies the page gives without an
// engine (static.go).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/kubexplorer/kubexplorer/internal/sitebuild"
)

// repliesFile is the logical name of a mechanism's static replies
// (engine.js fetches it through KX_DATA).
func repliesFile(mechanism string) string { return "replies-" + mechanism + ".json" }

// engineFlags collects repeated -engine mechanism=path flags in order.
type engineFlags []sitebuild.Engine

func (e *engineFlags) String() string {
	parts := make([]string, len(*e))
	for i, x := range *e {
		parts[i] = x.Mechanism + "=" + x.Wasm
	}
	return strings.Join(parts, ",")
}

func (e *engineFlags) Set(s string) error {
	mech, path, ok := strings.Cut(s, "=")
	if !ok || mech == "" || path == "" {
		return fmt.Errorf("want mechanism=path.wasm, got %q", s)
	}
	*e = append(*e, sitebuild.Engine{Mechanism: mech, Wasm: path})
	return nil
}

func main() {
	var o sitebuild.Options
	var engines engineFlags
	flag.StringVar(&o.Src, "src", "site", "site sources")
	flag.Var(&engines, "engine", "mechanism=path of a compiled engine; repeat, in the order of the page's tabs")
	flag.StringVar(&o.WasmExec, "wasm-exec", "", "wasm_exec.js of the Go toolchain that built the engines")
	flag.StringVar(&o.Out, "out", "build/site", "output directory (replaced)")
	flag.StringVar(&o.Version, "version", "dev", "version to record")
	flag.BoolVar(&o.Minify, "minify", true, "minify scripts and styles")
	flag.IntVar(&o.BrotliQuality, "brotli", 11, "brotli quality 1-11")
	flag.Parse()
	if o.WasmExec == "" {
		fmt.Fprintln(os.Stderr, "kxbuild: --wasm-exec is required (it is $(go env GOROOT)/lib/wasm/wasm_exec.js)")
		os.Exit(2)
	}
	if len(engines) == 0 {
		fmt.Fprintln(os.Stderr, "kxbuild: at least one -engine mechanism=path.wasm is required")
		os.Exit(2)
	}
	o.Engines = engines
	static, err := staticReplies()
	if err != nil {
		fmt.Fprintln(os.Stderr, "kxbuild: computing the static replies:", err)
		os.Exit(1)
	}
	o.StaticReplies = static.InScript
	o.Data = map[string][]byte{}
	for mech, f := range static.Files {
		data, err := json.Marshal(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "kxbuild: static replies:", err)
			os.Exit(1)
		}
		o.Data[repliesFile(mech)] = data
	}
	m, err := sitebuild.Build(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kxbuild:", err)
		os.Exit(1)
	}
	for _, e := range engines {
		for _, f := range m.Files {
			if f.Name == m.Engines[e.Mechanism] {
				fmt.Printf("kxbuild: %s: %s engine %s (%d bytes, %d gzip, %d brotli)\n", o.Out, e.Mechanism, f.Name, f.Size, f.Gzip, f.Brotli)
			}
			if f.Name == m.Assets[repliesFile(e.Mechanism)] {
				fmt.Printf("kxbuild: %s: %s replies %s (%d bytes, %d gzip, %d brotli)\n", o.Out, e.Mechanism, f.Name, f.Size, f.Gzip, f.Brotli)
			}
		}
	}
}
