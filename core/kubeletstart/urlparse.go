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
// of its error (`parse "…": …`).
func urlParse(s string, gen int) (scheme, errText string) {
	u, frag, _ := strings.Cut(s, "#")
	scheme, msg := urlParseNoFrag(u, gen)
	if msg != "" {
		return "", "parse " + strconv.Quote(u) + ": " + msg
	}
	if msg := urlUnescape(frag, 0); msg != "" {
		return "", "parse " + strconv.Quote(s) + ": " + msg
	}
	return scheme, ""
}

func urlParseNoFrag(s string, gen int) (scheme, msg string) {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] == 0x7f {
			return "", "net/url: invalid control character in URL"
		}
	}
	rest := s
	if sch := urlScheme(s); sch != "" {
		scheme, rest = strings.ToLower(sch), s[len(sch)+1:]
	} else if strings.HasPrefix(s, ":") {
		return "", "missing protocol scheme"
	}
	if strings.HasSuffix(rest, "?") && strings.Count(rest, "?") == 1 {
		rest = rest[:len(rest)-1]
	} else {
		rest, _, _ = strings.Cut(rest, "?")
	}
	if !strings.HasPrefix(rest, "/") {
		if scheme != "" {
			return scheme, "" // opaque
		}
		if seg, _, _ := strings.Cut(rest, "/"); strings.Contains(seg, ":") {
			return "", "first path segment in URL cannot contain colon"
		}
	}
	if (scheme != "" || !strings.HasPrefix(rest, "///")) && strings.HasPrefix(rest, "//") {
		authority := rest[2:]
		rest = ""
		if i := strings.IndexByte(authority, '/'); i >= 0 {
			authority, rest = authority[:i], authority[i:]
		}
		if msg := urlAuthority(scheme, authority, gen); msg != "" {
			return "", msg
		}
	}
	if msg := urlUnescape(rest, 0); msg != "" {
		return "", msg
	}
	return scheme, ""
}

func urlAuthority(scheme, authority string, gen int) string {
	i := strings.LastIndexByte(authority, '@')
	if msg := urlHost(scheme, authority[i+1:], gen); msg != "" || i < 0 {
		return msg
	}
	userinfo := authority[:i]
	for _, r := range userinfo {
		if !(r < 0x80 && (isAlnum(byte(r)) || strings.IndexByte("-._:~!$&'()*+,;=%@", byte(r)) >= 0)) {
			return "net/url: invalid userinfo"
		}
	}
	name, pass, _ := strings.Cut(userinfo, ":")
	if msg := urlUnescape(name, 0); msg != "" {
		return msg
	}
	return urlUnescape(pass, 0)
}

func urlHost(scheme, host string, gen int) string {
	open := strings.LastIndexByte(host, '[')
	switch {
	case gen == urlGo123 && strings.HasPrefix(host, "["):
		closing := strings.LastIndexByte(host, ']')
		if closing < 0 {
			return "missing ']' in host"
		}
		if p := host[closing+1:]; !validOptionalPort(p) {
			return "invalid port " + strconv.Quote(p) + " after host"
		}
		if z := strings.Index(host[:closing], "%25"); z >= 0 {
			if msg := urlUnescape(host[:z], hostMode); msg != "" {
				return msg
			}
			if msg := urlUnescape(host[z:closing], zoneMode); msg != "" {
				return msg
			}
			return urlUnescape(host[closing:], hostMode)
		}
	case gen >= urlGo125 && open > 0:
		return "invalid IP-literal"
	case gen > urlGo123 && open >= 0:
		// From Go 1.24.8 the bracketed part must be an IPv6 address
		// (netip.ParseAddr); its errors are not modelled.
		closing := strings.LastIndexByte(host, ']')
		if closing < 0 {
			return "missing ']' in host"
		}
		if p := host[closing+1:]; !validOptionalPort(p) {
			return "invalid port " + strconv.Quote(p) + " after host"
		}
		name := host[open+1 : closing] // open < closing: the port holds no '['
		z := strings.Index(name, "%25")
		if z < 0 {
			z = len(name)
		}
		if msg := urlUnescape(name[:z], hostMode); msg != "" {
			return msg
		}
		return urlUnescape(name[z:], zoneMode)
	default:
		if i := strings.IndexByte(host, ':'); i >= 0 {
			if last := strings.LastIndexByte(host, ':'); gen < urlGo126 || scheme != "http" && scheme != "https" {
				i = last
			}
			if p := host[i:]; !validOptionalPort(p) {
				return "invalid port " + strconv.Quote(p) + " after host"
			}
		}
	}
	return urlUnescape(host, hostMode)
}

// validOptionalPort: empty, or ':' and digits.
func validOptionalPort(p string) bool {
	if p == "" {
		return true
	}
	if p[0] != ':' {
		return false
	}
	for i := 1; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return false
		}
	}
	return true
}

const (
	hostMode = 1 + iota
	zoneMode
)

// hostByteOK: the ASCII bytes a host or zone may hold unescaped.
func hostByteOK(c byte) bool {
	return isAlnum(c) || strings.IndexByte(`!$&'()*+,;=:[]<>"-_.~`, c) >= 0
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// urlUnescape is net/url's unescape check for a path, fragment or userinfo
// (mode 0), a host or a zone: the error, if any.
func urlUnescape(s string, mode int) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' {
			if mode != 0 && c < 0x80 && !hostByteOK(c) {
				return "invalid character " + strconv.Quote(s[i:i+1]) + " in host name"
			}
			continue
		}
		if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			return "invalid URL escape " + strconv.Quote(s[i:min(i+3, len(s))])
		}
		esc := s[i : i+3]
		v, _ := strconv.ParseUint(esc[1:], 16, 8)
		if esc != "%25" && (mode == hostMode && v < 0x80 || mode == zoneMode && v != ' ' && (v >= 0x80 || !hostByteOK(byte(v)))) {
			return "invalid URL escape " + strconv.Quote(esc)
		}
		i += 2
	}
	return ""
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
