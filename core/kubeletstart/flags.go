package kubeletstart

import (
	"bytes"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/kubexplorer/kubexplorer/core/featuregate/cliflag"
)

// configFlagDeprecation is the pflag deprecation every KubeletConfiguration
// flag carries (1.18 … 1.37).
const configFlagDeprecation = "This parameter should be set via the config file specified by the Kubelet's --config flag. " +
	"See https://kubernetes.io/docs/tasks/administer-cluster/kubelet-config-file/ for more information."

type flagKind uint8

const (
	kString flagKind = iota
	kBool
	kInt32
	kDuration
	kFloat
)

// flagDef is one kubelet flag: enough to parse it like the kubelet does
// (type, deprecation) in the releases it exists in.
type flagDef struct {
	name      string
	kind      flagKind
	config    bool // a KubeletConfiguration flag (deprecated in favour of --config)
	from      int  // first minor it exists in (0: always)
	until     int  // first minor it no longer exists in (0: still there)
	shorthand string
}

func (f flagDef) in(e era) bool {
	return (f.from == 0 || e.minor >= f.from) && (f.until == 0 || e.minor < f.until)
}

// kubeletFlags is a curated list of the kubelet's flags: the ones that
// matter to feature gates with their exact history, plus the flags real
// command lines commonly carry, so pasted command lines parse. A flag
// missing here is reported as unknown, as the kubelet would for a flag it
// does not have; the list is the part of the model most likely to lag.
var kubeletFlags = []flagDef{
	// KubeletFlags: not part of KubeletConfiguration, not deprecated.
	{name: "config"}, {name: "config-dir", from: 28}, {name: "dynamic-config-dir", until: 24},
	{name: "kubeconfig"}, {name: "bootstrap-kubeconfig"}, {name: "hostname-override"}, {name: "node-ip"},
	{name: "cert-dir"}, {name: "root-dir"}, {name: "node-labels"}, {name: "lock-file"},
	{name: "exit-on-lock-contention", kind: kBool}, {name: "cloud-provider"}, {name: "cloud-config"},
	{name: "provider-id", until: 20}, {name: "image-credential-provider-config", from: 20},
	{name: "image-credential-provider-bin-dir", from: 20}, {name: "container-runtime", until: 27},
	{name: "runtime-cgroups"}, {name: "container-runtime-endpoint", until: 27},
	{name: "image-service-endpoint", until: 27}, {name: "pod-infra-container-image", until: 35},
	{name: "seccomp-profile-root", until: 24}, {name: "experimental-mounter-path", until: 24},
	{name: "experimental-check-node-capabilities-before-mount", kind: kBool, until: 24},
	{name: "register-schedulable", kind: kBool, until: 27},
	{name: "keep-terminated-pod-volumes", kind: kBool, until: 26},
	{name: "minimum-container-ttl-duration", until: 26}, {name: "maximum-dead-containers-per-container"},
	{name: "maximum-dead-containers"}, {name: "master-service-namespace", until: 27},
	{name: "non-masquerade-cidr", until: 24}, {name: "really-crash-for-testing", kind: kBool, until: 26},
	{name: "chaos-chance", until: 26}, {name: "windows-service", kind: kBool}, {name: "windows-priorityclass"},
	// dockershim (removed in 1.24)
	{name: "network-plugin", until: 24}, {name: "cni-bin-dir", until: 24}, {name: "cni-conf-dir", until: 24},
	{name: "cni-cache-dir", until: 24}, {name: "network-plugin-mtu", until: 24},
	{name: "docker-endpoint", until: 24}, {name: "image-pull-progress-deadline", until: 24},
	{name: "experimental-dockershim-root-directory", until: 24},
	{name: "experimental-dockershim", kind: kBool, until: 24},
	{name: "redirect-container-streaming", kind: kBool, until: 20},
	// logging and the generic flags
	{name: "v", kind: kInt32, shorthand: "v"}, {name: "vmodule"}, {name: "log-flush-frequency"},
	{name: "logging-format", config: true, from: 19},
	{name: "log-json-split-stream", kind: kBool, config: true, from: 23},
	{name: "log-json-info-buffer-size", from: 23},
	{name: "log-text-split-stream", kind: kBool, config: true, from: 28},
	{name: "log-text-info-buffer-size", from: 28}, {name: "log-dir", until: 26}, {name: "log-file", until: 26},
	{name: "logtostderr", kind: kBool, until: 26}, {name: "alsologtostderr", kind: kBool, until: 26},
	{name: "stderrthreshold", until: 26}, {name: "one-output", kind: kBool, until: 26},
	{name: "skip-headers", kind: kBool, until: 26}, {name: "skip-log-headers", kind: kBool, until: 26},
	{name: "add-dir-header", kind: kBool, until: 26}, {name: "log-file-max-size", until: 26},
	{name: "log-backtrace-at", until: 26},
	// KubeletConfiguration flags: deprecated in favour of the config file.
	{name: "feature-gates", config: true}, {name: "container-runtime-endpoint", config: true, from: 27},
	{name: "image-service-endpoint", config: true, from: 27}, {name: "fail-swap-on", kind: kBool, config: true},
	{name: "cgroup-driver", config: true}, {name: "cgroup-root", config: true},
	{name: "cgroups-per-qos", kind: kBool, config: true}, {name: "cluster-dns", config: true},
	{name: "cluster-domain", config: true}, {name: "max-pods", kind: kInt32, config: true},
	{name: "pod-cidr", config: true}, {name: "resolv-conf", config: true},
	{name: "runtime-request-timeout", kind: kDuration, config: true},
	{name: "serialize-image-pulls", kind: kBool, config: true},
	{name: "max-parallel-image-pulls", kind: kInt32, config: true, from: 27},
	{name: "registry-qps", kind: kInt32, config: true}, {name: "registry-burst", kind: kInt32, config: true},
	{name: "event-qps", kind: kInt32, config: true}, {name: "event-burst", kind: kInt32, config: true},
	{name: "kube-api-qps", kind: kInt32, config: true}, {name: "kube-api-burst", kind: kInt32, config: true},
	{name: "kube-api-content-type", config: true}, {name: "anonymous-auth", kind: kBool, config: true},
	{name: "authentication-token-webhook", kind: kBool, config: true},
	{name: "authentication-token-webhook-cache-ttl", kind: kDuration, config: true},
	{name: "authorization-mode", config: true},
	{name: "authorization-webhook-cache-authorized-ttl", kind: kDuration, config: true},
	{name: "authorization-webhook-cache-unauthorized-ttl", kind: kDuration, config: true},
	{name: "client-ca-file", config: true}, {name: "read-only-port", kind: kInt32, config: true},
	{name: "port", kind: kInt32, config: true}, {name: "address", config: true},
	{name: "healthz-port", kind: kInt32, config: true}, {name: "healthz-bind-address", config: true},
	{name: "tls-cert-file", config: true}, {name: "tls-private-key-file", config: true},
	{name: "tls-cipher-suites", config: true}, {name: "tls-min-version", config: true},
	{name: "rotate-certificates", kind: kBool, config: true},
	{name: "rotate-server-certificates", kind: kBool, config: true}, {name: "eviction-hard", config: true},
	{name: "eviction-soft", config: true}, {name: "eviction-soft-grace-period", config: true},
	{name: "eviction-pressure-transition-period", kind: kDuration, config: true},
	{name: "eviction-max-pod-grace-period", kind: kInt32, config: true},
	{name: "eviction-minimum-reclaim", config: true}, {name: "kube-reserved", config: true},
	{name: "system-reserved", config: true}, {name: "kube-reserved-cgroup", config: true},
	{name: "system-reserved-cgroup", config: true}, {name: "enforce-node-allocatable", config: true},
	{name: "reserved-cpus", config: true}, {name: "cpu-manager-policy", config: true},
	{name: "cpu-manager-policy-options", config: true, from: 22},
	{name: "cpu-manager-reconcile-period", kind: kDuration, config: true},
	{name: "topology-manager-policy", config: true}, {name: "topology-manager-scope", config: true, from: 20},
	{name: "topology-manager-policy-options", config: true, from: 26},
	{name: "memory-manager-policy", config: true, from: 21}, {name: "reserved-memory", config: true, from: 21},
	{name: "qos-reserved", config: true}, {name: "image-gc-high-threshold", kind: kInt32, config: true},
	{name: "image-gc-low-threshold", kind: kInt32, config: true},
	{name: "minimum-image-ttl-duration", kind: kDuration, config: true},
	{name: "node-status-update-frequency", kind: kDuration, config: true},
	{name: "node-status-max-images", kind: kInt32, config: true},
	{name: "sync-frequency", kind: kDuration, config: true},
	{name: "file-check-frequency", kind: kDuration, config: true},
	{name: "http-check-frequency", kind: kDuration, config: true}, {name: "manifest-url", config: true},
	{name: "manifest-url-header", config: true}, {name: "pod-manifest-path", config: true},
	{name: "streaming-connection-idle-timeout", kind: kDuration, config: true},
	{name: "volume-stats-agg-period", kind: kDuration, config: true}, {name: "volume-plugin-dir", config: true},
	{name: "max-open-files", kind: kInt32, config: true},
	{name: "make-iptables-util-chains", kind: kBool, config: true},
	{name: "iptables-masquerade-bit", kind: kInt32, config: true},
	{name: "iptables-drop-bit", kind: kInt32, config: true}, {name: "hairpin-mode", config: true},
	{name: "oom-score-adj", kind: kInt32, config: true}, {name: "cpu-cfs-quota", kind: kBool, config: true},
	{name: "cpu-cfs-quota-period", kind: kDuration, config: true},
	{name: "enable-controller-attach-detach", kind: kBool, config: true},
	{name: "enable-debugging-handlers", kind: kBool, config: true},
	{name: "enable-server", kind: kBool, config: true}, {name: "contention-profiling", kind: kBool, config: true},
	{name: "kubelet-cgroups", config: true}, {name: "system-cgroups", config: true},
	{name: "pods-per-core", kind: kInt32, config: true}, {name: "pod-max-pids", kind: kInt32, config: true},
	{name: "protect-kernel-defaults", kind: kBool, config: true}, {name: "container-log-max-size", config: true},
	{name: "container-log-max-files", kind: kInt32, config: true},
	{name: "container-log-max-workers", kind: kInt32, config: true, from: 30},
	{name: "container-log-monitor-interval", kind: kDuration, config: true, from: 30},
	{name: "allowed-unsafe-sysctls", config: true},
	{name: "seccomp-default", kind: kBool, config: true, from: 22}, {name: "provider-id", config: true, from: 20},
	{name: "register-node", kind: kBool, config: true}, {name: "register-with-taints", config: true},
	{name: "runonce", kind: kBool, config: true},
	{name: "local-storage-capacity-isolation", kind: kBool, config: true, from: 25},
	{name: "node-status-report-frequency", config: true}, {name: "show-hidden-metrics-for-version", config: true},
	{name: "kernel-memcg-notification", kind: kBool, config: true},
	{name: "memory-throttling-factor", config: true}, {name: "help", kind: kBool, shorthand: "h"},
}

