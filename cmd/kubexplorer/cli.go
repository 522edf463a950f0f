package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/spf13/pflag"
	"sigs.k8s.io/yaml"

	"github.com/kubexplorer/kubexplorer/explorer"
	// The feature-gates methods for operators (gates.check, …), which the
	// first tab's engine leaves out.
	_ "github.com/kubexplorer/kubexplorer/explorer/gatestools"
)

// The command tree. Every command is described once — its usage, what it
// does, examples, flags, exit statuses, how its arguments complete — and
// that one description gives its --help, docs/cli.md (kubexplorer docs)
// and shell completion (completion.go), so they cannot drift apart.

// command is one command or group of commands.
type command struct {
	// summary is one line: what the command does.
	summary string
	// run runs a command that parses its own flags (serve): it gets the
	// arguments after its name and returns the exit status. Commands of
	// this file's kind leave it nil and set setup instead.
	run func(env *cliEnv, args []string) int

	name string
	// usage follows the command's path in the synopsis: "[flags] DIR|FILE...".
	usage string
	// long is the description: paragraphs separated by blank lines.
	long     string
	examples []example
	// exits describes the exit statuses, one per line "N  meaning".
	exits []string
	// setup defines the command's flags on fs and returns what runs it.
	setup func(fs *pflag.FlagSet) action
	// subs are the subcommands of a group, in display order.
	subs []*command
	// args says how positional arguments complete (see completion.go).
	args completion
	// ownOutput: the command defines -o itself (kubefed enable keeps
	// kubefedctl's), or has no output format (completion, docs).
	ownOutput bool
	noOutput  bool
	hidden    bool
	// fallback is the subcommand a group runs, with a deprecation note,
	// when its first argument is a flag (the form before it had
	// subcommands: "kubexplorer gates --flags …").
	fallback string
}

// example is one example of a command's help: a comment and the command line.
type example struct{ comment, line string }

// action runs a command after its flags were parsed.
type action func(c *ctx, args []string) int

// commands are the top-level commands; each file registers its own.
var commands = map[string]command{}

// cliEnv is what a command may touch of the outside world, so tests can run
// commands in-process.
type cliEnv struct {
	stdout, stderr io.Writer
	// getenv reads the environment.
	getenv func(string) string
	// terminal says whether w is a terminal (colour is used only then);
	// nil means never.
	terminal func(w io.Writer) bool
}

// ctx is what an action gets: the environment, its name for messages and
// the output format and colours chosen.
type ctx struct {
	env *cliEnv
	// name is the command's path, "kubexplorer gates check".
	name   string
	output string
	// out and errc colour stdout and stderr (or not).
	out, errc palette
}

// The output formats every command's -o takes.
var outputFormats = []string{"text", "json", "yaml"}

// root is the top of the tree: the registered commands, sorted.
func root() *command {
	r := &command{name: "kubexplorer", summary: "explore Kubernetes feature gates, the kubelet sync loop and kubefed's FederatedTypeConfig controller",
		long: "kubexplorer runs the same explorer as the page (docs/api.md) from the command line: the kubelet's start-up and its feature gates, " +
			"real nodes and whole fleets checked against an upgrade, the kubelet sync loop over a fake CRI, and kubefed's controllers, all on virtual time. " +
			"Every command takes -o text|json|yaml (json and yaml are the explorer's replies), --help and --version.",
		examples: []example{
			{"Would a kubelet 1.33 start with these flags, and what changes on 1.35?", "kubexplorer gates evaluate --release 1.33 --flags '--feature-gates=NodeSwap=true' --target-release 1.35"},
			{"Check a directory of node dumps against an upgrade", "kubexplorer gates check --from 1.30 --to 1.33 dumps/"},
			{"Set up completion for bash", "source <(kubexplorer completion bash)"},
		}}
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := commands[n]
		c.name = n
		if x, ok := described[n]; ok && c.long == "" {
			c.long, c.examples, c.exits = x.long, x.examples, x.exits
		}
		r.subs = append(r.subs, &c)
	}
	return r
}

// described completes the help of commands that parse their own flags.
var described = map[string]command{
	"serve": {long: "Serves the built site (make build) on a local address, with the Content-Security-Policy the page needs " +
		"(docs/embedding.md). Stop it with Ctrl-C.",
		examples: []example{{"Build, then serve on another port", "make build && kubexplorer serve --addr 127.0.0.1:9090"}},
		exits:    []string{"0  stopped by a signal", "1  no built site, or the address cannot be used", "2  bad usage"}},
}

