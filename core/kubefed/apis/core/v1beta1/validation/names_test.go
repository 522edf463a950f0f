package validation

import (
	"regexp"
	"testing"
)

// The hand-written matchers accept exactly what apimachinery's regular
// expressions accept: checked on every string over a small alphabet (all
// classes the patterns distinguish) up to length 4, and on edge cases.
func TestMatchersAgreeWithRegexps(t *testing.T) {
	matchers := []struct {
		name  string
		re    *regexp.Regexp
		match func(string) bool
	}{
		{"dns1123Subdomain", regexp.MustCompile("^" + dns1123SubdomainFmt + "$"), matchDNS1123Subdomain},
		{"dns1035Label", regexp.MustCompile("^" + dns1035LabelFmt + "$"), matchDNS1035Label},
		{"qualifiedName", regexp.MustCompile("^" + qualifiedNameFmt + "$"), matchQualifiedName},
		{"labelValue", regexp.MustCompile("^" + labelValueFmt + "$"), matchLabelValue},
	}
	alphabet := []string{"a", "Z", "0", "-", ".", "_", " ", "é", "\n"}
	words := []string{""}
	for n := 0; n < 4; n++ {
		var next []string
		for _, w := range words {
			for _, c := range alphabet {
				next = append(next, w+c)
			}
		}
		words = append(words, next...)
	}
	words = append(words, "example.com", "a..b", ".a", "a.", "my-name", "abc-123", "a\n", "MyName", "my.name", "123-abc")
	for _, m := range matchers {
		for _, w := range words {
			if got, want := m.match(w), m.re.MatchString(w); got != want {
				t.Errorf("%s(%q) = %v, regexp says %v", m.name, w, got, want)
			}
		}
	}
}

// FuzzMatchers compares the matchers with the regular expressions on
// arbitrary input.
func FuzzMatchers(f *testing.F) {
	f.Add("example.com")
	f.Add("a-b.c")
	sub := regexp.MustCompile("^" + dns1123SubdomainFmt + "$")
	label := regexp.MustCompile("^" + dns1035LabelFmt + "$")
	qname := regexp.MustCompile("^" + qualifiedNameFmt + "$")
	f.Fuzz(func(t *testing.T, s string) {
		if matchDNS1123Subdomain(s) != sub.MatchString(s) || matchDNS1035Label(s) != label.MatchString(s) ||
			matchQualifiedName(s) != qname.MatchString(s) {
			t.Fatalf("matchers disagree with the regexps on %q", s)
		}
	})
}
