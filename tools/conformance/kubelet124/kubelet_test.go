// Package kubelet124 compares the config-file loading of the real kubelet
// 1.24 with kubexplorer's model (see tools/conformance/kubeletconfig).
package kubelet124

import (
	"fmt"
	"testing"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
	// The kubelet registers the json log format (cmd/kubelet/kubelet.go).
	_ "k8s.io/component-base/logs/json/register"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/features"
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
		Version: "1.24",
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
				return kubeletconfig.WithKlogDefaults(klog.InitFlags, func() error { return validation.ValidateKubeletConfiguration(kc) })
			}}, nil
		},
		SetGates: func(m map[string]bool) error { return utilfeature.DefaultMutableFeatureGate.SetFromMap(m) },
		// The RunE check after the validation (cmd/kubelet/app/server.go).
		AfterValidate: func() error {
			if utilfeature.DefaultFeatureGate.Enabled(features.DynamicKubeletConfig) {
				return fmt.Errorf("cannot set feature gate %v to %v, feature is locked to %v", features.DynamicKubeletConfig, true, false)
			}
			return nil
		},
		TakeLog: takeLog,
	}
	kubeletconfig.Run(t, steps.Release())
}
