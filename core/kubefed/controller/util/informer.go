package util

import (
	"fmt"
	"sort"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// Handlers are an informer's event callbacks.
type Handlers struct {
	Add    func(obj map[string]any)
	Update func(old, obj map[string]any)
	Delete func(obj map[string]any)
}

// TriggerOnAllChanges calls fn on add, delete and any real update, like
// upstream's NewTriggerOnAllChanges.
func TriggerOnAllChanges(fn func(obj map[string]any)) Handlers {
	return Handlers{
		Add:    fn,
		Delete: fn,
		Update: func(old, obj map[string]any) {
			if !u.Equal(old, obj) {
				fn(obj)
			}
		},
	}
}

// Informer caches one kind of one store. Its initial list is delivered in
// namespace/name order (etcd's key order); later events in commit order.
//
// A typed informer (FTCs, KubeFedClusters, RSPs) names its kind. A dynamic
// one, as kubefed builds for federated and target types, names a resource
// (group, version and the FTC's plural name) and expects a kind: the list
// goes to that URL, so a plural or version the API server does not serve
// fails like a reflector does (logged, retried) and the informer never
// reports synced until the resource appears; a plural served by another
// kind lists that kind's objects, and client-go drops their watch events
// because their group/version/kind is not the expected one.
type Informer struct {
	Store     *store.Store
	Group     string
	Kind      string
	Namespace string
	Selector  func(obj map[string]any) bool // by the object's labels
	Handlers  Handlers
	Log       *Logger
	// TypeName is how the reflector names a typed informer's type, e.g.
	// "*v1beta1.FederatedTypeConfig"; a dynamic informer is named by the
	// group/version/kind it expects.
	TypeName string
	// Version and Resource address a dynamic informer (Resource is the
	// plural name); empty for typed informers.
	Version  string
	Resource string
	// Release selects client-go's reflector behaviour (texts and retry).
	Release release.Release
	// Expect, when set, is the group/version/kind the informer expects
	// instead of its own (v0.3.0's status controller built its
	// FederatedService informer with the Service's).
	Expect *GVK
	// Hold, when it returns true, keeps an event away from the cache until
	// the owner passes it to Deliver (used to model watch latency races).
	Hold func(ev store.Event) bool

	cache   map[string]map[string]any
	rev     int // bumped on every cache change, for derived caches
	synced  bool
	stopped bool
	stopFn  func()
	retry   time.Duration
	// served is the kind actually listed, when it differs from Kind.
	served *store.Kind
}

// GVKString is schema.GroupVersionKind's String: "apps/v1, Kind=Deployment",
// "/v1, Kind=ConfigMap".
func GVKString(group, version, kind string) string {
	return group + "/" + version + ", Kind=" + kind
}

// GVK is a group, version and kind.
type GVK struct{ Group, Version, Kind string }

func (g GVK) String() string { return GVKString(g.Group, g.Version, g.Kind) }

// expected is the group/version/kind the reflector checks watch events
// against.
func (i *Informer) expected() GVK {
	if i.Expect != nil {
		return *i.Expect
	}
	return GVK{i.Group, i.Version, i.Kind}
}

// typeName is the reflector's expectedTypeName.
func (i *Informer) typeName() string {
	switch {
	case i.TypeName != "":
		return i.TypeName
	case i.Resource != "":
		return i.expected().String()
	}
	return "*unstructured.Unstructured"
}

// reflectorName is how client-go names a reflector: the call site of
// NewReflector in the client-go module kubefed was built with.
func (i *Informer) reflectorName() string {
	module, line := i.Release.ClientGo()
	return fmt.Sprintf("pkg/mod/k8s.io/client-go@%s/tools/cache/reflector.go:%d", module, line)
}

// Start lists and watches.
func (i *Informer) Start() {
	i.cache = map[string]map[string]any{}
	i.tryStart()
}

// resolve finds the kind to list: by resource for a dynamic informer.
func (i *Informer) resolve() (*store.Kind, error) {
	if i.Resource != "" {
		return i.Store.ResourceFor(i.Group, i.Version, i.Resource)
	}
	k, ok := i.Store.KindFor(i.Group, i.Kind)
	if !ok {
		return nil, store.NewNoResource()
	}
	return k, nil
}

func (i *Informer) tryStart() {
	if i.stopped {
		return
	}
	k, err := i.resolve()
	var stop func()
	if err == nil {
		stop, err = i.Store.WatchObjects(k.Group, k.Kind, i.Namespace, i.Selector, i.onEvent)
	}
	if err != nil {
		i.listFailed(err)
		return
	}
	i.served = nil
	if e := i.expected(); k.Kind != e.Kind || k.Group != e.Group || (i.Resource != "" && k.Version != e.Version) {
		i.served = k
	}
	i.stopFn = stop
	i.rev++
	for _, o := range i.Store.List(k.Group, k.Kind, i.Namespace) {
		if i.Selector != nil && !i.Selector(o) {
			continue
		}
		i.cache[keyOf(o)] = o
	}
	i.synced = true
	if i.Handlers.Add != nil {
		objs := i.List()
		i.Store.Clock().AfterFunc(0, "informer initial list "+i.Kind, func() {
			if i.stopped {
				return
			}
			for _, o := range objs {
				i.Handlers.Add(o)
			}
		})
	}
}

// listFailed logs a failed list as the release's client-go does and
// schedules the retry: every second with client-go 0.17, with a back-off
// (0.8s doubling to 30s; client-go jitters it, the model does not) after.
func (i *Informer) listFailed(err error) {
	name, t := i.reflectorName(), i.typeName()
	if i.Release.Has(release.ReflectorWatchText) {
		i.Log.HandleError("reflector.go", Errorf("%s: Failed to watch %s: failed to list %s: %v", name, t, t, err))
	} else {
		i.Log.HandleError("reflector.go", Errorf("%s: Failed to list %s: %v", name, t, err))
	}
	switch {
	case !i.Release.Has(release.ReflectorBackoff):
		i.retry = time.Second
	case i.retry == 0:
		i.retry = 800 * time.Millisecond
	default:
		if i.retry *= 2; i.retry > 30*time.Second {
			i.retry = 30 * time.Second
		}
	}
	i.Store.Clock().AfterFunc(i.retry, "reflector retry "+i.Kind, i.tryStart)
}

func keyOf(o map[string]any) string {
	return QualifiedName{Namespace: u.GetNamespace(o), Name: u.GetName(o)}.String()
}

func (i *Informer) onEvent(ev store.Event) {
	if i.stopped {
		return
	}
	if k := i.served; k != nil {
		i.Log.HandleError("reflector.go", Errorf("%s: expected gvk %s, but watch event object had gvk %s",
			i.reflectorName(), i.expected(), GVKString(k.Group, k.Version, k.Kind)))
		return
	}
	if i.Hold != nil && i.Hold(ev) {
		return
	}
	i.Deliver(ev)
}

// Deliver applies an event to the cache and calls the handlers.
func (i *Informer) Deliver(ev store.Event) {
	if i.stopped {
		return
	}
	k := keyOf(ev.Object)
	i.rev++
	switch ev.Type {
	case store.Added:
		i.cache[k] = ev.Object
		if i.Handlers.Add != nil {
			i.Handlers.Add(ev.Object)
		}
	case store.Modified:
		old := i.cache[k]
		i.cache[k] = ev.Object
		if old == nil {
			if i.Handlers.Add != nil {
				i.Handlers.Add(ev.Object)
			}
		} else if i.Handlers.Update != nil {
			i.Handlers.Update(old, ev.Object)
		}
	case store.Deleted:
		delete(i.cache, k)
		if i.Handlers.Delete != nil {
			i.Handlers.Delete(ev.Object)
		}
	}
}

// Stop ends the watch.
func (i *Informer) Stop() {
	i.stopped = true
	if i.stopFn != nil {
		i.stopFn()
	}
}

// HasSynced reports whether the initial list succeeded.
func (i *Informer) HasSynced() bool { return i.synced }

// Get returns the cached object for "ns/name" (read only) or nil.
func (i *Informer) Get(key string) map[string]any { return i.cache[key] }

// List returns cached objects sorted by key (read only).
func (i *Informer) List() []map[string]any {
	keys := make([]string, 0, len(i.cache))
	for k := range i.cache {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]map[string]any, len(keys))
	for n, k := range keys {
		out[n] = i.cache[k]
	}
	return out
}

// Len returns the number of cached objects.
func (i *Informer) Len() int { return len(i.cache) }
