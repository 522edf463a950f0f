package main

import (
	"bufio"
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

// featureListPath is the Markdown table upstream generates from the same
// registrations (1.36+). It is the only upstream file that lists the
// dependencies besides the code, so the generator checks the dependencies
// it dumped against its "Dependencies" column.
const featureListPath = "test/compatibility_lifecycle/reference/feature_list.md"

// parseFeatureListDeps reads the Feature and Dependencies columns of
// feature_list.md: name -> sorted dependencies (nil when none). The columns
// are found by their header, so a reordered table still parses.
func parseFeatureListDeps(data []byte) (map[string][]string, error) {
	out := map[string][]string{}
	featureCol, depsCol := -1, -1
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "|") {
			if featureCol >= 0 {
				break // the gate table is over (a legend table follows)
			}
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if featureCol < 0 {
			for i, c := range cells {
				switch c {
				case "Feature":
					featureCol = i
				case "Dependencies":
					depsCol = i
				}
			}
			if featureCol < 0 || depsCol < 0 {
				return nil, fmt.Errorf("feature_list.md:%d: header without Feature and Dependencies columns: %q", n, line)
			}
			continue
		}
		if strings.Trim(cells[0], "-: ") == "" {
			continue // the |---|---| separator
		}
		if len(cells) <= depsCol || len(cells) <= featureCol {
			return nil, fmt.Errorf("feature_list.md:%d: %d cells, want more than %d", n, len(cells), depsCol)
		}
		var deps []string
		for _, d := range strings.Split(cells[depsCol], "<br>") {
			if d = strings.TrimSpace(d); d != "" {
				deps = append(deps, d)
			}
		}
		sort.Strings(deps)
		out[cells[featureCol]] = deps
	}
	if featureCol < 0 {
		return nil, fmt.Errorf("feature_list.md: no table")
	}
	return out, sc.Err()
}

// compareDeps lists where the dumped dependencies and upstream's table
// disagree. Gates missing from the table (client-go's) are not compared:
// compareWithLists reports them already.
func compareDeps(r *catalog.Release, listed map[string][]string) []string {
	var diffs []string
	for _, g := range r.Gates {
		want, ok := listed[g.Name]
		if !ok {
			continue
		}
		if strings.Join(g.Dependencies, ",") != strings.Join(want, ",") {
			diffs = append(diffs, fmt.Sprintf("dependencies differ for %s: build %v, feature_list.md %v", g.Name, g.Dependencies, want))
		}
	}
	return diffs
}