var klogOnly = setOf("log-dir", "log-file", "logtostderr", "alsologtostderr", "stderrthreshold", "one-output",
	"skip-headers", "skip-log-headers", "add-dir-header", "log-file-max-size", "log-backtrace-at")

var dockershimOnly = setOf("network-plugin", "cni-bin-dir", "cni-conf-dir", "cni-cache-dir", "network-plugin-mtu",
	"docker-endpoint", "image-pull-progress-deadline", "experimental-dockershim-root-directory")

// flagValues is what the parse kept: the feature gates map (as
// cliflag.MapStringBool filled it) and the paths.
type flagValues struct {
	gates          map[string]bool
	gatesSet       bool
	config         string
	configDir      string
	dynamicDir     string
	dynamicDirSet  bool
	help           bool
	version        bool
	notices        []string
	args           []string
	normalizedUsed bool
	// values are the flags the command line set, by name, as their
	// pflag.Value prints them (the last occurrence wins).
	values map[string]string
	// sets are the flags in the order pflag set them, for locating them
	// in the command line (cmdpos.go).
	sets []flagSet
}

// newFlagSet builds the kubelet's clean flag set for an era. Output (pflag
// deprecation notices) goes to out. Only the flags args can name are
// registered (plus the ones start-up reads): parsing args gives the same
// result as over the full set, at a fraction of the cost of registering a
// few hundred flags twice per evaluation.
func newFlagSet(e era, v *flagValues, out *bytes.Buffer, args []string) *pflag.FlagSet {
	names, shorts := mentionedFlags(args)
	fs := pflag.NewFlagSet("kubelet", pflag.ContinueOnError)
	fs.SetOutput(out)
	fs.Usage = func() {}
	fs.SetNormalizeFunc(func(_ *pflag.FlagSet, name string) pflag.NormalizedName {
		// cliflag.WordSepNormalizeFunc: --feature_gates is --feature-gates.
		if strings.Contains(name, "_") {
			v.normalizedUsed = true
			return pflag.NormalizedName(dashed(name))
		}
		return pflag.NormalizedName(name)
	})
	seen := map[string]bool{}
	for _, d := range kubeletFlags {
		if !d.in(e) {
			continue
		}
		if !names.has(d.name) && (d.shorthand == "" || !shorts[d.shorthand]) && !alwaysRegistered(d.name) {
			continue
		}
		if seen[d.name] {
			continue
		}
		seen[d.name] = true
		registerFlag(fs, d, v)
		deprecateFlag(fs, d, e)
	}
	fs.Var(&versionValue{v: v}, "version", "")
	fs.Lookup("version").NoOptDefVal = "true"
	return fs
}

