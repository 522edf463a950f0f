// Package kubelet is the kubelet gallery: the YAML files beside this one.
// Importing it links them into a program and registers them with the
// examples package under "kubelet".
package kubelet

import (
	"embed"

	"github.com/kubexplorer/kubexplorer/examples"
)

//go:embed *.yaml
var files embed.FS

func init() { examples.Register("kubelet", files) }
