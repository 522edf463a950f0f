package version

import "testing"

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in, out string
		err     bool
	}{
		{"1.31", "1.31", false}, {"v1.31.2", "1.31.2", false}, {"1.31.0-alpha.1", "1.31.0", false},
		{"0.0", "0.0", false}, {"1", "", true}, {"1.x", "", true}, {"1.01", "", true}, {"", "", true}, {"1.2.3.4", "", true},
	} {
		v, err := Parse(tc.in)
		if (err != nil) != tc.err {
			t.Errorf("Parse(%q) err=%v", tc.in, err)
			continue
		}
		if err == nil && v.String() != tc.out {
			t.Errorf("Parse(%q) = %s want %s", tc.in, v, tc.out)
		}
	}
}

func TestCompare(t *testing.T) {
	a, b := MustParse("1.31"), MustParse("1.31.0")
	if !a.EqualTo(b) || a.LessThan(b) || a.GreaterThan(b) {
		t.Error("1.31 and 1.31.0 must be equal")
	}
	if !MustParse("1.9").LessThan(MustParse("1.10")) {
		t.Error("numeric compare")
	}
	if MustParse("1.0").SubtractMinor(1).String() != "1.0" || MustParse("1.37").SubtractMinor(1).String() != "1.36" {
		t.Error("SubtractMinor")
	}
	var n *Version
	if n.String() != "<nil>" {
		t.Error("nil String")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1.31", "v1.2.3", "1..2", "-1.2", "1.2-rc.1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Parse(s)
		if err == nil {
			if _, err := Parse(v.String()); err != nil {
				t.Fatalf("round trip of %q: %v", v, err)
			}
		}
	})
}
