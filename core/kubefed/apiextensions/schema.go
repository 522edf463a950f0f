// Package apiextensions holds the slice of apiextensions.k8s.io/v1 the model
// needs: structural OpenAPI schemas for custom resources, how the API server
// validates and prunes objects against them, and CustomResourceDefinition
// rendering (kubefedctl enable prints one).
package apiextensions

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"sync"

	"github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1/validation"
	"github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// JSONSchemaProps is a structural schema node.
type JSONSchemaProps struct {
	Type                   string
	Format                 string
	Pattern                string
	Description            string
	Properties             map[string]*JSONSchemaProps
	AdditionalProperties   *JSONSchemaProps
	Items                  *JSONSchemaProps
	Required               []string
	XPreserveUnknownFields bool
	// AnyOf is rendered and read, not enforced: only the legacy federated
	// CRDs use it, for override values.
	AnyOf []*JSONSchemaProps
}

// ToMap renders the schema the way the API serialises it.
func (s *JSONSchemaProps) ToMap() map[string]any {
	m := map[string]any{}
	if s.Type != "" {
		m["type"] = s.Type
	}
	if s.Format != "" {
		m["format"] = s.Format
	}
	if s.Pattern != "" {
		m["pattern"] = s.Pattern
	}
	if s.Description != "" {
		m["description"] = s.Description
	}
	if len(s.Properties) > 0 {
		p := map[string]any{}
		for k, v := range s.Properties {
			p[k] = v.ToMap()
		}
		m["properties"] = p
	}
	if s.AdditionalProperties != nil {
		m["additionalProperties"] = s.AdditionalProperties.ToMap()
	}
	if s.Items != nil {
		m["items"] = s.Items.ToMap()
	}
	if len(s.Required) > 0 {
		r := make([]any, len(s.Required))
		for i, v := range s.Required {
			r[i] = v
		}
		m["required"] = r
	}
	if s.XPreserveUnknownFields {
		m["x-kubernetes-preserve-unknown-fields"] = true
	}
	if len(s.AnyOf) > 0 {
		l := make([]any, len(s.AnyOf))
		for i, a := range s.AnyOf {
			l[i] = a.ToMap()
		}
		m["anyOf"] = l
	}
	return m
}

// OverrideOpPattern is the pattern of spec.overrides[].clusterOverrides[].op
// in every federated CRD kubefedctl generates.
const OverrideOpPattern = "^(add|remove|replace)?$"

// matchPattern reports whether x matches the pattern p; an invalid pattern
// matches everything (the API server would not have accepted the CRD). The
// pattern of kubefed's own CRDs is matched by hand, so validating a
// federated resource compiles no regular expression; other CRDs' patterns
// are compiled once, when first used.
func matchPattern(p, x string) bool {
	if p == OverrideOpPattern {
		switch x {
		case "", "add", "remove", "replace":
			return true
		}
		return false
	}
	r := compile(p)
	return r == nil || r.MatchString(x)
}

// patterns caches compiled schema patterns. Sessions of one engine run on
// one goroutine, but native callers (tests, the CLI) may validate from
// several at once, so the cache is locked.
var patterns struct {
	sync.Mutex
	m map[string]*regexp.Regexp
}

// compile returns p compiled, or nil when p is not a valid expression (the
// API server rejects such schemas before any object reaches them).
func compile(p string) *regexp.Regexp {
	patterns.Lock()
	defer patterns.Unlock()
	if r, ok := patterns.m[p]; ok {
		return r
	}
	r, err := regexp.Compile(p)
	if err != nil {
		r = nil
	}
	if patterns.m == nil {
		patterns.m = map[string]*regexp.Regexp{}
	}
	patterns.m[p] = r
	return r
}

// Validate checks v against the schema with the API server's messages.
// Unknown fields are not errors here: the API server prunes them.
func (s *JSONSchemaProps) Validate(v any, path string) validation.ErrorList {
	return s.validate(v, newFieldPath(path))
}

func (s *JSONSchemaProps) validate(v any, path *fieldPath) validation.ErrorList {
	if s == nil {
		return nil
	}
	var errs validation.ErrorList
	if v == nil {
		return nil
	}
	if t := jsonType(v); s.Type != "" && !typeMatches(s.Type, v) {
		p := path.String()
		return validation.ErrorList{validation.Invalid(p, t, fmt.Sprintf("%s in body must be of type %s: %q", bodyPath(p), s.Type, t))}
	}
	switch x := v.(type) {
	case map[string]any:
		for _, r := range s.Required {
			if _, ok := x[r]; !ok {
				n := path.key(r)
				errs = append(errs, validation.Required(path.String(), ""))
				path.pop(n)
			}
		}
		for _, k := range unstructured.SortedKeys(x) {
			sub, ok := s.Properties[k]
			if !ok {
				sub = s.AdditionalProperties
			}
			if ok || sub != nil {
				n := path.key(k)
				errs = append(errs, sub.validate(x[k], path)...)
				path.pop(n)
			}
		}
	case []any:
		if s.Items != nil {
			for i, e := range x {
				n := path.index(i)
				errs = append(errs, s.Items.validate(e, path)...)
				path.pop(n)
			}
		}
	case string:
		if s.Pattern != "" {
			if !matchPattern(s.Pattern, x) {
				p := path.String()
				errs = append(errs, validation.Invalid(p, x, fmt.Sprintf("%s in body should match '%s'", bodyPath(p), s.Pattern)))
			}
		}
	}
	return errs
}

