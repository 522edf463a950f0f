// Package kubefed is the kubefed gallery: the YAML files beside this one.
// Importing it links them into a program and registers them with the
// examples package under "kubefed".
package kubefed

import (
	"embed"

	"github.com/kubexplorer/kubexplorer/examples"
)

//go:embed *.yaml
var files embed.FS

func init() { examples.Register("kubefed", files) }
