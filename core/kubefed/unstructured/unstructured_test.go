package unstructured

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDeepCopySharesNothing(t *testing.T) {
	orig := Object{
		"metadata": map[string]any{"name": "a", "finalizers": []any{"f"}},
		"spec":     map[string]any{"replicas": int64(2), "list": []any{map[string]any{"x": "y"}}},
	}
	cp := DeepCopyMap(orig)
	require.Equal(t, orig, cp)

	// Writing through every level of the copy leaves the original as it was.
	NestedMap(cp, "metadata")["name"] = "b"
	NestedSlice(cp, "metadata", "finalizers")[0] = "g"
	NestedSlice(cp, "spec", "list")[0].(map[string]any)["x"] = "z"
	require.Equal(t, "a", GetName(orig))
	require.Equal(t, []string{"f"}, GetFinalizers(orig))
	require.Equal(t, "y", NestedString(NestedSlice(orig, "spec", "list")[0].(map[string]any), "x"))

	require.Nil(t, DeepCopyMap(nil))
	// Go literals take the shapes JSON decoding gives.
	require.Equal(t, []any{"a", "b"}, DeepCopy([]string{"a", "b"}))
	require.Equal(t, int64(3), DeepCopy(3))
	require.Equal(t, int64(4), DeepCopy(int32(4)))
	require.Equal(t, "s", DeepCopy("s"))
}

func TestEqual(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b any
		want bool
	}{
		{"same int", int64(1), int64(1), true},
		{"int and float of one value", int64(2), float64(2), true},
		{"float and int of one value", float64(2), int64(2), true},
		{"int and fractional float", int64(2), 2.5, false},
		{"floats", 2.5, 2.5, true},
		{"different floats", 2.5, 2.25, false},
		{"int and string", int64(1), "1", false},
		{"float and string", 1.0, "1", false},
		{"strings", "a", "a", true},
		{"nil and nil", nil, nil, true},
		{"nil and empty map", nil, map[string]any{}, false},
		{"maps", map[string]any{"a": int64(1)}, map[string]any{"a": 1.0}, true},
		{"map with another key", map[string]any{"a": int64(1)}, map[string]any{"b": int64(1)}, false},
		{"map with another value", map[string]any{"a": int64(1)}, map[string]any{"a": int64(2)}, false},
		{"map of other length", map[string]any{"a": int64(1)}, map[string]any{"a": int64(1), "b": true}, false},
		{"map and list", map[string]any{}, []any{}, false},
		{"lists", []any{"a", int64(1)}, []any{"a", 1.0}, true},
		{"lists in another order", []any{"a", "b"}, []any{"b", "a"}, false},
		{"lists of other length", []any{"a"}, []any{"a", "a"}, false},
		{"list and map", []any{}, map[string]any{}, false},
	} {
		require.Equal(t, tc.want, Equal(tc.a, tc.b), tc.name)
	}
}

func TestNested(t *testing.T) {
	obj := Object{
		"metadata": map[string]any{
			"labels": map[string]any{"app": "web", "n": int64(1)},
		},
		"spec": map[string]any{
			"replicas": int64(3),
			"ratio":    2.0,
			"name":     "x",
			"items":    []any{"a"},
		},
	}
	v, ok := Nested(obj, "spec", "replicas")
	require.True(t, ok)
	require.Equal(t, int64(3), v)
	_, ok = Nested(obj, "spec", "missing")
	require.False(t, ok)
	_, ok = Nested(obj, "spec", "name", "deeper")
	require.False(t, ok, "a string has no fields")

	require.Equal(t, map[string]any{"app": "web", "n": int64(1)}, NestedMap(obj, "metadata", "labels"))
	require.Nil(t, NestedMap(obj, "spec", "name"), "a string is not an object")
	require.Equal(t, []any{"a"}, NestedSlice(obj, "spec", "items"))
	require.Nil(t, NestedSlice(obj, "spec", "name"))
	require.Equal(t, "x", NestedString(obj, "spec", "name"))
	require.Equal(t, "", NestedString(obj, "spec", "replicas"))
	require.Equal(t, int64(3), NestedInt64(obj, "spec", "replicas"))
	require.Equal(t, int64(2), NestedInt64(obj, "spec", "ratio"))
	require.Equal(t, int64(0), NestedInt64(obj, "spec", "name"))
	// Values that are not strings are left out of a string map.
	require.Equal(t, map[string]string{"app": "web"}, GetLabels(obj))
	require.Nil(t, GetAnnotations(obj))
}

func TestSetNestedCreatesAndReplacesObjects(t *testing.T) {
	obj := Object{"spec": "not an object"}
	SetNested(obj, int64(2), "spec", "template", "replicas")
	SetNested(obj, "b", "spec", "template", "name")
	SetNested(obj, true, "top")
	require.Equal(t, Object{
		"spec": map[string]any{"template": map[string]any{"replicas": int64(2), "name": "b"}},
		"top":  true,
	}, obj)
}

