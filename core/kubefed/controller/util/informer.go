package util

import (
	"sort"
	"time"

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
// namespace/name order (etcd's key order); later events in commit order. If
// the kind is not served, listing fails like a reflector does (logged, and
// retried with a doubling delay from 800ms to 30s) and the informer never
// reports synced until the kind appears.
type Informer struct {
	Store     *store.Store
	Group     string
	Kind      string
	Namespace string
	Selector  func(obj map[string]any) bool // by the object's labels
	Handlers  Handlers
	Log       *Logger
	TypeName  string
	// Hold, when it returns true, keeps an event away from the cache until
	// the owner passes it to Deliver (used to model watch latency races).
	Hold func(ev store.Event) bool

	cache   map[string]map[string]any
	rev     int // bumped on every cache change, for derived caches
	synced  bool
	stopped bool
	stopFn  func()
	retry   time.Duration
}

// Start lists and watches.
func (i *Informer) Start() {
	i.cache = map[string]map[string]any{}
	i.tryStart()
}

func (i *Informer) tryStart() {
	if i.stopped {
		return
	}
	stop, err := i.Store.WatchObjects(i.Group, i.Kind, i.Namespace, i.Selector, i.onEvent)
	if err != nil {
		name := i.TypeName
		if name == "" {
			name = "*unstructured.Unstructured"
		}
		i.Log.HandleError("reflector.go", Errorf("pkg/mod/k8s.io/client-go@v0.22.2/tools/cache/reflector.go:167: Failed to watch %s: failed to list %s: the server could not find the requested resource", name, name))
		if i.retry == 0 {
			i.retry = 800 * time.Millisecond
		} else if i.retry *= 2; i.retry > 30*time.Second {
			i.retry = 30 * time.Second
		}
		i.Store.Clock().AfterFunc(i.retry, "reflector retry "+i.Kind, i.tryStart)
		return
	}
	i.stopFn = stop
	i.rev++
	for _, o := range i.Store.List(i.Group, i.Kind, i.Namespace) {
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

func keyOf(o map[string]any) string {
	return QualifiedName{Namespace: u.GetNamespace(o), Name: u.GetName(o)}.String()
}

func (i *Informer) onEvent(ev store.Event) {
	if i.stopped {
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
