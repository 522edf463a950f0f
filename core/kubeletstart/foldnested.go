package kubeletstart

import (
	"sort"
	"strings"
)

// Nested fields spelt in another case in 1.32+ drop-ins.
//
// The config file (and a 1.28 drop-in) is decoded case-sensitively at every
// level, by json-iterator with CaseSensitive up to 1.22 and by
// sigs.k8s.io/json after: "Logging:" or "logging: {Verbosity: 2}" is an
// unknown field there, which lenient decoding drops (knownOnly). From 1.32
// the merged drop-ins are decoded by encoding/json into a fresh v1beta1
// configuration (mergeKubeletConfigurations, cmd/kubelet/app/server.go
// 1.32–1.37), which matches keys to fields without case at every level and
// decodes them in sorted order (the merge patch marshals a Go map), each
// onto what the keys before it filled. The base's own key holds what
// json.Marshal wrote for the defaulted file: logging and the two
// shutdownGracePeriod durations are always written (a struct is never
// omitted), so a spelling that sorts before theirs ("Logging",
// "ShutdownGracePeriod", "logging: {Format: json}") is decoded first and
// overwritten wherever the base writes the field, while one that sorts
// after ("shutdowngraceperiod") wins; the fields omitted when empty
// (registerWithTaints, reservedMemory, tracing, …) take a drop-in's
// spelling when the file leaves them out. logging.options is a struct
// too, as are its json and text blocks and their quantities, so the base
// always writes options.json.infoBufferSize (and .text's) as "0" after any
// "Options:", "JSON:" or "InfoBufferSize:". The merge patch applies each
// drop-in's value under the own key to the base's: a null there removes
// the base's member (or, for the whole field, the base's key), and what a
// drop-in spelt otherwise is then no longer overwritten. foldedFields does
// the same for the tracked scalar fields, patchedGates for featureGates.

// foldedNested re-decodes the nested fields as the 1.32+ merge's
// json.Unmarshal does, where a drop-in spelt a key of theirs (at any level)
// otherwise. file is the configuration as the file set it, objs the
// drop-ins in the walk's order.
func (r *run) foldedNested(doc map[string]any, file configState, objs []map[string]any, setBy map[string]dropinSource) {
	minor := r.e.minor
	for _, name := range nestedFields {
		t, ok := configType(minor, name)
		if !ok {
			continue
		}
		keys := spellings(doc, name)
		// The merged document's own key: what json.Marshal wrote for the
		// file, patched by each drop-in's value under that key (a null
		// removes it, and a later drop-in's value then stands alone).
		fileVal, inFile := file[name]
		own, hasOwn := patchedOwn(name, objs)(marshalledNested(name, fileVal.val, inFile, t, minor))
		_, ownFolds := foldCase(own, t, minor)
		if len(keys) == 1 && !ownFolds {
			continue
		}
		var val any
		base, hasBase := r.cfg[name]
		from := base.from
		for _, k := range keys {
			if k == name {
				if hasOwn {
					f, _ := foldCase(own, t, minor)
					val = decodeTyped(val, f, t, minor)
					if hasBase {
						from = base.from
					}
				}
				continue
			}
			f, _ := foldCase(doc[k], t, minor)
			val = decodeTyped(val, f, t, minor)
			from = dropinOrigin(setBy[k], k)
		}
		if val == nil {
			continue
		}
		r.cfg[name] = fieldValue{val: val, from: from}
	}
}

// patchedOwn applies each drop-in's value under the key name to the
// base's, as the merge patch does: a null removes the key.
func patchedOwn(name string, objs []map[string]any) func(any, bool) (any, bool) {
	return func(own any, has bool) (any, bool) {
		for _, obj := range objs {
			if v, ok := obj[name]; ok {
				if v == nil {
					own, has = nil, false
				} else {
					own, has = mergePatch(own, v), true
				}
			}
		}
		return own, has
	}
}

