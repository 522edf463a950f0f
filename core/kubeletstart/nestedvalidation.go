package kubeletstart

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ValidateKubeletConfiguration's checks of nested values: the node's
// taints, graceful shutdown, swap, reserved memory, logging and tracing,
// each from the release that added it and worded as that release words it.
// Read from pkg/kubelet/apis/config/validation (validation.go and
// validation_reserved_memory.go) of every release 1.18–1.37,
// component-base's logs/api/v1 Validate (1.25+) and tracing/api/v1
// ValidateTracingConfiguration, and pkg/util/taints' CheckTaintValidation.
// Upstream's order: the numeric checks, taints, shutdown, swap, (the
// crashLoopBackOff check), (hairpinMode), reserved memory, logging, tracing.
//
// The values are the decoded JSON of the top-level fields (nestedFields),
// kept in the configuration state under their JSON names: the file's value,
// drop-ins merged onto it as a JSON merge patch (1.32+), or decoded onto it
// as encoding/json decodes onto the internal type (1.29–1.31,
// internalmerge.go); 1.28 merges defaulted drop-ins with mergo, whose
// defaults override the file's (mergoNested).

// nestedFields are the top-level fields whose decoded values the checks
// read.
var nestedFields = []string{"registerWithTaints", "shutdownGracePeriod", "shutdownGracePeriodCriticalPods",
	"shutdownGracePeriodByPodPriority", "memorySwap", "reservedMemory", "logging", "tracing", allowlistField}

// noteNested keeps the nested fields of a file decoded on its own, as the
// case-sensitive decode keeps them (knownOnly).
func (r *run) noteNested(st configState, obj map[string]any, pos *positions, input, path string) {
	for _, name := range nestedFields {
		if v, ok := obj[name]; ok && v != nil && configFieldKnown(r.e.minor, name) {
			t, _ := configType(r.e.minor, name)
			st[name] = fieldValue{val: knownOnly(v, t, r.e.minor), from: origin{source: input, path: path, at: pos.field(name)}}
		}
	}
}

// mergeNested folds a 1.32+ drop-in's nested fields into the state as a
// JSON merge patch (null removes the field).
func (r *run) mergeNested(st configState, obj map[string]any, pos *positions, path string) {
	for _, name := range nestedFields {
		v, ok := obj[name]
		if !ok || !configFieldKnown(r.e.minor, name) {
			continue
		}
		if v == nil {
			delete(st, name)
			continue
		}
		st[name] = fieldValue{val: mergePatch(st[name].val, v), from: origin{source: "dropin", path: path, at: pos.field(name)}}
	}
}

// nestedChecks collects the nested checks' errors, each anchored to the
// field it reads.
type nestedChecks struct {
	fieldChecks
	enabled func(string) bool
	// emptyFormat: logging.format is an empty string no defaulting
	// replaced (a 1.29–1.31 drop-in's).
	emptyFormat bool
}

// prefix is "invalid configuration: " from 1.24 for checks 1.23 wrote
// without it.
func (c *nestedChecks) prefix(msg string) string {
	if c.e.minor >= 24 {
		return "invalid configuration: " + msg
	}
	return msg
}

func (c *nestedChecks) addRaw(msg string, fields ...string) {
	c.out = append(c.out, fieldCheck{err: fmt.Errorf("%s", msg), fields: fields})
}

// object is a nested value as a JSON object (a null or absent value is
// the zero struct).
func (c *nestedChecks) object(name string) map[string]any {
	m, _ := c.st[name].val.(map[string]any)
	return m
}

func (c *nestedChecks) list(name string) []any {
	l, _ := c.st[name].val.([]any)
	return l
}

