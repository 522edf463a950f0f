package scenario

import (
	"strings"
	"testing"
)

// skewed wraps an implementation and corrupts one observable thing, to
// prove that Run notices.
type skewed struct {
	Impl
	mutate func(g Gate) Gate
}

func (s skewed) NewFeatureGate() Gate { return s.mutate(s.Impl.NewFeatureGate()) }
func (s skewed) NewVersioned(emu string) Gate {
	if g := s.Impl.NewVersioned(emu); g != nil {
		return s.mutate(g)
	}
	return nil
}

type flipEnabled struct{ Gate }

func (f flipEnabled) Enabled(n string) (bool, string) {
	v, p := f.Gate.Enabled(n)
	if n == "BetaOn" {
		v = !v
	}
	return v, p
}
func (f flipEnabled) DeepCopy() Gate { return flipEnabled{f.Gate.DeepCopy()} }

type rewordErrors struct{ Gate }

func (r rewordErrors) SetFromMap(m map[string]bool) error {
	if err := r.Gate.SetFromMap(m); err != nil {
		return errString(strings.Replace(err.Error(), "unrecognized", "unknown", 1))
	}
	return nil
}
func (r rewordErrors) DeepCopy() Gate { return rewordErrors{r.Gate.DeepCopy()} }

type errString string

func (e errString) Error() string { return string(e) }

func TestRunDetectsDifferences(t *testing.T) {
	for _, lib := range []int{18, 37} {
		for name, mutate := range map[string]func(Gate) Gate{
			"flipped value":   func(g Gate) Gate { return flipEnabled{g} },
			"reworded errors": func(g Gate) Gate { return rewordErrors{g} },
		} {
			found := 0
			for _, c := range Cases {
				if !c.Applies(lib) {
					continue
				}
				found += len(Run(c, Ours(lib, "x"), skewed{Impl: Ours(lib, "x"), mutate: mutate}))
			}
			if found == 0 {
				t.Errorf("v0.%d, %s: Run reported no mismatch", lib, name)
			}
		}
	}
}

func TestRunAgreesWithItself(t *testing.T) {
	for _, lib := range []int{18, 37} {
		for _, c := range Cases {
			if !c.Applies(lib) {
				continue
			}
			for _, m := range Run(c, Ours(lib, "x"), Ours(lib, "x")) {
				t.Errorf("v0.%d: %s", lib, m)
			}
		}
		for seed := uint64(1); seed <= 50; seed++ {
			for _, m := range Run(Random(seed, lib), Ours(lib, "x"), Ours(lib, "x")) {
				t.Errorf("v0.%d: %s", lib, m)
			}
		}
	}
}

func TestRandomIsDeterministic(t *testing.T) {
	a, b := Random(42, 37), Random(42, 37)
	if len(a.Ops) != len(b.Ops) {
		t.Fatal("same seed, different scenarios")
	}
	for i := range a.Ops {
		if a.Ops[i].String() != b.Ops[i].String() {
			t.Fatalf("step %d: %s vs %s", i, a.Ops[i], b.Ops[i])
		}
	}
}

func TestShrink(t *testing.T) {
	c := Case{Ops: []Op{{Do: "newVersioned", Arg: "1.36"}, versionedBase, set("F1", true), enabled("F0"),
		{Do: "set", Arg: "F0=true,F2=false"}, {Do: "copy"}}}
	// A synthetic defect: any SetFromMap that names F1 after an AddMetrics.
	fails := func(c Case) bool {
		metrics := false
		for _, op := range c.Ops {
			if op.Do == "addMetrics" {
				metrics = true
			}
			if _, ok := op.Values["F1"]; ok && metrics {
				return true
			}
		}
		return false
	}
	c.Ops = append(c.Ops, Op{Do: "addMetrics"}, Op{Do: "setFromMap", Values: map[string]bool{"F0": true, "F1": false, "F2": true}})
	small := Shrink(c, fails, 1000)
	want := "addMetrics\nsetFromMap F1=false"
	var got []string
	for _, op := range small.Ops {
		got = append(got, op.String())
	}
	if strings.Join(got, "\n") != want {
		t.Errorf("Shrink kept\n%s\nwant\n%s", strings.Join(got, "\n"), want)
	}
	if Reproducer(small) != "     1. addMetrics\n     2. setFromMap F1=false\n" {
		t.Errorf("Reproducer = %q", Reproducer(small))
	}
}
