package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
)

func init() {
	commands["gates"] = command{summary: "feature gates at kubelet start-up: evaluate, explain, import real nodes, check a fleet, diff releases",
		long: "The kubelet's start-up as the release being modelled performs it: its command line, config file, drop-ins and dynamic " +
			"checkpoint, the feature gates it ends up with and where each value comes from, the exact lines it prints, and what an " +
			"upgrade changes. Real nodes are read as they are found (configz, kubeadm's ConfigMap, ps, /proc, systemd units; " +
			"docs/node-dumps.md) and whole fleets checked at once.",
		examples: []example{
			{"Evaluate a kubelet's flags and config file on 1.33, and the upgrade to 1.35", "kubexplorer gates evaluate --release 1.33 --flags '--feature-gates=NodeSwap=true' --config config.yaml --target-release 1.35"},
			{"Why is NodeSwap on?", "kubexplorer gates explain NodeSwap --release 1.33 --config config.yaml"},
			{"Check every node dump in dumps/ against an upgrade from 1.30 to 1.33", "kubexplorer gates check --from 1.30 --to 1.33 dumps/"},
			{"What changes in the gates from 1.30 to 1.33?", "kubexplorer gates diff 1.30 1.33"},
		},
		fallback: "evaluate",
		subs: []*command{gatesEvaluate(), gatesExplain(), gatesImport(), gatesCheck(), gatesDiff(), gatesComponents(),
			examplesCommand(gatesGallery, example{"List them, then evaluate one", "kubexplorer gates examples\nkubexplorer gates evaluate --example dropins"}),
			exampleCommand(gatesGallery, "print a named example's inputs (the gates.evaluate request)",
				example{"The dropins example as YAML", "kubexplorer gates example dropins -o yaml"})}}
}

// evalInputs are the flags that give a kubelet's inputs: gates evaluate
// and gates explain share them.
type evalInputs struct {
	release, flags, config, configDir, target, checkpoint, example, node *string
	env                                                                  *[]string
}

func addEvalInputs(fs *pflag.FlagSet) *evalInputs {
	in := &evalInputs{
		release:    fs.String("release", "", "the kubelet's Kubernetes release, e.g. 1.30 (default: the node dump's, else the newest)"),
		flags:      fs.String("flags", "", "the kubelet's command line as one string, split like a shell (paste it from ps or the systemd unit)"),
		config:     fs.String("config", "", "the kubelet config `FILE` (implies --config=FILE when --flags has none)"),
		configDir:  fs.String("config-dir", "", "the drop-in `DIR`: every file below it is read (implies --config-dir=DIR)"),
		target:     fs.String("target-release", "", "also evaluate on this release: the upgrade check"),
		checkpoint: fs.String("dynamic-checkpoint", "", "a dynamic config checkpoint `FILE` (1.18–1.23)"),
		env:        fs.StringArray("env", nil, "KEY=VALUE in the kubelet's environment (repeatable)"),
		example:    fs.String("example", "", "start from a named example (kubexplorer gates examples); the other flags override its inputs"),
		node:       fs.String("node", "", "a node dump `FILE|DIR` (docs/node-dumps.md) instead of --flags, --config and --config-dir"),
	}
	setCompletion(fs, "release", completeRelease)
	setCompletion(fs, "target-release", completeRelease)
	setCompletion(fs, "config", completeFiles)
	setCompletion(fs, "config-dir", completeDirs)
	setCompletion(fs, "dynamic-checkpoint", completeFiles)
	setCompletion(fs, "example", completeGatesEx)
	setCompletion(fs, "node", completeFiles)
	return in
}