// foldedCrashLoop is foldedNested for crashLoopBackOff, whose one field
// the model keeps apart (crashLoopMax, gatedfields.go); base is its value
// after the file's defaulting. The struct is always written (omitempty
// never drops a struct), with maxContainerRestartPeriod when the file set
// it or its defaulting filled it, so "crashloopbackoff:" sorts after it
// and wins, "CrashLoopBackOff:" before it and wins only where the base has
// no period (the gate off while the file was defaulted); the merge's
// defaulting then fills an empty period with the gate on.
func (r *run) foldedCrashLoop(doc map[string]any, base *gatedField, objs []map[string]any, setBy map[string]dropinSource) {
	const name, field = "crashLoopBackOff", "maxContainerRestartPeriod"
	minor := r.e.minor
	t, ok := configType(minor, name)
	if !ok {
		return
	}
	keys := spellings(doc, name)
	written := map[string]any{}
	if base != nil {
		written[field] = base.value
	}
	own, hasOwn := patchedOwn(name, objs)(written, true)
	if _, folds := foldCase(own, t, minor); len(keys) == 1 && !folds {
		return
	}
	var val any
	var from origin
	for _, k := range keys {
		var part any
		src := dropinOrigin(setBy[k], k)
		if k == name {
			if !hasOwn {
				continue
			}
			part = own
			if r.crashLoopMax != nil {
				src = r.crashLoopMax.from
			}
		} else {
			part = doc[k]
		}
		f, _ := foldCase(part, t, minor)
		if m, ok := f.(map[string]any); ok && m[field] != nil {
			from = src
		}
		val = decodeTyped(val, f, t, minor)
	}
	m, _ := val.(map[string]any)
	if m[field] == nil {
		r.crashLoopMax = nil
		return
	}
	r.crashLoopMax = &gatedField{value: m[field], from: from}
}

// marshalledNested is what json.Marshal of the defaulted configuration
// writes under a nested field's own key, given the model's value (the
// file's, with the drop-ins' own-key values merged on) and its type t, or
// false for nothing: the fields a drop-in's other spelling cannot override
// because the base writes them after it.
func marshalledNested(name string, v any, present bool, t fieldType, minor int) (any, bool) {
	var fill map[string]any
	switch name {
	case "logging":
		// Defaulting fills the format and the flush frequency; the
		// verbosity has no omitempty.
		fill = map[string]any{"format": "text", "flushFrequency": "5s", "verbosity": float64(0)}
	case "shutdownGracePeriod", "shutdownGracePeriodCriticalPods":
		// A metav1.Duration is a struct: omitempty never drops it.
		if !present || v == nil {
			return "0s", true
		}
		return v, true
	}
	if fill == nil {
		if l, isList := v.([]any); !present || v == nil || isList && len(l) == 0 {
			return nil, false // omitempty at the top level
		}
		return marshalledZeros(v, t, minor), true
	}
	m, _ := v.(map[string]any)
	out := withRoom(m, len(fill))
	for k, x := range fill {
		if s, isStr := out[k].(string); out[k] == nil || isStr && s == "" {
			out[k] = x
		}
	}
	// logging.options and the format options in it are structs, so
	// omitempty never drops them, and a resource.QuantityValue is a
	// struct too: the base always writes options.json.infoBufferSize and
	// (1.30+) options.text.infoBufferSize, "0" when unset (component-base
	// logs/api/v1 types.go), after any "Options:", "JSON:" or
	// "InfoBufferSize:" a drop-in wrote.
	return marshalledZeros(out, t, minor), true
}

// marshalledZeros is the value v of type t with what json.Marshal writes
// for the fields the value lacks whatever their tags say, at every level:
// nested structs (never omitted), quantities ("0"), and the fields without
// omitempty (writtenZeros).
func marshalledZeros(v any, t fieldType, minor int) any {
	if t.code == 'a' {
		return eachElem(v, func(e any) any { return marshalledZeros(e, t.elem(), minor) })
	}
	m, ok := v.(map[string]any)
	if t.code != 'o' || !ok && v != nil {
		return v
	}
	out := withRoom(m, 2)
	for _, f := range nestedTypes()[t.name] {
		if minor < f.from || f.to != 0 && minor > f.to || f.pointer {
			continue
		}
		switch f.code {
		case 'o', 'a':
			if _, has := out[f.json]; has || f.code == 'o' {
				out[f.json] = marshalledZeros(out[f.json], f.fieldType, minor)
			}
		case 'q':
			if out[f.json] == nil {
				out[f.json] = "0"
			}
		}
	}
	for _, z := range writtenZeros(t.name) {
		if _, has := out[z.json]; !has {
			out[z.json] = z.zero
		}
	}
	// The other fields are omitempty: an empty string, zero, false or
	// empty list is not written (a pointer's value is).
	for _, f := range nestedTypes()[t.name] {
		if minor < f.from || f.to != 0 && minor > f.to || f.pointer || !emptyJSON(out[f.json]) ||
			strings.IndexByte("sebiIufla", f.code) < 0 || alwaysWritten(t.name, f.json) {
			continue
		}
		delete(out, f.json)
	}
	return out
}

// alwaysWritten says the field of the struct type has no omitempty.
func alwaysWritten(strct, json string) bool {
	if strct == "v1.LoggingConfiguration" || strct == "v1alpha1.LoggingConfiguration" {
		return json == "verbosity" || json == "flushFrequency"
	}
	for _, z := range writtenZeros(strct) {
		if z.json == json {
			return true
		}
	}
	return false
}