func str(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

// duration is a metav1.Duration field (decoding refused any other form).
func (c *nestedChecks) duration(name string) time.Duration {
	s, _ := c.st[name].val.(string)
	d, _ := time.ParseDuration(s)
	return d
}

// taints: 1.23+.
func (c *nestedChecks) taints() {
	if c.e.minor < 23 {
		return
	}
	for _, item := range c.list("registerWithTaints") {
		t, _ := item.(map[string]any)
		added, hasTime := t["timeAdded"].(string)
		if !validTaint(str(t, "key"), str(t, "value"), str(t, "effect")) {
			shown := "<nil>"
			if hasTime {
				if at, err := time.Parse(time.RFC3339, added); err == nil {
					shown = at.UTC().String()
				}
			}
			c.addRaw(fmt.Sprintf("invalid taint: {%s %s %s %s}", str(t, "key"), str(t, "value"), str(t, "effect"), shown), "registerWithTaints")
		}
		if hasTime {
			if c.e.minor == 23 {
				c.addRaw("taint TimeAdded is not nil", "registerWithTaints")
			} else {
				c.add("taint.TimeAdded is not nil", "registerWithTaints")
			}
		}
	}
}

// validTaint is CheckTaintValidation: a qualified-name key, a label value,
// a known effect or none.
func validTaint(key, value, effect string) bool {
	switch effect {
	case "", "NoSchedule", "PreferNoSchedule", "NoExecute":
	default:
		return false
	}
	return isQualifiedName(key) && (value == "" || isLabelName(value, 63))
}

// isQualifiedName is apimachinery's IsQualifiedName: [DNS-1123 subdomain
// "/"] name.
func isQualifiedName(s string) bool {
	prefix, name, cut := strings.Cut(s, "/")
	if !cut {
		return isLabelName(s, 63)
	}
	return !strings.Contains(name, "/") && isDNSSubdomain(prefix) && isLabelName(name, 63)
}

// isLabelName: alphanumerics at both ends, '-', '_', '.' inside, at most
// max bytes, not empty.
func isLabelName(s string, max int) bool {
	if s == "" || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		alnum := ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9'
		if !alnum && ((i == 0 || i == len(s)-1) || !strings.ContainsRune("-_.", rune(ch))) {
			return false
		}
	}
	return true
}

// isDNSSubdomain is IsDNS1123Subdomain: lower-case labels joined by dots,
// at most 253 bytes.
func isDNSSubdomain(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			if ch := label[i]; !(ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '-') {
				return false
			}
		}
	}
	return true
}

// shutdown: GracefulNodeShutdown's checks from 1.20 (reworded in 1.24),
// the by-priority ones from 1.23. The durations print as the
// metav1.Duration struct they are ("{10s}").
func (c *nestedChecks) shutdown() {
	if c.e.minor < 20 {
		return
	}
	const gp, cp = "shutdownGracePeriod", "shutdownGracePeriodCriticalPods"
	g, crit := c.duration(gp), c.duration(cp)
	on := c.enabled("GracefulNodeShutdown")
	below1s := func(d time.Duration) bool { return d > 0 && d < time.Second }
	if on && c.e.minor < 24 {
		if g < 0 || crit < 0 || crit > g {
			c.add(fmt.Sprintf("ShutdownGracePeriod {%v} must be >= 0, ShutdownGracePeriodCriticalPods {%v} must be >= 0, and ShutdownGracePeriodCriticalPods {%v} must be <= ShutdownGracePeriod {%v}", g, crit, crit, g), gp, cp)
		}
		if below1s(g) {
			c.add(fmt.Sprintf("ShutdownGracePeriod {%v} must be either zero or otherwise >= 1 sec", g), gp)
		}
		if below1s(crit) {
			c.add(fmt.Sprintf("ShutdownGracePeriodCriticalPods {%v} must be either zero or otherwise >= 1 sec", crit), cp)
		}
	} else if on {
		if crit > g {
			c.add(fmt.Sprintf("shutdownGracePeriodCriticalPods {%v} must be <= shutdownGracePeriod {%v}", crit, g), gp, cp)
		}
		if g < 0 || below1s(g) {
			c.add(fmt.Sprintf("shutdownGracePeriod {%v} must be either zero or otherwise >= 1 sec", g), gp)
		}
		if crit < 0 || below1s(crit) {
			c.add(fmt.Sprintf("shutdownGracePeriodCriticalPods {%v} must be either zero or otherwise >= 1 sec", crit), cp)
		}
	}
	if (g > 0 || crit > 0) && !on {
		if c.e.minor < 24 {
			c.add("Specifying ShutdownGracePeriod or ShutdownGracePeriodCriticalPods requires feature gate GracefulNodeShutdown", gp, cp)
		} else {
			c.add("specifying shutdownGracePeriod or shutdownGracePeriodCriticalPods requires feature gate GracefulNodeShutdown", gp, cp)
		}
	}
	if c.e.minor < 23 || len(c.list("shutdownGracePeriodByPodPriority")) == 0 {
		return
	}
	const bp = "shutdownGracePeriodByPodPriority"
	if c.enabled("GracefulNodeShutdownBasedOnPodPriority") {
		if g > 0 || crit > 0 {
			c.add("Cannot specify both shutdownGracePeriodByPodPriority and shutdownGracePeriod at the same time", bp, gp, cp)
		}
	} else {
		c.add("Specifying shutdownGracePeriodByPodPriority requires feature gate GracefulNodeShutdownBasedOnPodPriority", bp)
	}
}