// request builds the gates.evaluate request; status is non-zero when the
// command must stop.
func (in *evalInputs) request(c *ctx) (gates.EvaluateRequest, int) {
	req := gates.EvaluateRequest{Release: *in.release, CommandLine: *in.flags, TargetRelease: *in.target}
	switch {
	case *in.node != "" && (*in.flags != "" || *in.config != "" || *in.configDir != "" || *in.example != ""):
		return req, c.usagef("--node gives the kubelet's inputs: it does not go with --flags, --config, --config-dir or --example")
	case *in.node != "":
		imp, status := importNode(c, *in.node)
		if status != 0 {
			return req, status
		}
		req = imp.Request
		if *in.release != "" {
			req.Release = *in.release
		}
		req.TargetRelease = *in.target
	case *in.example != "":
		ex, err := call[gates.ExampleReply]("gates.example", gates.ExampleRequest{Name: *in.example})
		if err != nil {
			return req, c.fail(err, nil)
		}
		base := ex.Request
		if req.Release != "" {
			base.Release = req.Release
		}
		if req.CommandLine != "" {
			base.CommandLine = req.CommandLine
		}
		if req.TargetRelease != "" {
			base.TargetRelease = req.TargetRelease
		}
		req = base
	}
	if req.Release == "" {
		req.Release = explorer.Releases().Default
		if *in.node != "" {
			fmt.Fprintf(c.env.stderr, "%s: the node dump does not state its release (kubelet --version): evaluated as %s; --release chooses\n", c.name, req.Release)
		}
	}
	if *in.config != "" {
		data, err := os.ReadFile(*in.config)
		if err != nil {
			return req, c.errorf(2, "%v", err)
		}
		req.Config = &gates.File{Path: *in.config, Content: string(data)}
	}
	if *in.configDir != "" {
		files, err := readTree(*in.configDir)
		if err != nil {
			return req, c.errorf(2, "%v", err)
		}
		req.ConfigDir, req.DropIns = *in.configDir, files
		if len(files) == 0 && !strings.Contains(*in.flags, "config-dir") {
			req.CommandLine = strings.TrimSpace(req.CommandLine + " --config-dir=" + *in.configDir)
		}
	}
	if *in.checkpoint != "" {
		data, err := os.ReadFile(*in.checkpoint)
		if err != nil {
			return req, c.errorf(2, "%v", err)
		}
		req.DynamicCheckpoint = &gates.File{Path: *in.checkpoint, Content: string(data)}
	}
	for _, kv := range *in.env {
		k, v, _ := strings.Cut(kv, "=")
		if req.Env == nil {
			req.Env = map[string]string{}
		}
		req.Env[k] = v
	}
	return req, 0
}

// evalWhere names a diagnostic's place as the user gave it.
func evalWhere(d explorer.Diagnostic) string {
	if d.Path != "" {
		return d.Path
	}
	return map[string]string{
		gates.InputCommandLine: "--flags", gates.InputArgs: "command line", gates.InputRelease: "--release",
		gates.InputTargetRelease: "--target-release", gates.InputGate: "NAME",
	}[d.Input]
}

func gatesEvaluate() *command {
	return &command{name: "evaluate", summary: "would this kubelet start, with which gates, and what breaks on upgrade",
		usage: "[--release 1.30] [--flags '…'] [--config FILE] [--config-dir DIR] [--target-release 1.33] [flags]\n" +
			"--node FILE|DIR [--target-release 1.33] [flags]",
		long: "Runs the kubelet's start-up on the release (docs/gates-model.md): would it start, the exact lines it prints, every gate " +
			"set or not at its default with where its value comes from and which components read it. With --target-release, the " +
			"same inputs on the target release and each gate whose effect changes: the upgrade check, which also warns about gates " +
			"the inputs set that no kubelet code of the target reads.\n\n" +
			"The inputs are the flags below, a named example, or a node dump as it is found on a node (--node).",
		examples: []example{
			{"A command line pasted from ps", "kubexplorer gates evaluate --release 1.30 --flags '/usr/bin/kubelet --config=/var/lib/kubelet/config.yaml --feature-gates=CPUManager=true' --config config.yaml"},
			{"The upgrade check: would it still start on 1.33?", "kubexplorer gates evaluate --release 1.30 --flags '--feature-gates=CPUManager=true' --target-release 1.33"},
			{"A node dump, as JSON", "kubexplorer gates evaluate --node dumps/node-a.txt --target-release 1.33 -o json"},
			{"A named example on another release", "kubexplorer gates evaluate --example dropins --release 1.31"},
		},
		exits: []string{"0  the kubelet starts (and, with --target-release, also on the target)", "1  it would not start",
			"2  bad usage or input the model cannot evaluate (an unknown release, an unterminated quote)"},
		setup: func(fs *pflag.FlagSet) action {
			in := addEvalInputs(fs)
			allChanges := fs.Bool("all-changes", false, "with --target-release, list every gate whose effect changes, not only those this kubelet sets or that break it (text output)")
			return func(c *ctx, args []string) int {
				if len(args) > 0 {
					return c.usagef("unexpected argument %q", args[0])
				}
				req, status := in.request(c)
				if status != 0 {
					return status
				}
				reply, err := call[gates.EvaluateReply]("gates.evaluate", req)
				if err != nil {
					return c.fail(err, evalWhere)
				}
				status = 0
				if !reply.Result.WouldStart || (reply.Upgrade != nil && !reply.Upgrade.Target.WouldStart) {
					status = 1
				}
				return c.emitStatus(status, reply, func(w io.Writer) { printEvaluation(w, c.out, reply, *allChanges) })
			}
		}}
}

// readTree reads every regular file below dir (the model decides which
// ones the kubelet reads: only .conf).
func readTree(dir string) ([]gates.File, error) {
	var out []gates.File
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, gates.File{Path: filepath.ToSlash(rel), Content: string(data)})
		return nil
	})
	return out, err
}

