package features

import (
	"fmt"
	"slices"
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
//
// Without overrides the catalog is resolved only when a gate outside the
// fixed table is asked: the gates the kubelet model reads are all in the
// table, whose defaults are the catalog's (TestTableMatchesCatalog), and
// resolving a release's few hundred gates is most of the first scenario
// load in WebAssembly (V8 compiles the catalog decoder and the library's
// setup on their first run).
type Catalog struct {
	release string
	gate    featuregate.Gate // nil until needed
	fixed   *Fixed
}

// FromCatalog resolves release's gates with overrides. When the catalog
// has no data for the release it falls back to the fixed table (ok is
// false then).
func FromCatalog(release string, overrides map[string]bool) (g Gates, ok bool, err error) {
	minor, err := Minor(release)
	if err != nil {
		return nil, false, err
	}
	rel := fmt.Sprintf("1.%d", minor)
	if !slices.Contains(catalog.Releases(), rel) {
		f, ferr := ForRelease(release, overrides)
		if ferr != nil {
			return nil, false, ferr
		}
		return f, false, nil
	}
	fixed, _ := ForRelease(release, nil)
	c := &Catalog{release: rel, fixed: fixed}
	if len(overrides) == 0 {
		return c, true, nil
	}
	gate, err := resolve(rel)
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
	if err := gate.SetFromMap(overrides); err != nil {
		return nil, false, err
	}
	c.gate = gate
	return c, true, nil
}

// resolve builds release's gates from its catalog, all at their defaults.
func resolve(release string) (featuregate.Gate, error) {
	rel, err := catalog.Load(release)
	if err != nil {
		return nil, err
	}
	return featuregate.ForRelease(rel, nil)
}

// UnknownGateError is a featureGates key the release does not register.
type UnknownGateError struct{ Name string }

func (e *UnknownGateError) Error() string { return "unrecognized feature gate: " + e.Name }

// Enabled implements Gates.
func (c *Catalog) Enabled(name string) bool {
	if c.gate == nil {
		if _, inTable := table[name]; inTable {
			return c.fixed.Enabled(name)
		}
		gate, err := resolve(c.release)
		if err != nil {
			// A catalog that does not resolve (the embedded data is
			// tested) leaves the table to answer.
			return c.fixed.Enabled(name)
		}
		c.gate = gate
	}
	if v, ok := c.gate.Lookup(name); ok {
		return v
	}
	return c.fixed.Enabled(name)
}
