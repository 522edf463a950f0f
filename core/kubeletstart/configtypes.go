package kubeletstart

import (
	"strings"
	"sync"
)

// The Go types of the top-level KubeletConfiguration fields: the decoders
// (sigs.k8s.io/json from 1.23, json-iterator before) refuse a value of the
// wrong JSON type while decoding, each with its own text, and json-iterator
// names the Go field in its messages. Read from k8s.io/kubelet's
// config/v1beta1/types.go at every release 1.18–1.37: a field's type never
// changed in that range except resolvConf (string, then *string from 1.23,
// alike for decoding) and logging (configTypeName). Which release has a
// field is fields.go's table.
//
// One entry per field, "jsonName code[TypeName][/GoName]": the code is the
// decoding shape (below), TypeName the named type error messages print
// (v1beta1 unless qualified), GoName the Go field name when it is not the
// JSON name capitalised.
const configTypeTable = `enableServer *b;staticPodPath s;podLogsDir s;syncFrequency d;
fileCheckFrequency d;httpCheckFrequency d/HTTPCheckFrequency;staticPodURL s;staticPodURLHeader M;
address s;port i;readOnlyPort i;tlsCertFile s/TLSCertFile;
tlsPrivateKeyFile s/TLSPrivateKeyFile;tlsCipherSuites l/TLSCipherSuites;tlsCurvePreferences L/TLSCurvePreferences;tlsMinVersion s/TLSMinVersion;
rotateCertificates b;serverTLSBootstrap b;authentication oKubeletAuthentication;authorization oKubeletAuthorization;
registryPullQPS *i;registryBurst i;imagePullCredentialsVerificationPolicy eImagePullCredentialsVerificationPolicy;preloadedImagesVerificationAllowlist l;
eventRecordQPS *i;eventBurst i;enableDebuggingHandlers *b;enableContentionProfiling b;
healthzPort *i;healthzBindAddress s;oomScoreAdj *i/OOMScoreAdj;clusterDomain s;
clusterDNS l;streamingConnectionIdleTimeout d;nodeStatusUpdateFrequency d;nodeStatusReportFrequency d;
nodeLeaseDurationSeconds i;imageMinimumGCAge d;imageMaximumGCAge d;imageGCHighThresholdPercent *i;
imageGCLowThresholdPercent *i;volumeStatsAggPeriod d;kubeletCgroups s;systemCgroups s;
cgroupRoot s;cgroupsPerQOS *b;cgroupDriver s;cpuManagerPolicy s/CPUManagerPolicy;
singleProcessOOMKill *b;cpuManagerPolicyOptions m/CPUManagerPolicyOptions;cpuManagerReconcilePeriod d/CPUManagerReconcilePeriod;memoryManagerPolicy s;
topologyManagerPolicy s;topologyManagerScope s;topologyManagerPolicyOptions m;qosReserved m/QOSReserved;
runtimeRequestTimeout d;hairpinMode s;maxPods i;podCIDR s;
podPidsLimit *I;resolvConf s/ResolverConfig;runOnce b;cpuCFSQuota *b/CPUCFSQuota;
cpuCFSQuotaPeriod D/CPUCFSQuotaPeriod;nodeStatusMaxImages *i;maxOpenFiles I;contentType s;
kubeAPIQPS *i;kubeAPIBurst i;serializeImagePulls *b;maxParallelImagePulls *i;
evictionHard m;evictionSoft m;evictionSoftGracePeriod m;evictionPressureTransitionPeriod d;
evictionMaxPodGracePeriod i;evictionMinimumReclaim m;mergeDefaultEvictionSettings *b;podsPerCore i;
enableControllerAttachDetach *b;protectKernelDefaults b;makeIPTablesUtilChains *b;iptablesMasqueradeBit *i/IPTablesMasqueradeBit;
iptablesDropBit *i/IPTablesDropBit;featureGates g;failSwapOn *b;memorySwap oMemorySwapConfiguration;
containerLogMaxSize s;containerLogMaxFiles *i;containerLogMaxWorkers *i;containerLogMonitorInterval D;
configMapAndSecretChangeDetectionStrategy eResourceChangeDetectionStrategy;systemReserved m;kubeReserved m;reservedSystemCPUs s;
showHiddenMetricsForVersion s;systemReservedCgroup s;kubeReservedCgroup s;enforceNodeAllocatable l;
allowedUnsafeSysctls l;defaultPodSysctls m;volumePluginDir s;providerID s;
kernelMemcgNotification b;logging o;enableSystemLogHandler *b;enableSystemLogQuery *b;
shutdownGracePeriod d;shutdownGracePeriodCriticalPods d;shutdownGracePeriodByPodPriority aShutdownGracePeriodByPodPriority;crashLoopBackOff oCrashLoopBackOffConfig;
reservedMemory aMemoryReservation;enableProfilingHandler *b;enableDebugFlagsHandler *b;seccompDefault *b;
memoryThrottlingFactor *f;memoryReservationPolicy eMemoryReservationPolicy;registerWithTaints av1.Taint;registerNode *b;
tracing *ov1.TracingConfiguration;localStorageCapacityIsolation *b;containerRuntimeEndpoint s;imageServiceEndpoint s;
failCgroupV1 *b;userNamespaces *oUserNamespaces`

