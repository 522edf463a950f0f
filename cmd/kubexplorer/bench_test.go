package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/fleet/fleettest"
	"github.com/kubexplorer/kubexplorer/internal/cputime"
)

// writeFleet writes 1,000 synthetic node dumps (fleettest.Fleet) below a
// temporary directory, one directory per node.
func writeFleet(b *testing.B, ownConfig bool) string {
	b.Helper()
	tmpl, err := fleettest.ReadDir("../../" + fleettest.Template)
	if err != nil {
		b.Skipf("the template node dump is not readable here: %v", err)
	}
	dir := b.TempDir()
	for _, n := range fleettest.Fleet(tmpl, 1000, ownConfig) {
		for _, f := range n.Files {
			p := filepath.Join(dir, n.Name, filepath.FromSlash(f.Path))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(f.Content), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	return dir
}

func benchCLICheck(b *testing.B, ownConfig bool, output string) {
	dir := writeFleet(b, ownConfig)
	env := &cliEnv{stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
	args := []string{"gates", "check", "--to", "1.33", dir, "-o", output}
	if status := run(env, args); status != 2 {
		b.Fatalf("exit status %d, want 2 (a tenth of the nodes set a removed gate)", status)
	}
	b.ReportAllocs()
	cputime.Report(b, func() { run(env, args) })
}

// BenchmarkCLICheck1000 is kubexplorer gates check over a directory of
// 1,000 node dumps, as a user runs it: read the files, the explorer's
// round trip, the table. Goal: under a second.
func BenchmarkCLICheck1000(b *testing.B) { benchCLICheck(b, false, "text") }

// BenchmarkCLICheck1000Configs is the worst case (every node its own
// configuration), printing JSON.
func BenchmarkCLICheck1000Configs(b *testing.B) { benchCLICheck(b, true, "json") }
