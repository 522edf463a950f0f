package kubeletstart

import "sort"

// The 1.29–1.31 drop-in merge ends in json.Unmarshal of the merged JSON
// into the very internal configuration whose json.Marshal was the base.
// The base's keys are the Go field names ("MaxPods", "Logging"), the
// drop-ins' keys whatever they wrote; encoding/json matches every key to a
// field without case and decodes the keys in sorted order (evanphx's merge
// patch writes a Go map) onto the values already there:
//
//   - a drop-in key that sorts before the Go name ("MAXPODS") is decoded
//     first and then overwritten by the base's own key, so it has no effect;
//     one equal to the Go name is merged into the base's key by the patch;
//     one after it ("maxPods") is decoded last and wins;
//   - a struct keeps the fields a drop-in does not give, a map keeps its
//     keys (json reuses a non-nil map), and a slice is decoded element by
//     element into the elements already there, then cut to the drop-in's
//     length (a drop-in taint without a value keeps the file's value at
//     that index);
//   - the patch deletes a drop-in's nulls (a null removes only what an
//     earlier drop-in set), and a null element of a list leaves the
//     element as it was;
//   - nothing is defaulted again.

// internalKeys are the merged drop-ins' keys that reach the internal field
// goName, in the order encoding/json decodes them, without those the
// base's own key overwrites.
func internalKeys(doc map[string]any, minor int, field, goName string) []string {
	var keys []string
	for k := range doc {
		if k >= goName && foldInternalField(minor, k) == field {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// ontoInternal folds the merged drop-ins into the tracked fields and the
// nested values as the final json.Unmarshal does.
func (r *run) ontoInternal(doc map[string]any, setBy map[string]dropinSource) {
	for _, c := range configFields {
		if !c.in(r.e) || c.path != topKey(c.path) {
			continue
		}
		for _, k := range internalKeys(doc, r.e.minor, c.path, c.goName) {
			if v, ok := c.convert(doc[k], false); ok {
				r.cfg[c.path] = fieldValue{val: v, from: dropinOrigin(setBy[k], k)}
			}
		}
	}
	// logging.verbosity, the one tracked nested field, follows logging.
	for _, name := range nestedFields {
		t, ok := configType(r.e.minor, name)
		if !ok {
			continue
		}
		for _, k := range internalKeys(doc, r.e.minor, name, t.goName) {
			st := r.cfg[name]
			r.cfg[name] = fieldValue{val: decodeOnto(st.val, doc[k]), from: dropinOrigin(setBy[k], k)}
			if name == "logging" && r.e.minor >= 23 {
				if v, ok := lookupPath(asObject(doc[k]), "verbosity"); ok {
					if n, ok := (configField{kind: fInt64}).convert(v, false); ok {
						r.cfg["logging.verbosity"] = fieldValue{val: n, from: dropinOrigin(setBy[k], k+".verbosity")}
					}
				}
			}
		}
	}
}

func dropinOrigin(src dropinSource, key string) origin {
	if src.pos == nil {
		return origin{source: "dropin", path: src.path}
	}
	return origin{source: "dropin", path: src.path, at: src.pos.fieldOrStart(key)}
}

// decodeOnto is encoding/json decoding the JSON value patch onto the value
// cur already holds: objects (structs and maps alike) member by member,
// arrays element by element and cut to the patch's length, anything else
// replaced; a null leaves the value as it was.
func decodeOnto(cur, patch any) any {
	switch p := patch.(type) {
	case nil:
		return cur
	case map[string]any:
		c, _ := cur.(map[string]any)
		out := make(map[string]any, len(c)+len(p))
		for k, v := range c {
			out[k] = v
		}
		for k, v := range p {
			if v != nil {
				out[k] = decodeOnto(out[k], v)
			}
		}
		return out
	case []any:
		c, _ := cur.([]any)
		out := make([]any, len(p))
		for i, v := range p {
			var old any
			if i < len(c) {
				old = c[i]
			}
			out[i] = decodeOnto(old, v)
		}
		return out
	}
	return patch
}
