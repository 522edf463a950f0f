package kubeletstart

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

// fixtureModel evaluates against testdata/catalog, a small hand-written
// catalog whose gate histories exercise every rule; it keeps transcripts
// independent of the real (generated) data.
func fixtureModel(t testing.TB) *Model {
	t.Helper()
	files, err := filepath.Glob("testdata/catalog/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(files, func(i, j int) bool { return minorOf(files[i]) < minorOf(files[j]) })
	rels := map[string]*catalog.Release{}
	var order []string
	var prev *catalog.Release
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := catalog.ApplyDelta(prev, filepath.Base(f), data)
		if err != nil {
			t.Fatal(err)
		}
		rels[r.Version] = r
		order = append(order, r.Version)
		prev = r
	}
	return NewModel(func(v string) (*catalog.Release, error) {
		r, ok := rels[v]
		if !ok {
			return nil, fmt.Errorf("no fixture catalog for %s", v)
		}
		return r.Clone(), nil
	}, func() []string { return order })
}

func minorOf(path string) int {
	var m int
	fmt.Sscanf(strings.TrimSuffix(filepath.Base(path), ".txt"), "1.%d", &m)
	return m
}
