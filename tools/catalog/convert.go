package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"go.yaml.in/yaml/v3"
)

// dumpedGate is one element of the dumper's JSON output.
type dumpedGate struct {
	Name  string `json:"name"`
	Specs []struct {
		Version    string `json:"version"`
		Default    bool   `json:"default"`
		Lock       bool   `json:"lockToDefault"`
		PreRelease string `json:"preRelease"`
		MinCompat  string `json:"minCompatibilityVersion"`
	} `json:"specs"`
	Deps []string `json:"dependencies"`
}

// The library's own gates; the catalog leaves them out because every gate
// instance adds them itself.
var libraryGates = map[string]bool{"AllAlpha": true, "AllBeta": true}

// toRelease converts the dumper's output into a catalog release. owners
// maps gate names to declaring packages (scanOwners).
func toRelease(version, patch string, dump []byte, owners map[string][]string) (*catalog.Release, []string, error) {
	var gates []dumpedGate
	if err := json.Unmarshal(dump, &gates); err != nil {
		return nil, nil, fmt.Errorf("decode dumper output: %w", err)
	}
	var warnings []string
	r := &catalog.Release{Version: version, Patch: patch}
	seenLibrary := 0
	for _, d := range gates {
		if libraryGates[d.Name] {
			seenLibrary++
			continue
		}
		if len(d.Specs) == 0 {
			return nil, nil, fmt.Errorf("gate %s has no spec", d.Name)
		}
		g := catalog.Gate{Name: d.Name, Component: ownerComponent(owners[d.Name])}
		if len(owners[d.Name]) == 0 {
			warnings = append(warnings, fmt.Sprintf("no declaring constant found for %s; component defaults to kube", d.Name))
		} else if len(owners[d.Name]) > 1 {
			warnings = append(warnings, fmt.Sprintf("%s declared by %s; component %s", d.Name, strings.Join(owners[d.Name], ", "), g.Component))
		}
		for _, s := range d.Specs {
			if strings.Count(s.Version, ".") > 1 {
				return nil, nil, fmt.Errorf("gate %s: spec version %q has a patch component", d.Name, s.Version)
			}
			g.Specs = append(g.Specs, catalog.Spec{
				Version: s.Version, Default: s.Default, LockToDefault: s.Lock,
				PreRelease: s.PreRelease, MinCompatibilityVersion: s.MinCompat,
			})
		}
		if len(d.Deps) > 0 {
			g.Dependencies = append([]string(nil), d.Deps...)
			sort.Strings(g.Dependencies)
		}
		r.Gates = append(r.Gates, g)
	}
	if seenLibrary != len(libraryGates) {
		return nil, nil, fmt.Errorf("dump lacks AllAlpha/AllBeta: not the global gate?")
	}
	sort.Slice(r.Gates, func(i, j int) bool { return r.Gates[i].Name < r.Gates[j].Name })
	return r, warnings, nil
}

// atRelease returns the spec a gate resolves to at its own release (the
// newest spec whose version is not after it), as the kubelet sees it.
func atRelease(g catalog.Gate, release string) (catalog.Spec, bool) {
	var best catalog.Spec
	found := false
	for _, s := range g.Specs {
		if s.MinCompatibilityVersion != "" && minorLess(prevMinor(release), s.MinCompatibilityVersion) {
			continue
		}
		if s.Version == "" || !minorLess(release, s.Version) {
			best, found = s, true
		}
	}
	return best, found
}

// stats summarises a release the way the facts table does.
type stats struct {
	Total                            int // including AllAlpha and AllBeta
	Alpha, Beta, GA, Deprecated, Pre int
	Locked, WithDeps                 int
	ByComponent                      map[string]int
}

func statsOf(r *catalog.Release) stats {
	s := stats{Total: len(r.Gates) + len(libraryGates), ByComponent: map[string]int{}}
	for _, g := range r.Gates {
		s.ByComponent[g.Component]++
		if len(g.Dependencies) > 0 {
			s.WithDeps++
		}
		sp, ok := atRelease(g, r.Version)
		if !ok {
			s.Pre++
			continue
		}
		switch sp.PreRelease {
		case catalog.Alpha:
			s.Alpha++
		case catalog.Beta:
			s.Beta++
		case catalog.GA:
			s.GA++
		case catalog.Deprecated:
			s.Deprecated++
		case catalog.PreAlpha:
			s.Pre++
		}
		if sp.LockToDefault {
			s.Locked++
		}
	}
	return s
}

