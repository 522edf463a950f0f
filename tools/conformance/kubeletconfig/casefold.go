package kubeletconfig

import (
	"regexp"
	"strings"
	"unicode"
)

// Keys spelt in another case. The config file (and a 1.28 drop-in) is
// decoded case-sensitively at every level, so such a key is an unknown
// field there; 1.29–1.31 drop-ins fold onto the internal type's Go names,
// 1.32+ drop-ins onto the JSON names, without case at every level and in
// sorted key order. caseFold writes them from a stream of its own (so the
// other draws of a seed stay as they were): it respells some keys the
// document already has, gives a second spelling of some, and adds blocks
// whose keys, top-level or nested, are spelt otherwise, with values that
// pass or fail decoding, validation or the logging set-up.

// keyLine is a physical line holding a mapping key: indentation, an
// optional sequence indicator, the key, and what follows the colon.
var keyLine = regexp.MustCompile(`^(\s*)(- )?([A-Za-z][A-Za-z0-9]*):(\s.*|)$`)

// foldableKeys are the struct fields' JSON names the corpus writes (and a
// few unknown keys, which stay unknown in any case); map keys (resource
// names, gate names) and the type meta are left alone.
var foldableKeys = func() map[string]bool {
	keys := map[string]bool{"crashLoopBackOff": true, "maxContainerRestartPeriod": true,
		"imagePullCredentialsVerificationPolicy": true, "preloadedImagesVerificationAllowlist": true}
	for _, n := range trackedNames {
		keys[n] = true
	}
	add := func(text string) {
		for _, l := range strings.Split(text, "\n") {
			if m := keyLine.FindStringSubmatch(l); m != nil {
				keys[m[3]] = true
			}
		}
	}
	for _, b := range nestedBlocks {
		keys[b.field] = true
		for _, vals := range b.lines {
			for _, v := range vals {
				add(v)
			}
		}
	}
	for _, b := range validatedBlocks {
		keys[b.field] = true
		for _, v := range b.values {
			add(v)
		}
	}
	for _, k := range []string{"memory", "cpu", "apiVersion", "kind", "featureGates", "y"} {
		delete(keys, k)
	}
	return keys
}()

// respell is key in another case: lower, upper-first, upper, or an odd
// mix (now and then with the Kelvin sign or the long s, which
// encoding/json's folding matches to k and s).
func respell(r *rng, key string) string {
	for range 4 {
		var s string
		switch r.Intn(6) {
		case 0, 1:
			s = strings.ToLower(key)
		case 2:
			s = strings.ToUpper(key[:1]) + key[1:]
		case 3:
			s = strings.ToUpper(key)
		default:
			b := []rune(key)
			for i, c := range b {
				switch {
				case (c == 'k' || c == 'K') && r.Intn(6) == 0:
					b[i] = '\u212a'
				case c == 's' && r.Intn(6) == 0:
					b[i] = '\u017f'
				case r.Intn(3) != 0:
				case unicode.IsUpper(c):
					b[i] = unicode.ToLower(c)
				default:
					b[i] = unicode.ToUpper(c)
				}
			}
			s = string(b)
		}
		if s != key {
			return s
		}
	}
	return strings.ToUpper(key)
}

// caseBlock is a block whose keys are spelt in another case, from the
// release since; gates are the gates its checks read.
type caseBlock struct {
	since int
	text  string
	gates []string
}

