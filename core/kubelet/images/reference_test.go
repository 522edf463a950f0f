package images

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// referenceRE is the grammar validReference writes out by hand, as the
// regular expression it replaces: the oracle of the tests below.
var referenceRE = regexp.MustCompile(`^(?:[a-zA-Z0-9.-]+(?::[0-9]+)?/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[\w][\w.-]{0,127})?(?:@[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,})?$`)

var referenceCorpus = []string{
	"", "nginx", "nginx:1.25", "nginx:latest", "library/nginx", "docker.io/library/nginx:1.25",
	"localhost:5000/app", "localhost:5000", "localhost:5000/app:v1", "Registry.Example.com/team/app",
	"a__b", "a___b", "a_b", "a._b", "a--b", "a-", "-a", "a.", "a..b", "a/b/c", "a//b", "a/", "/a",
	"Nginx", "nginx:", "nginx:-1", "nginx:_1", "nginx:1.0-rc_1", "app:" + strings.Repeat("t", 128), "app:" + strings.Repeat("t", 129),
	"a:1/b", "a:/b", "a:x/b", "a b", "ngïnx", "dömain/app",
	"app@sha256:" + strings.Repeat("a", 64), "app:v1@sha256:" + strings.Repeat("F", 32), "app@sha256:" + strings.Repeat("a", 31),
	"app@sha256", "app@:" + strings.Repeat("a", 32), "app@1sha:" + strings.Repeat("a", 32), "app@sha+256.x_y-z:" + strings.Repeat("0", 40),
	"app@sha256:" + strings.Repeat("g", 32), "app@@sha256:" + strings.Repeat("a", 32), "app@sha-:" + strings.Repeat("a", 32),
	"host.example:443/a/b:c@x:" + strings.Repeat("9", 33),
}

func TestValidReferenceMatchesGrammar(t *testing.T) {
	for _, s := range referenceCorpus {
		require.Equal(t, referenceRE.MatchString(s), validReference(s), "%q", s)
	}
}

func FuzzValidReference(f *testing.F) {
	for _, s := range referenceCorpus {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := validReference(s), referenceRE.MatchString(s); got != want {
			t.Fatalf("validReference(%q) = %v, the grammar says %v", s, got, want)
		}
	})
}

func TestApplyDefaultImageTag(t *testing.T) {
	for in, want := range map[string]string{
		"nginx":                 "nginx:latest",
		"nginx:1.25":            "nginx:1.25",
		"localhost:5000/app":    "localhost:5000/app:latest",
		"app@sha256:" + hex32(): "app@sha256:" + hex32(),
		"Nginx":                 `couldn't parse image reference "Nginx": invalid reference format: repository name must be lowercase`,
		"repo/Nginx@sha256:x":   `couldn't parse image reference "repo/Nginx@sha256:x": invalid reference format: repository name must be lowercase`,
		"nginx:-1":              `couldn't parse image reference "nginx:-1": invalid reference format`,
	} {
		got, err := ApplyDefaultImageTag(in)
		if err != nil {
			got = err.Error()
		}
		require.Equal(t, want, got, in)
	}
}

func hex32() string { return strings.Repeat("ab", 16) }

func BenchmarkValidReference(b *testing.B) {
	for i := 0; i < b.N; i++ {
		for _, s := range referenceCorpus {
			validReference(s)
		}
	}
}
