package kubeletstart

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// sigs.k8s.io/json (apimachinery's decoder from 1.23) is encoding/json made
// case-sensitive: a value of the wrong JSON type is a type error that is
// remembered while decoding goes on, and the first one in document order
// (the converted JSON's keys are sorted) is returned at the end; an error
// of a type's own UnmarshalJSON (metav1.Duration's) stops decoding at once
// and is returned instead; when it is an encoding/json type error (a
// Duration given a number) the decoder names the field in it too, its
// struct being the innermost one ("CrashLoopBackOffConfig.crashLoopBackOff.
// maxContainerRestartPeriod": every version pinned 1.23–1.37 aliases
// encoding/json's UnmarshalTypeError and adds its context to it).

// sigsDecode type-checks the fields a release has, nested structs'
// included, and decodes featureGates. bad is where the error is: a field
// path with element indexes ("registerWithTaints[1].effect") or, with
// gate, the gate. The members are read in document order, which is the
// decoder's.
func sigsDecode(js []byte, minor int) (gates map[string]bool, bad string, gate bool, err error) {
	gates, bad, gate, _, err = sigsDecodeStrict(js, minor)
	return gates, bad, gate, err
}

// sigsDecodeStrict is sigsDecode that also lists the unknown fields, as
// sigsUnknown, in the same walk.
func sigsDecodeStrict(js []byte, minor int) (gates map[string]bool, bad string, gate bool, unknown []string, err error) {
	w := sigsWalk{minor: minor, unknown: []string{}}
	gates, gate = w.config(js)
	switch {
	case w.abort != nil:
		return nil, w.abortAt, false, nil, w.abort
	case w.typeErr != nil:
		return nil, w.typeAt, gate, nil, w.typeErr
	}
	return gates, "", false, w.unknown, nil
}

// config walks a KubeletConfiguration document; gate says the type error
// is about a gate (typeAt names it).
func (w *sigsWalk) config(js []byte) (gates map[string]bool, gate bool) {
	minor := w.minor
	jsonMembers(js, func(key, val []byte) bool {
		name, ok := plainKey(key)
		written := string(name)
		switch {
		case ok && w.internal:
			name = []byte(foldInternalField(minor, written))
		case ok && w.fold && !configFieldKnown(minor, written):
			name = []byte(foldField(minor, written))
		}
		if !ok || !configFieldKnown(minor, string(name)) {
			if w.unknown != nil {
				w.unknown = append(w.unknown, unquoteKey(key))
			}
			return true
		}
		t, ok := configType(minor, string(name))
		if !ok {
			return true // apiVersion, kind
		}
		field := string(name)
		if w.internal {
			field = t.goName
		}
		if t.code == 'g' {
			g, badGate, err := gatesFromJSON(val, field)
			if err != nil && w.typeErr == nil {
				w.typeErr, w.typeAt, gate = err, badGate, true
			}
			gates = g
			return true
		}
		return w.value(t, val, "KubeletConfiguration", field, written)
	})
	return gates, gate
}

// foldField is the field a key names when matched without case, as
// encoding/json matches it (the merged drop-ins of 1.32+), or the key.
func foldField(minor int, key string) string {
	for f := range configFieldSince() {
		if strings.EqualFold(f, key) && configFieldKnown(minor, f) {
			return f
		}
	}
	return key
}

// foldInternalField is the field a key names in the internal
// KubeletConfiguration (the 1.29–1.31 drop-in merge decodes into it), whose
// fields have no JSON tags: encoding/json matches the key against the Go
// field name without case, so "maxPods" is MaxPods but "resolvConf" names
// no field (ResolverConfig) and is ignored there. "" for no field.
func foldInternalField(minor int, key string) string {
	for f := range configFieldSince() {
		if t, ok := configType(minor, f); ok && strings.EqualFold(t.goName, key) {
			return f
		}
	}
	return ""
}

// foldNested is foldField for a nested struct's fields.
func foldNested(strct string, minor int, key string) string {
	for _, f := range nestedTypes()[strct] {
		if strings.EqualFold(f.json, key) && minor >= f.from && (f.to == 0 || minor <= f.to) {
			return f.json
		}
	}
	return key
}

// sigsUnknown lists the fields strict decoding reports as unknown (of a
// document that decodes), in document order, each by its path from the
// top with element indexes ("authentication.webhook.x",
// "registerWithTaints[0].x"): sigs.k8s.io/json checks every struct,
// nested ones included, and none of the maps.
func sigsUnknown(js []byte, minor int) []string {
	w := sigsWalk{minor: minor, unknown: []string{}}
	w.config(js)
	return w.unknown
}