func TestMetadataAccessors(t *testing.T) {
	obj := Object{"metadata": "malformed"}
	// Readers never panic on a malformed object; writers replace it.
	require.Equal(t, "", GetName(obj))
	require.Nil(t, GetFinalizers(obj))
	SetName(obj, "web")
	SetNamespace(obj, "ns")
	SetKind(obj, "Deployment")
	SetAPIVersion(obj, "apps/v1")
	SetResourceVersion(obj, "7")
	SetLabels(obj, map[string]string{"app": "web"})
	SetAnnotations(obj, map[string]string{"a": "b"})
	SetFinalizers(obj, []string{"f1", "f2"})
	obj["metadata"].(map[string]any)["uid"] = "u-1"
	obj["metadata"].(map[string]any)["generation"] = int64(4)
	obj["metadata"].(map[string]any)["deletionTimestamp"] = "2024-01-01T00:00:00Z"
	require.Equal(t, Object{
		"apiVersion": "apps/v1",
		"kind":       "Deployment",
		"metadata": map[string]any{
			"name": "web", "namespace": "ns", "resourceVersion": "7",
			"labels":            map[string]any{"app": "web"},
			"annotations":       map[string]any{"a": "b"},
			"finalizers":        []any{"f1", "f2"},
			"uid":               "u-1",
			"generation":        int64(4),
			"deletionTimestamp": "2024-01-01T00:00:00Z",
		},
	}, obj)
	require.Equal(t, "web", GetName(obj))
	require.Equal(t, "ns", GetNamespace(obj))
	require.Equal(t, "Deployment", GetKind(obj))
	require.Equal(t, "apps/v1", GetAPIVersion(obj))
	require.Equal(t, "u-1", GetUID(obj))
	require.Equal(t, "7", GetResourceVersion(obj))
	require.Equal(t, int64(4), GetGeneration(obj))
	require.Equal(t, "2024-01-01T00:00:00Z", GetDeletionTimestamp(obj))
	require.Equal(t, map[string]string{"a": "b"}, GetAnnotations(obj))
	require.Equal(t, []string{"f1", "f2"}, GetFinalizers(obj))
	require.True(t, HasFinalizer(obj, "f2"))
	require.False(t, HasFinalizer(obj, "f3"))

	// Empty values remove their field, as omitempty would.
	SetNamespace(obj, "")
	SetResourceVersion(obj, "")
	SetLabels(obj, nil)
	SetAnnotations(obj, map[string]string{})
	SetFinalizers(obj, nil)
	require.Equal(t, map[string]any{
		"name": "web", "uid": "u-1", "generation": int64(4), "deletionTimestamp": "2024-01-01T00:00:00Z",
	}, obj["metadata"])

	// A finalizer that is not a string is skipped, not fatal.
	obj["metadata"].(map[string]any)["finalizers"] = []any{int64(1), "f"}
	require.Equal(t, []string{"f"}, GetFinalizers(obj))
	require.Equal(t, "", GetKind(Object{"kind": int64(1)}))
	require.Equal(t, "", GetAPIVersion(Object{}))
}

func TestGroupVersion(t *testing.T) {
	for _, tc := range []struct{ in, group, version string }{
		{"v1", "", "v1"},
		{"apps/v1", "apps", "v1"},
		{"types.kubefed.io/v1beta1", "types.kubefed.io", "v1beta1"},
		{"", "", ""},
	} {
		g, v := GroupVersion(tc.in)
		require.Equal(t, [2]string{tc.group, tc.version}, [2]string{g, v}, tc.in)
	}
}

func TestJSON(t *testing.T) {
	require.Equal(t, `{"a":[1,"x"],"b":true}`, string(Marshal(Object{"b": true, "a": []any{int64(1), "x"}})),
		"keys sorted")
	// A value JSON cannot hold is rendered as its quoted error, not a panic.
	require.Equal(t, `"json: unsupported value: NaN"`, string(Marshal(math.NaN())))

	v, err := FromJSON([]byte(`{"i": 3, "f": 2.5, "e": 1e3, "l": [1, {"n": -2}], "s": "x", "z": null}`))
	require.NoError(t, err)
	require.Equal(t, map[string]any{
		"i": int64(3), "f": 2.5, "e": 1000.0, "l": []any{int64(1), map[string]any{"n": int64(-2)}},
		"s": "x", "z": nil,
	}, v)
	_, err = FromJSON([]byte(`{"a":`))
	require.EqualError(t, err, "unexpected EOF")
}

func TestSortedKeys(t *testing.T) {
	require.Equal(t, []string{"a", "b", "c"}, SortedKeys(map[string]int{"c": 1, "a": 2, "b": 3}))
	require.Empty(t, SortedKeys(map[string]bool{}))
}
