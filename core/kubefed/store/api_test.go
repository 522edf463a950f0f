package store

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubefed/apiextensions"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

func configMap(ns, name string) map[string]any {
	return map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": name, "namespace": ns}}
}

// events records the watch events of a kind as "TYPE name".
func events(t *testing.T, s *Store, group, kind, ns string) *[]string {
	t.Helper()
	var got []string
	_, err := s.Watch(group, kind, ns, nil, func(e Event) {
		got = append(got, e.Type+" "+u.GetName(e.Object))
	})
	require.NoError(t, err)
	return &got
}

// sameMap reports whether a and b are the same map, not equal ones.
func sameMap(a, b any) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

func settle(s *Store) { s.Clock().RunUntil(s.Clock().Now(), 0) }

func TestRegisterReplacesAndUnregisterDrops(t *testing.T) {
	s := New("t", sim.NewClock(sim.Epoch), nil)
	ns := &Kind{Version: "v1", Kind: "Namespace", Plural: "namespaces"}
	cm := &Kind{Version: "v1", Kind: "ConfigMap", Plural: "configmaps", Namespaced: true}
	w := &Kind{Group: "example.io", Version: "v1", Kind: "Widget", Plural: "widgets", Namespaced: true}
	s.Register(ns)
	s.Register(cm)
	s.Register(w)
	_, err := s.Create(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "ns"}})
	require.NoError(t, err)
	_, err = s.Create(configMap("ns", "cm"))
	require.NoError(t, err)

	// A new definition of ConfigMap keeps its place in discovery and its objects.
	cm2 := &Kind{Version: "v2", Kind: "ConfigMap", Plural: "configmaps", Namespaced: true}
	s.Register(cm2)
	require.Equal(t, []*Kind{ns, cm2, w}, s.Kinds())
	k, ok := s.KindFor("", "ConfigMap")
	require.True(t, ok)
	require.Same(t, cm2, k)
	require.Equal(t, 1, s.Count("", "ConfigMap"))

	k, err = s.ResourceFor("", "v2", "configmaps")
	require.NoError(t, err)
	require.Same(t, cm2, k)
	_, err = s.ResourceFor("", "v1", "configmaps")
	require.EqualError(t, err, "the server could not find the requested resource")
	_, err = s.ResourceFor("example.io", "v1", "configmaps")
	require.EqualError(t, err, "the server could not find the requested resource")

	s.Unregister(GroupKind{"", "ConfigMap"})
	require.Equal(t, []*Kind{ns, w}, s.Kinds())
	_, ok = s.KindFor("", "ConfigMap")
	require.False(t, ok)
	require.Equal(t, 0, s.Count("", "ConfigMap"))
	require.Nil(t, s.List("", "ConfigMap", ""))
	require.Nil(t, s.Peek("", "ConfigMap", "ns", "cm"))
	// Served again, the kind starts empty: its objects went with the CRD.
	s.Register(cm)
	require.Equal(t, 0, s.Count("", "ConfigMap"))
}

func TestKindForObject(t *testing.T) {
	s := newStore(t)
	for _, tc := range []struct {
		apiVersion, kind, err string
	}{
		{"apps/v1", "Deployment", ""},
		{"apps/v1beta1", "Deployment", `no matches for kind "Deployment" in version "apps/v1beta1"`},
		{"extensions/v1beta1", "Ingress", `no matches for kind "Ingress" in version "extensions/v1beta1"`},
		{"v1", "Gizmo", `no matches for kind "Gizmo" in version "v1"`},
	} {
		k, err := s.KindForObject(map[string]any{"apiVersion": tc.apiVersion, "kind": tc.kind})
		if tc.err != "" {
			require.EqualError(t, err, tc.err)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, tc.kind, k.Kind)
	}
}

func TestGetListCount(t *testing.T) {
	s := newStore(t)
	_, err := s.Create(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "a"}})
	require.NoError(t, err)
	for _, o := range []map[string]any{configMap("ns", "z"), configMap("a", "y"), configMap("ns", "b")} {
		_, err := s.Create(o)
		require.NoError(t, err)
	}
	names := func(objs []map[string]any) []string {
		var out []string
		for _, o := range objs {
			out = append(out, u.GetNamespace(o)+"/"+u.GetName(o))
		}
		return out
	}
	require.Equal(t, []string{"a/y", "ns/b", "ns/z"}, names(s.List("", "ConfigMap", "")), "sorted by namespace, then name")
	require.Equal(t, []string{"ns/b", "ns/z"}, names(s.List("", "ConfigMap", "ns")))
	require.Equal(t, 3, s.Count("", "ConfigMap"))
	require.Equal(t, 0, s.Count("", "Gizmo"))
	require.Nil(t, s.List("", "Gizmo", ""))

	got, err := s.Get("", "ConfigMap", "ns", "b")
	require.NoError(t, err)
	u.SetLabels(got, map[string]string{"changed": "yes"})
	require.Nil(t, u.GetLabels(s.Peek("", "ConfigMap", "ns", "b")), "Get returns a copy")

	_, err = s.Get("", "ConfigMap", "ns", "missing")
	require.EqualError(t, err, `configmaps "missing" not found`)
	_, err = s.Get("", "ConfigMap", "a", "b")
	require.EqualError(t, err, `configmaps "b" not found`, "an object is found in its own namespace only")
	// A cluster-scoped kind ignores the namespace it is asked in.
	ns, err := s.Get("", "Namespace", "whatever", "a")
	require.NoError(t, err)
	require.Equal(t, "a", u.GetName(ns))
	require.True(t, sameMap(s.Peek("", "Namespace", "", "a"), s.Peek("", "Namespace", "whatever", "a")))
	require.Nil(t, s.Peek("", "Gizmo", "", "a"))
}

