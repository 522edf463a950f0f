package kubeletstart

import (
	"fmt"
	"path"
	"sort"
	"strings"
)

// The --config-dir drop-ins (1.28+). 1.28 decodes each drop-in like the
// config file and merges it with mergo; 1.29+ decode drop-ins as
// unstructured JSON and fold them in with a JSON merge patch.

// mergeDropins applies the --config-dir drop-ins to the configuration's
// gates: the gates and their origins after them.
func (r *run) mergeDropins(dir string, base map[string]bool, baseOrigins map[string]origin) (map[string]bool, map[string]origin, bool) {
	files := r.dropinFiles(dir)
	origins := map[string]origin{}
	for k, o := range baseOrigins {
		origins[k] = o
	}
	if r.e.dropinMergo {
		return r.mergoDropins(dir, files, base, origins)
	}
	return r.patchDropins(dir, files, base, origins)
}

// walkFailed stops start-up on a drop-in that does not load: the error
// comes out of the directory walk.
func (r *run) walkFailed(dir string, err error) {
	r.fail("mergeConfig", fmt.Errorf("failed to walk through kubelet dropin directory %q: %w", dir, err))
}

// mergoDropins is 1.28's merge: each drop-in decoded and defaulted on its
// own, its gates overriding per key.
func (r *run) mergoDropins(dir string, files []File, base map[string]bool, origins map[string]origin) (map[string]bool, map[string]origin, bool) {
	gates := copyGates(base)
	for _, f := range files {
		cfg, ok := r.decodeMergoDropin(dir, f)
		if !ok {
			return nil, nil, false
		}
		r.mergoDropin(r.cfg, cfg.obj, cfg.pos, f.Path)
		r.traceGates("dropin", f.Path, cfg.gates, cfg.pos.gateLine)
		if gates == nil && len(cfg.gates) > 0 {
			gates = map[string]bool{}
		}
		for k, v := range cfg.gates {
			gates[k] = v
			origins[k] = origin{source: "dropin", path: f.Path, at: cfg.pos.gate(k)}
		}
	}
	r.note("1.28 merges drop-ins with mergo: per-key override, and a null gate value means false, not deletion")
	return gates, origins, true
}

// decodeMergoDropin loads one 1.28 drop-in like the config file.
func (r *run) decodeMergoDropin(dir string, f File) (*decodedConfig, bool) {
	if len(f.Content) == 0 {
		inner := fmt.Errorf("failed to load Kubelet config file %s, error kubelet config file %q was empty", f.Path, absPath(f.Path))
		r.diag("dropin", f.Path, Span{}, "error", "empty drop-in")
		r.walkFailed(dir, fmt.Errorf("failed to load kubelet dropin file, path: %s, error: %w", f.Path, inner))
		return nil, false
	}
	cfg, err := r.decodeTyped(f.Content)
	if err != nil {
		if at, ok := issueAt(err); ok {
			r.diag("dropin", f.Path, at, "error", err.Error())
		}
		inner := fmt.Errorf("failed to load Kubelet config file %s, error %v", f.Path, err)
		r.walkFailed(dir, fmt.Errorf("failed to load kubelet dropin file, path: %s, error: %w", f.Path, inner))
		return nil, false
	}
	if cfg.lenient {
		r.line(r.e.structuredLine('I', r.e.site("codec"), "Using lenient decoding as strict decoding failed", kv{"err", cfg.strictEr}))
	}
	return cfg, true
}

