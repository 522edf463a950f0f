package kubeletstart

import "sync"

// The top-level JSON fields of kubelet.config.k8s.io/v1beta1
// KubeletConfiguration, per release: strict decoding reports any other
// top-level key as an unknown field (and the lenient retry drops it). Read
// from the json tags of k8s.io/kubelet/config/v1beta1/types.go at every
// release 1.18–1.37 (no field was removed in that range); nested objects
// are not checked.

// configFields118 are the fields of 1.18, apiVersion and kind included.
var configFields118 = []string{
	"apiVersion", "kind",
	"staticPodPath", "syncFrequency", "fileCheckFrequency", "httpCheckFrequency", "staticPodURL",
	"staticPodURLHeader", "address", "port", "readOnlyPort", "tlsCertFile", "tlsPrivateKeyFile",
	"tlsCipherSuites", "tlsMinVersion", "rotateCertificates", "serverTLSBootstrap", "authentication",
	"authorization", "registryPullQPS", "registryBurst", "eventRecordQPS", "eventBurst",
	"enableDebuggingHandlers", "enableContentionProfiling", "healthzPort", "healthzBindAddress",
	"oomScoreAdj", "clusterDomain", "clusterDNS", "streamingConnectionIdleTimeout",
	"nodeStatusUpdateFrequency", "nodeStatusReportFrequency", "nodeLeaseDurationSeconds",
	"imageMinimumGCAge", "imageGCHighThresholdPercent", "imageGCLowThresholdPercent",
	"volumeStatsAggPeriod", "kubeletCgroups", "systemCgroups", "cgroupRoot", "cgroupsPerQOS",
	"cgroupDriver", "cpuManagerPolicy", "cpuManagerReconcilePeriod", "topologyManagerPolicy",
	"qosReserved", "runtimeRequestTimeout", "hairpinMode", "maxPods", "podCIDR", "podPidsLimit",
	"resolvConf", "cpuCFSQuota", "cpuCFSQuotaPeriod", "maxOpenFiles", "contentType", "kubeAPIQPS",
	"kubeAPIBurst", "serializeImagePulls", "evictionHard", "evictionSoft", "evictionSoftGracePeriod",
	"evictionPressureTransitionPeriod", "evictionMaxPodGracePeriod", "evictionMinimumReclaim",
	"podsPerCore", "enableControllerAttachDetach", "protectKernelDefaults", "makeIPTablesUtilChains",
	"iptablesMasqueradeBit", "iptablesDropBit", "featureGates", "failSwapOn", "containerLogMaxSize",
	"containerLogMaxFiles", "configMapAndSecretChangeDetectionStrategy", "systemReserved",
	"kubeReserved", "reservedSystemCPUs", "showHiddenMetricsForVersion", "systemReservedCgroup",
	"kubeReservedCgroup", "enforceNodeAllocatable", "allowedUnsafeSysctls",
}

// configFieldsAdded lists the fields each later minor added.
var configFieldsAdded = []struct {
	minor  int
	fields []string
}{
	{19, []string{"enableServer", "enableSystemLogHandler", "kernelMemcgNotification", "logging", "nodeStatusMaxImages", "providerID", "runOnce", "volumePluginDir"}},
	{20, []string{"shutdownGracePeriod", "shutdownGracePeriodCriticalPods", "topologyManagerScope"}},
	{21, []string{"enableDebugFlagsHandler", "enableProfilingHandler", "memoryManagerPolicy", "reservedMemory"}},
	{22, []string{"cpuManagerPolicyOptions", "memorySwap", "memoryThrottlingFactor", "seccompDefault"}},
	{23, []string{"registerNode", "registerWithTaints", "shutdownGracePeriodByPodPriority"}},
	{25, []string{"localStorageCapacityIsolation", "tracing"}},
	{26, []string{"topologyManagerPolicyOptions"}},
	{27, []string{"containerRuntimeEndpoint", "enableSystemLogQuery", "imageServiceEndpoint", "maxParallelImagePulls"}},
	{29, []string{"imageMaximumGCAge"}},
	{30, []string{"containerLogMaxWorkers", "containerLogMonitorInterval", "podLogsDir"}},
	{31, []string{"failCgroupV1"}},
	{32, []string{"crashLoopBackOff", "singleProcessOOMKill"}},
	{33, []string{"imagePullCredentialsVerificationPolicy", "mergeDefaultEvictionSettings", "preloadedImagesVerificationAllowlist", "userNamespaces"}},
	{36, []string{"memoryReservationPolicy", "tlsCurvePreferences"}},
	{37, []string{"defaultPodSysctls"}},
}

// newestFieldMinor is the last release that added a field.
var newestFieldMinor = configFieldsAdded[len(configFieldsAdded)-1].minor

// configFieldSince is the first minor each field exists in, built on
// first use (the engine builds no table before it is asked something).
var configFieldSince = sync.OnceValue(func() map[string]int {
	n := len(configFields118)
	for _, a := range configFieldsAdded {
		n += len(a.fields)
	}
	m := make(map[string]int, n)
	for _, f := range configFields118 {
		m[f] = 18
	}
	for _, a := range configFieldsAdded {
		for _, f := range a.fields {
			m[f] = a.minor
		}
	}
	return m
})

// configFieldKnown reports whether a release's KubeletConfiguration has a
// top-level field.
func configFieldKnown(minor int, name string) bool {
	since, ok := configFieldSince()[name]
	return ok && minor >= since
}

// isConfigField reports whether some modelled release has the field: the
// fields no release has are what a parsed file lists once for every
// release (parsed.object); decodeTyped narrows them to the release with
// configFieldKnown (nodeStatusMaxImages, 1.19+, is unknown to 1.18).
func isConfigField(name string) bool {
	_, ok := configFieldSince()[name]
	return ok
}

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
