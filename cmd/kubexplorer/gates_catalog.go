package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
)

// gates explain (one gate of one kubelet), gates diff and gates components
// (the catalogs).

func gatesExplain() *command {
	return &command{name: "explain", summary: "why is a gate on or off: every source that set it, in the kubelet's order, and the one that won",
		usage: "NAME... [--release 1.30] [--flags '…'] [--config FILE] [--config-dir DIR] [flags]\nNAME... --node FILE|DIR [flags]",
		long: "Evaluates the kubelet's start-up with the same inputs as gates evaluate, then lists for each gate named the chain of " +
			"sources that set it, in the order the kubelet applied them — the release's default, the spec its emulation version " +
			"selects (1.31+), --feature-gates, the config file, each drop-in, the flags again over the files, the dynamic " +
			"checkpoint (1.18–1.23), AllAlpha/AllBeta — and the one that won, with the components whose code reads the gate. With " +
			"--target-release, the same on the target release.",
		examples: []example{
			{"Why is NodeSwap on, with this config file?", "kubexplorer gates explain NodeSwap --release 1.33 --config config.yaml"},
			{"On a real node, now and after the upgrade", "kubexplorer gates explain MemoryQoS --node dumps/node-a.txt --target-release 1.35"},
		},
		exits: []string{"0  explained", "2  bad usage, or a name the release does not register and no input sets"},
		args:  completeGate,
		setup: func(fs *pflag.FlagSet) action {
			in := addEvalInputs(fs)
			return func(c *ctx, args []string) int {
				if len(args) == 0 {
					return c.usagef("want a feature gate name")
				}
				req, status := in.request(c)
				if status != 0 {
					return status
				}
				var replies []gates.ExplainReply
				for _, name := range args {
					reply, err := call[gates.ExplainReply]("gates.explain", gates.ExplainRequest{EvaluateRequest: req, Gate: name})
					if err != nil {
						return c.fail(err, evalWhere)
					}
					replies = append(replies, reply)
				}
				var data any = replies
				if len(replies) == 1 {
					data = replies[0]
				}
				return c.emit(data, func(w io.Writer) {
					for i, r := range replies {
						if i > 0 {
							fmt.Fprintln(w)
						}
						printExplanation(w, c.out, r.Explanation)
						if r.Target != nil {
							fmt.Fprintln(w)
							printExplanation(w, c.out, r.Target)
						}
					}
				})
			}
		}}
}

func printExplanation(w io.Writer, p palette, x *gates.Explanation) {
	state := "off"
	if x.Enabled {
		state = "on"
	}
	fmt.Fprintf(w, "%s on %s: %s\n", x.Gate, x.Release, p.paint(bold, state))
	fmt.Fprintf(w, "  %s.\n", x.Summary)
	if x.ReadBy != nil {
		fmt.Fprintf(w, "  %s\n", strings.Trim(readByText(x.ReadBy), "[]"))
	}
	fmt.Fprintln(w, "\nSources, in the order the kubelet applied them:")
	rows := [][]string{}
	for i, s := range x.Steps {
		mark := " "
		if i == x.Winner {
			mark = "*"
		}
		val := "-"
		if s.Value != nil {
			val = fmt.Sprint(*s.Value)
		}
		src := s.Source
		if s.Via != "" {
			src += " via " + s.Via
		}
		where := s.Path
		if s.Line > 0 {
			where += fmt.Sprintf(":%d", s.Line)
		}
		detail := s.Detail
		if where != "" {
			detail = where + ": " + detail
		}
		rows = append(rows, []string{fmt.Sprintf("%s %d.", mark, i+1), src, val, s.Effect, detail})
	}
	table(w, "  ", rows)
}

