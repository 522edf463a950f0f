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

func str(n string) flagDef            { return flagDef{name: n} }
func boo(n string) flagDef            { return flagDef{name: n, kind: kBool} }
func cstr(n string) flagDef           { return flagDef{name: n, config: true} }
func cboo(n string) flagDef           { return flagDef{name: n, kind: kBool, config: true} }
func cint(n string) flagDef           { return flagDef{name: n, kind: kInt32, config: true} }
func cdur(n string) flagDef           { return flagDef{name: n, kind: kDuration, config: true} }
func (f flagDef) since(m int) flagDef { f.from = m; return f }
func (f flagDef) upTo(m int) flagDef  { f.until = m; return f }

// kubeletFlags is a curated list of the kubelet's flags: the ones that
// matter to feature gates with their exact history, plus the flags real
// command lines commonly carry, so pasted command lines parse. A flag
// missing here is reported as unknown, as the kubelet would for a flag it
// does not have; the list is the part of the model most likely to lag.
var kubeletFlags = []flagDef{
	// KubeletFlags: not part of KubeletConfiguration, not deprecated.
	str("config"), str("config-dir").since(28), str("dynamic-config-dir").upTo(24),
	str("kubeconfig"), str("bootstrap-kubeconfig"), str("hostname-override"), str("node-ip"),
	str("cert-dir"), str("root-dir"), str("node-labels"), str("lock-file"), boo("exit-on-lock-contention"),
	str("cloud-provider"), str("cloud-config"), str("provider-id").upTo(20),
	str("image-credential-provider-config").since(20), str("image-credential-provider-bin-dir").since(20),
	str("container-runtime").upTo(27), str("runtime-cgroups"),
	str("container-runtime-endpoint").upTo(27), str("image-service-endpoint").upTo(27),
	{name: "pod-infra-container-image", until: 35},
	str("seccomp-profile-root").upTo(24), str("experimental-mounter-path").upTo(24),
	boo("experimental-check-node-capabilities-before-mount").upTo(24),
	boo("register-schedulable").upTo(27), boo("keep-terminated-pod-volumes").upTo(26),
	str("minimum-container-ttl-duration").upTo(26), str("maximum-dead-containers-per-container"),
	str("maximum-dead-containers"), str("master-service-namespace").upTo(27), str("non-masquerade-cidr").upTo(24),
	boo("really-crash-for-testing").upTo(26), str("chaos-chance").upTo(26),
	boo("windows-service"), str("windows-priorityclass"),
	// dockershim (removed in 1.24)
	str("network-plugin").upTo(24), str("cni-bin-dir").upTo(24), str("cni-conf-dir").upTo(24),
	str("cni-cache-dir").upTo(24), str("network-plugin-mtu").upTo(24), str("docker-endpoint").upTo(24),
	str("image-pull-progress-deadline").upTo(24), str("experimental-dockershim-root-directory").upTo(24),
	boo("experimental-dockershim").upTo(24), boo("redirect-container-streaming").upTo(20),
	// logging and the generic flags
	{name: "v", kind: kInt32, shorthand: "v"}, str("vmodule"), str("log-flush-frequency"),
	cstr("logging-format").since(19), cboo("log-json-split-stream").since(23), str("log-json-info-buffer-size").since(23),
	cboo("log-text-split-stream").since(28), str("log-text-info-buffer-size").since(28),
	str("log-dir").upTo(26), str("log-file").upTo(26), boo("logtostderr").upTo(26), boo("alsologtostderr").upTo(26),
	str("stderrthreshold").upTo(26), boo("one-output").upTo(26), boo("skip-headers").upTo(26),
	boo("skip-log-headers").upTo(26), boo("add-dir-header").upTo(26), str("log-file-max-size").upTo(26),
	str("log-backtrace-at").upTo(26),
	// KubeletConfiguration flags: deprecated in favour of the config file.
	{name: "feature-gates", config: true},
	cstr("container-runtime-endpoint").since(27), cstr("image-service-endpoint").since(27),
	cboo("fail-swap-on"), cstr("cgroup-driver"), cstr("cgroup-root"), cboo("cgroups-per-qos"),
	cstr("cluster-dns"), cstr("cluster-domain"), cint("max-pods"), cstr("pod-cidr"), cstr("resolv-conf"),
	cdur("runtime-request-timeout"), cboo("serialize-image-pulls"), cint("max-parallel-image-pulls").since(27),
	cint("registry-qps"), cint("registry-burst"), cint("event-qps"), cint("event-burst"),
	cint("kube-api-qps"), cint("kube-api-burst"), cstr("kube-api-content-type"),
	cboo("anonymous-auth"), cboo("authentication-token-webhook"), cdur("authentication-token-webhook-cache-ttl"),
	cstr("authorization-mode"), cdur("authorization-webhook-cache-authorized-ttl"),
	cdur("authorization-webhook-cache-unauthorized-ttl"), cstr("client-ca-file"),
	cint("read-only-port"), cint("port"), cstr("address"), cint("healthz-port"), cstr("healthz-bind-address"),
	cstr("tls-cert-file"), cstr("tls-private-key-file"), cstr("tls-cipher-suites"), cstr("tls-min-version"),
	cboo("rotate-certificates"), cboo("rotate-server-certificates"),
	cstr("eviction-hard"), cstr("eviction-soft"), cstr("eviction-soft-grace-period"),
	cdur("eviction-pressure-transition-period"), cint("eviction-max-pod-grace-period"), cstr("eviction-minimum-reclaim"),
	cstr("kube-reserved"), cstr("system-reserved"), cstr("kube-reserved-cgroup"), cstr("system-reserved-cgroup"),
	cstr("enforce-node-allocatable"), cstr("reserved-cpus"), cstr("cpu-manager-policy"),
	cstr("cpu-manager-policy-options").since(22), cdur("cpu-manager-reconcile-period"),
	cstr("topology-manager-policy"), cstr("topology-manager-scope").since(20),
	cstr("topology-manager-policy-options").since(26), cstr("memory-manager-policy").since(21),
	cstr("reserved-memory").since(21), cstr("qos-reserved"),
	cint("image-gc-high-threshold"), cint("image-gc-low-threshold"), cdur("minimum-image-ttl-duration"),
	cdur("node-status-update-frequency"), cint("node-status-max-images"), cdur("sync-frequency"),
	cdur("file-check-frequency"), cdur("http-check-frequency"), cstr("manifest-url"), cstr("manifest-url-header"),
	cstr("pod-manifest-path"), cdur("streaming-connection-idle-timeout"), cdur("volume-stats-agg-period"),
	cstr("volume-plugin-dir"), cint("max-open-files"), cboo("make-iptables-util-chains"),
	cint("iptables-masquerade-bit"), cint("iptables-drop-bit"), cstr("hairpin-mode"), cint("oom-score-adj"),
	cboo("cpu-cfs-quota"), cdur("cpu-cfs-quota-period"), cboo("enable-controller-attach-detach"),
	cboo("enable-debugging-handlers"), cboo("enable-server"), cboo("contention-profiling"),
	cstr("kubelet-cgroups"), cstr("system-cgroups"), cint("pods-per-core"), cint("pod-max-pids"),
	cboo("protect-kernel-defaults"), cstr("container-log-max-size"), cint("container-log-max-files"),
	cint("container-log-max-workers").since(30), cdur("container-log-monitor-interval").since(30),
	cstr("allowed-unsafe-sysctls"), cboo("seccomp-default").since(22), cstr("provider-id").since(20),
	cboo("register-node"), cstr("register-with-taints"), cboo("runonce"), cboo("local-storage-capacity-isolation").since(25),
	cstr("node-status-report-frequency"), cstr("show-hidden-metrics-for-version"), cboo("kernel-memcg-notification"),
	cstr("memory-throttling-factor"),
	{name: "help", kind: kBool, shorthand: "h"},
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
			return pflag.NormalizedName(strings.ReplaceAll(name, "_", "-"))
		}
		return pflag.NormalizedName(name)
	})
	seen := map[string]bool{}
	for _, d := range kubeletFlags {
		if !d.in(e) || seen[d.name] {
			continue
		}
		if !alwaysRegistered[d.name] && !names[d.name] && (d.shorthand == "" || !shorts[d.shorthand]) {
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
var alwaysRegistered = map[string]bool{"feature-gates": true, "config": true, "config-dir": true, "dynamic-config-dir": true, "help": true}

// mentionedFlags collects every long name (normalized like the kubelet's
// WordSepNormalizeFunc) and every shorthand letter args could refer to. It
// over-approximates (values that look like flags count too), which only
// registers a few extra flags.
func mentionedFlags(args []string) (names, shorts map[string]bool) {
	names, shorts = map[string]bool{}, map[string]bool{}
	for _, a := range args {
		if a == "--" {
			break
		}
		switch {
		case strings.HasPrefix(a, "--"):
			name, _, _ := strings.Cut(a[2:], "=")
			names[strings.ReplaceAll(name, "_", "-")] = true
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
		return fs.Set(f.Name, value)
	})
	v.notices = splitNotices(out.String())
	v.gatesSet = fs.Changed("feature-gates")
	v.args = fs.Args()
	v.values = map[string]string{}
	fs.Visit(func(f *pflag.Flag) { v.values[f.Name] = f.Value.String() })
	return v, err
}

// reparseGates is kubeletConfigFlagPrecedence for the gates: the args are
// parsed again over the config's gate map; because the first
// --feature-gates occurrence replaces the map, the config's gates whose key
// the flags do not name are added back. File ∪ flags, flags win per key.
func reparseGates(e era, args []string, configGates map[string]bool) (map[string]bool, []string) {
	v := &flagValues{gates: configGates}
	var out bytes.Buffer
	fs := newFlagSet(e, v, &out, args)
	_ = fs.Parse(args)
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