// patchDropins is the 1.29+ merge. 1.32+ merge on the v1beta1 document,
// where the base's gates sit under "featureGates" like the drop-ins'.
// 1.29–1.31 marshal the internal type: the base's gates sit under
// "FeatureGates", the drop-ins' under "featureGates", and the final
// case-insensitive json.Unmarshal decodes both into one map (base first,
// the keys being sorted): a drop-in's null removes only what an earlier
// drop-in set.
func (r *run) patchDropins(dir string, files []File, base map[string]bool, origins map[string]origin) (map[string]bool, map[string]origin, bool) {
	internal := r.e.dropinInternalBase
	doc := map[string]any{}
	dropOrigins := origins
	if internal {
		dropOrigins = map[string]origin{}
	}
	if base != nil {
		fg := map[string]any{}
		for k, v := range base {
			fg[k] = v
		}
		// The base's gates under its own key: the v1beta1 JSON name
		// (1.32+), or the internal type's Go name (1.29–1.31), which a
		// drop-in key spelt like it merges into.
		if internal {
			doc["FeatureGates"] = fg
		} else {
			doc["featureGates"] = fg
		}
	}
	setBy := map[string]dropinSource{}
	fileCfg := configState{}
	for k, v := range r.cfg {
		fileCfg[k] = v
	}
	nulled := map[string]bool{}
	var objs []map[string]any
	fileCrashLoop := r.crashLoopMax
	for _, f := range files {
		obj, ok := r.readDropin(dir, f, dropOrigins, setBy)
		if !ok {
			return nil, nil, false
		}
		objs = append(objs, obj)
		for k, v := range obj {
			nulled[k] = v == nil
		}
		doc = mergePatch(doc, obj).(map[string]any)
	}
	if !r.mergedFieldsDecode(doc, setBy) {
		return nil, nil, false
	}
	if !internal {
		r.foldedFields(doc, fileCfg, nulled, setBy)
		r.foldedNested(doc, fileCfg, objs, setBy)
		r.foldedCrashLoop(doc, fileCrashLoop, objs, setBy)
	}
	if internal {
		r.ontoInternal(doc, setBy)
	}
	var start map[string]bool
	if internal {
		start = base // the internal configuration's map, decoded into
	}
	gates, ok := r.patchedGates(doc, start, dropOrigins)
	if !ok {
		return nil, nil, false
	}
	if internal {
		baseGateOrigins(doc, base, dropOrigins)
		gates = r.ontoInternalBase(base, gates, len(files), origins, dropOrigins)
	}
	for k := range origins {
		if _, ok := gates[k]; !ok {
			delete(origins, k)
		}
	}
	r.pending = origins
	if !r.defaulting(gates) {
		return nil, nil, false
	}
	return gates, origins, true
}

// readDropin decodes one 1.29+ drop-in, records where its gates and
// fields are (setBy: which drop-in last set each top-level field), and
// (1.32+) folds its fields into the configuration.
func (r *run) readDropin(dir string, f File, dropOrigins map[string]origin, setBy map[string]dropinSource) (map[string]any, bool) {
	if len(f.Content) == 0 {
		r.diag("dropin", f.Path, Span{}, "error", "empty drop-in")
		r.walkFailed(dir, fmt.Errorf("failed to load kubelet dropin file, path: %s, error: kubelet config file %q was empty", f.Path, absPath(f.Path)))
		return nil, false
	}
	obj, pos, err := r.decodeUnstructured(f.Content)
	if err != nil {
		at, _ := issueAt(err)
		r.diag("dropin", f.Path, at, "error", err.Error())
		r.walkFailed(dir, fmt.Errorf("failed to load kubelet dropin file, path: %s, error: %w", f.Path, err))
		return nil, false
	}
	if r.e.dropinGVK {
		if err := dropinGVKError(obj); err != nil {
			r.diag("dropin", f.Path, pos.top("apiVersion"), "error", err.Error())
			r.walkFailed(dir, fmt.Errorf("failed to load kubelet dropin file, path: %s, %v", f.Path, err))
			return nil, false
		}
	}
	for k, v := range obj {
		setBy[k] = dropinSource{f.Path, pos}
		if v == nil {
			delete(setBy, k)
		}
	}
	r.traceDropin(f.Path, obj, pos.gateLine)
	dropinGateOrigins(obj, f.Path, pos, dropOrigins)
	r.noteCrashLoopMax(obj, "dropin", f.Path, pos)
	if !r.e.dropinInternalBase {
		r.applyDropin(r.cfg, obj, pos, f.Path)
	}
	return obj, true
}