func TestFaults(t *testing.T) {
	boom := &StatusError{Code: 500, Reason: ReasonInternal, Message: "boom"}
	for _, tc := range []struct {
		name  string
		fault Fault
		// fails lists which of the requests below fail.
		fails []bool
	}{
		{"matches verb, kind (any case), namespace and name; twice", Fault{Verb: "get", Kind: "configmap", Namespace: "ns", Name: "a", Remaining: 2},
			[]bool{true, false, false, false, true, false}},
		{"any namespace and name, forever", Fault{Verb: "get", Kind: "ConfigMap", Remaining: -1},
			[]bool{true, true, true, false, true, true}},
		{"spent", Fault{Verb: "get", Kind: "ConfigMap", Remaining: 0},
			[]bool{false, false, false, false, false, false}},
		{"another verb", Fault{Verb: "delete", Kind: "ConfigMap", Remaining: -1},
			[]bool{false, false, false, false, false, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStore(t)
			_, err := s.Create(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "other"}})
			require.NoError(t, err)
			for _, o := range []map[string]any{configMap("ns", "a"), configMap("ns", "b"), configMap("other", "a")} {
				_, err := s.Create(o)
				require.NoError(t, err)
			}
			f := tc.fault
			f.Err = boom
			s.Faults = []*Fault{&f}
			var fails []bool
			for _, r := range []struct{ kind, ns, name string }{
				{"ConfigMap", "ns", "a"}, {"ConfigMap", "ns", "b"}, {"ConfigMap", "other", "a"},
				{"Namespace", "", "ns"}, {"ConfigMap", "ns", "a"}, {"ConfigMap", "ns", "a"},
			} {
				_, err := s.Get("", r.kind, r.ns, r.name)
				require.True(t, err == nil || err == boom, "%v", err)
				fails = append(fails, err != nil)
			}
			require.Equal(t, tc.fails, fails)
		})
	}
}

func TestEveryVerbConsultsFaultsAndReachability(t *testing.T) {
	s := newStore(t)
	o, err := s.Create(ftc("configmaps", "Enabled"))
	require.NoError(t, err)
	requests := map[string]func() error{
		"get": func() error {
			_, err := s.Get("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps")
			return err
		},
		"create":       func() error { _, err := s.Create(ftc("secrets", "Enabled")); return err },
		"update":       func() error { _, err := s.Update(o); return err },
		"updateStatus": func() error { _, err := s.UpdateStatus(o); return err },
		"patch": func() error {
			_, err := s.MergePatch("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps", map[string]any{})
			return err
		},
		"delete": func() error { return s.Delete("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps") },
	}
	for verb, request := range requests {
		denied := &StatusError{Code: 503, Reason: ReasonUnavailable, Message: verb + " unavailable"}
		s.Faults = []*Fault{{Verb: verb, Kind: "FederatedTypeConfig", Remaining: 1, Err: denied}}
		require.Equal(t, denied, request(), verb)
		s.Faults = nil
	}
	down := errors.New("dial tcp: connection refused")
	s.Unreachable = down
	for verb, request := range requests {
		require.Equal(t, down, request(), verb)
	}
}

