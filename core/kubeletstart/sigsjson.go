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

// sigsDecode type-checks the top-level fields a release has and decodes
// featureGates. bad is the field (or, with gate, the gate) the error is
// about. The members are read in document order, which is the decoder's.
func sigsDecode(js []byte, minor int) (gates map[string]bool, bad string, gate bool, err error) {
	var saved, abort error
	types := configTypes()
	jsonMembers(js, func(key, val []byte) bool {
		name, ok := plainKey(key)
		if !ok {
			return true
		}
		t, ok := types[string(name)]
		if !ok || minor < t.since {
			return true
		}
		if t.code == 'g' {
			g, badGate, err := gatesFromJSON(val, "featureGates")
			if err != nil && saved == nil {
				saved, bad, gate = err, badGate, true
			}
			gates = g
			return true
		}
		if t.name == "" && t.code == 'o' {
			t, _ = configType(minor, string(name))
		}
		typeErr, stop := sigsValue(t, val, "KubeletConfiguration", string(name))
		if stop != nil {
			abort, bad, gate = stop, string(name), false
			return false
		}
		if typeErr != nil && saved == nil {
			saved, bad = typeErr, string(name)
		}
		return true
	})
	switch {
	case abort != nil:
		return nil, bad, false, abort
	case saved != nil:
		return nil, bad, gate, saved
	}
	return gates, "", false, nil
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

// sigsValue checks one value against its field's type: typeErr is a
// remembered type error, abort an UnmarshalJSON error. A type error names
// the innermost struct being decoded and the path from the top
// ("KubeletWebhookAuthentication.authentication.webhook.enabled").
func sigsValue(t fieldType, raw []byte, strct, path string) (typeErr, abort error) {
	kind := rawKind(raw)
	if t.code == 'd' || t.code == 'D' {
		return nil, durationError(raw, kind, t.code == 'D', strct+"."+path)
	}
	if kind == "null" {
		return nil, nil
	}
	mismatch := func(value, typ string) error {
		return fmt.Errorf("json: cannot unmarshal %s into Go struct field %s.%s of type %s", value, strct, path, typ)
	}
	if kind != t.jsonKind() {
		return mismatch(kind, t.goTypeName()), nil
	}
	switch t.code {
	case 'i', 'I':
		bits := 32
		if t.code == 'I' {
			bits = 64
		}
		if _, err := strconv.ParseInt(string(raw), 10, bits); err != nil {
			return mismatch("number "+string(raw), t.goTypeName()), nil
		}
	case 'o':
		fields, ok := nestedTypes()[t.name]
		if !ok {
			break
		}
		inner := t.name[strings.IndexByte(t.name, '.')+1:]
		jsonMembers(raw, func(key, val []byte) bool {
			name, ok := plainKey(key)
			if !ok {
				return true
			}
			ft, ok := fields[string(name)]
			if !ok {
				return true
			}
			err, stop := sigsValue(ft, val, inner, path+"."+string(name))
			if typeErr == nil {
				typeErr = err
			}
			abort = stop
			return stop == nil
		})
	case 'm', 'M':
		elem := fieldType{code: 's'}
		if t.code == 'M' {
			elem.code = 'l'
		}
		jsonMembers(raw, func(_, val []byte) bool {
			typeErr, _ = sigsValue(elem, val, strct, path)
			return typeErr == nil
		})
	case 'l', 'L', 'a':
		elem := fieldType{code: 's'}
		switch t.code {
		case 'L':
			elem.code = 'i'
		case 'a':
			elem = fieldType{code: 'o', name: t.name}
		}
		jsonElements(raw, func(val []byte) bool {
			typeErr, _ = sigsValue(elem, val, strct, path)
			return typeErr == nil
		})
	}
	return typeErr, abort
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
	case 's', 'e', 'd', 'D':
		return "string"
	case 'l', 'L', 'a':
		return "array"
	}
	return "object"
}
