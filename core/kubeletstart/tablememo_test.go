package kubeletstart

import (
	"reflect"
	"testing"
)

// TestSameRowSeesEveryField changes each field of a row in turn: a field
// added to GateState that sameRow does not compare would let the table
// memo hand out a table with a stale value.
func TestSameRowSeesEveryField(t *testing.T) {
	on, off := true, false
	base := GateState{Name: "A", Component: "kubelet", Stage: "BETA", Source: "config", SourcePath: "/c",
		SourceLine: 1, SourceColumn: 2, SourceEndLine: 3, SourceEndColumn: 4, Requested: &on,
		Dependencies: []string{"B"}, Problem: "p"}
	if !sameRow(base, base) {
		t.Fatal("a row differs from itself")
	}
	rt := reflect.TypeOf(base)
	for i := 0; i < rt.NumField(); i++ {
		changed := base
		f := reflect.ValueOf(&changed).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Int:
			f.SetInt(f.Int() + 1)
		case reflect.Pointer:
			f.Set(reflect.ValueOf(&off))
		case reflect.Slice:
			f.Set(reflect.ValueOf([]string{"C"}))
		default:
			t.Fatalf("field %s: kind %s not covered by this test", rt.Field(i).Name, f.Kind())
		}
		if sameRow(base, changed) {
			t.Errorf("sameRow does not see a change of %s", rt.Field(i).Name)
		}
	}
}

// TestTableMemoSharesEqualTables: two inputs that differ only in a field
// gates never see share one table; a different gate setting does not.
func TestTableMemoSharesEqualTables(t *testing.T) {
	m := NewModel(Default.load, Default.releases)
	eval := func(config string) *Result {
		t.Helper()
		res, err := m.Evaluate(Input{Release: "1.33", CommandLine: "kubelet --config=/c.yaml",
			Config: &File{Path: "/c.yaml", Content: config}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	const head = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n"
	a := eval(head + "maxPods: 110\nfeatureGates:\n  InPlacePodVerticalScaling: true\n")
	b := eval(head + "maxPods: 111\nfeatureGates:\n  InPlacePodVerticalScaling: true\n")
	c := eval(head + "maxPods: 111\nfeatureGates:\n  InPlacePodVerticalScaling: false\n")
	if &a.Gates[0] != &b.Gates[0] {
		t.Error("equal tables are not shared")
	}
	if &a.Gates[0] == &c.Gates[0] || reflect.DeepEqual(a.Gates, c.Gates) {
		t.Error("a different gate setting shares the table")
	}
}

// TestTableMemoBounded: however many distinct tables a model builds, it
// keeps memoTables of them.
func TestTableMemoBounded(t *testing.T) {
	var m tableMemo
	for i := 0; i < memoTables+10; i++ {
		row := GateState{Name: "A", SourceLine: i}
		m.intern("1.33", append(m.buffer(1), row))
	}
	if len(m.recent) != memoTables {
		t.Errorf("the memo keeps %d tables, want %d", len(m.recent), memoTables)
	}
	if got := m.intern("1.33", []GateState{{Name: "A", SourceLine: memoTables + 9}}); got[0].SourceLine != memoTables+9 || len(m.recent) != memoTables {
		t.Errorf("the newest table is not found: %+v, %d tables", got, len(m.recent))
	}
}
