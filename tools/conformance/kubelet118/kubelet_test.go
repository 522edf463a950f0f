// Package kubelet118 compares the config-file loading of the real kubelet
// 1.18 with kubexplorer's model (see tools/conformance/kubeletconfig).
package kubelet118

import (
	"testing"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
	"k8s.io/klog"
	"k8s.io/kubernetes/pkg/kubelet/apis/config/validation"
	"k8s.io/kubernetes/pkg/kubelet/kubeletconfig/configfiles"
	utilfs "k8s.io/kubernetes/pkg/util/filesystem"

	"github.com/kubexplorer/kubexplorer/tools/conformance/kubeletconfig"
)

func TestConfigFile(t *testing.T) {
	// pkg/features, imported by the validation, registers the gates.
	pristine := utilfeature.DefaultMutableFeatureGate.DeepCopy()
	takeLog, err := kubeletconfig.CaptureLog(klog.InitFlags, klog.SetOutput, klog.Flush)
	if err != nil {
		t.Fatal(err)
	}
	steps := &kubeletconfig.Steps{
		Version: "1.18",
		Dir:     t.TempDir(),
		ResetGate: func() {
			utilfeature.DefaultMutableFeatureGate = pristine.DeepCopy()
			utilfeature.DefaultFeatureGate = utilfeature.DefaultMutableFeatureGate
		},
		Enabled: func(name string) bool { return utilfeature.DefaultFeatureGate.Enabled(featuregate.Feature(name)) },
		Load: func(file string) (*kubeletconfig.Loaded, error) {
			loader, err := configfiles.NewFsLoader(&utilfs.DefaultFs{}, file)
			if err != nil {
				return nil, err
			}
			kc, err := loader.Load()
			if err != nil {
				return nil, err
			}
			// ValidateKubeletConfiguration reads the global gate here.
			return &kubeletconfig.Loaded{Gates: kc.FeatureGates, Validate: func() error {
				return validation.ValidateKubeletConfiguration(kc)
			}}, nil
		},
		SetGates: func(m map[string]bool) error { return utilfeature.DefaultMutableFeatureGate.SetFromMap(m) },
		TakeLog:  takeLog,
	}
	kubeletconfig.Run(t, steps.Release())
}