func TestCreate(t *testing.T) {
	s := newStore(t)
	s.Clock().Advance(90 * time.Second)
	created := events(t, s, "", "ConfigMap", "")

	cm := configMap("ns", "cm")
	md := cm["metadata"].(map[string]any)
	md["uid"], md["resourceVersion"], md["generation"] = "mine", "99", int64(5)
	md["deletionTimestamp"], md["deletionGracePeriodSeconds"] = "2020-01-01T00:00:00Z", int64(30)
	cm["data"] = map[string]any{"k": "v"}
	o, err := s.Create(cm)
	require.NoError(t, err)
	// The server decides uid, creationTimestamp, resourceVersion and
	// generation (none for a ConfigMap); a deletion cannot be created.
	require.Equal(t, map[string]any{
		"apiVersion": "v1", "kind": "ConfigMap", "data": map[string]any{"k": "v"},
		"metadata": map[string]any{
			"name": "cm", "namespace": "ns", "uid": "t-000002",
			"creationTimestamp": "2026-01-01T00:01:30Z", "resourceVersion": "2",
		},
	}, o)
	require.Equal(t, "mine", cm["metadata"].(map[string]any)["uid"], "the caller's object is not changed")
	require.Equal(t, int64(2), s.ResourceVersion())

	// A cluster-scoped object drops its namespace; a CRD's object starts
	// at generation 1 and loses the status its subresource owns.
	ns, err := s.Create(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "two", "namespace": "ns"}})
	require.NoError(t, err)
	require.Equal(t, "", u.GetNamespace(ns))
	f := ftc("configmaps", "Enabled")
	f["status"] = map[string]any{"propagationController": "Running"}
	f, err = s.Create(f)
	require.NoError(t, err)
	require.Equal(t, int64(1), u.GetGeneration(f))
	require.NotContains(t, f, "status")

	for _, tc := range []struct {
		obj map[string]any
		err string
	}{
		{configMap("ns", ""), `ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required`},
		{configMap("", "cm"), "the server could not find the requested resource"},
		{configMap("missing", "cm"), `namespaces "missing" not found`},
		{configMap("ns", "cm"), `configmaps "cm" already exists`},
		{map[string]any{"apiVersion": "apps/v2", "kind": "Deployment", "metadata": map[string]any{"name": "d", "namespace": "ns"}},
			`no matches for kind "Deployment" in version "apps/v2"`},
	} {
		_, err := s.Create(tc.obj)
		require.EqualError(t, err, tc.err)
	}

	// A terminating namespace takes no new content (NamespaceLifecycle).
	_, err = s.Create(configMap("ns", "keep"))
	require.NoError(t, err)
	s.Faults = []*Fault{{Verb: "delete", Kind: "ConfigMap", Remaining: -1, Err: NewForbidden("held")}}
	require.NoError(t, s.Delete("", "Namespace", "", "ns"))
	settle(s)
	_, err = s.Create(configMap("ns", "late"))
	require.EqualError(t, err, `configmaps "late" is forbidden: unable to create new content in namespace ns because it is being terminated`)
	require.Equal(t, []string{"ADDED cm", "ADDED keep"}, *created)
}

func TestMutateSchemaAndAdmissionOnWrite(t *testing.T) {
	s := New("t", sim.NewClock(sim.Epoch), BuiltinKinds())
	schema := apiextensions.Obj(map[string]*apiextensions.JSONSchemaProps{
		"spec": apiextensions.Obj(map[string]*apiextensions.JSONSchemaProps{"size": {Type: "integer"}}),
	})
	widget := s.RegisterCRD(&apiextensions.CRD{Group: "example.io", Version: "v1", Kind: "Widget", Plural: "widgets", Schema: schema})
	var calls []string
	s.Mutate[widget.GK()] = func(obj, old map[string]any) {
		calls = append(calls, "mutate "+u.GetName(obj)+" old="+u.GetName(old))
		u.SetNested(obj, "defaulted", "spec", "mode")
	}
	s.Admission[widget.GK()] = func(op Operation, obj, old map[string]any, sub string) error {
		calls = append(calls, "admit "+string(op)+" sub="+sub+" mode="+u.NestedString(obj, "spec", "mode"))
		if u.NestedInt64(obj, "spec", "size") > 10 {
			return NewWebhookDenied("widgets.example.io", 403, ReasonForbidden, "too big")
		}
		return nil
	}
	w := map[string]any{"apiVersion": "example.io/v1", "kind": "Widget", "metadata": map[string]any{"name": "w"},
		"spec": map[string]any{"size": int64(1), "extra": true}}
	o, err := s.Create(w)
	require.NoError(t, err)
	// The mutation ran, then pruning removed what the schema does not name
	// (mode included), then admission saw the pruned object.
	require.Equal(t, map[string]any{"size": int64(1)}, o["spec"])

	u.SetNested(o, "bad", "spec", "size")
	_, err = s.Update(o)
	require.EqualError(t, err, `Widget.example.io "w" is invalid: spec.size: Invalid value: "string": spec.size in body must be of type integer: "string"`)
	u.SetNested(o, int64(11), "spec", "size")
	_, err = s.Update(o)
	require.EqualError(t, err, `admission webhook "widgets.example.io" denied the request: too big`)
	require.Equal(t, []string{
		"mutate w old=", "admit CREATE sub= mode=",
		"mutate w old=w",
		"mutate w old=w", "admit UPDATE sub= mode=",
	}, calls)

	// A kind that keeps unknown fields prunes nothing.
	widget.PreserveUnknownFields = true
	o, err = s.Create(map[string]any{"apiVersion": "example.io/v1", "kind": "Widget", "metadata": map[string]any{"name": "kept"},
		"spec": map[string]any{"extra": true}})
	require.NoError(t, err)
	require.Equal(t, map[string]any{"extra": true, "mode": "defaulted"}, o["spec"])
}

