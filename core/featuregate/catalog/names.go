package catalog

// ValidName reports whether s is spelled like an upstream gate name
// (letters, digits, '_', '-', '.'), as the data formats require.
func ValidName(s string) bool { return validName(s) }

// IsRelease reports whether s is a "major.minor" release such as "1.30".
func IsRelease(s string) bool {
	_, ok := parseMinor(s)
	return ok
}

// CompareReleases orders two "major.minor" releases (negative, zero,
// positive); malformed ones order as 0.0.
func CompareReleases(a, b string) int { return compareMinor(a, b) }
