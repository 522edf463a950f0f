// Package release names the kubefed releases the model covers and, for
// every behaviour that changed between them, the first release that has the
// change. It is the one place that knows release numbers: the code that owns
// a behaviour asks Release.Has(change) and models both sides there.
//
// Every tag of kubernetes-sigs/kubefed from v0.3.0 (April 2020) to v0.10.0
// (August 2022, the last release before the project was archived) is a
// release here. The table of changes (changes.go) was built by reading the
// upstream history tag by tag; docs/release-differences.md lists the same
// rows with the upstream functions, the model's code and the tests on both
// sides of each boundary.
package release

import (
	"fmt"
	"strings"
)

// Latest is the newest release, the model's default.
const Latest = "v0.10.0"

// Versions are the releases the model covers, oldest first.
var Versions = []string{
	"v0.3.0", "v0.3.1", "v0.4.0", "v0.4.1", "v0.5.0", "v0.5.1", "v0.6.0", "v0.6.1",
	"v0.7.0", "v0.8.0", "v0.8.1", "v0.9.0", "v0.9.1", "v0.9.2", "v0.10.0",
}

// Release is one kubefed release.
type Release struct {
	version string
	index   int
}

// Parse returns the release named v ("" is Latest). An unknown version is
// an error in the API server's enum wording, naming the field.
func Parse(field, v string) (Release, error) {
	if v == "" {
		v = Latest
	}
	if i := index(v); i >= 0 {
		return Release{version: v, index: i}, nil
	}
	quoted := make([]string, len(Versions))
	for i, s := range Versions {
		quoted[i] = fmt.Sprintf("%q", s)
	}
	return Release{}, fmt.Errorf("%s: Unsupported value: %q: supported values: %s", field, v, strings.Join(quoted, ", "))
}

// MustParse is Parse for versions known to be valid (tables, tests).
func MustParse(v string) Release {
	r, err := Parse("version", v)
	if err != nil {
		panic(err)
	}
	return r
}

func index(v string) int {
	for i, s := range Versions {
		if s == v {
			return i
		}
	}
	return -1
}

// String is the release's tag, e.g. "v0.10.0".
func (r Release) String() string {
	if r.version == "" {
		return Latest
	}
	return r.version
}

// pos is the release's place in Versions; the zero Release is Latest.
func (r Release) pos() int {
	if r.version == "" {
		return len(Versions) - 1
	}
	return r.index
}

// AtLeast reports whether r is v or newer.
func (r Release) AtLeast(v string) bool {
	i := index(v)
	if i < 0 {
		panic("release: unknown version " + v)
	}
	return r.pos() >= i
}

// Has reports whether r has a change: r is at least the change's first
// release and, for a change that was undone, older than its last one.
func (r Release) Has(c Change) bool {
	info := changes[c]
	if !r.AtLeast(info.First) {
		return false
	}
	return info.Until == "" || !r.AtLeast(info.Until)
}

// ClientGo is the k8s.io/client-go module the release was built with, and
// the line of reflector.go whose call site names every reflector (client-go
// names a reflector after the first caller outside tools/cache, and in the
// module cache that is NewReflector itself). Its log lines quote both.
func (r Release) ClientGo() (module string, reflectorLine int) {
	for _, c := range clientGo {
		if r.AtLeast(c.from) {
			return c.module, c.line
		}
	}
	panic("release: no client-go for " + r.String())
}

// clientGo is the client-go module of each release from its first, newest
// first, as go.mod pinned it.
var clientGo = []struct {
	from, module string
	line         int
}{
	{"v0.9.2", "v0.22.2", 167},
	{"v0.8.1", "v0.21.2", 167},
	{"v0.8.0", "v0.21.1", 167},
	{"v0.7.0", "v0.20.2", 167},
	{"v0.5.0", "v0.19.3", 156},
	{"v0.3.1", "v0.18.6", 125},
	{"v0.3.0", "v0.17.3", 105},
}
