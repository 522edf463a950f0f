package main

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/kubelet"
)

func init() {
	commands["kubelet"] = command{summary: "the kubelet's sync loop over a fake CRI, on virtual time",
		long: "Plays a scenario (docs/kubelet-scenario.md) — pods, images, faults over time — through the kubelet's sync loop, pod " +
			"workers, PLEG and a fake container runtime, and prints what the kubelet does: pod status as kubectl shows it, events, " +
			"the loop's iterations and the CRI calls.",
		examples: []example{
			{"Run a named example", "kubexplorer kubelet run --example crashloop --until 5m"},
			{"Run your own scenario, the transcript as JSON", "kubexplorer kubelet run my-scenario.yaml -o json"},
		},
		subs: []*command{kubeletRun(), examplesCommand(kubeletGallery, example{"List them", "kubexplorer kubelet examples"}),
			exampleCommand(kubeletGallery, "print a named example's scenario",
				example{"Start your own scenario from an example", "kubexplorer kubelet example crashloop > my-scenario.yaml"})}}
}

func kubeletExists(name string) bool {
	_, err := call[kubelet.Example]("kubelet.example", kubelet.ExampleRequest{Name: name})
	return err == nil
}

func kubeletRun() *command {
	return &command{name: "run", summary: "play a kubelet scenario to its end and print the transcript",
		usage: "SCENARIO|- [--until 10m] [flags]\n--example NAME [--until 10m] [flags]",
		long: "Plays the scenario file (- reads stdin) or a named example (kubexplorer kubelet examples) to its until, or --until. " +
			"The text is the transcript as docs/kubelet-scenario.md shows it; -o json and -o yaml are its data (docs/kubelet-json.md).",
		examples: []example{
			{"The crash-loop example for 20 virtual seconds", "kubexplorer kubelet run --example crashloop --until 20s"},
			{"A scenario from stdin", "kubexplorer kubelet example sidecar | kubexplorer kubelet run -"},
		},
		exits: []string{"0  played", "2  bad usage, or a scenario that does not parse or validate"},
		args:  completeFiles,
		setup: func(fs *pflag.FlagSet) action {
			until := fs.String("until", "", "how much virtual time to play (default: the scenario's until, else 2m)")
			example := fs.String("example", "", "run a named example instead of a file")
			setCompletion(fs, "example", completeKubeEx)
			return func(c *ctx, args []string) int {
				text, name, status := scenarioInput(c, args, *example, kubeletExists)
				if status != 0 {
					return status
				}
				reply, err := call[kubelet.RunReply]("kubelet.run", kubelet.RunRequest{Scenario: text, Example: name, Until: explorer.Duration(*until)})
				if err != nil {
					return c.fail(err, func(d explorer.Diagnostic) string {
						if d.Input == kubelet.InputScenario && len(args) == 1 {
							return args[0]
						}
						return map[string]string{kubelet.InputExample: "--example", "until": "--until"}[d.Input]
					})
				}
				return c.emit(reply.Transcript, func(w io.Writer) { fmt.Fprint(w, reply.Text) })
			}
		}}
}