// registerFlag adds one flag with its type; the flags start-up reads
// are bound to v.
func registerFlag(fs *pflag.FlagSet, d flagDef, v *flagValues) {
	switch d.name {
	case "feature-gates":
		fs.Var(cliflag.NewMapStringBool(&v.gates), d.name, "")
	case "config":
		fs.StringVar(&v.config, d.name, "", "")
	case "config-dir":
		fs.StringVar(&v.configDir, d.name, "", "")
	case "dynamic-config-dir":
		fs.Var(&dynamicDirValue{v: v}, d.name, "")
	case "help":
		fs.BoolVarP(&v.help, d.name, d.shorthand, false, "")
	default:
		switch d.kind {
		case kBool:
			fs.BoolP(d.name, d.shorthand, false, "")
		case kInt32:
			fs.Int32P(d.name, d.shorthand, 0, "")
		case kDuration:
			fs.DurationP(d.name, d.shorthand, time.Duration(0), "")
		case kFloat:
			fs.Float64P(d.name, d.shorthand, 0, "")
		default:
			fs.StringP(d.name, d.shorthand, "", "")
		}
	}
}

// deprecateFlag marks a flag deprecated the way the release does: pflag
// then prints a notice per occurrence.
func deprecateFlag(fs *pflag.FlagSet, d flagDef, e era) {
	switch {
	case d.config:
		_ = fs.MarkDeprecated(d.name, configFlagDeprecation)
	case klogOnly[d.name] && e.minor >= 23:
		// KEP-2845 deprecated klog's own flags in 1.23 and removed them in 1.26.
		_ = fs.MarkDeprecated(d.name, "will be removed in a future release, see https://github.com/kubernetes/enhancements/tree/master/keps/sig-instrumentation/2845-deprecate-klog-specific-flags-in-k8s-components")
	case dockershimOnly[d.name] && e.minor >= 20:
		_ = fs.MarkDeprecated(d.name, "will be removed along with dockershim.")
	case d.name == "dynamic-config-dir" && e.dynamicConfigDeprecated:
		_ = fs.MarkDeprecated(d.name, "Feature DynamicKubeletConfig is deprecated in 1.22 and will not move to GA. "+
			"It is planned to be removed from Kubernetes in the version 1.23. Please use alternative ways to update kubelet configuration.")
	}
}

