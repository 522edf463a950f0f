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
// pkg/kubelet/images/pullmanager/image_pull_policies.go, 1.33–1.37. Not
// modelled, for the gates engine's size: a pattern without a trailing "/*"
// is parsed as an image reference by github.com/distribution/reference
// v0.6.0 (ParseNormalizedNamed up to 1.35, whose canonical name must equal
// the pattern, so "nginx" is refused; Parse from 1.36), which the model
// accepts.

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
		if msg := allowlistPatternError(p); msg != "" {
			c.addRaw(allowlistPre+msg, allowlistField)
			return
		}
	}
}

// allowlistPatternError is getAllowlistImagePattern's error.
func allowlistPatternError(p string) string {
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
	return "" // parsed as an image reference upstream: not modelled
}
