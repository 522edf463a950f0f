package datagen

import (
	"os"
	"testing"
)

func TestFirstLine(t *testing.T) {
	for in, want := range map[string]string{"": "", "  a\nb\n": "a", "one": "one"} {
		if got := FirstLine(in); got != want {
			t.Errorf("FirstLine(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWorkDir(t *testing.T) {
	d, cleanup, err := WorkDir("/given", "x-")
	if err != nil || d != "/given" {
		t.Fatalf("%q %v", d, err)
	}
	cleanup()
	d, cleanup, err = WorkDir("", "kubexplorer-modproxy-test-")
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
		t.Fatalf("temporary directory %q: %v", d, err)
	}
	cleanup()
	if _, err := os.Stat(d); !os.IsNotExist(err) {
		t.Errorf("%q not removed", d)
	}
}

func TestMergeReport(t *testing.T) {
	p := t.TempDir() + "/report.txt"
	if err := MergeReport(p, "# title", []string{"## 1.30 (x)\nold 1.30\n", "## 1.9 (y)\nold 1.9\n"}); err != nil {
		t.Fatal(err)
	}
	if err := MergeReport(p, "# title", []string{"## 1.30 (x)\nnew 1.30\n", "## 1.31 (z)\nnew 1.31"}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	want := "# title\n\n## 1.9 (y)\nold 1.9\n\n## 1.30 (x)\nnew 1.30\n\n## 1.31 (z)\nnew 1.31\n"
	if string(data) != want {
		t.Errorf("report:\n%s\nwant:\n%s", data, want)
	}
}