// unquoteKey is a member's key as the decoder read it.
func unquoteKey(q []byte) string {
	var s string
	if json.Unmarshal(q, &s) != nil {
		return string(q)
	}
	return s
}

// sigsWalk follows sigs.k8s.io/json through one document: the first type
// error (kept while decoding goes on), the UnmarshalJSON error that stops
// it, and, when unknown is not nil, the unknown fields.
type sigsWalk struct {
	minor           int
	typeErr, abort  error
	typeAt, abortAt string
	unknown         []string
	// fold: keys match fields without case (encoding/json, the 1.32+
	// drop-in merge), where sigs.k8s.io/json matches them exactly.
	fold bool
	// internal: the document is decoded into the internal configuration
	// (1.29–1.31 drop-ins): keys match its Go field names without case,
	// and errors name its fields and types (KubeletConfiguration.MaxPods,
	// config.KubeletAuthentication). Structs of other packages (v1.Taint,
	// logging, tracing) keep their JSON names.
	internal bool
}

// value checks one value against its field's type; false stops the walk.
// A type error names the innermost struct being decoded and the path from
// the top without indexes ("KubeletWebhookAuthentication.authentication.
// webhook.enabled"); at is the same path with indexes.
func (w *sigsWalk) value(t fieldType, raw []byte, strct, path, at string) bool {
	kind := rawKind(raw)
	switch t.code {
	case 'd', 'D':
		return w.stop(durationError(raw, kind, t.code == 'D', strct+"."+path), at)
	case 'q':
		return w.stop(quantityError(raw), at)
	case 't':
		return w.stop(timeOrMetaDurationError(raw, kind), at)
	case 'T':
		return w.stop(metaTimeError(raw, kind, strct+"."+path), at)
	}
	if kind == "null" {
		return true
	}
	if kind != t.jsonKind() {
		w.mismatch(kind, strct+"."+path, w.typeName(t), at)
		return true
	}
	switch t.code {
	case 'i', 'I', 'u':
		var err error
		switch t.code {
		case 'i':
			_, err = strconv.ParseInt(string(raw), 10, 32)
		case 'I':
			_, err = strconv.ParseInt(string(raw), 10, 64)
		default:
			_, err = strconv.ParseUint(string(raw), 10, 32)
		}
		if err != nil {
			w.mismatch("number "+string(raw), strct+"."+path, w.typeName(t), at)
		}
	case 'o':
		inner := t.name[strings.IndexByte(t.name, '.')+1:]
		more := true
		jsonMembers(raw, func(key, val []byte) bool {
			name, ok := plainKey(key)
			written := string(name)
			ft, errPath, known := nestedType(t.name, w.minor, written)
			if ok && !known && w.fold {
				ft, errPath, known = nestedType(t.name, w.minor, foldNested(t.name, w.minor, written))
			}
			if !ok || !known {
				if w.unknown != nil {
					w.unknown = append(w.unknown, at+"."+unquoteKey(key))
				}
				return true
			}
			switch {
			case w.internal && strings.HasPrefix(t.name, "v1beta1."):
				errPath = goFieldName(errPath)
			case w.fold:
				errPath = stdlibPromoted(t.name, w.minor, errPath)
			}
			more = w.value(ft, val, inner, path+"."+errPath, at+"."+written)
			return more
		})
		return more
	case 'm', 'M', 'Q':
		elem := fieldType{code: 's'}
		switch t.code {
		case 'M':
			elem.code = 'l'
		case 'Q':
			elem.code = 'q'
		}
		more := true
		jsonMembers(raw, func(key, val []byte) bool {
			more = w.value(elem, val, strct, path, at+"."+unquoteKey(key))
			return more
		})
		return more
	case 'l', 'L', 'a':
		elem := fieldType{code: 's'}
		switch t.code {
		case 'L':
			elem.code = 'i'
		case 'a':
			elem = t.elem()
		}
		more, i := true, 0
		jsonElements(raw, func(val []byte) bool {
			more = w.value(elem, val, strct, path, at+"["+strconv.Itoa(i)+"]")
			i++
			return more
		})
		return more
	}
	return true
}