func TestWatchDeliversInCommitOrderPerNamespace(t *testing.T) {
	s := newStore(t)
	_, err := s.Create(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "other"}})
	require.NoError(t, err)
	all := events(t, s, "", "ConfigMap", "")
	inNS := events(t, s, "", "ConfigMap", "ns")
	var stopped []string
	stop, err := s.Watch("", "ConfigMap", "", nil, func(e Event) { stopped = append(stopped, e.Type) })
	require.NoError(t, err)

	a, err := s.Create(configMap("ns", "a"))
	require.NoError(t, err)
	_, err = s.Create(configMap("other", "b"))
	require.NoError(t, err)
	// Events wait for the clock: a watcher stopped before they are
	// delivered sees none of them.
	require.Empty(t, *all)
	stop()
	a["data"] = map[string]any{"k": "v"}
	_, err = s.Update(a)
	require.NoError(t, err)
	require.NoError(t, s.Delete("", "ConfigMap", "other", "b"))
	settle(s)
	require.Equal(t, []string{"ADDED a", "ADDED b", "MODIFIED a", "DELETED b"}, *all)
	require.Equal(t, []string{"ADDED a", "MODIFIED a"}, *inNS)
	require.Empty(t, stopped)

	_, err = s.Watch("", "Gizmo", "", nil, func(Event) {})
	require.EqualError(t, err, `no matches for kind "Gizmo" in version ""`)
}

func TestWatchSelectorTransitions(t *testing.T) {
	s := newStore(t)
	type seen struct{ typ, obj, old string }
	var got []seen
	label := func(o map[string]any) string {
		if o == nil {
			return "-"
		}
		return u.GetLabels(o)["m"]
	}
	_, err := s.WatchObjects("", "ConfigMap", "", func(o map[string]any) bool { return label(o) == "yes" }, func(e Event) {
		got = append(got, seen{e.Type, label(e.Object), label(e.Old)})
	})
	require.NoError(t, err)
	set := func(o map[string]any, v string) map[string]any {
		u.SetLabels(o, map[string]string{"m": v})
		o, err := s.Update(o)
		require.NoError(t, err)
		return o
	}
	o, err := s.Create(configMap("ns", "cm")) // not matching: nothing
	require.NoError(t, err)
	o = set(o, "yes")                                // starts matching: ADDED
	u.SetAnnotations(o, map[string]string{"a": "b"}) // still matching: MODIFIED
	o, err = s.Update(o)
	require.NoError(t, err)
	o = set(o, "no")                                          // stops matching: DELETED, the object as it is now
	_ = set(o, "still no")                                    // not matching: nothing
	require.NoError(t, s.Delete("", "ConfigMap", "ns", "cm")) // deleted while not matching: nothing
	matching := configMap("ns", "m")
	u.SetLabels(matching, map[string]string{"m": "yes"})
	_, err = s.Create(matching)
	require.NoError(t, err)
	require.NoError(t, s.Delete("", "ConfigMap", "ns", "m")) // deleted while matching: DELETED, the last state
	settle(s)
	require.Equal(t, []seen{
		{Added, "yes", ""},
		{Modified, "yes", "yes"},
		{Deleted, "no", "yes"},
		{Added, "yes", "-"},
		{Deleted, "yes", "yes"},
	}, got)
}

func TestUpdateStatus(t *testing.T) {
	s := newStore(t)
	cm, err := s.Create(configMap("ns", "cm"))
	require.NoError(t, err)
	_, err = s.UpdateStatus(cm)
	require.EqualError(t, err, `configmaps/status "cm" not found`)

	o, err := s.Create(ftc("configmaps", "Enabled"))
	require.NoError(t, err)
	// A status write changes nothing but the status: not the spec, not the
	// labels, whatever the request carries.
	o["status"] = map[string]any{"observedGeneration": int64(1), "propagationController": "Running"}
	u.SetNested(o, "Disabled", "spec", "propagation")
	u.SetLabels(o, map[string]string{"a": "b"})
	st, err := s.UpdateStatus(o)
	require.NoError(t, err)
	require.Equal(t, "Enabled", u.NestedString(st, "spec", "propagation"))
	require.Nil(t, u.GetLabels(st))
	require.Equal(t, "Running", u.NestedString(st, "status", "propagationController"))

	// The owned variant returns the stored snapshot and shares the spec
	// with the previous version (stored objects are never mutated).
	before := s.Peek("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps")
	owned := map[string]any{"apiVersion": "core.kubefed.io/v1beta1", "kind": "FederatedTypeConfig",
		"metadata": map[string]any{"name": "configmaps", "namespace": "ns"},
		"status":   map[string]any{"observedGeneration": int64(1), "propagationController": "NotRunning"}}
	after, err := s.UpdateStatusOwned(owned)
	require.NoError(t, err)
	require.True(t, sameMap(s.Peek("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps"), after))
	require.True(t, sameMap(before["spec"], after["spec"]))
	require.Equal(t, "Running", u.NestedString(before, "status", "propagationController"), "the previous version is unchanged")
	require.Equal(t, u.GetResourceVersion(st), u.GetResourceVersion(before), "the previous version's metadata is unchanged")
	require.NotEqual(t, u.GetResourceVersion(before), u.GetResourceVersion(after))
	require.Equal(t, "NotRunning", u.NestedString(after, "status", "propagationController"))

	// A status write without status removes it.
	delete(owned, "status")
	cleared, err := s.UpdateStatus(owned)
	require.NoError(t, err)
	require.NotContains(t, cleared, "status")

	stale := u.DeepCopyMap(cleared)
	u.SetResourceVersion(stale, "1")
	_, err = s.UpdateStatus(stale)
	require.EqualError(t, err, `Operation cannot be fulfilled on federatedtypeconfigs.core.kubefed.io "configmaps": the object has been modified; please apply your changes to the latest version and try again`)
	_, err = s.UpdateStatus(ftc("secrets", "Enabled"))
	require.EqualError(t, err, `federatedtypeconfigs.core.kubefed.io "secrets" not found`)
	_, err = s.UpdateStatus(map[string]any{"apiVersion": "v9", "kind": "ConfigMap"})
	require.EqualError(t, err, `no matches for kind "ConfigMap" in version "v9"`)
}