// alwaysRegistered are the flags start-up reads back after parsing.
func alwaysRegistered(name string) bool {
	switch name {
	case "feature-gates", "config", "config-dir", "dynamic-config-dir", "help":
		return true
	}
	return false
}

// mentionedFlags collects every long name (normalized like the kubelet's
// WordSepNormalizeFunc) and every shorthand letter args could refer to. It
// over-approximates (values that look like flags count too), which only
// registers a few extra flags.
func mentionedFlags(args []string) (names *nameSet, shorts map[string]bool) {
	names, shorts = &nameSet{}, map[string]bool{}
	for _, a := range args {
		if a == "--" {
			break
		}
		switch {
		case strings.HasPrefix(a, "--"):
			name, _, _ := strings.Cut(a[2:], "=")
			names.add(dashed(name))
		case strings.HasPrefix(a, "-") && len(a) > 1:
			letters, _, _ := strings.Cut(a[1:], "=")
			for _, r := range letters {
				shorts[string(r)] = true
			}
		}
	}
	return names, shorts
}

// dynamicDirValue records that --dynamic-config-dir was given, even empty.
type dynamicDirValue struct{ v *flagValues }

func (d *dynamicDirValue) String() string { return d.v.dynamicDir }
func (d *dynamicDirValue) Set(s string) error {
	d.v.dynamicDir, d.v.dynamicDirSet = s, true
	return nil
}
func (d *dynamicDirValue) Type() string { return "string" }