// swap: NodeSwap's checks from 1.22; the valid behaviours and the wording
// changed in 1.24 and 1.30 (UnlimitedSwap gave way to NoSwap).
func (c *nestedChecks) swap() {
	if c.e.minor < 22 {
		return
	}
	const ms = "memorySwap"
	b := str(c.object(ms), "swapBehavior")
	if !c.enabled("NodeSwap") {
		if b != "" {
			if c.e.minor < 24 {
				c.add("MemorySwap.SwapBehavior cannot be set when NodeSwap feature flag is disabled", ms)
			} else {
				c.add("memorySwap.swapBehavior cannot be set when NodeSwap feature flag is disabled", ms)
			}
		}
		return
	}
	switch {
	case c.e.minor < 24:
		if b != "" && b != "LimitedSwap" && b != "UnlimitedSwap" {
			c.add(fmt.Sprintf("MemorySwap.SwapBehavior %s must be one of: LimitedSwap, UnlimitedSwap", b), ms)
		}
	case c.e.minor < 30:
		if b != "" && b != "LimitedSwap" && b != "UnlimitedSwap" {
			c.add(fmt.Sprintf("memorySwap.swapBehavior %q must be one of: \"\", %q, or %q", b, "LimitedSwap", "UnlimitedSwap"), ms)
		}
	default:
		if b != "" && b != "LimitedSwap" && b != "NoSwap" {
			c.add(fmt.Sprintf("memorySwap.swapBehavior %q must be one of: \"\", %q or %q", b, "LimitedSwap", "NoSwap"), ms)
		}
	}
}

// reservedMemory: from 1.21, "invalid configuration: " from 1.24. Each
// entry's limits are a Go map upstream; the model walks them in sorted
// order (the errors are an aggregate in that order).
func (c *nestedChecks) reservedMemory() {
	if c.e.minor < 21 {
		return
	}
	const rm = "reservedMemory"
	seen := map[string]bool{}
	for _, item := range c.list(rm) {
		entry, _ := item.(map[string]any)
		numa, _ := entry["numaNode"].(float64)
		limits, _ := entry["limits"].(map[string]any)
		names := make([]string, 0, len(limits))
		for name := range limits {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if name != "memory" && !strings.HasPrefix(name, "hugepages-") {
				c.addRaw(c.prefix(fmt.Sprintf("the limit type %q for NUMA node %d is not supported, only [memory hugepages-<HugePageSize>] is accepted", name, int32(numa))), rm)
			}
			if quantityZero(limits[name]) {
				c.addRaw(c.prefix(fmt.Sprintf("reserved memory may not be zero for NUMA node %d and resource %q", int32(numa), name)), rm)
			}
			key := fmt.Sprintf("%d/%s", int32(numa), name)
			if seen[key] {
				c.addRaw(c.prefix(fmt.Sprintf("the reserved memory has a duplicate value for NUMA node %d and resource %q", int32(numa), name)), rm)
			}
			seen[key] = true
		}
	}
}