func TestUpdateErrors(t *testing.T) {
	s := newStore(t)
	_, err := s.Update(configMap("ns", "missing"))
	require.EqualError(t, err, `configmaps "missing" not found`)
	_, err = s.Update(map[string]any{"apiVersion": "v9", "kind": "ConfigMap"})
	require.EqualError(t, err, `no matches for kind "ConfigMap" in version "v9"`)
	// The client cannot change what the server owns.
	o, err := s.Create(configMap("ns", "cm"))
	require.NoError(t, err)
	changed := u.DeepCopyMap(o)
	md := changed["metadata"].(map[string]any)
	md["uid"], md["creationTimestamp"], md["generation"] = "other", "2030-01-01T00:00:00Z", int64(9)
	md["deletionTimestamp"] = "2030-01-01T00:00:00Z"
	changed["data"] = map[string]any{"k": "v"}
	got, err := s.Update(changed)
	require.NoError(t, err)
	require.Equal(t, u.GetUID(o), u.GetUID(got))
	require.Equal(t, o["metadata"].(map[string]any)["creationTimestamp"], got["metadata"].(map[string]any)["creationTimestamp"])
	require.NotContains(t, got["metadata"], "generation")
	require.NotContains(t, got["metadata"], "deletionTimestamp")
	require.Equal(t, map[string]any{"k": "v"}, got["data"])
}

func TestMergePatch(t *testing.T) {
	s := newStore(t)
	cm := configMap("ns", "cm")
	cm["data"] = map[string]any{"a": "1", "b": "2"}
	u.SetLabels(cm, map[string]string{"x": "y"})
	_, err := s.Create(cm)
	require.NoError(t, err)
	// RFC 7386: null deletes, objects merge, anything else replaces.
	o, err := s.MergePatch("", "ConfigMap", "ns", "cm", map[string]any{
		"data":     map[string]any{"a": nil, "c": "3"},
		"metadata": map[string]any{"labels": nil, "annotations": map[string]any{"n": "1"}},
		"extra":    []any{"l"},
	})
	require.NoError(t, err)
	require.Equal(t, map[string]any{"b": "2", "c": "3"}, o["data"])
	require.Nil(t, u.GetLabels(o))
	require.Equal(t, map[string]string{"n": "1"}, u.GetAnnotations(o))
	require.Equal(t, []any{"l"}, o["extra"])
	o, err = s.MergePatch("", "ConfigMap", "ns", "cm", map[string]any{"extra": map[string]any{"now": "object"}})
	require.NoError(t, err)
	require.Equal(t, map[string]any{"now": "object"}, o["extra"])

	// Deleting the last label leaves no labels map (ObjectMeta's maps are
	// omitempty), and a stale reader's patch still applies: it carries no
	// resourceVersion.
	u.SetLabels(o, map[string]string{"kubefed.io/managed": "true"})
	_, err = s.Update(o)
	require.NoError(t, err)
	_, err = s.MergePatch("", "ConfigMap", "ns", "cm", map[string]any{"data": map[string]any{"d": "4"}})
	require.NoError(t, err)
	o, err = s.MergePatch("", "ConfigMap", "ns", "cm", map[string]any{"metadata": map[string]any{"labels": map[string]any{"kubefed.io/managed": nil}}})
	require.NoError(t, err)
	_, has := u.NestedMap(o, "metadata")["labels"]
	require.False(t, has, "labels: %v", u.NestedMap(o, "metadata")["labels"])
	require.Equal(t, "4", u.NestedMap(o, "data")["d"])

	_, err = s.MergePatch("", "ConfigMap", "ns", "missing", map[string]any{})
	require.EqualError(t, err, `configmaps "missing" not found`)
	_, err = s.MergePatch("", "Gizmo", "ns", "cm", map[string]any{})
	require.EqualError(t, err, `no matches for kind "Gizmo" in version ""`)
}

