package catalog

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// SpecAt returns the spec in force for a kubelet of release (emulation
// version = release, minimum compatibility version = one minor below, the
// kubelet having neither flag): the newest spec whose Version is not after
// the release and whose MinCompatibilityVersion, if any, is not after the
// minimum compatibility version. A versioned gate none of whose specs
// applies yet is PRE-ALPHA and off. core/featuregate resolves the same way
// (specAt); a test holds them together.
func (g Gate) SpecAt(release string) Spec {
	rel, ok := parseMinor(release)
	if !ok {
		return Spec{PreRelease: PreAlpha}
	}
	minCompat := fmt.Sprintf("%d.%d", rel[0], max(rel[1]-1, 0))
	for i := len(g.Specs) - 1; i >= 0; i-- {
		s := g.Specs[i]
		if s.Version != "" && compareMinor(s.Version, release) > 0 {
			continue
		}
		if s.MinCompatibilityVersion != "" && compareMinor(s.MinCompatibilityVersion, minCompat) > 0 {
			continue
		}
		return s
	}
	return Spec{PreRelease: PreAlpha}
}

// ChangeKind classifies how a gate differs between two releases.
type ChangeKind string

// The kinds of ReleaseDiff, in the order a change lists them.
const (
	// Added: the later release registers a gate the earlier one does not.
	Added ChangeKind = "added"
	// Removed: the gate is gone; setting it makes a kubelet refuse to start
	// ("unrecognized feature gate").
	Removed ChangeKind = "removed"
	// Promoted: the stage moved up (PRE-ALPHA → ALPHA → BETA → GA).
	Promoted ChangeKind = "promoted"
	// Demoted: the stage moved down, e.g. BETA back to ALPHA.
	Demoted ChangeKind = "demoted"
	// DeprecatedKind: the gate became DEPRECATED.
	DeprecatedKind ChangeKind = "deprecated"
	// DefaultChanged: the default value flipped; nodes that do not set the
	// gate change behaviour.
	DefaultChanged ChangeKind = "defaultChanged"
	// Locked: the gate is now locked to its default; setting it to the
	// other value makes a kubelet refuse to start.
	Locked ChangeKind = "locked"
	// Unlocked: the gate was locked and no longer is.
	Unlocked ChangeKind = "unlocked"
	// DependenciesChanged: the gates it needs enabled changed (1.35+).
	DependenciesChanged ChangeKind = "dependenciesChanged"
)

// GateAt is a gate as a kubelet of one release sees it.
type GateAt struct {
	// Stage is "PRE-ALPHA", "ALPHA", "BETA", "GA" or "DEPRECATED".
	Stage        string   `json:"stage"`
	Default      bool     `json:"default"`
	Locked       bool     `json:"locked"`
	Component    string   `json:"component"`
	Dependencies []string `json:"dependencies,omitempty"`
}

// GateChange is one gate that differs between two releases.
type GateChange struct {
	Name  string       `json:"name"`
	Kinds []ChangeKind `json:"kinds"`
	// From and To are nil where the gate is absent.
	From *GateAt `json:"from,omitempty"`
	To   *GateAt `json:"to,omitempty"`
}

// ReleaseDiff is what an upgrade from one release to another changes in
// the gates a kubelet registers. It compares the two releases only: a gate
// added and removed in between does not appear.
type ReleaseDiff struct {
	From    string       `json:"from"`
	To      string       `json:"to"`
	Changes []GateChange `json:"changes"` // sorted by name
	// Counts is the number of changes of each kind.
	Counts map[ChangeKind]int `json:"counts"`
}

// DiffReleases compares the embedded catalogs of two releases. from may be
// later than to (a downgrade); the kinds then read in that direction.
func DiffReleases(from, to string) (*ReleaseDiff, error) {
	a, err := Load(from)
	if err != nil {
		return nil, err
	}
	b, err := Load(to)
	if err != nil {
		return nil, err
	}
	return Compare(a, b), nil
}

