package explorer

import (
	"errors"

	"github.com/kubexplorer/kubexplorer/examples"
)

// ReadExample returns the file of a mechanism's gallery example (see the
// examples package); an unknown or malformed name is not_found, worded with
// what (e.g. "feature-gates example").
func ReadExample(mechanism, what, name string) ([]byte, error) {
	data, err := examples.Read(mechanism, name)
	if errors.Is(err, examples.ErrNotFound) {
		return nil, NotFound("no %s %q", what, name)
	}
	return data, err
}

// ExampleNames lists a mechanism's gallery: first (when it exists), then by
// name.
func ExampleNames(mechanism, first string) ([]string, error) {
	return examples.Names(mechanism, first)
}
