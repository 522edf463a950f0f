package v1

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// quantityCases were computed with apimachinery's resource.ParseQuantity
// (v0.37): its error, Value, MilliValue and Sign for each text.
var quantityCases = []struct {
	in           string
	err          string
	value, milli int64
	sign         int
}{
	{"", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{"0", "", 0, 0, 0},
	{"+", "", 0, 0, 0},
	{"-", "", 0, 0, 0},
	{".", "", 0, 0, 0},
	{"+.", "", 0, 0, 0},
	{"Ki", "", 0, 0, 0},
	{"k", "", 0, 0, 0},
	{"e3", "", 0, 0, 0},
	{"e-10", "unable to parse numeric part of quantity", 0, 0, 0},
	{"Pi", "unable to parse numeric part of quantity", 0, 0, 0},
	{"Ti", "", 0, 0, 0},
	{"Ei", "unable to parse numeric part of quantity", 0, 0, 0},
	{"-Pi", "unable to parse numeric part of quantity", 0, 0, 0},
	{".Ei", "unable to parse numeric part of quantity", 0, 0, 0},
	{"1.", "", 1, 1000, 1},
	{"1.Gi", "", 1073741824, 1073741824000, 1},
	{"1.5Gi", "", 1610612736, 1610612736000, 1},
	{"0.1Ki", "", 103, 102400, 1},
	{"500m", "", 1, 500, 1},
	{"2", "", 2, 2000, 1},
	{"0.5", "", 1, 500, 1},
	{"128Mi", "", 134217728, 134217728000, 1},
	{"1G", "", 1000000000, 1000000000000, 1},
	{"1e3", "", 1000, 1000000, 1},
	{"1e3garbage", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{"0 ", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{" 0", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{"1E3", "", 1000, 1000000, 1},
	{"1e+3", "", 1000, 1000000, 1},
	{"1e-3", "", 1, 1, 1},
	{"1m3", "unable to parse quantity's suffix", 0, 0, 0},
	{"1i", "unable to parse quantity's suffix", 0, 0, 0},
	{"1e", "unable to parse quantity's suffix", 0, 0, 0},
	{"1Kii", "unable to parse quantity's suffix", 0, 0, 0},
	{"0.0000000001", "", 1, 1, 1},
	{"-0.0000000001", "", 1, 1, -1},
	{"1.0000000001", "", 2, 1001, 1},
	{"-1.9999999999", "", -2, -2000, -1},
	{"100n", "", 1, 1, 1},
	{"1u", "", 1, 1, 1},
	{"0.000000001", "", 1, 1, 1},
	{"-1", "", -1, -1000, -1},
	{"-1.5", "", -2, -1500, -1},
	{"00012", "", 12, 12000, 1},
	{"-000", "", 0, 0, 0},
	{"1e-9", "", 1, 1, 1},
	{"1.5e-9", "", 1, 1, 1},
	{"7.5e-10", "", 1, 1, 1},
	{"3.14159265358979323846264338327950288", "", 4, 3142, 1},
	{"1P", "", 1000000000000000, 1000000000000000000, 1},
	{"1T", "", 1000000000000, 1000000000000000, 1},
	{"1Mi", "", 1048576, 1048576000, 1},
	{"3.5Mi", "", 3670016, 3670016000, 1},
	{"0.5m", "", 1, 1, 1},
	{"0.4n", "", 1, 1, 1},
	{"1n", "", 1, 1, 1},
	{"1.n", "", 1, 1, 1},
	{".5n", "", 1, 1, 1},
	{"5.e3", "", 5000, 5000000, 1},
	{"+5", "", 5, 5000, 1},
	{"--5", "unable to parse quantity's suffix", 0, 0, 0},
	{"5-", "unable to parse quantity's suffix", 0, 0, 0},
	{"1e1e1", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{"1.2.3", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{"2x", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{"x", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{"1Gi1", "unable to parse quantity's suffix", 0, 0, 0},
	{"1e+", "unable to parse quantity's suffix", 0, 0, 0},
	{"1e-", "unable to parse quantity's suffix", 0, 0, 0},
	{"EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE", "unable to parse quantity's suffix", 0, 0, 0},
	{"eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee0", "unable to parse quantity's suffix", 0, 0, 0},
	{"E929", "", 0, 0, 0},
	{"000EA", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{"e117", "", 0, 0, 0},
	{"eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee0", "unable to parse quantity's suffix", 0, 0, 0},
	{"EEEEEEEE", "unable to parse quantity's suffix", 0, 0, 0},
	{"0e\xf3e\xf3", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{"u", "", 0, 0, 0},
	{"e+e+E+e+", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{".0000000000000000000E", "", 0, 0, 0},
	{".0", "", 0, 0, 0},
	{"00.0e-9", "", 0, 0, 0},
	{"e\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4\xc4", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{"7.00000000000000000000000000010000000000", "", 8, 7001, 1},
	{"-.1", "", -1, -100, -1},
	{"0000.0000", "", 0, 0, 0},
	{".100000", "", 1, 100, 1},
	{"E887", "", 0, 0, 0},
	{"+.0e-9", "", 0, 0, 0},
	{"00000000000000000000000000000000", "", 0, 0, 0},
	{"\xd6\xf3\xddσ\xd2\xd2", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{"e\xe4\xbb00", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
	{"eeeeeeeeeeeeeeeeeeeeeeeee0Ae0eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee0", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 0, 0, 0},
}

func TestParseQuantityLikeApimachinery(t *testing.T) {
	for _, tc := range quantityCases {
		q, err := ParseQuantity(tc.in)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.err {
			t.Errorf("%q: error %q, want %q", tc.in, got, tc.err)
			continue
		}
		if err == nil && (q.Value() != tc.value || q.MilliValue() != tc.milli || q.Sign() != tc.sign) {
			t.Errorf("%q: value %d milli %d sign %d, want %d %d %d", tc.in, q.Value(), q.MilliValue(), q.Sign(), tc.value, tc.milli, tc.sign)
		}
	}
}

func TestQuantityBounds(t *testing.T) {
	// Beyond int64 the model saturates where apimachinery wraps around.
	for _, tc := range []struct {
		in    string
		value int64
	}{{"1e30", math.MaxInt64}, {"-1e30", math.MinInt64}, {"1e2147483647", math.MaxInt64}, {"9Ei", math.MaxInt64}} {
		q, err := ParseQuantity(tc.in)
		if err != nil || q.Value() != tc.value {
			t.Errorf("%q: %v %d, want %d", tc.in, err, q.Value(), tc.value)
		}
	}
	if _, err := ParseQuantity(strings.Repeat("1", MaxQuantityLength+1)); err != ErrTooLong || !strings.Contains(err.Error(), strconv.Itoa(MaxQuantityLength)) {
		t.Errorf("a quantity over the length bound: %v", err)
	}
	a, _ := ParseQuantity("1Gi")
	b, _ := ParseQuantity("1073741824000m")
	c, _ := ParseQuantity("1G")
	if a.Cmp(b) != 0 || a.Cmp(c) != 1 || c.Cmp(a) != -1 {
		t.Errorf("Cmp: %d %d %d", a.Cmp(b), a.Cmp(c), c.Cmp(a))
	}
}

func TestQuantityErrorsDoNotRepeatHugeValues(t *testing.T) {
	p := &Pod{APIVersion: "v1", Kind: "Pod", Metadata: ObjectMeta{Name: "p", Namespace: "default"}}
	p.Spec.Containers = []Container{{Name: "a", Image: "x", Resources: &ResourceRequirements{Requests: ResourceList{"cpu": QuantityText(strings.Repeat("9", 100000))}}}}
	SetDefaults(p)
	errs := Validate(p, ValidateOptions{})
	if len(errs) == 0 || len(errs[0].Msg) > 200 {
		t.Fatalf("errors %v", errs)
	}
}

func FuzzParseQuantity(f *testing.F) {
	for _, tc := range quantityCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := ParseQuantity(s)
		if err != nil {
			if q != (Quantity{}) {
				t.Fatalf("%q: error %v with a value", s, err)
			}
			return
		}
		if q.Cmp(q) != 0 || (q.Sign() > 0) != (q.Value() > 0 || q.MilliValue() > 0) && q.Sign() > 0 {
			t.Fatalf("%q: inconsistent %+v", s, q)
		}
	})
}

func BenchmarkParseQuantity(b *testing.B) {
	for _, in := range []string{"500m", "128Mi", "1.5Gi", strings.Repeat("1", MaxQuantityLength-2) + "Ki"} {
		b.Run(in[:min(len(in), 8)], func(b *testing.B) {
			for b.Loop() {
				q, _ := ParseQuantity(in)
				_ = q.MilliValue()
			}
		})
	}
}
