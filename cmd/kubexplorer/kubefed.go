package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/kubefed"
)

func init() {
	commands["kubefed"] = command{summary: "kubefed's FederatedTypeConfig controller, propagation and kubefedctl", run: runKubefed}
}

func kubefedUsage(w io.Writer) {
	fmt.Fprintln(w, "Usage:")
	fmt.Fprintln(w, "  kubexplorer kubefed run SCENARIO [-o text|json] [-v N]   run a scenario file (- for stdin); see docs/kubefed-scenario.md")
	fmt.Fprintln(w, "  kubexplorer kubefed enable (NAME | -f FILENAME) [flags]  kubefedctl enable NAME -o yaml")
	fmt.Fprintln(w, "  kubexplorer kubefed examples                             list the named examples")
	fmt.Fprintln(w, "  kubexplorer kubefed example NAME                         print an example's scenario")
}

// runKubefed dispatches the kubefed subcommands. Exit status: 0 on success,
// 1 when a scenario step or kubefedctl failed, 2 for usage and input errors.
func runKubefed(env *cliEnv, args []string) int {
	subs := map[string]subcommand{
		"run":    runKubefedScenario,
		"enable": runKubefedEnable,
	}
	addGallerySubcommands(subs, "kubefed", func() ([]galleryEntry, error) {
		list, err := call[kubefed.ExamplesReply]("kubefed.examples", explorer.Empty{})
		entries := make([]galleryEntry, 0, len(list.Examples))
		for _, ex := range list.Examples {
			entries = append(entries, galleryEntry{ex.Name, ex.Title})
		}
		return entries, err
	}, func(name string) (string, error) {
		ex, err := call[kubefed.ExampleReply]("kubefed.example", kubefed.ExampleRequest{Name: name})
		return ex.Scenario, err
	})
	return dispatch(env, "kubefed", kubefedUsage, subs, args)
}

func runKubefedScenario(env *cliEnv, args []string) int {
	fs := newFlagSet(env, "kubefed run")
	output := fs.StringP("output", "o", "text", "output format: text or json")
	verbosity := fs.IntP("v", "v", 0, "highest klog V level in the text transcript (JSON has every line)")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(env.stderr, "kubexplorer kubefed run: want one scenario file (or - for stdin)")
		return 2
	}
	if *output != "text" && *output != "json" {
		fmt.Fprintf(env.stderr, "kubexplorer kubefed run: --output must be text or json, not %q\n", *output)
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
		fmt.Fprintf(env.stderr, "kubexplorer kubefed run: %v\n", err)
		return 2
	}
	req := kubefed.RunRequest{Scenario: string(data)}
	if fs.Changed("v") {
		req.Verbosity = verbosity
	}
	reply, err := call[kubefed.RunReply]("kubefed.run", req)
	if err != nil {
		msg := err.Error()
		if xe, ok := err.(*explorer.Error); ok {
			msg = xe.Message
		}
		fmt.Fprintf(env.stderr, "kubexplorer kubefed run: %s: %s\n", fs.Arg(0), msg)
		return 2
	}
	if *output == "json" {
		enc := json.NewEncoder(env.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(reply.Transcript); err != nil {
			fmt.Fprintf(env.stderr, "kubexplorer kubefed run: %v\n", err)
			return 1
		}
	} else {
		fmt.Fprint(env.stdout, reply.Text)
	}
	for _, s := range reply.Transcript.Steps {
		if s.Error != "" {
			return 1
		}
	}
	return 0
}

func runKubefedEnable(env *cliEnv, args []string) int {
	fs := newFlagSet(env, "kubefed enable")
	var o kubefed.EnableOptions
	fs.StringVar(&o.FederatedGroup, "federated-group", kubefed.DefaultFederatedGroup, "the API group of the federated type")
	fs.StringVar(&o.FederatedVersion, "federated-version", kubefed.DefaultFederatedVersion, "the API version of the federated type")
	fs.StringVar(&o.TargetVersion, "version", "", "the API version of the target type (default: the preferred version)")
	output := fs.StringP("output", "o", "yaml", "output format: yaml (as kubefedctl prints it)")
	kind := fs.String("kind", "", "a custom target type: its kind (with --plural, --group, --api-version, --scope)")
	plural := fs.String("plural", "", "custom target: plural name")
	group := fs.String("group", "", "custom target: API group (empty for core)")
	apiVersion := fs.String("api-version", "v1", "custom target: version")
	scope := fs.String("scope", "Namespaced", "custom target: Namespaced or Cluster")
	shortNames := fs.StringSlice("short-names", nil, "custom target: short names")
	replicas := fs.Bool("replicas-int32", false, "custom target: spec.replicas is an int32 (adds retainReplicas)")
	fs.StringVarP(&o.Filename, "filename", "f", "", "an EnableTypeDirective YAML file; NAME and the other flags are then ignored, as kubefedctl does")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if *output == "" {
		// Without -o yaml kubefedctl would create the resources; this
		// command only prints them.
		fmt.Fprintln(env.stderr, "kubexplorer kubefed enable: only -o yaml is supported (nothing is created)")
		return 2
	}
	// Any other value is kubefedctl's own error (Invalid value for --output).
	o.Output = *output
	switch {
	case o.Filename != "":
		data, err := os.ReadFile(o.Filename)
		if err != nil {
			// kubefedctl's own wording when the file cannot be opened.
			fmt.Fprintf(env.stderr, "Error: Failed to load yaml from file %q: %v\n", o.Filename, err)
			return 1
		}
		o.FileContent = string(data)
	case *kind != "" && fs.NArg() == 0:
		o.Target = &kubefed.TargetResource{Kind: *kind, PluralName: *plural, Group: *group, Version: *apiVersion, Scope: *scope,
			ShortNames: *shortNames, ReplicasInt32: *replicas}
		if o.Target.PluralName == "" {
			o.Target.PluralName = strings.ToLower(*kind) + "s"
		}
	case *kind == "" && fs.NArg() == 1:
		o.Name = fs.Arg(0)
	default:
		fmt.Fprintln(env.stderr, "kubexplorer kubefed enable: want one NAME (kind, plural, short name or plural.group), or --kind for a custom type")
		return 2
	}
	reply, err := call[kubefed.EnableReply]("kubefed.enable", kubefed.EnableRequest{Options: o})
	if err != nil {
		fmt.Fprintf(env.stderr, "kubexplorer kubefed enable: %v\n", err)
		return 1
	}
	fmt.Fprint(env.stdout, reply.Output)
	if reply.Error != "" {
		fmt.Fprintf(env.stderr, "Error: %s\n", reply.Error)
		return 1
	}
	return 0
}
