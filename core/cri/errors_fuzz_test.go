package cri

import "testing"

// FuzzParseCode: a scenario's injectError.code names a gRPC code; only the
// names of the codes the model knows parse, and they round-trip.
func FuzzParseCode(f *testing.F) {
	for _, s := range []string{"OK", "NotFound", "Unavailable", "notfound", "Code(5)", "5", "", "Unknown "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, ok := ParseCode(s)
		if ok != (codeNames[c] == s) || ok && c.String() != s {
			t.Fatalf("%q: %v %v", s, c, ok)
		}
		if ok {
			if err := Errorf(c, "x"); CodeOf(err) != c {
				t.Fatalf("%q: code of %v", s, err)
			}
		}
	})
}