// emptyJSON says a decoded JSON value is what omitempty leaves out.
func emptyJSON(v any) bool {
	switch x := v.(type) {
	case string:
		return x == ""
	case float64:
		return x == 0
	case bool:
		return !x
	case []any:
		return len(x) == 0
	}
	return false
}

// writtenZero is a field without omitempty and what json.Marshal writes
// for its zero value (null for a nil map).
type writtenZero struct {
	json string
	zero any
}

// writtenZeros are the fields without omitempty in the structs of the
// lists a drop-in may spell otherwise: k8s.io/kubelet config/v1beta1
// types.go (MemoryReservation, ShutdownGracePeriodByPodPriority),
// k8s.io/api core/v1 Taint, component-base logs/api/v1 VModuleItem. A
// switch, not a map: nothing is built at init (issue 15).
func writtenZeros(typeName string) []writtenZero {
	switch typeName {
	case "v1beta1.MemoryReservation":
		return []writtenZero{{"numaNode", float64(0)}, {"limits", nil}}
	case "v1beta1.ShutdownGracePeriodByPodPriority":
		return []writtenZero{{"priority", float64(0)}, {"shutdownGracePeriodSeconds", float64(0)}}
	case "v1.Taint":
		return []writtenZero{{"key", ""}, {"effect", ""}}
	case "v1.VModuleItem":
		return []writtenZero{{"filePattern", ""}, {"verbosity", float64(0)}}
	}
	return nil
}

// decodeTyped is decodeOnto for a value of type t: encoding/json sets a
// map, slice or pointer to nil for a null (the base's "limits": null),
// where a struct or scalar keeps its value.
func decodeTyped(cur, patch any, t fieldType, minor int) any {
	switch p := patch.(type) {
	case nil:
		if t.pointer || strings.IndexByte("mMgQlLaDT", t.code) >= 0 {
			return nil
		}
		return cur
	case map[string]any:
		if t.code != 'o' {
			return decodeOnto(cur, patch)
		}
		c, _ := cur.(map[string]any)
		out := withRoom(c, len(p))
		for k, v := range p {
			ft, _, _ := nestedType(t.name, minor, k)
			out[k] = decodeTyped(out[k], v, ft, minor)
		}
		return out
	case []any:
		if t.code != 'a' {
			return decodeOnto(cur, patch)
		}
		c, _ := cur.([]any)
		out := make([]any, len(p))
		for i, v := range p {
			out[i] = decodeTyped(elemAt(c, i), v, t.elem(), minor)
		}
		return out
	}
	return patch
}

// foldCase is a value with its struct keys renamed to the JSON names of
// the fields encoding/json matches them to without case, at every level
// (keys decoded in sorted order onto each other), and whether any key was
// spelt otherwise. Keys that match no field are kept.
func foldCase(v any, t fieldType, minor int) (any, bool) {
	switch t.code {
	case 'a':
		l, ok := v.([]any)
		if !ok {
			return v, false
		}
		out := make([]any, len(l))
		folds := false
		for i, e := range l {
			var f bool
			out[i], f = foldCase(e, t.elem(), minor)
			folds = folds || f
		}
		return out, folds
	case 'o':
	default:
		return v, false
	}
	m, ok := v.(map[string]any)
	if !ok {
		return v, false
	}
	out := make(map[string]any, len(m))
	folds := false
	for _, k := range sortedKeys(m) {
		name := foldNested(t.name, minor, k)
		ft, _, _ := nestedType(t.name, minor, name)
		x, f := foldCase(m[k], ft, minor)
		folds = folds || f || name != k
		out[name] = decodeTyped(out[name], x, ft, minor)
	}
	return out, folds
}

// knownOnly is a nested value as a case-sensitive decode keeps it: the
// struct keys that name no field of the release are dropped, at every
// level.
func knownOnly(v any, t fieldType, minor int) any {
	switch t.code {
	case 'a':
		return eachElem(v, func(e any) any { return knownOnly(e, t.elem(), minor) })
	case 'o':
	default:
		return v
	}
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	out := make(map[string]any, len(m))
	for k, x := range m {
		if ft, _, ok := nestedType(t.name, minor, k); ok {
			out[k] = knownOnly(x, ft, minor)
		}
	}
	return out
}

// spellings are the keys of doc that encoding/json decodes into the field
// name (its own, and those spelt otherwise with a value), sorted: the
// order the merge's decoding meets them in.
func spellings(doc map[string]any, name string) []string {
	keys := []string{name}
	for k, v := range doc {
		if k != name && v != nil && strings.EqualFold(k, name) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// eachElem is a list with f applied to each element, or v itself when it
// is not a list.
func eachElem(v any, f func(any) any) any {
	l, ok := v.([]any)
	if !ok {
		return v
	}
	out := make([]any, len(l))
	for i, e := range l {
		out[i] = f(e)
	}
	return out
}