// quantityZero: a Quantity's JSON (null is zero; decoding refused a bad
// one).
func quantityZero(v any) bool {
	switch q := v.(type) {
	case nil:
		return true
	case string:
		zero, err := parseQuantity(strings.TrimSpace(q))
		return err == nil && zero
	case float64:
		return q == 0
	}
	return false
}

// logging: component-base's ValidateLoggingConfiguration in 1.22 (the
// format), 1.23–1.24 (and vmodule), logsapi.Validate from 1.25 (and the
// gates of the json format and its options; the text options from 1.30).
// The kubelet registers the text format and, through
// component-base/logs/json/register, json, behind LoggingBetaOptions from
// 1.25.
func (c *nestedChecks) logging() {
	if c.e.minor < 22 {
		return
	}
	const lg = "logging"
	l := c.object(lg)
	if c.e.minor >= 35 {
		if v, ok := negativeFlush(l["flushFrequency"]); ok {
			c.addRaw(fmt.Sprintf("logging.flushFrequency: Invalid value: %s: Must be greater than zero", v), lg)
		}
	}
	format := str(l, "format")
	switch {
	case format == "" && c.emptyFormat:
		c.addRaw(`logging.format: Invalid value: "": Unsupported log format`, lg)
	case format == "" || format == "text":
	case format == "json":
		if c.e.minor >= 25 && !c.enabled("LoggingBetaOptions") {
			c.addRaw("logging.format: Forbidden: Log format json is disabled, see LoggingBetaOptions feature", lg)
		}
	default:
		c.addRaw(fmt.Sprintf("logging.format: Invalid value: %q: Unsupported log format", format), lg)
	}
	if c.e.minor < 23 {
		return
	}
	// The verbosity as the flags left it (--v is bound to it).
	if v, ok := c.verbosityTooHigh(float64(c.st.int("logging.verbosity"))); ok {
		c.addRaw(fmt.Sprintf("logging.verbosity: Invalid value: %s: Must be <= 2147483647", v), "logging.verbosity")
	}
	vmodule, _ := l["vmodule"].([]any)
	if len(vmodule) > 0 && format != "" && format != "text" {
		c.addRaw("logging.vmodule: Forbidden: Only supported for text log format", lg)
	}
	for i, item := range vmodule {
		p := str(asObject(item), "filePattern")
		if p == "" {
			c.addRaw(fmt.Sprintf("logging.vmodule[%d]: Required value: File pattern must not be empty", i), lg)
		}
		if strings.ContainsAny(p, "=,") {
			c.addRaw(fmt.Sprintf("logging.vmodule[%d]: Invalid value: %q: File pattern must not contain equal sign or comma", i, p), lg)
		}
		if v, ok := c.verbosityTooHigh(asObject(item)["verbosity"]); ok {
			c.addRaw(fmt.Sprintf("logging.vmodule[%d]: Invalid value: %s: Must be <= 2147483647", i, v), lg)
		}
	}
	if c.e.minor < 25 {
		return
	}
	options := asObject(l["options"])
	kinds := []string{"json"}
	if c.e.minor >= 30 {
		kinds = []string{"text", "json"}
	}
	for _, kind := range kinds {
		o := asObject(options[kind])
		if split, _ := o["splitStream"].(bool); split && !c.enabled("LoggingAlphaOptions") {
			c.addRaw(fmt.Sprintf("logging.options.%s.splitStream: Forbidden: Feature LoggingAlphaOptions is disabled", kind), lg)
		}
		if size, ok := o["infoBufferSize"]; ok && !quantityZero(size) && !c.enabled("LoggingAlphaOptions") {
			c.addRaw(fmt.Sprintf("logging.options.%s.infoBufferSize: Forbidden: Feature LoggingAlphaOptions is disabled", kind), lg)
		}
	}
}

