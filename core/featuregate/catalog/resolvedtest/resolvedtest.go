// Package resolvedtest checks a release compiled in whole beside the
// deltas it is generated from (the newest.go of core/featuregate/catalog
// and of core/featuregate/components), and with -rewrite-resolved writes it.
// Only tests import it.
package resolvedtest

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var rewrite = flag.Bool("rewrite-resolved", false, "rewrite the releases stored whole from the deltas in data/")

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
