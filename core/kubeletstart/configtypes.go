package kubeletstart

import (
	"strconv"
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
	since := configFieldSince()
	ents := strings.Split(configTypeTable, ";")
	m := make(map[string]fieldType, len(ents))
	for _, ent := range ents {
		name, t := parseType(ent)
		t.since = since[name]
		m[name] = t
	}
	return m
})

// nestedTypeTable is the fields of every struct a KubeletConfiguration
// field holds (directly, as a slice element or behind a pointer), for
// sigs.k8s.io/json's checks: "Type=entry,entry;…", entries as in
// configTypeTable with an optional release range "@from-to" (either end
// may be missing) for a field some releases lack or type differently; the
// same JSON name may appear twice with disjoint ranges. Read from
// k8s.io/kubelet's config/v1beta1/types.go, component-base's
// config/v1alpha1 (logging up to 1.24), logs/api/v1 (after) and
// tracing/api/v1, and k8s.io/api's core/v1 Taint at every release
// 1.18–1.37. JSONOptions and TextOptions embed OutputRoutingOptions, whose
// fields they list as their own: encoding/json promotes them and names the
// embedding struct in its errors, and the sigs.k8s.io/json of 1.35+ (Go
// 1.24's decoder) also puts the embedded field's Go name in the path,
// which "/path" gives. Extra codes: u uint32, q
// resource.Quantity, Q map of Quantity (v1.ResourceList), T *metav1.Time,
// t TimeOrMetaDuration; a slice of structs whose type has its own name is
// "aSliceType:ElemType".
const nestedTypeTable = `KubeletAuthentication=x509 oKubeletX509Authentication,webhook oKubeletWebhookAuthentication,anonymous oKubeletAnonymousAuthentication;
KubeletX509Authentication=clientCAFile s;KubeletWebhookAuthentication=enabled *b,cacheTTL d;KubeletAnonymousAuthentication=enabled *b;
KubeletAuthorization=mode eKubeletAuthorizationMode,webhook oKubeletWebhookAuthorization;
KubeletWebhookAuthorization=cacheAuthorizedTTL d,cacheUnauthorizedTTL d;CrashLoopBackOffConfig=maxContainerRestartPeriod D;
MemorySwapConfiguration=swapBehavior s;UserNamespaces=idsPerPod *I;MemoryReservation=numaNode i,limits Qv1.ResourceList;
ShutdownGracePeriodByPodPriority=priority i,shutdownGracePeriodSeconds I;
v1.Taint=key s,value s,effect ev1.TaintEffect,timeAdded *T;v1.TracingConfiguration=endpoint *s,samplingRatePerMillion *i;
v1alpha1.LoggingConfiguration=format s,flushFrequency Itime.Duration@23,verbosity u@23,vmodule av1alpha1.VModuleConfiguration:v1alpha1.VModuleItem@23,sanitization b@20-23,options ov1alpha1.FormatOptions@23;
v1alpha1.FormatOptions=json ov1alpha1.JSONOptions;v1alpha1.JSONOptions=splitStream b,infoBufferSize q;v1alpha1.VModuleItem=filePattern s,verbosity u;
v1.LoggingConfiguration=format s,flushFrequency Itime.Duration@-27,flushFrequency t@28,verbosity uv1.VerbosityLevel,vmodule av1.VModuleConfiguration:v1.VModuleItem,options ov1.FormatOptions;
v1.FormatOptions=text ov1.TextOptions@30,json ov1.JSONOptions;
v1.TextOptions=splitStream b@-34,splitStream b/OutputRoutingOptions.splitStream@35,infoBufferSize q;
v1.JSONOptions=splitStream b@-34,splitStream b/OutputRoutingOptions.splitStream@35,infoBufferSize q;
v1.VModuleItem=filePattern s,verbosity uv1.VerbosityLevel`

// nestedField is one field of a nested struct, in the releases from–to
// (0: unbounded).
type nestedField struct {
	json     string
	from, to int
	// errPath is the field's part of a type error's path, when it is not
	// the JSON name.
	errPath string
	fieldType
}

// nestedTypes parses nestedTypeTable on first use, by qualified type name.
var nestedTypes = sync.OnceValue(func() map[string][]nestedField {
	m := map[string][]nestedField{}
	for _, ent := range strings.Split(nestedTypeTable, ";") {
		name, fields, _ := strings.Cut(strings.TrimSpace(ent), "=")
		if !strings.Contains(name, ".") {
			name = "v1beta1." + name
		}
		var list []nestedField
		for _, f := range strings.Split(fields, ",") {
			f, rng, _ := strings.Cut(f, "@")
			from, to, _ := strings.Cut(rng, "-")
			var nf nestedField
			nf.from, _ = strconv.Atoi(from)
			nf.to, _ = strconv.Atoi(to)
			nf.json, nf.fieldType = parseType(f)
			if strings.Contains(f, "/") {
				nf.errPath = nf.goName
			}
			list = append(list, nf)
		}
		m[name] = list
	}
	return m
})

// nestedType is the field json of the struct type strct in a release; ok
// is false for a field the release's struct does not have.
// errPath is the field's part of a type error's path.
func nestedType(strct string, minor int, json string) (t fieldType, errPath string, ok bool) {
	for _, f := range nestedTypes()[strct] {
		if f.json == json && minor >= f.from && (f.to == 0 || minor <= f.to) {
			if f.errPath == "" {
				return f.fieldType, json, true
			}
			return f.fieldType, f.errPath, true
		}
	}
	return fieldType{}, "", false
}

// parseType reads a "jsonName code[TypeName][/GoName]" entry.
func parseType(ent string) (name string, t fieldType) {
	name, spec, _ := strings.Cut(strings.TrimSpace(ent), " ")
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
	return name, t
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
	case 'a':
		if slice, _, named := strings.Cut(t.name, ":"); named {
			return slice
		}
		return "[]" + t.name
	case 'o', 'e', 'Q':
		return t.name
	}
	if t.name != "" {
		return t.name // a named scalar type ("v1.VerbosityLevel")
	}
	switch t.code {
	case 'i':
		return "int32"
	case 'I':
		return "int64"
	case 'u':
		return "uint32"
	case 'f':
		return "float64"
	case 'b':
		return "bool"
	case 's', 'T':
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
	}
	return t.name
}

// elem is the element type of a slice of structs.
func (t fieldType) elem() fieldType {
	name := t.name
	if _, e, named := strings.Cut(name, ":"); named {
		name = e
	}
	return fieldType{code: 'o', name: name}
}
