package main

import (
	"errors"
	"fmt"
	"go/build"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// pkg is one Go package as one platform's build sees it.
type pkg struct {
	path  string
	dir   string
	name  string
	files []string // absolute paths of the Go files the build compiles
	// imports maps each of files to the import paths it names.
	imports map[string][]string
	all     []string // every import of the package, sorted
}

// loader reads packages of the Kubernetes modules straight from their
// directories in the module cache, applying a platform's build constraints
// with go/build (no go command, so no third-party module is downloaded).
// Packages of other modules are leaves of the graph: nothing outside
// k8s.io/kubernetes and its staging modules reads a Kubernetes feature gate.
type loader struct {
	// modules are the Kubernetes module paths, longest first, so that
	// k8s.io/kubernetes does not claim k8s.io/kubernetes-foo.
	modules []string
	// dir returns a module's root directory, fetching it on first use.
	dir  func(module string) (string, error)
	ctxs map[string]*build.Context
	pkgs map[string]*pkg // goos + " " + import path
	// missing lists imports of a Kubernetes module that name no directory.
	missing map[string]bool
}

func newLoader(modules []string, dir func(string) (string, error)) *loader {
	mods := append([]string(nil), modules...)
	sort.Slice(mods, func(i, j int) bool { return len(mods[i]) > len(mods[j]) })
	return &loader{modules: mods, dir: dir, ctxs: map[string]*build.Context{}, pkgs: map[string]*pkg{}, missing: map[string]bool{}}
}

func (l *loader) context(goos string) *build.Context {
	if c, ok := l.ctxs[goos]; ok {
		return c
	}
	c := build.Default
	c.GOOS, c.GOARCH = goos, "amd64"
	// Kubernetes has no cgo code in its own packages; release builds of
	// most binaries disable cgo.
	c.CgoEnabled = false
	c.BuildTags = nil
	c.Dir = ""
	l.ctxs[goos] = &c
	return &c
}

// module returns the Kubernetes module that holds an import path, or "".
func (l *loader) module(path string) string {
	for _, m := range l.modules {
		if path == m || strings.HasPrefix(path, m+"/") {
			return m
		}
	}
	return ""
}

// load returns the package at an import path for a platform; nil for a
// package outside the Kubernetes modules.
func (l *loader) load(goos, path string) (*pkg, error) {
	key := goos + " " + path
	if p, ok := l.pkgs[key]; ok {
		return p, nil
	}
	mod := l.module(path)
	if mod == "" {
		l.pkgs[key] = nil
		return nil, nil
	}
	root, err := l.dir(mod)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(path, mod), "/")))
	p := &pkg{path: path, dir: dir, imports: map[string][]string{}}
	if !dirExists(dir) {
		l.missing[path] = true
		l.pkgs[key] = p
		return p, nil
	}
	bp, err := l.context(goos).ImportDir(dir, 0)
	var noGo *build.NoGoError
	if err != nil && !errors.As(err, &noGo) {
		// Nothing to compile on this platform (e.g. a Windows-only
		// package on Linux) is fine; anything else is not.
		return nil, fmt.Errorf("%s (%s): %v", path, goos, err)
	}
	if bp != nil {
		p.name = bp.Name
		for _, f := range bp.GoFiles {
			p.files = append(p.files, filepath.Join(dir, f))
		}
		for imp, positions := range bp.ImportPos {
			for _, pos := range positions {
				if isGoFile(bp.GoFiles, pos.Filename) {
					p.imports[pos.Filename] = appendUnique(p.imports[pos.Filename], imp)
				}
			}
		}
		p.all = append(p.all, bp.Imports...)
		sort.Strings(p.all)
	}
	l.pkgs[key] = p
	return p, nil
}

func isGoFile(goFiles []string, full string) bool {
	base := filepath.Base(full)
	for _, f := range goFiles {
		if f == base {
			return true
		}
	}
	return false
}

func appendUnique(xs []string, x string) []string {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

// reach returns the Kubernetes packages a main package links on a
// platform: its transitive imports within the Kubernetes modules.
func (l *loader) reach(goos, main string) ([]*pkg, error) {
	seen := map[string]bool{main: true}
	queue := []string{main}
	var out []*pkg
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		p, err := l.load(goos, path)
		if err != nil {
			return nil, err
		}
		if p == nil {
			continue
		}
		if path == main && len(p.files) == 0 {
			return nil, fmt.Errorf("main package %s has no Go files for %s", main, goos)
		}
		out = append(out, p)
		for _, imp := range p.all {
			if !seen[imp] && l.module(imp) != "" {
				seen[imp] = true
				queue = append(queue, imp)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out, nil
}

func dirExists(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && fi.IsDir()
}
