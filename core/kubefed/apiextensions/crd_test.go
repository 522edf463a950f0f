package apiextensions

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func widgetCRD(v1beta1 bool) *CRD {
	return &CRD{Group: "example.io", Version: "v1", Kind: "Widget", Plural: "widgets", Singular: "widget", ListKind: "WidgetList",
		ShortNames: []string{"wd"}, Namespaced: true, StatusSubresource: true, V1beta1: v1beta1, PreserveUnknownFields: v1beta1,
		Schema: Obj(map[string]*JSONSchemaProps{
			"spec": Obj(map[string]*JSONSchemaProps{
				"size":  Int64(),
				"name":  {Type: "string", Pattern: "^[a-z]+$", Description: "a name"},
				"tags":  Arr(Str()),
				"extra": Preserve(),
				"env":   {Type: "object", AdditionalProperties: Bool()},
				"value": {AnyOf: []*JSONSchemaProps{{Type: "integer"}, Str()}},
			}, "size"),
		}),
	}
}

// What ToObject renders, CRDFromObject reads back: both API versions.
func TestCRDRoundTrip(t *testing.T) {
	for _, v1beta1 := range []bool{false, true} {
		c := widgetCRD(v1beta1)
		o := c.ToObject()
		back, msg := CRDFromObject(o)
		require.Empty(t, msg)
		require.Equal(t, c, back, "v1beta1=%v", v1beta1)
	}
	require.Equal(t, "widgets.example.io", widgetCRD(false).Name())
	require.Equal(t, "Cluster", (&CRD{}).Scope())
}

func TestCRDToObject(t *testing.T) {
	c := &CRD{Group: "example.io", Version: "v1", Kind: "Widget", Plural: "widgets"}
	require.Equal(t, map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"name": "widgets.example.io"},
		"spec": map[string]any{"group": "example.io", "scope": "Cluster",
			"names":    map[string]any{"kind": "Widget", "plural": "widgets"},
			"versions": []any{map[string]any{"name": "v1", "served": true, "storage": true}}},
	}, c.ToObject())
	c.V1beta1 = true
	require.Equal(t, map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1beta1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"name": "widgets.example.io"},
		"spec": map[string]any{"group": "example.io", "scope": "Cluster", "version": "v1",
			"names": map[string]any{"kind": "Widget", "plural": "widgets"}},
	}, c.ToObject())
}

func TestCRDFromObject(t *testing.T) {
	base := func() map[string]any { return widgetCRD(false).ToObject() }
	spec := func(o map[string]any) map[string]any { return o["spec"].(map[string]any) }
	for _, tc := range []struct {
		name   string
		change func(o map[string]any)
		err    string
	}{
		{"no spec", func(o map[string]any) { delete(o, "spec") }, "spec: Required value"},
		{"no group", func(o map[string]any) { delete(spec(o), "group") }, "spec.group: Required value"},
		{"no names", func(o map[string]any) { delete(spec(o), "names") }, "spec.names.kind: Required value"},
		{"no plural", func(o map[string]any) { delete(spec(o)["names"].(map[string]any), "plural") }, "spec.names.plural: Required value"},
		{"no versions", func(o map[string]any) { spec(o)["versions"] = []any{"not a version"} }, "spec.versions: Required value"},
		{"bad scope", func(o map[string]any) { spec(o)["scope"] = "Global" }, `spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"`},
	} {
		o := base()
		tc.change(o)
		c, msg := CRDFromObject(o)
		require.Nil(t, c, tc.name)
		require.Equal(t, tc.err, msg, tc.name)
	}

	// With several versions, the storage version wins.
	o := base()
	spec(o)["versions"] = []any{
		map[string]any{"name": "v1alpha1", "served": true, "storage": false},
		map[string]any{"name": "v1", "served": true, "storage": true},
		map[string]any{"name": "v2", "served": true, "storage": false},
	}
	c, msg := CRDFromObject(o)
	require.Empty(t, msg)
	require.Equal(t, "v1", c.Version)
	require.False(t, c.StatusSubresource)
	require.Nil(t, c.Schema)

	// A v1beta1 CRD prunes only when it says so.
	o = widgetCRD(true).ToObject()
	spec(o)["preserveUnknownFields"] = false
	c, msg = CRDFromObject(o)
	require.Empty(t, msg)
	require.False(t, c.PreserveUnknownFields)
}
