package gates

import "sync"

// Labels name the model's ids the way the kubelet's flags and Kubernetes'
// documentation do, so that every surface shows the same words: the
// start-up steps (Result.Stage) and the sources of a gate's value
// (GateState.Source). The ids stay in the data for programs.
type Labels struct {
	Stages  map[string]string `json:"stages"`
	Sources map[string]string `json:"sources"`
}

// labels is the one table of labels, built on first use; replies share
// it, read only. The pairs are data, not map literals: a literal's
// inline code is compiled by the browser before a first reply.
var labels = sync.OnceValue(func() Labels {
	l := Labels{Stages: map[string]string{}, Sources: map[string]string{}}
	for i := 0; i+1 < len(stageLabels); i += 2 {
		l.Stages[stageLabels[i]] = stageLabels[i+1]
	}
	for i := 0; i+1 < len(sourceLabels); i += 2 {
		l.Sources[sourceLabels[i]] = sourceLabels[i+1]
	}
	return l
})

// stageLabels and sourceLabels are id, label pairs, sorted by id
// (TestLabelPairsSorted): labelsJSON writes them in that order, which is
// encoding/json's order for a map, without sorting (issue 15).
var (
	stageLabels = [...]string{
		"command", "command-line arguments",
		"configDirEnv", "--config-dir without KUBELET_CONFIG_DROPIN_DIR_ALPHA",
		"defaulting", "config defaulting",
		"dynamicGates", "dynamic kubelet config checkpoint",
		"dynamicLocked", "dynamic kubelet config (DynamicKubeletConfig is locked)",
		"flagGates", "--feature-gates flag",
		"flagValidate", "flag validation",
		"help", "--help",
		"loadConfig", "config file (--config)",
		"mergeConfig", "drop-ins (--config-dir)",
		"mergedGates", "featureGates of the config file and drop-ins",
		"parse", "command-line flags",
		"run", "kubelet run",
		"validate", "KubeletConfiguration validation",
		"version", "--version",
	}
	sourceLabels = [...]string{
		"AllAlpha", "AllAlpha",
		"AllBeta", "AllBeta",
		"config", "config file",
		"default", "default",
		"dropin", "drop-in",
		"dynamic", "dynamic config checkpoint",
		"emulationVersion", "emulation version",
		"flag", "--feature-gates flag",
		"flagPrecedence", "--feature-gates flag (over the config files)",
	}
)
