// Package examples holds the named, linkable examples of every tab: the
// worked scenarios of the facts files and the page's gallery. Each mechanism
// owns one directory (gates/, kubelet/, kubefed/); the engine serves them so
// the page, the CLI and the tests read the same files.
package examples

import (
	"embed"
	"errors"
	"io/fs"
	"sort"
	"strings"
)

//go:embed gates kubelet kubefed
var files embed.FS

// FS returns the examples of one mechanism ("gates", "kubelet", "kubefed"),
// rooted at its directory.
func FS(mechanism string) (fs.FS, error) {
	return fs.Sub(files, mechanism)
}

// ErrNotFound is returned by Read for a name that is not an example.
var ErrNotFound = errors.New("no such example")

// Names returns the names of a mechanism's examples (file names without
// ".yaml"): first, when it is one of them, then the others sorted.
func Names(mechanism, first string) ([]string, error) {
	fsys, err := FS(mechanism)
	if err != nil {
		return nil, err
	}
	files, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = strings.TrimSuffix(f, ".yaml")
	}
	sort.SliceStable(names, func(i, j int) bool {
		if (names[i] == first) != (names[j] == first) {
			return names[i] == first
		}
		return names[i] < names[j]
	})
	return names, nil
}

// Read returns the file of one example. Names are plain file names: one
// with a path separator or a dot is ErrNotFound, like an unknown one.
func Read(mechanism, name string) ([]byte, error) {
	if name == "" || strings.ContainsAny(name, "/\\.") {
		return nil, ErrNotFound
	}
	fsys, err := FS(mechanism)
	if err != nil {
		return nil, err
	}
	data, err := fs.ReadFile(fsys, name+".yaml")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	return data, err
}