// verbosityTooHigh is the check of a verbosity (a uint32 that klog reads
// as an int32) and the value as the field error prints it: up to 1.33
// apimachinery prints the named uint32 with %#v (0x80000000), from 1.34 as
// JSON (2147483648).
func (c *nestedChecks) verbosityTooHigh(v any) (string, bool) {
	f, ok := v.(float64)
	if !ok || f <= math.MaxInt32 || f > math.MaxUint32 {
		return "", false
	}
	if c.e.minor >= 34 {
		return strconv.FormatUint(uint64(f), 10), true
	}
	return "0x" + strconv.FormatUint(uint64(f), 16), true
}

// negativeFlush is the check of logging.flushFrequency (1.35+; defaulting
// replaces a zero) and the value printed as JSON, the way
// TimeOrMetaDuration marshals itself: a duration written as a string comes
// back as a string in time.Duration's form, a number as the number.
func negativeFlush(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		d, err := time.ParseDuration(x)
		if err == nil && d < 0 {
			return strconv.Quote(d.String()), true
		}
	case float64:
		if x < 0 && x == math.Trunc(x) && x >= math.MinInt64 {
			return strconv.FormatInt(int64(x), 10), true
		}
	}
	return "", false
}

func asObject(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// tracing: from 1.25; up to 1.33 only with KubeletTracing (a tracing
// block without it is refused), from 1.34 always.
func (c *nestedChecks) tracing() {
	const tr = "tracing"
	if c.e.minor < 25 {
		return
	}
	fv, set := c.st[tr]
	if !set || fv.val == nil {
		return
	}
	if c.e.minor <= 33 && !c.enabled("KubeletTracing") {
		c.add("tracing should not be configured if KubeletTracing feature flag is disabled.", tr)
		return
	}
	t := c.object(tr)
	if rate, ok := t["samplingRatePerMillion"].(float64); ok {
		if rate < 0 {
			c.addRaw(fmt.Sprintf("tracing.samplingRatePerMillion: Invalid value: %d: sampling rate must be positive", int32(rate)), tr)
		}
		if rate > 1000000 {
			c.addRaw(fmt.Sprintf("tracing.samplingRatePerMillion: Invalid value: %d: sampling rate per million must be less than or equal to one million", int32(rate)), tr)
		}
	}
	if ep, ok := t["endpoint"].(string); ok {
		if !strings.Contains(ep, "//") {
			ep = "dns://" + ep
		}
		scheme, err := urlParse(ep, urlGen(c.e.minor))
		if err != "" {
			c.addRaw(fmt.Sprintf("tracing.endpoint: Invalid value: %q: %s", ep, err), tr)
			return
		}
		switch scheme {
		case "dns", "unix", "unix-abstract":
		default:
			c.addRaw(fmt.Sprintf("tracing.endpoint: Invalid value: %q: unsupported scheme: %s.  Options are none, dns, unix, or unix-abstract.  See https://github.com/grpc/grpc/blob/master/doc/naming.md", ep, scheme), tr)
		}
	}
}

// urlScheme is net/url's getScheme: the letters, digits, '+', '-' and
// '.' before the first ':', starting with a letter, or no scheme.
func urlScheme(s string) string {
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z':
		case ch >= '0' && ch <= '9' || ch == '+' || ch == '-' || ch == '.':
			if i == 0 {
				return ""
			}
		case ch == ':':
			return s[:i]
		default:
			return ""
		}
	}
	return ""
}