// dropinGateOrigins follows a drop-in's featureGates in origins: a gate
// set comes from the drop-in, a null removes it, and featureGates that is
// not a mapping replaces every gate the files set.
func dropinGateOrigins(obj map[string]any, path string, pos *positions, origins map[string]origin) {
	for _, key := range sortedKeys(obj) {
		if !strings.EqualFold(key, "featureGates") {
			continue
		}
		t, ok := obj[key].(map[string]any)
		if !ok {
			if key != "featureGates" {
				continue
			}
			for k, o := range origins {
				if o.source != "flag" {
					delete(origins, k)
				}
			}
			return
		}
		for k, v := range t {
			at := pos.gate(k)
			if key != "featureGates" {
				at = pos.top(key) // positions index the exact key's gates
			}
			if v == nil {
				delete(origins, k)
			} else {
				origins[k] = origin{source: "dropin", path: path, at: at}
			}
		}
	}
}

// baseGateOrigins (1.29–1.31) gives back to the base the gates a drop-in
// named under a key sorting before "FeatureGates", which the base's own
// gates overwrote: those no later key or drop-in value changed.
func baseGateOrigins(doc map[string]any, base map[string]bool, dropOrigins map[string]origin) {
	late := map[string]bool{}
	for k, v := range doc {
		t, _ := v.(map[string]any)
		switch {
		case k == "FeatureGates":
			for g, on := range t {
				if b, ok := base[g]; !ok || on != b {
					late[g] = true
				}
			}
		case k > "FeatureGates" && strings.EqualFold(k, "featureGates"):
			for g := range t {
				late[g] = true
			}
		}
	}
	for g := range dropOrigins {
		if _, inBase := base[g]; inBase && !late[g] {
			delete(dropOrigins, g)
		}
	}
}