// metadata.generation follows each kind's strategy in the API server:
// custom resources count everything but metadata (and status when it is a
// subresource); workloads count the spec; a Deployment its annotations too.
func TestGenerationPolicies(t *testing.T) {
	base := func() map[string]any {
		return map[string]any{"apiVersion": "x/v1", "kind": "K",
			"metadata": map[string]any{"name": "n", "labels": map[string]any{"a": "b"}, "annotations": map[string]any{"a": "b"}},
			"spec":     map[string]any{"replicas": int64(1)},
			"status":   map[string]any{"ready": int64(0)},
			"data":     map[string]any{"k": "v"}}
	}
	changes := map[string]func(o map[string]any){
		"spec":       func(o map[string]any) { u.SetNested(o, int64(2), "spec", "replicas") },
		"status":     func(o map[string]any) { u.SetNested(o, int64(1), "status", "ready") },
		"labels":     func(o map[string]any) { u.SetNested(o, "c", "metadata", "labels", "a") },
		"annotation": func(o map[string]any) { u.SetNested(o, "c", "metadata", "annotations", "a") },
		"other":      func(o map[string]any) { u.SetNested(o, "w", "data", "k") },
		"kind":       func(o map[string]any) { o["apiVersion"] = "x/v2" },
	}
	for _, tc := range []struct {
		policy GenerationPolicy
		bumps  []string
	}{
		{AllButMetadataAndStatus, []string{"other", "spec"}},
		{AllButMetadata, []string{"other", "spec", "status"}},
		{SpecOnly, []string{"spec"}},
		{SpecAndAnnotations, []string{"annotation", "spec"}},
	} {
		var bumps []string
		for _, name := range u.SortedKeys(changes) {
			next := base()
			changes[name](next)
			if generationChanged(tc.policy, base(), next) {
				bumps = append(bumps, name)
			}
		}
		require.Equal(t, tc.bumps, bumps, "policy %d", tc.policy)
	}
}

func TestDelete(t *testing.T) {
	s := newStore(t)
	var deleted []Event
	_, err := s.Watch("", "ConfigMap", "", nil, func(e Event) {
		if e.Type == Deleted {
			deleted = append(deleted, e)
		}
	})
	require.NoError(t, err)
	o, err := s.Create(configMap("ns", "cm"))
	require.NoError(t, err)
	require.NoError(t, s.Delete("", "ConfigMap", "ns", "cm"))
	settle(s)
	// Without finalizers the object goes at once; the DELETED event carries
	// its last state at a new resourceVersion, as an etcd delete does.
	require.Len(t, deleted, 1)
	require.Nil(t, deleted[0].Object["status"])
	require.Equal(t, "cm", u.GetName(deleted[0].Object))
	require.Equal(t, "3", u.GetResourceVersion(deleted[0].Object))
	require.Equal(t, "2", u.GetResourceVersion(o), "the deleted state is a copy")
	require.EqualError(t, s.Delete("", "ConfigMap", "ns", "cm"), `configmaps "cm" not found`)
	require.EqualError(t, s.Delete("", "Gizmo", "ns", "cm"), `no matches for kind "Gizmo" in version ""`)

	// A second delete of an object being deleted changes nothing.
	f := ftc("configmaps", "Enabled")
	u.SetFinalizers(f, []string{"keep"})
	_, err = s.Create(f)
	require.NoError(t, err)
	require.NoError(t, s.Delete("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps"))
	rv := s.ResourceVersion()
	require.NoError(t, s.Delete("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps"))
	require.Equal(t, rv, s.ResourceVersion())
	marked := s.Peek("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps")
	require.Equal(t, int64(0), marked["metadata"].(map[string]any)["deletionGracePeriodSeconds"])
	require.Equal(t, "2026-01-01T00:00:00Z", u.GetDeletionTimestamp(marked))
}

func TestGarbageCollectorDeletesDependents(t *testing.T) {
	s := newStore(t)
	owner, err := s.Create(configMap("ns", "owner"))
	require.NoError(t, err)
	dep := configMap("ns", "dependent")
	dep["metadata"].(map[string]any)["ownerReferences"] = []any{
		map[string]any{"uid": "someone-else"},
		map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "name": "owner", "uid": u.GetUID(owner)},
	}
	_, err = s.Create(dep)
	require.NoError(t, err)
	unrelated := configMap("ns", "unrelated")
	unrelated["metadata"].(map[string]any)["ownerReferences"] = []any{map[string]any{"uid": "someone-else"}}
	_, err = s.Create(unrelated)
	require.NoError(t, err)
	require.NoError(t, s.Delete("", "ConfigMap", "ns", "owner"))
	require.NotNil(t, s.Peek("", "ConfigMap", "ns", "dependent"), "the collector runs on the clock")
	settle(s)
	require.Nil(t, s.Peek("", "ConfigMap", "ns", "dependent"))
	require.NotNil(t, s.Peek("", "ConfigMap", "ns", "unrelated"))
}