func (s stats) String() string {
	var comps []string
	for c, n := range s.ByComponent {
		comps = append(comps, fmt.Sprintf("%s=%d", c, n))
	}
	sort.Strings(comps)
	return fmt.Sprintf("%d gates incl. AllAlpha/AllBeta; at the release alpha/beta/GA/deprecated/not-yet = %d/%d/%d/%d/%d, locked %d, with dependencies %d; by component: %s",
		s.Total, s.Alpha, s.Beta, s.GA, s.Deprecated, s.Pre, s.Locked, s.WithDeps, strings.Join(comps, " "))
}

// yamlGate is an entry of upstream's generated feature lists
// (test/.../versioned_feature_list.yaml, 1.32+).
type yamlGate struct {
	Name  string `yaml:"name"`
	Specs []struct {
		Default    bool   `yaml:"default"`
		Lock       bool   `yaml:"lockToDefault"`
		PreRelease string `yaml:"preRelease"`
		Version    string `yaml:"version"`
	} `yaml:"versionedSpecs"`
}

var yamlStages = map[string]string{"Alpha": catalog.Alpha, "Beta": catalog.Beta, "GA": catalog.GA, "Deprecated": catalog.Deprecated, "PreAlpha": catalog.PreAlpha}

// compareWithLists checks the built release against upstream's own
// generated lists and returns the differences, one line each. The lists
// cover pkg/features and the component-base gates but not client-go's.
func compareWithLists(r *catalog.Release, lists ...[]byte) ([]string, error) {
	listed := map[string]yamlGate{}
	for _, l := range lists {
		var gates []yamlGate
		if err := yaml.Unmarshal(l, &gates); err != nil {
			return nil, err
		}
		for _, g := range gates {
			listed[g.Name] = g
		}
	}
	var diffs []string
	have := map[string]bool{}
	for _, g := range r.Gates {
		have[g.Name] = true
		y, ok := listed[g.Name]
		if !ok {
			diffs = append(diffs, fmt.Sprintf("only in the build: %s (%s)", g.Name, g.Component))
			continue
		}
		var ys []catalog.Spec
		for _, s := range y.Specs {
			v := s.Version
			if v == "0.0" {
				v = ""
			}
			pre, ok := yamlStages[s.PreRelease]
			if !ok {
				return nil, fmt.Errorf("%s: unknown stage %q in list", g.Name, s.PreRelease)
			}
			ys = append(ys, catalog.Spec{Version: v, Default: s.Default, LockToDefault: s.Lock, PreRelease: pre})
		}
		var bs []catalog.Spec
		for _, s := range g.Specs {
			s.MinCompatibilityVersion = "" // the lists do not carry it
			bs = append(bs, s)
		}
		if fmt.Sprint(ys) != fmt.Sprint(bs) {
			diffs = append(diffs, fmt.Sprintf("specs differ for %s: build %v, list %v", g.Name, bs, ys))
		}
	}
	var missing []string
	for n := range listed {
		if !have[n] && !libraryGates[n] {
			missing = append(missing, n)
		}
	}
	sort.Strings(missing)
	for _, n := range missing {
		diffs = append(diffs, "only in upstream's list: "+n)
	}
	return diffs, nil
}

func parseMinorNum(v string) (int, int, bool) {
	var a, b int
	if _, err := fmt.Sscanf(v, "%d.%d", &a, &b); err != nil {
		return 0, 0, false
	}
	return a, b, true
}

func minorLess(a, b string) bool {
	x1, y1, _ := parseMinorNum(a)
	x2, y2, _ := parseMinorNum(b)
	return x1 < x2 || x1 == x2 && y1 < y2
}

func prevMinor(v string) string {
	x, y, _ := parseMinorNum(v)
	if y > 0 {
		y--
	}
	return fmt.Sprintf("%d.%d", x, y)
}
