package kubelet

import (
	"fmt"

	"github.com/kubexplorer/kubexplorer/core/kubelet/scenario"
	"github.com/kubexplorer/kubexplorer/explorer"
)

// Example is one gallery entry (examples/kubelet/NAME.yaml).
type Example struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
	// Scenario is the example's scenario (left out of the gallery list).
	Scenario string `json:"scenario,omitempty"`
}

// ExamplesReply lists the gallery.
type ExamplesReply struct {
	Examples []Example `json:"examples"`
}

// ExampleRequest names an example; empty means the default.
type ExampleRequest struct {
	Name string `json:"name"`
}

// DefaultExample is the example the tab opens with.
const DefaultExample = "crashloop"

// Examples lists the gallery (the default first, then by name).
func Examples() (ExamplesReply, error) {
	names, err := explorer.ExampleNames("kubelet", DefaultExample)
	if err != nil {
		return ExamplesReply{}, err
	}
	out := ExamplesReply{Examples: []Example{}}
	for _, n := range names {
		ex, err := ExampleByName(n)
		if err != nil {
			return ExamplesReply{}, err
		}
		ex.Scenario = ""
		out.Examples = append(out.Examples, ex)
	}
	return out, nil
}

// ExampleByName loads one example.
func ExampleByName(name string) (Example, error) {
	if name == "" {
		name = DefaultExample
	}
	data, err := exampleText(name)
	if err != nil {
		return Example{}, err
	}
	sc, err := scenario.Parse(data)
	if err != nil {
		return Example{}, fmt.Errorf("examples/kubelet/%s.yaml: %w", name, err)
	}
	return Example{Name: name, Title: sc.Title, Description: sc.Description, Scenario: string(data)}, nil
}

// exampleText is one example's scenario, unparsed: a load parses it once,
// with its overrides (parsing it for the title too was a third of the
// first load in WebAssembly).
func exampleText(name string) ([]byte, error) {
	return explorer.ReadExample("kubelet", "kubelet example", name)
}
