// Package version is a tiny major.minor(.patch) version type, the part of
// k8s.io/apimachinery/pkg/util/version that the feature-gate library needs.
//
// Kubernetes feature specs carry major.minor versions ("1.31"); binaries and
// emulation versions may carry a patch. A Version remembers whether it was
// written with a patch component, because the versioned gate library rejects
// spec versions that have one ("specified patch version").
package version

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is an immutable major.minor(.patch) version. The zero value is 0.0.
type Version struct {
	major, minor, patch uint
	hasPatch            bool
}

// MajorMinor returns the version major.minor without a patch component.
func MajorMinor(major, minor uint) *Version {
	return &Version{major: major, minor: minor}
}

// Parse reads "1.31", "1.31.2", optionally prefixed with "v". Pre-release and
// build suffixes ("1.31.0-alpha.1+abc") are accepted and dropped, since
// feature gates only look at major.minor.
func Parse(s string) (*Version, error) {
	orig := s
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "v")
	if i := strings.IndexAny(s, "-+"); i >= 0 {
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return nil, fmt.Errorf("illegal version string %q", orig)
	}
	nums := make([]uint, len(parts))
	for i, p := range parts {
		if p == "" || (len(p) > 1 && p[0] == '0') {
			return nil, fmt.Errorf("illegal version string %q", orig)
		}
		n, err := strconv.ParseUint(p, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("illegal version string %q", orig)
		}
		nums[i] = uint(n)
	}
	v := &Version{major: nums[0], minor: nums[1]}
	if len(nums) == 3 {
		v.patch, v.hasPatch = nums[2], true
	}
	return v, nil
}

// MustParse is Parse for constants; it panics on a malformed string and is
// never used on user input.
func MustParse(s string) *Version {
	v, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return v
}

// Major returns the major component.
func (v *Version) Major() uint { return v.major }

// Minor returns the minor component.
func (v *Version) Minor() uint { return v.minor }

// Patch returns the patch component (0 when absent).
func (v *Version) Patch() uint { return v.patch }

// Components returns the components as written: two or three numbers.
func (v *Version) Components() []uint {
	if v.hasPatch {
		return []uint{v.major, v.minor, v.patch}
	}
	return []uint{v.major, v.minor}
}

// String prints the version as written, e.g. "1.31" or "1.31.2". A nil
// version prints as "<nil>", which is what fmt shows for upstream's nil
// *version.Version inside a struct.
func (v *Version) String() string {
	if v == nil {
		return "<nil>"
	}
	if v.hasPatch {
		return fmt.Sprintf("%d.%d.%d", v.major, v.minor, v.patch)
	}
	return fmt.Sprintf("%d.%d", v.major, v.minor)
}

// Compare returns -1, 0 or 1. A missing patch compares as 0.
func (v *Version) Compare(o *Version) int {
	switch {
	case v.major != o.major:
		return cmpUint(v.major, o.major)
	case v.minor != o.minor:
		return cmpUint(v.minor, o.minor)
	default:
		return cmpUint(v.patch, o.patch)
	}
}

func cmpUint(a, b uint) int {
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

// LessThan reports v < o.
func (v *Version) LessThan(o *Version) bool { return v.Compare(o) < 0 }

// GreaterThan reports v > o.
func (v *Version) GreaterThan(o *Version) bool { return v.Compare(o) > 0 }

// AtLeast reports v >= o.
func (v *Version) AtLeast(o *Version) bool { return v.Compare(o) >= 0 }

// EqualTo reports v == o (a missing patch equals patch 0).
func (v *Version) EqualTo(o *Version) bool { return v.Compare(o) == 0 }

// SubtractMinor returns major.(minor-n) without a patch, stopping at minor 0.
func (v *Version) SubtractMinor(n uint) *Version {
	m := uint(0)
	if v.minor > n {
		m = v.minor - n
	}
	return MajorMinor(v.major, m)
}

// AddMinor returns major.(minor+n) without a patch.
func (v *Version) AddMinor(n uint) *Version {
	return MajorMinor(v.major, v.minor+n)
}

// WithoutPatch returns major.minor.
func (v *Version) WithoutPatch() *Version { return MajorMinor(v.major, v.minor) }
