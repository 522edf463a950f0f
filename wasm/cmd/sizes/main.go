// Command sizes prints the size of built engines raw, gzip -9 and brotli
// -11 (what a browser downloads from a server that compresses them):
//
//	go run ./wasm/cmd/sizes build/engines/*.wasm
//
// With -manifest it instead checks the site's engines against their budgets
// (internal/sitebuild EngineBudgets), with the sizes the site build measured,
// and exits 1 when one is over:
//
//	go run ./wasm/cmd/sizes -manifest build/site/build.json
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/tabwriter"

	"github.com/andybalholm/brotli"

	"github.com/kubexplorer/kubexplorer/internal/sitebuild"
)

func main() {
	manifest := flag.String("manifest", "", "check the engines of this build.json against their budgets")
	flag.Parse()
	if *manifest != "" {
		os.Exit(checkBudgets(*manifest))
	}
	if flag.NArg() < 1 {
		fmt.Fprintln(os.Stderr, "usage: sizes FILE.wasm... | sizes -manifest build/site/build.json")
		os.Exit(2)
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "engine\traw\tgzip\tbrotli\t")
	for _, path := range flag.Args() {
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "sizes:", err)
			os.Exit(1)
		}
		gz, br := compressed(data, func(w io.Writer) io.WriteCloser {
			z, _ := gzip.NewWriterLevel(w, gzip.BestCompression)
			return z
		}), compressed(data, func(w io.Writer) io.WriteCloser {
			return brotli.NewWriterLevel(w, brotli.BestCompression)
		})
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t\n", filepath.Base(path), mb(len(data)), mb(gz), mb(br))
	}
	w.Flush()
}

func checkBudgets(path string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sizes:", err)
		return 1
	}
	var m sitebuild.Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		fmt.Fprintf(os.Stderr, "sizes: %s: %v\n", path, err)
		return 1
	}
	checks, err := m.CheckBudgets(sitebuild.EngineBudgets)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sizes:", err)
		return 1
	}
	code := 0
	for _, c := range checks {
		fmt.Println(c)
		if c.Over() {
			code = 1
		}
	}
	if code != 0 {
		fmt.Fprintln(os.Stderr, "sizes: an engine is over its budget: make it smaller, or raise the budget in internal/sitebuild/budget.go and say why")
	}
	return code
}

func compressed(data []byte, newWriter func(io.Writer) io.WriteCloser) int {
	var b bytes.Buffer
	z := newWriter(&b)
	_, _ = z.Write(data)
	_ = z.Close()
	return b.Len()
}

func mb(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }
