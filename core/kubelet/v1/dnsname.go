package v1

import "strings"

// The API server's name checks (apimachinery's IsDNS1123Label and
// IsDNS1123Subdomain, without their length limits, which the callers
// check) as plain loops: a regular expression would link the regexp
// package and its Unicode tables into the kubelet engine for two fixed
// languages (issue 15). dnsname_test.go holds them to the expressions.

// isDNS1123Label reports whether s matches [a-z0-9]([-a-z0-9]*[a-z0-9])?.
func isDNS1123Label(s string) bool {
	if s == "" || !isLowerAlnum(s[0]) || !isLowerAlnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if s[i] != '-' && !isLowerAlnum(s[i]) {
			return false
		}
	}
	return true
}

// isDNS1123Subdomain reports whether s is one or more such labels joined
// by dots.
func isDNS1123Subdomain(s string) bool {
	for {
		label, rest, more := strings.Cut(s, ".")
		if !isDNS1123Label(label) {
			return false
		}
		if !more {
			return true
		}
		s = rest
	}
}

func isLowerAlnum(b byte) bool { return 'a' <= b && b <= 'z' || '0' <= b && b <= '9' }
