// Command kubexplorer is the native face of the explorer: it serves the built
// site and runs the same explorer API as the page from the command line.
//
//	kubexplorer serve   [--addr 127.0.0.1:8080] [--dir build/site]
//	kubexplorer gates   ...   feature gates at kubelet start-up
//	kubexplorer kubelet ...   the kubelet sync loop
//	kubexplorer kubefed ...   the FederatedTypeConfig controller
//
// Each subcommand lives in its own file and registers itself in commands.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/spf13/pflag"

	"github.com/kubexplorer/kubexplorer/explorer"
)

// command is one subcommand. run gets the arguments after the subcommand's
// name and returns the process exit status.
type command struct {
	summary string
	run     func(env *cliEnv, args []string) int
}

var commands = map[string]command{}

// cliEnv is what a command may touch of the outside world, so tests can run
// commands in-process.
type cliEnv struct {
	stdout, stderr io.Writer
	// getenv reads the environment.
	getenv func(string) string
}

func main() {
	os.Exit(run(&cliEnv{stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}, os.Args[1:]))
}

func run(env *cliEnv, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(env.stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "version" || args[0] == "--version" {
		fmt.Fprintln(env.stdout, "kubexplorer", explorer.Version)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(env.stderr, "kubexplorer: unknown command %q\n\n", args[0])
		usage(env.stderr)
		return 2
	}
	return c.run(env, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "kubexplorer: explore Kubernetes feature gates, the kubelet sync loop and kubefed's FTC controller.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-9s %s\n", name, commands[name].summary)
	}
	fmt.Fprintf(w, "  %-9s %s\n", "version", "print the version")
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "kubexplorer COMMAND --help" for a command's flags.`)
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
