package simulation

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/kubefedcluster"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controller/util"
	"github.com/kubexplorer/kubexplorer/core/kubefed/controllermanager"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

func newSim(t *testing.T) *Simulation {
	t.Helper()
	s, err := New(Options{Gates: controllermanager.DefaultGates()})
	require.NoError(t, err)
	return s
}

func TestAddClusterErrors(t *testing.T) {
	s := newSim(t)
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "c1"}))
	for _, tc := range []struct {
		spec ClusterSpec
		err  string
	}{
		{ClusterSpec{}, "name: Required value"},
		{ClusterSpec{Name: "C_1"}, `name: Invalid value: "C_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`},
		{ClusterSpec{Name: "c1"}, `cluster "c1" already exists`},
		{ClusterSpec{Name: "c2", Health: "sick"}, `health: Unsupported value: "sick": supported values: "ok", "notok", "unreachable"`},
		{ClusterSpec{Name: "c2", Secret: "lost"}, `secret: Unsupported value: "lost": supported values: "missing", "noToken"`},
		{ClusterSpec{Name: "c2", Objects: []map[string]any{{"apiVersion": "v9", "kind": "Thing"}}}, `objects[0]: no matches for kind "Thing" in version "v9"`},
		{ClusterSpec{Name: "c2", Objects: []map[string]any{{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "metadata": map[string]any{"name": "x"}}}},
			`objects[0]: CustomResourceDefinition "x" is invalid: spec: Required value`},
	} {
		require.EqualError(t, s.AddCluster(tc.spec), tc.err)
	}
	require.Equal(t, []string{"c1"}, memberNames(s))
}

func memberNames(s *Simulation) []string {
	var out []string
	for _, m := range s.Members() {
		out = append(out, m.Name)
	}
	return out
}

// A member starts with the namespaces join creates, its objects (and their
// namespaces), and without the APIs it does not serve.
func TestAddClusterSeedsMember(t *testing.T) {
	s := newSim(t)
	ready := false
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "c1", Ready: &ready, MissingAPIs: []string{"deployments.apps"},
		Objects: []map[string]any{
			{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "cm", "namespace": "app"}},
			{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "metadata": map[string]any{"name": "widgets.example.io"},
				"spec": map[string]any{"group": "example.io", "scope": "Namespaced", "names": map[string]any{"kind": "Widget", "plural": "widgets"},
					"versions": []any{map[string]any{"name": "v1", "served": true, "storage": true}}}},
		}}))
	m, ok := s.MemberStore("c1")
	require.True(t, ok)
	require.NotNil(t, m.Peek("", "ConfigMap", "app", "cm"))
	require.NotNil(t, m.Peek("", "Namespace", "", "app"))
	require.NotNil(t, m.Peek("", "Namespace", "", "kube-federation-system"))
	_, ok = m.KindFor("apps", "Deployment")
	require.False(t, ok)
	_, ok = m.KindFor("example.io", "Widget")
	require.True(t, ok)
	require.Equal(t, kubefedcluster.HealthNotOK, s.Members()[0].Health)
	_, ok = s.MemberStore("c9")
	require.False(t, ok)
	require.Same(t, s.Host, s.HostStore())

	// The host as a member shares the host's API.
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "self", Host: true, Health: "unreachable"}))
	self, _ := s.MemberStore("self")
	require.Same(t, s.Host, self)
	require.NoError(t, s.Host.Unreachable, "the host stays reachable for the control plane")
}

func TestClusterHealthLabelsAndRemoval(t *testing.T) {
	s := newSim(t)
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "c1"}))
	m, _ := s.MemberStore("c1")

	require.NoError(t, s.SetClusterHealth("c1", "unreachable"))
	_, err := m.Get("", "Namespace", "", "default")
	require.EqualError(t, err, "dial tcp c1:443: i/o timeout")
	h, _ := s.probe("c1")
	require.Equal(t, kubefedcluster.HealthUnreachable, h)
	require.NoError(t, s.SetClusterHealth("c1", "ok"))
	_, err = m.Get("", "Namespace", "", "default")
	require.NoError(t, err)
	require.EqualError(t, s.SetClusterHealth("c1", "sick"), `health: Unsupported value: "sick": supported values: "ok", "notok", "unreachable"`)
	require.EqualError(t, s.SetClusterHealth("c9", "ok"), `cluster "c9" not found`)
	h, _ = s.probe("c9")
	require.Equal(t, kubefedcluster.HealthUnreachable, h, "a cluster that is gone cannot be reached")

	require.NoError(t, s.SetClusterLabels("c1", map[string]string{"region": "eu"}))
	require.Equal(t, map[string]string{"region": "eu"}, u.GetLabels(s.Host.Peek("core.kubefed.io", "KubeFedCluster", "kube-federation-system", "c1")))
	require.EqualError(t, s.SetClusterLabels("c9", nil), `kubefedclusters.core.kubefed.io "c9" not found`)

	// Join made the secret kubefed's clients read; unjoin deletes it, so
	// the cluster can join again.
	require.NotNil(t, s.Host.Peek("", "Secret", "kube-federation-system", "c1-token"))
	require.NoError(t, s.RemoveCluster("c1"))
	require.Nil(t, s.Host.Peek("core.kubefed.io", "KubeFedCluster", "kube-federation-system", "c1"))
	require.Nil(t, s.Host.Peek("", "Secret", "kube-federation-system", "c1-token"))
	require.Empty(t, s.Members())
	require.EqualError(t, s.RemoveCluster("c1"), `cluster "c1" not found`)
	_, err = s.member("c1")
	require.EqualError(t, err, `cluster "c1" not found`)
}