var caseBlocks = []caseBlock{
	{23, "Logging:\n  Format: xml", nil},
	{23, "Logging:\n  format: json", []string{"LoggingBetaOptions"}},
	{23, "logging:\n  Verbosity: 3", nil},
	{23, "logging:\n  VERBOSITY: 3000000000", nil},
	{23, "logging:\n  VModule:\n  - FilePattern: \"\"\n    Verbosity: 1", nil},
	{23, "logging:\n  vmodule:\n  - filepattern: a*\n    VERBOSITY: 2", nil},
	{23, "Logging:\n  VModule:\n  - filePattern: \"a=b\"\n    verbosity: 1", nil},
	{23, "logging:\n  format: json\n  Format: text", []string{"LoggingBetaOptions"}},
	{23, "logging:\n  Format: json\n  vmodule:\n  - filePattern: x\n    verbosity: 1", []string{"LoggingBetaOptions"}},
	{23, "logging:\n  FlushFrequency: 2s", nil},
	{28, "logging:\n  flushfrequency: -5", nil},
	{23, "LOGGING:\n  flushFrequency: x", nil},
	{25, "logging:\n  Options:\n    JSON:\n      InfoBufferSize: 1Mi", []string{"LoggingAlphaOptions"}},
	{25, "logging:\n  options:\n    Json:\n      infoBufferSize: 1x", nil},
	{30, "Logging:\n  Options:\n    Text:\n      SplitStream: true", []string{"LoggingAlphaOptions"}},
	{18, "Authentication:\n  webhook:\n    enabled: true", nil},
	{18, "authentication:\n  Webhook:\n    Enabled: true\n    CacheTTL: 2m", nil},
	{18, "authentication:\n  webhook:\n    cachettl: 2x", nil},
	{18, "authentication:\n  Anonymous:\n    Enabled: \"yes\"", nil},
	{18, "authentication:\n  X509:\n    ClientCAFile: /etc/ca.crt", nil},
	{18, "authorization:\n  Mode: Webhook\n  WEBHOOK:\n    CacheAuthorizedTTL: 5m", nil},
	{18, "authorization:\n  webhook:\n    cacheUnAuthorizedTTL: x", nil},
	{18, "Authorization:\n  mode: AlwaysAllow", nil},
	{20, "shutdowngraceperiod: -1s", []string{"GracefulNodeShutdown"}},
	{20, "ShutdownGracePeriod: 30s", []string{"GracefulNodeShutdown"}},
	{20, "shutdowngraceperiod: 10s\nShutdownGracePeriodCriticalPods: 20s", []string{"GracefulNodeShutdown"}},
	{20, "shutdownGracePeriodcriticalpods: 1m", []string{"GracefulNodeShutdown"}},
	{20, "SHUTDOWNGRACEPERIOD: 500ms", []string{"GracefulNodeShutdown"}},
	{23, "ShutdownGracePeriodByPodPriority:\n- Priority: 0\n  ShutdownGracePeriodSeconds: 30", []string{"GracefulNodeShutdownBasedOnPodPriority", "GracefulNodeShutdown"}},
	{23, "shutdownGracePeriodByPodPriority:\n- priority: 1\n  shutdowngraceperiodseconds: 1.5", nil},
	{23, "shutdowngraceperiodbypodpriority:\n- Priority: x", nil},
	{23, "RegisterWithTaints:\n- Key: a\n  Effect: NoSchedule", nil},
	{23, "RegisterWithTaints:\n- Key: a b\n  Effect: Evict", nil},
	{23, "registerwithtaints:\n- key: a\n  EFFECT: NoSchedule\n  TimeAdded: \"2020-01-02T03:04:05Z\"", nil},
	{23, "registerWithTaints:\n- Key: x\n  Value: \"-bad\"\n  effect: NoExecute", nil},
	{23, "registerWithTaints:\n- key: a\n  Key: b\n  effect: NoSchedule", nil},
	{22, "MemorySwap:\n  SwapBehavior: bogus", []string{"NodeSwap"}},
	{22, "memoryswap:\n  swapbehavior: LimitedSwap", []string{"NodeSwap"}},
	{22, "memorySwap:\n  SwapBehavior: NoSwap", []string{"NodeSwap"}},
	{23, "memorySwap:\n  SwapBehavior: 1", nil},
	{21, "ReservedMemory:\n- NumaNode: 0\n  Limits:\n    memory: 0", nil},
	{21, "reservedMemory:\n- numanode: 0\n  limits:\n    Memory: 1Gi", nil},
	{25, "Tracing:\n  SamplingRatePerMillion: -1", []string{"KubeletTracing"}},
	{25, "tracing:\n  Endpoint: \"http://a:1:2\"", []string{"KubeletTracing"}},
	{25, "TRACING:\n  endpoint: \"dns://c:otlp\"\n  samplingratepermillion: 100", []string{"KubeletTracing"}},
	{25, "tracing:\n  endPoint: localhost:4317", []string{"KubeletTracing"}},
	{32, "CrashLoopBackOff:\n  MaxContainerRestartPeriod: 0s", []string{"KubeletCrashLoopBackOffMax"}},
	{32, "crashloopbackoff:\n  maxcontainerrestartperiod: 1m", []string{"KubeletCrashLoopBackOffMax"}},
	{32, "crashLoopBackOff:\n  MaxContainerRestartPeriod: 10s", []string{"KubeletCrashLoopBackOffMax"}},
	{32, "crashloopbackoff:\n  maxcontainerrestartperiod: 0s", []string{"KubeletCrashLoopBackOffMax"}},
	{32, "crashLoopBackOff:\n  MAXCONTAINERRESTARTPERIOD: 400s", []string{"KubeletCrashLoopBackOffMax"}},
	{32, "CrashLoopBackOff:\n  maxContainerRestartPeriod: 2s", []string{"KubeletCrashLoopBackOffMax"}},
	{33, "imagepullcredentialsverificationpolicy: bogus", []string{"KubeletEnsureSecretPulledImages"}},
	{33, "ImagePullCredentialsVerificationPolicy: AlwaysVerify", []string{"KubeletEnsureSecretPulledImages"}},
	{33, "imagePullCredentialsVerificationPolicy: NeverVerifyAllowlistedImages\npreloadedimagesverificationallowlist:\n- \"/*\"", []string{"KubeletEnsureSecretPulledImages"}},
	{33, "PreloadedImagesVerificationAllowlist:\n- \"quay.io/*\"", []string{"KubeletEnsureSecretPulledImages"}},
	{33, "UserNamespaces:\n  IdsPerPod: 1.5", nil},
	{33, "userNamespaces:\n  idsperpod: 65536", nil},
	{18, "MAXPODS: 20", nil},
	{18, "maxpods: -3\nMaxPods: 30", nil},
	{18, "HairpinMode: bogus", nil},
	{18, "eventrecordqps: -1", nil},
	{18, "Port: 70000", nil},
}

