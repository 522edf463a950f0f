package kubeletconfig

import (
	"fmt"
	"sort"
	"strings"

	"math/rand/v2"
)

// Corpus draws documents for one release.
type Corpus struct {
	minor int
	// names are the gates both the release and the model register, by kind.
	names, locked, settled, alpha, beta []string
	// sample are gates whose value is read after every document, whatever
	// it names: default-off alphas and default-on betas show AllAlpha /
	// AllBeta, a GA gate the plain default.
	sample []string
}

// newCorpus builds the name pools from the model's catalog of the release,
// keeping the gates the release's real global gate registers too.
func newCorpus(rel Release, gates []CatalogGate) (*Corpus, error) {
	c := &Corpus{}
	fmt.Sscanf(rel.Version(), "1.%d", &c.minor)
	for _, g := range gates {
		if !rel.Known(g.Name) {
			continue
		}
		c.names = append(c.names, g.Name)
		switch {
		case g.Locked:
			c.locked = append(c.locked, g.Name)
		case g.Stage == "GA" || g.Stage == "DEPRECATED":
			c.settled = append(c.settled, g.Name)
		case g.Stage == "ALPHA":
			c.alpha = append(c.alpha, g.Name)
		case g.Stage == "BETA":
			c.beta = append(c.beta, g.Name)
		}
	}
	if len(c.names) == 0 {
		return nil, fmt.Errorf("no gate of the %s catalog is registered upstream", rel.Version())
	}
	for _, pool := range [][]string{c.alpha, c.beta, c.settled} {
		sort.Strings(pool)
		for i := 0; i < 2 && i < len(pool); i++ {
			c.sample = append(c.sample, pool[i*len(pool)/2])
		}
	}
	return c, nil
}

// rng is a seeded generator: the same seed, the same document.
type rng struct{ r *rand.Rand }

func newRng(seed uint64) *rng { return &rng{rand.New(rand.NewPCG(seed, 0x6b7562656c6574))} }

// Intn returns an int in [0, n).
func (g *rng) Intn(n int) int { return g.r.IntN(n) }

// doc is a document under construction, line by line.
type doc struct {
	r     *rng
	lines []string
	gates map[string]bool
	used  map[string]bool // nested structs written
}

func (d *doc) add(format string, a ...any) { d.lines = append(d.lines, fmt.Sprintf(format, a...)) }

func (d *doc) pick(xs []string) string {
	if len(xs) == 0 {
		return "NoSuchGate"
	}
	return xs[d.r.Intn(len(xs))]
}

// Doc returns document seed and the gates to read after loading it.
func (c *Corpus) Doc(seed uint64) (data []byte, gates []string) {
	d := &doc{r: newRng(seed), gates: map[string]bool{}}
	r := d.r
	if r.Intn(25) == 0 {
		// Degenerate files.
		return []byte([]string{"", "\n", "   \n", "---\n", "# only a comment\n", "null\n", "[]\n", "42\n"}[r.Intn(8)]), c.sample
	}
	if r.Intn(5) == 0 {
		d.add("# kubelet configuration")
	}
	if r.Intn(12) == 0 {
		d.add("---")
	}
	c.header(d)
	for k := r.Intn(3); k > 0; k-- {
		c.field(d)
	}
	if r.Intn(8) != 0 {
		c.featureGates(d)
	}
	if c.minor >= 32 && r.Intn(8) == 0 {
		d.add("crashLoopBackOff:")
		d.add("  maxContainerRestartPeriod: %s", []string{"1m", "10s", "0s", "5m0s", "\"2m\"", "300"}[r.Intn(6)])
		if r.Intn(2) == 0 {
			d.add("featureGates:")
			d.add("  KubeletCrashLoopBackOffMax: %t", r.Intn(2) == 0)
			d.gates["KubeletCrashLoopBackOffMax"] = true
		}
	}
	// Nested structs, from their own stream so that the rest of the
	// corpus stays as it was.
	c.nested(d, newRng(seed^0x6e657374))
	// Nested values ValidateKubeletConfiguration refuses or accepts, from
	// a stream of their own too.
	c.validated(d, newRng(seed^0x76616c69))
	// Keys spelt in another case, from a stream of their own too.
	c.caseFold(d, newRng(seed^0x63617365), false)
	if r.Intn(6) == 0 {
		c.noise(d)
	}
	if r.Intn(15) == 0 {
		// A second document: the decoder reads only the first.
		d.add("---")
		d.add("apiVersion: kubelet.config.k8s.io/v1beta1")
		d.add("kind: KubeletConfiguration")
		d.add("featureGates:")
		d.add("  %s: %t", d.pick(c.names), r.Intn(2) == 0)
	}
	text := strings.Join(d.lines, "\n") + "\n"
	if r.Intn(15) == 0 {
		text = breakYAML(r, text)
	}
	for n := range d.gates {
		gates = append(gates, n)
	}
	sort.Strings(gates)
	return []byte(text), append(gates, c.sample...)
}

