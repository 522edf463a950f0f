// Package kubelet137 compares the config-file loading of the real kubelet
// 1.37 with kubexplorer's model (see tools/conformance/kubeletconfig).
package kubelet137

import (
	"context"
	"testing"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
	logsapi "k8s.io/component-base/logs/api/v1"
	// The kubelet registers the json log format (cmd/kubelet/kubelet.go).
	_ "k8s.io/component-base/logs/json/register"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/kubelet/apis/config/validation"
	"k8s.io/kubernetes/pkg/kubelet/kubeletconfig/configfiles"
	utilfs "k8s.io/kubernetes/pkg/util/filesystem"

	"github.com/kubexplorer/kubexplorer/tools/conformance/kubeletconfig"
)

func TestConfigFile(t *testing.T) {
	// The kubelet binary adds the logging gates (cmd/kubelet/kubelet.go);
	// pkg/features, imported by the validation, registers the rest.
	if err := logsapi.AddFeatureGates(utilfeature.DefaultMutableFeatureGate); err != nil {
		t.Fatal(err)
	}
	pristine := utilfeature.DefaultMutableFeatureGate.DeepCopy()
	takeLog, err := kubeletconfig.CaptureLog(klog.InitFlags, klog.SetOutput, klog.Flush)
	if err != nil {
		t.Fatal(err)
	}
	steps := &kubeletconfig.Steps{
		Version: "1.37",
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
			kc, err := loader.Load(context.Background())
			if err != nil {
				return nil, err
			}
			// Validated as on a cgroup v2 host: the check of failCgroupV1
			// (default true) reads the host the test runs on
			// (validation_linux.go), which the model does not follow.
			kc.FailCgroupV1 = false
			return &kubeletconfig.Loaded{Gates: kc.FeatureGates, Validate: func() error {
				return validation.ValidateKubeletConfiguration(kc, utilfeature.DefaultFeatureGate)
			}}, nil
		},
		SetGates: func(m map[string]bool) error { return utilfeature.DefaultMutableFeatureGate.SetFromMap(m) },
		TakeLog:  takeLog,
	}
	kubeletconfig.Run(t, steps.Release())
}
