package kubeletstart

import (
	"strconv"

	"github.com/kubexplorer/kubexplorer/core/featuregate"
)

// era collects, as data, everything about the start-up sequence that
// changed between releases. Each field names the first release it applies
// to in its comment; one function fills it from the minor version.
type era struct {
	minor int
	lib   featuregate.Library

	// How a fatal start-up error is reported.
	//   fatalKlog    1.18–1.20: klog.Fatal(err), exit 255, no prefix
	//   fatalErrorS  1.21–1.23: klog.ErrorS(err, "<context>") + os.Exit(1)
	//   fatalCobra   1.24:      RunE error printed by cobra as "Error: …" + usage, exit 1
	//   fatalRun     1.25+:     component-base cli.Run: "command failed" err="…", exit 1
	fatal fatalStyle

	// jsonIter: apimachinery decoded with json-iterator (≤1.22); from 1.23
	// sigs.k8s.io/json, which changes every decoder error text.
	jsonIter bool
	// lenientWarnS: the lenient-decoding notice is a structured InfoS line
	// (1.21+) instead of klog.Warningf (≤1.20).
	lenientWarnS bool
	// multilineValues: klog ≥ v2.60 (Kubernetes 1.24+, which pins
	// v2.60.1: internal/serialize writeStringValue) prints string and error
	// values containing newlines as key=<…> blocks instead of quoting them;
	// v2.30 (1.23) quotes them with %q.
	multilineValues bool

	// loadErrPathLast: the returned config-load error names the path last,
	// "failed to load kubelet config file, error: …, path: P" (1.24–1.27);
	// from 1.28 the path comes first.
	loadErrPathLast bool

	// dynamicConfig: --dynamic-config-dir exists (1.18–1.23).
	dynamicConfig bool
	// dynamicConfigDeprecated: the flag carries a pflag deprecation (1.22–1.23).
	dynamicConfigDeprecated bool
	// configDir: --config-dir exists (1.28+).
	configDir bool
	// configDirEnv: --config-dir needs KUBELET_CONFIG_DROPIN_DIR_ALPHA (1.28–1.29).
	configDirEnv bool
	// dropinMergo: drop-ins are typed configs merged with mergo (1.28);
	// from 1.29 they are unstructured JSON applied as JSON merge patches.
	dropinMergo bool
	// dropinInternalBase: the merge-patch base is json.Marshal of the
	// internal configuration, whose keys are Go field names
	// ("FeatureGates"), so drop-in keys ("featureGates") sit beside them and
	// meet only in the final case-insensitive json.Unmarshal (1.29–1.31).
	dropinInternalBase bool
	// skippedDropinLog: files of the drop-in directory without .conf are
	// reported at --v≥4 (1.36+).
	skippedDropinLog bool
	// dynamicLockedCheck: after validation the kubelet refuses
	// DynamicKubeletConfig=true ("… feature is locked to false"), the gate
	// being registered but its kubelet logic removed (1.24–1.25).
	dynamicLockedCheck bool
	// logInit: when --v takes effect (verbosity.go).
	logInit logInit
	// dropinGVK: drop-ins must name kubelet.config.k8s.io/v1beta1
	// KubeletConfiguration; the merge happens on v1beta1 JSON and is
	// re-defaulted (1.32+).
	dropinGVK bool
	// defaultingGates: SetDefaults_KubeletConfiguration merges the file's
	// gates into a copy of the global gate and panics on error (1.32+).
	defaultingGates bool
	// validateCallsValidate: ValidateKubeletConfiguration also calls the
	// gate's Validate() (1.35+).
	validateCallsValidate bool
	// effectiveConfigLog: the merged configuration is logged at info level
	// before validation (1.37+).
	effectiveConfigLog bool
	// reparseNotices: the flag-precedence re-parse prints pflag deprecation
	// notices a second time (≤1.26).
	reparseNotices bool
	// klogFlags: klog's own flags (--logtostderr, --log-dir, …) exist (≤1.25).
	klogFlags bool
	// dockershimFlags: dockershim flags (--network-plugin, --cni-bin-dir, …) exist (≤1.23).
	dockershimFlags bool
	// containerRuntimeFlag: --container-runtime exists (≤1.26).
	containerRuntimeFlag bool
	// endpointIsConfig: --container-runtime-endpoint and
	// --image-service-endpoint became KubeletConfiguration flags (1.27+), so
	// they print the config deprecation notice.
	endpointIsConfig bool
	// podInfraFlag: --pod-infra-container-image exists (≤1.34).
	podInfraFlag bool
	// schemeLine is the line of apimachinery's pkg/runtime/scheme.go that
	// names the scheme (NewScheme's naming.GetNameFromCallsite call), shown
	// in "no kind is registered" errors: 101 in v0.18–v0.19, 100 in
	// v0.20–v0.32, 110 in v0.33–v0.34, 111 from v0.35 (read from every
	// release's apimachinery).
	schemeLine int
}

type fatalStyle int

const (
	fatalKlog fatalStyle = iota
	fatalErrorS
	fatalCobra
	fatalRun
)

func eraFor(minor int) (era, error) {
	// Concatenated, not fmt: the first evaluation runs no fmt (issue 15).
	lib, err := featuregate.LibraryFor("1." + strconv.Itoa(minor))
	if err != nil {
		return era{}, err
	}
	e := era{minor: minor, lib: lib}
	switch {
	case minor <= 20:
		e.fatal = fatalKlog
	case minor <= 23:
		e.fatal = fatalErrorS
	case minor == 24:
		e.fatal = fatalCobra
	default:
		e.fatal = fatalRun
	}
	e.jsonIter = minor <= 22
	e.lenientWarnS = minor >= 21
	e.multilineValues = minor >= 24
	e.loadErrPathLast = minor >= 24 && minor <= 27
	e.dynamicConfig = minor <= 23
	e.dynamicConfigDeprecated = minor >= 22 && minor <= 23
	e.configDir = minor >= 28
	e.configDirEnv = minor >= 28 && minor <= 29
	e.dropinMergo = minor == 28
	e.dropinInternalBase = minor >= 29 && minor <= 31
	e.skippedDropinLog = minor >= 36
	e.dynamicLockedCheck = minor >= 24 && minor <= 25
	switch {
	case minor <= 22:
		e.logInit = logAtParse
	case minor <= 24:
		e.logInit = logAfterValidate
	default:
		e.logInit = logBeforeValidate
	}
	e.dropinGVK = minor >= 32
	e.defaultingGates = minor >= 32
	e.validateCallsValidate = minor >= 35
	e.effectiveConfigLog = minor >= 37
	e.reparseNotices = minor <= 26
	e.klogFlags = minor <= 25
	e.dockershimFlags = minor <= 23
	e.containerRuntimeFlag = minor <= 26
	e.endpointIsConfig = minor >= 27
	e.podInfraFlag = minor <= 34
	switch {
	case minor <= 19:
		e.schemeLine = 101
	case minor <= 32:
		e.schemeLine = 100
	case minor <= 34:
		e.schemeLine = 110
	default:
		e.schemeLine = 111
	}
	return e, nil
}
