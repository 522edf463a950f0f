package kubeletstart

import (
	"strconv"
	"strings"
	"testing"
)

// TestURLParseGenerations: url.Parse's verdict on tracing endpoints the
// model checks (a port after the host), as printed by the real Go 1.23.10
// and 1.26.8 (a ":" answer is the scheme of an endpoint that parses).
func TestURLParseGenerations(t *testing.T) {
	all := func(s string) [2]string { return [2]string{s, s} }
	for _, tc := range []struct {
		in   string
		want [2]string // urlGo125, urlGo126
	}{
		{"dns://dns:localhost?a:b#c:d", all(`invalid port ":localhost" after host`)},
		{"dns://collector:otlp", all(`invalid port ":otlp" after host`)},
		{"dns://u:p@collector:4317/x:y?z#w", all(":dns")},
		{"http://a:1:2", [2]string{":http", `invalid port ":1:2" after host`}},
		{"dns://a:1:2", all(":dns")},
		{"dns://a:x:2", all(":dns")},
		{"HTTPS://a:x:2", [2]string{":https", `invalid port ":x:2" after host`}},
		{"dns://[::1]:4317", all(":dns")},
		{"unix:///run/otel.sock", all(":unix")},
		{"DNS://collector", all(":dns")},
	} {
		for gen, want := range tc.want {
			scheme, err := urlParse(tc.in, gen)
			got := ":" + scheme
			if err != "" {
				u, _, _ := strings.Cut(tc.in, "#")
				wantPrefix := "parse " + strconv.Quote(u) + ": "
				if len(err) < len(wantPrefix) || err[:len(wantPrefix)] != wantPrefix {
					t.Errorf("urlParse(%q, %d) = %q: want the prefix %q", tc.in, gen, err, wantPrefix)
					continue
				}
				got = err[len(wantPrefix):]
			}
			if got != want {
				t.Errorf("urlParse(%q, %d) = %q, want %q", tc.in, gen, got, want)
			}
		}
	}
}

// TestURLGen: the toolchain generation of each release (its newest
// patch's .go-version).
func TestURLGen(t *testing.T) {
	want := map[int]int{25: urlGo125, 35: urlGo125, 36: urlGo126, 37: urlGo126}
	for minor, gen := range want {
		if got := urlGen(minor); got != gen {
			t.Errorf("urlGen(%d) = %d, want %d", minor, got, gen)
		}
	}
}
