package v1beta1

import (
	"encoding/json"
	"math"
	"strings"
)

// FTCFromObject converts an unstructured object (JSON-shaped) to an FTC, as
// json.Unmarshal of its JSON would. Every reconcile, webhook call and
// snapshot converts FTCs, so the usual case — an object the API server
// stored, whose fields have their schema's types and exact names — is read
// directly; anything else (a wrong type, a key json would match
// case-insensitively) takes the JSON round trip, so that results and error
// texts are json.Unmarshal's.
func FTCFromObject(obj map[string]any) (*FederatedTypeConfig, error) {
	r := &objReader{}
	f := r.ftc(obj)
	if r.failed {
		return ftcViaJSON(obj)
	}
	return f, nil
}

func ftcViaJSON(obj map[string]any) (*FederatedTypeConfig, error) {
	b, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	var f FederatedTypeConfig
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	return &f, nil
}

// objReader reads typed fields out of JSON-shaped maps and records whether
// anything was not as the fast path expects.
type objReader struct{ failed bool }

// fields returns v as an object whose keys name the given fields; a nil
// value reads as absent. json.Unmarshal ignores unknown keys but matches a
// key to a field regardless of case: such a key is left to it.
func (r *objReader) fields(v any, keys ...string) map[string]any {
	m := r.object(v)
	for k := range m {
		exact, folded := false, false
		for _, want := range keys {
			if k == want {
				exact = true
				break
			}
			folded = folded || strings.EqualFold(k, want)
		}
		if !exact && folded {
			r.failed = true
		}
	}
	return m
}

// object returns v as an object; a nil value reads as absent.
func (r *objReader) object(v any) map[string]any {
	if v == nil {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		r.failed = true
	}
	return m
}

func (r *objReader) str(v any) string {
	switch s := v.(type) {
	case nil:
		return ""
	case string:
		return s
	}
	r.failed = true
	return ""
}

func (r *objReader) int64(v any) int64 {
	switch n := v.(type) {
	case nil:
		return 0
	case int64:
		return n
	case int:
		return int64(n)
	case float64:
		if n == math.Trunc(n) && math.Abs(n) < 1<<53 {
			return int64(n)
		}
	}
	r.failed = true
	return 0
}

func (r *objReader) strMap(v any) map[string]string {
	m := r.object(v)
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, x := range m {
		out[k] = r.str(x)
	}
	return out
}

func (r *objReader) strList(v any) []string {
	if v == nil {
		return nil
	}
	l, ok := v.([]any)
	if !ok {
		r.failed = true
		return nil
	}
	out := make([]string, len(l))
	for i, x := range l {
		out[i] = r.str(x)
	}
	return out
}

func (r *objReader) apiResource(v any) APIResource {
	m := r.fields(v, "group", "version", "kind", "pluralName", "scope")
	return APIResource{Group: r.str(m["group"]), Version: r.str(m["version"]), Kind: r.str(m["kind"]),
		PluralName: r.str(m["pluralName"]), Scope: ResourceScope(r.str(m["scope"]))}
}

func (r *objReader) ftc(obj map[string]any) *FederatedTypeConfig {
	top := r.fields(obj, "apiVersion", "kind", "metadata", "spec", "status")
	f := &FederatedTypeConfig{APIVersion: r.str(top["apiVersion"]), Kind: r.str(top["kind"])}
	md := r.fields(top["metadata"], "name", "namespace", "uid", "resourceVersion", "generation", "creationTimestamp",
		"deletionTimestamp", "labels", "annotations", "finalizers")
	f.Metadata = ObjectMeta{Name: r.str(md["name"]), Namespace: r.str(md["namespace"]), UID: r.str(md["uid"]),
		ResourceVersion: r.str(md["resourceVersion"]), Generation: r.int64(md["generation"]),
		CreationTimestamp: r.str(md["creationTimestamp"]), DeletionTimestamp: r.str(md["deletionTimestamp"]),
		Labels: r.strMap(md["labels"]), Annotations: r.strMap(md["annotations"]), Finalizers: r.strList(md["finalizers"])}
	spec := r.fields(top["spec"], "targetType", "propagation", "federatedType", "statusType", "statusCollection")
	f.Spec.TargetType = r.apiResource(spec["targetType"])
	f.Spec.Propagation = PropagationMode(r.str(spec["propagation"]))
	f.Spec.FederatedType = r.apiResource(spec["federatedType"])
	if st, ok := spec["statusType"]; ok && st != nil {
		res := r.apiResource(st)
		f.Spec.StatusType = &res
	}
	if sc, ok := spec["statusCollection"]; ok && sc != nil {
		mode := StatusCollectionMode(r.str(sc))
		f.Spec.StatusCollection = &mode
	}
	if st, ok := top["status"]; ok && st != nil {
		sm := r.fields(st, "observedGeneration", "propagationController", "statusController")
		f.Status = &FederatedTypeConfigStatus{ObservedGeneration: r.int64(sm["observedGeneration"]),
			PropagationController: ControllerStatus(r.str(sm["propagationController"]))}
		if sc, ok := sm["statusController"]; ok && sc != nil {
			c := ControllerStatus(r.str(sc))
			f.Status.StatusController = &c
		}
	}
	return f
}

// ToObject is the status as JSON-shaped values (what json.Marshal writes).
func (s *FederatedTypeConfigStatus) ToObject() map[string]any {
	m := map[string]any{"observedGeneration": s.ObservedGeneration, "propagationController": string(s.PropagationController)}
	if s.StatusController != nil {
		m["statusController"] = string(*s.StatusController)
	}
	return m
}
