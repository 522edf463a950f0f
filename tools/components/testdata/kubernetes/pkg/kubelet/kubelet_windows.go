package kubelet

import (
	"k8s.io/component-base/featuregate"
	kfeatures "k8s.io/kubernetes/pkg/features"
)

func windows(g featuregate.Gate) bool { return g.Enabled(kfeatures.WindowsThing) }
