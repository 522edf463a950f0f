// Package store is an in-memory Kubernetes API server on virtual time. The
// host cluster and every member cluster is one Store.
//
// It keeps the object semantics the controllers depend on: resourceVersion
// (one counter per store, bumped on every write), metadata.generation (bumped
// only by the changes the type's policy names; see GenerationPolicy),
// finalizers and deletionTimestamp (a delete of an object with finalizers only
// marks it; removing the last finalizer completes the delete), the status
// subresource (Update ignores status, UpdateStatus ignores everything else),
// optimistic concurrency (a stale resourceVersion is a Conflict), no-op writes
// (an update that changes nothing writes nothing and sends no event),
// namespaces (a namespaced object needs a live namespace), owner-reference
// garbage collection, and watches.
//
// Ordering rule: a watch event is queued on the clock at the instant of the
// write, once per watcher in the order watchers registered. Timers at the same
// instant fire in the order they were scheduled, so events reach informers in
// commit order.
package store

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/apiextensions"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// Event types of a watch.
const (
	Added    = "ADDED"
	Modified = "MODIFIED"
	Deleted  = "DELETED"
)

// Event is one watch event. Objects are shared snapshots: read only.
type Event struct {
	Type   string
	Object map[string]any
	Old    map[string]any
}

// Operation names an admission operation.
type Operation string

const (
	OpCreate Operation = "CREATE"
	OpUpdate Operation = "UPDATE"
)

// AdmitFunc is a validating admission hook. subresource is "" or "status".
type AdmitFunc func(op Operation, obj, old map[string]any, subresource string) error

// Fault makes matching requests fail, or (with Delay) answer late, for
// exploring error branches.
type Fault struct {
	Verb      string // create, update, updateStatus, patch, delete, get
	Kind      string
	Namespace string
	Name      string
	Remaining int // requests still to match; negative means forever
	Err       *StatusError
	// Delay, when positive, makes this a latency fault: a matching request
	// is answered Delay after it is sent (see Latency) and is otherwise
	// served normally; Err is not used.
	Delay time.Duration
}

func (f *Fault) matches(verb string, k *Kind, ns, name string) bool {
	if f.Remaining == 0 || f.Verb != verb || !strings.EqualFold(f.Kind, k.Kind) {
		return false
	}
	return (f.Namespace == "" || f.Namespace == ns) && (f.Name == "" || f.Name == name)
}

type watcher struct {
	gk       GroupKind
	ns       string
	selector func(obj map[string]any) bool
	fn       func(Event)
	stopped  bool
}

// Store is one API server.
type Store struct {
	Name  string
	clock *sim.Clock
	rv    int64
	uid   int64

	kinds   map[GroupKind]*Kind
	order   []*Kind
	objs    map[GroupKind]map[string]map[string]any
	watches map[GroupKind][]*watcher

	// Admission holds validating webhooks per kind.
	Admission map[GroupKind]AdmitFunc
	// Mutate runs on create and update before validation (API defaulting).
	Mutate map[GroupKind]func(obj, old map[string]any)
	// Faults are consulted on every request.
	Faults []*Fault
	// Unreachable, when set, fails every request: the network to this API
	// server is down (a member cluster whose /healthz cannot be reached).
	Unreachable error

	nowAt     time.Time
	nowText   string
	watchName map[GroupKind]string // timer names of watch events
}

// New returns an empty store serving the given kinds.
func New(name string, clock *sim.Clock, kinds []*Kind) *Store {
	s := &Store{
		Name: name, clock: clock,
		kinds:     map[GroupKind]*Kind{},
		objs:      map[GroupKind]map[string]map[string]any{},
		watches:   map[GroupKind][]*watcher{},
		Admission: map[GroupKind]AdmitFunc{},
		Mutate:    map[GroupKind]func(obj, old map[string]any){},
	}
	for _, k := range kinds {
		s.Register(k)
	}
	return s
}

// Clock returns the store's clock.
func (s *Store) Clock() *sim.Clock { return s.clock }

// Register serves a kind (a CRD being established). Registering an existing
// group/kind replaces its definition but keeps its objects.
func (s *Store) Register(k *Kind) {
	if _, ok := s.kinds[k.GK()]; !ok {
		s.order = append(s.order, k)
	} else {
		for i, o := range s.order {
			if o.GK() == k.GK() {
				s.order[i] = k
			}
		}
	}
	s.kinds[k.GK()] = k
	if s.objs[k.GK()] == nil {
		s.objs[k.GK()] = map[string]map[string]any{}
	}
}