func (c *Corpus) header(d *doc) {
	r := d.r
	switch x := r.Intn(60); {
	case x == 0: // no apiVersion
	case x == 1:
		d.add("apiVersion: kubelet.config.k8s.io/v1")
	case x == 2:
		d.add("apiVersion: v1beta1")
	case x == 3:
		d.add("apiVersion: kubelet.config.k8s.io/v1beta2")
	case x == 4:
		d.add("apiVersion: \"kubelet.config.k8s.io/v1beta1\"")
	case x == 5:
		d.add("apiVersion: kubelet.config.k8s.io/v1beta1/extra")
	case x == 6:
		d.add("apiVersion: null")
	default:
		d.add("apiVersion: kubelet.config.k8s.io/v1beta1")
	}
	switch x := r.Intn(60); {
	case x == 0: // no kind
	case x == 1:
		d.add("kind: KubeletConfig")
	case x == 2:
		d.add("kind: kubeletConfiguration")
	case x == 3:
		d.add("kind: 'KubeletConfiguration'")
	default:
		d.add("kind: KubeletConfiguration")
	}
}

// trackedFields are fields the model validates, with values of every kind.
var trackedFields = map[string][]string{
	"maxPods":                     {"110", "0", "-1", "250", "null"},
	"port":                        {"10250", "0", "65536", "-5"},
	"healthzPort":                 {"0", "10248", "70000", "-1"},
	"readOnlyPort":                {"0", "10255", "65536"},
	"nodeLeaseDurationSeconds":    {"40", "0", "-3"},
	"imageGCHighThresholdPercent": {"85", "101", "50", "-1"},
	"imageGCLowThresholdPercent":  {"80", "90", "-1", "100"},
	"eventBurst":                  {"10", "-1", "0"},
	"eventRecordQPS":              {"5", "-1", "0"},
	"kubeAPIQPS":                  {"-2", "50"},
	"kubeAPIBurst":                {"-2", "100"},
	"registryBurst":               {"-1", "10"},
	"registryPullQPS":             {"-1", "5"},
	"iptablesDropBit":             {"15", "32", "-1"},
	"iptablesMasqueradeBit":       {"14", "40"},
	"oomScoreAdj":                 {"-999", "1001", "-1001"},
	"podsPerCore":                 {"0", "-1", "10"},
	"maxOpenFiles":                {"1000000", "-1"},
	"nodeStatusMaxImages":         {"50", "-1", "-2"},
	"hairpinMode":                 {"promiscuous-bridge", "hairpin-veth", "none", "bogus", "\"\""},
}

