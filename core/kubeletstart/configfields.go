package kubeletstart

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Configuration fields besides the gates. ValidateKubeletConfiguration
// checks the merged configuration (defaults < --config < drop-ins < flags);
// the model follows the numeric and enum fields people edit most, with the
// defaulting and merge rules of each release, so that the checks see the
// values the kubelet would see. Other fields are neither tracked nor checked.

type fieldKind uint8

const (
	fInt32 fieldKind = iota
	fInt64
	fString
	fUint32
)

// configField is one tracked KubeletConfiguration field.
type configField struct {
	// path is the v1beta1 JSON path: a top-level name, or "logging.verbosity".
	path string
	// goName is the internal type's Go field name: json.Marshal of the
	// internal configuration (the 1.29–1.31 drop-in merge base) writes it
	// as the key.
	goName string
	kind   fieldKind
	// pointer: the v1beta1 field is a pointer, so an explicit zero survives
	// defaulting; a plain field's zero is replaced by the default.
	pointer bool
	// flag is the command-line flag bound to the field, if any.
	flag string
	// since is the first minor the field exists in (0: always).
	since int
	// def is the v1beta1 default (nil: zero, no defaulting), def127 the
	// default from 1.27 on when 1.27 raised it (kubernetes/kubernetes#116121:
	// event and API client limits ×10). Plain values, not functions, so
	// that the table is data the compiler lays out, not code run at start.
	def, def127 any
}

// configFields are the tracked fields, read from each release's
// pkg/kubelet/apis/config/v1beta1/defaults.go (defaults identical 1.18–1.37
// except where def127 says otherwise).
var configFields = []configField{
	{path: "nodeLeaseDurationSeconds", goName: "NodeLeaseDurationSeconds", def: int64(40)},
	{path: "eventBurst", goName: "EventBurst", flag: "event-burst", def: int64(10), def127: int64(100)},
	{path: "eventRecordQPS", goName: "EventRecordQPS", pointer: true, flag: "event-qps", def: int64(5), def127: int64(50)},
	{path: "healthzPort", goName: "HealthzPort", pointer: true, flag: "healthz-port", def: int64(10248)},
	{path: "imageGCHighThresholdPercent", goName: "ImageGCHighThresholdPercent", pointer: true, flag: "image-gc-high-threshold", def: int64(85)},
	{path: "imageGCLowThresholdPercent", goName: "ImageGCLowThresholdPercent", pointer: true, flag: "image-gc-low-threshold", def: int64(80)},
	{path: "iptablesDropBit", goName: "IPTablesDropBit", pointer: true, flag: "iptables-drop-bit", def: int64(15)},
	{path: "iptablesMasqueradeBit", goName: "IPTablesMasqueradeBit", pointer: true, flag: "iptables-masquerade-bit", def: int64(14)},
	{path: "kubeAPIBurst", goName: "KubeAPIBurst", flag: "kube-api-burst", def: int64(10), def127: int64(100)},
	{path: "kubeAPIQPS", goName: "KubeAPIQPS", pointer: true, flag: "kube-api-qps", def: int64(5), def127: int64(50)},
	{path: "nodeStatusMaxImages", goName: "NodeStatusMaxImages", pointer: true, flag: "node-status-max-images", since: 19, def: int64(50)},
	{path: "maxOpenFiles", goName: "MaxOpenFiles", kind: fInt64, flag: "max-open-files", def: int64(1000000)},
	{path: "maxPods", goName: "MaxPods", flag: "max-pods", def: int64(110)},
	{path: "oomScoreAdj", goName: "OOMScoreAdj", pointer: true, flag: "oom-score-adj", def: int64(-999)},
	{path: "podsPerCore", goName: "PodsPerCore", flag: "pods-per-core"},
	{path: "port", goName: "Port", flag: "port", def: int64(10250)},
	{path: "readOnlyPort", goName: "ReadOnlyPort", flag: "read-only-port"},
	{path: "registryBurst", goName: "RegistryBurst", flag: "registry-burst", def: int64(10)},
	{path: "registryPullQPS", goName: "RegistryPullQPS", pointer: true, flag: "registry-qps", def: int64(5)},
	{path: "hairpinMode", goName: "HairpinMode", kind: fString, flag: "hairpin-mode", def: "promiscuous-bridge"},
	// Filled by defaulting while KubeletEnsureSecretPulledImages is on
	// (gatedfields.go).
	{path: imagePullPolicy, goName: "ImagePullCredentialsVerificationPolicy", kind: fString, since: 33},
	// logging.verbosity (1.23+: --v is bound to the configuration and
	// applied when logging is initialised).
	{path: "logging.verbosity", goName: "Logging.Verbosity", kind: fUint32, flag: "v", since: 23},
}

