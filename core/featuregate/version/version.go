// Package version is the version type of the feature-gate library, with the
// semantics of k8s.io/apimachinery/pkg/util/version (the same in every
// release 1.18–1.37).
//
// Two kinds of version exist there, and feature gates meet both:
//
//   - a semantic version, exactly major.minor.patch, optionally followed by
//     a pre-release ("-alpha.1") and build metadata ("+abc"), both kept and
//     printed: "1.33.0-alpha.1" stays "1.33.0-alpha.1";
//   - a generic version, two or more numbers ("1.31", "1.2.3.4"), where
//     anything after the last number is ignored and dropped: "1.33-alpha.1"
//     is the generic version "1.33".
//
// Parse tries the semantic form first. Comparisons look at the numbers
// (missing ones count as zero) and only when both sides are semantic at
// the pre-release, so "1.33.0-alpha.1" is below "1.33.0" but equal to the
// generic "1.33" — the comparison feature specs (written "1.33") are
// resolved with at an emulation version that carries a pre-release.
// Versions derived by SubtractMinor and friends are generic major.minor.
//
// A Version remembers how many components it was written with, because the
// versioned gate library rejects spec versions with a patch ("specified
// patch version").
package version

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is an immutable version. The zero value is not valid; use
// MajorMinor or Parse.
type Version struct {
	components    []uint
	semver        bool
	preRelease    string
	buildMetadata string
}

// MajorMinor returns the generic version major.minor.
func MajorMinor(major, minor uint) *Version {
	return &Version{components: []uint{major, minor}}
}

// Parse reads a version the way apimachinery's version.Parse does: as a
// semantic version if it is one, else as a generic version.
func Parse(s string) (*Version, error) {
	// A version that is not three numbers fails as a semantic one and is
	// read as a generic one: skipping that attempt spares an error built
	// with fmt for every "1.31" (the specs of a catalog).
	if numbers, _, ok := split(s); ok && strings.Count(numbers, ".") != 2 {
		return parse(s, false)
	}
	v, err := parse(s, true)
	if err != nil {
		return parse(s, false)
	}
	return v, nil
}

// ParseGeneric reads a generic version: two or more dot-separated numbers,
// the first without a leading zero, after optional leading white space and
// "v"; whatever follows the numbers is ignored.
func ParseGeneric(s string) (*Version, error) { return parse(s, false) }

// ParseSemantic reads exactly major.minor.patch[-pre][+build].
func ParseSemantic(s string) (*Version, error) { return parse(s, true) }

// MustParse is Parse for constants; it panics on a malformed string and is
// never used on user input.
func MustParse(s string) *Version {
	v, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return v
}

// isSpace is the RE2 \s class apimachinery's patterns use.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// split is apimachinery's versionMatchRE, `^\s*v?([0-9]+(?:\.[0-9]+)*)(.*)*$`,
// written out: the dotted numbers and the rest. ok is false when there is
// no leading number or the rest holds a newline ('.' does not match one).
func split(s string) (numbers, extra string, ok bool) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i < len(s) && s[i] == 'v' {
		i++
	}
	start := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == start {
		return "", "", false
	}
	for i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	numbers, extra = s[start:i], s[i:]
	if strings.IndexByte(extra, '\n') >= 0 {
		return "", "", false
	}
	return numbers, extra, true
}

// identifiers reports whether s is one or more dot-separated non-empty runs
// of [0-9A-Za-z-].
func identifiers(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if part == "" {
			return false
		}
		for i := 0; i < len(part); i++ {
			c := part[i]
			if !isDigit(c) && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && c != '-' {
				return false
			}
		}
	}
	return true
}

