package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/kubelet"
)

func init() {
	commands["kubelet"] = command{summary: "the kubelet's sync loop over a fake CRI, on virtual time", run: runKubelet}
}

func kubeletUsage(w io.Writer) {
	fmt.Fprintln(w, "Usage:")
	fmt.Fprintln(w, "  kubexplorer kubelet run SCENARIO [--until 10m] [-o text|json]   play a scenario file (- for stdin); see docs/kubelet-scenario.md")
	fmt.Fprintln(w, "  kubexplorer kubelet examples                                     list the named examples")
	fmt.Fprintln(w, "  kubexplorer kubelet example NAME                                 print an example's scenario")
}

// runKubelet dispatches the kubelet subcommands. Exit status: 0 on
// success, 1 on an internal failure, 2 for usage and input errors.
func runKubelet(env *cliEnv, args []string) int {
	subs := map[string]subcommand{
		"run": runKubeletScenario,
	}
	addGallerySubcommands(subs, "kubelet", func() ([]galleryEntry, error) {
		list, err := call[kubelet.ExamplesReply]("kubelet.examples", explorer.Empty{})
		entries := make([]galleryEntry, 0, len(list.Examples))
		for _, ex := range list.Examples {
			entries = append(entries, galleryEntry{ex.Name, ex.Title})
		}
		return entries, err
	}, func(name string) (string, error) {
		ex, err := call[kubelet.Example]("kubelet.example", kubelet.ExampleRequest{Name: name})
		return ex.Scenario, err
	})
	return dispatch(env, "kubelet", kubeletUsage, subs, args)
}

func runKubeletScenario(env *cliEnv, args []string) int {
	fs := newFlagSet(env, "kubelet run")
	output := fs.StringP("output", "o", "text", "output format: text or json")
	until := fs.String("until", "", "how much virtual time to play (default: the scenario's until, else 2m)")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(env.stderr, "kubexplorer kubelet run: want one scenario file (or - for stdin)")
		return 2
	}
	if *output != "text" && *output != "json" {
		fmt.Fprintf(env.stderr, "kubexplorer kubelet run: --output must be text or json, not %q\n", *output)
		return 2
	}
	var data []byte
	var err error
	if fs.Arg(0) == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(fs.Arg(0))
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "kubexplorer kubelet run: %v\n", err)
		return 2
	}
	reply, err := call[kubelet.RunReply]("kubelet.run", kubelet.RunRequest{Scenario: string(data), Until: explorer.Duration(*until)})
	if err != nil {
		msg := err.Error()
		if xe, ok := err.(*explorer.Error); ok {
			msg = xe.Message
		}
		fmt.Fprintf(env.stderr, "kubexplorer kubelet run: %s: %s\n", fs.Arg(0), msg)
		return 2
	}
	if *output == "json" {
		enc := json.NewEncoder(env.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(reply.Transcript); err != nil {
			fmt.Fprintf(env.stderr, "kubexplorer kubelet run: %v\n", err)
			return 1
		}
		return 0
	}
	fmt.Fprint(env.stdout, reply.Text)
	return 0
}
