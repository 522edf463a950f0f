// Package examples holds the named, linkable examples of every tab: the
// worked scenarios of the facts files and the page's gallery. Each mechanism
// owns one directory (gates/, kubelet/, kubefed/), which is also the Go
// package that embeds its files: importing examples/gates links the
// feature-gates gallery into a program, and no other, so each mechanism's
// engine carries only its own gallery. The engine serves them so the page,
// the CLI and the tests read the same files.
package examples

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// galleries are the registered galleries by mechanism.
var galleries = map[string]fs.FS{}

// Register makes a mechanism's gallery known: the gallery packages
// (examples/gates, …) call it from their init. Registering one twice is a
// programming error.
func Register(mechanism string, fsys fs.FS) {
	if _, dup := galleries[mechanism]; dup {
		panic("examples: gallery registered twice: " + mechanism)
	}
	galleries[mechanism] = fsys
}

// FS returns the examples of one mechanism ("gates", "kubelet", "kubefed"),
// rooted at its directory. The mechanism's gallery package must be linked.
func FS(mechanism string) (fs.FS, error) {
	fsys, ok := galleries[mechanism]
	if !ok {
		return nil, fmt.Errorf("examples: the %s gallery is not linked into this program (import examples/%s)", mechanism, mechanism)
	}
	return fsys, nil
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
