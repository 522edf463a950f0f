package main

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
)

func init() {
	commands["gates"] = command{summary: "feature gates at kubelet start-up, and the upgrade check", run: runGates}
}

// runGates evaluates a kubelet's start-up. Exit status: 0 when the kubelet
// starts (on the target too, when given), 1 when it would not, 2 for usage
// errors.
func runGates(env *cliEnv, args []string) int {
	fs := newFlagSet(env, "gates")
	release := fs.String("release", "", "Kubernetes release of the kubelet, e.g. 1.30 (default: the newest)")
	flags := fs.String("flags", "", "the kubelet's command line (flags as one string, split like a shell)")
	config := fs.String("config", "", "the kubelet config file (implies --config=FILE when --flags has none)")
	configDir := fs.String("config-dir", "", "the drop-in directory: every file below it is read (implies --config-dir)")
	target := fs.String("target-release", "", "also evaluate on this release and print what changes")
	checkpoint := fs.String("dynamic-checkpoint", "", "a dynamic config checkpoint file (1.18–1.23)")
	envVars := fs.StringArray("env", nil, "KEY=VALUE in the kubelet's environment (repeatable)")
	example := fs.String("example", "", "start from a named example of the gallery (examples/gates/NAME.yaml); the other flags override its inputs")
	allChanges := fs.Bool("all-changes", false, "with --target-release, list every gate whose effect changes, not only those this kubelet sets or that break it (text output)")
	output := fs.StringP("output", "o", "text", "output format: text or json")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.stderr, "kubexplorer gates: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *output != "text" && *output != "json" {
		fmt.Fprintf(env.stderr, "kubexplorer gates: --output must be text or json, not %q\n", *output)
		return 2
	}
	req := gates.EvaluateRequest{Release: *release, CommandLine: *flags, TargetRelease: *target}
	if *example != "" {
		ex, err := call[gates.ExampleReply]("gates.example", gates.ExampleRequest{Name: *example})
		if err != nil {
			fmt.Fprintf(env.stderr, "kubexplorer gates: %v\n", err)
			return 2
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
		rels, err := call[explorer.ReleasesReply]("releases", explorer.Empty{})
		if err != nil {
			fmt.Fprintf(env.stderr, "kubexplorer gates: %v\n", err)
			return 1
		}
		req.Release = rels.Default
	}
	if *config != "" {
		data, err := os.ReadFile(*config)
		if err != nil {
			fmt.Fprintf(env.stderr, "kubexplorer gates: %v\n", err)
			return 2
		}
		req.Config = &gates.File{Path: *config, Content: string(data)}
	}
	if *configDir != "" {
		files, err := readTree(*configDir)
		if err != nil {
			fmt.Fprintf(env.stderr, "kubexplorer gates: %v\n", err)
			return 2
		}
		req.ConfigDir, req.DropIns = *configDir, files
		if len(files) == 0 && !strings.Contains(*flags, "config-dir") {
			req.CommandLine = strings.TrimSpace(req.CommandLine + " --config-dir=" + *configDir)
		}
	}
	if *checkpoint != "" {
		data, err := os.ReadFile(*checkpoint)
		if err != nil {
			fmt.Fprintf(env.stderr, "kubexplorer gates: %v\n", err)
			return 2
		}
		req.DynamicCheckpoint = &gates.File{Path: *checkpoint, Content: string(data)}
	}
	for _, kv := range *envVars {
		k, v, _ := strings.Cut(kv, "=")
		if req.Env == nil {
			req.Env = map[string]string{}
		}
		req.Env[k] = v
	}
	reply, err := call[gates.EvaluateReply]("gates.evaluate", req)
	if err != nil {
		fmt.Fprintf(env.stderr, "kubexplorer gates: %v\n", err)
		return 2
	}
	if *output == "json" {
		enc := json.NewEncoder(env.stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(reply)
	} else {
		printGatesText(env.stdout, reply, *allChanges)
	}
	if !reply.Result.WouldStart || (reply.Upgrade != nil && !reply.Upgrade.Target.WouldStart) {
		return 1
	}
	return 0
}

// call goes through the explorer API like the page does: the request and
// the reply make the same JSON round trip.
func call[Resp any](method string, req any) (Resp, error) {
	return explorer.Do[Resp](explorer.New(), method, req)
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

func printGatesText(w io.Writer, reply gates.EvaluateReply, allChanges bool) {
	r := reply.Result
	if r.WouldStart {
		fmt.Fprintf(w, "kubelet %s would start.\n", r.Release)
	} else {
		fmt.Fprintf(w, "kubelet %s would NOT start (exit status %d, at %s).\n", r.Release, r.ExitCode, r.Stage)
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
		fmt.Fprintf(w, "  %-45s %-5t %-10s default=%t%s  from %s\n", g.Name, g.Enabled, g.Stage, g.Default, lock, src)
		if g.Problem != "" {
			fmt.Fprintf(w, "  %-45s ! %s\n", "", g.Problem)
		}
	}
	if !shown {
		fmt.Fprintln(w, "  (none: every gate has its default value)")
	}
	for _, d := range r.Diagnostics {
		loc := diagnosticInputs[d.Input]
		if d.Path != "" {
			loc = d.Path
		}
		if d.Line > 0 {
			loc += fmt.Sprintf(":%d", d.Line)
		}
		fmt.Fprintf(w, "%s: %s: %s\n", d.Severity, loc, d.Message)
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
		if !u.Target.WouldStart {
			fmt.Fprintln(w, "  It would print:")
			for _, l := range u.Target.Lines {
				fmt.Fprintln(w, "    "+strings.ReplaceAll(l.Text, "\n", "\n    "))
			}
		}
	}
}

// diagnosticInputs names a diagnostic's input in the text output, as this
// command always did: after the kubelet's inputs, not the request's fields.
var diagnosticInputs = map[string]string{
	gates.InputCommandLine: "flags", gates.InputArgs: "flags", gates.InputConfig: "config",
	gates.InputDropIns: "dropin", gates.InputDynamicCheckpoint: "dynamic",
}

// changeConcernsInputs: the change breaks start-up, violates a dependency,
// or touches a gate the inputs set.
func changeConcernsInputs(c gates.Change) bool {
	if slices.Contains(c.Kinds, "breaks") || slices.Contains(c.Kinds, "dependency") {
		return true
	}
	return (c.Before != nil && c.Before.Source != "default") || (c.After != nil && c.After.Source != "default")
}
