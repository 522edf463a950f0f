// Package release names the behaviours of the kubelet model that changed
// between the releases it models, 1.18 … 1.37, and answers for a release
// which side of each change it is on.
//
// Every switch of the model between releases is one Change here, with the
// first release it applies to, the upstream file and function that own it,
// the pull request, and the place of the model that implements it. The code
// that owns a behaviour asks its Release (rel.Has(release.PodFailedReason))
// instead of comparing minor versions, so a boundary lives in one table:
// docs/release-differences.md is rendered from it, and every change has a
// boundary transcript (core/kubelet/scenario/testdata/releases) that plays
// the same scenario on both sides of the boundary and must differ.
//
// A change that follows a feature gate lists the gate: the code asks the
// gate (the scenario may turn it on earlier or off later), and Since is the
// first release whose default turns it on (or, for a gate that never
// defaults on, the first release that has it).
package release

import (
	"fmt"
	"strconv"
	"strings"
)

// The releases the kubelet model knows.
const (
	Oldest = 18
	Newest = 37
)

// Release is a modelled Kubernetes release, by its minor version (1.N).
type Release struct{ minor int }

// Of returns release 1.minor. Callers pass a minor they have checked
// (Parse checks user input); the zero Release is older than every change.
func Of(minor int) Release { return Release{minor} }

// Parse reads "1.N" (a leading "v" and a patch are accepted).
func Parse(s string) (Release, error) {
	parts := strings.Split(strings.TrimPrefix(s, "v"), ".")
	if len(parts) < 2 || parts[0] != "1" {
		return Release{}, fmt.Errorf("release %q: want 1.N", s)
	}
	n, err := strconv.Atoi(parts[1])
	if err != nil {
		return Release{}, fmt.Errorf("release %q: want 1.N", s)
	}
	if n < Oldest || n > Newest {
		return Release{}, fmt.Errorf("release %q is not modelled (have 1.%d … 1.%d)", s, Oldest, Newest)
	}
	return Release{n}, nil
}

// Minor is N of 1.N.
func (r Release) Minor() int { return r.minor }

// String is "1.N".
func (r Release) String() string { return "1." + strconv.Itoa(r.minor) }

// Has reports whether the release has the newer behaviour of c.
func (r Release) Has(c Change) bool { return r.minor >= changes[c].Since }
