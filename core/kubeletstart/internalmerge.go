package kubeletstart

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

// ontoInternal folds the merged drop-ins into the tracked fields and the
// nested values as the final json.Unmarshal does: the effective drop-in
// value of each field (its keys decoded onto each other in order), then
// decoded onto the file's.
func (r *run) ontoInternal(doc map[string]any, setBy map[string]dropinSource) {
	eff := map[string]any{}
	from := map[string]origin{}
	for _, k := range sortedKeys(doc) {
		f := foldInternalField(r.e.minor, k)
		if t, ok := configType(r.e.minor, f); ok && k >= t.goName {
			// The key equal to the Go name was merged into the base's.
			eff[f] = decodeOnto(eff[f], foldKeys(doc[k], t, r.e.minor, k == t.goName))
			from[f] = dropinOrigin(setBy[k], k)
		}
	}
	for _, c := range configFields {
		if v, ok := lookupPath(eff, c.path); ok && c.in(r.e) {
			if n, ok := c.convert(v, false); ok {
				r.cfg[c.path] = fieldValue{val: n, from: from[topKey(c.path)]}
			}
		}
	}
	for _, name := range nestedFields {
		v, ok := eff[name]
		if !ok {
			continue
		}
		cur := r.cfg[name].val
		if name == "logging" {
			cur = defaultedLogging(cur) // the file's was defaulted
		}
		merged := decodeOnto(cur, v)
		r.cfg[name] = fieldValue{val: merged, from: from[name]}
		if name == "logging" {
			// Nothing defaults the merged value again: an empty format
			// stays empty, which logsapi does not know.
			r.emptyLogFormat = str(asObject(merged), "format") == ""
		}
	}
}

// foldKeys renames a struct value's keys to the JSON names of the fields
// encoding/json matches them to without case (nested structs included).
// inBase: the value was merged into the base's own key (the drop-in wrote
// the Go name), so a key sorting before a field's name is dropped: the
// base's key, decoded after it, wins (the model takes the base to hold
// every field).
func foldKeys(v any, t fieldType, minor int, inBase bool) any {
	m, ok := v.(map[string]any)
	if !ok || t.code != 'o' {
		return v
	}
	out := make(map[string]any, len(m))
	for _, k := range sortedKeys(m) {
		name := foldNested(t.name, minor, k)
		if inBase && k < name {
			continue // the base's own key comes after it and wins
		}
		ft, _, _ := nestedType(t.name, minor, name)
		out[name] = decodeOnto(out[name], foldKeys(m[k], ft, minor, inBase))
	}
	return out
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
		out := withRoom(c, len(p))
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
			out[i] = decodeOnto(elemAt(c, i), v)
		}
		return out
	}
	return patch
}

// withRoom is a copy of m with room for n more keys: merges build their
// result in it and leave m, which a memo may share, alone.
func withRoom(m map[string]any, n int) map[string]any {
	out := make(map[string]any, len(m)+n)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// elemAt is l[i], or nil past l's end: what a merge finds for a patch's
// element that the current list does not have.
func elemAt(l []any, i int) any {
	if i < len(l) {
		return l[i]
	}
	return nil
}
