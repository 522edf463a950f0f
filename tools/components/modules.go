package main

import (
	"bytes"
	"fmt"
	"os"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/kubexplorer/kubexplorer/internal/datagen"
)

// fetcher fetches from the Go module proxy (module zips only: nothing is
// built).
type fetcher struct {
	datagen.Fetcher
}

// stagingModules lists the modules upstream's go.mod replaces with
// directories under ./staging: their code ships in every kube binary but is
// published as separate modules at v0.<minor>.<patch>.
func stagingModules(gomod []byte) ([]string, error) {
	f, err := modfile.Parse("go.mod", gomod, nil)
	if err != nil {
		return nil, fmt.Errorf("parse upstream go.mod: %w", err)
	}
	if f.Module == nil || f.Module.Mod.Path != "k8s.io/kubernetes" {
		return nil, fmt.Errorf("upstream go.mod is not k8s.io/kubernetes's")
	}
	var out []string
	for _, r := range f.Replace {
		if strings.HasPrefix(r.New.Path, "./staging/") || strings.HasPrefix(r.New.Path, "staging/") {
			out = append(out, r.Old.Path)
		}
	}
	sort.Strings(out)
	if len(out) == 0 {
		return nil, fmt.Errorf("upstream go.mod has no staging replacements")
	}
	return out, nil
}

// stagingVersion is the v0 version of the staging modules released with a
// Kubernetes patch release: 1.30.14 → v0.30.14.
func stagingVersion(patch string) string { return "v0." + strings.TrimPrefix(patch, "1.") }

// fetchStaging downloads a staging module at the patch's version, or at the
// newest earlier patch of the same minor that the proxy serves (it refuses a
// few, e.g. some modules at v0.18.20).
func (f *fetcher) fetchStaging(mod, patch string) (datagen.Module, string, error) {
	v := stagingVersion(patch)
	d, err := f.Download(mod + "@" + v)
	if err == nil {
		return d, "", nil
	}
	alt, altErr := f.NearestServed(mod, patch)
	if altErr != nil {
		return d, "", fmt.Errorf("staging module %s@%s: %v", mod, v, err)
	}
	d, err = f.Download(mod + "@" + alt)
	return d, fmt.Sprintf("%s is not served at %s (%v); used %s", mod, v, err, alt), err
}

// readPins reads tools/catalog/releases.txt: "MINOR PATCH" per line, so the
// component data is derived from the same patch releases as the catalogs.
func readPins(path string) ([][2]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var pins [][2]string
	for n, line := range bytes.Split(data, []byte("\n")) {
		s := strings.TrimSpace(string(line))
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		f := strings.Fields(s)
		if len(f) != 2 || !strings.HasPrefix(f[1], f[0]+".") {
			return nil, fmt.Errorf("%s:%d: want \"MINOR PATCH\", got %q", path, n+1, s)
		}
		pins = append(pins, [2]string{f[0], f[1]})
	}
	return pins, nil
}
