package explorer

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"sigs.k8s.io/yaml"

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
	if strings.ContainsAny(name, "/\\.") {
		return GatesExampleReply{}, NotFound("no feature-gates example %q", name)
	}
	fsys, err := examples.FS("gates")
	if err != nil {
		return GatesExampleReply{}, err
	}
	data, err := fs.ReadFile(fsys, name+".yaml")
	if errors.Is(err, fs.ErrNotExist) {
		return GatesExampleReply{}, NotFound("no feature-gates example %q", name)
	}
	if err != nil {
		return GatesExampleReply{}, err
	}
	var f gatesExampleFile
	if err := yaml.UnmarshalStrict(data, &f); err != nil {
		return GatesExampleReply{}, fmt.Errorf("examples/gates/%s.yaml: %w", name, err)
	}
	return GatesExampleReply{Name: name, Title: f.Title, Description: f.Description, Request: f.GatesEvaluateRequest}, nil
}

// GatesExamples lists the gallery: the default example first, then by name.
func GatesExamples() (GatesExamplesReply, error) {
	fsys, err := examples.FS("gates")
	if err != nil {
		return GatesExamplesReply{}, err
	}
	names, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return GatesExamplesReply{}, err
	}
	sort.Slice(names, func(i, j int) bool {
		if (names[i] == "default.yaml") != (names[j] == "default.yaml") {
			return names[i] == "default.yaml"
		}
		return names[i] < names[j]
	})
	reply := GatesExamplesReply{Examples: []GatesExampleSummary{}}
	for _, n := range names {
		ex, err := GatesExample(strings.TrimSuffix(path.Base(n), ".yaml"))
		if err != nil {
			return GatesExamplesReply{}, err
		}
		reply.Examples = append(reply.Examples, GatesExampleSummary{Name: ex.Name, Title: ex.Title, Description: ex.Description,
			Release: ex.Request.Release, TargetRelease: ex.Request.TargetRelease})
	}
	return reply, nil
}