// splitExtra is apimachinery's extraMatchRE,
// `^(?:-(ids))?(?:\+(ids))?\s*$`: the pre-release and the build metadata.
func splitExtra(extra string) (pre, build string, ok bool) {
	rest := strings.TrimRight(extra, " \t\n\f\r")
	if strings.HasPrefix(rest, "-") {
		end := strings.IndexByte(rest, '+')
		if end < 0 {
			end = len(rest)
		}
		pre, rest = rest[1:end], rest[end:]
		if !identifiers(pre) {
			return "", "", false
		}
	}
	if strings.HasPrefix(rest, "+") {
		build, rest = rest[1:], ""
		if !identifiers(build) {
			return "", "", false
		}
	}
	return pre, build, rest == ""
}

func parse(str string, semver bool) (*Version, error) {
	numbers, extra, ok := split(str)
	if !ok {
		return nil, fmt.Errorf("could not parse %q as version", str)
	}
	comps := strings.Split(numbers, ".")
	if (semver && len(comps) != 3) || (!semver && len(comps) < 2) {
		return nil, fmt.Errorf("illegal version string %q", str)
	}
	v := &Version{components: make([]uint, len(comps)), semver: semver}
	for i, c := range comps {
		if (i == 0 || semver) && strings.HasPrefix(c, "0") && c != "0" {
			return nil, fmt.Errorf("illegal zero-prefixed version component %q in %q", c, str)
		}
		n, err := strconv.ParseUint(c, 10, 0)
		if err != nil {
			return nil, fmt.Errorf("illegal non-numeric version component %q in %q: %v", c, str, err)
		}
		v.components[i] = uint(n)
	}
	if semver && extra != "" {
		pre, build, ok := splitExtra(extra)
		if !ok {
			return nil, fmt.Errorf("could not parse pre-release/metadata (%s) in version %q", extra, str)
		}
		v.preRelease, v.buildMetadata = pre, build
		for _, c := range strings.Split(pre, ".") {
			if _, err := strconv.ParseUint(c, 10, 0); err == nil && strings.HasPrefix(c, "0") && c != "0" {
				return nil, fmt.Errorf("illegal zero-prefixed version component %q in %q", c, str)
			}
		}
	}
	return v, nil
}

// Major returns the major component.
func (v *Version) Major() uint { return v.components[0] }

// Minor returns the minor component.
func (v *Version) Minor() uint { return v.components[1] }

// Patch returns the patch component (0 when absent).
func (v *Version) Patch() uint {
	if len(v.components) < 3 {
		return 0
	}
	return v.components[2]
}

// PreRelease returns the pre-release of a semantic version, or "".
func (v *Version) PreRelease() string { return v.preRelease }

// BuildMetadata returns the build metadata of a semantic version, or "".
func (v *Version) BuildMetadata() string { return v.buildMetadata }

// Components returns the numbers as written.
func (v *Version) Components() []uint { return append([]uint(nil), v.components...) }

// String prints the version as upstream does: the numbers as written, then
// "-pre" and "+build" when present. A nil version prints as "<nil>", which
// is what fmt shows for upstream's nil *version.Version inside a struct.
func (v *Version) String() string {
	if v == nil {
		return "<nil>"
	}
	var b strings.Builder
	for i, c := range v.components {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(strconv.FormatUint(uint64(c), 10))
	}
	if v.preRelease != "" {
		b.WriteByte('-')
		b.WriteString(v.preRelease)
	}
	if v.buildMetadata != "" {
		b.WriteByte('+')
		b.WriteString(v.buildMetadata)
	}
	return b.String()
}

