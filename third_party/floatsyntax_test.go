// Package thirdparty_test checks the patched copies of modules under
// third_party/ (README.md) from the main module: what the patches changed
// must behave exactly as the upstream code they replace.
package thirdparty_test

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3/floatsyntax"
)

// The expressions go.yaml.in/yaml/v3 v3.0.5 compiled at init (resolve.go's
// yamlStyleFloat, encode.go's base60float), which floatsyntax replaces.
const (
	yamlStyleFloat = `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`
	base60Float    = `^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`
)

var matchers = []struct {
	name  string
	expr  string
	match func(string) bool
}{
	{"IsYAMLStyle", yamlStyleFloat, floatsyntax.IsYAMLStyle},
	{"IsBase60", base60Float, floatsyntax.IsBase60},
}

// alphabet has every byte the expressions name and the bytes on either side
// of each of their ranges ('/' and ':' around 0-9, '6' after 0-5, 'd'/'f'
// around e, ',' between '+' and '-', '^' and '`' around '_'), a letter, a
// space, a newline (where $ could be fooled), a multi-byte rune and a byte
// that is not UTF-8.
var alphabet = []string{
	"0", "1", "4", "5", "6", "9", "/", ":", ".", "_", "^", "`", "+", "-", ",",
	"e", "E", "d", "f", "D", "F", "x", " ", "\n", "é", "\xff",
}

// pieces are the runs of which matching strings are made, for the longer
// strings of the random part of the corpus.
var pieces = []string{
	"", "+", "-", "0", "7", "12", "059", "60", "5", "9", "_", "1_000", ".", ".5",
	".0_", ":", ":0", ":5", ":59", ":60", ":7", ":05", ":123", "e", "E", "e+",
	"E-", "e10", "e-3", "1.", "3.25", "x", " ", "\n", "^", "`", "/", ",",
}

// corpus is every string of up to three letters of the alphabet, then
// 300,000 strings joined from one to nine pieces, half of them with one
// byte replaced by a letter of the alphabet: deterministic, from a fixed
// seed.
func corpus() []string {
	var out []string
	level := []string{""}
	for range 3 {
		var next []string
		for _, s := range level {
			for _, a := range alphabet {
				next = append(next, s+a)
			}
		}
		out = append(out, next...)
		level = next
	}
	r := rand.New(rand.NewPCG(15, 2))
	for range 300_000 {
		var b strings.Builder
		for range 1 + r.IntN(9) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if s != "" && r.IntN(2) == 0 {
			i := r.IntN(len(s))
			s = s[:i] + alphabet[r.IntN(len(alphabet))] + s[i+1:]
		}
		out = append(out, s)
	}
	return out
}

// TestFloatSyntaxIsTheExpression: each matcher accepts exactly what its
// expression accepted, on every string of the corpus.
func TestFloatSyntaxIsTheExpression(t *testing.T) {
	strs := corpus()
	for _, m := range matchers {
		re := regexp.MustCompile(m.expr)
		matched, wrong := 0, 0
		for _, s := range strs {
			want := re.MatchString(s)
			if want {
				matched++
			}
			if got := m.match(s); got != want {
				wrong++
				if wrong <= 10 {
					t.Errorf("%s(%q) = %v, the expression says %v", m.name, s, got, want)
				}
			}
		}
		if wrong > 10 {
			t.Errorf("%s: %d strings in all disagree", m.name, wrong)
		}
		// Both sides of the language must be well represented.
		if matched < 1000 || len(strs)-matched < 1000 {
			t.Errorf("%s: %d of %d strings match: the corpus does not exercise the expression", m.name, matched, len(strs))
		}
		t.Logf("%s: %d strings, %d match", m.name, len(strs), matched)
	}
}

// TestCorpusTellsNeighbouringExpressionsApart proves the corpus strong
// enough: for every expression one character class or one quantifier away
// from an original, some string of the corpus is matched by one and not the
// other. A matcher that were off by one class would fail the test above.
func TestCorpusTellsNeighbouringExpressionsApart(t *testing.T) {
	// Each mutation is applied at each place it fits, one at a time.
	mutations := [][2]string{
		{"[-+]", "[-]"}, {"[-+]", "[+]"}, {"[-+]", "[-+,]"},
		{"[0-9]", "[1-9]"}, {"[0-9]", "[0-8]"}, {"[0-9]", "[0-9:]"}, {"[0-9]", "[/-9]"},
		{"[0-5]", "[0-4]"}, {"[0-5]", "[0-6]"}, {"[0-5]", "[1-5]"},
		{"[0-9_]", "[0-9]"}, {"[0-9_]", "[0-9_`]"}, {"[0-9_]", "[0-9^_]"},
		{"[eE]", "[e]"}, {"[eE]", "[E]"}, {"[eE]", "[deE]"},
		{`\.`, "."}, {`\.`, ":"}, {"::[", ":[:.]["},
		{"]?", "]"}, {"]+", "]*"}, {"]*", "]+"}, {")?", ")"}, {")+", ")"},
		{"$", ""}, {"^", ""},
	}
	strs := corpus()
	for _, m := range matchers {
		re := regexp.MustCompile(m.expr)
		want := make([]bool, len(strs))
		for i, s := range strs {
			want[i] = re.MatchString(s)
		}
		for _, mu := range mutations {
			for at := 0; ; {
				i := strings.Index(m.expr[at:], mu[0])
				if i < 0 {
					break
				}
				i += at
				at = i + len(mu[0])
				mutant := m.expr[:i] + mu[1] + m.expr[at:]
				mre, err := regexp.Compile(mutant)
				if err != nil {
					t.Fatalf("mutant %s of %s: %v", mutant, m.expr, err)
				}
				told := false
				for i, s := range strs {
					if mre.MatchString(s) != want[i] {
						told = true
						break
					}
				}
				if !told {
					t.Errorf("%s: no string of the corpus tells %s from %s", m.name, mutant, m.expr)
				}
			}
		}
	}
}
