// Package examples holds the named, linkable examples of every tab: the
// worked scenarios of the facts files and the page's gallery. Each mechanism
// owns one directory (gates/, kubelet/, kubefed/); the engine serves them so
// the page, the CLI and the tests read the same files.
package examples

import (
	"embed"
	"io/fs"
)

//go:embed gates kubelet kubefed
var files embed.FS

// FS returns the examples of one mechanism ("gates", "kubelet", "kubefed"),
// rooted at its directory.
func FS(mechanism string) (fs.FS, error) {
	return fs.Sub(files, mechanism)
}