// Prune removes fields the schema does not know, as the API server does for
// structural schemas. It reports the pruned paths, sorted.
func (s *JSONSchemaProps) Prune(v any, path string) []string {
	pruned := s.unknownFields(v, newFieldPath(path), true)
	sort.Strings(pruned)
	return pruned
}

// Unknown lists fields the schema does not know (for strict input checks),
// in the order of a walk over sorted keys.
func (s *JSONSchemaProps) Unknown(v any, path string) []string {
	return s.unknownFields(v, newFieldPath(path), false)
}

// unknownFields walks v along the schema and returns the paths of fields it
// does not know; with prune it also deletes them, sparing the top-level
// apiVersion and kind as the API server does. The object's metadata is never
// walked.
func (s *JSONSchemaProps) unknownFields(v any, path *fieldPath, prune bool) []string {
	if s == nil || s.XPreserveUnknownFields {
		return nil
	}
	var out []string
	top := path.empty()
	switch x := v.(type) {
	case map[string]any:
		for _, k := range unstructured.SortedKeys(x) {
			if top && k == "metadata" {
				continue
			}
			sub, ok := s.Properties[k]
			if !ok {
				sub = s.AdditionalProperties
			}
			n := path.key(k)
			switch {
			case ok || sub != nil:
				out = append(out, sub.unknownFields(x[k], path, prune)...)
			case !prune:
				out = append(out, path.String())
			case !top || (k != "apiVersion" && k != "kind"):
				delete(x, k)
				out = append(out, path.String())
			}
			path.pop(n)
		}
	case []any:
		if s.Items != nil {
			for i, e := range x {
				n := path.index(i)
				out = append(out, s.Items.unknownFields(e, path, prune)...)
				path.pop(n)
			}
		}
	}
	return out
}

// fieldPath is the path of the field a walk is at ("spec.template[0].x"),
// kept in one buffer that grows and shrinks with the walk and spelt out as a
// string only for an error: the walks visit every field of every object
// applied, and a string per field was a tenth of the allocations of applying
// one.
type fieldPath struct{ b []byte }

func newFieldPath(root string) *fieldPath {
	return &fieldPath{b: append(make([]byte, 0, 64), root...)}
}

func (p *fieldPath) empty() bool { return len(p.b) == 0 }

// key descends into the field k and returns the length to pop back to.
func (p *fieldPath) key(k string) int {
	n := len(p.b)
	if n > 0 {
		p.b = append(p.b, '.')
	}
	p.b = append(p.b, k...)
	return n
}

// index descends into element i and returns the length to pop back to.
func (p *fieldPath) index(i int) int {
	n := len(p.b)
	p.b = append(p.b, '[')
	p.b = strconv.AppendInt(p.b, int64(i), 10)
	p.b = append(p.b, ']')
	return n
}

func (p *fieldPath) pop(n int) { p.b = p.b[:n] }

func (p *fieldPath) String() string { return string(p.b) }

func bodyPath(p string) string { return p }

func jsonType(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "boolean"
	case int64:
		return "integer"
	case float64:
		return "number"
	case nil:
		return "null"
	}
	return "unknown"
}

func typeMatches(t string, v any) bool {
	switch t {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "integer":
		_, ok := v.(int64)
		return ok
	case "number":
		switch v.(type) {
		case int64, float64:
			return true
		}
		return false
	}
	return true
}

// Helpers to build schemas concisely.

func Obj(props map[string]*JSONSchemaProps, required ...string) *JSONSchemaProps {
	return &JSONSchemaProps{Type: "object", Properties: props, Required: required}
}
func Str() *JSONSchemaProps   { return &JSONSchemaProps{Type: "string"} }
func Bool() *JSONSchemaProps  { return &JSONSchemaProps{Type: "boolean"} }
func Int64() *JSONSchemaProps { return &JSONSchemaProps{Type: "integer", Format: "int64"} }
func Arr(items *JSONSchemaProps) *JSONSchemaProps {
	return &JSONSchemaProps{Type: "array", Items: items}
}
func Preserve() *JSONSchemaProps {
	return &JSONSchemaProps{Type: "object", XPreserveUnknownFields: true}
}
