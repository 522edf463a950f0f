package main

import (
	"fmt"
	"io"
)

// subcommand runs one "kubexplorer MECHANISM SUB ..." command with the
// arguments after SUB and returns the exit status.
type subcommand func(env *cliEnv, args []string) int

// dispatch runs the subcommand named by args[0] of the command name. With
// no arguments it prints usage and fails; -h, --help and help print usage.
// Exit status 2 means a usage error, as for every command.
func dispatch(env *cliEnv, name string, usage func(io.Writer), subs map[string]subcommand, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(env.stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if sub, ok := subs[args[0]]; ok {
		return sub(env, args[1:])
	}
	fmt.Fprintf(env.stderr, "kubexplorer %s: unknown subcommand %q\n\n", name, args[0])
	usage(env.stderr)
	return 2
}

// galleryEntry is one named example as the examples subcommand lists it.
type galleryEntry struct{ name, title string }

// addGallerySubcommands adds "examples" (list the named examples) and
// "example NAME" (print one example's scenario) to subs.
func addGallerySubcommands(subs map[string]subcommand, name string, list func() ([]galleryEntry, error), scenario func(example string) (string, error)) {
	subs["examples"] = func(env *cliEnv, _ []string) int {
		entries, err := list()
		if err != nil {
			fmt.Fprintf(env.stderr, "kubexplorer %s: %v\n", name, err)
			return 1
		}
		width := 0
		for _, e := range entries {
			width = max(width, len(e.name))
		}
		for _, e := range entries {
			fmt.Fprintf(env.stdout, "%-*s %s\n", width+1, e.name, e.title)
		}
		return 0
	}
	subs["example"] = func(env *cliEnv, args []string) int {
		if len(args) != 1 {
			fmt.Fprintf(env.stderr, "kubexplorer %s example: want one example name\n", name)
			return 2
		}
		text, err := scenario(args[0])
		if err != nil {
			fmt.Fprintf(env.stderr, "kubexplorer %s example: %v\n", name, err)
			return 2
		}
		fmt.Fprint(env.stdout, text)
		return 0
	}
}
