package kubeletstart

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

// fixtureCatalog is embedded rather than read from disk so that the
// benchmarks also run as WebAssembly in a browser page, which has no files.
//
//go:embed testdata/catalog/*.txt
var fixtureCatalog embed.FS

// fixtureModel evaluates against testdata/catalog, a small hand-written
// catalog whose gate histories exercise every rule; it keeps transcripts
// independent of the real (generated) data.
func fixtureModel(t testing.TB) *Model {
	t.Helper()
	files, err := fs.Glob(fixtureCatalog, "testdata/catalog/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(files, func(i, j int) bool { return minorOf(files[i]) < minorOf(files[j]) })
	rels := map[string]*catalog.Release{}
	var order []string
	var prev *catalog.Release
	for _, f := range files {
		data, err := fixtureCatalog.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := catalog.ApplyDelta(prev, path.Base(f), data)
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

func minorOf(file string) int {
	var m int
	fmt.Sscanf(strings.TrimSuffix(path.Base(file), ".txt"), "1.%d", &m)
	return m
}
