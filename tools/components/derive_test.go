package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fixtureLoader reads testdata as three modules.
func fixtureLoader(t *testing.T) *loader {
	t.Helper()
	dirs := map[string]string{
		"k8s.io/kubernetes":     "testdata/kubernetes",
		"k8s.io/component-base": "testdata/component-base",
		"k8s.io/client-go":      "testdata/client-go",
	}
	return newLoader([]string{"k8s.io/kubernetes", "k8s.io/component-base", "k8s.io/client-go"}, func(m string) (string, error) {
		d, ok := dirs[m]
		if !ok {
			return "", fmt.Errorf("no module %s", m)
		}
		return filepath.Abs(d)
	})
}

func TestReachAndReferences(t *testing.T) {
	l := fixtureLoader(t)
	reached := map[string][]*pkg{}
	var all []*pkg
	for _, b := range []struct{ name, main, goos string }{
		{"kubelet/linux", "k8s.io/kubernetes/cmd/kubelet", "linux"},
		{"kubelet/windows", "k8s.io/kubernetes/cmd/kubelet", "windows"},
		{"proxy", "k8s.io/kubernetes/cmd/kube-proxy", "linux"},
	} {
		pkgs, err := l.reach(b.goos, b.main)
		if err != nil {
			t.Fatal(err)
		}
		reached[b.name] = pkgs
		all = append(all, pkgs...)
	}
	var paths []string
	for _, p := range reached["proxy"] {
		paths = append(paths, p.path)
	}
	// The third-party import is a leaf, not followed.
	want := []string{"k8s.io/component-base/featuregate", "k8s.io/kubernetes/cmd/kube-proxy", "k8s.io/kubernetes/pkg/features", "k8s.io/kubernetes/pkg/proxy"}
	if !slices.Equal(paths, want) {
		t.Errorf("kube-proxy reaches %v, want %v", paths, want)
	}
	s := newScanner()
	u := union(all)
	if err := s.findConstants(u); err != nil {
		t.Fatal(err)
	}
	if err := s.findReferences(u); err != nil {
		t.Fatal(err)
	}
	consts := fmt.Sprint(s.consts)
	if consts != "map[k8s.io/client-go/features:map[WatchList:WatchListClient] k8s.io/kubernetes/pkg/features:map[NodeSwap:NodeSwap ProxyThing:KubeProxyThing Unread:Unread Untyped:Untyped WindowsThing:WindowsThing]]" {
		t.Errorf("constants = %s", consts)
	}
	gates := func(name string) string {
		byGate := s.gatesOf(reached[name])
		return strings.Join(sortedKeys(byGate), " ")
	}
	// The registration tables (map keys, dependency lists) read nothing;
	// the struct field named NodeSwap is not the constant.
	if got := gates("kubelet/linux"); got != "NodeSwap Untyped WatchListClient" {
		t.Errorf("kubelet on linux reads %q", got)
	}
	if got := gates("kubelet/windows"); got != "NodeSwap Untyped WatchListClient WindowsThing" {
		t.Errorf("kubelet on windows reads %q", got)
	}
	if got := gates("proxy"); got != "KubeProxyThing" {
		t.Errorf("kube-proxy reads %q", got)
	}
}

func TestStagingModules(t *testing.T) {
	gomod := []byte("module k8s.io/kubernetes\n\ngo 1.22\n\nrequire k8s.io/api v0.0.0\n\nreplace (\n\tk8s.io/api => ./staging/src/k8s.io/api\n\tk8s.io/kubelet => ./staging/src/k8s.io/kubelet\n\tgithub.com/x/y => github.com/x/y v1.0.0\n)\n")
	got, err := stagingModules(gomod)
	if err != nil || !slices.Equal(got, []string{"k8s.io/api", "k8s.io/kubelet"}) {
		t.Errorf("staging = %v, %v", got, err)
	}
	if _, err := stagingModules([]byte("module example.com/x\n")); err == nil {
		t.Error("a go.mod that is not k8s.io/kubernetes's was accepted")
	}
	if stagingVersion("1.30.14") != "v0.30.14" {
		t.Error("stagingVersion")
	}
}
