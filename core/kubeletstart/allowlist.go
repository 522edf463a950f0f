package kubeletstart

import (
	"strings"
)

// preloadedImagesVerificationAllowlist (1.33+): ValidateKubeletConfiguration
// checks it after the imagePullCredentialsVerificationPolicy's values,
// while KubeletEnsureSecretPulledImages is on: set with another policy than
// NeverVerifyAllowlistedImages it is refused (upstream's message misspells
// the policy's name), otherwise each pattern goes through the image pull
// manager's ValidateAllowlistImagesPatterns, first error only; with the
// gate off it must not be set. Defaulting leaves it alone. Read from
// pkg/kubelet/apis/config/validation/validation.go and
// pkg/kubelet/images/pullmanager/image_pull_policies.go, 1.33–1.37. A
// pattern without a trailing "/*" is parsed as an image reference by
// github.com/distribution/reference v0.6.0 (with go-digest v1.0.0):
// ParseNormalizedNamed up to 1.35, whose canonical name must equal the
// pattern (so "nginx", which is docker.io/library/nginx, is refused as
// carrying a tag), Parse from 1.36, where only a tag or digest is refused.

const (
	allowlistField = "preloadedImagesVerificationAllowlist"
	allowlistPre   = "invalid configuration: invalid image pattern in `preloadedImagesVerificationAllowlist`: "
)

// allowlist is the check, after the policy's.
func (c *nestedChecks) allowlist() {
	if c.e.minor < 33 {
		return
	}
	list := c.list(allowlistField)
	if !c.enabled(ensureSecretGate) {
		if len(list) > 0 {
			c.addRaw("invalid configuration: `preloadedImagesVerificationAllowlist` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled", allowlistField)
		}
		return
	}
	if len(list) > 0 && c.st.str(imagePullPolicy) != "NeverVerifyAllowlistedImages" {
		c.addRaw("invalid configuration: can't set `preloadedImagesVerificationAllowlist` if `imagePullCredentialsVertificationPolicy` is not \"NeverVerifyAllowlistedImages\"", allowlistField, imagePullPolicy)
		return
	}
	for _, v := range list {
		p, _ := v.(string) // a null element decodes as ""
		if msg := allowlistPatternError(p, c.e.minor); msg != "" {
			c.addRaw(allowlistPre+msg, allowlistField)
			return
		}
	}
}

// allowlistPatternError is getAllowlistImagePattern's error.
func allowlistPatternError(p string, minor int) string {
	if p != strings.TrimSpace(p) {
		return "leading/trailing spaces are not allowed: " + p
	}
	trimmed, wildcard := p, strings.HasSuffix(p, "/*")
	if wildcard {
		trimmed = p[:len(p)-1]
	}
	switch {
	case trimmed == "":
		return "the supplied pattern is too short: " + p
	case strings.ContainsRune(trimmed, '*'):
		return "not a valid wildcard pattern, only patterns ending with '/*' are allowed: " + p
	case wildcard && len(trimmed) == 1:
		return "at least registry hostname is required"
	case wildcard:
		return ""
	}
	name, err := normalizedName(trimmed, minor)
	if err != "" {
		return "failed to parse as an image name: " + err
	}
	if name != trimmed {
		return "neither tag nor digest is accepted in an image reference: " + p
	}
	return ""
}

// normalizedName is the name the release compares with the pattern:
// ParseNormalizedNamed's Name() up to 1.35, the reference without its tag
// and digest from 1.36 (trimImageTagDigest).
func normalizedName(s string, minor int) (string, string) {
	if minor >= 36 {
		ref, err := parseReference(s)
		return ref.name, err
	}
	if len(s) == 64 && strings.Trim(s, "0123456789abcdef") == "" {
		return "", "invalid repository name (" + s + "), cannot specify 64-byte hexadecimal strings"
	}
	// splitDockerDomain
	domain, remainder := "docker.io", s
	if first, rest, ok := strings.Cut(s, "/"); ok {
		switch {
		case first == "localhost", strings.ContainsAny(first, ".:") && first != "index.docker.io", strings.ToLower(first) != first:
			domain, remainder = first, rest
		case first == "index.docker.io":
			remainder = rest
		}
	}
	if domain == "docker.io" && !strings.Contains(remainder, "/") {
		remainder = "library/" + remainder
	}
	remote, _, _ := strings.Cut(remainder, ":")
	if strings.ToLower(remote) != remote {
		return "", "invalid reference format: repository name (" + remote + ") must be lowercase"
	}
	ref, err := parseReference(domain + "/" + remainder)
	return ref.name, err
}

type imageRef struct {
	name string // domain/path, or path
}