// Compare returns -1, 0 or 1: numbers first (missing ones are zero), then,
// only when both versions are semantic, the pre-release (a release is
// above its pre-releases; numeric identifiers compare as numbers).
func (v *Version) Compare(o *Version) int {
	n := min(len(v.components), len(o.components))
	for i := 0; i < n; i++ {
		if c := cmpUint(v.components[i], o.components[i]); c != 0 {
			return c
		}
	}
	switch {
	case len(o.components) < len(v.components) && !onlyZeros(v.components[n:]):
		return 1
	case len(o.components) > len(v.components) && !onlyZeros(o.components[n:]):
		return -1
	}
	if !v.semver || !o.semver {
		return 0
	}
	switch {
	case v.preRelease == o.preRelease:
		return 0
	case v.preRelease == "":
		return 1
	case o.preRelease == "":
		return -1
	}
	vp, op := strings.Split(v.preRelease, "."), strings.Split(o.preRelease, ".")
	for i := 0; i < len(vp) && i < len(op); i++ {
		if vn, err := strconv.ParseUint(vp[i], 10, 0); err == nil {
			if on, err := strconv.ParseUint(op[i], 10, 0); err == nil {
				if c := cmpUint(uint(vn), uint(on)); c != 0 {
					return c
				}
				continue
			}
		}
		if c := strings.Compare(vp[i], op[i]); c != 0 {
			return c
		}
	}
	return cmpUint(uint(len(vp)), uint(len(op)))
}

func onlyZeros(cs []uint) bool {
	for _, c := range cs {
		if c != 0 {
			return false
		}
	}
	return true
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

// EqualTo reports that v and o compare equal ("1.31" equals "1.31.0"); a
// nil version equals only nil.
func (v *Version) EqualTo(o *Version) bool {
	if v == nil || o == nil {
		return v == o
	}
	return v.Compare(o) == 0
}

// Identical reports whether v and o are the same value field by field, as
// reflect.DeepEqual sees upstream's versions inside two FeatureSpecs.
func (v *Version) Identical(o *Version) bool {
	if v == nil || o == nil {
		return v == o
	}
	if v.semver != o.semver || v.preRelease != o.preRelease || v.buildMetadata != o.buildMetadata || len(v.components) != len(o.components) {
		return false
	}
	for i := range v.components {
		if v.components[i] != o.components[i] {
			return false
		}
	}
	return true
}

// OffsetMinor returns the generic major.(minor+offset), the minor stopping
// at 0; the patch and pre-release are dropped.
func (v *Version) OffsetMinor(offset int) *Version {
	var m uint
	if offset >= 0 {
		m = v.Minor() + uint(offset)
	} else if d := uint(-offset); d < v.Minor() {
		m = v.Minor() - d
	}
	return MajorMinor(v.Major(), m)
}

// SubtractMinor returns major.(minor-n) without a patch, stopping at minor 0.
func (v *Version) SubtractMinor(n uint) *Version { return v.OffsetMinor(-int(n)) }

// AddMinor returns major.(minor+n) without a patch.
func (v *Version) AddMinor(n uint) *Version { return v.OffsetMinor(int(n)) }

// WithoutPatch returns the generic major.minor.
func (v *Version) WithoutPatch() *Version { return MajorMinor(v.Major(), v.Minor()) }

// ParseRelease reads a Kubernetes release the way users write one — "1.30",
// "v1.30.2", "1.31.0-rc.1" — stricter than Parse: two or three numbers
// without leading zeros, optionally a "v" before and a pre-release or build
// suffix after (dropped). Anything else is an "illegal version string".
func ParseRelease(s string) (*Version, error) {
	t := strings.TrimPrefix(strings.TrimSpace(s), "v")
	if i := strings.IndexAny(t, "-+"); i >= 0 {
		t = t[:i]
	}
	parts := strings.Split(t, ".")
	// The error is made only when there is one: a valid release (every
	// evaluation parses one) runs no fmt code.
	illegal := func() error { return fmt.Errorf("illegal version string %q", s) }
	if len(parts) < 2 || len(parts) > 3 {
		return nil, illegal()
	}
	v := &Version{components: make([]uint, len(parts))}
	for i, p := range parts {
		if p == "" || len(p) > 1 && p[0] == '0' {
			return nil, illegal()
		}
		n, err := strconv.ParseUint(p, 10, 32)
		if err != nil {
			return nil, illegal()
		}
		v.components[i] = uint(n)
	}
	return v, nil
}
