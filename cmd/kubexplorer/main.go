// Command kubexplorer is the native face of the explorer: it serves the
// built site and runs the same explorer API as the page from the command
// line.
//
//	kubexplorer gates evaluate|explain|import|check|diff|components|examples|example
//	kubexplorer kubelet run|examples|example
//	kubexplorer kubefed run|enable|examples|example
//	kubexplorer serve | version | completion bash|zsh|fish | docs
//
// Each command is described once in the command tree (cli.go): that gives
// its --help, its shell completion (completion.go) and docs/cli.md
// (kubexplorer docs). Each command lives in its own file and registers
// itself in commands. Commands reach the mechanisms only through the
// explorer, with the same JSON requests and replies as the page.
package main

import "os"

func main() {
	env := &cliEnv{stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, terminal: isTerminal}
	os.Exit(run(env, os.Args[1:]))
}
