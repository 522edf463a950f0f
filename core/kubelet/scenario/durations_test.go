package scenario

import (
	"strings"
	"testing"
	"time"
)

func TestParseDuration(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		err  string
	}{
		{"90s", 90 * time.Second, ""},
		{"2m30s", 150 * time.Second, ""},
		{"30", 30 * time.Second, ""},
		{"1.5", 1500 * time.Millisecond, ""},
		{"0", 0, ""},
		{"2777h", 2777 * time.Hour, ""},
		{"NaN", 0, `invalid duration "NaN"`},
		{"Inf", 0, `invalid duration "Inf"`},
		{"+Inf", 0, `invalid duration "+Inf"`},
		{"1e3", 0, `invalid duration "1e3"`},
		{"0x10", 0, `invalid duration "0x10"`},
		{"-5", 0, `invalid duration "-5"`},
		{"-5s", 0, `duration "-5s" out of range`},
		{"1.", 0, `invalid duration "1."`},
		{"", 0, `invalid duration ""`},
		{"10000001", 0, `duration "10000001" out of range`},
		{"2778h", 0, `duration "2778h" out of range`},
		{"9999999999999999999h", 0, `invalid duration`},
		{strings.Repeat("9", 1000), 0, `invalid duration "99999999999999999999999999999999"… (1000 bytes)`},
	} {
		d, err := ParseDuration(tc.in)
		if tc.err == "" && (err != nil || d != tc.want) || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%q: %v, %v; want %v, %q", tc.in, d, err, tc.want, tc.err)
		}
	}
}

// until is capped in the core parser that files, the CLI and the page use.
func TestUntilIsCappedInFiles(t *testing.T) {
	for _, tc := range []struct{ until, err string }{
		{"48h", ""},
		{"2777h", "line 1, column 1: until: at most 48h0m0s"},
		{`"172801"`, "until: at most 48h0m0s"},
	} {
		_, err := Parse([]byte("until: " + tc.until + "\n"))
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("until %s: %v, want %q", tc.until, err, tc.err)
		}
	}
	if _, err := ParseUntil("49h"); err == nil {
		t.Error("ParseUntil accepted 49h")
	}
}

func TestSyncFrequencyBound(t *testing.T) {
	_, err := Parse([]byte("options: {syncFrequency: 1ms}\n"))
	if err == nil || !strings.Contains(err.Error(), "options.syncFrequency: must be at least 1s") {
		t.Fatalf("got %v", err)
	}
}

func FuzzParseDuration(f *testing.F) {
	for _, s := range []string{"90s", "1h30m", "30", "1.5", "NaN", "-1s", "1e3", "2777h", "9223372036854775807ns"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDuration(s)
		if err == nil && (d < 0 || d > MaxDuration) {
			t.Fatalf("%q: %v out of bounds", s, d)
		}
		if err != nil && len(err.Error()) > 200 {
			t.Fatalf("%q: long error %q", s, err)
		}
		if u, err := ParseUntil(s); err == nil && u > MaxUntil {
			t.Fatalf("%q: until %v", s, u)
		}
	})
}

func TestPodAndTimelineBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString("pods:\n")
	for i := 0; i <= MaxPods; i++ {
		b.WriteString("- {}\n")
	}
	_, err := Parse([]byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "at most 5000 pods") {
		t.Fatalf("got %v", err)
	}
}
