package util

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// ClusterOverride is one entry of spec.overrides[].clusterOverrides.
type ClusterOverride struct {
	Op       string `json:"op,omitempty"`
	Path     string `json:"path"`
	Value    any    `json:"value,omitempty"`
	HasValue bool   `json:"-"`
}

var errMissing = errors.New("missing value")
var errInvalidIndex = errors.New("invalid index referenced")

func wrapf(err error, format string, args ...any) error {
	return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), err)
}

// PanicError is a Go runtime panic the patch library raises: in kubefed it
// happens in a goroutine without recovery, so the process dies.
type PanicError struct{ Msg string }

func (e *PanicError) Error() string { return "panic: " + e.Msg }

// Patcher applies overrides as the evanphx/json-patch of a release does:
// v4.12 from kubefed v0.9.0 (PR #1467); v4.5 to v4.11 before, which know no
// negative index when reading an array (Go's index check panics) and no
// replace of the whole document.
type Patcher struct{ Release release.Release }

// ApplyJSONPatch is Patcher{latest}.ApplyJSONPatch.
func ApplyJSONPatch(obj map[string]any, overrides []ClusterOverride) (map[string]any, error) {
	return Patcher{}.ApplyJSONPatch(obj, overrides)
}

// ApplyJSONPatch applies overrides to obj in place: a missing op means
// "replace"; "replace" of a missing object key adds it (v4 does not check);
// errors carry the library's texts. It returns the patched object.
func (p Patcher) ApplyJSONPatch(obj map[string]any, overrides []ClusterOverride) (map[string]any, error) {
	legacy := !p.Release.Has(release.JSONPatch412)
	var doc any = obj
	for _, o := range overrides {
		op := o.Op
		if op == "" {
			op = "replace"
		}
		var val any
		if o.HasValue {
			val = u.DeepCopy(o.Value)
		}
		var err error
		switch op {
		case "add":
			err = patchAdd(doc, o.Path, val, legacy)
		case "remove":
			err = patchRemove(doc, o.Path, legacy)
		case "replace":
			if o.Path == "" && !legacy {
				switch val.(type) {
				case map[string]any, []any:
					doc = val
				}
				continue
			}
			err = patchReplace(doc, o.Path, val, legacy)
		default:
			//lint:ignore ST1005 upstream's exact message
			err = fmt.Errorf("Unexpected kind: %s", op)
		}
		if err != nil {
			return nil, err
		}
	}
	m, ok := doc.(map[string]any)
	if !ok {
		//lint:ignore ST1005 upstream's exact message
		return nil, fmt.Errorf("Object 'Kind' is missing in '%s'", u.Marshal(doc))
	}
	if _, ok := m["kind"].(string); !ok {
		//lint:ignore ST1005 upstream's exact message
		return nil, fmt.Errorf("Object 'Kind' is missing in '%s'", u.Marshal(doc))
	}
	return m, nil
}

type container struct {
	m      map[string]any
	arr    []any
	parent func([]any) // writes back a resized array
}

func decodeKey(k string) string { return strings.NewReplacer("~1", "/", "~0", "~").Replace(k) }

func containerOf(v any, set func([]any)) *container {
	switch t := v.(type) {
	case map[string]any:
		return &container{m: t}
	case []any:
		return &container{arr: t, parent: set}
	}
	return nil
}

// get reads a member. With legacy (json-patch before v4.12) a negative
// array index is not resolved and Go's bounds check panics.
func (c *container) get(key string, legacy bool) (any, error) {
	if c.m != nil {
		return c.m[key], nil
	}
	idx, err := strconv.Atoi(key)
	if err != nil {
		return nil, err
	}
	if idx < 0 && legacy {
		return nil, &PanicError{Msg: fmt.Sprintf("runtime error: index out of range [%d]", idx)}
	}
	if idx < 0 {
		if idx < -len(c.arr) {
			return nil, wrapf(errInvalidIndex, "Unable to access invalid index: %d", idx)
		}
		idx += len(c.arr)
	}
	if idx >= len(c.arr) {
		return nil, wrapf(errInvalidIndex, "Unable to access invalid index: %d", idx)
	}
	return c.arr[idx], nil
}

