package kubeletstart

import (
	"strconv"
	"strings"
)

// net/url's Parse as the tracing endpoint check meets it (component-base
// tracing/api/v1 validateEndpoint, unchanged 1.25–1.37): the scheme, and
// the port after a host not in brackets, read with the rules of the Go
// toolchain the release's newest patch was built with (its .go-version):
// up to Go 1.25 from the host's last ':', from Go 1.26 (1.36.3 and 1.37,
// built with godebug default=go1.26, so urlstrictcolons) from the first
// ':' of an http or https host. Read from src/net/url/url.go of Go
// 1.21.13–1.26.8.
//
// Not modelled, for the gates engine's size (a full model weighed +35 kB
// of wasm, +12 kB brotli): url.Parse's other errors, which the real
// kubelet prints and the model accepts: control characters, "missing
// protocol scheme", "first path segment in URL cannot contain colon",
// invalid escapes and host characters, invalid userinfo, "missing ']' in
// host", and the bracketed host's checks, which changed with Go 1.24.8
// (netip.ParseAddr: 1.31 "invalid IPv6 host" for IPv4 and IPv4-mapped
// addresses), 1.24.10 (1.32, 1.34: IPv4 "invalid IP-literal") and 1.25.8
// (1.33, 1.35: a '[' past the host's start is "invalid IP-literal").
const (
	urlGo125 = iota // any toolchain before Go 1.26
	urlGo126
)

// urlGen is the net/url generation a release's kubelet was built with.
func urlGen(minor int) int {
	if minor >= 36 {
		return urlGo126
	}
	return urlGo125
}

// urlParse returns the lower-cased scheme url.Parse gives s, or the text
// of its error (`parse "…": …`) for a bad port after an authority's host;
// url.Parse's other errors are not modelled.
func urlParse(s string, gen int) (scheme, errText string) {
	scheme = urlScheme(s)
	rest := s[len(scheme):]
	if scheme != "" {
		rest = rest[1:]
	}
	if !strings.HasPrefix(rest, "//") {
		return strings.ToLower(scheme), ""
	}
	host := rest[2:]
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	host = host[strings.LastIndexByte(host, '@')+1:]
	if strings.HasPrefix(host, "[") {
		return strings.ToLower(scheme), ""
	}
	if i := strings.IndexByte(host, ':'); i >= 0 {
		if sch := strings.ToLower(scheme); gen < urlGo126 || sch != "http" && sch != "https" {
			i = strings.LastIndexByte(host, ':')
		}
		if p := host[i:]; strings.Trim(p[1:], "0123456789") != "" {
			u, _, _ := strings.Cut(s, "#") // the error names the URL without its fragment
			return "", "parse " + strconv.Quote(u) + ": invalid port " + strconv.Quote(p) + " after host"
		}
	}
	return strings.ToLower(scheme), ""
}
