// Package datagen holds what the data generators under tools/ (catalog,
// components) share: fetching modules from the Go module proxy with the go
// command (into the module cache; nothing is built), their scratch
// directory, and the per-release report file they keep.
package datagen

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// Module is what `go mod download -json` reports about one module.
type Module struct {
	Path, Version, Error, Dir, GoMod string
}

// Fetcher runs the go command in Work, a scratch directory outside any
// module.
type Fetcher struct {
	Work string
}

func (f Fetcher) command(args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = f.Work
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "GOWORK=off")
	return cmd
}

// Download fetches mod ("path@version") into the module cache. The proxy's
// refusal of a version comes back as the error.
func (f Fetcher) Download(mod string) (Module, error) {
	out, runErr := f.command("mod", "download", "-json", mod).Output()
	var m Module
	if err := json.Unmarshal(out, &m); err != nil {
		return m, fmt.Errorf("go mod download %s: %v", mod, runErr)
	}
	if m.Error != "" {
		return m, fmt.Errorf("%s", FirstLine(m.Error))
	}
	return m, nil
}

// Exists asks the proxy whether a version exists at all (its .info),
// without downloading it.
func (f Fetcher) Exists(mod string) bool {
	return f.command("list", "-m", "-json", mod).Run() == nil
}

// NearestServed returns the newest version of a staging module below the
// one released with a Kubernetes patch release (v0.<minor>.<patch-1>, …,
// v0.<minor>.0) that the proxy serves: it refuses a few.
func (f Fetcher) NearestServed(mod, patch string) (string, error) {
	i := strings.LastIndex(patch, ".")
	p, _ := strconv.Atoi(patch[i+1:])
	minor := strings.TrimPrefix(patch[:i], "1.")
	for q := p - 1; q >= 0; q-- {
		v := fmt.Sprintf("v0.%s.%d", minor, q)
		if _, err := f.Download(mod + "@" + v); err == nil {
			return v, nil
		}
	}
	return "", fmt.Errorf("no served version of %s in v0.%s", mod, minor)
}

// FirstLine is the first line of s, trimmed.
func FirstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// WorkDir returns dir, or, when it is empty, a new temporary directory
// named after prefix; cleanup removes what WorkDir created.
func WorkDir(dir, prefix string) (string, func(), error) {
	if dir != "" {
		return dir, func() {}, nil
	}
	tmp, err := os.MkdirTemp("", prefix)
	if err != nil {
		return "", nil, err
	}
	return tmp, func() { os.RemoveAll(tmp) }, nil
}