// Compare diffs two catalogs.
func Compare(from, to *Release) *ReleaseDiff {
	d := &ReleaseDiff{From: from.Version, To: to.Version, Changes: []GateChange{}, Counts: map[ChangeKind]int{}}
	names := map[string]bool{}
	for _, g := range from.Gates {
		names[g.Name] = true
	}
	for _, g := range to.Gates {
		names[g.Name] = true
	}
	sorted := make([]string, 0, len(names))
	for n := range names {
		sorted = append(sorted, n)
	}
	sort.Strings(sorted)
	for _, n := range sorted {
		var a, b *GateAt
		if g, ok := from.Gate(n); ok {
			a = gateAt(g, from.Version)
		}
		if g, ok := to.Gate(n); ok {
			b = gateAt(g, to.Version)
		}
		kinds := changeKinds(a, b)
		if len(kinds) == 0 {
			continue
		}
		d.Changes = append(d.Changes, GateChange{Name: n, Kinds: kinds, From: a, To: b})
		for _, k := range kinds {
			d.Counts[k]++
		}
	}
	return d
}

func gateAt(g Gate, release string) *GateAt {
	s := g.SpecAt(release)
	stage := s.PreRelease
	if stage == GA {
		stage = "GA"
	}
	var deps []string
	if len(g.Dependencies) > 0 {
		deps = slices.Clone(g.Dependencies)
	}
	return &GateAt{Stage: stage, Default: s.Default, Locked: s.LockToDefault, Component: g.Component, Dependencies: deps}
}

// stageRank orders stages for promotions; DEPRECATED is off the ladder.
func stageRank(stage string) int {
	switch stage {
	case PreAlpha:
		return 0
	case Alpha:
		return 1
	case Beta:
		return 2
	case "GA":
		return 3
	}
	return -1
}

func changeKinds(a, b *GateAt) []ChangeKind {
	switch {
	case a == nil && b == nil:
		return nil
	case a == nil:
		return []ChangeKind{Added}
	case b == nil:
		return []ChangeKind{Removed}
	}
	var kinds []ChangeKind
	if a.Stage != b.Stage {
		ra, rb := stageRank(a.Stage), stageRank(b.Stage)
		switch {
		case b.Stage == Deprecated:
			kinds = append(kinds, DeprecatedKind)
		case ra >= 0 && rb > ra:
			kinds = append(kinds, Promoted)
		default:
			kinds = append(kinds, Demoted)
		}
	}
	if a.Default != b.Default {
		kinds = append(kinds, DefaultChanged)
	}
	if !a.Locked && b.Locked {
		kinds = append(kinds, Locked)
	}
	if a.Locked && !b.Locked {
		kinds = append(kinds, Unlocked)
	}
	if !slices.Equal(a.Dependencies, b.Dependencies) {
		kinds = append(kinds, DependenciesChanged)
	}
	return kinds
}

// Describe says what one change means, in one line.
func (c GateChange) Describe() string {
	var parts []string
	for _, k := range c.Kinds {
		switch k {
		case Added:
			parts = append(parts, fmt.Sprintf("new: %s, default %t%s", c.To.Stage, c.To.Default, lockNote(c.To)))
		case Removed:
			parts = append(parts, "removed: a kubelet that still sets it refuses to start")
		case Promoted, Demoted, DeprecatedKind:
			parts = append(parts, fmt.Sprintf("%s → %s", c.From.Stage, c.To.Stage))
		case DefaultChanged:
			parts = append(parts, fmt.Sprintf("default %t → %t", c.From.Default, c.To.Default))
		case Locked:
			parts = append(parts, fmt.Sprintf("locked to %t: setting it to %t stops a kubelet", c.To.Default, !c.To.Default))
		case Unlocked:
			parts = append(parts, "no longer locked")
		case DependenciesChanged:
			parts = append(parts, fmt.Sprintf("dependencies [%s] → [%s]", strings.Join(c.From.Dependencies, " "), strings.Join(c.To.Dependencies, " ")))
		}
	}
	return strings.Join(parts, "; ")
}

func lockNote(g *GateAt) string {
	if g.Locked {
		return ", locked"
	}
	return ""
}
