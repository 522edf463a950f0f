package sim

import (
	"encoding/json"
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

// TestDurationText: a Duration decodes from its text in JSON (and YAML via
// sigs.k8s.io/yaml), empty is zero, and it encodes as the Go duration.
func TestDurationText(t *testing.T) {
	var v struct {
		D Duration `json:"d"`
		E Duration `json:"e"`
	}
	if err := json.Unmarshal([]byte(`{"d": "1m30s", "e": ""}`), &v); err != nil || v.D.Std() != 90*time.Second || v.E != 0 {
		t.Fatalf("decode: %+v %v", v, err)
	}
	if err := json.Unmarshal([]byte(`{"d": "soon"}`), &v); err == nil || !strings.Contains(err.Error(), `invalid duration "soon"`) {
		t.Errorf("a bad duration: %v", err)
	}
	b, err := json.Marshal(v)
	if err != nil || string(b) != `{"d":"1m30s","e":"0s"}` {
		t.Errorf("encode: %s %v", b, err)
	}
	if Duration(1500*time.Millisecond).String() != "1.5s" {
		t.Error("String")
	}
}
