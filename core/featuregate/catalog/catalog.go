package catalog

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
)

// Release is the catalog of one minor release.
type Release struct {
	Version string // minor release, "1.37"
	Patch   string // the patch release the data was generated from, "1.37.2"
	Gates   []Gate // sorted by name; AllAlpha and AllBeta are not listed
}

// Gate is one registered feature gate.
type Gate struct {
	Name string
	// Component names where upstream declares the gate: "kube"
	// (pkg/features), "apiserver", "apiextensions", "client-go", "logs",
	// "metrics", "controller-manager", "zpages", ... The kubelet accepts every
	// one of them; the owner only explains why an apiserver gate is known to a
	// kubelet.
	Component string
	// Specs as registered, oldest version first. Releases before 1.31 (and
	// gates added with the unversioned Add in 1.31–1.32) have exactly one
	// spec whose Version is "".
	Specs []Spec
	// Dependencies (1.35+), sorted; nil when the gate has none or the
	// release predates dependencies.
	Dependencies []string
}

// Spec is one registered FeatureSpec.
type Spec struct {
	// Version is the major.minor the spec applies from, or "" for an
	// unversioned spec (upstream's version 0.0, valid at every version).
	Version       string
	Default       bool
	LockToDefault bool
	// PreRelease is upstream's prerelease string: "ALPHA", "BETA", "" (GA),
	// "DEPRECATED" or "PRE-ALPHA".
	PreRelease string
	// MinCompatibilityVersion (1.35+) is "" when unset.
	MinCompatibilityVersion string
}

// Upstream's prerelease strings.
const (
	PreAlpha   = "PRE-ALPHA"
	Alpha      = "ALPHA"
	Beta       = "BETA"
	GA         = ""
	Deprecated = "DEPRECATED"
)

// dataFS holds data/ but for the newest release's delta; it is declared
// in newest.go, whose embed directive is generated: the newest release is
// read whole.

// store decodes the embedded files on demand. Deltas must be applied in
// release order, so decoding release N decodes (and caches) every release
// before it as well. The newest release, which a first visit evaluates,
// is compiled in whole instead (whole.go), and Load reads it from there.
type store struct {
	mu       sync.Mutex
	fsys     fs.FS
	files    []string // data file names, oldest release first
	versions []string // their releases
	decoded  []*Release
	err      error
}

// defaultStore is the embedded catalogs' store, indexed on first use: an
// engine reads no directory before it is asked something.
var defaultStore = sync.OnceValue(func() *store { return newStore(dataFS) })

func newStore(fsys fs.FS) *store {
	s := &store{}
	entries, err := fs.ReadDir(fsys, "data")
	if err != nil {
		s.err = err
		return s
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".txt") {
			continue
		}
		v := strings.TrimSuffix(name, ".txt")
		if _, ok := parseMinor(v); !ok {
			s.err = fmt.Errorf("catalog: data file %q is not named after a release", name)
			return s
		}
		s.files = append(s.files, name)
		s.versions = append(s.versions, v)
	}
	order := make([]int, len(s.versions))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool {
		return compareMinor(s.versions[order[a]], s.versions[order[b]]) < 0
	})
	files, versions := make([]string, len(order)), make([]string, len(order))
	for i, j := range order {
		files[i], versions[i] = s.files[j], s.versions[j]
	}
	if n := len(versions); n == 0 || compareMinor(versions[n-1], newestVersion) < 0 {
		// The newest release, compiled in whole; "" stands for its file.
		files, versions = append(files, ""), append(versions, newestVersion)
	}
	s.files, s.versions = files, versions
	s.decoded = make([]*Release, len(files))
	s.fsys = fsys
	return s
}

// Releases returns the minor releases that have a catalog, oldest first.
func Releases() []string {
	return append([]string(nil), defaultStore().versions...)
}

// Load returns the gates the kubelet binary of release ("1.37") registers.
// The result is the caller's to modify.
func Load(release string) (*Release, error) {
	if r, ok := loadNewest(release); ok {
		return r, nil
	}
	return defaultStore().load(release)
}

// Latest returns the newest release that has a catalog.
func Latest() string {
	v := defaultStore().versions
	if len(v) == 0 {
		return ""
	}
	return v[len(v)-1]
}

func (s *store) load(release string) (*Release, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return nil, s.err
	}
	idx := -1
	for i, v := range s.versions {
		if v == release {
			idx = i
			break
		}
	}
	if idx < 0 {
		return nil, fmt.Errorf("no feature-gate catalog for release %q (have %s … %s)", release, first(s.versions), last(s.versions))
	}
	if s.decoded[idx] != nil {
		return s.decoded[idx].Clone(), nil
	}
	for i := 0; i <= idx; i++ {
		if s.decoded[i] != nil {
			continue
		}
		if s.files[i] == "" {
			r, ok := loadNewest(s.versions[i])
			if !ok {
				s.err = fmt.Errorf("catalog: the newest release, %s, does not read", s.versions[i])
				return nil, s.err
			}
			s.decoded[i] = r
			continue
		}
		var prev *Release
		if i > 0 {
			prev = s.decoded[i-1]
		}
		data, err := fs.ReadFile(s.fsys, "data/"+s.files[i])
		if err != nil {
			s.err = err
			return nil, err
		}
		r, err := ApplyDelta(prev, s.files[i], data)
		if err != nil {
			s.err = err
			return nil, err
		}
		if r.Version != s.versions[i] {
			s.err = fmt.Errorf("%s: header names release %q", s.files[i], r.Version)
			return nil, s.err
		}
		s.decoded[i] = r
	}
	return s.decoded[idx].Clone(), nil
}

func first(v []string) string {
	if len(v) == 0 {
		return "none"
	}
	return v[0]
}

func last(v []string) string {
	if len(v) == 0 {
		return "none"
	}
	return v[len(v)-1]
}

// Clone returns a deep copy of r.
func (r *Release) Clone() *Release {
	c := &Release{Version: r.Version, Patch: r.Patch, Gates: make([]Gate, len(r.Gates))}
	for i, g := range r.Gates {
		c.Gates[i] = g.clone()
	}
	return c
}

func (g Gate) clone() Gate {
	g.Specs = append([]Spec(nil), g.Specs...)
	if g.Dependencies != nil {
		g.Dependencies = append([]string{}, g.Dependencies...)
	}
	return g
}

// Gate returns the gate called name, if the release registers it.
func (r *Release) Gate(name string) (Gate, bool) {
	i := sort.Search(len(r.Gates), func(i int) bool { return r.Gates[i].Name >= name })
	if i < len(r.Gates) && r.Gates[i].Name == name {
		return r.Gates[i], true
	}
	return Gate{}, false
}