// patchedGates decodes the merged document's gates onto start (1.29–1.31:
// the internal configuration's map, which decoding adds to); a value of the
// wrong type fails the merge, marked where it was set.
func (r *run) patchedGates(doc map[string]any, start map[string]bool, dropOrigins map[string]origin) (map[string]bool, bool) {
	// encoding/json decodes every key that matches without case into the
	// one map, in key order ("FEATUREGATES" before "FeatureGates" before
	// "featureGates"): in 1.29–1.31 a drop-in key sorting before the base's
	// "FeatureGates" is overwritten by the base's gates.
	var keys []string
	for k := range doc {
		if strings.EqualFold(k, "featureGates") {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	gates := copyGates(start)
	for _, k := range keys {
		fg, ok := doc[k]
		if !ok {
			continue
		}
		raw, _ := jsonMarshal(fg)
		field := "featureGates"
		if r.e.dropinInternalBase {
			field = "FeatureGates"
		}
		g, badKey, err := gatesFromJSON(raw, field)
		if err != nil {
			if o, ok := dropOrigins[badKey]; ok {
				r.diag(o.source, o.path, o.at, "error", err.Error())
			}
			r.fail("mergeConfig", fmt.Errorf("failed to unmarshal merged JSON into kubelet configuration: %w", err))
			return nil, false
		}
		if gates == nil {
			gates = g
			continue
		}
		for name, on := range g {
			gates[name] = on
		}
	}
	return gates, true
}

// ontoInternalBase is 1.29–1.31's last step: the drop-ins' gates over the
// internal configuration's, which no drop-in can delete.
func (r *run) ontoInternalBase(base, gates map[string]bool, nfiles int, origins, dropOrigins map[string]origin) map[string]bool {
	merged := copyGates(base)
	if merged == nil && gates != nil {
		merged = map[string]bool{}
	}
	for k, v := range gates {
		merged[k] = v
	}
	for k, o := range dropOrigins {
		origins[k] = o
	}
	if nfiles > 0 && len(base) > 0 {
		r.note("1.29–1.31 merge drop-ins onto the internal configuration, whose gates a drop-in cannot delete: a null (or featureGates: null) removes only what an earlier drop-in set")
	}
	return merged
}

// dropinFiles lists the .conf files below dir in filepath.WalkDir order:
// a directory's entries by name, each subdirectory walked where its name
// sorts, so d/sub/05.conf comes after d/20.conf.
func (r *run) dropinFiles(dir string) []File {
	root := absPath(dir)
	var out []File
	var skipped []string
	for _, f := range r.in.DropIns {
		p := f.Path
		if !strings.HasPrefix(p, "/") {
			p = path.Join(root, p)
		}
		p = path.Clean(p)
		if !strings.HasPrefix(p, root+"/") {
			r.note("drop-in %s is outside --config-dir %s and is not read", f.Path, dir)
			continue
		}
		// Report paths the way WalkDir builds them from the flag's value.
		shown := strings.TrimSuffix(dir, "/") + strings.TrimPrefix(p, root)
		if path.Ext(path.Base(p)) != ".conf" {
			r.note("drop-in %s is skipped: only files ending in .conf are read", p)
			skipped = append(skipped, shown)
			continue
		}
		out = append(out, File{Path: shown, Content: f.Content})
	}
	sort.SliceStable(out, func(i, j int) bool { return walkLess(out[i].Path, out[j].Path) })
	sort.SliceStable(skipped, func(i, j int) bool { return walkLess(skipped[i], skipped[j]) })
	r.skippedDropins = skipped
	if len(out) > 1 {
		r.note("drop-ins apply in this order: %s", strings.Join(pathsOf(out), ", "))
	}
	return out
}

func walkLess(a, b string) bool {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	for i := 0; i < len(as) && i < len(bs); i++ {
		if as[i] != bs[i] {
			return as[i] < bs[i]
		}
	}
	return len(as) < len(bs)
}

func pathsOf(fs []File) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Path
	}
	return out
}

// dropinSource is the drop-in that last set a top-level field.
type dropinSource struct {
	path string
	pos  *positions
}

// mergedFieldsDecode is the merge's last step: the merged JSON is decoded
// with encoding/json, 1.32+ into the v1beta1 type, 1.29–1.31 into the
// internal type (whose Go field names the keys match and the errors name:
// "KubeletConfiguration.MaxPods"; the base's own keys never fail, so only
// the drop-ins' are checked), whose type errors and
// UnmarshalJSON errors read as sigs.k8s.io/json's without the strict
// checks (unknown fields pass) and with field names matched without case
// ("MaxPods: ten" fails as maxPods). Its keys are sorted, so the first type
// error in key order wins, and an UnmarshalJSON error wins over any; a
// featureGates type error is patchedGates' to report. The error is marked
// where the last drop-in that set the field wrote it.
func (r *run) mergedFieldsDecode(doc map[string]any, setBy map[string]dropinSource) bool {
	raw, err := jsonMarshal(doc)
	if err != nil {
		return true
	}
	w := sigsWalk{minor: r.e.minor, fold: true, internal: r.e.dropinInternalBase}
	_, gate := w.config(raw)
	err, at := w.abort, w.abortAt
	if err == nil {
		if gate {
			return true
		}
		err, at = w.typeErr, w.typeAt
	}
	if err == nil {
		return true
	}
	if src, ok := setBy[topKey(at)]; ok {
		r.diag("dropin", src.path, src.pos.fieldOrStart(at), "error", err.Error())
	}
	r.fail("mergeConfig", fmt.Errorf("failed to unmarshal merged JSON into kubelet configuration: %w", err))
	return false
}

// topKey is the top-level key of a field path.
func topKey(path string) string {
	if i := strings.IndexAny(path, ".["); i >= 0 {
		return path[:i]
	}
	return path
}
