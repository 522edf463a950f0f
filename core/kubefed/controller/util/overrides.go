package util

import (
	"fmt"

	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// OverridesMap maps a cluster name to its overrides.
type OverridesMap map[string][]ClusterOverride

// Paths that may never be overridden: they tie a member object to its
// federated resource, and kind comes from the FTC. apiVersion may be.
var invalidPaths = map[string]bool{
	"/metadata/namespace":    true,
	"/metadata/name":         true,
	"/metadata/generateName": true,
	"/kind":                  true,
}

// GetOverrides parses spec.overrides. One bad entry fails the whole list,
// so every cluster's create or update fails.
func GetOverrides(obj map[string]any) (OverridesMap, error) {
	out := OverridesMap{}
	items := u.NestedSlice(obj, "spec", "overrides")
	for _, it := range items {
		im, _ := it.(map[string]any)
		cluster, _ := im["clusterName"].(string)
		if _, ok := out[cluster]; ok {
			return nil, fmt.Errorf("cluster %q appears more than once", cluster)
		}
		var list []ClusterOverride
		paths := map[string]bool{}
		for i, co := range u.NestedSlice(im, "clusterOverrides") {
			cm, _ := co.(map[string]any)
			o := ClusterOverride{}
			o.Op, _ = cm["op"].(string)
			o.Path, _ = cm["path"].(string)
			o.Value, o.HasValue = cm["value"]
			if o.HasValue && o.Value == nil {
				o.HasValue = false
			}
			if invalidPaths[o.Path] {
				return nil, fmt.Errorf("override[%d] for cluster %q has an invalid path: %s", i, cluster, o.Path)
			}
			if paths[o.Path] {
				return nil, fmt.Errorf("path %q appears more than once for cluster %q", o.Path, cluster)
			}
			paths[o.Path] = true
			list = append(list, o)
		}
		out[cluster] = list
	}
	return out, nil
}
