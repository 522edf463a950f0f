package version

import "testing"

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in, out string
		err     bool
	}{
		{"1.31", "1.31", false}, {"v1.31.2", "1.31.2", false},
		// A semantic version keeps its pre-release and build metadata ...
		{"1.31.0-alpha.1", "1.31.0-alpha.1", false}, {" v1.33.2-rc.0+abc ", "1.33.2-rc.0+abc", false},
		// ... a generic one drops whatever follows its numbers.
		{"1.33-alpha.1", "1.33", false}, {"1.2.3.4", "1.2.3.4", false}, {"1.31.0-", "1.31.0", false}, {"1.30abc", "1.30", false},
		// Only the first component of a generic version may not start with 0.
		{"1.01", "1.1", false}, {"01.1", "", true}, {"1.01.0", "1.1.0", false},
		{"0.0", "0.0", false}, {"1", "", true}, {"1.x", "", true}, {"", "", true}, {"1.2\n", "", true}, {"1.31.0-01", "1.31.0", false},
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
	// Pre-releases count only between two semantic versions.
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"1.33.0-alpha.1", "1.33.0", -1}, {"1.33.0-alpha.1", "1.33", 0}, {"1.33-alpha.1", "1.33.0", 0},
		{"1.33.0-alpha.2", "1.33.0-alpha.10", -1}, {"1.33.0-alpha.1", "1.33.0-beta.0", -1},
		{"1.33.0-alpha", "1.33.0-alpha.1", -1}, {"1.33.0-1", "1.33.0-a", -1}, {"1.33.0+x", "1.33.0", 0},
		{"1.2.0.1", "1.2", 1}, {"1.2.0.0", "1.2", 0},
	} {
		if got := MustParse(tc.a).Compare(MustParse(tc.b)); got != tc.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
	if MustParse("1.33.0-alpha.1").SubtractMinor(1).String() != "1.32" {
		t.Error("SubtractMinor keeps only major.minor")
	}
	if MustParse("1.33.0").Identical(MustParse("1.33")) || !MustParse("1.33").Identical(MajorMinor(1, 33)) {
		t.Error("Identical compares the written form")
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

func TestParseRelease(t *testing.T) {
	for in, want := range map[string]string{
		"1.30": "1.30", "v1.30.2": "1.30.2", " 1.31.0-rc.1 ": "1.31.0", "1.31+abc": "1.31",
		"x": `illegal version string "x"`, "1": `illegal version string "1"`, "1.2.3.4": `illegal version string "1.2.3.4"`,
		"1.30abc": `illegal version string "1.30abc"`, "1.01": `illegal version string "1.01"`, "": `illegal version string ""`,
	} {
		got := ""
		if v, err := ParseRelease(in); err != nil {
			got = err.Error()
		} else {
			got = v.String()
		}
		if got != want {
			t.Errorf("ParseRelease(%q) = %s, want %s", in, got, want)
		}
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
