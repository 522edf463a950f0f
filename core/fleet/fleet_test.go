package fleet

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/kubexplorer/kubexplorer/core/fleet/fleettest"
	"github.com/kubexplorer/kubexplorer/core/nodeimport"
)

// readFleet loads every file below a directory, paths relative to it.
func readFleet(t testing.TB, root string) []nodeimport.File {
	t.Helper()
	files, err := fleettest.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestCheck runs testdata/check.txt:
//
//	check dir=D to=1.33 [from=1.30] [node=N] [warn=N]
//	    check the fleet in D (relative to testdata); node= prints that node's
//	    warnings and changes in full, warn= only its warnings
func TestCheck(t *testing.T) {
	datadriven.RunTest(t, "testdata/check.txt", func(t *testing.T, d *datadriven.TestData) string {
		if d.Cmd != "check" {
			d.Fatalf(t, "unknown directive %q", d.Cmd)
		}
		var dir, to, from, node, warn string
		d.ScanArgs(t, "dir", &dir)
		d.ScanArgs(t, "to", &to)
		d.MaybeScanArgs(t, "from", &from)
		d.MaybeScanArgs(t, "node", &node)
		d.MaybeScanArgs(t, "warn", &warn)
		dumps, err := Group(readFleet(t, filepath.Join("testdata", dir)))
		if err != nil {
			return "group error: " + err.Error() + "\n"
		}
		r, err := Check(dumps, Options{To: to, From: from})
		if err != nil {
			return "error: " + err.Error() + "\n"
		}
		return formatReport(r, node, warn)
	})
}

func formatReport(r *Report, detail, warn string) string {
	var b strings.Builder
	for _, n := range r.Nodes {
		fmt.Fprintf(&b, "%s %s→%s %s (exit %d): %d errors, %d warnings, %d gates change\n",
			n.Node, orDash(n.From), n.To, n.Verdict, n.Exit, len(n.Errors), len(n.Warnings), len(n.Changes))
		for _, e := range n.Errors {
			fmt.Fprintf(&b, "  error: %s\n", finding(e))
		}
		if n.Node != detail && n.Node != warn {
			continue
		}
		for _, w := range n.Warnings {
			fmt.Fprintf(&b, "  warning: %s\n", finding(w))
		}
		if n.Node != detail {
			continue
		}
		for _, c := range n.Changes {
			fmt.Fprintf(&b, "  change: %s %s→%s [%s] %s\n", c.Gate, val(c.Before), val(c.After), strings.Join(c.Kinds, ","), c.Message)
		}
	}
	s := r.Summary
	fmt.Fprintf(&b, "summary: %d nodes;", s.Nodes)
	for _, v := range []Verdict{Unchanged, Changes, Fails, BadInput} {
		fmt.Fprintf(&b, " %s %d", v, s.Verdicts[v])
	}
	fmt.Fprintf(&b, "; exit %d\n", r.Exit)
	for _, p := range s.Problems {
		if p.Nodes > 1 || p.Severity == "error" {
			fmt.Fprintf(&b, "  %s (%s) on %d node(s), e.g. %s: %s\n", p.Severity, p.Kind, p.Nodes, p.Example, p.Message)
		}
	}
	for i, g := range s.Gates {
		if i == 5 {
			fmt.Fprintf(&b, "  … %d more gates change\n", len(s.Gates)-5)
			break
		}
		fmt.Fprintf(&b, "  gate %s changes on %d node(s)\n", g.Gate, g.Nodes)
	}
	return b.String()
}

// finding prints a finding as "(kind) [file:line:column: ]message".
func finding(f Finding) string {
	where := f.File
	if f.Line > 0 {
		where += fmt.Sprintf(":%d", f.Line)
	}
	if f.Column > 0 {
		where += fmt.Sprintf(":%d", f.Column)
	}
	if where != "" {
		where += ": "
	}
	return fmt.Sprintf("(%s) %s%s", f.Kind, where, f.Message)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func val(b *bool) string {
	if b == nil {
		return "absent"
	}
	return fmt.Sprint(*b)
}
