// Package releases is the one definition of the Kubernetes releases
// kubexplorer models: every minor release from Oldest to Newest. The gate
// catalogs, the component-base generations, the kubelet model, the explorer
// (and through it the CLI and the page) all take the range from here, so
// adding a release starts by moving Newest.
package releases

import (
	"fmt"
	"strconv"
	"strings"
)

// The modelled range, inclusive, as minor numbers of Kubernetes 1.x.
const (
	OldestMinor = 18
	NewestMinor = 37
)

// Oldest and Newest are the ends of the range as release names.
const (
	Oldest = "1.18"
	Newest = "1.37"
)

// All lists every modelled release, oldest first: "1.18", …, "1.37".
func All() []string {
	out := make([]string, 0, NewestMinor-OldestMinor+1)
	for n := OldestMinor; n <= NewestMinor; n++ {
		out = append(out, Name(n))
	}
	return out
}

// Name returns the release name of a minor number: 30 → "1.30".
func Name(minor int) string { return "1." + strconv.Itoa(minor) }

// Contains reports whether minor is in the modelled range.
func Contains(minor int) bool { return minor >= OldestMinor && minor <= NewestMinor }

// Minor parses "1.N" (a leading "v" and a patch are accepted) and checks
// that the release is modelled.
func Minor(release string) (int, error) {
	parts := strings.Split(strings.TrimPrefix(release, "v"), ".")
	if len(parts) < 2 || parts[0] != "1" {
		return 0, fmt.Errorf("release %q: want 1.N", release)
	}
	n, err := strconv.Atoi(parts[1])
	if err != nil {
		return 0, fmt.Errorf("release %q: want 1.N", release)
	}
	if !Contains(n) {
		return 0, fmt.Errorf("release %q is not modelled (have %s … %s)", release, Oldest, Newest)
	}
	return n, nil
}
