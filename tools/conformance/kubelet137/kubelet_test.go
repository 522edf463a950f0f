// Package kubelet137 compares the config-file loading of the real kubelet
// 1.37 with kubexplorer's model (see tools/conformance/kubeletconfig).
package kubelet137

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path/filepath"
	"testing"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"

	"k8s.io/apimachinery/pkg/util/validation/field"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
	logsapi "k8s.io/component-base/logs/api/v1"
	// The kubelet registers the json log format (cmd/kubelet/kubelet.go).
	_ "k8s.io/component-base/logs/json/register"
	"k8s.io/klog/v2"
	kubeletconfigv1beta1 "k8s.io/kubelet/config/v1beta1"
	kubeletconfiginternal "k8s.io/kubernetes/pkg/kubelet/apis/config"
	kubeletconfigv1beta1conversion "k8s.io/kubernetes/pkg/kubelet/apis/config/v1beta1"
	"k8s.io/kubernetes/pkg/kubelet/apis/config/validation"
	"k8s.io/kubernetes/pkg/kubelet/kubeletconfig/configfiles"
	utilfs "k8s.io/kubernetes/pkg/util/filesystem"

	"github.com/kubexplorer/kubexplorer/tools/conformance/kubeletconfig"
)

// initLogging is RunE's logging validation (logsapi.ValidateAndApplyAsField
// without the apply) with the global gate.
func initLogging(kc *kubeletconfiginternal.KubeletConfiguration) func() error {
	return func() error {
		return logsapi.Validate(&kc.Logging, utilfeature.DefaultFeatureGate, field.NewPath("logging")).ToAggregate()
	}
}

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
			return &kubeletconfig.Loaded{Gates: kc.FeatureGates, InitLogging: initLogging(kc), Validate: func() error {
				return validation.ValidateKubeletConfiguration(kc, utilfeature.DefaultFeatureGate)
			}}, nil
		},
		SetGates: func(m map[string]bool) error { return utilfeature.DefaultMutableFeatureGate.SetFromMap(m) },
		TakeLog:  takeLog,
		LoadDir: func(file, dir string) (*kubeletconfig.Loaded, string, error) {
			loader, err := configfiles.NewFsLoader(&utilfs.DefaultFs{}, file)
			if err != nil {
				return nil, "loadConfig", err
			}
			kc, err := loader.Load(context.Background())
			if err != nil {
				return nil, "loadConfig", err
			}
			if err := mergeDropins(kc, dir); err != nil {
				return nil, "mergeConfig", err
			}
			kc.FailCgroupV1 = false
			return &kubeletconfig.Loaded{Gates: kc.FeatureGates, InitLogging: initLogging(kc), Validate: func() error {
				return validation.ValidateKubeletConfiguration(kc, utilfeature.DefaultFeatureGate)
			}}, "", nil
		},
	}
	t.Run("file", func(t *testing.T) { kubeletconfig.Run(t, steps.Release()) })
	rel, _ := steps.DropinRelease()
	t.Run("dropins", func(t *testing.T) { kubeletconfig.RunDropins(t, rel) })
}

// mergeDropins is the drop-in merge of cmd/kubelet/app/server.go
// (mergeKubeletConfigurations, 1.32–1.37, unexported there), step by step
// with the real pieces: the internal configuration converted to v1beta1
// and marshalled, each *.conf file in the walk's order read into JSON by
// the real loader and merge-patched onto it, the result decoded with
// encoding/json into a fresh v1beta1 configuration, defaulted (which
// merges the gates and may panic) and converted back. The error texts are
// mergeKubeletConfigurations' (RunE puts "failed to merge kubelet configs: "
// before them, which the model's outcome leaves out as it leaves out
// loadConfigFile's wrapping).
func mergeDropins(kc *kubeletconfiginternal.KubeletConfiguration, dir string) error {
	versioned := &kubeletconfigv1beta1.KubeletConfiguration{}
	if err := kubeletconfigv1beta1conversion.Convert_config_KubeletConfiguration_To_v1beta1_KubeletConfiguration(kc, versioned, nil); err != nil {
		return err
	}
	merged, err := json.Marshal(versioned)
	if err != nil {
		return err
	}
	walk := filepath.WalkDir(dir, func(path string, info fs.DirEntry, err error) error {
		if err != nil || info.IsDir() || filepath.Ext(info.Name()) != ".conf" {
			return err
		}
		loader, err := configfiles.NewFsLoader(&utilfs.DefaultFs{}, path)
		if err != nil {
			return err
		}
		js, gvk, err := loader.LoadIntoJSON()
		if err != nil {
			return fmt.Errorf("failed to load kubelet dropin file, path: %s, error: %w", path, err)
		}
		if gvk == nil || gvk.Empty() {
			return fmt.Errorf("failed to load kubelet dropin file, path: %s, no apiVersion/kind", path)
		}
		if *gvk != kubeletconfigv1beta1.SchemeGroupVersion.WithKind("KubeletConfiguration") {
			return fmt.Errorf("failed to load kubelet dropin file, path: %s, unknown apiVersion/kind: %v", path, gvk.String())
		}
		if merged, err = jsonpatch.MergePatch(merged, js); err != nil {
			return fmt.Errorf("failed to merge drop-in and current config: %w", err)
		}
		return nil
	})
	if walk != nil {
		return fmt.Errorf("failed to walk through kubelet dropin directory %q: %w", dir, walk)
	}
	versioned = &kubeletconfigv1beta1.KubeletConfiguration{}
	if err := json.Unmarshal(merged, versioned); err != nil {
		return fmt.Errorf("failed to unmarshal merged JSON into kubelet configuration: %w", err)
	}
	kubeletconfigv1beta1conversion.SetDefaults_KubeletConfiguration(versioned)
	return kubeletconfigv1beta1conversion.Convert_v1beta1_KubeletConfiguration_To_config_KubeletConfiguration(versioned, kc, nil)
}
