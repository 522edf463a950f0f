package cliflag

import (
	"testing"

	"github.com/spf13/pflag"
)

func TestSet(t *testing.T) {
	for _, tc := range []struct {
		name    string
		initial map[string]bool
		args    []string
		want    string
		err     string
	}{
		{name: "first occurrence replaces defaults", initial: map[string]bool{"d": true}, args: []string{"a=true"}, want: "a=true"},
		{name: "repeats merge, later wins", args: []string{"a=true", "b=false,a=false"}, want: "a=false,b=false"},
		{name: "trim and empty pieces", args: []string{" a = TRUE , b=0 ,"}, want: "a=true,b=false"},
		{name: "double comma", args: []string{"a=true,,b=false,"}, want: "a=true,b=false"},
		{name: "empty value is an empty map", initial: map[string]bool{"d": true}, args: []string{""}, want: ""},
		{name: "empty key accepted", args: []string{"=true"}, want: "=true"},
		{name: "all ParseBool spellings", args: []string{"a=1,b=t,c=T,d=TRUE,e=True,f=0,g=f,h=F,i=FALSE,j=False"}, want: "a=true,b=true,c=true,d=true,e=true,f=false,g=false,h=false,i=false,j=false"},
		{name: "missing =", args: []string{"a"}, err: "malformed pair, expect string=bool"},
		{name: "space-only piece is not empty", args: []string{"a=true, ,b=true"}, err: "malformed pair, expect string=bool"},
		{name: "bad value", args: []string{"a=maybe"}, err: `invalid value of a: maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax`},
		{name: "yes is not a bool", args: []string{"a=yes"}, err: `invalid value of a: yes, err: strconv.ParseBool: parsing "yes": invalid syntax`},
		{name: "empty value", args: []string{"a="}, err: `invalid value of a: , err: strconv.ParseBool: parsing "": invalid syntax`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.initial
			v := NewMapStringBool(&m)
			var err error
			for _, a := range tc.args {
				if err = v.Set(a); err != nil {
					break
				}
			}
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := v.String(); got != tc.want {
				t.Fatalf("got %q want %q", got, tc.want)
			}
		})
	}
}

// TestPflagWrapping checks the text pflag wraps a Set error in.
func TestPflagWrapping(t *testing.T) {
	m := map[string]bool{}
	fs := pflag.NewFlagSet("kubelet", pflag.ContinueOnError)
	fs.Var(NewMapStringBool(&m), "feature-gates", "")
	err := fs.Parse([]string{"--feature-gates", "a"})
	want := `invalid argument "a" for "--feature-gates" flag: malformed pair, expect string=bool`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v want %q", err, want)
	}
}

func FuzzSet(f *testing.F) {
	for _, s := range []string{"a=true", " a = TRUE , b=0 ,", "a", "=true", ",,", "a=maybe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m := map[string]bool{}
		v := NewMapStringBool(&m)
		if err := v.Set(s); err == nil {
			// A successful parse round-trips through String.
			m2 := map[string]bool{}
			if err := NewMapStringBool(&m2).Set(v.String()); err != nil && len(m) > 0 {
				for k := range m {
					if k == "" || k != trim(k) {
						return
					}
				}
				t.Fatalf("round trip of %q: %v", v.String(), err)
			}
		}
	})
}

func trim(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	return s
}