// fieldType is one field's decoding shape.
type fieldType struct {
	// code: i int32, I int64, f float64, b bool, s string, e named string,
	// d metav1.Duration, D *metav1.Duration, m map[string]string,
	// M map[string][]string, g map[string]bool (featureGates), l []string,
	// L []int32, o struct, a slice of structs.
	code byte
	// pointer: the Go field is a pointer (json-iterator reads null twice).
	pointer bool
	name    string // the named type, qualified ("v1beta1.KubeletAuthentication")
	goName  string
	since   int // the first release with the field (fields.go)
}

// configTypes parses configTypeTable on first use.
var configTypes = sync.OnceValue(func() map[string]fieldType {
	m := parseTypes(configTypeTable, ";")
	for name, t := range m {
		t.since = configFieldSince()[name]
		m[name] = t
	}
	return m
})

// nestedTypeTable is the fields of the nested structs an operator's file
// most often sets, for sigs.k8s.io/json's checks: "Type=entry,entry;…",
// entries as in configTypeTable. Identical 1.18–1.37.
const nestedTypeTable = `KubeletAuthentication=x509 oKubeletX509Authentication,webhook oKubeletWebhookAuthentication,anonymous oKubeletAnonymousAuthentication;
KubeletX509Authentication=clientCAFile s;KubeletWebhookAuthentication=enabled *b,cacheTTL d;KubeletAnonymousAuthentication=enabled *b;
KubeletAuthorization=mode eKubeletAuthorizationMode,webhook oKubeletWebhookAuthorization;
KubeletWebhookAuthorization=cacheAuthorizedTTL d,cacheUnauthorizedTTL d;CrashLoopBackOffConfig=maxContainerRestartPeriod D`

// nestedTypes parses nestedTypeTable on first use, by qualified type name.
var nestedTypes = sync.OnceValue(func() map[string]map[string]fieldType {
	m := map[string]map[string]fieldType{}
	for _, ent := range strings.Split(nestedTypeTable, ";") {
		name, fields, _ := strings.Cut(strings.TrimSpace(ent), "=")
		m["v1beta1."+name] = parseTypes(fields, ",")
	}
	return m
})

// parseTypes reads "jsonName code[TypeName][/GoName]" entries.
func parseTypes(table, sep string) map[string]fieldType {
	m := map[string]fieldType{}
	for _, ent := range strings.Split(table, sep) {
		name, spec, _ := strings.Cut(strings.TrimSpace(ent), " ")
		var t fieldType
		if spec[0] == '*' {
			t.pointer, spec = true, spec[1:]
		}
		t.code, spec = spec[0], spec[1:]
		spec, t.goName, _ = strings.Cut(spec, "/")
		if spec != "" && !strings.Contains(spec, ".") {
			spec = "v1beta1." + spec
		}
		t.name = spec
		if t.goName == "" {
			t.goName = strings.ToUpper(name[:1]) + name[1:]
		}
		m[name] = t
	}
	return m
}

// configType is a field's type in a release; ok is false for a field the
// release does not have.
func configType(minor int, name string) (fieldType, bool) {
	if !configFieldKnown(minor, name) {
		return fieldType{}, false
	}
	t, ok := configTypes()[name]
	if name == "logging" {
		// component-base's config/v1alpha1 up to 1.24, logs/api/v1 after.
		t.name = "v1.LoggingConfiguration"
		if minor <= 24 {
			t.name = "v1alpha1.LoggingConfiguration"
		}
	}
	return t, ok
}

// goTypeName is the type an encoding/json type error names for a value of
// the field (the pointer's element: the decoder reports the value it fills).
func (t fieldType) goTypeName() string {
	switch t.code {
	case 'i':
		return "int32"
	case 'I':
		return "int64"
	case 'f':
		return "float64"
	case 'b':
		return "bool"
	case 's':
		return "string"
	case 'm':
		return "map[string]string"
	case 'M':
		return "map[string][]string"
	case 'g':
		return "map[string]bool"
	case 'l':
		return "[]string"
	case 'L':
		return "[]int32"
	case 'a':
		return "[]" + t.name
	}
	return t.name
}
