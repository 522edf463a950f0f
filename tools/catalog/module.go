package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
)

// stubModules are modules that upstream's go.mod pins but that the Go
// module proxy refuses to serve (dead vanity domains). Nothing the dumper
// compiles imports them; the module graph only needs their go.mod, so a
// local directory holding a bare go.mod stands in.
var stubModules = map[string]bool{
	"vbom.ml/util": true,
}

// throwAwayGoMod builds the go.mod of the per-release dump module from
// upstream's k8s.io/kubernetes go.mod: it requires k8s.io/kubernetes at the
// patch release, points every staging module (replaced by ./staging/... in
// upstream's tree) at the matching v0 release on the proxy, and copies
// upstream's other replace and exclude pins so the dependency versions are
// the ones the real kubelet of that release was built with.
//
// Staging modules in unserved (the proxy refuses some of them at some
// patches, e.g. k8s.io/sample-cli-plugin v0.18.19) get a stub as well; if
// the dumper needed one of them, its build fails loudly.
//
// substitutes names staging modules to pin at another version of the same
// minor (used when the proxy refuses the matching one but the build needs it).
func throwAwayGoMod(upstream []byte, patch string, unserved map[string]bool, substitutes map[string]string) (gomod string, staging []string, stubs []string, err error) {
	f, err := modfile.Parse("go.mod", upstream, nil)
	if err != nil {
		return "", nil, nil, fmt.Errorf("parse upstream go.mod: %w", err)
	}
	if f.Module == nil || f.Module.Mod.Path != "k8s.io/kubernetes" {
		return "", nil, nil, fmt.Errorf("upstream go.mod is not k8s.io/kubernetes's")
	}
	stagingVersion := "v0." + strings.TrimPrefix(patch, "1.")
	var b strings.Builder
	b.WriteString("module kubexplorer.invalid/catalogdump\n\n")
	goVersion := "1.21"
	if f.Go != nil && f.Go.Version != "" {
		goVersion = f.Go.Version
	}
	fmt.Fprintf(&b, "go %s\n\n", goVersion)
	fmt.Fprintf(&b, "require k8s.io/kubernetes v%s\n\n", patch)
	var replaces []string
	for _, r := range f.Replace {
		old := r.Old.Path
		if r.Old.Version != "" {
			old += " " + r.Old.Version
		}
		switch {
		case (strings.HasPrefix(r.New.Path, "./staging/") || strings.HasPrefix(r.New.Path, "staging/")) && substitutes[r.Old.Path] != "":
			staging = append(staging, r.Old.Path)
			replaces = append(replaces, fmt.Sprintf("%s => %s %s", old, r.Old.Path, substitutes[r.Old.Path]))
		case (strings.HasPrefix(r.New.Path, "./staging/") || strings.HasPrefix(r.New.Path, "staging/")) && unserved[r.Old.Path]:
			staging = append(staging, r.Old.Path)
			stubs = append(stubs, r.Old.Path)
			replaces = append(replaces, fmt.Sprintf("%s => %s", old, stubDir(r.Old.Path)))
		case strings.HasPrefix(r.New.Path, "./staging/") || strings.HasPrefix(r.New.Path, "staging/"):
			staging = append(staging, r.Old.Path)
			replaces = append(replaces, fmt.Sprintf("%s => %s %s", old, r.Old.Path, stagingVersion))
		case stubModules[r.Old.Path]:
			stubs = append(stubs, r.Old.Path)
			replaces = append(replaces, fmt.Sprintf("%s => %s", old, stubDir(r.Old.Path)))
		case modfile.IsDirectoryPath(r.New.Path):
			// A local path other than staging has no meaning outside
			// upstream's tree.
			continue
		default:
			replaces = append(replaces, fmt.Sprintf("%s => %s %s", old, r.New.Path, r.New.Version))
		}
	}
	sort.Strings(replaces)
	if len(replaces) > 0 {
		b.WriteString("replace (\n")
		for _, r := range replaces {
			b.WriteString("\t" + r + "\n")
		}
		b.WriteString(")\n\n")
	}
	var excludes []string
	for _, x := range f.Exclude {
		excludes = append(excludes, x.Mod.Path+" "+x.Mod.Version)
	}
	sort.Strings(excludes)
	if len(excludes) > 0 {
		b.WriteString("exclude (\n")
		for _, x := range excludes {
			b.WriteString("\t" + x + "\n")
		}
		b.WriteString(")\n")
	}
	sort.Strings(staging)
	if len(staging) == 0 {
		return "", nil, nil, fmt.Errorf("upstream go.mod has no staging replacements")
	}
	return b.String(), staging, stubs, nil
}

func stubDir(mod string) string {
	return "./stub/" + strings.NewReplacer("/", "_", ".", "_").Replace(mod)
}

// writeThrowAwayModule lays out the dump module in dir.
func writeThrowAwayModule(dir, gomod string, stubs []string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}
	for _, s := range stubs {
		sd := filepath.Join(dir, filepath.FromSlash(stubDir(s)))
		if err := os.MkdirAll(sd, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(sd, "go.mod"), []byte("module "+s+"\n"), 0o644); err != nil {
			return err
		}
	}
	return nil
}
