package util

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

func obj(t *testing.T, y string) map[string]any {
	t.Helper()
	o, _, err := u.DecodeObject(u.Document{Text: y, StartLine: 1})
	require.NoError(t, err)
	return o
}

var clusters = []Cluster{
	{Name: "c1", Labels: map[string]string{"env": "prod"}, Ready: true},
	{Name: "c2", Labels: map[string]string{"env": "dev"}, Ready: true},
	{Name: "c3", Ready: false},
}

// O21 and upstream's placement_test.go.
func TestComputePlacement(t *testing.T) {
	cases := []struct {
		name, placement string
		want            []string
		err             string
	}{
		{"absent", "spec: {}", []string{}, ""},
		{"empty", "spec: {placement: {}}", []string{}, ""},
		{"empty clusters wins", "spec: {placement: {clusters: [], clusterSelector: {matchLabels: {env: prod}}}}", []string{}, ""},
		{"clusters win, unknown dropped", "spec: {placement: {clusters: [{name: c2}, {name: nope}], clusterSelector: {matchLabels: {env: prod}}}}", []string{"c2"}, ""},
		{"empty selector selects all", "spec: {placement: {clusterSelector: {}}}", []string{"c1", "c2", "c3"}, ""},
		{"empty matchLabels selects all", "spec: {placement: {clusterSelector: {matchLabels: {}}}}", []string{"c1", "c2", "c3"}, ""},
		{"matchLabels", "spec: {placement: {clusterSelector: {matchLabels: {env: prod}}}}", []string{"c1"}, ""},
		{"NotIn", "spec: {placement: {clusterSelector: {matchExpressions: [{key: env, operator: NotIn, values: [prod]}]}}}", []string{"c2", "c3"}, ""},
		{"DoesNotExist", "spec: {placement: {clusterSelector: {matchExpressions: [{key: env, operator: DoesNotExist}]}}}", []string{"c3"}, ""},
		{"bad operator", "spec: {placement: {clusterSelector: {matchExpressions: [{key: env, operator: Foo}]}}}", nil, `"Foo" is not a valid pod selector operator`},
		// apimachinery copies the values with append([]string(nil), ...):
		// none, absent or [], is a nil slice.
		{"In without values", "spec: {placement: {clusterSelector: {matchExpressions: [{key: env, operator: In}]}}}", nil,
			`values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty`},
		{"NotIn with empty values", "spec: {placement: {clusterSelector: {matchExpressions: [{key: env, operator: NotIn, values: []}]}}}", nil,
			`values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty`},
		{"Exists with values", "spec: {placement: {clusterSelector: {matchExpressions: [{key: env, operator: Exists, values: [a]}]}}}", nil,
			`values: Invalid value: []string{"a"}: values set must be empty for exists and does not exist`},
		{"bad label key", "spec: {placement: {clusterSelector: {matchLabels: {'bad key': x}}}}", nil,
			`key: Invalid value: "bad key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Placer{}.ComputePlacement(obj(t, c.placement), clusters)
			if c.err != "" {
				require.EqualError(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.want, SortedSet(got))
		})
	}
}

func TestComputeNamespacedPlacement(t *testing.T) {
	res := obj(t, "spec: {placement: {clusterSelector: {}}}")
	ns := obj(t, "spec: {placement: {clusters: [{name: c2}, {name: c3}]}}")
	got, err := Placer{}.ComputeNamespacedPlacement(res, ns, clusters, false)
	require.NoError(t, err)
	require.Equal(t, []string{"c2", "c3"}, SortedSet(got))
	got, _ = Placer{}.ComputeNamespacedPlacement(res, nil, clusters, false)
	require.Empty(t, got, "no FederatedNamespace in a cluster-scoped plane places nothing")
	got, _ = Placer{}.ComputeNamespacedPlacement(res, nil, clusters, true)
	require.Equal(t, []string{"c1", "c2", "c3"}, SortedSet(got), "a namespaced plane uses the resource's placement verbatim")
}

func TestGetOverrides(t *testing.T) {
	cases := []struct{ overrides, err string }{
		{"[{clusterName: c1, clusterOverrides: [{path: /metadata/name, value: x}]}]", `override[0] for cluster "c1" has an invalid path: /metadata/name`},
		{"[{clusterName: c1, clusterOverrides: [{path: /spec/a}, {path: /kind}]}]", `override[1] for cluster "c1" has an invalid path: /kind`},
		{"[{clusterName: c1}, {clusterName: c1}]", `cluster "c1" appears more than once`},
		{"[{clusterName: c1, clusterOverrides: [{path: /a}, {path: /a}]}]", `path "/a" appears more than once for cluster "c1"`},
		{"[{clusterName: c1, clusterOverrides: [{path: /apiVersion, value: v2}]}]", ""},
	}
	for _, c := range cases {
		_, err := GetOverrides(obj(t, "spec: {overrides: "+c.overrides+"}"))
		if c.err == "" {
			require.NoError(t, err)
		} else {
			require.EqualError(t, err, c.err)
		}
	}
}

func TestApplyJSONPatch(t *testing.T) {
	base := func() map[string]any {
		return obj(t, "kind: ConfigMap\ndata: {a: '1'}\nspec: {list: [x, 'y']}")
	}
	cases := []struct {
		name string
		ops  []ClusterOverride
		want string
		err  string
	}{
		{"replace defaults", []ClusterOverride{{Path: "/data/a", Value: "2", HasValue: true}}, `{"data":{"a":"2"},"kind":"ConfigMap","spec":{"list":["x","y"]}}`, ""},
		{"replace of a missing key adds it (v4)", []ClusterOverride{{Path: "/data/b", Value: "3", HasValue: true}}, `{"data":{"a":"1","b":"3"},"kind":"ConfigMap","spec":{"list":["x","y"]}}`, ""},
		{"replace under a missing parent", []ClusterOverride{{Path: "/nope/b", Value: "3", HasValue: true}}, "", "replace operation does not apply: doc is missing path: /nope/b: missing value"},
		{"replace past the end of a list", []ClusterOverride{{Path: "/spec/list/5", Value: "z", HasValue: true}}, "", "replace operation does not apply: doc is missing key: /spec/list/5: missing value"},
		{"add appends", []ClusterOverride{{Op: "add", Path: "/spec/list/-", Value: "z", HasValue: true}}, `{"data":{"a":"1"},"kind":"ConfigMap","spec":{"list":["x","y","z"]}}`, ""},
		{"add inserts", []ClusterOverride{{Op: "add", Path: "/spec/list/0", Value: "w", HasValue: true}}, `{"data":{"a":"1"},"kind":"ConfigMap","spec":{"list":["w","x","y"]}}`, ""},
		{"add bad index", []ClusterOverride{{Op: "add", Path: "/spec/list/9", Value: "w", HasValue: true}}, "", "error in add for path: '/spec/list/9': Unable to access invalid index: 9: invalid index referenced"},
		{"add missing parent", []ClusterOverride{{Op: "add", Path: "/a/b", Value: 1, HasValue: true}}, "", `add operation does not apply: doc is missing path: "/a/b": missing value`},
		{"remove", []ClusterOverride{{Op: "remove", Path: "/spec/list/0"}}, `{"data":{"a":"1"},"kind":"ConfigMap","spec":{"list":["y"]}}`, ""},
		{"remove missing key", []ClusterOverride{{Op: "remove", Path: "/data/zz"}}, "", "error in remove for path: '/data/zz': Unable to remove nonexistent key: zz: missing value"},
		{"value omitted sets null", []ClusterOverride{{Path: "/data/a"}}, `{"data":{"a":null},"kind":"ConfigMap","spec":{"list":["x","y"]}}`, ""},
		{"escaped key", []ClusterOverride{{Op: "add", Path: "/data/a~1b", Value: "s", HasValue: true}}, `{"data":{"a":"1","a/b":"s"},"kind":"ConfigMap","spec":{"list":["x","y"]}}`, ""},
		{"unknown op", []ClusterOverride{{Op: "move", Path: "/data/a"}}, "", "Unexpected kind: move"},
		{"removing kind is an error", []ClusterOverride{{Op: "remove", Path: "/kind"}}, "", `Object 'Kind' is missing in '{"data":{"a":"1"},"spec":{"list":["x","y"]}}'`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := ApplyJSONPatch(base(), c.ops)
			if c.err != "" {
				require.EqualError(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.want, string(u.Marshal(out)))
		})
	}
}

// The worker's error backoff doubles from 5s to 60s and a delivery without
// failure resets it; the earliest pending delivery of a key wins.
func TestWorkerBackoff(t *testing.T) {
	clock := sim.NewClock(sim.Epoch)
	var times []time.Duration
	w := NewWorker("t", clock, func(q QualifiedName) Result {
		times = append(times, clock.Elapsed())
		return Done(StatusError)
	})
	w.Enqueue(QualifiedName{Name: "k"})
	clock.RunUntil(sim.Epoch.Add(4*time.Minute), 0)
	var want []time.Duration
	for _, s := range []int{0, 5, 15, 35, 75, 135, 195} {
		want = append(want, time.Duration(s)*time.Second)
	}
	require.Equal(t, want, times)
	w.Enqueue(QualifiedName{Name: "k"})
	clock.RunUntil(clock.Now(), 0)
	require.Equal(t, 4*time.Minute, times[len(times)-1], "an enqueue replaces the later retry")
	require.Equal(t, "5s", w.Pending()[0].Backoff, "a successful enqueue reset the backoff")
}

func TestWorkerDirtyKeyRequeued(t *testing.T) {
	clock := sim.NewClock(sim.Epoch)
	n := 0
	var w *Worker
	w = NewWorker("t", clock, func(q QualifiedName) Result {
		n++
		if n == 1 {
			w.Enqueue(q) // an event for the key being processed
		}
		return Done(StatusAllOK)
	})
	w.Enqueue(QualifiedName{Name: "k"})
	clock.RunUntil(clock.Now(), 0)
	require.Equal(t, 2, n)
}

// Before apimachinery 0.21 (kubefed v0.8.0) a requirement reported only its
// first problem, in plain words; the boundary is release.SelectorFieldErrors.
func TestSelectorErrorsByRelease(t *testing.T) {
	cases := []struct {
		name, placement, old, new string
	}{
		{"In without values", "spec: {placement: {clusterSelector: {matchExpressions: [{key: env, operator: In}]}}}",
			`for 'in', 'notin' operators, values set can't be empty`,
			`values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty`},
		{"Exists with values", "spec: {placement: {clusterSelector: {matchExpressions: [{key: env, operator: Exists, values: [a]}]}}}",
			`values set must be empty for exists and does not exist`,
			`values: Invalid value: []string{"a"}: values set must be empty for exists and does not exist`},
		{"bad key and no values", "spec: {placement: {clusterSelector: {matchExpressions: [{key: 'a b', operator: In}]}}}",
			`invalid label key "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
			`[key: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty]`},
		{"bad value", "spec: {placement: {clusterSelector: {matchLabels: {env: '-x'}}}}",
			`invalid label value: "-x": at key: "env": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
			`values[0][env]: Invalid value: "-x": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`},
		{"prefix wording", "spec: {placement: {clusterSelector: {matchLabels: {'Example.com/env': x}}}}",
			`invalid label key "Example.com/env": prefix part a DNS-1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
			`key: Invalid value: "Example.com/env": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Placer{Release: release.MustParse("v0.6.1")}.ComputePlacement(obj(t, c.placement), clusters)
			require.EqualError(t, err, c.old)
			_, err = Placer{Release: release.MustParse("v0.8.0")}.ComputePlacement(obj(t, c.placement), clusters)
			require.EqualError(t, err, c.new)
		})
	}
}

