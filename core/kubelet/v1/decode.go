package v1

import (
	"errors"

	"github.com/kubexplorer/kubexplorer/core/yamldoc"
)

// DecodeOptions configure DecodePod.
type DecodeOptions struct {
	ValidateOptions
}

// DecodePod decodes a Pod manifest (YAML or JSON) strictly, applies the API
// defaults and validates it. Every error carries its line and column.
func DecodePod(data []byte, opt DecodeOptions) (*Pod, error) {
	var p Pod
	ix, err := yamldoc.DecodeOne(data, &p)
	if err != nil {
		return nil, err
	}
	return finish(&p, ix, opt)
}

// DecodePodNode decodes a Pod from a node of a larger YAML document, so
// that positions are those of the enclosing file.
func DecodePodNode(n *yamldoc.Node, opt DecodeOptions) (*Pod, error) {
	var p Pod
	ix, err := yamldoc.DecodeNode(n, &p)
	if err != nil {
		return nil, err
	}
	return finish(&p, ix, opt)
}

func finish(p *Pod, ix *yamldoc.Index, opt DecodeOptions) (*Pod, error) {
	if p.Kind != "" && p.Kind != "Pod" {
		return nil, ix.Errorf("kind", "expected kind Pod, got %s", p.Kind)
	}
	SetDefaults(p)
	DropDisabledFields(p, opt.ValidateOptions)
	if errs := Validate(p, opt.ValidateOptions); len(errs) > 0 {
		return nil, PositionErrors(ix, errs)
	}
	return p, nil
}

// PositionErrors turns field errors into positioned errors, joined.
func PositionErrors(ix *yamldoc.Index, errs []FieldError) error {
	out := make([]error, 0, len(errs))
	for _, e := range errs {
		out = append(out, ix.Errorf(e.Path, "%s", e.Msg))
	}
	return errors.Join(out...)
}
