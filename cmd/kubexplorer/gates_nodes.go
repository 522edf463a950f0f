package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
)

// Real nodes: gates import (one node dump) and gates check (a fleet).

// readDump reads a node dump: the files below a directory (paths relative
// to it), or one file (named by its base name).
func readDump(p string) ([]gates.File, bool, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, false, err
	}
	if st.IsDir() {
		files, err := readTree(p)
		return files, true, err
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, false, err
	}
	return []gates.File{{Path: filepath.Base(p), Content: string(data)}}, false, nil
}

// dumpPath turns a path inside a dump back into the path the user knows.
func dumpPath(arg string, isDir bool, p string) string {
	if p == "" {
		return ""
	}
	if isDir {
		return filepath.Join(arg, filepath.FromSlash(p))
	}
	return filepath.Join(filepath.Dir(arg), filepath.FromSlash(p))
}

// nodeName names a node after its file or directory, without extension.
func nodeName(p string) string {
	base := filepath.Base(filepath.Clean(p))
	if ext := filepath.Ext(base); ext != "" && ext != base {
		base = strings.TrimSuffix(base, ext)
	}
	return base
}

// importNode reads and imports one node dump; status is non-zero when the
// command must stop (after the error was printed).
func importNode(c *ctx, p string) (gates.ImportReply, int) {
	files, isDir, err := readDump(p)
	if err != nil {
		return gates.ImportReply{}, c.errorf(2, "%v", err)
	}
	reply, err := call[gates.ImportReply]("gates.import", gates.ImportRequest{Node: nodeName(p), Files: files})
	if err != nil {
		return reply, c.fail(err, func(d explorer.Diagnostic) string { return dumpPath(p, isDir, d.Path) })
	}
	return reply, 0
}

func gatesImport() *command {
	return &command{name: "import", summary: "recognise a node dump and print the kubelet inputs it fills",
		usage: "FILE|DIR [flags]",
		long: "Reads one node's dump as it is found — a bundle file, or a directory of files in any layout (docs/node-dumps.md) — and " +
			"says what each file is (configz, kubeadm's kubelet-config ConfigMap, a KubeletConfiguration, /proc/PID/cmdline, a ps " +
			"line, systemd units and their environment files, kubelet --version) and what the import made of it: the command " +
			"line, config file, drop-ins and environment that gates evaluate --node and gates check use. A form that is recognised " +
			"but malformed is an error naming the form, the file, the line and the column.",
		examples: []example{
			{"A bundle collected with the one-line command of docs/node-dumps.md", "kubexplorer gates import dumps/node-a.txt"},
			{"The JSON of kubectl get --raw /api/v1/nodes/NODE/proxy/configz", "kubexplorer gates import node-a.configz.json"},
			{"A directory of files copied from a node, the filled inputs as YAML", "kubexplorer gates import node-b/ -o yaml"},
		},
		exits: []string{"0  every input was read and the kubelet's files are there", "1  read, with warnings or files the kubelet reads missing",
			"2  bad usage, or the dump cannot be read (a malformed form)"},
		args: completeFiles,
		setup: func(*pflag.FlagSet) action {
			return func(c *ctx, args []string) int {
				if len(args) != 1 {
					return c.usagef("want one node dump: a file or a directory")
				}
				reply, status := importNode(c, args[0])
				if status != 0 {
					return status
				}
				_, isDir, _ := readDump(args[0])
				where := func(d explorer.Diagnostic) string { return dumpPath(args[0], isDir, d.Path) }
				status = 0
				if len(reply.Diagnostics) > 0 {
					status = 1
				}
				return c.emitStatus(status, reply, func(w io.Writer) { printImport(w, c.out, reply, args[0], isDir, where) })
			}
		}}
}

