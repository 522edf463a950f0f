package examples_test

import (
	"errors"
	"testing"

	. "github.com/kubexplorer/kubexplorer/examples"
	_ "github.com/kubexplorer/kubexplorer/examples/gates"
	_ "github.com/kubexplorer/kubexplorer/examples/kubefed"
	_ "github.com/kubexplorer/kubexplorer/examples/kubelet"
)

func TestNamesPutsTheFirstFirstThenSorts(t *testing.T) {
	for _, m := range []string{"gates", "kubelet", "kubefed"} {
		names, err := Names(m, "")
		if err != nil || len(names) == 0 {
			t.Fatalf("%s: %v, %d names", m, err, len(names))
		}
		for i := 1; i < len(names); i++ {
			if names[i-1] >= names[i] {
				t.Errorf("%s: %q before %q", m, names[i-1], names[i])
			}
		}
		last := names[len(names)-1]
		got, _ := Names(m, last)
		if got[0] != last || len(got) != len(names) {
			t.Errorf("%s: first %q, got %q", m, last, got)
		}
	}
}

func TestReadRefusesWhatIsNotAnExampleName(t *testing.T) {
	names, _ := Names("kubelet", "")
	if _, err := Read("kubelet", names[0]); err != nil {
		t.Fatalf("reading %q: %v", names[0], err)
	}
	for _, bad := range []string{"", "nope", "../gates/default", names[0] + ".yaml", "README", "a/b", `a\b`} {
		if _, err := Read("kubelet", bad); !errors.Is(err, ErrNotFound) {
			t.Errorf("Read(%q) = %v, want ErrNotFound", bad, err)
		}
	}
}

func TestAGalleryMustBeLinked(t *testing.T) {
	if _, err := FS("nope"); err == nil {
		t.Fatal("FS of an unregistered gallery: no error")
	}
	if _, err := Names("nope", ""); err == nil {
		t.Fatal("Names of an unregistered gallery: no error")
	}
}
