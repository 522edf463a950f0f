package kubeletstart

import (
	"strconv"
	"testing"
)

// FuzzQuoteWord holds quoteWord to strconv.Quote, for the words it
// writes itself and those it hands on.
func FuzzQuoteWord(f *testing.F) {
	for _, s := range []string{"kubelet", "/usr/bin/kubelet", "", "a\"b", `a\b`, "tab\there", "é", "\x7f", "~ !", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := quoteWord(s), strconv.Quote(s); got != want {
			t.Fatalf("quoteWord(%q) = %s, want %s", s, got, want)
		}
	})
}
