// Package gates is the feature-gates gallery: the YAML files beside this one.
// Importing it links them into a program and registers them with the
// examples package under "gates".
package gates

import (
	"embed"

	"github.com/kubexplorer/kubexplorer/examples"
)

//go:embed *.yaml
var files embed.FS

func init() { examples.Register("gates", files) }