// versionValue is verflag's --version: true, raw or false.
type versionValue struct{ v *flagValues }

func (x *versionValue) String() string { return "false" }
func (x *versionValue) Set(s string) error {
	x.v.version = s != "false"
	return nil
}
func (x *versionValue) Type() string     { return "version" }
func (x *versionValue) IsBoolFlag() bool { return true }

// parseFlags parses args over a fresh flag set bound to an empty config (so
// the gates map holds only flag gates), like the kubelet's first parse.
func parseFlags(e era, args []string) (*flagValues, error) {
	v := &flagValues{}
	var out bytes.Buffer
	fs := newFlagSet(e, v, &out, args)
	// ParseAll is Parse with a hook on every flag it sets.
	err := fs.ParseAll(args, func(f *pflag.Flag, value string) error {
		v.sets = append(v.sets, flagSet{name: f.Name, value: value})
		return setFlag(fs, &out, f, value)
	})
	v.notices = splitNotices(out.String())
	v.gatesSet = fs.Changed("feature-gates")
	v.args = fs.Args()
	v.values = map[string]string{}
	fs.Visit(func(f *pflag.Flag) { v.values[f.Name] = f.Value.String() })
	return v, err
}

// setFlag is pflag's FlagSet.Set, which Parse calls for every flag it
// reads, with the deprecation notice written here rather than by pflag's
// fmt.Fprintf: same text, same place in the output (after a value that
// sets), but no fmt on a first evaluation's path (issue 15: every fmt
// function an evaluation reaches is compiled before it can answer).
func setFlag(fs *pflag.FlagSet, out *bytes.Buffer, f *pflag.Flag, value string) error {
	deprecated := f.Deprecated
	f.Deprecated = ""
	err := fs.Set(f.Name, value)
	f.Deprecated = deprecated
	if err == nil && deprecated != "" {
		out.WriteString("Flag --" + f.Name + " has been deprecated, " + deprecated + "\n")
	}
	return err
}

// reparseGates is kubeletConfigFlagPrecedence for the gates: the args are
// parsed again over the config's gate map; because the first
// --feature-gates occurrence replaces the map, the config's gates whose key
// the flags do not name are added back. File ∪ flags, flags win per key.
func reparseGates(e era, args []string, configGates map[string]bool) (map[string]bool, []string) {
	v := &flagValues{gates: configGates}
	var out bytes.Buffer
	fs := newFlagSet(e, v, &out, args)
	_ = fs.ParseAll(args, func(f *pflag.Flag, value string) error { return setFlag(fs, &out, f, value) })
	merged := v.gates
	if merged == nil && len(configGates) == 0 {
		return nil, splitNotices(out.String())
	}
	if merged == nil {
		merged = map[string]bool{}
	}
	for k, val := range configGates {
		if _, ok := merged[k]; !ok {
			merged[k] = val
		}
	}
	return merged, splitNotices(out.String())
}

func splitNotices(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}
