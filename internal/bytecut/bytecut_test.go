package bytecut

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAgreesWithStrings(t *testing.T) {
	for _, s := range []string{"", ",", "a", "a,", ",a", "a,b", "a,,b,", "ab,cd,ef", "é,ü,"} {
		before, after, found := strings.Cut(s, ",")
		b, a, f := Cut(s, ',')
		assert.Equal(t, []any{before, after, found}, []any{b, a, f}, "Cut(%q)", s)
		assert.Equal(t, strings.Count(s, ","), Count(s, ','), "Count(%q)", s)
		assert.Equal(t, strings.Split(s, ","), Split(s, ','), "Split(%q)", s)
	}
}

func FuzzAgreesWithStrings(f *testing.F) {
	f.Add("a,b,,c", byte(','))
	f.Fuzz(func(t *testing.T, s string, sep byte) {
		sepStr := string([]byte{sep})
		before, after, found := strings.Cut(s, sepStr)
		b, a, ok := Cut(s, sep)
		if b != before || a != after || ok != found {
			t.Fatalf("Cut(%q, %q) = %q, %q, %v; strings.Cut gives %q, %q, %v", s, sepStr, b, a, ok, before, after, found)
		}
		if got, want := Count(s, sep), strings.Count(s, sepStr); got != want {
			t.Fatalf("Count(%q, %q) = %d, want %d", s, sepStr, got, want)
		}
		if got, want := Split(s, sep), strings.Split(s, sepStr); !slices.Equal(got, want) {
			t.Fatalf("Split(%q, %q) = %q, want %q", s, sepStr, got, want)
		}
	})
}
