package kubeletstart

import (
	"strconv"
	"strings"
)

// net/url's Parse as the tracing endpoint check meets it (component-base
// tracing/api/v1 validateEndpoint, unchanged 1.25–1.37): the error a
// release's kubelet prints and the scheme it then checks. The checks are
// those of the Go toolchain the release's newest patch was built with
// (its .go-version), which changed how a host in brackets is read:
//
//   - urlGo123 (Go ≤1.24.7, 1.25–1.30): a host starting with '[' needs a
//     ']' and a numeric port after it, and only %-escapes are checked;
//   - urlGo1249 (Go 1.24.8–1.24.9, 1.31.14): from the last '[' on, the
//     bracketed part must be an IPv6 address, not IPv4 nor IPv4-mapped;
//     what precedes '[' is ignored;
//   - urlGo12412 (Go 1.24.10+, 1.32.13 and 1.34.4): IPv4-mapped accepted;
//   - urlGo125 (Go 1.25.8+, 1.33.13 and 1.35.4): a '[' past the host's
//     start is "invalid IP-literal";
//   - urlGo126 (Go 1.26.5+, 1.36.3 and 1.37; godebug default=go1.26, so
//     urlstrictcolons): an http or https host reads its port from the first
//     ':' on.
//
// Read from src/net/url/url.go of Go 1.21.13, 1.22.12, 1.23.10, 1.24.9,
// 1.24.12, 1.25.9, 1.25.11, 1.26.5 and 1.26.8. Not modelled, for the
// gates engine's size: the bracketed part's check from Go 1.24.8
// (netip.ParseAddr's errors, "invalid IPv6 host", "invalid IP-literal" for
// an IPv4 address), which the model accepts.
const (
	urlGo123 = iota
	urlGo1249
	urlGo12412
	urlGo125
	urlGo126
)

// urlGen is the net/url generation a release's kubelet was built with.
func urlGen(minor int) int {
	switch {
	case minor <= 30:
		return urlGo123
	case minor == 31:
		return urlGo1249
	case minor == 32, minor == 34:
		return urlGo12412
	case minor <= 35:
		return urlGo125
	}
	return urlGo126
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
			return "", "parse " + strconv.Quote(s) + ": invalid port " + strconv.Quote(p) + " after host"
		}
	}
	return strings.ToLower(scheme), ""
}

// validOptionalPort: empty, or ':' and digits.
func validOptionalPort(p string) bool {
	return p == "" || p[0] == ':' && strings.Trim(p[1:], "0123456789") == ""
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
