package kubeletstart

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// TestTranscripts runs testdata/*.txt against the fixture catalog.
// Input directives (each answers "ok"):
//
//	release 1.37 [keep]   start a new input (keep: only change the release)
//	cmdline               the command line (input text)
//	config [path=P]       the --config file (input text; "<empty>" for an empty file)
//	dropin path=P         a drop-in (input text)
//	configdir D           the --config-dir directory
//	env K=V
//	checkpoint            the dynamic config checkpoint (input text)
//
// Output directives:
//
//	run [all] [notes]     evaluate: verdict, lines, gates (all or only
//	                      non-default/requested), diagnostics
//	diff target=1.38      evaluate on both releases and print the upgrade diff
//	explain Gate...       evaluate and print each gate's chain of sources (explain_test.go)
func TestTranscripts(t *testing.T) {
	m := fixtureModel(t)
	datadriven.Walk(t, "testdata", func(t *testing.T, path string) {
		if strings.Contains(path, "catalog") {
			return
		}
		var in Input
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			arg := func(key string) string {
				for _, a := range d.CmdArgs {
					if a.Key == key && len(a.Vals) > 0 {
						return a.Vals[0]
					}
				}
				return ""
			}
			has := func(key string) bool { return d.HasArg(key) }
			text := strings.TrimSuffix(d.Input, "\n")
			if text == "<empty>" {
				text = ""
			}
			switch d.Cmd {
			case "release":
				if has("keep") {
					in.Release = d.CmdArgs[0].Key
				} else {
					in = Input{Release: d.CmdArgs[0].Key}
				}
				return "ok"
			case "cmdline":
				in.CommandLine = text
				return "ok"
			case "config":
				in.Config = &File{Path: arg("path"), Content: contentOf(d.Input)}
				return "ok"
			case "dropin":
				in.DropIns = append(in.DropIns, File{Path: arg("path"), Content: contentOf(d.Input)})
				return "ok"
			case "configdir":
				in.ConfigDir = d.CmdArgs[0].Key
				return "ok"
			case "env":
				if len(d.CmdArgs) == 0 {
					in.Env = nil
				}
				if in.Env == nil {
					in.Env = map[string]string{}
				}
				for _, a := range d.CmdArgs {
					in.Env[a.Key] = strings.Join(a.Vals, ",")
				}
				return "ok"
			case "checkpoint":
				in.DynamicCheckpoint = &File{Path: "/var/lib/kubelet/dynamic-config/checkpoint", Content: contentOf(d.Input)}
				return "ok"
			case "run":
				res, err := m.Evaluate(in)
				if err != nil {
					return "evaluation error: " + err.Error() + "\n"
				}
				return formatResult(res, has("all"), has("notes"))
			case "diff":
				target := arg("target")
				d2, err := m.Upgrade(in, target)
				if err != nil {
					return "evaluation error: " + err.Error() + "\n"
				}
				return formatDiff(d2)
			case "explain":
				return explainTranscript(m, in, d.CmdArgs)
			}
			d.Fatalf(t, "unknown directive %q", d.Cmd)
			return ""
		})
	})
}

// contentOf keeps the input text as file content, with a final newline
// like a file on disk, and "<empty>" meaning zero bytes.
func contentOf(s string) string {
	if strings.TrimSuffix(s, "\n") == "<empty>" {
		return ""
	}
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

func formatResult(res *Result, all, notes bool) string {
	var b strings.Builder
	if res.WouldStart {
		fmt.Fprintf(&b, "would start: yes\n")
	} else {
		fmt.Fprintf(&b, "would start: no (exit %d, stage %s)\n", res.ExitCode, res.Stage)
	}
	if len(res.Lines) > 0 {
		b.WriteString("lines:\n")
		for _, l := range res.Lines {
			b.WriteString(indent(l.Text, "  "))
		}
	}
	var gates []string
	for _, g := range res.Gates {
		if !all && g.Source == "default" && g.Problem == "" {
			continue
		}
		s := fmt.Sprintf("%s %s default=%t", g.Name, g.Stage, g.Default)
		if g.Locked {
			s += " locked"
		}
		s += fmt.Sprintf(" enabled=%t source=%s", g.Enabled, g.Source)
		if g.SourcePath != "" {
			s += fmt.Sprintf(" (%s:%d)", g.SourcePath, g.SourceLine)
		}
		if g.Requested != nil && *g.Requested != g.Enabled {
			s += fmt.Sprintf(" requested=%t", *g.Requested)
		}
		if len(g.Dependencies) > 0 {
			s += " deps=" + strings.Join(g.Dependencies, ",")
		}
		if g.Problem != "" {
			s += " problem: " + g.Problem
		}
		gates = append(gates, s)
	}
	if len(gates) > 0 {
		b.WriteString("gates:\n")
		for _, g := range gates {
			b.WriteString("  " + g + "\n")
		}
	}
	if len(res.Diagnostics) > 0 {
		b.WriteString("diagnostics:\n")
		for _, d := range res.Diagnostics {
			loc := d.Input
			if d.Path != "" {
				loc += " " + d.Path
			}
			loc += spanText(d)
			b.WriteString(indent(fmt.Sprintf("%s %s: %s", d.Severity, loc, d.Message), "  "))
		}
	}
	if len(res.Alternatives) > 0 {
		b.WriteString("alternatives:\n")
		for _, a := range res.Alternatives {
			b.WriteString("  " + a + "\n")
		}
	}
	if notes && len(res.Notes) > 0 {
		b.WriteString("notes:\n")
		for _, n := range res.Notes {
			b.WriteString("  " + n + "\n")
		}
	}
	return b.String()
}

func indent(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n") + "\n"
}

func formatDiff(u *Upgrade) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", u.Summary)
	for _, c := range u.Changes {
		fmt.Fprintf(&b, "  %s [%s] %s\n", c.Name, strings.Join(c.Kinds, ","), c.Message)
	}
	if !u.To.WouldStart {
		b.WriteString("target lines:\n")
		for _, l := range u.To.Lines {
			b.WriteString(indent(l.Text, "  "))
		}
	}
	return b.String()
}

// spanText is ":line:column-endLine:endColumn", as much of it as is known.
func spanText(d Diagnostic) string {
	var s string
	if d.Line > 0 {
		s = fmt.Sprintf(":%d", d.Line)
		if d.Column > 0 {
			s += fmt.Sprintf(":%d", d.Column)
		}
	}
	if d.EndLine > 0 {
		s += fmt.Sprintf("-%d:%d", d.EndLine, d.EndColumn)
	}
	return s
}