var trackedNames = func() []string {
	var out []string
	for k := range trackedFields {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}()

// wrongTypes are values no tracked field accepts (hairpinMode takes the
// strings only).
var wrongTypes = []string{"\"ten\"", "1.5", "true", "[]", "{}", "\"10250\""}

func (c *Corpus) field(d *doc) {
	name := d.pick(trackedNames)
	vals := trackedFields[name]
	v := vals[d.r.Intn(len(vals))]
	if d.r.Intn(10) == 0 {
		v = wrongTypes[d.r.Intn(len(wrongTypes))]
	}
	d.add("%s: %s", name, v)
}

// gateKey is a key for the featureGates map: mostly a registered gate,
// sometimes an unknown, case-mismatched or special name.
func (c *Corpus) gateKey(d *doc) string {
	r := d.r
	var name string
	switch x := r.Intn(40); {
	case x < 3:
		name = "NoSuchGate"
	case x < 5:
		name = []string{"AllAlpha", "AllBeta"}[r.Intn(2)]
	case x < 7:
		return strings.ToLower(d.pick(c.names))
	case x < 14:
		name = d.pick(c.locked)
	case x < 20:
		name = d.pick(c.settled)
	case x < 27:
		name = d.pick(c.alpha)
	case x < 34:
		name = d.pick(c.beta)
	default:
		name = d.pick(c.names)
	}
	d.gates[name] = true
	return name
}

// gateValues are the values a gate may be given, valid or not.
var gateValues = []string{"true", "false", "true", "false", "True", "FALSE", "yes", "no", "on", "Off", "y", "\"true\"", "'false'", "1", "0", "null", "~", "\"\"", "[]", "{}", "1.0"}

func (c *Corpus) featureGates(d *doc) {
	r := d.r
	head := "featureGates"
	switch x := r.Intn(40); {
	case x == 0:
		head = "FeatureGates"
	case x == 1:
		head = "featureGate"
	case x == 2:
		head = "featuregates"
	case x == 3:
		d.add("featureGates: %s", []string{"null", "{}", "\"A=true\"", "[]", "42", ""}[r.Intn(6)])
		return
	case x == 4:
		// Flow style.
		k := c.gateKey(d)
		d.add("featureGates: {%s: %s}", k, gateValues[r.Intn(4)])
		return
	}
	d.add("%s:", head)
	n := 1 + r.Intn(4)
	var keys []string
	for i := 0; i < n; i++ {
		k := c.gateKey(d)
		v := gateValues[r.Intn(4)]
		if r.Intn(10) == 0 {
			v = gateValues[r.Intn(len(gateValues))]
		}
		d.add("  %s: %s", k, v)
		keys = append(keys, k)
	}
	if r.Intn(10) == 0 {
		// A duplicate key: strict decoding fails, the last value wins.
		d.add("  %s: %s", keys[0], gateValues[r.Intn(2)])
	}
}

func (c *Corpus) noise(d *doc) {
	r := d.r
	switch r.Intn(5) {
	case 0:
		d.add("unknownField: %d", r.Intn(10))
	case 1:
		d.add("MaxPods: 20")
	case 2:
		// A duplicated top-level field.
		d.add("featureGates:")
		d.add("  %s: %t", c.gateKey(d), r.Intn(2) == 0)
	case 3:
		d.add("maxPods: 30")
		d.add("maxPods: 40")
	default:
		d.add("nested:\n  deeper:\n    x: 1")
	}
}

// breakYAML damages a document: a tab indent, an unclosed quote or flow
// collection, a stray mapping.
func breakYAML(r *rng, text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	i := r.Intn(len(lines))
	switch r.Intn(4) {
	case 0:
		lines[i] = "\t" + strings.TrimLeft(lines[i], " ")
	case 1:
		lines[i] += " \"unclosed"
	case 2:
		lines = append(lines, "featureGates: {A: true")
	default:
		lines[i] += ": :"
	}
	return strings.Join(lines, "\n") + "\n"
}

// nestedBlock is one nested struct of KubeletConfiguration with values
// for its fields: the first of each list is well typed where some well
// typed value passes validation on every release, the others wrongly
// typed, badly formed or unknown keys. since is the first release
// with the field.
type nestedBlock struct {
	field string
	since int
	lines [][]string
}

// nestedBlocks are the nested structs' cases: json-iterator's (≤1.22)
// for authentication and authorization, sigs.k8s.io/json's (1.23+) for
// all.
var nestedBlocks = []nestedBlock{
	{"logging", 23, [][]string{
		{"  verbosity: 2", "  verbosity: high", "  verbosity: -1", "  verbosity: 1.5"},
		{"  flushFrequency: 5s", "  flushFrequency: 5000000000", "  flushFrequency: x", "  flushFrequency: 1.5", "  flushFrequency: {}"},
		{"  format: text", "  format: 1"},
		{"  vmodule:\n  - filePattern: a*\n    verbosity: 2", "  vmodule: x", "  vmodule:\n  - filePattern: 1", "  vmodule:\n  - verbosity: x\n  - v: 1"},
		{"  options:\n    json:\n      infoBufferSize: 1x", "  options:\n    json:\n      splitStream: yes!", "  options:\n    text:\n      splitStream: 1", "  sanitization: 1", "  zz: 1"},
	}},
	{"authentication", 18, [][]string{
		{"  webhook:\n    enabled: true", "  webhook:\n    enabled: \"yes\"", "  webhook:\n    enable: true", "  anonymous: 1", "  x509:\n    clientCAFile: 5"},
		{"  anonymous:\n    enabled: false", "  anonymous:\n    enabled: 0", "  anonymous: []"},
		{"  webhook:\n    cacheTTL: 2m", "  webhook:\n    cacheTTL: 2", "  webhook:\n    cacheTTL: 2x"},
	}},
	{"authorization", 18, [][]string{
		{"  mode: AlwaysAllow", "  mode: 1", "  mode: [AlwaysAllow]", "  modes: x"},
		{"  webhook:\n    cacheAuthorizedTTL: 5m", "  webhook:\n    cacheAuthorizedTTL: x", "  webhook:\n    cacheUnauthorizedTTL: 30", "  webhook: 1"},
	}},
	{"memorySwap", 23, [][]string{{"  swapBehavior: 1", "  swap: x"}}},
	{"tracing", 25, [][]string{{"  samplingRatePerMillion: x", "  endpoint: 1", "  endpoints: a"}}},
	{"userNamespaces", 33, [][]string{{"  idsPerPod: x", "  idsPerPod: 1.5", "  ids: 1"}}},
	{"reservedMemory", 23, [][]string{{"- numaNode: x", "- numaNode: 0\n  limits:\n    memory: 1Q", "- numaNode: 0\n  limits:\n    memory: 1e", "- numaNode: 0\n  limits: x", "- node: 0"}}},
	{"registerWithTaints", 23, [][]string{
		{"- key: a\n  effect: NoSchedule", "- key: a\n  effect: 1", "- key: a\n  effect: NoSchedule\n  timeAdded: \"2020\"", "- key: a\n  effect: NoSchedule\n  timeAdded: 5", "- key: a\n  effect: NoSchedule\n  x: 1", "- 1"},
		{"- key: b\n  effect: NoExecute", "- key: b\n  value: 1\n  effect: NoExecute"},
	}},
	{"shutdownGracePeriodByPodPriority", 23, [][]string{{"- priority: x", "- priority: 1\n  shutdownGracePeriodSeconds: 1.5", "- seconds: 1\n  priority: 1.5"}}},
}

// nested writes up to two nested structs, their fields mostly well typed.
func (c *Corpus) nested(d *doc, r *rng) {
	for k := r.Intn(4) - 1; k > 0; k-- {
		b := nestedBlocks[r.Intn(len(nestedBlocks))]
		if c.minor < b.since || d.used[b.field] {
			continue
		}
		var body []string
		for _, vals := range b.lines {
			if r.Intn(3) == 0 {
				continue
			}
			v := vals[0]
			if r.Intn(3) == 0 {
				v = vals[r.Intn(len(vals))]
			}
			body = append(body, v)
		}
		if len(body) == 0 {
			continue
		}
		if d.used == nil {
			d.used = map[string]bool{}
		}
		d.used[b.field] = true
		d.add("%s:", b.field)
		d.add("%s", strings.Join(body, "\n"))
	}
}

// validatedBlock is a top-level field with values that decode on every
// release from since and that ValidateKubeletConfiguration refuses or
// accepts, depending on the release and the gates.
type validatedBlock struct {
	field  string
	since  int
	values []string // none: validatedGen writes the block
}

// validatedGen writes the blocks of generated values.
var validatedGen = map[string]func(d *doc, r *rng){
	"tracing":                              tracingEndpoint,
	"preloadedImagesVerificationAllowlist": allowlist,
}

var validatedBlocks = []validatedBlock{
	{"registerWithTaints", 23, []string{
		"- key: a\n  effect: NoSchedule", "- null", "- key: a/b/c\n  effect: NoSchedule",
		"- key: Example.com/x\n  effect: NoExecute", "- key: example.com/x\n  value: \"-bad\"\n  effect: NoSchedule",
		"- key: a\n  effect: Evict", "- key: a\n  effect: NoSchedule\n  timeAdded: \"2020-01-02T03:04:05Z\"",
		"- key: \"\"\n  effect: PreferNoSchedule", "- key: k_1.x\n  value: v.1\n  effect: \"\"",
		"- key: a b\n  timeAdded: \"2020-01-02T03:04:05+02:00\"", "- key: x.io/" + strings.Repeat("n", 64),
		"- key: b\n  effect: NoExecute\n- key: c!\n  effect: NoSchedule"}},
	{"shutdownGracePeriod", 20, []string{"30s", "500ms", "-1s", "0s", "2m"}},
	{"shutdownGracePeriodCriticalPods", 20, []string{"10s", "1m", "100ms", "-5s", "0s"}},
	{"shutdownGracePeriodByPodPriority", 23, []string{"- priority: 0\n  shutdownGracePeriodSeconds: 30", "[]"}},
	{"memorySwap", 22, []string{"  swapBehavior: LimitedSwap", "  swapBehavior: NoSwap", "  swapBehavior: UnlimitedSwap",
		"  swapBehavior: bogus", "  swapBehavior: \"\"", "{}"}},
	{"reservedMemory", 21, []string{"- numaNode: 0\n  limits:\n    memory: 1Gi", "- numaNode: 0\n  limits:\n    memory: 0",
		"- numaNode: 1\n  limits:\n    cpu: 1\n    memory: 0.000", "- numaNode: 0\n  limits:\n    hugepages-2Mi: 0\n    memory: 1e-20",
		"- numaNode: 0\n  limits:\n    memory: 1Gi\n- numaNode: 0\n  limits:\n    memory: 2Gi",
		"- numaNode: 0\n  limits:\n    memory: e-10", "- numaNode: 0\n  limits:\n    memory: Pi", "- numaNode: 0\n  limits:\n    memory: +.Ei",
		"- numaNode: 0\n  limits:\n    memory: .e-9", "- numaNode: 2\n  limits:\n    memory: -0Ki", "- numaNode: 0\n  limits:\n    memory: Ti"}},
	{"logging", 22, []string{"  format: json", "  format: xml", "  format: text\n  vmodule:\n  - filePattern: \"a=b\"\n    verbosity: 1",
		"  vmodule:\n  - verbosity: 2", "  format: json\n  vmodule:\n  - filePattern: x\n    verbosity: 1",
		"  options:\n    text:\n      splitStream: true", "  options:\n    json:\n      infoBufferSize: 1Mi",
		"  options:\n    json:\n      infoBufferSize: \"0\"\n      splitStream: true", "  format: \"\""}},
	{"tracing", 25, []string{"  endpoint: localhost:4317", "  endpoint: http://collector:4317", "  endpoint: unix:///tmp/x",
		"  samplingRatePerMillion: -1", "  samplingRatePerMillion: 2000000", "  samplingRatePerMillion: 100", "  endpoint: //host",
		"  endpoint: HTTPS://x", "  endpoint: 1a:x", "{}"}},
	{"tracing", 25, nil},
	{"preloadedImagesVerificationAllowlist", 33, nil},
}

// Tracing endpoints for url.Parse, within what the model checks (the
// scheme and the port after a host not in brackets; core/kubeletstart
// urlparse.go): a scheme or none, userinfo, host pieces with colons and
// ports, a path, query or fragment.
var (
	endpointSchemes = []string{"", "", "dns://", "DNS://", "unix://", "unix-abstract://", "http://", "HTTPS://", "grpc://", "dns:", "dns:///"}
	endpointHosts   = []string{"a", "Z", "0", "9", ".", "-", "_", "~", ":", "::", ":80", ":x", ":4317", ":otlp", "localhost",
		"collector", "1.2.3.4", "é", "!", "*", "'", "+", "="}
	endpointTails = []string{"", "", "/", "/x", "/a:b", "?q", "#f", "?a:b#c:d", "?"}
)

// tracingEndpoint writes a tracing block with a generated endpoint.
func tracingEndpoint(d *doc, r *rng) {
	ep := pickOne(r, endpointSchemes...)
	if r.Intn(6) == 0 {
		ep += "u:p@"
	}
	ep += pickOne(r, "a", "collector", "localhost", "Z")
	for n := r.Intn(5); n > 0; n-- {
		ep += pickOne(r, endpointHosts...)
	}
	ep += pickOne(r, endpointTails...)
	d.add("tracing:")
	d.add("  endpoint: \"%s\"", ep)
	if r.Intn(4) == 0 {
		d.add("  samplingRatePerMillion: %d", []int{-1, 100, 2000000}[r.Intn(3)])
	}
}

// allowlist writes preloadedImagesVerificationAllowlist, mostly with the
// policy it needs, its patterns built from image reference parts.
func allowlist(d *doc, r *rng) {
	if !d.used["imagePullCredentialsVerificationPolicy"] && r.Intn(4) != 0 {
		d.used["imagePullCredentialsVerificationPolicy"] = true
		d.add("imagePullCredentialsVerificationPolicy: %s", []string{"NeverVerifyAllowlistedImages", "NeverVerifyAllowlistedImages",
			"NeverVerifyAllowlistedImages", "NeverVerifyPreloadedImages", "AlwaysVerify", "bogus"}[r.Intn(6)])
	}
	d.add("preloadedImagesVerificationAllowlist:")
	if r.Intn(10) == 0 {
		d.add("- null")
	}
	for n := 1 + r.Intn(3); n > 0; n-- {
		d.add("- \"%s\"", imagePattern(r))
	}
}

func pickOne(r *rng, xs ...string) string { return xs[r.Intn(len(xs))] }

// imagePattern is an allowlist pattern the model checks: wildcards, the
// pattern checks before the image reference parse, and canonical names
// the parse accepts in every release (the parse itself is not modelled).
func imagePattern(r *rng) string {
	return pickOne(r, "quay.io/*", "/*", "*", "quay.io/a*", "quay.io/*/*", " nginx", "nginx ", "", "docker.io/library/nginx",
		"quay.io/foo/bar", "localhost:5000/a", "registry.k8s.io/pause", "reg:5000/*", "[::1]/*", "docker.io/*", " quay.io/*",
		"quay.io/**", "a/b/c/*", "\\tquay.io/*", "quay.io/*\\u00a0")
}

// validated writes up to two validatedBlocks the document has not used.
func (c *Corpus) validated(d *doc, r *rng) {
	for k := r.Intn(5) - 1; k > 0; k-- {
		b := validatedBlocks[r.Intn(len(validatedBlocks))]
		if c.minor < b.since || d.used[b.field] {
			continue
		}
		if d.used == nil {
			d.used = map[string]bool{}
		}
		d.used[b.field] = true
		if b.values == nil {
			validatedGen[b.field](d, r)
		} else if v := b.values[r.Intn(len(b.values))]; strings.HasPrefix(v, " ") || strings.HasPrefix(v, "-") {
			d.add("%s:", b.field)
			d.add("%s", v)
		} else {
			d.add("%s: %s", b.field, v)
		}
		if gates := validatedGates[b.field]; len(gates) > 0 && r.Intn(2) == 0 {
			c.setGate(d, gates[r.Intn(len(gates))], r.Intn(2) == 0)
		}
	}
}

// validatedGates are the gates the checks of each field read.
var validatedGates = map[string][]string{
	"shutdownGracePeriod":                  {"GracefulNodeShutdown"},
	"shutdownGracePeriodCriticalPods":      {"GracefulNodeShutdown"},
	"shutdownGracePeriodByPodPriority":     {"GracefulNodeShutdownBasedOnPodPriority", "GracefulNodeShutdown"},
	"memorySwap":                           {"NodeSwap"},
	"logging":                              {"LoggingAlphaOptions", "LoggingBetaOptions"},
	"tracing":                              {"KubeletTracing"},
	"preloadedImagesVerificationAllowlist": {"KubeletEnsureSecretPulledImages"},
}

// setGate sets a gate the release registers in the document's plain
// featureGates block, or in a new one; a gate the document already names
// is left as it is.
func (c *Corpus) setGate(d *doc, name string, on bool) {
	known := false
	for _, n := range c.names {
		known = known || n == name
	}
	if !known || d.gates[name] {
		return
	}
	d.gates[name] = true
	line := fmt.Sprintf("  %s: %t", name, on)
	for i, l := range d.lines {
		if l == "featureGates:" {
			d.lines = append(d.lines[:i+1], append([]string{line}, d.lines[i+1:]...)...)
			return
		}
	}
	for _, l := range d.lines {
		if strings.HasPrefix(l, "featureGates") || strings.HasPrefix(l, "FeatureGates") {
			return // flow style or another spelling: leave the document alone
		}
	}
	d.add("featureGates:")
	d.add("%s", line)
}
