package kubeletstart

import (
	"path"
	"testing"
)

// isCleanAbs is absPath's short cut: it must say yes exactly when
// path.Clean would give the path back.
func TestIsCleanAbs(t *testing.T) {
	for _, p := range []string{
		"/", "/a", "/var/lib/kubelet/config.yaml", "/a.b/.c/..d/e..",
		"", "a", "a/b", "//", "/a/", "/a//b", "/./a", "/a/.", "/a/..", "/../a", "/a/./b", "/a/../b", "/.", "/..",
	} {
		want := len(p) > 0 && p[0] == '/' && path.Clean(p) == p
		if got := isCleanAbs(p); got != want {
			t.Errorf("isCleanAbs(%q) = %v, path.Clean gives %q", p, got, path.Clean(p))
		}
	}
}

func FuzzIsCleanAbs(f *testing.F) {
	for _, p := range []string{"/", "/a/b", "/a//b", "/a/../b", "/a/"} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		want := len(p) > 0 && p[0] == '/' && path.Clean(p) == p
		if got := isCleanAbs(p); got != want {
			t.Errorf("isCleanAbs(%q) = %v, path.Clean gives %q", p, got, path.Clean(p))
		}
		if absPath(p) != path.Clean("/"+p) {
			t.Errorf("absPath(%q) = %q, want %q", p, absPath(p), path.Clean("/"+p))
		}
	})
}
