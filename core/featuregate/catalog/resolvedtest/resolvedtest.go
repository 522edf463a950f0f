// Package resolvedtest checks a release stored whole beside the deltas it
// is generated from (core/featuregate/catalog's newest.go, the resolved/
// directory of core/featuregate/components), and with -rewrite-resolved writes it.
// Only tests import it.
package resolvedtest

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path"
	"testing"
)

var rewrite = flag.Bool("rewrite-resolved", false, "rewrite the releases stored whole from the deltas in data/")

// Check requires dir/release.txt of fsys (the package's embedded files) to
// be want. With -rewrite-resolved it makes dir, relative to the package,
// hold that file alone instead, and reports true: the caller stops there.
func Check(t testing.TB, fsys fs.FS, dir, release string, want []byte) (rewritten bool) {
	t.Helper()
	file := path.Join(dir, release+".txt")
	if *rewrite {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return true
	}
	got, err := fs.ReadFile(fsys, file)
	if err != nil {
		t.Fatalf("%v (the newest release must be stored whole; run go test -rewrite-resolved)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what the deltas give; run go test -rewrite-resolved in its package", file)
	}
	return false
}

// CheckFile requires the file at path (relative to the package) to hold
// want: a release compiled in as Go source. With -rewrite-resolved it
// writes want there instead, and reports true: the caller stops there.
func CheckFile(t testing.TB, file string, want []byte) (rewritten bool) {
	t.Helper()
	if *rewrite {
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return true
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what the deltas give; run go test -rewrite-resolved in its package", file)
	}
	return false
}
