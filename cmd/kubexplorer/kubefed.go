package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/kubefed"
)

func init() {
	commands["kubefed"] = command{summary: "kubefed's FederatedTypeConfig controller, propagation and kubefedctl",
		long: "Runs a scenario (docs/kubefed-scenario.md) against kubefed's controllers — FederatedTypeConfigs, sync controllers, " +
			"member clusters — on virtual time, and kubefedctl enable.",
		examples: []example{
			{"Run a named example", "kubexplorer kubefed run --example o1-fresh-namespaced-ftc"},
			{"What kubefedctl enable deployments would create", "kubexplorer kubefed enable deployments.apps"},
		},
		subs: []*command{kubefedRun(), kubefedEnable(), examplesCommand(kubefedGallery, example{"List them", "kubexplorer kubefed examples"}),
			exampleCommand(kubefedGallery, "print a named example's scenario",
				example{"Start your own scenario from an example", "kubexplorer kubefed example o1-fresh-namespaced-ftc > my-scenario.yaml"})}}
}

func kubefedExists(name string) bool {
	_, err := call[kubefed.ExampleReply]("kubefed.example", kubefed.ExampleRequest{Name: name})
	return err == nil
}

func kubefedRun() *command {
	return &command{name: "run", summary: "run a kubefed scenario to its end and print the transcript",
		usage: "SCENARIO|- [-v N] [flags]\n--example NAME [-v N] [flags]",
		long: "Runs the scenario file (- reads stdin) or a named example (kubexplorer kubefed examples). The text is the " +
			"controllers' log and the objects; -o json and -o yaml are the transcript's data (docs/kubefed-json.md).",
		examples: []example{
			{"A named example, with klog verbosity 2", "kubexplorer kubefed run --example o1-fresh-namespaced-ftc -v 2"},
			{"Your own scenario as JSON", "kubexplorer kubefed run my-scenario.yaml -o json"},
		},
		exits: []string{"0  every step ran", "1  a step failed", "2  bad usage, or a scenario that does not parse or validate"},
		args:  completeFiles,
		setup: func(fs *pflag.FlagSet) action {
			verbosity := fs.IntP("v", "v", 0, "highest klog V level in the text transcript (JSON has every line)")
			example := fs.String("example", "", "run a named example instead of a file")
			setCompletion(fs, "example", completeFedEx)
			return func(c *ctx, args []string) int {
				text, name, status := scenarioInput(c, args, *example, kubefedExists)
				if status != 0 {
					return status
				}
				if name != "" {
					ex, err := call[kubefed.ExampleReply]("kubefed.example", kubefed.ExampleRequest{Name: name})
					if err != nil {
						return c.fail(err, nil)
					}
					text = ex.Scenario
				}
				req := kubefed.RunRequest{Scenario: text}
				if fs.Changed("v") {
					req.Verbosity = verbosity
				}
				reply, err := call[kubefed.RunReply]("kubefed.run", req)
				if err != nil {
					return c.fail(err, func(d explorer.Diagnostic) string {
						if d.Input == kubefed.InputScenario && len(args) == 1 {
							return args[0]
						}
						return ""
					})
				}
				status = 0
				for _, s := range reply.Transcript.Steps {
					if s.Error != "" {
						status = 1
					}
				}
				return c.emitStatus(status, reply.Transcript, func(w io.Writer) { fmt.Fprint(w, reply.Text) })
			}
		}}
}

func kubefedEnable() *command {
	return &command{name: "enable", summary: "kubefedctl enable: the CRD and FederatedTypeConfig it would create, as YAML",
		usage: "NAME [flags]\n--kind KIND --plural PLURAL [--group G] [--api-version V] [--scope S] [flags]\n-f FILENAME [flags]",
		long: "Prints what kubefedctl enable NAME -o yaml prints: the federated type's CustomResourceDefinition and its " +
			"FederatedTypeConfig. NAME is a kind, plural, short name or plural.group of the types the model knows; --kind and " +
			"friends describe a custom type; -f reads an EnableTypeDirective. Its -o is kubefedctl's own (yaml, json).",
		examples: []example{
			{"Deployments", "kubexplorer kubefed enable deployments.apps"},
			{"A custom type", "kubexplorer kubefed enable --kind Widget --plural widgets --group example.com --api-version v1"},
		},
		exits:     []string{"0  printed", "1  kubefedctl would fail (its error is printed)", "2  bad usage"},
		ownOutput: true,
		setup:     kubefedEnableFlags}
}

func kubefedEnableFlags(fs *pflag.FlagSet) action {
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
	setCompletion(fs, "filename", completeFiles)
	return func(c *ctx, args []string) int {
		env := c.env
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
		case *kind != "" && len(args) == 0:
			o.Target = &kubefed.TargetResource{Kind: *kind, PluralName: *plural, Group: *group, Version: *apiVersion, Scope: *scope,
				ShortNames: *shortNames, ReplicasInt32: *replicas}
			if o.Target.PluralName == "" {
				o.Target.PluralName = strings.ToLower(*kind) + "s"
			}
		case *kind == "" && len(args) == 1:
			o.Name = args[0]
		default:
			fmt.Fprintln(env.stderr, "kubexplorer kubefed enable: want one NAME (kind, plural, short name or plural.group), or --kind for a custom type")
			return 2
		}
		reply, err := call[kubefed.EnableReply]("kubefed.enable", kubefed.EnableRequest{Options: o})
		if err != nil {
			return c.fail(err, nil)
		}
		fmt.Fprint(env.stdout, reply.Output)
		if reply.Error != "" {
			fmt.Fprintf(env.stderr, "Error: %s\n", reply.Error)
			return 1
		}
		return 0
	}
}
