// Command sizes prints the size of built engines raw, gzip -9 and brotli
// -11 (what a browser downloads from a server that compresses them):
//
//	go run ./wasm/cmd/sizes build/engines/*.wasm
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/tabwriter"

	"github.com/andybalholm/brotli"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: sizes FILE.wasm...")
		os.Exit(2)
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "engine\traw\tgzip\tbrotli\t")
	for _, path := range os.Args[1:] {
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

func compressed(data []byte, newWriter func(io.Writer) io.WriteCloser) int {
	var b bytes.Buffer
	z := newWriter(&b)
	_, _ = z.Write(data)
	_ = z.Close()
	return b.Len()
}

func mb(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }
