package kubeletstart

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/kubexplorer/kubexplorer/core/yamldoc"
)

const (
	kubeletGroupVersion = "kubelet.config.k8s.io/v1beta1"
	kubeletKind         = "KubeletConfiguration"
)

// decodedConfig is what the model keeps of a decoded KubeletConfiguration:
// its feature gates and, for the drop-in merge, the JSON object.
type decodedConfig struct {
	gates    map[string]bool // nil when absent or null
	obj      map[string]any
	pos      *positions
	unknown  []string // unknown top-level fields, dropped by lenient decoding
	lenient  bool     // strict decoding failed, the lenient result is used
	strictEr error
	// dupAt is the repeated key strict decoding reports first, if any.
	dupAt Span
}

// issue is a decoding error with where it points in the file.
type issue struct {
	err error
	at  Span
}

func (i *issue) Error() string { return i.err.Error() }
func (i *issue) Unwrap() error { return i.err }

// decodeTyped is the kubelet's DecodeKubeletConfiguration for the main
// config file (and for 1.28 drop-ins): strict decoding first; if it fails
// with a strict-only error (unknown field, duplicate key) the lenient result
// is used and the caller logs the warning; anything else is fatal and comes
// back as "failed to decode: …".
func (e era) decodeTyped(data []byte, f *parsed) (*decodedConfig, error) {
	doc, js, err := f.doc, f.js, f.err
	if err != nil {
		return nil, &issue{fmt.Errorf("failed to decode: %w", err), errSpan(err)}
	}
	pos := f.pos
	if err := checkKind(f, data, e.schemeLine); err != nil {
		return nil, &issue{fmt.Errorf("failed to decode: %w", err), pos.topOrStart("apiVersion")}
	}
	cfg := &decodedConfig{pos: pos}
	var badKey string
	var gate bool
	var unknown []string // sigs.k8s.io/json's, nested ones too
	if e.jsonIter {
		cfg.gates, _, badKey, gate, err = jsonIterWalk(js, e.minor, false)
	} else {
		cfg.gates, badKey, gate, unknown, err = sigsDecodeStrict(js, e.minor)
	}
	if err != nil {
		at := pos.fieldOrStart(badKey)
		if gate || badKey == "featureGates" {
			at = pos.gateValue(badKey)
		}
		return nil, &issue{fmt.Errorf("failed to decode: %w", err), at}
	}
	cfg.obj, cfg.unknown = f.object()
	if e.minor < newestFieldMinor {
		// The parsed file's unknown fields are those no release has; an
		// older release does not know the newer ones either.
		cfg.unknown = nil
		for _, k := range sortedKeys(cfg.obj) {
			if !configFieldKnown(e.minor, k) {
				cfg.unknown = append(cfg.unknown, k)
			}
		}
	}
	dupErr := doc.DuplicateKeys()
	if dupErr != nil {
		cfg.dupAt = pos.duplicate(errSpan(dupErr).Line)
	}
	if e.jsonIter {
		switch {
		case dupErr != nil:
			cfg.strictEr = fmt.Errorf("strict decoder error for %s: %v", data, dupErr)
		default:
			if _, _, _, _, err := jsonIterWalk(js, e.minor, true); err != nil {
				cfg.strictEr = fmt.Errorf("strict decoder error for %s: %v", data, err)
				cfg.unknown = sigsUnknown(js, e.minor) // nested ones too
			}
		}
	} else {
		cfg.unknown = unknown
		var parts []string
		if dupErr != nil {
			parts = append(parts, dupErr.Error())
		}
		for _, k := range cfg.unknown {
			parts = append(parts, fmt.Sprintf("unknown field %q", k))
		}
		if len(parts) > 0 {
			cfg.strictEr = errors.New("strict decoding error: " + strings.Join(parts, ", "))
		}
	}
	cfg.lenient = cfg.strictEr != nil
	return cfg, nil
}

// interpret is the JSON serializer's meta factory: apiVersion and kind read
// from the converted document, the apiVersion split into group and version.
// A document that is not an object (a list, a scalar) fails here.
func interpret(f *parsed) (group, version, kind string, err error) {
	av, kind, ok := f.typeMeta()
	if !ok {
		var tm struct {
			APIVersion string `json:"apiVersion,omitempty"`
			Kind       string `json:"kind,omitempty"`
		}
		if err := json.Unmarshal(f.js, &tm); err != nil {
			return "", "", "", fmt.Errorf("couldn't get version/kind; json parse error: %v", err)
		}
		av, kind = tm.APIVersion, tm.Kind
	}
	if av == "" || av == "/" {
		return "", "", kind, nil
	}
	switch strings.Count(av, "/") {
	case 0:
		return "", av, kind, nil
	case 1:
		g, v, _ := strings.Cut(av, "/")
		return g, v, kind, nil
	}
	return "", "", "", fmt.Errorf("unexpected GroupVersion string: %v", av)
}

// typeMeta is what interpret's json.Unmarshal gives, read from the
// document already decoded (parsed.decoded), where that is certain: an
// object whose keys that match apiVersion or kind without case (as
// encoding/json matches them: "KIND", or "Kind" with the Kelvin sign) are
// exactly those, with strings or nulls. ok is false otherwise. A first
// evaluation then runs none of encoding/json's decoder, which the browser
// would compile for it (issue 15).
func (f *parsed) typeMeta() (apiVersion, kind string, ok bool) {
	if !f.decoded || f.obj == nil {
		return "", "", false
	}
	for k, v := range f.obj {
		var to *string
		switch {
		case k == "apiVersion":
			to = &apiVersion
		case k == "kind":
			to = &kind
		case strings.EqualFold(k, "apiVersion") || strings.EqualFold(k, "kind"):
			return "", "", false
		default:
			continue
		}
		switch v := v.(type) {
		case string:
			*to = v
		case nil:
		default:
			return "", "", false
		}
	}
	return apiVersion, kind, true
}

// missingKind is runtime.NewMissingKindErr: it quotes the file's original
// bytes, not the converted JSON.
func missingKind(original []byte) error {
	//lint:ignore ST1005 apimachinery's exact text
	return fmt.Errorf("Object 'Kind' is missing in '%s'", original)
}

// checkKind is the serializer's apiVersion/kind interpretation and the
// scheme lookup: kind is checked before apiVersion, messages quote the
// original document.
func checkKind(f *parsed, original []byte, schemeLine int) error {
	group, version, kind, err := interpret(f)
	if err != nil {
		return err
	}
	if kind == "" {
		return missingKind(original)
	}
	if version == "" {
		//lint:ignore ST1005 apimachinery's exact text
		return fmt.Errorf("Object 'apiVersion' is missing in '%s'", original)
	}
	gv := version
	if group != "" {
		gv = group + "/" + version
	}
	if gv != kubeletGroupVersion || kind != kubeletKind {
		return fmt.Errorf("no kind %q is registered for version %q in scheme \"pkg/runtime/scheme.go:%d\"", kind, gv, schemeLine)
	}
	return nil
}

// gatesFromJSON decodes a featureGates value; field is the struct field
// name type errors report (the JSON name for v1beta1, the Go name for the
// internal type).
func gatesFromJSON(raw json.RawMessage, field string) (map[string]bool, string, error) {
	if m, ok := plainGates(raw); ok {
		return m, "", nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, "", err
	}
	switch t := v.(type) {
	case nil:
		return nil, "", nil
	case map[string]any:
		m := make(map[string]bool, len(t))
		var first error
		var bad string
		for _, k := range sortedKeys(t) {
			switch b := t[k].(type) {
			case bool:
				m[k] = b
			case nil:
				m[k] = false
			default:
				if first == nil {
					first = typeError(b, field, "bool")
					bad = k
				}
				m[k] = false
			}
		}
		if first != nil {
			return nil, bad, first
		}
		return m, "", nil
	default:
		return nil, "", typeError(t, field, "map[string]bool")
	}
}

// plainGates is gatesFromJSON for the usual value, without encoding/json's
// decoder (a first evaluation compiles none of it, issue 15): raw, valid
// JSON, is an object of keys without escapes and values true or false, in
// valid UTF-8. ok is false for anything else.
func plainGates(raw []byte) (map[string]bool, bool) {
	if i := skipSpace(raw, 0); i == len(raw) || raw[i] != '{' || !utf8.Valid(raw) {
		return nil, false
	}
	m := map[string]bool{}
	ok := true
	jsonMembers(raw, func(q, val []byte) bool {
		key, plain := plainKey(q)
		switch v := string(val); {
		case !plain:
			ok = false
		case v == "true" || v == "false":
			m[string(key)] = v == "true" // the last of repeated keys, as decoding
		default:
			ok = false
		}
		return ok
	})
	return m, ok
}

func typeError(v any, field, target string) error {
	return fmt.Errorf("json: cannot unmarshal %s into Go struct field KubeletConfiguration.%s of type %s", jsonKind(v), field, target)
}

func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64, json.Number:
		return "number"
	case bool:
		return "bool"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "null"
}

// decodeUnstructured is the 1.29+ drop-in loader: the file becomes
// unstructured JSON. Unknown fields pass silently; a duplicate key is a
// (fatal) strict error; from 1.32 the apiVersion/kind must be the kubelet's.
func (e era) decodeUnstructured(data []byte, f *parsed) (map[string]any, *positions, error) {
	doc, js, err, pos := f.doc, f.js, f.err, f.pos
	if err != nil {
		return nil, pos, &issue{err, errSpan(err)}
	}
	// The serializer reads apiVersion/kind first (a list or a scalar fails
	// there), then the object; decoding into an Unstructured requires a
	// kind, and the error quotes the original bytes (a whitespace-only
	// file converts to null and ends here too).
	if _, _, _, err := interpret(f); err != nil {
		return nil, pos, &issue{err, documentStart}
	}
	var obj map[string]any
	_ = json.Unmarshal(js, &obj)
	if kind, _ := obj["kind"].(string); kind == "" {
		return nil, pos, &issue{missingKind(data), pos.topOrStart("kind")}
	}
	if err := doc.DuplicateKeys(); err != nil {
		return nil, pos, &issue{fmt.Errorf("strict decoding error: %v", err), pos.duplicate(errSpan(err).Line)}
	}
	return obj, pos, nil
}

// toJSON is sigs.k8s.io/yaml's YAMLToJSON, the kubelet's first step with
// every file, keeping the parsed document for positions and the strict
// (duplicate key) check.
//
// For an ordinary document (yamldoc.Document.JSONDecoded) it also gives
// the JSON decoded into an any, with ok true.
func toJSON(data []byte) (doc *yamldoc.Document, js []byte, decoded any, ok bool, err error) {
	doc, err = yamldoc.Parse(data)
	if err != nil {
		return nil, nil, nil, false, err
	}
	js, decoded, ok, err = doc.JSONDecoded()
	return doc, js, decoded, ok, err
}

// dropinGVKError is the 1.32+ check of a decoded drop-in's type.
func dropinGVKError(obj map[string]any) error {
	av, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	if av == kubeletGroupVersion && kind == kubeletKind {
		return nil
	}
	group, ver := "", av
	if i := strings.LastIndex(av, "/"); i >= 0 {
		group, ver = av[:i], av[i+1:]
	}
	return fmt.Errorf("unknown apiVersion/kind: %s/%s, Kind=%s", group, ver, kind)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// issueAt is where a decoding error points, if it knows.
func issueAt(err error) (Span, bool) {
	var is *issue
	if errors.As(err, &is) {
		return is.at, true
	}
	return Span{}, false
}
