package kubefed

import (
	"fmt"

	"github.com/kubexplorer/kubexplorer/core/kubefed/scenario"
	"github.com/kubexplorer/kubexplorer/explorer"
)

// Example is one entry of the gallery (examples/kubefed/NAME.yaml).
type Example struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

// ExamplesReply lists the gallery.
type ExamplesReply struct {
	Examples []Example `json:"examples"`
	// Default is the example the tab opens with.
	Default string `json:"default"`
}

// ExampleRequest names an example.
type ExampleRequest struct {
	Name string `json:"name"`
}

// ExampleReply is one example with its scenario text.
type ExampleReply struct {
	Example
	Scenario string `json:"scenario"`
}

// DefaultExample is the example the tab opens with.
const DefaultExample = "o22-override-unready-cluster"

// Examples lists the gallery, sorted by name.
func Examples() (ExamplesReply, error) {
	names, err := explorer.ExampleNames("kubefed", "")
	if err != nil {
		return ExamplesReply{}, err
	}
	reply := ExamplesReply{Examples: []Example{}, Default: DefaultExample}
	for _, n := range names {
		ex, err := ExampleByName(n)
		if err != nil {
			return ExamplesReply{}, err
		}
		reply.Examples = append(reply.Examples, ex.Example)
	}
	return reply, nil
}

// ExampleByName reads one example.
func ExampleByName(name string) (ExampleReply, error) {
	data, err := exampleText(name)
	if err != nil {
		return ExampleReply{}, err
	}
	sc, err := scenario.Parse(string(data))
	if err != nil {
		return ExampleReply{}, fmt.Errorf("example %s: %v", name, err)
	}
	return ExampleReply{Example: Example{Name: name, Title: sc.Name, Description: sc.Description}, Scenario: string(data)}, nil
}

// exampleText is one example's scenario, unparsed: a load parses it once
// (parsing it for the title too cost a fifth of the first load in
// WebAssembly).
func exampleText(name string) ([]byte, error) {
	return explorer.ReadExample("kubefed", "kubefed example", name)
}
