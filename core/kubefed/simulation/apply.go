package simulation

import (
	"fmt"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/kubefed/apiextensions"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// ApplyResult is kubectl's line for one document.
type ApplyResult struct {
	Line      int    `json:"line"`
	Kind      string `json:"kind"`
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
	Result    string `json:"result,omitempty"` // created, configured, unchanged
	Error     string `json:"error,omitempty"`
	Message   string `json:"message"`
}

// ParseObjects decodes a YAML stream into objects, reporting the first
// syntax error or unknown field with its line.
func (s *Simulation) ParseObjects(text, cluster string) ([]map[string]any, []int, error) {
	docs, err := u.SplitStream(text)
	if err != nil {
		return nil, nil, err
	}
	if len(docs) == 0 {
		return nil, nil, u.ErrEmpty
	}
	st := s.Host
	if cluster != "" {
		m, ok := s.members[cluster]
		if !ok {
			return nil, nil, fmt.Errorf("cluster %q not found", cluster)
		}
		st = m.Store
	}
	var objs []map[string]any
	var lines []int
	for _, d := range docs {
		obj, pos, err := u.DecodeObject(d)
		if err != nil {
			return nil, nil, err
		}
		if err := checkObject(st, obj, pos); err != nil {
			return nil, nil, err
		}
		objs = append(objs, obj)
		lines = append(lines, pos.Line(""))
	}
	return objs, lines, nil
}

// checkObject rejects what kubectl's strict field validation rejects:
// missing apiVersion/kind, and fields the type's schema does not know.
func checkObject(st *store.Store, obj map[string]any, pos *u.Positions) error {
	if _, ok := obj["apiVersion"].(string); !ok {
		return &u.Error{Line: pos.Line(""), Msg: "apiVersion: Required value: apiVersion must be set"}
	}
	if _, ok := obj["kind"].(string); !ok {
		return &u.Error{Line: pos.Line(""), Msg: "kind: Required value: kind must be set"}
	}
	md, ok := obj["metadata"].(map[string]any)
	if !ok {
		return &u.Error{Line: pos.Line(""), Msg: "metadata: Required value: metadata.name must be set"}
	}
	if n, _ := md["name"].(string); n == "" {
		return &u.Error{Line: pos.Line("metadata"), Msg: "metadata.name: Required value: name must be set"}
	}
	for _, f := range u.SortedKeys(md) {
		switch f {
		case "name", "namespace", "labels", "annotations", "finalizers", "ownerReferences", "generateName", "uid", "resourceVersion", "generation", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "managedFields":
		default:
			return &u.Error{Line: pos.Line("metadata." + f), Msg: fmt.Sprintf("unknown field %q", "metadata."+f)}
		}
	}
	k, err := st.KindForObject(obj)
	if err != nil {
		if u.GetKind(obj) == "CustomResourceDefinition" {
			return nil
		}
		return &u.Error{Line: pos.Line(""), Msg: err.Error() + "\nensure CRDs are installed first"}
	}
	if k.Schema != nil && !k.PreserveUnknownFields {
		for _, p := range k.Schema.Unknown(obj, "") {
			if p == "apiVersion" || p == "kind" || strings.HasPrefix(p, "metadata") {
				continue
			}
			return &u.Error{Line: pos.Line(p), Msg: fmt.Sprintf("unknown field %q", p)}
		}
	}
	if k.Schema != nil {
		if errs := k.Schema.Validate(obj, ""); len(errs) > 0 {
			return &u.Error{Line: pos.Line(errs[0].Field), Msg: fmt.Sprintf("%s %q is invalid: %s", k.QualifiedKind(), u.GetName(obj), errs.Aggregate())}
		}
	}
	return nil
}

// Apply applies a YAML stream to the host ("") or a member cluster.
// Decoding errors fail the whole stream; API errors are per document.
func (s *Simulation) Apply(text, cluster string) ([]ApplyResult, error) {
	objs, lines, err := s.ParseObjects(text, cluster)
	if err != nil {
		return nil, err
	}
	var out []ApplyResult
	for i, o := range objs {
		r := s.ApplyObject(o, cluster)
		r.Line = lines[i]
		out = append(out, r)
	}
	return out, nil
}

// ApplyObject creates or updates one object.
func (s *Simulation) ApplyObject(obj map[string]any, cluster string) ApplyResult {
	st := s.Host
	if cluster != "" {
		m, ok := s.members[cluster]
		if !ok {
			return ApplyResult{Error: fmt.Sprintf("cluster %q not found", cluster)}
		}
		st = m.Store
	}
	r := ApplyResult{Kind: u.GetKind(obj), Namespace: u.GetNamespace(obj), Name: u.GetName(obj)}
	if r.Kind == "CustomResourceDefinition" {
		c, msg := apiextensions.CRDFromObject(obj)
		if c == nil {
			r.Error = fmt.Sprintf("CustomResourceDefinition.apiextensions.k8s.io %q is invalid: %s", r.Name, msg)
			r.Message = "Error from server (Invalid): " + r.Error
			return r
		}
		st.RegisterCRD(c)
	}
	k, err := st.KindForObject(obj)
	if err != nil {
		r.Error = err.Error()
		r.Message = "error: " + err.Error()
		return r
	}
	if k.Namespaced && r.Namespace == "" {
		u.SetNamespace(obj, "default")
		r.Namespace = "default"
	}
	before := st.ResourceVersion()
	_, created, err := st.Apply(obj)
	ref := strings.ToLower(k.Kind)
	if k.Group != "" {
		ref += "." + k.Group
	}
	ref += "/" + r.Name
	switch {
	case err != nil:
		r.Error = err.Error()
		verb := "creating"
		if st.Peek(k.Group, k.Kind, r.Namespace, r.Name) != nil {
			verb = "applying patch"
		}
		r.Message = fmt.Sprintf("Error from server (%s): error when %s %q: %s", store.ReasonOf(err), verb, ref, err.Error())
	case created:
		r.Result = "created"
	case st.ResourceVersion() == before:
		r.Result = "unchanged"
	default:
		r.Result = "configured"
	}
	if r.Result != "" {
		r.Message = ref + " " + r.Result
	}
	s.Settle()
	return r
}

// ObjectRef names an object to delete.
type ObjectRef struct {
	Cluster    string `json:"cluster,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
	Kind       string `json:"kind"`
	Namespace  string `json:"namespace,omitempty"`
	Name       string `json:"name"`
	// StripFinalizers removes every finalizer in the same instant as the
	// delete, before any controller can react (quirk Q4).
	StripFinalizers bool `json:"stripFinalizers,omitempty"`
}

// ResolveKind finds a served kind by Kind, plural, short name or
// plural.group (case-insensitive), preferring an exact apiVersion.
func ResolveKind(st *store.Store, apiVersion, kind string) (*store.Kind, error) {
	if apiVersion != "" {
		group, _ := u.GroupVersion(apiVersion)
		if k, ok := st.KindFor(group, kind); ok {
			return k, nil
		}
		return nil, store.NewNoKindMatch(kind, apiVersion)
	}
	lower := strings.ToLower(kind)
	for _, k := range st.Kinds() {
		if lower == strings.ToLower(k.Kind) || lower == k.Plural || lower == k.Resource() {
			return k, nil
		}
		for _, sn := range k.ShortNames {
			if lower == sn {
				return k, nil
			}
		}
	}
	return nil, fmt.Errorf("the server doesn't have a resource type %q", kind)
}

// Delete deletes an object (kubectl delete, background propagation).
func (s *Simulation) Delete(ref ObjectRef) (string, error) {
	st := s.Host
	if ref.Cluster != "" {
		m, ok := s.members[ref.Cluster]
		if !ok {
			return "", fmt.Errorf("cluster %q not found", ref.Cluster)
		}
		st = m.Store
	}
	k, err := ResolveKind(st, ref.APIVersion, ref.Kind)
	if err != nil {
		return "", err
	}
	ns := ref.Namespace
	if k.Namespaced && ns == "" {
		ns = "default"
	}
	if ref.StripFinalizers {
		if _, err := st.MergePatch(k.Group, k.Kind, ns, ref.Name, map[string]any{"metadata": map[string]any{"finalizers": nil}}); err != nil {
			//lint:ignore ST1005 upstream's exact message
			return "", fmt.Errorf("Error from server (%s): %s", store.ReasonOf(err), err.Error())
		}
	}
	err = st.Delete(k.Group, k.Kind, ns, ref.Name)
	s.Settle()
	if err != nil {
		//lint:ignore ST1005 upstream's exact message
		return "", fmt.Errorf("Error from server (%s): %s", store.ReasonOf(err), err.Error())
	}
	res := k.Resource()
	return fmt.Sprintf("%s %q deleted", res, ref.Name), nil
}
