package util

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

type fedFixture struct {
	host    *store.Store
	members map[string]*store.Store
	events  []string
	inf     *FederatedInformer
}

func newFedFixture(t *testing.T, memberNames ...string) *fedFixture {
	t.Helper()
	clock := sim.NewClock(sim.Epoch)
	f := &fedFixture{host: store.New("host", clock, store.BuiltinKinds()), members: map[string]*store.Store{}}
	f.host.Register(&store.Kind{Group: "core.kubefed.io", Version: "v1beta1", Kind: "KubeFedCluster", Plural: "kubefedclusters",
		Namespaced: true, StatusSubresource: true})
	_, err := f.host.Create(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "kube-federation-system"}})
	require.NoError(t, err)
	for _, n := range memberNames {
		m := store.New(n, clock, store.BuiltinKinds())
		_, err := m.Create(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": "ns"}})
		require.NoError(t, err)
		f.members[n] = m
	}
	cfg := &ControllerConfig{KubeFedNamespace: "kube-federation-system", Host: f.host, Log: NewLogger(clock), Release: release.MustParse("v0.10.0"),
		Members: func(name string) (*store.Store, error) {
			if m, ok := f.members[name]; ok {
				return m, nil
			}
			return nil, errors.New("no such member")
		}}
	f.inf = NewFederatedInformer(cfg, Resource{Version: "v1", Kind: "ConfigMap", Name: "configmaps", Namespaced: true},
		func(o map[string]any) { f.events = append(f.events, "target "+keyOf(o)) },
		ClusterLifecycle{
			ClusterAvailable:   func(n string) { f.events = append(f.events, "available "+n) },
			ClusterUnavailable: func(n string) { f.events = append(f.events, "unavailable "+n) },
		})
	return f
}

func (f *fedFixture) settle() { f.host.Clock().RunUntil(f.host.Clock().Now(), 0) }

// cluster creates or changes a KubeFedCluster with the readiness given.
func (f *fedFixture) cluster(t *testing.T, name string, ready bool, labels map[string]string) {
	t.Helper()
	o := f.host.Peek("core.kubefed.io", "KubeFedCluster", "kube-federation-system", name)
	var err error
	if o == nil {
		_, err = f.host.Create(map[string]any{"apiVersion": "v1", "kind": "Secret",
			"metadata": map[string]any{"name": name + "-token", "namespace": "kube-federation-system"}, "data": map[string]any{TokenKey: "dG9rZW4="}})
		require.NoError(t, err)
		o, err = f.host.Create(map[string]any{"apiVersion": "core.kubefed.io/v1beta1", "kind": "KubeFedCluster",
			"metadata": map[string]any{"name": name, "namespace": "kube-federation-system"},
			"spec":     map[string]any{"apiEndpoint": "https://" + name, "secretRef": map[string]any{"name": name + "-token"}}})
		require.NoError(t, err)
	}
	o = u.DeepCopyMap(o)
	u.SetLabels(o, labels)
	o, err = f.host.Update(o)
	require.NoError(t, err)
	status := "False"
	if ready {
		status = "True"
	}
	o["status"] = map[string]any{"conditions": []any{map[string]any{"type": "Ready", "status": status}}}
	_, err = f.host.UpdateStatus(o)
	require.NoError(t, err)
}

func names(cs []Cluster) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

func managed(ns, name string) map[string]any {
	o := cm(ns, name)
	u.SetLabels(o, map[string]string{ManagedByKubeFedLabelKey: ManagedByKubeFedLabelValue})
	return o
}

