package features

import (
	"fmt"
	"sort"

	"github.com/kubexplorer/kubexplorer/core/featuregate"
	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

// Catalog is the gate set a kubelet binary of a release starts with: the
// real per-release catalog of core/featuregate, with the scenario's
// featureGates applied through the feature-gate library (so unknown and
// locked gates fail with the library's wording, as the kubelet would at
// start-up).
//
// A gate the catalog does not know at the release (not yet added, or
// removed after graduating) answers from the fixed table, which encodes
// what the kubelet code does without the gate: on once graduated, off
// before it existed.
type Catalog struct {
	gate  featuregate.Gate
	fixed *Fixed
}

// FromCatalog resolves release's gates with overrides. When the catalog
// has no data for the release it falls back to the fixed table (ok is
// false then).
func FromCatalog(release string, overrides map[string]bool) (g Gates, ok bool, err error) {
	minor, err := Minor(release)
	if err != nil {
		return nil, false, err
	}
	rel, err := catalog.Load(fmt.Sprintf("1.%d", minor))
	if err != nil {
		f, ferr := ForRelease(release, overrides)
		if ferr != nil {
			return nil, false, ferr
		}
		return f, false, nil
	}
	gate, err := featuregate.ForRelease(rel, nil)
	if err != nil {
		return nil, false, err
	}
	names := make([]string, 0, len(overrides))
	for k := range overrides {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if _, known := gate.Lookup(k); !known {
			return nil, false, &UnknownGateError{Name: k}
		}
	}
	if len(overrides) > 0 {
		if err := gate.SetFromMap(overrides); err != nil {
			return nil, false, err
		}
	}
	fixed, _ := ForRelease(release, nil)
	return &Catalog{gate: gate, fixed: fixed}, true, nil
}

// UnknownGateError is a featureGates key the release does not register.
type UnknownGateError struct{ Name string }

func (e *UnknownGateError) Error() string { return "unrecognized feature gate: " + e.Name }

// Enabled implements Gates.
func (c *Catalog) Enabled(name string) bool {
	if v, ok := c.gate.Lookup(name); ok {
		return v
	}
	return c.fixed.Enabled(name)
}