// caseFold respells keys of d, gives some a second spelling, and adds up
// to two caseBlocks; it does nothing most of the time (often: every other
// time).
func (c *Corpus) caseFold(d *doc, r *rng, often bool) {
	if r.Intn(map[bool]int{false: 4, true: 2}[often]) != 0 {
		return
	}
	respellOdds := 3 + r.Intn(6)
	var out []string
	for _, item := range d.lines {
		var lines []string
		for _, l := range strings.Split(item, "\n") {
			m := keyLine.FindStringSubmatch(l)
			if m == nil || !foldableKeys[m[3]] {
				lines = append(lines, l)
				continue
			}
			key := m[3]
			if r.Intn(respellOdds) == 0 {
				key = respell(r, key)
			}
			lines = append(lines, m[1]+m[2]+key+":"+m[4])
			if strings.TrimSpace(m[4]) != "" && r.Intn(12) == 0 {
				// Both spellings of a field with a value on its line.
				ind := m[1]
				if m[2] != "" {
					ind += "  "
				}
				lines = append(lines, ind+respell(r, m[3])+":"+m[4])
			}
		}
		out = append(out, strings.Join(lines, "\n"))
	}
	d.lines = out
	for k := r.Intn(3); k > 0; k-- {
		b := caseBlocks[r.Intn(len(caseBlocks))]
		if c.minor < b.since {
			continue
		}
		top := b.text[:strings.IndexAny(b.text, ":")]
		dup := false
		for _, l := range d.lines {
			dup = dup || strings.HasPrefix(l, top+":")
		}
		if dup {
			continue
		}
		d.add("%s", b.text)
		if len(b.gates) > 0 && r.Intn(2) == 0 {
			c.setGate(d, b.gates[r.Intn(len(b.gates))], r.Intn(3) != 0)
		}
	}
}
