package apiextensions

import (
	"regexp"
	"testing"
)

// The override op pattern is matched by hand; it must accept what the
// regular expression accepts.
func TestOverrideOpPattern(t *testing.T) {
	re := regexp.MustCompile(OverrideOpPattern)
	for _, x := range []string{"", "add", "remove", "replace", "move", "copy", "test", "Add", "add ", " add", "addremove", "add\n", "replace\x00"} {
		if got, want := matchPattern(OverrideOpPattern, x), re.MatchString(x); got != want {
			t.Errorf("matchPattern(%q) = %v, regexp says %v", x, got, want)
		}
	}
	if !matchPattern("^a+$", "aaa") || matchPattern("^a+$", "b") || !matchPattern("(", "anything") {
		t.Error("other patterns must go through the regexp (an invalid one matches everything)")
	}
}