func TestFederatedInformerFollowsClusters(t *testing.T) {
	f := newFedFixture(t, "c1", "c2")
	_, err := f.members["c1"].Create(managed("ns", "m"))
	require.NoError(t, err)
	_, err = f.members["c1"].Create(cm("ns", "unmanaged"))
	require.NoError(t, err)
	f.cluster(t, "c2", true, nil)
	f.cluster(t, "c1", false, nil)
	f.cluster(t, "gone", true, nil) // no member API: no target informer
	f.inf.Start()
	require.True(t, f.inf.ClustersSynced())
	f.settle()
	require.Equal(t, []string{"c1", "c2", "gone"}, names(f.inf.GetClusters()))
	require.Equal(t, []string{"c2", "gone"}, names(f.inf.GetReadyClusters()))
	require.Equal(t, []string{"available c2", "available gone"}, f.events)
	synced, missing := f.inf.ReadyTargetsSynced()
	require.False(t, synced)
	require.Equal(t, []string{"gone"}, missing)

	// c1 becomes ready: its managed objects are listed (not the others).
	f.events = nil
	f.cluster(t, "c1", true, nil)
	f.settle()
	require.Equal(t, []string{"unavailable c1", "available c1", "target ns/m"}, f.events)
	synced, missing = f.inf.TargetsSynced(f.inf.GetClusters()[:2])
	require.True(t, synced)
	require.Empty(t, missing)
	obj, err := f.inf.GetTargetObject("c1", "ns/m")
	require.NoError(t, err)
	require.Equal(t, "m", u.GetName(obj))
	obj, err = f.inf.GetTargetObject("c1", "ns/unmanaged")
	require.NoError(t, err)
	require.Nil(t, obj)
	_, err = f.inf.GetTargetObject("nowhere", "ns/m")
	require.EqualError(t, err, `cluster "nowhere" not found`)
	member, err := f.inf.GetClientForCluster("c2")
	require.NoError(t, err)
	require.Same(t, f.members["c2"], member)

	// A label change restarts the cluster; a write that changes nothing
	// the informer looks at does not.
	f.events = nil
	f.cluster(t, "c2", true, map[string]string{"region": "eu"})
	f.settle()
	require.Equal(t, []string{"unavailable c2", "available c2"}, f.events)
	require.Equal(t, map[string]string{"region": "eu"}, f.inf.GetClusters()[1].Labels)
	f.events = nil
	f.cluster(t, "c2", true, map[string]string{"region": "eu"})
	f.settle()
	require.Empty(t, f.events)

	// Not ready any more, then deleted.
	f.cluster(t, "c2", false, map[string]string{"region": "eu"})
	f.settle()
	_, err = f.inf.GetTargetObject("c2", "ns/m")
	require.EqualError(t, err, `cluster "c2" not found`)
	require.NoError(t, f.host.Delete("core.kubefed.io", "KubeFedCluster", "kube-federation-system", "c1"))
	f.settle()
	require.Equal(t, []string{"unavailable c2", "unavailable c1"}, f.events)
	require.Equal(t, []string{"c2", "gone"}, names(f.inf.GetClusters()))

	// Stopped: member events no longer arrive.
	f.inf.Stop()
	f.events = nil
	f.cluster(t, "c2", true, nil)
	_, err = f.members["c2"].Create(managed("ns", "late"))
	require.NoError(t, err)
	f.settle()
	require.Empty(t, f.events)
}

func TestFederatedInformerNoClusters(t *testing.T) {
	f := newFedFixture(t)
	f.inf.Start()
	require.Nil(t, f.inf.GetClusters())
	require.Nil(t, f.inf.GetReadyClusters())
	synced, missing := f.inf.ReadyTargetsSynced()
	require.True(t, synced)
	require.Empty(t, missing)
}

// A ready cluster whose client cannot be built (its secret is gone) gets no
// target informer, so the ready targets never sync; a client once built is
// kept until the cluster changes.
func TestFederatedInformerClusterWithoutClient(t *testing.T) {
	f := newFedFixture(t, "c1", "c2")
	f.cluster(t, "c1", true, nil)
	f.cluster(t, "c2", true, nil)
	require.NoError(t, f.host.Delete("", "Secret", "kube-federation-system", "c2-token"))
	f.inf.Start()
	f.settle()
	var logs []string
	for _, e := range f.inf.cfg.Log.Entries() {
		logs = append(logs, e.Severity+" "+e.Source+"] "+e.Message)
	}
	require.Equal(t, []string{`E federated_informer.go] Failed to create a client for cluster: secrets "c2-token" not found`}, logs)
	synced, missing := f.inf.ReadyTargetsSynced()
	require.False(t, synced)
	require.Equal(t, []string{"c2"}, missing)
	_, err := f.inf.GetClientForCluster("c2")
	require.EqualError(t, err, `Client creation failed: secrets "c2-token" not found`)
	_, err = f.inf.GetClientForCluster("nowhere")
	require.EqualError(t, err, `cluster "nowhere" not found`)

	// c1's client is built once and kept: its secret going later changes
	// nothing, until the cluster changes and its client is built again.
	member, err := f.inf.GetClientForCluster("c1")
	require.NoError(t, err)
	require.Same(t, f.members["c1"], member)
	require.NoError(t, f.host.Delete("", "Secret", "kube-federation-system", "c1-token"))
	_, err = f.inf.GetClientForCluster("c1")
	require.NoError(t, err)
	f.cluster(t, "c1", true, map[string]string{"region": "eu"})
	f.settle()
	_, err = f.inf.GetClientForCluster("c1")
	require.EqualError(t, err, `Client creation failed: secrets "c1-token" not found`)

	// A token-less secret is no better.
	_, err = f.host.Create(map[string]any{"apiVersion": "v1", "kind": "Secret",
		"metadata": map[string]any{"name": "c1-token", "namespace": "kube-federation-system"}, "data": map[string]any{"ca.crt": "Y2E="}})
	require.NoError(t, err)
	_, err = f.inf.GetClientForCluster("c1")
	require.EqualError(t, err, `Client creation failed: The secret for cluster c1 is missing a non-empty value for "token"`)
}
