//go:build !js

// Package cmd_test checks the engines' link graphs: an engine per mechanism
// links the explorer core and its own mechanism, and no other.
package cmd_test

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/kubexplorer/kubexplorer/"

func deps(t *testing.T, pkg string) map[string]bool {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "./"+pkg)
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v", pkg, err)
	}
	m := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		m[strings.TrimPrefix(p, module)] = true
	}
	return m
}

func TestEnginesLinkTheirMechanismOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	// What each mechanism brings in that another engine must not link.
	own := map[string][]string{
		"gates":   {"explorer/gates", "core/kubeletstart", "examples/gates"},
		"kubelet": {"explorer/kubelet", "core/kubelet", "core/cri/fake", "examples/kubelet"},
		"kubefed": {"explorer/kubefed", "core/kubefed/simulation", "core/kubefed/kubefedctl", "examples/kubefed"},
	}
	for engine := range own {
		d := deps(t, engine)
		for mech, pkgs := range own {
			for _, p := range pkgs {
				if d[p] != (mech == engine) {
					t.Errorf("engine %s links %s: %v, want %v", engine, p, d[p], mech == engine)
				}
			}
		}
	}
	all := deps(t, "all")
	for _, pkgs := range own {
		for _, p := range pkgs {
			if !all[p] {
				t.Errorf("the all-in-one engine lacks %s", p)
			}
		}
	}
}

// TestTheFirstTabsEngineLeavesTheOperatorsMethods: the gates engine does not
// register the methods for operators (explorer/gatestools), so the Go
// linker leaves them and what only they use out of the first download; the
// gatestools engine, loaded on demand, and the all-in-one engine have them.
func TestTheFirstTabsEngineLeavesTheOperatorsMethods(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for engine, want := range map[string]bool{"gates": false, "gatestools": true, "all": true, "kubelet": false, "kubefed": false} {
		if got := deps(t, engine)["explorer/gatestools"]; got != want {
			t.Errorf("engine %s links explorer/gatestools: %v, want %v", engine, got, want)
		}
	}
}
