package gatestools

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/explorer"
)

// registered returns the method names the non-test Go files of dir register.
func registered(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`explorer\.Register\("([^"]+)"`)
	var names []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			names = append(names, m[1])
		}
	}
	slices.Sort(names)
	return names
}

// TestThePageRoutesTheseMethodsHere requires site/js/engine.js to send to
// the gatestools engine exactly the methods this package registers: one
// the page sends to the gates engine instead fails there as unknown.
func TestThePageRoutesTheseMethodsHere(t *testing.T) {
	src, err := os.ReadFile("../../site/js/engine.js")
	if err != nil {
		t.Fatal(err)
	}
	list := regexp.MustCompile(`(?s)ON_DEMAND_ENGINES = \{.*?gatestools: \[([^\]]*)\]`).FindSubmatch(src)
	if list == nil {
		t.Fatal("site/js/engine.js has no ON_DEMAND_ENGINES entry for gatestools")
	}
	var routed []string
	for _, m := range regexp.MustCompile(`"([^"]+)"`).FindAllSubmatch(list[1], -1) {
		routed = append(routed, string(m[1]))
	}
	slices.Sort(routed)
	here := registered(t, ".")
	if !slices.Equal(routed, here) {
		t.Errorf("engine.js routes %v to the gatestools engine; explorer/gatestools registers %v", routed, here)
	}
	if len(here) == 0 {
		t.Fatal("explorer/gatestools registers nothing")
	}
}

// TestTheTwoPackagesRegisterEveryGatesMethodOnce: what explorer/gates
// registers (the first tab's engine) and what this package registers are
// disjoint and together every gates.* method.
func TestTheTwoPackagesRegisterEveryGatesMethodOnce(t *testing.T) {
	first, here := registered(t, "../gates"), registered(t, ".")
	for _, m := range here {
		if slices.Contains(first, m) {
			t.Errorf("%s is registered by explorer/gates and explorer/gatestools", m)
		}
	}
	var all []string
	for _, m := range explorer.Methods() {
		if strings.HasPrefix(m.Name, "gates.") {
			all = append(all, m.Name)
		}
	}
	both := append(append([]string(nil), first...), here...)
	slices.Sort(both)
	if !slices.Equal(all, both) {
		t.Errorf("gates methods registered %v; the two packages' sources register %v", all, both)
	}
	for _, m := range []string{"gates.evaluate", "gates.examples", "gates.example"} {
		if !slices.Contains(first, m) {
			t.Errorf("the first tab's engine needs %s, which explorer/gates does not register", m)
		}
	}
}
