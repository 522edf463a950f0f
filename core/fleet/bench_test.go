package fleet

import (
	"fmt"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/fleet/fleettest"
	"github.com/kubexplorer/kubexplorer/internal/cputime"
)

// syntheticFleet is fleettest.Fleet over the template node (see there).
func syntheticFleet(b *testing.B, n int, ownConfig bool) []Dump {
	b.Helper()
	tmpl, err := fleettest.ReadDir("../../" + fleettest.Template)
	if err != nil {
		// In a browser page there is no file system to read testdata from.
		b.Skipf("the template node dump is not readable here: %v", err)
	}
	var dumps []Dump
	for _, n := range fleettest.Fleet(tmpl, n, ownConfig) {
		dumps = append(dumps, Dump{Node: n.Name, Files: n.Files})
	}
	return dumps
}

// BenchmarkCheck1000 checks 1,000 distinct node dumps of a realistic
// fleet (fleettest.Fleet: 6 configurations) from 1.30 (or 1.29) to 1.33:
// per node an import, the equivalence key, the report; per configuration
// two start-up evaluations, the diff and the component check. Goal: under
// a second natively.
func BenchmarkCheck1000(b *testing.B) {
	dumps := syntheticFleet(b, 1000, false)
	r, err := Check(dumps, Options{To: "1.33"})
	if err != nil {
		b.Fatal(err)
	}
	if r.Summary.Verdicts[BadInput] > 0 || r.Summary.Verdicts[Fails] != 100 {
		b.Fatalf("unexpected verdicts %v: %v", r.Summary.Verdicts, r.Summary.Problems)
	}
	b.ReportAllocs()
	cputime.Report(b, func() {
		if _, err := Check(dumps, Options{To: "1.33"}); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkCheck1000Clones is a fleet of 1,000 nodes made from 10
// configurations: the memo evaluates each configuration once.
func BenchmarkCheck1000Clones(b *testing.B) {
	base := syntheticFleet(b, 10, false)
	dumps := make([]Dump, 1000)
	for i := range dumps {
		dumps[i] = base[i%10]
		dumps[i].Node = fmt.Sprintf("node-%04d", i)
	}
	b.ReportAllocs()
	cputime.Report(b, func() {
		if _, err := Check(dumps, Options{To: "1.33"}); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkCheck1000Configs is the worst case: every node has its own
// configuration (its own maxPods), so every node costs two start-up
// evaluations and a diff.
func BenchmarkCheck1000Configs(b *testing.B) {
	dumps := syntheticFleet(b, 1000, true)
	b.ReportAllocs()
	cputime.Report(b, func() {
		if _, err := Check(dumps, Options{To: "1.33"}); err != nil {
			b.Fatal(err)
		}
	})
}
