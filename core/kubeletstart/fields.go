package kubeletstart

// kubeletConfigFields are the top-level JSON fields of
// kubelet.config.k8s.io/v1beta1 KubeletConfiguration, as the union over the
// modelled releases: strict decoding reports any other top-level key as an
// unknown field. A field only a newer release has is accepted on older ones
// too (a known simplification), and nested objects are not checked.
var kubeletConfigFields = setOf(
	"apiVersion", "kind",
	"enableServer", "staticPodPath", "podLogsDir", "syncFrequency", "fileCheckFrequency",
	"httpCheckFrequency", "staticPodURL", "staticPodURLHeader", "address", "port", "readOnlyPort",
	"tlsCertFile", "tlsPrivateKeyFile", "tlsCipherSuites", "tlsMinVersion", "rotateCertificates",
	"serverTLSBootstrap", "authentication", "authorization", "registryPullQPS", "registryBurst",
	"imagePullCredentialsVerificationPolicy", "preloadedImagesVerificationAllowlist",
	"eventRecordQPS", "eventBurst", "enableDebuggingHandlers", "enableContentionProfiling",
	"healthzPort", "healthzBindAddress", "oomScoreAdj", "clusterDomain", "clusterDNS",
	"streamingConnectionIdleTimeout", "nodeStatusUpdateFrequency", "nodeStatusReportFrequency",
	"nodeLeaseDurationSeconds", "imageMinimumGCAge", "imageMaximumGCAge",
	"imageGCHighThresholdPercent", "imageGCLowThresholdPercent", "volumeStatsAggPeriod",
	"kubeletCgroups", "systemCgroups", "cgroupRoot", "cgroupsPerQOS", "cgroupDriver",
	"cpuManagerPolicy", "singleProcessOOMKill", "cpuManagerPolicyOptions",
	"cpuManagerReconcilePeriod", "memoryManagerPolicy", "topologyManagerPolicy",
	"topologyManagerScope", "topologyManagerPolicyOptions", "qosReserved", "runtimeRequestTimeout",
	"hairpinMode", "maxPods", "podCIDR", "podPidsLimit", "resolvConf", "runOnce", "cpuCFSQuota",
	"cpuCFSQuotaPeriod", "nodeStatusMaxImages", "maxOpenFiles", "contentType", "kubeAPIQPS",
	"kubeAPIBurst", "serializeImagePulls", "maxParallelImagePulls", "evictionHard", "evictionSoft",
	"evictionSoftGracePeriod", "evictionPressureTransitionPeriod", "evictionMaxPodGracePeriod",
	"evictionMinimumReclaim", "mergeDefaultEvictionSettings", "podsPerCore",
	"enableControllerAttachDetach", "protectKernelDefaults", "makeIPTablesUtilChains",
	"iptablesMasqueradeBit", "iptablesDropBit", "featureGates", "failSwapOn", "memorySwap",
	"containerLogMaxSize", "containerLogMaxFiles", "containerLogMaxWorkers",
	"containerLogMonitorInterval", "configMapAndSecretChangeDetectionStrategy", "systemReserved",
	"kubeReserved", "reservedSystemCPUs", "showHiddenMetricsForVersion", "systemReservedCgroup",
	"kubeReservedCgroup", "enforceNodeAllocatable", "allowedUnsafeSysctls", "volumePluginDir",
	"providerID", "kernelMemcgNotification", "logging", "enableSystemLogHandler",
	"enableSystemLogQuery", "shutdownGracePeriod", "shutdownGracePeriodCriticalPods",
	"shutdownGracePeriodByPodPriority", "crashLoopBackOff", "reservedMemory",
	"enableProfilingHandler", "enableDebugFlagsHandler", "seccompDefault", "memoryThrottlingFactor",
	"registerWithTaints", "registerNode", "tracing", "localStorageCapacityIsolation",
	"containerRuntimeEndpoint", "imageServiceEndpoint", "failCgroupV1", "userNamespaces",
	"imagePullProgressDeadline", "configTrialDuration",
)

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