// Unregister stops serving a kind and drops its objects (CRD deleted).
func (s *Store) Unregister(gk GroupKind) {
	delete(s.kinds, gk)
	delete(s.objs, gk)
	for i, o := range s.order {
		if o.GK() == gk {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
}

// Kinds lists served kinds in registration (discovery) order.
func (s *Store) Kinds() []*Kind { return append([]*Kind(nil), s.order...) }

// KindFor returns the served kind for a group and kind.
func (s *Store) KindFor(group, kind string) (*Kind, bool) {
	k, ok := s.kinds[GroupKind{group, kind}]
	return k, ok
}

// ResourceFor resolves a dynamic client's group/version/resource, as the
// API server's URL routing does: the kind serving that plural in that group
// at that version, or NotFound with the text every client shows for an
// unknown path. kubefed's informers address their types this way (by the
// FTC's pluralName), while its writes go through a client that maps kinds.
func (s *Store) ResourceFor(group, version, plural string) (*Kind, error) {
	for _, k := range s.order {
		if k.Group == group && k.Plural == plural && k.Version == version {
			return k, nil
		}
	}
	return nil, NewNoResource()
}

// KindForObject resolves an object's apiVersion and kind, checking that the
// version is served.
func (s *Store) KindForObject(obj map[string]any) (*Kind, error) {
	apiVersion := u.GetAPIVersion(obj)
	kind := u.GetKind(obj)
	group, version := u.GroupVersion(apiVersion)
	k, ok := s.kinds[GroupKind{group, kind}]
	if !ok || (version != k.Version && version != "") {
		return nil, NewNoKindMatch(kind, apiVersion)
	}
	return k, nil
}

func key(ns, name string) string {
	if ns == "" {
		return name
	}
	return ns + "/" + name
}

// now formats the clock's instant, remembering the last one: a burst of
// writes at one virtual instant formats it once.
func (s *Store) now() string {
	t := s.clock.Now()
	if s.nowText == "" || !t.Equal(s.nowAt) {
		s.nowAt, s.nowText = t, t.UTC().Format(time.RFC3339)
	}
	return s.nowText
}

func (s *Store) fault(verb string, k *Kind, ns, name string) error {
	if s.Unreachable != nil {
		return s.Unreachable
	}
	for _, f := range s.Faults {
		if f.Delay > 0 || !f.matches(verb, k, ns, name) {
			continue
		}
		if f.Remaining > 0 {
			f.Remaining--
		}
		return f.Err
	}
	return nil
}

// Latency is how long a request about to be sent takes to be answered: the
// Delay of the first latency fault matching it (which counts the request),
// or 0. Callers that model waiting for an answer ask before sending; the
// request itself is then made when the answer arrives.
func (s *Store) Latency(verb, group, kind, ns, name string) time.Duration {
	k, ok := s.kinds[GroupKind{group, kind}]
	if !ok {
		return 0
	}
	for _, f := range s.Faults {
		if f.Delay <= 0 || !f.matches(verb, k, ns, name) {
			continue
		}
		if f.Remaining > 0 {
			f.Remaining--
		}
		return f.Delay
	}
	return 0
}

// Get returns a deep copy of an object.
func (s *Store) Get(group, kind, ns, name string) (map[string]any, error) {
	k, ok := s.kinds[GroupKind{group, kind}]
	if !ok {
		return nil, NewNoKindMatch(kind, group)
	}
	if err := s.fault("get", k, ns, name); err != nil {
		return nil, err
	}
	o, ok := s.objs[k.GK()][key(nsFor(k, ns), name)]
	if !ok {
		return nil, NewNotFound(k.Resource(), name)
	}
	return u.DeepCopyMap(o), nil
}

// Peek returns the stored snapshot without copying: read only.
func (s *Store) Peek(group, kind, ns, name string) map[string]any {
	k, ok := s.kinds[GroupKind{group, kind}]
	if !ok {
		return nil
	}
	return s.objs[k.GK()][key(nsFor(k, ns), name)]
}

func nsFor(k *Kind, ns string) string {
	if !k.Namespaced {
		return ""
	}
	return ns
}

// List returns snapshots (read only) sorted by namespace and name. An empty
// namespace lists all namespaces.
func (s *Store) List(group, kind, ns string) []map[string]any {
	k, ok := s.kinds[GroupKind{group, kind}]
	if !ok {
		return nil
	}
	m := s.objs[k.GK()]
	keys := make([]string, 0, len(m))
	for key, o := range m {
		if ns != "" && u.GetNamespace(o) != ns {
			continue
		}
		keys = append(keys, key)
	}
	sort.Strings(keys)
	out := make([]map[string]any, len(keys))
	for i, key := range keys {
		out[i] = m[key]
	}
	return out
}

// Count returns how many objects of a kind the store holds.
func (s *Store) Count(group, kind string) int {
	k, ok := s.kinds[GroupKind{group, kind}]
	if !ok {
		return 0
	}
	return len(s.objs[k.GK()])
}

// Watch registers fn for events of a kind in namespace ns ("" for all) whose
// labels match selector (nil for all). Like a label-selector watch, an object
// that stops matching is reported DELETED and one that starts matching ADDED.
func (s *Store) Watch(group, kind, ns string, selector func(map[string]string) bool, fn func(Event)) (stop func(), err error) {
	var objSel func(map[string]any) bool
	if selector != nil {
		objSel = func(o map[string]any) bool { return selector(u.GetLabels(o)) }
	}
	return s.WatchObjects(group, kind, ns, objSel, fn)
}

// WatchObjects is Watch with a selector that reads the object's labels
// itself (sparing a label map per event and watcher).
func (s *Store) WatchObjects(group, kind, ns string, selector func(obj map[string]any) bool, fn func(Event)) (stop func(), err error) {
	k, ok := s.kinds[GroupKind{group, kind}]
	if !ok {
		return nil, NewNoKindMatch(kind, group)
	}
	w := &watcher{gk: k.GK(), ns: ns, selector: selector, fn: fn}
	s.watches[k.GK()] = append(s.watches[k.GK()], w)
	return func() {
		w.stopped = true
		ws := s.watches[w.gk]
		for i, x := range ws {
			if x == w {
				s.watches[w.gk] = append(ws[:i:i], ws[i+1:]...)
				break
			}
		}
	}, nil
}

func (s *Store) notify(k *Kind, typ string, obj, old map[string]any) {
	for _, w := range s.watches[k.GK()] {
		ref := obj
		if ref == nil {
			ref = old
		}
		if w.ns != "" && u.GetNamespace(ref) != w.ns {
			continue
		}
		t := typ
		if w.selector != nil {
			newMatch := obj != nil && w.selector(obj)
			oldMatch := old != nil && w.selector(old)
			switch {
			case typ == Deleted && !oldMatch:
				continue
			case typ == Deleted:
			case newMatch && oldMatch:
				t = Modified
			case newMatch:
				t = Added
			case oldMatch:
				t = Deleted
			default:
				continue
			}
		}
		ev := Event{Type: t, Object: obj, Old: old}
		if t == Deleted && obj != nil {
			ev.Object = obj
		} else if t == Deleted {
			ev.Object = old
		}
		w := w
		name, ok := s.watchName[k.GK()]
		if !ok {
			if s.watchName == nil {
				s.watchName = map[GroupKind]string{}
			}
			name = "watch " + s.Name + " " + k.Kind
			s.watchName[k.GK()] = name
		}
		s.clock.AfterFunc(0, name, func() {
			if !w.stopped {
				w.fn(ev)
			}
		})
	}
}

func (s *Store) nextRV() string {
	s.rv++
	return strconv.FormatInt(s.rv, 10)
}

// ResourceVersion returns the store's current resourceVersion counter.
func (s *Store) ResourceVersion() int64 { return s.rv }

// validate is the API server's validation (the registry strategy's, then
// the validating webhooks). Like the real server, it refuses an invalid
// object before any webhook sees it.
func (s *Store) validate(k *Kind, op Operation, obj, old map[string]any, sub string) error {
	name := u.GetName(obj)
	errs := crNameErrors(k, op, name)
	if k.Schema != nil {
		serrs := k.Schema.Validate(obj, "")
		sort.SliceStable(serrs, func(i, j int) bool { return serrs[i].Field < serrs[j].Field })
		errs = append(errs, serrs...)
	}
	if len(errs) > 0 {
		return NewInvalid(k.QualifiedKind(), name, errs.Aggregate())
	}
	if sub == "" {
		if errs := builtinErrors(k, obj); len(errs) > 0 {
			return NewInvalid(k.QualifiedKind(), name, errs.Aggregate())
		}
	}
	if f := s.Admission[k.GK()]; f != nil {
		if err := f(op, obj, old, sub); err != nil {
			return err
		}
	}
	return nil
}

// Create stores a new object and returns the stored copy.
func (s *Store) Create(obj map[string]any) (map[string]any, error) {
	created, err := s.CreateOwned(u.DeepCopyMap(obj))
	if err != nil {
		return nil, err
	}
	return u.DeepCopyMap(created), nil
}

// CreateOwned is Create for a caller that hands obj over (it must not use
// it afterwards) and only reads the result, which is the stored object
// itself: the sync controller creates tens of thousands of member objects
// and the two copies Create makes dominate its cost.
func (s *Store) CreateOwned(obj map[string]any) (map[string]any, error) {
	k, err := s.KindForObject(obj)
	if err != nil {
		return nil, err
	}
	obj["apiVersion"] = k.APIVersion()
	name := u.GetName(obj)
	ns := nsFor(k, u.GetNamespace(obj))
	if err := s.fault("create", k, ns, name); err != nil {
		return nil, err
	}
	if name == "" {
		return nil, NewInvalid(k.QualifiedKind(), "", "metadata.name: Required value: name or generateName is required")
	}
	if k.Namespaced && ns == "" {
		return nil, &StatusError{Code: 400, Reason: ReasonBadRequest, Message: "the server could not find the requested resource"}
	}
	if !k.Namespaced {
		u.SetNamespace(obj, "")
	}
	if k.Namespaced {
		nsObj := s.Peek("", "Namespace", "", ns)
		if nsObj == nil {
			return nil, NewNotFound("namespaces", ns)
		}
		if u.GetDeletionTimestamp(nsObj) != "" {
			return nil, NewForbidden(fmt.Sprintf("%s %q is forbidden: unable to create new content in namespace %s because it is being terminated", k.Resource(), name, ns))
		}
	}
	if _, exists := s.objs[k.GK()][key(ns, name)]; exists {
		return nil, NewAlreadyExists(k.Resource(), name)
	}
	if k.StatusSubresource {
		delete(obj, "status")
	}
	if m := s.Mutate[k.GK()]; m != nil {
		m(obj, nil)
	}
	if k.Schema != nil && !k.PreserveUnknownFields {
		k.Schema.Prune(obj, "")
	}
	if err := s.validate(k, OpCreate, obj, nil, ""); err != nil {
		return nil, err
	}
	md := obj["metadata"].(map[string]any)
	delete(md, "deletionTimestamp")
	delete(md, "deletionGracePeriodSeconds")
	s.uid++
	md["uid"] = s.Name + "-" + zeroPad6(s.uid)
	md["creationTimestamp"] = s.now()
	md["resourceVersion"] = s.nextRV()
	if k.Generation != NoGeneration {
		md["generation"] = int64(1)
	} else {
		delete(md, "generation")
	}
	s.objs[k.GK()][key(ns, name)] = obj
	s.notify(k, Added, obj, nil)
	return obj, nil
}

// zeroPad6 is fmt's %06d for a non-negative counter.
func zeroPad6(n int64) string {
	d := strconv.FormatInt(n, 10)
	if len(d) < 6 {
		d = "000000"[len(d):] + d
	}
	return d
}

func (s *Store) current(k *Kind, obj map[string]any) (map[string]any, string, string, error) {
	name := u.GetName(obj)
	ns := nsFor(k, u.GetNamespace(obj))
	old, ok := s.objs[k.GK()][key(ns, name)]
	if !ok {
		return nil, ns, name, NewNotFound(k.Resource(), name)
	}
	if rv := u.GetResourceVersion(obj); rv != "" && rv != u.GetResourceVersion(old) {
		return nil, ns, name, NewConflict(k.Resource(), name)
	}
	return old, ns, name, nil
}

// Update replaces an object's spec and metadata (not its status when the
// kind has a status subresource).
func (s *Store) Update(obj map[string]any) (map[string]any, error) {
	k, err := s.KindForObject(obj)
	if err != nil {
		return nil, err
	}
	if err := s.fault("update", k, u.GetNamespace(obj), u.GetName(obj)); err != nil {
		return nil, err
	}
	old, _, _, err := s.current(k, obj)
	if err != nil {
		return nil, err
	}
	return s.write(k, old, u.DeepCopyMap(obj), "")
}

// UpdateStatus replaces only the status of an object.
func (s *Store) UpdateStatus(obj map[string]any) (map[string]any, error) {
	out, err := s.updateStatus(obj, false)
	if err != nil {
		return nil, err
	}
	return u.DeepCopyMap(out), nil
}

// UpdateStatusOwned is UpdateStatus for a caller that hands obj's status
// over (it must not change it afterwards) and only reads the result, which
// is the stored snapshot itself. Apart from the status and the metadata map,
// the new version shares its values with the previous one: stored objects
// are never mutated, so sharing is safe, and it spares the sync controller
// copying every federated resource's status several times per write.
func (s *Store) UpdateStatusOwned(obj map[string]any) (map[string]any, error) {
	return s.updateStatus(obj, true)
}

func (s *Store) updateStatus(obj map[string]any, owned bool) (map[string]any, error) {
	k, err := s.KindForObject(obj)
	if err != nil {
		return nil, err
	}
	if err := s.fault("updateStatus", k, u.GetNamespace(obj), u.GetName(obj)); err != nil {
		return nil, err
	}
	if !k.StatusSubresource {
		return nil, NewNotFound(k.Resource()+"/status", u.GetName(obj))
	}
	old, _, _, err := s.current(k, obj)
	if err != nil {
		return nil, err
	}
	var next map[string]any
	if owned {
		// write changes only top-level fields and metadata entries.
		next = make(map[string]any, len(old)+1)
		for f, v := range old {
			next[f] = v
		}
		if md, ok := old["metadata"].(map[string]any); ok {
			c := make(map[string]any, len(md))
			for f, v := range md {
				c[f] = v
			}
			next["metadata"] = c
		}
	} else {
		next = u.DeepCopyMap(old)
	}
	if st, ok := obj["status"]; ok {
		if !owned {
			st = u.DeepCopy(st)
		}
		next["status"] = st
	} else {
		delete(next, "status")
	}
	return s.writeShared(k, old, next, "status")
}

// MergePatch applies an RFC 7386 JSON merge patch to the main resource
// (not the status), without a resourceVersion precondition.
func (s *Store) MergePatch(group, kind, ns, name string, patch map[string]any) (map[string]any, error) {
	k, ok := s.kinds[GroupKind{group, kind}]
	if !ok {
		return nil, NewNoKindMatch(kind, group)
	}
	if err := s.fault("patch", k, ns, name); err != nil {
		return nil, err
	}
	old, ok := s.objs[k.GK()][key(nsFor(k, ns), name)]
	if !ok {
		return nil, NewNotFound(k.Resource(), name)
	}
	next := mergePatch(u.DeepCopyMap(old), patch).(map[string]any)
	// The server decodes the result into ObjectMeta, whose maps are
	// omitempty: a patch that deletes the last label leaves no labels: {}.
	if md, ok := next["metadata"].(map[string]any); ok {
		for _, f := range []string{"labels", "annotations"} {
			if m, ok := md[f].(map[string]any); ok && len(m) == 0 {
				delete(md, f)
			}
		}
	}
	return s.write(k, old, next, "")
}

func mergePatch(target any, patch any) any {
	pm, ok := patch.(map[string]any)
	if !ok {
		return u.DeepCopy(patch)
	}
	tm, ok := target.(map[string]any)
	if !ok {
		tm = map[string]any{}
	}
	for k, v := range pm {
		if v == nil {
			delete(tm, k)
			continue
		}
		tm[k] = mergePatch(tm[k], v)
	}
	return tm
}

// write commits next as the new state of old, applying the type's rules,
// and returns a private copy of the result.
func (s *Store) write(k *Kind, old, next map[string]any, sub string) (map[string]any, error) {
	out, err := s.writeShared(k, old, next, sub)
	if err != nil {
		return nil, err
	}
	return u.DeepCopyMap(out), nil
}

// writeShared is write returning the stored snapshot (read only).
func (s *Store) writeShared(k *Kind, old, next map[string]any, sub string) (map[string]any, error) {
	name := u.GetName(old)
	ns := u.GetNamespace(old)
	if sub == "" && k.StatusSubresource {
		if st, ok := old["status"]; ok {
			next["status"] = u.DeepCopy(st)
		} else {
			delete(next, "status")
		}
	}
	// Fields the client cannot change.
	md, ok := next["metadata"].(map[string]any)
	if !ok {
		md = map[string]any{}
		next["metadata"] = md
	}
	omd := old["metadata"].(map[string]any)
	for _, f := range []string{"uid", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "generation", "name", "namespace"} {
		if v, ok := omd[f]; ok {
			md[f] = v
		} else {
			delete(md, f)
		}
	}
	next["apiVersion"] = old["apiVersion"]
	next["kind"] = old["kind"]
	if sub == "" {
		if m := s.Mutate[k.GK()]; m != nil {
			m(next, old)
		}
		if k.Schema != nil && !k.PreserveUnknownFields {
			k.Schema.Prune(next, "")
		}
	}
	if u.GetDeletionTimestamp(old) != "" {
		oldF := map[string]bool{}
		for _, f := range u.GetFinalizers(old) {
			oldF[f] = true
		}
		var added []string
		for _, f := range u.GetFinalizers(next) {
			if !oldF[f] {
				added = append(added, f)
			}
		}
		if len(added) > 0 {
			return nil, NewInvalid(k.QualifiedKind(), name, fmt.Sprintf("metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers %#v", added))
		}
	}
	if err := s.validate(k, OpUpdate, next, old, sub); err != nil {
		return nil, err
	}
	md["resourceVersion"] = omd["resourceVersion"]
	if u.Equal(next, old) {
		return old, nil
	}
	if k.Generation != NoGeneration && generationChanged(k.Generation, old, next) {
		md["generation"] = u.GetGeneration(old) + 1
	}
	md["resourceVersion"] = s.nextRV()
	if u.GetDeletionTimestamp(next) != "" && len(u.GetFinalizers(next)) == 0 {
		s.remove(k, key(ns, name), next)
		return next, nil
	}
	s.objs[k.GK()][key(ns, name)] = next
	s.notify(k, Modified, next, old)
	return next, nil
}

func generationChanged(p GenerationPolicy, old, next map[string]any) bool {
	strip := func(o map[string]any, keepAnnotations bool) map[string]any {
		c := make(map[string]any, len(o))
		for k, v := range o {
			switch k {
			case "metadata", "apiVersion", "kind":
				continue
			case "status":
				if p != AllButMetadata {
					continue
				}
			}
			if (p == SpecOnly || p == SpecAndAnnotations) && k != "spec" {
				continue
			}
			c[k] = v
		}
		if keepAnnotations {
			c["annotations"] = u.NestedMap(o, "metadata", "annotations")
		}
		return c
	}
	ann := p == SpecAndAnnotations
	return !u.Equal(strip(old, ann), strip(next, ann))
}

func (s *Store) remove(k *Kind, key string, last map[string]any) {
	delete(s.objs[k.GK()], key)
	s.notify(k, Deleted, nil, last)
	uid := u.GetUID(last)
	if uid != "" {
		s.clock.AfterFunc(0, "gc "+s.Name, func() { s.collectDependents(uid) })
	}
	if k.Kind == "Namespace" && k.Group == "" {
		return
	}
	if k.Namespaced {
		ns := u.GetNamespace(last)
		if nsObj := s.Peek("", "Namespace", "", ns); nsObj != nil && u.GetDeletionTimestamp(nsObj) != "" {
			s.clock.AfterFunc(0, "namespace controller "+s.Name, func() { s.finishNamespace(ns) })
		}
	}
}

// collectDependents deletes objects whose ownerReferences name uid (the
// garbage collector, background propagation).
func (s *Store) collectDependents(uid string) {
	for _, k := range s.order {
		for _, o := range s.List(k.Group, k.Kind, "") {
			for _, ref := range u.NestedSlice(o, "metadata", "ownerReferences") {
				rm, _ := ref.(map[string]any)
				if rm != nil && rm["uid"] == uid {
					_ = s.Delete(k.Group, k.Kind, u.GetNamespace(o), u.GetName(o))
					break
				}
			}
		}
	}
}

// Delete deletes an object, or marks it deleted while finalizers remain.
func (s *Store) Delete(group, kind, ns, name string) error {
	k, ok := s.kinds[GroupKind{group, kind}]
	if !ok {
		return NewNoKindMatch(kind, group)
	}
	ns = nsFor(k, ns)
	if err := s.fault("delete", k, ns, name); err != nil {
		return err
	}
	old, ok := s.objs[k.GK()][key(ns, name)]
	if !ok {
		return NewNotFound(k.Resource(), name)
	}
	if u.GetDeletionTimestamp(old) != "" {
		return nil
	}
	isNamespace := k.Group == "" && k.Kind == "Namespace"
	if len(u.GetFinalizers(old)) == 0 && !isNamespace {
		s.rv++
		last := u.DeepCopyMap(old)
		last["metadata"].(map[string]any)["resourceVersion"] = strconv.FormatInt(s.rv, 10)
		s.remove(k, key(ns, name), last)
		return nil
	}
	next := u.DeepCopyMap(old)
	md := next["metadata"].(map[string]any)
	md["deletionTimestamp"] = s.now()
	md["deletionGracePeriodSeconds"] = int64(0)
	if g := u.GetGeneration(old); g > 0 {
		md["generation"] = g + 1
	}
	md["resourceVersion"] = s.nextRV()
	if isNamespace {
		u.SetNested(next, "Terminating", "status", "phase")
	}
	s.objs[k.GK()][key(ns, name)] = next
	s.notify(k, Modified, next, old)
	if isNamespace {
		s.clock.AfterFunc(0, "namespace controller "+s.Name, func() { s.finishNamespace(name) })
	}
	return nil
}

// finishNamespace is the namespace controller: it deletes the content of a
// terminating namespace and removes the namespace once it is empty.
func (s *Store) finishNamespace(ns string) {
	nsObj := s.Peek("", "Namespace", "", ns)
	if nsObj == nil || u.GetDeletionTimestamp(nsObj) == "" {
		return
	}
	remaining := 0
	for _, k := range s.order {
		if !k.Namespaced {
			continue
		}
		for _, o := range s.List(k.Group, k.Kind, ns) {
			remaining++
			if u.GetDeletionTimestamp(o) == "" {
				_ = s.Delete(k.Group, k.Kind, ns, u.GetName(o))
			}
		}
	}
	if remaining > 0 {
		for _, k := range s.order {
			if k.Namespaced && len(s.List(k.Group, k.Kind, ns)) > 0 {
				return
			}
		}
	}
	k := s.kinds[GroupKind{"", "Namespace"}]
	last := u.DeepCopyMap(nsObj)
	last["metadata"].(map[string]any)["resourceVersion"] = s.nextRV()
	s.remove(k, ns, last)
}

// Apply creates obj or, when it exists, updates its spec and metadata the
// way `kubectl apply` of a full manifest does (labels, annotations and spec
// replaced; finalizers and status kept).
func (s *Store) Apply(obj map[string]any) (map[string]any, bool, error) {
	k, err := s.KindForObject(obj)
	if err != nil {
		return nil, false, err
	}
	old := s.Peek(k.Group, k.Kind, u.GetNamespace(obj), u.GetName(obj))
	if old == nil {
		c, err := s.Create(obj)
		return c, true, err
	}
	next := u.DeepCopyMap(obj)
	md, _ := next["metadata"].(map[string]any)
	if md == nil {
		md = map[string]any{}
		next["metadata"] = md
	}
	delete(md, "resourceVersion")
	if _, ok := md["finalizers"]; !ok {
		if f, ok := old["metadata"].(map[string]any)["finalizers"]; ok {
			md["finalizers"] = u.DeepCopy(f)
		}
	}
	if st, ok := old["status"]; ok && !k.StatusSubresource {
		if _, set := next["status"]; !set {
			next["status"] = u.DeepCopy(st)
		}
	}
	if k.Group == "" && k.Kind == "Namespace" {
		if _, set := next["spec"]; !set {
			next["spec"] = u.DeepCopy(old["spec"])
		}
	}
	out, err := s.write(k, old, next, "")
	return out, false, err
}

// Seed stores an object as it already exists in a cluster (status kept),
// bypassing admission: the starting state of a scenario.
func (s *Store) Seed(obj map[string]any) (map[string]any, error) {
	k, err := s.KindForObject(obj)
	if err != nil {
		return nil, err
	}
	st, hasStatus := obj["status"]
	c, err := s.Create(obj)
	if err != nil || !hasStatus || !k.StatusSubresource {
		return c, err
	}
	c["status"] = u.DeepCopy(st)
	return s.UpdateStatus(c)
}

// RegisterCRD serves the kind a CRD object defines.
func (s *Store) RegisterCRD(c *apiextensions.CRD) *Kind {
	k := KindFromCRD(c)
	s.Register(k)
	return k
}
