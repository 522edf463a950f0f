package main

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

func TestParseFeatureListDeps(t *testing.T) {
	data, err := os.ReadFile("testdata/feature_list.md")
	if err != nil {
		t.Fatal(err)
	}
	got, err := parseFeatureListDeps(data)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"Base": nil, "Child": {"Base"}, "Many": {"Base", "Zed"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}

	rel := &catalog.Release{Version: "1.36", Gates: []catalog.Gate{
		{Name: "Base"}, {Name: "Child", Dependencies: []string{"Base"}},
		{Name: "Many", Dependencies: []string{"Base"}}, {Name: "ClientOnly", Dependencies: []string{"X"}},
	}}
	diffs := compareDeps(rel, got)
	if len(diffs) != 1 || !strings.Contains(diffs[0], "Many") {
		t.Fatalf("diffs = %q", diffs)
	}
}

func TestParseFeatureListDepsErrors(t *testing.T) {
	for name, in := range map[string]string{
		"no table":    "# nothing here\n",
		"no columns":  "| Name | Default |\n|---|---|\n| A | x |\n",
		"short row":   "| Feature | Dependencies |\n|---|---|\n| A |\n",
		"only header": "",
	} {
		if _, err := parseFeatureListDeps([]byte(in)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
