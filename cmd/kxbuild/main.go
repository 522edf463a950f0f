// Command kxbuild builds the static site from site/ and a compiled engine.
// The Makefile runs it; see internal/sitebuild for what it produces.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/kubexplorer/kubexplorer/internal/sitebuild"
)

func main() {
	var o sitebuild.Options
	flag.StringVar(&o.Src, "src", "site", "site sources")
	flag.StringVar(&o.Wasm, "wasm", "build/engine.wasm", "compiled engine")
	flag.StringVar(&o.WasmExec, "wasm-exec", "", "wasm_exec.js of the Go toolchain that built the engine")
	flag.StringVar(&o.Out, "out", "build/site", "output directory (replaced)")
	flag.StringVar(&o.Version, "version", "dev", "version to record")
	flag.BoolVar(&o.Minify, "minify", true, "minify scripts and styles")
	flag.IntVar(&o.BrotliQuality, "brotli", 11, "brotli quality 1-11")
	flag.Parse()
	if o.WasmExec == "" {
		fmt.Fprintln(os.Stderr, "kxbuild: --wasm-exec is required (it is $(go env GOROOT)/lib/wasm/wasm_exec.js)")
		os.Exit(2)
	}
	m, err := sitebuild.Build(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kxbuild:", err)
		os.Exit(1)
	}
	for _, f := range m.Files {
		if f.Name == m.Assets["engine.wasm"] {
			fmt.Printf("kxbuild: %s: engine %s (%d bytes, %d gzip, %d brotli)\n", o.Out, f.Name, f.Size, f.Gzip, f.Brotli)
		}
	}
}
