// Command kxapidoc writes docs/api.md, the reference of the explorer API,
// from the method registry and the Go types of the requests and replies:
// every method with its request and reply, every type they reach with its
// JSON fields and the doc comments of the Go source. The prose around it
// (the envelope, diagnostics, time) is in this command's template.
//
//	go run ./cmd/kxapidoc -o docs/api.md [-check]
//
// With -check it exits with status 1 when the file it wrote differed from
// the one on disk: CI regenerates the file and fails on a diff.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"github.com/kubexplorer/kubexplorer/explorer"
	_ "github.com/kubexplorer/kubexplorer/explorer/gates"
	_ "github.com/kubexplorer/kubexplorer/explorer/gatestools"
	_ "github.com/kubexplorer/kubexplorer/explorer/kubefed"
	_ "github.com/kubexplorer/kubexplorer/explorer/kubelet"
)

func main() {
	out := flag.String("o", "docs/api.md", "the file to write")
	check := flag.Bool("check", false, "exit 1 when the file changed")
	root := flag.String("root", ".", "the module's root (the Go sources of the types are read from it)")
	flag.Parse()
	doc, err := generate(*root, explorer.Methods(), explorer.Mechanisms())
	if err != nil {
		fmt.Fprintln(os.Stderr, "kxapidoc:", err)
		os.Exit(1)
	}
	old, _ := os.ReadFile(*out)
	if err := os.WriteFile(*out, doc, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "kxapidoc:", err)
		os.Exit(1)
	}
	if *check && !bytes.Equal(old, doc) {
		fmt.Fprintf(os.Stderr, "kxapidoc: %s was out of date and has been regenerated; commit it\n", *out)
		os.Exit(1)
	}
}