// fieldValue is a field's value in the configuration being built, with
// where it came from (source "default" for defaults).
type fieldValue struct {
	val  any // int64 or string
	from origin
}

// configState is the tracked part of the internal KubeletConfiguration.
type configState map[string]fieldValue

func (c configField) in(e era) bool { return c.since == 0 || e.minor >= c.since }

func (c configField) zero() any {
	if c.kind == fString {
		return ""
	}
	return int64(0)
}

func (c configField) defaultValue(minor int) any {
	switch {
	case c.def == nil:
		return c.zero()
	case c.def127 != nil && minor >= 27:
		return c.def127
	}
	return c.def
}

// defaultsState is a defaulted empty configuration: what the kubelet holds
// before it reads a file.
func defaultsState(e era) configState {
	st := configState{}
	for _, c := range configFields {
		if c.in(e) {
			st[c.path] = fieldValue{val: c.defaultValue(e.minor), from: origin{source: "default"}}
		}
	}
	return st
}

// lookupPath finds a field in a decoded document: present is false when
// the key is missing (or, for a nested path, its parent is not an object).
func lookupPath(obj map[string]any, path string) (v any, present bool) {
	cur := obj
	parts := strings.Split(path, ".")
	for i, p := range parts {
		v, ok := cur[p]
		if !ok {
			return nil, false
		}
		if i == len(parts)-1 {
			return v, true
		}
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		cur = m
	}
	return nil, false
}

// convert turns a decoded JSON value into the field's Go value. ok is false
// for a value the real decoder would refuse (wrong type, fraction,
// overflow), which the main file's decoding has already reported, as has
// the merge of 1.32+ drop-ins (those of 1.29–1.31 are not type-checked:
// the model leaves the field as it was).
// jsonIter: json-iterator reads an int32 modulo 2^32 and lets a value past
// int32's range through unless it passes 2^32 too (5000000000 is read as
// 705032704, -5000000000 as -705032704).
func (c configField) convert(v any, jsonIter bool) (any, bool) {
	switch c.kind {
	case fString:
		s, ok := v.(string)
		return s, ok
	default:
		f, ok := v.(float64)
		if !ok || f != math.Trunc(f) {
			return nil, false
		}
		lo, hi := float64(math.MinInt32), float64(math.MaxInt32)
		switch c.kind {
		case fInt64:
			lo, hi = -(1 << 63), (1<<63)-1
		case fUint32:
			lo, hi = 0, math.MaxUint32
		}
		if f < lo || f > hi {
			if jsonIter && c.kind == fInt32 && math.Abs(f) < 1<<53 {
				n := int64(uint32(uint64(math.Abs(f))))
				if f < 0 {
					n = -n
				}
				return n, true
			}
			return nil, false
		}
		return int64(f), true
	}
}

func isZero(v any) bool {
	switch t := v.(type) {
	case int64:
		return t == 0
	case string:
		return t == ""
	}
	return v == nil
}

// decodedState is a file decoded and defaulted on its own (the main
// config file, and 1.28's drop-ins): present values, defaults for the rest
// and for a plain field's zero.
func (r *run) decodedState(obj map[string]any, pos *positions, input, path string) configState {
	st := configState{}
	for _, c := range configFields {
		if !c.in(r.e) {
			continue
		}
		fv := fieldValue{val: c.defaultValue(r.e.minor), from: origin{source: "default"}}
		if raw, present := lookupPath(obj, c.path); present && raw != nil {
			if v, ok := c.convert(raw, r.e.jsonIter); ok {
				if c.pointer || !isZero(v) {
					fv = fieldValue{val: v, from: origin{source: input, path: path, at: pos.field(c.path)}}
				}
			} else {
				r.skippedField(c, input, path, pos.field(c.path), raw)
			}
		}
		st[c.path] = fv
	}
	r.noteNested(st, obj, pos, input, path)
	return st
}

func (r *run) skippedField(c configField, input, path string, at Span, raw any) {
	r.diag(input, path, at, "warning", fmt.Sprintf("%s: the value %s is not a valid %s; the real kubelet fails to decode it, which the model does not reproduce (the field is left unchecked)",
		c.path, compactJSON(raw), c.typeName()))
}

