package gates

import (
	"fmt"
	"github.com/kubexplorer/kubexplorer/core/yamldoc"

	"github.com/kubexplorer/kubexplorer/explorer"
)

// The feature-gates gallery lives in examples/gates/, one YAML file per
// example: title, description, then the fields of a gates.evaluate request.
// The file name without ".yaml" is the example's name (#gates/NAME).

// ExampleRequest names a gallery example; empty means "default".
type ExampleRequest struct {
	Name string `json:"name,omitempty"`
}

// ExampleReply is one example of the gallery (examples/gates/NAME.yaml).
type ExampleReply struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description"`
	// Request is the example's inputs; its release is empty when the example
	// works on any release (the page keeps the one chosen).
	Request EvaluateRequest `json:"request"`
}

// ExamplesReply lists the gallery, default first, then by name.
type ExamplesReply struct {
	Examples []ExampleSummary `json:"examples"`
}

// ExampleSummary is one gallery entry.
type ExampleSummary struct {
	Name          string `json:"name"`
	Title         string `json:"title"`
	Description   string `json:"description"`
	Release       string `json:"release,omitempty"`
	TargetRelease string `json:"targetRelease,omitempty"`
}

type exampleFile struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	EvaluateRequest
}

// DefaultExample is the example the tab opens with.
const DefaultExample = "default"

// Example loads one example by name; "" is the default example.
func Example(name string) (ExampleReply, error) {
	if name == "" {
		name = DefaultExample
	}
	data, err := explorer.ReadExample("gates", "feature-gates example", name)
	if err != nil {
		return ExampleReply{}, err
	}
	var f exampleFile
	if err := yamldoc.UnmarshalStrict(data, &f); err != nil {
		return ExampleReply{}, fmt.Errorf("examples/gates/%s.yaml: %w", name, err)
	}
	return ExampleReply{Name: name, Title: f.Title, Description: f.Description, Request: f.EvaluateRequest}, nil
}

// Examples lists the gallery: the default example first, then by name.
func Examples() (ExamplesReply, error) {
	names, err := explorer.ExampleNames("gates", DefaultExample)
	if err != nil {
		return ExamplesReply{}, err
	}
	reply := ExamplesReply{Examples: []ExampleSummary{}}
	for _, n := range names {
		ex, err := Example(n)
		if err != nil {
			return ExamplesReply{}, err
		}
		reply.Examples = append(reply.Examples, ExampleSummary{Name: ex.Name, Title: ex.Title, Description: ex.Description,
			Release: ex.Request.Release, TargetRelease: ex.Request.TargetRelease})
	}
	return reply, nil
}