func gatesDiff() *command {
	return &command{name: "diff", summary: "what changes in the gates between two releases: removals, locks, default changes, promotions, additions",
		usage: "FROM TO [flags]",
		long: "Compares the gate catalogs of two releases, without any kubelet's inputs: what an upgrade changes before any node is " +
			"checked. Gates are grouped by what happens to them — removed (a kubelet that still sets one refuses to start), locked " +
			"(setting one to the other value stops a kubelet), default changed, promoted, demoted or deprecated, dependencies " +
			"changed, added — each with the components whose code reads it.",
		examples: []example{
			{"Everything that changes from 1.30 to 1.33", "kubexplorer gates diff 1.30 1.33"},
			{"Only what the kubelet reads, removals and locks", "kubexplorer gates diff 1.30 1.33 --component kubelet --kind removed,locked"},
			{"In a script: exit status 1 when something changes", "kubexplorer gates diff 1.32 1.33 --exit-code -o json"},
		},
		exits: []string{"0  compared (with --exit-code: nothing differs)", "1  with --exit-code: some gate differs", "2  bad usage or an unknown release"},
		args:  completeRelease,
		setup: func(fs *pflag.FlagSet) action {
			component := fs.String("component", "", "only gates whose code in this component reads them (kubelet, kube-apiserver, …)")
			kinds := fs.StringSlice("kind", nil, "only changes of these kinds: added, removed, promoted, demoted, deprecated, defaultChanged, locked, unlocked, dependenciesChanged")
			exitCode := fs.Bool("exit-code", false, "exit with status 1 when some gate differs, like git diff --exit-code")
			return func(c *ctx, args []string) int {
				if len(args) != 2 {
					return c.usagef("want two releases: FROM TO")
				}
				reply, err := call[gates.DiffReply]("gates.diff", gates.DiffRequest{From: args[0], To: args[1]})
				if err != nil {
					return c.fail(err, func(d explorer.Diagnostic) string {
						return map[string]string{gates.InputFrom: "FROM", gates.InputTo: "TO"}[d.Input]
					})
				}
				reply.Changes = slices.DeleteFunc(reply.Changes, func(ch gates.ReleaseChange) bool {
					if *component != "" && !slices.Contains(ch.ReadBy, gates.Component(*component)) {
						return true
					}
					if len(*kinds) > 0 {
						for _, k := range ch.Kinds {
							if slices.Contains(*kinds, string(k)) {
								return false
							}
						}
						return true
					}
					return false
				})
				if *component != "" || len(*kinds) > 0 {
					reply.Counts = nil
				}
				status := 0
				if *exitCode && len(reply.Changes) > 0 {
					status = 1
				}
				return c.emitStatus(status, reply, func(w io.Writer) { printDiff(w, reply) })
			}
		}}
}

// diffGroups orders the kinds of a release diff, most consequential first.
var diffGroups = []struct{ kind, title string }{
	{"removed", "Removed (a kubelet that still sets one refuses to start)"},
	{"locked", "Locked to their default (setting one to the other value stops a kubelet)"},
	{"defaultChanged", "Default changed (nodes that do not set them change behaviour)"},
	{"promoted", "Promoted"},
	{"demoted", "Demoted"},
	{"deprecated", "Deprecated"},
	{"unlocked", "Unlocked"},
	{"dependenciesChanged", "Dependencies changed"},
	{"added", "Added"},
}

func printDiff(w io.Writer, r gates.DiffReply) {
	fmt.Fprintf(w, "Gates from %s to %s: %d differ.\n", r.From, r.To, len(r.Changes))
	for _, g := range diffGroups {
		var rows [][]string
		for _, ch := range r.Changes {
			// Each gate is listed once, under its first (most consequential) kind.
			if first := firstKind(ch.Kinds); first == g.kind {
				rows = append(rows, []string{ch.Name, ch.Description, readByText(ch.ReadBy)})
			}
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s: %d\n", g.title, len(rows))
		table(w, "  ", rows)
	}
}

// firstKind is the kind a change is listed under: the first of
// diffGroups' order it has.
func firstKind[K ~string](kinds []K) string {
	for _, g := range diffGroups {
		for _, k := range kinds {
			if string(k) == g.kind {
				return g.kind
			}
		}
	}
	return ""
}

func gatesComponents() *command {
	return &command{name: "components", summary: "which components' code reads each gate (kubelet, kube-apiserver, …)",
		usage: "[NAME...] [--release 1.33] [flags]",
		long: "Every Kubernetes binary registers every gate, so a gate a kubelet accepts is not necessarily one it acts on. For each " +
			"gate named (default: every gate of the release) this lists the components whose code reads it, as derived from " +
			"upstream source (docs/catalog.md). A gate read by no kubelet code does nothing when set on a kubelet.",
		examples: []example{
			{"Who reads NodeSwap and SidecarContainers on 1.33?", "kubexplorer gates components NodeSwap SidecarContainers --release 1.33"},
			{"Every gate of the newest release, as JSON", "kubexplorer gates components -o json"},
		},
		exits: []string{"0  listed", "2  bad usage, an unknown release or gate"},
		args:  completeGate,
		setup: func(fs *pflag.FlagSet) action {
			release := fs.String("release", "", "the release (default: the newest)")
			setCompletion(fs, "release", completeRelease)
			return func(c *ctx, args []string) int {
				rel := *release
				if rel == "" {
					rel = explorer.Releases().Default
				}
				reply, err := call[gates.ComponentsReply]("gates.components", gates.ComponentsRequest{Release: rel, Gates: args})
				if err != nil {
					return c.fail(err, evalWhere)
				}
				return c.emit(reply, func(w io.Writer) {
					rows := [][]string{{"GATE", "STAGE", "DEFAULT", "READ BY"}}
					for _, g := range reply.Gates {
						def := fmt.Sprint(g.Default)
						if g.Locked {
							def += " (locked)"
						}
						rows = append(rows, []string{g.Name, g.Stage, def, strings.Trim(strings.TrimPrefix(readByText(g.ReadBy), "[read by "), "]")})
					}
					fmt.Fprintf(w, "Release %s:\n", reply.Release)
					table(w, "  ", rows)
				})
			}
		}}
}