// findObject walks to the container of path's last token; a panic while
// walking is returned as the error.
func findObject(doc any, path string, legacy bool) (*container, string, error) {
	split := strings.Split(path, "/")
	if len(split) < 2 {
		return nil, "", nil
	}
	parts := split[1 : len(split)-1]
	key := split[len(split)-1]
	cur := containerOf(doc, nil)
	if cur == nil {
		return nil, "", nil
	}
	for _, part := range parts {
		next, err := cur.get(decodeKey(part), legacy)
		var pe *PanicError
		if errors.As(err, &pe) {
			return nil, "", err
		}
		if next == nil || err != nil {
			return nil, "", nil
		}
		var set func([]any)
		if cur.m != nil {
			m, k := cur.m, decodeKey(part)
			set = func(a []any) { m[k] = a }
		} else {
			arr := cur.arr
			idx, _ := strconv.Atoi(decodeKey(part))
			if idx < 0 {
				idx += len(arr)
			}
			set = func(a []any) { arr[idx] = a }
		}
		cur = containerOf(next, set)
		if cur == nil {
			return nil, "", nil
		}
	}
	return cur, decodeKey(key), nil
}

func patchAdd(doc any, path string, val any, legacy bool) error {
	con, key, err := findObject(doc, path, legacy)
	if err != nil {
		return err
	}
	if con == nil {
		return wrapf(errMissing, "add operation does not apply: doc is missing path: \"%s\"", path)
	}
	if con.m != nil {
		con.m[key] = val
		return nil
	}
	if key == "-" {
		con.setArr(append(con.arr, val))
		return nil
	}
	idx, err := strconv.Atoi(key)
	if err != nil {
		return wrapf(wrapf(err, "value was not a proper array index: '%s'", key), "error in add for path: '%s'", path)
	}
	size := len(con.arr) + 1
	if idx >= size {
		return wrapf(wrapf(errInvalidIndex, "Unable to access invalid index: %d", idx), "error in add for path: '%s'", path)
	}
	if idx < 0 {
		if idx < -size {
			return wrapf(wrapf(errInvalidIndex, "Unable to access invalid index: %d", idx), "error in add for path: '%s'", path)
		}
		idx += size
	}
	out := make([]any, 0, size)
	out = append(out, con.arr[:idx]...)
	out = append(out, val)
	out = append(out, con.arr[idx:]...)
	con.setArr(out)
	return nil
}

func (c *container) setArr(a []any) {
	c.arr = a
	if c.parent != nil {
		c.parent(a)
	}
}

func patchRemove(doc any, path string, legacy bool) error {
	con, key, err := findObject(doc, path, legacy)
	if err != nil {
		return err
	}
	if con == nil {
		return wrapf(errMissing, "remove operation does not apply: doc is missing path: \"%s\"", path)
	}
	if con.m != nil {
		if _, ok := con.m[key]; !ok {
			return wrapf(wrapf(errMissing, "Unable to remove nonexistent key: %s", key), "error in remove for path: '%s'", path)
		}
		delete(con.m, key)
		return nil
	}
	idx, err := strconv.Atoi(key)
	if err != nil {
		return wrapf(err, "error in remove for path: '%s'", path)
	}
	if idx >= len(con.arr) {
		return wrapf(wrapf(errInvalidIndex, "Unable to access invalid index: %d", idx), "error in remove for path: '%s'", path)
	}
	if idx < 0 {
		if idx < -len(con.arr) {
			return wrapf(wrapf(errInvalidIndex, "Unable to access invalid index: %d", idx), "error in remove for path: '%s'", path)
		}
		idx += len(con.arr)
	}
	out := make([]any, 0, len(con.arr)-1)
	out = append(out, con.arr[:idx]...)
	out = append(out, con.arr[idx+1:]...)
	con.setArr(out)
	return nil
}

func patchReplace(doc any, path string, val any, legacy bool) error {
	con, key, err := findObject(doc, path, legacy)
	if err != nil {
		return err
	}
	if con == nil {
		return wrapf(errMissing, "replace operation does not apply: doc is missing path: %s", path)
	}
	if _, err := con.get(key, legacy); err != nil {
		var pe *PanicError
		if errors.As(err, &pe) {
			return err
		}
		return wrapf(errMissing, "replace operation does not apply: doc is missing key: %s", path)
	}
	if con.m != nil {
		con.m[key] = val
		return nil
	}
	idx, _ := strconv.Atoi(key)
	if idx < 0 {
		idx += len(con.arr)
	}
	con.arr[idx] = val
	return nil
}
