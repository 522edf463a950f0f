package images

import "strings"

// validReference reports whether image is a well-formed image reference
// (the grammar of distribution/reference that applyDefaultImageTag parses):
//
//	[domain[:port]/]component(/component)*[:tag][@algorithm:hex]
//
// where a domain is [a-zA-Z0-9.-]+, a component is lowercase alphanumerics
// joined by ".", "_", "__" or runs of "-", a tag is a word character and
// up to 127 more of [\w.-], an algorithm is letters and digits joined by
// [-_+.], and the digest has 32 or more hex digits.
//
// It is written out by hand rather than as a regular expression: the tag's
// {0,127} alone made compiling the expression cost milliseconds at
// start-up, in every engine that links this package.
func validReference(image string) bool {
	rest, digest, hasDigest := strings.Cut(image, "@")
	if hasDigest && !validDigest(digest) {
		return false
	}
	// A ':' after the last '/' can only start the tag: a port needs a '/'
	// after it, and components have no ':'.
	if i := strings.LastIndexByte(rest, ':'); i > strings.LastIndexByte(rest, '/') {
		if !validTag(rest[i+1:]) {
			return false
		}
		rest = rest[:i]
	}
	if validPath(rest) {
		return true
	}
	// Otherwise the first segment must be a domain.
	domain, path, ok := strings.Cut(rest, "/")
	return ok && validDomain(domain) && validPath(path)
}

func isLowerAlnum(b byte) bool { return 'a' <= b && b <= 'z' || '0' <= b && b <= '9' }

func isAlnum(b byte) bool { return isLowerAlnum(b) || 'A' <= b && b <= 'Z' }

func isWord(b byte) bool { return isAlnum(b) || b == '_' }

func isHex(b byte) bool { return '0' <= b && b <= '9' || 'a' <= b && b <= 'f' || 'A' <= b && b <= 'F' }

// validPath: components separated by '/'.
func validPath(s string) bool {
	for {
		c, more, found := strings.Cut(s, "/")
		if !validComponent(c) {
			return false
		}
		if !found {
			return true
		}
		s = more
	}
}

// validComponent: [a-z0-9]+ ((\.|_|__|-+) [a-z0-9]+)*
func validComponent(s string) bool {
	i := 0
	for {
		start := i
		for i < len(s) && isLowerAlnum(s[i]) {
			i++
		}
		if i == start {
			return false
		}
		if i == len(s) {
			return true
		}
		switch {
		case s[i] == '.':
			i++
		case strings.HasPrefix(s[i:], "__"):
			i += 2
		case s[i] == '_':
			i++
		case s[i] == '-':
			for i < len(s) && s[i] == '-' {
				i++
			}
		default:
			return false
		}
	}
}

// validDomain: [a-zA-Z0-9.-]+ (:[0-9]+)?
func validDomain(s string) bool {
	host, port, hasPort := strings.Cut(s, ":")
	if host == "" || strings.IndexFunc(host, func(r rune) bool {
		return !(r < 0x80 && (isAlnum(byte(r)) || r == '.' || r == '-'))
	}) >= 0 {
		return false
	}
	if !hasPort {
		return true
	}
	if port == "" {
		return false
	}
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	return true
}

// validTag: [\w][\w.-]{0,127}
func validTag(s string) bool {
	if s == "" || len(s) > 128 || !isWord(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isWord(s[i]) && s[i] != '.' && s[i] != '-' {
			return false
		}
	}
	return true
}

// validDigest: [A-Za-z][A-Za-z0-9]* ([-_+.][A-Za-z][A-Za-z0-9]*)* : [0-9a-fA-F]{32,}
func validDigest(s string) bool {
	alg, hex, ok := strings.Cut(s, ":")
	if !ok || len(hex) < 32 {
		return false
	}
	for i := 0; i < len(hex); i++ {
		if !isHex(hex[i]) {
			return false
		}
	}
	for i := 0; ; {
		if i >= len(alg) || !('a' <= alg[i]|0x20 && alg[i]|0x20 <= 'z') {
			return false
		}
		i++
		for i < len(alg) && isAlnum(alg[i]) {
			i++
		}
		if i == len(alg) {
			return true
		}
		switch alg[i] {
		case '-', '_', '+', '.':
			i++
		default:
			return false
		}
	}
}
