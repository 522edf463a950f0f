package kubelet

import (
	"k8s.io/component-base/featuregate"
	"k8s.io/kubernetes/pkg/features"
	"k8s.io/client-go/tools"
)

type options struct{ NodeSwap bool }

func Run(g featuregate.Gate) {
	_ = g.Enabled(features.NodeSwap)
	_ = g.Enabled(features.Untyped)
	_ = options{NodeSwap: true}
	_ = tools.UseWatchList()
}
