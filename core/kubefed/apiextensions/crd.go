package apiextensions

// CRD is a CustomResourceDefinition with one version, the shape kubefed and
// kubefedctl produce.
type CRD struct {
	Group             string
	Version           string
	Kind              string
	Plural            string
	Singular          string
	ListKind          string
	ShortNames        []string
	Namespaced        bool
	StatusSubresource bool
	Schema            *JSONSchemaProps
	// FirstVersionSchema is the schema of spec.versions[0], which is
	// where kubefedctl enable reads a CRD target's template schema
	// (crdSchemaAccessor), whichever version it federates. Nil means
	// Schema (a CRD with one version).
	FirstVersionSchema *JSONSchemaProps
	// V1beta1 renders the CRD as apiextensions.k8s.io/v1beta1.
	V1beta1 bool
	// PreserveUnknownFields keeps fields the schema does not name (a
	// v1beta1 CRD's default): nothing is pruned and nothing is unknown.
	PreserveUnknownFields bool
}

// Name is <plural>.<group>.
func (c *CRD) Name() string { return c.Plural + "." + c.Group }

// Scope is "Namespaced" or "Cluster".
func (c *CRD) Scope() string {
	if c.Namespaced {
		return "Namespaced"
	}
	return "Cluster"
}

// ToObject renders the CRD as apiextensions.k8s.io/v1 JSON, without status
// or creationTimestamp (as kubefedctl's -o yaml writes it).
func (c *CRD) ToObject() map[string]any {
	names := map[string]any{"kind": c.Kind, "plural": c.Plural}
	if c.Singular != "" {
		names["singular"] = c.Singular
	}
	if c.ListKind != "" {
		names["listKind"] = c.ListKind
	}
	if len(c.ShortNames) > 0 {
		s := make([]any, len(c.ShortNames))
		for i, n := range c.ShortNames {
			s[i] = n
		}
		names["shortNames"] = s
	}
	if c.V1beta1 {
		return c.v1beta1Object(names)
	}
	version := map[string]any{
		"name":    c.Version,
		"served":  true,
		"storage": true,
	}
	if c.Schema != nil {
		version["schema"] = map[string]any{"openAPIV3Schema": c.Schema.ToMap()}
	}
	if c.StatusSubresource {
		version["subresources"] = map[string]any{"status": map[string]any{}}
	}
	return map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1",
		"kind":       "CustomResourceDefinition",
		"metadata":   map[string]any{"name": c.Name()},
		"spec": map[string]any{
			"group":    c.Group,
			"names":    names,
			"scope":    c.Scope(),
			"versions": []any{version},
		},
	}
}

// v1beta1Object renders the CRD as apiextensions.k8s.io/v1beta1: one
// version in spec.version, the schema in spec.validation, subresources in
// the spec.
func (c *CRD) v1beta1Object(names map[string]any) map[string]any {
	spec := map[string]any{"group": c.Group, "version": c.Version, "names": names, "scope": c.Scope()}
	if c.Schema != nil {
		spec["validation"] = map[string]any{"openAPIV3Schema": c.Schema.ToMap()}
	}
	if c.StatusSubresource {
		spec["subresources"] = map[string]any{"status": map[string]any{}}
	}
	return map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1beta1",
		"kind":       "CustomResourceDefinition",
		"metadata":   map[string]any{"name": c.Name()},
		"spec":       spec,
	}
}

