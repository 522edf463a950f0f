package kubelet

import (
	"reflect"
	"strings"
	"testing"
	"time"

	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// A status keeps the previous status's container statuses and conditions
// when the comparisons below say nothing changed. A field they forget
// (one added to the API types later) would make a changed status keep
// its old value, so these tests change every field, one at a time, and
// expect the comparison to notice.

var someTime = time.Date(2024, 5, 1, 12, 0, 0, 7, time.UTC)

// fill gives every field reachable from v a non-zero value, allocating
// pointers on the way.
func fill(v reflect.Value) {
	switch {
	case v.Type() == reflect.TypeOf(time.Time{}):
		v.Set(reflect.ValueOf(someTime))
	case v.Kind() == reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem())
	case v.Kind() == reflect.Struct:
		for i := range v.NumField() {
			fill(v.Field(i))
		}
	case v.Kind() == reflect.String:
		v.SetString("x")
	case v.Kind() == reflect.Bool:
		v.SetBool(true)
	case v.CanInt():
		v.SetInt(1)
	default:
		panic("fill: unhandled kind " + v.Kind().String())
	}
}

// deepCopy copies v into a fresh value with pointers of its own.
func deepCopy(dst, src reflect.Value) {
	switch {
	case src.Kind() == reflect.Pointer:
		if !src.IsNil() {
			dst.Set(reflect.New(src.Type().Elem()))
			deepCopy(dst.Elem(), src.Elem())
		}
	case src.Kind() == reflect.Struct && src.Type() != reflect.TypeOf(time.Time{}):
		for i := range src.NumField() {
			deepCopy(dst.Field(i), src.Field(i))
		}
	default:
		dst.Set(src)
	}
}

// leaves lists the paths (field names joined by dots) of every leaf of v.
func leaves(v reflect.Value, prefix string, out *[]string) {
	switch {
	case v.Kind() == reflect.Pointer:
		leaves(v.Elem(), prefix, out)
	case v.Kind() == reflect.Struct && v.Type() != reflect.TypeOf(time.Time{}):
		for i := range v.NumField() {
			leaves(v.Field(i), prefix+"."+v.Type().Field(i).Name, out)
		}
	default:
		*out = append(*out, prefix)
	}
}

// changeLeaf changes the leaf at path (as leaves names it) to another
// non-zero value.
func changeLeaf(v reflect.Value, path []string) {
	for _, name := range path {
		if v.Kind() == reflect.Pointer {
			v = v.Elem()
		}
		v = v.FieldByName(name)
	}
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	switch {
	case v.Type() == reflect.TypeOf(time.Time{}):
		v.Set(reflect.ValueOf(someTime.Add(time.Nanosecond)))
	case v.Kind() == reflect.String:
		v.SetString("y")
	case v.Kind() == reflect.Bool:
		v.SetBool(false)
	case v.CanInt():
		v.SetInt(2)
	}
}

// oneChangeEach returns a full value of type T and, for every leaf, a
// copy of it with that leaf changed.
func oneChangeEach[T any](t *testing.T) (T, map[string]T) {
	var full T
	fill(reflect.ValueOf(&full).Elem())
	var paths []string
	leaves(reflect.ValueOf(full), "", &paths)
	changed := map[string]T{}
	for _, p := range paths {
		var c T
		deepCopy(reflect.ValueOf(&c).Elem(), reflect.ValueOf(full))
		changeLeaf(reflect.ValueOf(&c).Elem(), strings.Split(p[1:], "."))
		if reflect.DeepEqual(c, full) {
			t.Fatalf("changing %s changed nothing", p)
		}
		changed[p] = c
	}
	return full, changed
}

func TestSameContainerStatusesSeesEveryField(t *testing.T) {
	// Each state on its own, as a container has one state at a time.
	for _, state := range []string{"Waiting", "Running", "Terminated"} {
		full, changed := oneChangeEach[v1.ContainerStatus](t)
		keepOnly := func(s *v1.ContainerStatus) {
			for _, st := range []*v1.ContainerState{&s.State, &s.LastTerminationState} {
				v := reflect.ValueOf(st).Elem()
				for i := range v.NumField() {
					if v.Type().Field(i).Name != state {
						v.Field(i).SetZero()
					}
				}
			}
		}
		keepOnly(&full)
		var same v1.ContainerStatus
		deepCopy(reflect.ValueOf(&same).Elem(), reflect.ValueOf(full))
		if !sameContainerStatuses([]v1.ContainerStatus{full}, []v1.ContainerStatus{same}) {
			t.Errorf("%s: equal statuses in separate memory compare different", state)
		}
		for path, c := range changed {
			keepOnly(&c)
			if reflect.DeepEqual(c, full) {
				continue // the change was in a state this round leaves out
			}
			if sameContainerStatuses([]v1.ContainerStatus{full}, []v1.ContainerStatus{c}) {
				t.Errorf("%s: a change of %s goes unnoticed", state, path)
			}
		}
	}
}

func TestBecomeConditionsSeesEveryField(t *testing.T) {
	prev, changed := oneChangeEach[v1.PodCondition](t)
	// A built condition has no transition time of its own yet: the status
	// manager gives it prev's.
	built := prev
	built.LastTransitionTime = nil
	if !becomeConditions([]v1.PodCondition{built}, []v1.PodCondition{prev}) {
		t.Fatal("a condition that becomes prev is not recognised")
	}
	for path, c := range changed {
		if strings.HasPrefix(path, ".LastTransitionTime.") {
			continue // prev's transition time is what a built condition takes
		}
		c.LastTransitionTime = nil
		if becomeConditions([]v1.PodCondition{c}, []v1.PodCondition{prev}) {
			t.Errorf("a change of %s goes unnoticed", path)
		}
	}
}
