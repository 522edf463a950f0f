package kubeletstart

import "testing"

// TestAllowlistPatterns: getAllowlistImagePattern's verdicts in 1.35
// (ParseNormalizedNamed) and 1.36 (Parse), as the real pull manager code
// with github.com/distribution/reference v0.6.0 gives them.
func TestAllowlistPatterns(t *testing.T) {
	for _, tc := range []struct{ in, want35, want36 string }{
		{"nginx", "neither tag nor digest is accepted in an image reference: nginx", ""},
		{"docker.io/library/nginx", "", ""},
		{"quay.io/foo/bar", "", ""},
		{"quay.io/foo/bar:v1", "neither tag nor digest is accepted in an image reference: quay.io/foo/bar:v1", "neither tag nor digest is accepted in an image reference: quay.io/foo/bar:v1"},
		{"quay.io/foo@sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "neither tag nor digest is accepted in an image reference: quay.io/foo@sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "neither tag nor digest is accepted in an image reference: quay.io/foo@sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},
		{"quay.io/foo@sha256:aaaa0000000000000000000000000000", "failed to parse as an image name: invalid checksum digest length", "failed to parse as an image name: invalid checksum digest length"},
		{"quay.io/foo@md5:aaaa0000000000000000000000000000", "failed to parse as an image name: unsupported digest algorithm", "failed to parse as an image name: unsupported digest algorithm"},
		{"quay.io/foo@MD5:aaaa0000000000000000000000000000", "failed to parse as an image name: invalid reference format: repository name (foo@MD5) must be lowercase", "failed to parse as an image name: invalid checksum digest format"},
		{"Quay.io/Foo", "failed to parse as an image name: invalid reference format: repository name (Foo) must be lowercase", "failed to parse as an image name: repository name must be lowercase"},
		{"quay.io/Foo", "failed to parse as an image name: invalid reference format: repository name (Foo) must be lowercase", "failed to parse as an image name: repository name must be lowercase"},
		{" nginx", "leading/trailing spaces are not allowed:  nginx", "leading/trailing spaces are not allowed:  nginx"},
		{"quay.io/*", "", ""},
		{"/*", "at least registry hostname is required", "at least registry hostname is required"},
		{"quay.io/a*b", "not a valid wildcard pattern, only patterns ending with '/*' are allowed: quay.io/a*b", "not a valid wildcard pattern, only patterns ending with '/*' are allowed: quay.io/a*b"},
		{"quay.io/a/*/*", "not a valid wildcard pattern, only patterns ending with '/*' are allowed: quay.io/a/*/*", "not a valid wildcard pattern, only patterns ending with '/*' are allowed: quay.io/a/*/*"},
		{"localhost:5000/a", "", ""},
		{"a__b/c--d", "neither tag nor digest is accepted in an image reference: a__b/c--d", ""},
		{"a___b", "failed to parse as an image name: invalid reference format", "failed to parse as an image name: invalid reference format"},
		{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "failed to parse as an image name: invalid repository name (aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa), cannot specify 64-byte hexadecimal strings", ""},
		{"[::1]:5000/x", "", ""},
	} {
		if got := allowlistPatternError(tc.in, 35); got != tc.want35 {
			t.Errorf("1.35 %q: %q, want %q", tc.in, got, tc.want35)
		}
		if got := allowlistPatternError(tc.in, 36); got != tc.want36 {
			t.Errorf("1.36 %q: %q, want %q", tc.in, got, tc.want36)
		}
	}
}