// CRDFromObject reads the parts of a CustomResourceDefinition object the
// model needs. The schema is kept only as far as structural validation goes.
func CRDFromObject(o map[string]any) (*CRD, string) {
	spec, _ := o["spec"].(map[string]any)
	if spec == nil {
		return nil, "spec: Required value"
	}
	c := &CRD{}
	c.Group, _ = spec["group"].(string)
	scope, _ := spec["scope"].(string)
	c.Namespaced = scope == "Namespaced"
	names, _ := spec["names"].(map[string]any)
	if names != nil {
		c.Kind, _ = names["kind"].(string)
		c.Plural, _ = names["plural"].(string)
		c.Singular, _ = names["singular"].(string)
		c.ListKind, _ = names["listKind"].(string)
		if sn, ok := names["shortNames"].([]any); ok {
			for _, s := range sn {
				if str, ok := s.(string); ok {
					c.ShortNames = append(c.ShortNames, str)
				}
			}
		}
	}
	if o["apiVersion"] == "apiextensions.k8s.io/v1beta1" {
		// A v1beta1 CRD keeps unknown fields unless told not to, and may
		// name its one version and schema at the spec's top.
		c.V1beta1 = true
		c.PreserveUnknownFields = spec["preserveUnknownFields"] != false
		c.Version, _ = spec["version"].(string)
		if sub, ok := spec["subresources"].(map[string]any); ok {
			_, c.StatusSubresource = sub["status"]
		}
		if val, ok := spec["validation"].(map[string]any); ok {
			if oa, ok := val["openAPIV3Schema"].(map[string]any); ok {
				c.Schema = FromMap(oa)
			}
		}
	}
	versions, _ := spec["versions"].([]any)
	for i, v := range versions {
		vm, _ := v.(map[string]any)
		if vm == nil {
			continue
		}
		if i == 0 && len(versions) > 1 {
			if sch, ok := vm["schema"].(map[string]any); ok {
				if oa, ok := sch["openAPIV3Schema"].(map[string]any); ok {
					c.FirstVersionSchema = FromMap(oa)
				}
			}
		}
		if storage, _ := vm["storage"].(bool); !storage && c.Version != "" {
			continue
		}
		c.Version, _ = vm["name"].(string)
		if sub, ok := vm["subresources"].(map[string]any); ok {
			_, c.StatusSubresource = sub["status"]
		}
		if sch, ok := vm["schema"].(map[string]any); ok {
			if oa, ok := sch["openAPIV3Schema"].(map[string]any); ok {
				c.Schema = FromMap(oa)
			}
		}
	}
	switch {
	case c.Group == "":
		return nil, "spec.group: Required value"
	case c.Kind == "":
		return nil, "spec.names.kind: Required value"
	case c.Plural == "":
		return nil, "spec.names.plural: Required value"
	case c.Version == "":
		return nil, "spec.versions: Required value"
	case scope != "Namespaced" && scope != "Cluster":
		return nil, "spec.scope: Unsupported value: \"" + scope + "\": supported values: \"Cluster\", \"Namespaced\""
	}
	return c, ""
}

// FromMap reads a schema from its JSON form.
func FromMap(m map[string]any) *JSONSchemaProps {
	s := &JSONSchemaProps{}
	s.Type, _ = m["type"].(string)
	s.Format, _ = m["format"].(string)
	s.Pattern, _ = m["pattern"].(string)
	s.Description, _ = m["description"].(string)
	s.XPreserveUnknownFields, _ = m["x-kubernetes-preserve-unknown-fields"].(bool)
	if p, ok := m["properties"].(map[string]any); ok {
		s.Properties = map[string]*JSONSchemaProps{}
		for k, v := range p {
			if vm, ok := v.(map[string]any); ok {
				s.Properties[k] = FromMap(vm)
			}
		}
	}
	if ap, ok := m["additionalProperties"].(map[string]any); ok {
		s.AdditionalProperties = FromMap(ap)
	}
	if it, ok := m["items"].(map[string]any); ok {
		s.Items = FromMap(it)
	}
	if l, ok := m["anyOf"].([]any); ok {
		for _, a := range l {
			if am, ok := a.(map[string]any); ok {
				s.AnyOf = append(s.AnyOf, FromMap(am))
			}
		}
	}
	if r, ok := m["required"].([]any); ok {
		for _, x := range r {
			if str, ok := x.(string); ok {
				s.Required = append(s.Required, str)
			}
		}
	}
	return s
}