func run(env *cliEnv, args []string) int {
	r := root()
	return r.exec(env, nil, args)
}

// exec runs c with args (after its name); path is the names before it.
func (c *command) exec(env *cliEnv, path []string, args []string) int {
	path = append(path, c.name)
	name := strings.Join(path, " ")
	if c.run != nil {
		for _, a := range args {
			switch a {
			case "-h", "--help":
				c.help(env.stdout, path)
				return 0
			case "--version":
				return printVersion(env, nil)
			}
		}
		return c.run(env, args)
	}
	if len(c.subs) > 0 && c.setup == nil {
		if len(args) == 0 {
			c.help(env.stderr, path)
			return 2
		}
		switch args[0] {
		case "-h", "--help", "help":
			c.help(env.stdout, path)
			return 0
		case "--version":
			return printVersion(env, nil)
		}
		if sub := c.sub(args[0]); sub != nil {
			return sub.exec(env, path, args[1:])
		}
		if c.fallback != "" && strings.HasPrefix(args[0], "-") {
			sub := c.sub(c.fallback)
			fmt.Fprintf(env.stderr, "%s: %q without a subcommand is deprecated: use %q\n", name, name+" [flags]", name+" "+c.fallback+" [flags]")
			return sub.exec(env, path, args)
		}
		fmt.Fprintf(env.stderr, "%s: unknown command %q\n", name, args[0])
		if s := c.closest(args[0]); s != "" {
			fmt.Fprintf(env.stderr, "Did you mean %q?\n", name+" "+s)
		}
		fmt.Fprintf(env.stderr, "Run %q for the commands.\n", name+" --help")
		return 2
	}
	fs, act, cx := c.flags(env, name)
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(env.stderr, "%s: %v\nRun %q for usage.\n", name, err, name+" --help")
		return 2
	}
	if help, _ := fs.GetBool("help"); help {
		c.help(env.stdout, path)
		return 0
	}
	if f := fs.Lookup("version"); f != nil && f.Annotations["kubexplorer/global"] != nil && f.Value.String() == "true" {
		return printVersion(env, nil)
	}
	if !c.ownOutput && !c.noOutput {
		cx.output, _ = fs.GetString("output")
		if !contains(outputFormats, cx.output) {
			fmt.Fprintf(env.stderr, "%s: --output must be one of %s, not %q\n", name, strings.Join(outputFormats, ", "), cx.output)
			return 2
		}
	}
	return act(cx, fs.Args())
}

// flags builds c's flag set: its own flags and the ones every command has.
func (c *command) flags(env *cliEnv, name string) (*pflag.FlagSet, action, *ctx) {
	fs := newFlagSet(env, strings.TrimPrefix(name, "kubexplorer "))
	fs.Usage = func() {}
	var act action
	if c.setup != nil {
		act = c.setup(fs)
	}
	if !c.ownOutput && !c.noOutput {
		fs.StringP("output", "o", "text", "output format: "+strings.Join(outputFormats, ", "))
		setCompletion(fs, "output", completeOutput)
	}
	fs.BoolP("help", "h", false, "print this help")
	// kubefed enable keeps kubefedctl's --version (the target's API version).
	if fs.Lookup("version") == nil {
		fs.Bool("version", false, "print kubexplorer's version")
		setCompletion(fs, "version", completeNone)
		fs.Lookup("version").Annotations["kubexplorer/global"] = []string{"true"}
	}
	cx := &ctx{env: env, name: name, out: colours(env, env.stdout), errc: colours(env, env.stderr)}
	return fs, act, cx
}

func (c *command) sub(name string) *command {
	for _, s := range c.subs {
		if s.name == name {
			return s
		}
	}
	return nil
}