func (c configField) typeName() string {
	switch c.kind {
	case fString:
		return "string"
	case fInt64:
		return "int64"
	case fUint32:
		return "uint32"
	}
	return "int32"
}

func compactJSON(v any) string {
	b, err := jsonMarshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// applyDropin folds one drop-in into the tracked fields as the 1.32+
// merge does: on the v1beta1 document, a null resets to the default, and
// the merged configuration is defaulted again. (1.29–1.31: ontoInternal.)
func (r *run) applyDropin(st configState, obj map[string]any, pos *positions, path string) {
	r.mergeNested(st, obj, pos, path)
	for _, c := range configFields {
		if !c.in(r.e) {
			continue
		}
		raw, present := lookupPath(obj, c.path)
		if !present {
			continue
		}
		from := origin{source: "dropin", path: path, at: pos.field(c.path)}
		if raw == nil {
			st[c.path] = fieldValue{val: c.defaultValue(r.e.minor), from: origin{source: "default"}}
			continue
		}
		v, ok := c.convert(raw, r.e.jsonIter)
		if !ok {
			continue // the merge fails (mergedFieldsDecode)
		}
		if !c.pointer && isZero(v) {
			v, from = c.defaultValue(r.e.minor), origin{source: "default"}
		}
		st[c.path] = fieldValue{val: v, from: from}
	}
}

// foldedFields is the 1.32+ decode of the merged drop-ins' keys that name
// a field without its case: encoding/json reads the keys in sorted order
// and matches them without case, so the last spelling present sets the
// field ("maxpods" after "maxPods", "PodsPerCore" before "podsPerCore"
// only where the base's own key is absent: a zero value it omits, or a
// drop-in's null).
func (r *run) foldedFields(doc map[string]any, fileCfg configState, nulled map[string]bool, setBy map[string]dropinSource) {
	for _, c := range configFields {
		if !c.in(r.e) || strings.Contains(c.path, ".") {
			continue
		}
		last := ""
		if _, ok := doc[c.path]; ok {
			last = c.path
		} else if bv := fileCfg[c.path].val; !nulled[c.path] && bv != nil && (c.pointer || !isZero(bv)) {
			last = c.path
		}
		for k, v := range doc {
			if k > last && v != nil && strings.EqualFold(k, c.path) {
				last = k
			}
		}
		if last == "" || last == c.path {
			continue
		}
		v, ok := c.convert(doc[last], r.e.jsonIter)
		if !ok {
			continue // the merge fails (mergedFieldsDecode)
		}
		src := setBy[last]
		from := origin{source: "dropin", path: src.path, at: src.pos.top(last)}
		if !c.pointer && isZero(v) {
			v, from = c.defaultValue(r.e.minor), origin{source: "default"}
		}
		r.cfg[c.path] = fieldValue{val: v, from: from}
	}
}

// mergoDropin is 1.28's merge: the drop-in is decoded and defaulted on its
// own, then every non-zero field overrides the base, defaults included.
func (r *run) mergoDropin(st configState, obj map[string]any, pos *positions, path string) {
	for k, fv := range r.decodedState(obj, pos, "dropin", path) {
		if !isZero(fv.val) && !isNested(k) {
			st[k] = fv
		}
	}
	r.mergoNested(st, obj, pos, path)
}

// isNested says the state entry is one of nestedFields.
func isNested(name string) bool {
	for _, n := range nestedFields {
		if n == name {
			return true
		}
	}
	return false
}

// applyFlags is the flag-precedence re-parse for the tracked fields: a flag
// on the command line overrides every file, after defaulting.
func (r *run) applyFlags(st configState) {
	for _, c := range configFields {
		if !c.in(r.e) || c.flag == "" {
			continue
		}
		s, ok := r.fv.values[c.flag]
		if !ok {
			continue
		}
		if c.kind == fString {
			st[c.path] = fieldValue{val: s, from: r.flagOrigin(c.flag)}
			continue
		}
		n, err := strconv.ParseInt(s, 0, 64)
		if err != nil {
			continue
		}
		st[c.path] = fieldValue{val: n, from: r.flagOrigin(c.flag)}
	}
}

func (st configState) int(path string) int64 {
	n, _ := st[path].val.(int64)
	return n
}

func (st configState) str(path string) string {
	s, _ := st[path].val.(string)
	return s
}
