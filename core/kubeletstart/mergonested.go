package kubeletstart

import "time"

// 1.28's drop-in merge: mergo.Merge(file, drop-in, WithOverride), mergo
// v0.3.6, where both are internal configurations and the drop-in has been
// defaulted on its own. mergo walks the structs field by field and lets
// every value of the drop-in that is not empty override the file's:
//
//   - a scalar overrides unless it is its type's zero ("", 0, false, a
//     zero duration), so the drop-in's defaults win too: every drop-in
//     carries logging.format "text" (SetRecommendedLoggingConfiguration), which
//     replaces the file's "json" unless the drop-in names a format;
//   - a list overrides unless it is empty; a map overrides key by key;
//   - a pointer (tracing, userNamespaces) replaces the file's whole value;
//   - a resource.Quantity keeps the file's amount: mergo walks into it and
//     cannot set its unexported fields (a drop-in's infoBufferSize is lost).
//
// A null in a drop-in is its field's zero, so it never removes anything.

// mergoNested merges a 1.28 drop-in's nested values into the state.
func (r *run) mergoNested(st configState, obj map[string]any, pos *positions, path string) {
	for _, name := range nestedFields {
		t, ok := configType(r.e.minor, name)
		if !ok {
			continue
		}
		v := obj[name]
		if name == "logging" {
			v = defaultedLogging(v)
		}
		cur := st[name]
		merged := mergoOnto(cur.val, v, t, r.e.minor)
		if merged == nil {
			continue
		}
		from := cur.from
		if compactJSON(merged) != compactJSON(cur.val) {
			from = origin{source: "dropin", path: path, at: pos.field(name)}
		}
		st[name] = fieldValue{val: merged, from: from}
	}
}

// defaultedLogging is a drop-in's logging block after defaulting: the
// format the kubelet's logging defaults fill (the flush frequency and the
// buffer size are filled too, which the checks do not read).
func defaultedLogging(v any) any {
	m, _ := v.(map[string]any)
	out := withRoom(m, 1)
	if s, _ := out["format"].(string); s == "" {
		out["format"] = "text"
	}
	return out
}

// mergoOnto is mergo's override of cur by src for a value of type t.
func mergoOnto(cur, src any, t fieldType, minor int) any {
	switch {
	case src == nil:
		return cur
	case t.code == 'q':
		return cur
	case t.code == 'o' && t.pointer:
		return src
	case t.code == 'o':
		s, ok := src.(map[string]any)
		if !ok {
			return cur
		}
		c, _ := cur.(map[string]any)
		out := withRoom(c, len(s))
		for k, x := range s {
			ft, _, known := nestedType(t.name, minor, k)
			if !known {
				continue
			}
			if m := mergoOnto(out[k], x, ft, minor); m != nil {
				out[k] = m
			}
		}
		return out
	case t.code == 'm' || t.code == 'M' || t.code == 'Q':
		s, _ := src.(map[string]any)
		c, _ := cur.(map[string]any)
		if len(s) == 0 {
			return cur
		}
		out := withRoom(c, len(s))
		for k, x := range s {
			out[k] = x
		}
		return out
	}
	if mergoEmpty(src, t) {
		return cur
	}
	return src
}

// mergoEmpty is mergo's isEmptyValue for a decoded JSON value of type t.
func mergoEmpty(v any, t fieldType) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case float64:
		return x == 0
	case []any:
		return len(x) == 0
	case string:
		if t.code == 'd' || t.code == 't' {
			d, err := time.ParseDuration(x)
			return err == nil && d == 0
		}
		return x == "" && !t.pointer
	}
	return false
}
