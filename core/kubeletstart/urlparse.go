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
//     bracketed part must be an IPv6 address (netip.ParseAddr), not IPv4
//     nor IPv4-mapped ("invalid IPv6 host"); what precedes '[' is ignored;
//   - urlGo12412 (Go 1.24.10+, 1.32.13 and 1.34.4): IPv4-mapped accepted,
//     an IPv4 address is "invalid IP-literal";
//   - urlGo125 (Go 1.25.8+, 1.33.13 and 1.35.4): a '[' past the host's
//     start is "invalid IP-literal";
//   - urlGo126 (Go 1.26.5+, 1.36.3 and 1.37; godebug default=go1.26, so
//     urlstrictcolons): an http or https host reads its port from the first
//     ':' on.
//
// Read from src/net/url/url.go and src/net/netip/netip.go of Go 1.23.10,
// 1.24.9, 1.24.12, 1.25.9, 1.25.11, 1.26.5 and 1.26.8.
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
	if _, msg := urlUnescape(frag, 0); msg != "" {
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
	if _, msg := urlUnescape(rest, 0); msg != "" {
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
	if _, msg := urlUnescape(name, 0); msg != "" {
		return msg
	}
	_, msg := urlUnescape(pass, 0)
	return msg
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
			if _, msg := urlUnescape(host[:z], hostMode); msg != "" {
				return msg
			}
			if _, msg := urlUnescape(host[z:closing], zoneMode); msg != "" {
				return msg
			}
			_, msg := urlUnescape(host[closing:], hostMode)
			return msg
		}
	case gen >= urlGo125 && open > 0:
		return "invalid IP-literal"
	case gen > urlGo123 && open >= 0:
		closing := strings.LastIndexByte(host, ']')
		if closing < 0 {
			return "missing ']' in host"
		}
		if p := host[closing+1:]; !validOptionalPort(p) {
			return "invalid port " + strconv.Quote(p) + " after host"
		}
		name := host[open+1 : closing] // open < closing: the port holds no '['
		var msg string
		if z := strings.Index(name, "%25"); z >= 0 {
			var a, b string
			if a, msg = urlUnescape(name[:z], hostMode); msg == "" {
				b, msg = urlUnescape(name[z:], zoneMode)
			}
			name = a + b
		} else {
			name, msg = urlUnescape(name, hostMode)
		}
		if msg != "" {
			return msg
		}
		v4, mapped, msg := parseAddr(name)
		switch {
		case msg != "":
			return "invalid host: " + msg
		case gen == urlGo1249 && (v4 || mapped):
			return "invalid IPv6 host"
		case v4:
			return "invalid IP-literal"
		}
		return ""
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
	_, msg := urlUnescape(host, hostMode)
	return msg
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

func unhexByte(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// urlUnescape is net/url's unescape for a path, fragment or userinfo (mode
// 0), a host or a zone: the unescaped text or the error.
func urlUnescape(s string, mode int) (string, string) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' {
			if mode != 0 && c < 0x80 && !hostByteOK(c) {
				return "", "invalid character " + strconv.Quote(s[i:i+1]) + " in host name"
			}
			b.WriteByte(c)
			continue
		}
		var hi, lo byte
		ok := i+2 < len(s)
		if ok {
			var ok2 bool
			hi, ok = unhexByte(s[i+1])
			lo, ok2 = unhexByte(s[i+2])
			ok = ok && ok2
		}
		if !ok {
			return "", "invalid URL escape " + strconv.Quote(s[i:min(i+3, len(s))])
		}
		v, esc := hi<<4|lo, s[i:i+3]
		if mode == hostMode && hi < 8 && esc != "%25" ||
			mode == zoneMode && esc != "%25" && v != ' ' && (v >= 0x80 || !hostByteOK(v)) {
			return "", "invalid URL escape " + strconv.Quote(esc)
		}
		b.WriteByte(v)
		i += 2
	}
	return b.String(), ""
}

// parseAddr is netip.ParseAddr's verdict: an IPv4 address, an IPv4-mapped
// IPv6 one, or the error's text.
func parseAddr(s string) (v4, mapped bool, msg string) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.':
			if msg := ipv4Fields(s, s, nil); msg != "" {
				return false, false, msg
			}
			return true, false, ""
		case ':':
			mapped, msg := parseIPv6(s)
			return false, mapped, msg
		case '%':
			return false, false, addrErr(s, "missing IPv6 address", "")
		}
	}
	return false, false, addrErr(s, "unable to parse IP", "")
}

