package store

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubefed/apiextensions"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

func newStore(t *testing.T) *Store {
	s := New("t", sim.NewClock(sim.Epoch), BuiltinKinds())
	for _, c := range apiextensions.KubeFedCRDs(release.MustParse(release.Latest)) {
		s.RegisterCRD(c)
	}
	_, err := s.Create(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "ns"}})
	require.NoError(t, err)
	return s
}

func ftc(name string, propagation string) map[string]any {
	res := func(g, k, p string) map[string]any {
		return map[string]any{"group": g, "version": "v1", "kind": k, "pluralName": p, "scope": "Namespaced"}
	}
	return map[string]any{
		"apiVersion": "core.kubefed.io/v1beta1", "kind": "FederatedTypeConfig",
		"metadata": map[string]any{"name": name, "namespace": "ns"},
		"spec": map[string]any{"targetType": res("", "ConfigMap", "configmaps"), "propagation": propagation,
			"federatedType": res("types.kubefed.io", "FederatedConfigMap", "federatedconfigmaps")},
	}
}

func TestGenerationAndStatusSubresource(t *testing.T) {
	s := newStore(t)
	o, err := s.Create(ftc("configmaps", "Enabled"))
	require.NoError(t, err)
	require.EqualValues(t, 1, u.GetGeneration(o))

	// Metadata changes do not bump generation.
	o, err = s.MergePatch("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps", map[string]any{"metadata": map[string]any{"finalizers": []any{"f"}}})
	require.NoError(t, err)
	require.EqualValues(t, 1, u.GetGeneration(o))

	// Status writes do not bump generation, and Update ignores status.
	o["status"] = map[string]any{"observedGeneration": int64(1), "propagationController": "Running"}
	o, err = s.UpdateStatus(o)
	require.NoError(t, err)
	require.EqualValues(t, 1, u.GetGeneration(o))
	o["status"] = map[string]any{"observedGeneration": int64(7), "propagationController": "NotRunning"}
	o, err = s.Update(o)
	require.NoError(t, err)
	require.Equal(t, "Running", u.NestedString(o, "status", "propagationController"))

	// Spec changes do.
	rv := u.GetResourceVersion(o)
	u.SetNested(o, "Disabled", "spec", "propagation")
	o, err = s.Update(o)
	require.NoError(t, err)
	require.EqualValues(t, 2, u.GetGeneration(o))
	require.NotEqual(t, rv, u.GetResourceVersion(o))

	// A no-op write changes nothing, not even the resourceVersion.
	rv = u.GetResourceVersion(o)
	o2, err := s.Update(o)
	require.NoError(t, err)
	require.Equal(t, rv, u.GetResourceVersion(o2))

	// A stale resourceVersion is a Conflict.
	u.SetResourceVersion(o, "1")
	u.SetNested(o, "Enabled", "spec", "propagation")
	_, err = s.Update(o)
	require.True(t, IsConflict(err))
	require.Equal(t, `Operation cannot be fulfilled on federatedtypeconfigs.core.kubefed.io "configmaps": the object has been modified; please apply your changes to the latest version and try again`, err.Error())
}

func TestFinalizersAndDeletion(t *testing.T) {
	s := newStore(t)
	o := ftc("configmaps", "Enabled")
	u.SetFinalizers(o, []string{"a"})
	_, err := s.Create(o)
	require.NoError(t, err)
	require.NoError(t, s.Delete("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps"))
	cur := s.Peek("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps")
	require.NotEmpty(t, u.GetDeletionTimestamp(cur))
	require.EqualValues(t, 2, u.GetGeneration(cur), "marking an object deleted bumps its generation")

	_, err = s.MergePatch("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps", map[string]any{"metadata": map[string]any{"finalizers": []any{"a", "b"}}})
	require.ErrorContains(t, err, "no new finalizers can be added if the object is being deleted")

	_, err = s.MergePatch("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps", map[string]any{"metadata": map[string]any{"finalizers": nil}})
	require.NoError(t, err)
	require.Nil(t, s.Peek("core.kubefed.io", "FederatedTypeConfig", "ns", "configmaps"), "removing the last finalizer completes the delete")
}

func TestNamespacesAndErrors(t *testing.T) {
	s := newStore(t)
	cm := map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "cm", "namespace": "missing"}}
	_, err := s.Create(cm)
	require.EqualError(t, err, `namespaces "missing" not found`)
	u.SetNamespace(cm, "ns")
	_, err = s.Create(cm)
	require.NoError(t, err)
	_, err = s.Create(cm)
	require.EqualError(t, err, `configmaps "cm" already exists`)
	_, err = s.Create(map[string]any{"apiVersion": "types.kubefed.io/v1beta1", "kind": "FederatedGizmo", "metadata": map[string]any{"name": "g"}})
	require.EqualError(t, err, `no matches for kind "FederatedGizmo" in version "types.kubefed.io/v1beta1"`)

	// Deleting the namespace deletes its content, then the namespace.
	require.NoError(t, s.Delete("", "Namespace", "", "ns"))
	s.Clock().RunUntil(s.Clock().Now(), 0)
	require.Nil(t, s.Peek("", "ConfigMap", "ns", "cm"))
	require.Nil(t, s.Peek("", "Namespace", "", "ns"))
}

func TestWatchSelector(t *testing.T) {
	s := newStore(t)
	var got []string
	_, err := s.Watch("", "ConfigMap", "", func(l map[string]string) bool { return l["m"] == "true" }, func(e Event) {
		got = append(got, e.Type)
	})
	require.NoError(t, err)
	cm := map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "cm", "namespace": "ns"}}
	o, _ := s.Create(cm)
	u.SetLabels(o, map[string]string{"m": "true"})
	o, _ = s.Update(o)
	u.SetLabels(o, nil)
	_, _ = s.Update(o)
	s.Clock().RunUntil(s.Clock().Now(), 0)
	require.Equal(t, []string{"ADDED", "DELETED"}, got, "starting and stopping to match a selector look like add and delete")
}
