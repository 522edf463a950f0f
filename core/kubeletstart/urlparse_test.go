package kubeletstart

import (
	"strconv"
	"testing"
)

// TestURLParseGenerations: url.Parse's verdict on tracing endpoints in each
// net/url generation, as printed by the real Go 1.23.10, 1.24.9, 1.24.12,
// 1.25.9 and 1.26.8 (a ":" answer is the scheme of an endpoint that
// parses).
func TestURLParseGenerations(t *testing.T) {
	const ipLiteral = "invalid IP-literal"
	all := func(s string) [5]string { return [5]string{s, s, s, s, s} }
	for _, tc := range []struct {
		in   string
		want [5]string // urlGo123 … urlGo126
	}{
		{"dns://a b", all(`invalid character " " in host name`)},
		{"dns://%zz", all(`invalid URL escape "%zz"`)},
		{"dns://host/%4", all(`invalid URL escape "%4"`)},
		{"dns://h#%x", all(`invalid URL escape "%x"`)},
		{"dns://u s@h", all("net/url: invalid userinfo")},
		{"dns://[::1", all("missing ']' in host")},
		{"dns://[::1]x", all(`invalid port "x" after host`)},
		{"dns://x[::1]", [5]string{`invalid port ":1]" after host`, ":dns", ":dns", ipLiteral, ipLiteral}},
		{"dns://[fe80::1%25en0]", all(":dns")},
		{"dns://[::1%25a%zz]", all(`invalid URL escape "%zz"`)},
		{"dns://u%:b@h", all(`invalid URL escape "%"`)},
		{"http://a:1:2", [5]string{":http", ":http", ":http", ":http", `invalid port ":1:2" after host`}},
		{":x//", all("missing protocol scheme")},
		{"1a:b//c", all("first path segment in URL cannot contain colon")},
		{"dns://\x01", all("net/url: invalid control character in URL")},
		{"dns://%41", all(`invalid URL escape "%41"`)},
		{"unix:///run/otel.sock", all(":unix")},
		{"DNS://[::1]:4317/x?y#z", all(":dns")},
	} {
		for gen, want := range tc.want {
			scheme, err := urlParse(tc.in, gen)
			got := ":" + scheme
			if err != "" {
				wantPrefix := "parse " + strconv.Quote(tc.in) + ": "
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
	want := map[int]int{25: urlGo123, 30: urlGo123, 31: urlGo1249, 32: urlGo12412, 33: urlGo125, 34: urlGo12412, 35: urlGo125, 36: urlGo126, 37: urlGo126}
	for minor, gen := range want {
		if got := urlGen(minor); got != gen {
			t.Errorf("urlGen(%d) = %d, want %d", minor, got, gen)
		}
	}
}