func printImport(w io.Writer, p palette, r gates.ImportReply, arg string, isDir bool, where func(explorer.Diagnostic) string) {
	rel := "does not state its release (add kubelet --version)"
	if r.Release != "" {
		rel = fmt.Sprintf("kubelet %s (release %s)", r.Version, r.Release)
	}
	fmt.Fprintf(w, "Node %s: %s", r.Node, rel)
	if r.ReleaseHint != "" {
		fmt.Fprintf(w, "; kubeadm's ConfigMap is named for %s", r.ReleaseHint)
	}
	fmt.Fprintln(w, ".")
	fmt.Fprintln(w, "\nRecognised:")
	rows := [][]string{{"WHERE", "FORM", "USE"}}
	for _, part := range r.Parts {
		loc := dumpPath(arg, isDir, part.File)
		if part.Name != part.File {
			loc += " (" + part.Name + ")"
		}
		if part.Line > 1 {
			loc += fmt.Sprintf(":%d", part.Line)
		}
		form := "unknown"
		if part.Form != "" {
			form = part.Form.Title()
		}
		rows = append(rows, []string{loc, form, part.Use})
	}
	table(w, "  ", rows)
	in := r.Request
	fmt.Fprintln(w, "\nFilled inputs:")
	if in.Args != nil {
		fmt.Fprintf(w, "  command line: %s\n", strings.Join(in.Args, " "))
	} else {
		fmt.Fprintln(w, "  command line: (none)")
	}
	if in.Config != nil {
		fmt.Fprintf(w, "  config file:  %s (%d lines)\n", in.Config.Path, strings.Count(in.Config.Content, "\n"))
	}
	if in.ConfigDir != "" {
		var names []string
		for _, f := range in.DropIns {
			names = append(names, f.Path)
		}
		fmt.Fprintf(w, "  drop-ins:     %s: %s\n", in.ConfigDir, orNone(strings.Join(names, ", ")))
	}
	if in.DynamicCheckpoint != nil {
		fmt.Fprintf(w, "  dynamic checkpoint: %s\n", in.DynamicCheckpoint.Path)
	}
	if len(in.Env) > 0 {
		keys := make([]string, 0, len(in.Env))
		for k := range in.Env {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		fmt.Fprintf(w, "  environment:  %s\n", strings.Join(keys, ", "))
	}
	if len(r.Diagnostics) > 0 {
		fmt.Fprintln(w)
		for _, d := range r.Diagnostics {
			fmt.Fprintln(w, p.diagnostic(d, where))
		}
	}
	if len(r.Notes) > 0 {
		fmt.Fprintln(w, "\nNotes:")
		for _, n := range r.Notes {
			fmt.Fprintln(w, "  - "+n)
		}
	}
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// table prints rows in aligned columns (the last column is not padded).
func table(w io.Writer, indent string, rows [][]string) {
	widths := map[int]int{}
	for _, r := range rows {
		for i, cell := range r {
			widths[i] = max(widths[i], len([]rune(cell)))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		b.WriteString(indent)
		for i, cell := range r {
			if i == len(r)-1 {
				b.WriteString(cell)
				break
			}
			b.WriteString(cell)
			b.WriteString(strings.Repeat(" ", widths[i]-len([]rune(cell))+2))
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

func gatesCheck() *command {
	return &command{name: "check", summary: "check a fleet of node dumps against an upgrade: a row per node, a summary, kubectl diff's exit status",
		usage: "--to RELEASE [--from RELEASE] DIR|FILE... [flags]",
		long: "Checks every node of a fleet against an upgrade to --to: for each node its kubelet's start-up on its current release " +
			"(what its kubelet --version states, else --from) and on the target. One row per node: the verdict (unchanged, changes, " +
			"fails, badInput), its blocking errors, its warnings and the number of gates whose effective value changes; then a " +
			"summary of the fleet. Errors and warnings point at the file and line of the dump where the setting at fault is.\n\n" +
			"One argument that is a directory is a fleet: each file at its top is a node (a bundle, a configz, …) and each directory " +
			"a node's files. Several arguments are nodes, one each. Warnings include the kubelet's own (GA or deprecated gates " +
			"set, deprecated flags) and gates the node sets that no kubelet code of the target reads.",
		examples: []example{
			{"A directory with one dump per node", "kubexplorer gates check --from 1.30 --to 1.33 dumps/"},
			{"Some nodes, as JSON for a pipeline", "kubexplorer gates check --to 1.33 dumps/node-a.txt dumps/node-b/ -o json"},
			{"Fail a CI job only when a node would not start", "kubexplorer gates check --to 1.33 dumps/ >report.txt; test $? -lt 2"},
		},
		exits: []string{"0  nothing that matters changes on any node", "1  gates change their effective value, or the kubelet warns",
			"2  a node would not start on the target, a dump cannot be used, or bad usage"},
		args: completeFiles,
		setup: func(fs *pflag.FlagSet) action {
			to := fs.String("to", "", "the target release (required)")
			from := fs.String("from", "", "the current release of nodes whose dump does not state one")
			details := fs.Bool("details", false, "text output: list every node's warnings and the gates that change on it")
			setCompletion(fs, "to", completeRelease)
			setCompletion(fs, "from", completeRelease)
			return func(c *ctx, args []string) int {
				if *to == "" {
					return c.usagef("--to is required")
				}
				if len(args) == 0 {
					return c.usagef("want a fleet directory, or node dumps (files or directories)")
				}
				req := gates.CheckRequest{To: *to, From: *from}
				// Where each input's paths are on disk.
				type origin struct {
					arg   string
					isDir bool
				}
				origins := map[string]origin{}
				if st, err := os.Stat(args[0]); len(args) == 1 && err == nil && st.IsDir() {
					files, err := readTree(args[0])
					if err != nil {
						return c.errorf(2, "%v", err)
					}
					req.Files = files
					origins[gates.InputFiles] = origin{args[0], true}
				} else {
					for i, a := range args {
						files, isDir, err := readDump(a)
						if err != nil {
							return c.errorf(2, "%v", err)
						}
						req.Nodes = append(req.Nodes, gates.NodeDump{Node: nodeName(a), Files: files})
						origins[fmt.Sprintf("nodes[%d]", i)] = origin{a, isDir}
					}
				}
				where := func(d explorer.Diagnostic) string {
					if o, ok := origins[d.Input]; ok {
						return dumpPath(o.arg, o.isDir, d.Path)
					}
					return map[string]string{gates.InputTo: "--to", gates.InputFrom: "--from"}[d.Input]
				}
				reply, err := call[gates.CheckReply]("gates.check", req)
				if err != nil {
					return c.fail(err, where)
				}
				if len(reply.Nodes) == 0 {
					// A CI job pointed at the wrong directory must not pass.
					return c.errorf(2, "%s holds no node dump (hidden files are skipped)", args[0])
				}
				return c.emitStatus(reply.Exit, reply, func(w io.Writer) { printCheck(w, c.out, reply, where, *details) })
			}
		}}
}

func printCheck(w io.Writer, p palette, r gates.CheckReply, where func(explorer.Diagnostic) string, details bool) {
	rows := [][]string{{"NODE", "RELEASE", "VERDICT", "ERRORS", "WARNINGS", "GATES CHANGED"}}
	verdicts := map[int]string{}
	for i, n := range r.Nodes {
		from := n.From
		if from == "" {
			from = "?"
		}
		rows = append(rows, []string{n.Node, from + " → " + n.To, string(n.Verdict), fmt.Sprint(n.Errors), fmt.Sprint(n.Warnings), fmt.Sprint(n.Changed)})
		verdicts[i+1] = p.verdict(string(n.Verdict), n.Exit)
	}
	// Colour after aligning: escapes have no width.
	var b strings.Builder
	table(&b, "", rows)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for i, l := range lines {
		if v, ok := verdicts[i]; ok && p.on {
			n := r.Nodes[i-1]
			l = strings.Replace(l, "  "+string(n.Verdict)+" ", "  "+v+" ", 1)
		}
		fmt.Fprintln(w, l)
	}
	first := true
	for _, n := range r.Nodes {
		var show []explorer.Diagnostic
		for _, d := range n.Diagnostics {
			if d.Severity == explorer.SeverityError || details {
				show = append(show, d)
			}
		}
		if len(show) == 0 && !(details && n.Changed > 0) {
			continue
		}
		if first {
			fmt.Fprintln(w)
			first = false
		}
		fmt.Fprintf(w, "%s:\n", n.Node)
		for _, d := range show {
			fmt.Fprintln(w, "  "+p.diagnostic(d, where))
		}
		if details {
			for _, ch := range r.ChangeSets[n.ChangeSet] {
				fmt.Fprintf(w, "  %s %s → %s: %s\n", ch.Gate, boolText(ch.Before), boolText(ch.After), ch.Message)
			}
		}
	}
	s := r.Summary
	fmt.Fprintf(w, "\n%d nodes:", s.Nodes)
	sep := " "
	for _, v := range []gates.Verdict{"unchanged", "changes", "fails", "badInput"} {
		if k := s.Verdicts[v]; k > 0 {
			fmt.Fprintf(w, "%s%d %s", sep, k, v)
			sep = ", "
		}
	}
	fmt.Fprintf(w, "; upgrade to %s; exit status %d.\n", r.To, r.Exit)
	if len(s.Problems) > 0 {
		fmt.Fprintln(w, "Problems:")
		for _, pr := range s.Problems {
			fmt.Fprintf(w, "  %s on %s (e.g. %s): %s\n", p.severity(pr.Severity), plural(pr.Nodes, "node"), pr.Example, pr.Message)
		}
	}
	if len(s.Gates) > 0 {
		fmt.Fprintln(w, "Gates whose effective value changes on the most nodes:")
		rows := [][]string{}
		for i, g := range s.Gates {
			if i == 10 {
				break
			}
			rows = append(rows, []string{g.Gate, plural(g.Nodes, "node")})
		}
		table(w, "  ", rows)
		if len(s.Gates) > 10 {
			fmt.Fprintf(w, "  … and %d more (--details lists each node's, -o json all)\n", len(s.Gates)-10)
		}
	}
}

// plural writes "1 node", "2 nodes".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func boolText(b *bool) string {
	if b == nil {
		return "absent"
	}
	return fmt.Sprint(*b)
}
