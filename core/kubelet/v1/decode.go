package v1

import (
	"errors"

	yamlv3 "go.yaml.in/yaml/v3"

	"github.com/kubexplorer/kubexplorer/core/kubelet/internal/strictyaml"
)

// DecodeOptions configure DecodePod.
type DecodeOptions struct {
	ValidateOptions
}

// DecodePod decodes a Pod manifest (YAML or JSON) strictly, applies the API
// defaults and validates it. Every error carries its line.
func DecodePod(data []byte, opt DecodeOptions) (*Pod, error) {
	var p Pod
	ix, err := strictyaml.Decode(data, &p)
	if err != nil {
		return nil, err
	}
	return finish(&p, ix, opt)
}

// DecodePodNode decodes a Pod from a node of a larger YAML document, so
// that lines are those of the enclosing file.
func DecodePodNode(n *yamlv3.Node, opt DecodeOptions) (*Pod, error) {
	var p Pod
	ix, err := strictyaml.DecodeNode(n, &p)
	if err != nil {
		return nil, err
	}
	return finish(&p, ix, opt)
}

func finish(p *Pod, ix *strictyaml.Index, opt DecodeOptions) (*Pod, error) {
	if p.Kind != "" && p.Kind != "Pod" {
		l, c := ix.Pos("kind")
		return nil, &strictyaml.Error{Line: l, Column: c, Path: "kind", Msg: "expected kind Pod, got " + p.Kind}
	}
	SetDefaults(p)
	if errs := Validate(p, opt.ValidateOptions); len(errs) > 0 {
		return nil, PositionErrors(ix, errs)
	}
	return p, nil
}

// PositionErrors turns field errors into positioned errors, joined.
func PositionErrors(ix *strictyaml.Index, errs []FieldError) error {
	out := make([]error, 0, len(errs))
	for _, e := range errs {
		l, c := ix.Pos(e.Path)
		out = append(out, &strictyaml.Error{Line: l, Column: c, Path: e.Path, Msg: e.Msg})
	}
	return errors.Join(out...)
}
