package util

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

func informerStore(t *testing.T) *store.Store {
	t.Helper()
	s := store.New("host", sim.NewClock(sim.Epoch), store.BuiltinKinds())
	for _, ns := range []string{"ns", "other"} {
		_, err := s.Create(map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": ns}})
		require.NoError(t, err)
	}
	return s
}

func cm(ns, name string) map[string]any {
	return map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": name, "namespace": ns}}
}

func settleStore(s *store.Store) { s.Clock().RunUntil(s.Clock().Now(), 0) }

func keys(objs []map[string]any) []string {
	var out []string
	for _, o := range objs {
		out = append(out, keyOf(o))
	}
	return out
}

// The initial list arrives in key order on the clock, then events in
// commit order; TriggerOnAllChanges ignores updates that change nothing.
func TestInformerListThenWatch(t *testing.T) {
	s := informerStore(t)
	for _, o := range []map[string]any{cm("ns", "b"), cm("ns", "a"), cm("other", "x")} {
		_, err := s.Create(o)
		require.NoError(t, err)
	}
	settleStore(s)
	var seen []string
	inf := &Informer{Store: s, Kind: "ConfigMap", Namespace: "ns", Log: NewLogger(s.Clock()), Release: release.MustParse("v0.10.0"),
		Handlers: TriggerOnAllChanges(func(o map[string]any) { seen = append(seen, keyOf(o)) })}
	inf.Start()
	require.True(t, inf.HasSynced())
	require.Equal(t, []string{"ns/a", "ns/b"}, keys(inf.List()))
	require.Empty(t, seen, "the initial list is delivered by a timer")
	settleStore(s)
	require.Equal(t, []string{"ns/a", "ns/b"}, seen)

	_, err := s.Create(cm("ns", "c"))
	require.NoError(t, err)
	a, err := s.Get("", "ConfigMap", "ns", "a")
	require.NoError(t, err)
	a["data"] = map[string]any{"k": "v"}
	_, err = s.Update(a)
	require.NoError(t, err)
	require.NoError(t, s.Delete("", "ConfigMap", "ns", "b"))
	_, err = s.Create(cm("other", "y"))
	require.NoError(t, err)
	seen = nil
	settleStore(s)
	require.Equal(t, []string{"ns/c", "ns/a", "ns/b"}, seen)
	require.Equal(t, []string{"ns/a", "ns/c"}, keys(inf.List()))
	require.Equal(t, 2, inf.Len())
	require.Equal(t, map[string]any{"k": "v"}, inf.Get("ns/a")["data"])
	require.Nil(t, inf.Get("ns/b"))

	// An update that changes nothing the handler cares about is not one.
	var updates int
	h := TriggerOnAllChanges(func(map[string]any) { updates++ })
	h.Update(inf.Get("ns/a"), u.DeepCopyMap(inf.Get("ns/a")))
	require.Equal(t, 0, updates)

	inf.Stop()
	_, err = s.Create(cm("ns", "d"))
	require.NoError(t, err)
	seen = nil
	settleStore(s)
	require.Empty(t, seen)
	require.Nil(t, inf.Get("ns/d"))
}

// A MODIFIED event for an object the cache does not have (it started
// matching the selector) is an add.
func TestInformerModifiedUnknownIsAdd(t *testing.T) {
	s := informerStore(t)
	var got []string
	inf := &Informer{Store: s, Kind: "ConfigMap", Log: NewLogger(s.Clock()), Release: release.MustParse("v0.10.0"),
		Handlers: Handlers{
			Add:    func(o map[string]any) { got = append(got, "add "+keyOf(o)) },
			Update: func(_, o map[string]any) { got = append(got, "update "+keyOf(o)) },
		}}
	inf.Start()
	inf.Deliver(store.Event{Type: store.Modified, Object: cm("ns", "a")})
	inf.Deliver(store.Event{Type: store.Modified, Object: cm("ns", "a")})
	inf.Deliver(store.Event{Type: store.Deleted, Object: cm("ns", "a")}) // no Delete handler
	require.Equal(t, []string{"add ns/a", "update ns/a"}, got)
	require.Equal(t, 0, inf.Len())
}

// Hold keeps events from the cache until the owner delivers them.
func TestInformerHold(t *testing.T) {
	s := informerStore(t)
	var held []store.Event
	inf := &Informer{Store: s, Kind: "ConfigMap", Log: NewLogger(s.Clock()), Release: release.MustParse("v0.10.0"),
		Hold: func(ev store.Event) bool { held = append(held, ev); return true }}
	inf.Start()
	_, err := s.Create(cm("ns", "a"))
	require.NoError(t, err)
	settleStore(s)
	require.Nil(t, inf.Get("ns/a"))
	require.Len(t, held, 1)
	inf.Deliver(held[0])
	require.NotNil(t, inf.Get("ns/a"))
}

// A dynamic informer on a resource that is not served fails its list as
// the release's client-go does, retries (every second before client-go
// 0.18, then 0.8s doubling to 30s) and syncs once the resource appears.
func TestInformerListFailsAndRetries(t *testing.T) {
	for _, tc := range []struct {
		version string
		line    string
		retries []time.Duration
	}{
		{"v0.3.0", `pkg/mod/k8s.io/client-go@v0.17.3/tools/cache/reflector.go:105: Failed to list types.kubefed.io/v1beta1, Kind=FederatedWidget: the server could not find the requested resource`,
			[]time.Duration{time.Second, time.Second, time.Second, time.Second, time.Second, time.Second, time.Second, time.Second}},
		{"v0.10.0", `pkg/mod/k8s.io/client-go@v0.22.2/tools/cache/reflector.go:167: Failed to watch types.kubefed.io/v1beta1, Kind=FederatedWidget: failed to list types.kubefed.io/v1beta1, Kind=FederatedWidget: the server could not find the requested resource`,
			[]time.Duration{800 * time.Millisecond, 1600 * time.Millisecond, 3200 * time.Millisecond, 6400 * time.Millisecond,
				12800 * time.Millisecond, 25600 * time.Millisecond, 30 * time.Second, 30 * time.Second}},
	} {
		t.Run(tc.version, func(t *testing.T) {
			s := informerStore(t)
			log := NewLogger(s.Clock())
			inf := &Informer{Store: s, Group: "types.kubefed.io", Version: "v1beta1", Resource: "federatedwidgets", Kind: "FederatedWidget",
				Log: log, Release: release.MustParse(tc.version)}
			inf.Start()
			require.False(t, inf.HasSynced())
			var at []time.Time
			for len(log.Entries()) < 9 {
				require.True(t, s.Clock().Step())
			}
			for _, e := range log.Entries() {
				require.Equal(t, "E", e.Severity)
				require.Equal(t, tc.line, e.Message)
				at = append(at, e.Time)
			}
			var gaps []time.Duration
			for i := 1; i < len(at); i++ {
				gaps = append(gaps, at[i].Sub(at[i-1]))
			}
			require.Equal(t, tc.retries, gaps)

			s.Register(&store.Kind{Group: "types.kubefed.io", Version: "v1beta1", Kind: "FederatedWidget", Plural: "federatedwidgets", Namespaced: true})
			s.Clock().Advance(30 * time.Second)
			require.True(t, inf.HasSynced())
			n := len(log.Entries())
			s.Clock().Advance(time.Hour)
			require.Len(t, log.Entries(), n, "no retry once synced")

			inf.Stop()
			inf.tryStart()
			require.Len(t, log.Entries(), n, "a stopped informer does not list")
		})
	}
}

// A plural served by another kind lists that kind, but every watch event
// is dropped with client-go's gvk error; an Expect of another type does
// the same for a typed informer.
func TestInformerUnexpectedKind(t *testing.T) {
	s := informerStore(t)
	_, err := s.Create(cm("ns", "a"))
	require.NoError(t, err)
	log := NewLogger(s.Clock())
	inf := &Informer{Store: s, Version: "v1", Resource: "configmaps", Kind: "Secret", Log: log, Release: release.MustParse("v0.10.0")}
	inf.Start()
	require.True(t, inf.HasSynced())
	require.Equal(t, []string{"ns/a"}, keys(inf.List()))
	_, err = s.Create(cm("ns", "b"))
	require.NoError(t, err)
	settleStore(s)
	require.Nil(t, inf.Get("ns/b"))
	var msgs []string
	for _, e := range log.Entries() {
		msgs = append(msgs, e.Message)
	}
	require.Equal(t, []string{"pkg/mod/k8s.io/client-go@v0.22.2/tools/cache/reflector.go:167: expected gvk /v1, Kind=Secret, but watch event object had gvk /v1, Kind=ConfigMap"}, msgs)

	require.Equal(t, "*v1beta1.FederatedTypeConfig", (&Informer{TypeName: "*v1beta1.FederatedTypeConfig", Resource: "x"}).typeName())
	require.Equal(t, "apps/v1, Kind=Deployment", (&Informer{Group: "apps", Version: "v1", Kind: "Deployment", Resource: "deployments"}).typeName())
	require.Equal(t, "*unstructured.Unstructured", (&Informer{Kind: "Deployment"}).typeName())
	require.Equal(t, "/v1, Kind=Service", (&Informer{Resource: "x", Expect: &GVK{Version: "v1", Kind: "Service"}}).typeName())
	require.True(t, strings.HasPrefix((&Informer{Release: release.MustParse("v0.3.0")}).reflectorName(), "pkg/mod/k8s.io/client-go@v0.17.3/"))
}
