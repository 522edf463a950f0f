package proxy

import (
	"k8s.io/component-base/featuregate"
	"k8s.io/kubernetes/pkg/features"
)

func Run(g featuregate.Gate) bool { return g.Enabled(features.ProxyThing) }