func addrErr(in, msg, at string) string {
	s := "ParseAddr(" + strconv.Quote(in) + "): " + msg
	if at != "" {
		s += " (at " + strconv.Quote(at) + ")"
	}
	return s
}

// ipv4Fields reads s, a dotted quad within in, into out (when not nil).
func ipv4Fields(in, s string, out []byte) string {
	val, pos, digits := 0, 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			if digits == 1 && val == 0 {
				return addrErr(in, "IPv4 field has octet with leading zero", "")
			}
			val = val*10 + int(c-'0')
			digits++
			if val > 255 {
				return addrErr(in, "IPv4 field has value >255", "")
			}
		case c == '.':
			if i == 0 || i == len(s)-1 || s[i-1] == '.' {
				return addrErr(in, "IPv4 field must have at least one digit", s[i:])
			}
			if pos == 3 {
				return addrErr(in, "IPv4 address too long", "")
			}
			if out != nil {
				out[pos] = byte(val)
			}
			pos, val, digits = pos+1, 0, 0
		default:
			return addrErr(in, "unexpected character", s[i:])
		}
	}
	if pos < 3 {
		return addrErr(in, "IPv4 address too short", "")
	}
	if out != nil {
		out[3] = byte(val)
	}
	return ""
}

// parseIPv6 is netip's parseIPv6: whether the address is IPv4-mapped
// (::ffff:0:0/96), or the error.
func parseIPv6(in string) (bool, string) {
	s := in
	zone := ""
	if i := strings.IndexByte(s, '%'); i >= 0 {
		s, zone = s[:i], s[i+1:]
		if zone == "" {
			return false, addrErr(in, "zone must be a non-empty string", "")
		}
	}
	var ip [16]byte
	ellipsis := -1
	if len(s) >= 2 && s[0] == ':' && s[1] == ':' {
		ellipsis, s = 0, s[2:]
		if s == "" {
			return false, ""
		}
	}
	i := 0
	for i < 16 {
		off, acc := 0, uint32(0)
		for ; off < len(s); off++ {
			d, ok := unhexByte(s[off])
			if !ok {
				break
			}
			acc = acc<<4 + uint32(d)
			if off > 3 {
				return false, addrErr(in, "each group must have 4 or less digits", s)
			}
			if acc > 0xffff {
				return false, addrErr(in, "IPv6 field has value >=2^16", s)
			}
		}
		if off == 0 {
			return false, addrErr(in, "each colon-separated field must have at least one digit", s)
		}
		if off < len(s) && s[off] == '.' {
			if ellipsis < 0 && i != 12 {
				return false, addrErr(in, "embedded IPv4 address must replace the final 2 fields of the address", s)
			}
			if i+4 > 16 {
				return false, addrErr(in, "too many hex fields to fit an embedded IPv4 at the end of the address", s)
			}
			end := len(in)
			if zone != "" {
				end -= len(zone) + 1
			}
			if msg := ipv4Fields(in, in[end-len(s):end], ip[i:i+4]); msg != "" {
				return false, msg
			}
			s, i = "", i+4
			break
		}
		ip[i], ip[i+1] = byte(acc>>8), byte(acc)
		i += 2
		if s = s[off:]; s == "" {
			break
		}
		if s[0] != ':' {
			return false, addrErr(in, "unexpected character, want colon", s)
		} else if len(s) == 1 {
			return false, addrErr(in, "colon must be followed by more characters", s)
		}
		s = s[1:]
		if s[0] == ':' {
			if ellipsis >= 0 {
				return false, addrErr(in, "multiple :: in address", s)
			}
			ellipsis, s = i, s[1:]
			if s == "" {
				break
			}
		}
	}
	if s != "" {
		return false, addrErr(in, "trailing garbage after address", s)
	}
	if i < 16 {
		if ellipsis < 0 {
			return false, addrErr(in, "address string too short", "")
		}
		n := 16 - i
		for j := i - 1; j >= ellipsis; j-- {
			ip[j+n] = ip[j]
		}
		for j := ellipsis; j < ellipsis+n; j++ {
			ip[j] = 0
		}
	} else if ellipsis >= 0 {
		return false, addrErr(in, "the :: must expand to at least one field of zeros", "")
	}
	for j := 0; j < 10; j++ {
		if ip[j] != 0 {
			return false, ""
		}
	}
	return ip[10] == 0xff && ip[11] == 0xff, ""
}
