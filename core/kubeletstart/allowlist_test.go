package kubeletstart

import "testing"

// TestAllowlistPatterns: getAllowlistImagePattern's verdicts on patterns
// that do not reach the image reference parse, alike in 1.35 and 1.36, as
// the real pull manager code gives them.
func TestAllowlistPatterns(t *testing.T) {
	for _, tc := range []struct{ in, want35, want36 string }{
		{" nginx", "leading/trailing spaces are not allowed:  nginx", "leading/trailing spaces are not allowed:  nginx"},
		{"quay.io/*", "", ""},
		{"", "the supplied pattern is too short: ", "the supplied pattern is too short: "},
		{"/*", "at least registry hostname is required", "at least registry hostname is required"},
		{"quay.io/a*b", "not a valid wildcard pattern, only patterns ending with '/*' are allowed: quay.io/a*b", "not a valid wildcard pattern, only patterns ending with '/*' are allowed: quay.io/a*b"},
		{"quay.io/a/*/*", "not a valid wildcard pattern, only patterns ending with '/*' are allowed: quay.io/a/*/*", "not a valid wildcard pattern, only patterns ending with '/*' are allowed: quay.io/a/*/*"},
	} {
		if got := allowlistPatternError(tc.in); got != tc.want35 || got != tc.want36 {
			t.Errorf("%q: %q, want %q (1.35) and %q (1.36)", tc.in, got, tc.want35, tc.want36)
		}
	}
}