// parseReference is reference.Parse: ReferenceRegexp's match (a name, then
// ':' and a tag, then '@' and a digest, each part's grammar checked by
// hand), the upper-case retry, the path's length and go-digest's checks.
func parseReference(s string) (imageRef, string) {
	name, ok := matchReference(s)
	if !ok {
		if s == "" {
			return imageRef{}, "repository name must have at least one component"
		}
		if _, ok := matchReference(strings.ToLower(s)); ok {
			return imageRef{}, "repository name must be lowercase"
		}
		return imageRef{}, "invalid reference format"
	}
	path := name
	if first, rest, ok := strings.Cut(name, "/"); ok && matchDomainPort(first) && matchRemote(rest) {
		path = rest
	}
	if len(path) > 255 {
		return imageRef{}, "repository name must not be more than 255 characters"
	}
	if _, dg, found := strings.Cut(s, "@"); found {
		if err := digestError(dg); err != "" {
			return imageRef{}, err
		}
	}
	return imageRef{name: name}, ""
}

// matchReference splits s as ReferenceRegexp does: the digest after the
// '@', the tag after a ':' past the last '/', the name before.
func matchReference(s string) (name string, ok bool) {
	rest, dg, hasDigest := strings.Cut(s, "@")
	if hasDigest && !matchDigestPat(dg) {
		return "", false
	}
	name = rest
	slash := strings.LastIndexByte(rest, '/')
	if i := strings.IndexByte(rest[slash+1:], ':'); i >= 0 {
		name = rest[:slash+1+i]
		if !matchTag(rest[slash+2+i:]) {
			return "", false
		}
	}
	if first, rest, ok := strings.Cut(name, "/"); ok && matchDomainPort(first) && matchRemote(rest) {
		return name, true
	}
	return name, matchRemote(name)
}

// matchRemote: path components of [a-z0-9]+ runs joined by '.', '_',
// "__" or a run of '-', separated by '/'.
func matchRemote(s string) bool {
	for _, comp := range strings.Split(s, "/") {
		i := 0
		for {
			start := i
			for i < len(comp) && (comp[i] >= 'a' && comp[i] <= 'z' || comp[i] >= '0' && comp[i] <= '9') {
				i++
			}
			if i == start {
				return false // empty, or a separator not between runs
			}
			if i == len(comp) {
				break
			}
			start = i
			for i < len(comp) && !(comp[i] >= 'a' && comp[i] <= 'z' || comp[i] >= '0' && comp[i] <= '9') {
				i++
			}
			switch sep := comp[start:i]; {
			case sep == ".", sep == "_", sep == "__", strings.Trim(sep, "-") == "":
			default:
				return false
			}
		}
	}
	return true
}

// matchDomainPort: a host (dot-separated labels of letters, digits and
// inner '-', or "[" hex digits and ':' "]") and an optional ":port".
func matchDomainPort(s string) bool {
	host, port := s, ""
	if strings.HasPrefix(s, "[") {
		i := strings.IndexByte(s, ']')
		if i < 2 || strings.Trim(s[1:i], "0123456789abcdefABCDEF:") != "" {
			return false
		}
		host, port = "", s[i+1:]
	} else if i := strings.IndexByte(s, ':'); i >= 0 {
		host, port = s[:i], s[i:]
	}
	if port != "" && (len(port) < 2 || !validOptionalPort(port)) {
		return false
	}
	if host == "" {
		return strings.HasPrefix(s, "[")
	}
	for _, label := range strings.Split(host, ".") {
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			if !isAlnum(label[i]) && label[i] != '-' {
				return false
			}
		}
	}
	return true
}

// matchTag: a word character, then up to 127 word characters, '.' or '-'.
func matchTag(s string) bool {
	if s == "" || len(s) > 128 || s[0] == '.' || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '_' && c != '.' && c != '-' {
			return false
		}
	}
	return true
}

// matchDigestPat: an algorithm (letter-led components joined by '-', '_',
// '+' or '.'), ':' and at least 32 hex digits.
func matchDigestPat(s string) bool {
	alg, hex, ok := strings.Cut(s, ":")
	if !ok || len(hex) < 32 || strings.Trim(hex, "0123456789abcdefABCDEF") != "" {
		return false
	}
	start := true
	for i := 0; i < len(alg); i++ {
		c := alg[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			start = false
		case c >= '0' && c <= '9' && !start:
		case strings.IndexByte("-_+.", c) >= 0 && !start && i > 0:
			start = true
		default:
			return false
		}
	}
	return !start
}

// digestError is go-digest's Parse of a digest ReferenceRegexp matched:
// sha256, sha384 and sha512 (linked into the kubelet) with their
// lower-case hex lengths; another algorithm is unsupported, or badly
// formed when it has an upper-case letter (DigestRegexp's [a-z0-9]).
func digestError(d string) string {
	alg, hex, _ := strings.Cut(d, ":")
	size := 0
	switch alg {
	case "sha256":
		size = 64
	case "sha384":
		size = 96
	case "sha512":
		size = 128
	}
	switch {
	case size == 0 && strings.ToLower(alg) != alg:
		return "invalid checksum digest format"
	case size == 0:
		return "unsupported digest algorithm"
	case len(hex) != size:
		return "invalid checksum digest length"
	case strings.Trim(hex, "0123456789abcdef") != "":
		return "invalid checksum digest format"
	}
	return ""
}