// closest is the subcommand spelt most like name, if one is close.
func (c *command) closest(name string) string {
	best, bestD := "", 3
	for _, s := range c.subs {
		if d := editDistance(s.name, name); d < bestD && !s.hidden {
			best, bestD = s.name, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// printVersion prints the version as "kubexplorer --version" does.
func printVersion(env *cliEnv, _ []string) int {
	fmt.Fprintln(env.stdout, "kubexplorer", explorer.Version)
	return 0
}

func init() {
	commands["version"] = command{summary: "print kubexplorer's version (and, as JSON or YAML, the engine's details)",
		examples: []example{{"The version and the mechanisms linked in", "kubexplorer version -o json"}},
		exits:    []string{"0  printed"},
		setup: func(*pflag.FlagSet) action {
			return func(c *ctx, args []string) int {
				if len(args) > 0 {
					return c.usagef("unexpected argument %q", args[0])
				}
				v := explorer.VersionInfo()
				return c.emit(v, func(w io.Writer) { fmt.Fprintln(w, "kubexplorer", v.Version) })
			}
		}}
}

// newFlagSet returns a flag set that reports errors instead of exiting.
func newFlagSet(env *cliEnv, name string) *pflag.FlagSet {
	fs := pflag.NewFlagSet("kubexplorer "+name, pflag.ContinueOnError)
	fs.SetOutput(env.stderr)
	fs.SortFlags = false
	return fs
}

// parseFlags parses args and maps the outcome to an exit status: ok is false
// when the command must stop (help was asked for, or the flags were wrong).
// Commands with their own parsing (serve) use it.
func parseFlags(fs *pflag.FlagSet, args []string) (status int, ok bool) {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, pflag.ErrHelp):
		return 0, false
	case err != nil:
		fmt.Fprintf(fs.Output(), "%s: %v\n", fs.Name(), err)
		fmt.Fprintf(fs.Output(), "Run \"%s --help\" for usage.\n", fs.Name())
		return 2, false
	}
	return 0, true
}

// usagef reports a usage error: exit status 2.
func (c *ctx) usagef(format string, args ...any) int {
	fmt.Fprintf(c.env.stderr, "%s: %s\n", c.name, fmt.Sprintf(format, args...))
	return 2
}

// errorf reports a failure with the given exit status.
func (c *ctx) errorf(status int, format string, args ...any) int {
	fmt.Fprintf(c.env.stderr, "%s: %s\n", c.name, fmt.Sprintf(format, args...))
	return status
}

// statusFailed is the exit status of a run that failed on its own, not
// on the user's input: a bug, or output that cannot be written. It is
// above 2 so that a script reading 1 as "something changes" (gates check,
// gates diff --exit-code) never takes a failure for an answer.
const statusFailed = 3

// emit prints v as JSON or YAML, or calls text; the status is 0, or
// statusFailed when the output cannot be written.
func (c *ctx) emit(v any, text func(w io.Writer)) int {
	return c.emitStatus(0, v, text)
}

// emitStatus is emit for an action whose answer is status.
func (c *ctx) emitStatus(status int, v any, text func(w io.Writer)) int {
	var err error
	switch c.output {
	case "json", "yaml":
		err = writeData(c.env.stdout, c.output, v)
	default:
		w := &errWriter{w: c.env.stdout}
		text(w)
		err = w.err
	}
	if err != nil {
		return c.errorf(statusFailed, "writing the output: %v", err)
	}
	return status
}

// errWriter keeps the first error of its writes, so that text printers
// need not check each one.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// writeData writes v as indented JSON or as YAML with the same field names.
func writeData(w io.Writer, format string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if format == "yaml" {
		if b, err = yaml.JSONToYAML(b); err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// call goes through the explorer API like the page does: the request and
// the reply make the same JSON round trip.
func call[Resp any](method string, req any) (Resp, error) {
	return explorer.Do[Resp](explorer.New(), method, req)
}

// fail reports a failed explorer call: its message, or its diagnostics
// each at its place, never the explorer's error code. where turns a
// diagnostic's input and path into the name the user knows (a flag, a
// file as they typed it). not_found and bad input are status 2, a bug
// statusFailed.
func (c *ctx) fail(err error, where func(d explorer.Diagnostic) string) int {
	var xe *explorer.Error
	if !errors.As(err, &xe) {
		return c.errorf(2, "%v", err)
	}
	if xe.Code == explorer.CodeInternal {
		return c.errorf(statusFailed, "%s", xe.Message)
	}
	located := false
	for _, d := range xe.Diagnostics {
		if d.Input != explorer.InputRequest && (d.Path != "" || d.Line > 0) {
			located = true
		}
	}
	if !located {
		return c.errorf(2, "%s", xe.Message)
	}
	for _, d := range xe.Diagnostics {
		fmt.Fprintf(c.env.stderr, "%s: %s\n", c.name, c.errc.diagnostic(d, where))
	}
	return 2
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}