func TestFaultsAndAdvance(t *testing.T) {
	s := newSim(t)
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "c1"}))
	boom := &store.StatusError{Code: 500, Reason: store.ReasonInternal, Message: "boom"}
	require.NoError(t, s.InjectAPIFault("", &store.Fault{Verb: "get", Kind: "ConfigMap", Remaining: -1, Err: boom}))
	require.NoError(t, s.InjectAPIFault("c1", &store.Fault{Verb: "get", Kind: "Secret", Remaining: -1, Err: boom}))
	require.EqualError(t, s.InjectAPIFault("c9", &store.Fault{}), `cluster "c9" not found`)
	require.Len(t, s.Host.Faults, 1)
	m, _ := s.MemberStore("c1")
	require.Len(t, m.Faults, 1)

	s.InjectStartFailure("sync", "FederatedWidget", "no")
	require.EqualError(t, s.failStart("sync", "FederatedWidget"), "no")
	require.NoError(t, s.failStart("status", "FederatedWidget"))
	s.InjectStartFailure("sync", "FederatedWidget", "")
	require.NoError(t, s.failStart("sync", "FederatedWidget"))

	start := s.Clock.Now()
	s.Advance(-time.Second)
	require.Equal(t, start, s.Clock.Now(), "time does not go back")
	s.Advance(time.Minute)
	require.Equal(t, start.Add(time.Minute), s.Clock.Now())
}

// A failed probe that the failure threshold holds back keeps the Ready
// conditions but, as upstream writes the new probe's status with the stored
// conditions, loses status.kubernetesVersion (only a successful probe asks
// for it); the next successful probe writes it again.
func TestHeldReadyStatusLosesKubernetesVersion(t *testing.T) {
	s := newSim(t)
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "c1", Version: "v1.24.0"}))
	version := func() any {
		obj := s.Host.Peek("core.kubefed.io", "KubeFedCluster", s.Opts.KubeFedNamespace, "c1")
		require.NotNil(t, obj)
		require.True(t, u.NestedSlice(obj, "status", "conditions") != nil)
		return u.NestedMap(obj, "status")["kubernetesVersion"]
	}
	require.Equal(t, "v1.24.0", version())
	require.NoError(t, s.SetClusterHealth("c1", "notok"))
	s.Advance(10 * time.Second)
	obj := s.Host.Peek("core.kubefed.io", "KubeFedCluster", s.Opts.KubeFedNamespace, "c1")
	require.True(t, util.IsClusterReady(obj), "the first failure after the join is held")
	require.Nil(t, version())
	require.NoError(t, s.SetClusterHealth("c1", "ok"))
	s.Advance(10 * time.Second)
	require.Equal(t, "v1.24.0", version())
}

func TestJoinWithoutSecret(t *testing.T) {
	s := newSim(t)
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "c1", Secret: SecretMissing}))
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "c2", Secret: SecretNoToken}))
	require.Nil(t, s.Host.Peek("", "Secret", "kube-federation-system", "c1-token"))
	require.NotNil(t, s.Host.Peek("", "Secret", "kube-federation-system", "c2-token"))
	for _, c := range []string{"c1", "c2"} {
		obj := s.Host.Peek("core.kubefed.io", "KubeFedCluster", "kube-federation-system", c)
		require.Equal(t, "ConfigMalformed", u.NestedString(u.NestedSlice(obj, "status", "conditions")[0].(map[string]any), "type"), c)
	}
	require.NoError(t, s.RemoveCluster("c1"))
	require.NoError(t, s.AddCluster(ClusterSpec{Name: "c1"}))
	require.True(t, util.IsClusterReady(s.Host.Peek("core.kubefed.io", "KubeFedCluster", "kube-federation-system", "c1")))
}
