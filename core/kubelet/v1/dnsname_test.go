package v1

import (
	"regexp"
	"testing"
)

// The matchers accept exactly the languages of the expressions the API
// server uses, over every string of up to five characters from an alphabet
// that holds each class the expressions distinguish and a few they reject.
func TestDNS1123MatchersAreTheExpressions(t *testing.T) {
	label := regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)
	subdomain := regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`)
	const alphabet = "az09-.A_ é"
	var accepted [2]int
	var walk func(s string, depth int)
	walk = func(s string, depth int) {
		if got, want := isDNS1123Label(s), label.MatchString(s); got != want {
			t.Fatalf("isDNS1123Label(%q) = %v, the expression says %v", s, got, want)
		}
		if got, want := isDNS1123Subdomain(s), subdomain.MatchString(s); got != want {
			t.Fatalf("isDNS1123Subdomain(%q) = %v, the expression says %v", s, got, want)
		}
		if isDNS1123Label(s) {
			accepted[0]++
		}
		if isDNS1123Subdomain(s) {
			accepted[1]++
		}
		if depth == 0 {
			return
		}
		for _, r := range alphabet {
			walk(s+string(r), depth-1)
		}
	}
	walk("", 5)
	if accepted[0] == 0 || accepted[1] <= accepted[0] {
		t.Fatalf("the strings tell nothing apart: %d labels, %d subdomains accepted", accepted[0], accepted[1])
	}
}
