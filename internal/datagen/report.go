package datagen

import (
	"os"
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
)

// MergeReport rewrites a report file made of one "## X.Y …" section per
// release under a title line: the given sections replace those of their
// releases, the others are kept, and the sections are ordered by release.
func MergeReport(path, title string, sections []string) error {
	old, _ := os.ReadFile(path)
	byRelease := map[string]string{}
	add := func(s string) {
		s = strings.TrimPrefix(s, "## ")
		if f := strings.Fields(s); len(f) > 0 && catalog.IsRelease(f[0]) {
			byRelease[f[0]] = "## " + strings.TrimRight(s, "\n") + "\n"
		}
	}
	for _, s := range strings.Split(string(old), "\n## ") {
		add(s)
	}
	for _, s := range sections {
		add(s)
	}
	keys := make([]string, 0, len(byRelease))
	for k := range byRelease {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return catalog.CompareReleases(keys[i], keys[j]) < 0 })
	var b strings.Builder
	b.WriteString(title + "\n")
	for _, k := range keys {
		b.WriteString("\n" + byRelease[k])
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