// json-patch before v4.12 (kubefed before v0.9.0, release.JSONPatch412)
// panicked on a negative index read from an array and could not replace
// the whole document.
func TestApplyJSONPatchByRelease(t *testing.T) {
	base := func() map[string]any {
		return obj(t, "kind: ConfigMap\nspec: {list: [{image: a}, {image: b}]}")
	}
	cases := []struct {
		name     string
		ops      []ClusterOverride
		old, new string
	}{
		{"negative index on the way", []ClusterOverride{{Path: "/spec/list/-1/image", Value: "c", HasValue: true}},
			"panic: runtime error: index out of range [-1]", `{"kind":"ConfigMap","spec":{"list":[{"image":"a"},{"image":"c"}]}}`},
		{"replace at a negative index", []ClusterOverride{{Path: "/spec/list/-2", Value: map[string]any{"image": "c"}, HasValue: true}},
			"panic: runtime error: index out of range [-2]", `{"kind":"ConfigMap","spec":{"list":[{"image":"c"},{"image":"b"}]}}`},
		{"replace the whole document", []ClusterOverride{{Path: "", Value: map[string]any{"kind": "ConfigMap"}, HasValue: true}},
			"replace operation does not apply: doc is missing path: : missing value", `{"kind":"ConfigMap"}`},
		{"remove at a negative index is fine in both", []ClusterOverride{{Op: "remove", Path: "/spec/list/-1"}},
			`{"kind":"ConfigMap","spec":{"list":[{"image":"a"}]}}`, `{"kind":"ConfigMap","spec":{"list":[{"image":"a"}]}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, side := range []struct {
				version, want string
			}{{"v0.8.1", c.old}, {"v0.9.0", c.new}} {
				out, err := Patcher{Release: release.MustParse(side.version)}.ApplyJSONPatch(base(), c.ops)
				if err != nil {
					require.Equal(t, side.want, err.Error(), side.version)
					continue
				}
				require.Equal(t, side.want, string(u.Marshal(out)), side.version)
			}
		})
	}
}