func TestNamespaceWaitsForFinalizedContent(t *testing.T) {
	s := newStore(t)
	f := ftc("configmaps", "Enabled")
	u.SetFinalizers(f, []string{"core.kubefed.io/federated-type-config"})
	_, err := s.Create(f)
	require.NoError(t, err)
	_, err = s.Create(configMap("ns", "cm"))
	require.NoError(t, err)
	nsEvents := events(t, s, "", "Namespace", "")

	require.NoError(t, s.Delete("", "Namespace", "", "ns"))
	settle(s)
	// The namespace is Terminating; its ConfigMap is gone, the FTC marked.
	ns := s.Peek("", "Namespace", "", "ns")
	require.Equal(t, "Terminating", u.NestedString(ns, "status", "phase"))
	require.Nil(t, s.Peek("", "ConfigMap", "ns", "cm"))
	marked := s.Peek("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps")
	require.NotEmpty(t, u.GetDeletionTimestamp(marked))

	// Removing the finalizer completes the FTC's delete, then the namespace's.
	_, err = s.MergePatch("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps", map[string]any{"metadata": map[string]any{"finalizers": nil}})
	require.NoError(t, err)
	settle(s)
	require.Nil(t, s.Peek("", "Namespace", "", "ns"))
	require.Equal(t, []string{"MODIFIED ns", "DELETED ns"}, *nsEvents)
	// The namespace controller leaves alone a namespace that is gone and
	// one that is not being deleted.
	_, err = s.Create(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "live"}})
	require.NoError(t, err)
	rv := s.ResourceVersion()
	s.finishNamespace("ns")
	s.finishNamespace("live")
	require.Equal(t, rv, s.ResourceVersion())
	require.NotNil(t, s.Peek("", "Namespace", "", "live"))
}

func TestApply(t *testing.T) {
	s := newStore(t)
	cm := configMap("ns", "cm")
	cm["data"] = map[string]any{"a": "1"}
	o, created, err := s.Apply(cm)
	require.NoError(t, err)
	require.True(t, created)
	require.Equal(t, map[string]any{"a": "1"}, o["data"])

	// Finalizers and a status the manifest does not name are kept; a
	// stale resourceVersion in the manifest is ignored.
	_, err = s.MergePatch("", "ConfigMap", "ns", "cm", map[string]any{
		"metadata": map[string]any{"finalizers": []any{"f"}}, "status": map[string]any{"kept": true}})
	require.NoError(t, err)
	next := configMap("ns", "cm")
	next["data"] = map[string]any{"b": "2"}
	u.SetResourceVersion(next, "1")
	o, created, err = s.Apply(next)
	require.NoError(t, err)
	require.False(t, created)
	require.Equal(t, map[string]any{"b": "2"}, o["data"])
	require.Equal(t, []string{"f"}, u.GetFinalizers(o))
	require.Equal(t, map[string]any{"kept": true}, o["status"])

	// A manifest's own finalizers and status win.
	next["metadata"].(map[string]any)["finalizers"] = []any{"g"}
	next["status"] = map[string]any{"mine": true}
	o, _, err = s.Apply(next)
	require.NoError(t, err)
	require.Equal(t, []string{"g"}, u.GetFinalizers(o))
	require.Equal(t, map[string]any{"mine": true}, o["status"])

	// A namespace's spec (its finalizers) is the server's.
	_, err = s.MergePatch("", "Namespace", "", "ns", map[string]any{"spec": map[string]any{"finalizers": []any{"kubernetes"}}})
	require.NoError(t, err)
	o, _, err = s.Apply(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "ns", "labels": map[string]any{"l": "v"}}})
	require.NoError(t, err)
	require.Equal(t, map[string]any{"finalizers": []any{"kubernetes"}}, o["spec"])
	require.Equal(t, map[string]string{"l": "v"}, u.GetLabels(o))

	// No metadata at all.
	_, _, err = s.Apply(map[string]any{"apiVersion": "v1", "kind": "Namespace"})
	require.EqualError(t, err, `Namespace "" is invalid: metadata.name: Required value: name or generateName is required`)
	_, _, err = s.Apply(map[string]any{"apiVersion": "v2", "kind": "Namespace"})
	require.EqualError(t, err, `no matches for kind "Namespace" in version "v2"`)
}

func TestSeedKeepsStatus(t *testing.T) {
	s := newStore(t)
	f := ftc("configmaps", "Enabled")
	f["status"] = map[string]any{"observedGeneration": int64(1), "propagationController": "Running"}
	o, err := s.Seed(f)
	require.NoError(t, err)
	require.Equal(t, f["status"], o["status"])

	// Without a status subresource the status is part of the object.
	cm := configMap("ns", "cm")
	cm["status"] = map[string]any{"x": "y"}
	o, err = s.Seed(cm)
	require.NoError(t, err)
	require.Equal(t, cm["status"], o["status"])

	_, err = s.Seed(f)
	require.EqualError(t, err, `federatedtypeconfigs.core.kubefed.io "configmaps" already exists`)
	_, err = s.Seed(map[string]any{"apiVersion": "v2", "kind": "ConfigMap"})
	require.EqualError(t, err, `no matches for kind "ConfigMap" in version "v2"`)
}

