package explorer

import (
	"errors"
	"fmt"

	"github.com/kubexplorer/kubexplorer/core/yamldoc"
	"github.com/kubexplorer/kubexplorer/examples"
)

// The feature-gates gallery lives in examples/gates/, one YAML file per
// example: title, description, then the fields of a gates.evaluate request.
// The file name without ".yaml" is the example's name (#gates/NAME).

type gatesExampleFile struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	GatesEvaluateRequest
}

// GatesExample loads one example by name; "" is the default example.
func GatesExample(name string) (GatesExampleReply, error) {
	if name == "" {
		name = "default"
	}
	data, err := examples.Read("gates", name)
	if errors.Is(err, examples.ErrNotFound) {
		return GatesExampleReply{}, NotFound("no feature-gates example %q", name)
	}
	if err != nil {
		return GatesExampleReply{}, err
	}
	var f gatesExampleFile
	if err := yamldoc.UnmarshalStrict(data, &f); err != nil {
		return GatesExampleReply{}, fmt.Errorf("examples/gates/%s.yaml: %w", name, err)
	}
	return GatesExampleReply{Name: name, Title: f.Title, Description: f.Description, Request: f.GatesEvaluateRequest}, nil
}

// GatesExamples lists the gallery: the default example first, then by name.
func GatesExamples() (GatesExamplesReply, error) {
	names, err := examples.Names("gates", "default")
	if err != nil {
		return GatesExamplesReply{}, err
	}
	reply := GatesExamplesReply{Examples: []GatesExampleSummary{}}
	for _, n := range names {
		ex, err := GatesExample(n)
		if err != nil {
			return GatesExamplesReply{}, err
		}
		reply.Examples = append(reply.Examples, GatesExampleSummary{Name: ex.Name, Title: ex.Title, Description: ex.Description,
			Release: ex.Request.Release, TargetRelease: ex.Request.TargetRelease})
	}
	return reply, nil
}