// stdlibPromoted is a promoted field's part of an encoding/json type
// error's path (the drop-in merge's decoder): Go 1.24's encoding/json
// names the embedded struct too ("OutputRoutingOptions.splitStream"), and
// the newest patch of 1.31 (1.31.14) is the first kubelet built with it
// (1.29.15 and 1.30.14 with Go 1.23); sigs.k8s.io/json, the file's decoder,
// does so from 1.35 (nestedTypeTable).
func stdlibPromoted(strct string, minor int, errPath string) string {
	if minor < 31 || strings.Contains(errPath, ".") {
		return errPath
	}
	if _, p, ok := nestedType(strct, 35, errPath); ok {
		return p
	}
	return errPath
}

// typeName is the type a type error names: the internal configuration's
// types live in package config.
func (w *sigsWalk) typeName(t fieldType) string {
	n := t.goTypeName()
	if w.internal {
		return strings.Replace(n, "v1beta1.", "config.", 1)
	}
	return n
}

// goFieldName is the Go name of a field of a kubelet config struct, its
// JSON name capitalised (x509 is X509, cacheTTL CacheTTL).
func goFieldName(json string) string {
	return strings.ToUpper(json[:1]) + json[1:]
}

// mismatch remembers a type error, if it is the first.
func (w *sigsWalk) mismatch(value, field, typ, at string) {
	if w.typeErr == nil {
		w.typeErr = fmt.Errorf("json: cannot unmarshal %s into Go struct field %s of type %s", value, field, typ)
		w.typeAt = at
	}
}

// stop records an UnmarshalJSON error, which ends decoding.
func (w *sigsWalk) stop(err error, at string) bool {
	if err == nil {
		return true
	}
	w.abort, w.abortAt = err, at
	return false
}

// rawKind is how encoding/json names a JSON value's kind in type errors.
func rawKind(raw []byte) string {
	if len(raw) == 0 {
		return "null"
	}
	switch raw[0] {
	case 'n':
		return "null"
	case 't', 'f':
		return "bool"
	case '"':
		return "string"
	case '[':
		return "array"
	case '{':
		return "object"
	}
	return "number"
}

// durationError is metav1.Duration's UnmarshalJSON: the value is read into
// a string with encoding/json and parsed with time.ParseDuration. Into a
// plain (non-pointer) field, null reaches it too and parses as "". field
// is the struct field a type error is reported against ("" for none, as
// json-iterator leaves it).
func durationError(raw []byte, kind string, pointer bool, field string) error {
	switch kind {
	case "null":
		if pointer {
			return nil
		}
	case "string":
	default:
		if field == "" {
			return fmt.Errorf("json: cannot unmarshal %s into Go value of type string", kind)
		}
		return fmt.Errorf("json: cannot unmarshal %s into Go struct field %s of type string", kind, field)
	}
	var s string
	if k, ok := plainKey(raw); ok && kind == "string" {
		s = string(k)
	} else {
		_ = json.Unmarshal(raw, &s)
	}
	_, err := time.ParseDuration(s)
	return err
}

// jsonKind is the kind of JSON value the field takes (besides null).
func (t fieldType) jsonKind() string {
	switch t.code {
	case 'i', 'I', 'f':
		return "number"
	case 'b':
		return "bool"
	case 's', 'e', 'd', 'D', 'T':
		return "string"
	case 'u':
		return "number"
	case 'l', 'L', 'a':
		return "array"
	}
	return "object"
}

// timeOrMetaDurationError is component-base's TimeOrMetaDuration (logging's
// flushFrequency from 1.28): a string is a metav1.Duration, anything else
// is read by encoding/json into a time.Duration, and that error comes back
// wrapped, so the decoder adds no field to it.
func timeOrMetaDurationError(raw []byte, kind string) error {
	if kind == "string" {
		return durationError(raw, kind, false, "")
	}
	var d time.Duration
	if err := json.Unmarshal(raw, &d); err != nil {
		return fmt.Errorf("invalid duration %q: %w", raw, err)
	}
	return nil
}

// metaTimeError is a *metav1.Time's UnmarshalJSON (a taint's timeAdded):
// null leaves the pointer nil, a string is parsed as RFC 3339, and
// anything else is encoding/json's type error, to which the decoder adds
// the field.
func metaTimeError(raw []byte, kind, field string) error {
	switch kind {
	case "null":
		return nil
	case "string":
		var s string
		_ = json.Unmarshal(raw, &s)
		_, err := time.Parse(time.RFC3339, s)
		return err
	}
	return fmt.Errorf("json: cannot unmarshal %s into Go struct field %s of type string", kind, field)
}