func TestZeroPad6(t *testing.T) {
	for n, want := range map[int64]string{0: "000000", 7: "000007", 123456: "123456", 1234567: "1234567"} {
		require.Equal(t, want, zeroPad6(n))
	}
}

func TestLatencyFaults(t *testing.T) {
	s := New("t", sim.NewClock(sim.Epoch), BuiltinKinds())
	s.Faults = []*Fault{
		{Verb: "create", Kind: "configmap", Name: "slow", Remaining: 1, Delay: 45 * time.Second},
		{Verb: "create", Kind: "ConfigMap", Namespace: "other", Remaining: -1, Delay: time.Minute},
	}
	// A latency fault is not an error: the request itself is served.
	_, err := s.Create(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "ns"}})
	require.NoError(t, err)
	_, err = s.Create(configMap("ns", "slow"))
	require.NoError(t, err)
	for _, tc := range []struct {
		verb, kind, ns, name string
		want                 time.Duration
	}{
		{"create", "Secret", "ns", "slow", 0},
		{"update", "ConfigMap", "ns", "slow", 0},
		{"create", "ConfigMap", "ns", "fast", 0},
		{"create", "ConfigMap", "ns", "slow", 45 * time.Second},
		{"create", "ConfigMap", "ns", "slow", 0}, // counted: the first matched once
		{"create", "ConfigMap", "other", "a", time.Minute},
		{"create", "ConfigMap", "other", "a", time.Minute},
		{"create", "Gizmo", "other", "a", 0},
	} {
		require.Equal(t, tc.want, s.Latency(tc.verb, "", tc.kind, tc.ns, tc.name), "%+v", tc)
	}
}

// The API server checks a custom resource's name on create (a DNS-1123
// subdomain, Kubernetes 1.22's wording), before the schema's errors and
// before any webhook; built-in kinds other than Service are not checked.
func TestCustomResourceNames(t *testing.T) {
	s := New("t", sim.NewClock(sim.Epoch), BuiltinKinds())
	_, err := s.Create(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "ns"}})
	require.NoError(t, err)
	schema := apiextensions.Obj(map[string]*apiextensions.JSONSchemaProps{
		"spec": apiextensions.Obj(map[string]*apiextensions.JSONSchemaProps{"size": {Type: "integer"}}),
	})
	fs := s.RegisterCRD(&apiextensions.CRD{Group: "types.kubefed.io", Version: "v1beta1", Kind: "FederatedService", Plural: "federatedservices",
		Namespaced: true, Schema: schema})
	admitted := 0
	s.Admission[fs.GK()] = func(Operation, map[string]any, map[string]any, string) error {
		admitted++
		return NewWebhookDenied("federatedservices.example.io", 403, ReasonForbidden, "denied")
	}
	obj := func(name string, size any) map[string]any {
		return map[string]any{"apiVersion": "types.kubefed.io/v1beta1", "kind": "FederatedService",
			"metadata": map[string]any{"name": name, "namespace": "ns"}, "spec": map[string]any{"size": size}}
	}
	const msg = `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`
	_, err = s.Create(obj("Bad_Name", int64(1)))
	require.EqualError(t, err, `FederatedService.types.kubefed.io "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": `+msg)
	var se *StatusError
	require.True(t, errors.As(err, &se))
	require.Equal(t, 422, se.Code)
	require.Equal(t, ReasonInvalid, se.Reason)
	require.Zero(t, admitted, "the webhook is not called")

	// The name's errors come first, then the schema's, in one answer.
	_, err = s.Create(obj("Bad_Name", "x"))
	require.EqualError(t, err, `FederatedService.types.kubefed.io "Bad_Name" is invalid: [metadata.name: Invalid value: "Bad_Name": `+msg+
		`, spec.size: Invalid value: "string": spec.size in body must be of type integer: "string"]`)

	long := strings.Repeat("a", 254)
	_, err = s.Create(obj(long, int64(1)))
	require.EqualError(t, err, `FederatedService.types.kubefed.io "`+long+`" is invalid: metadata.name: Invalid value: "`+long+`": must be no more than 253 characters`)

	// A valid name reaches the webhook.
	_, err = s.Create(obj("web.v1", int64(1)))
	require.EqualError(t, err, `admission webhook "federatedservices.example.io" denied the request: denied`)
	require.Equal(t, 1, admitted)

	// A built-in ConfigMap's name is not checked by the model.
	_, err = s.Create(configMap("ns", "Not_Checked"))
	require.NoError(t, err)
}