func printEvaluation(w io.Writer, p palette, reply gates.EvaluateReply, allChanges bool) {
	r := reply.Result
	if r.WouldStart {
		fmt.Fprintf(w, "kubelet %s %s.\n", r.Release, p.verdict("would start", 0))
	} else {
		fmt.Fprintf(w, "kubelet %s %s (exit status %d, at %s).\n", r.Release, p.verdict("would NOT start", 2), r.ExitCode, r.Stage)
	}
	if len(r.Lines) > 0 {
		fmt.Fprintln(w, "\nLines it prints:")
		for _, l := range r.Lines {
			fmt.Fprintln(w, "  "+strings.ReplaceAll(l.Text, "\n", "\n  "))
		}
	}
	fmt.Fprintln(w, "\nGates set or not at their default:")
	shown := false
	for _, g := range r.Gates {
		if g.Source == "default" && g.Problem == "" {
			continue
		}
		shown = true
		src := g.Source
		if g.SourcePath != "" {
			src += fmt.Sprintf(" %s:%d", g.SourcePath, g.SourceLine)
		}
		lock := ""
		if g.Locked {
			lock = " locked"
		}
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("  %-45s %-5t %-10s default=%t%s  from %s  %s", g.Name, g.Enabled, g.Stage, g.Default, lock, src, readByText(g.ReadBy)), " "))
		if g.Problem != "" {
			fmt.Fprintf(w, "  %-45s ! %s\n", "", g.Problem)
		}
	}
	if !shown {
		fmt.Fprintln(w, "  (none: every gate has its default value)")
	}
	for _, d := range r.Diagnostics {
		fmt.Fprintln(w, p.diagnostic(d, evalWhere))
	}
	if len(r.Alternatives) > 0 {
		fmt.Fprintln(w, "\nThe real kubelet may report any of these instead (Go map order):")
		for _, a := range r.Alternatives {
			fmt.Fprintln(w, "  "+a)
		}
	}
	if len(r.Notes) > 0 {
		fmt.Fprintln(w, "\nNotes:")
		for _, n := range r.Notes {
			fmt.Fprintln(w, "  - "+n)
		}
	}
	if u := reply.Upgrade; u != nil {
		fmt.Fprintf(w, "\nUpgrade to %s: %s.\n", u.Target.Release, u.Summary)
		// What breaks and what happens to the gates this kubelet sets come
		// first; the release's other changes only with --all-changes.
		var mine, rest []gates.Change
		for _, c := range u.Changes {
			if changeConcernsInputs(c) {
				mine = append(mine, c)
			} else {
				rest = append(rest, c)
			}
		}
		sort.SliceStable(mine, func(i, j int) bool {
			return slices.Contains(mine[i].Kinds, "breaks") && !slices.Contains(mine[j].Kinds, "breaks")
		})
		if len(mine) == 0 {
			fmt.Fprintln(w, "  No gate this kubelet sets changes its effect.")
		}
		for _, c := range mine {
			fmt.Fprintf(w, "  %-45s [%s] %s\n", c.Name, strings.Join(c.Kinds, ", "), c.Message)
		}
		if allChanges {
			for _, c := range rest {
				fmt.Fprintf(w, "  %-45s [%s] %s\n", c.Name, strings.Join(c.Kinds, ", "), c.Message)
			}
		} else if len(rest) > 0 {
			fmt.Fprintf(w, "  (%d other changes in %s: new gates, defaults, stages; --all-changes lists them)\n", len(rest), u.Target.Release)
		}
		for _, d := range u.Diagnostics {
			fmt.Fprintln(w, "  "+p.diagnostic(d, evalWhere))
		}
		if !u.Target.WouldStart {
			fmt.Fprintln(w, "  It would print:")
			for _, l := range u.Target.Lines {
				fmt.Fprintln(w, "    "+strings.ReplaceAll(l.Text, "\n", "\n    "))
			}
		}
	}
}

// readByText says which components read a gate: "[read by kubelet]".
func readByText(readBy []gates.Component) string {
	switch {
	case readBy == nil:
		return ""
	case len(readBy) == 0:
		return "[read by no component]"
	}
	names := make([]string, len(readBy))
	for i, c := range readBy {
		names[i] = string(c)
	}
	return "[read by " + strings.Join(names, ", ") + "]"
}

// changeConcernsInputs: the change breaks start-up, violates a dependency,
// or touches a gate the inputs set.
func changeConcernsInputs(c gates.Change) bool {
	if slices.Contains(c.Kinds, "breaks") || slices.Contains(c.Kinds, "dependency") {
		return true
	}
	return (c.Before != nil && c.Before.Source != "default") || (c.After != nil && c.After.Source != "default")
}
