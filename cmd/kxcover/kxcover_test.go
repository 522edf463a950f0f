package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const module = "example.com/m"

// Two test binaries built with -coverpkg report the same blocks; a block
// counts as covered when either ran it, and its statements count once.
const twoBinaries = `mode: set
example.com/m/core/a/a.go:3.10,5.2 2 0
example.com/m/core/a/a.go:7.10,9.2 3 1
example.com/m/core/b/b.go:1.1,2.2 5 0
example.com/m/core/a/a.go:3.10,5.2 2 1
example.com/m/core/a/a.go:7.10,9.2 3 0
example.com/m/core/b/b.go:1.1,2.2 5 0
example.com/m/explorer/e.go:1.1,2.2 4 1
example.com/m/tool.go:1.1,2.2 1 1
`

func TestByPackageMergesBlocksOfEveryBinary(t *testing.T) {
	p, err := parseProfile(strings.NewReader(twoBinaries))
	require.NoError(t, err)
	require.Equal(t, map[string]coverage{
		"core/a":   {statements: 5, covered: 5},
		"core/b":   {statements: 5, covered: 0},
		"explorer": {statements: 4, covered: 4},
		".":        {statements: 1, covered: 1},
	}, p.byPackage(module))
}

func TestParseProfileNamesTheBadLine(t *testing.T) {
	for _, tc := range []struct{ text, err string }{
		{"mode: set\nx.go:1.1,2.2 1\n", `line 2: want "file:range statements count", got "x.go:1.1,2.2 1"`},
		{"mode: set\nx.go 1 1\n", `line 2: want "file:range statements count", got "x.go 1 1"`},
		{"mode: set\n\nx.go:1.1,2.2 one 1\n", `line 3: statements: strconv.Atoi: parsing "one": invalid syntax`},
		{"x.go:1.1,2.2 1 -\n", `line 1: count: strconv.Atoi: parsing "-": invalid syntax`},
	} {
		_, err := parseProfile(strings.NewReader(tc.text))
		require.EqualError(t, err, tc.err, tc.text)
	}
}

func TestReportTable(t *testing.T) {
	r := report{
		own: map[string]coverage{
			"core/a":   {10, 9},
			"core/a/x": {10, 10},
			"explorer": {4, 1},
			"tools":    {2, 1},
		},
		suite: map[string]coverage{
			"core/a":   {10, 10},
			"core/a/x": {10, 10},
			"core/c":   {5, 4},
			"explorer": {4, 3},
		},
		totals: []string{"core", "explorer"},
		aim:    90,
	}
	var b strings.Builder
	require.NoError(t, r.write(&b))
	// core/c has no tests of its own and is absent from the own profile:
	// the core/ total counts it in the suite column only, and its
	// statements are the suite's.
	require.Equal(t, `package          statements  own tests  whole suite
core/a                   10      90.0%       100.0%
core/a/x                 10     100.0%       100.0%
core/c                    5          -        80.0%
explorer                  4      25.0%        75.0% <
tools                     2      50.0%            - <
core/ total              25      95.0%        96.0%
explorer/ total           4      25.0%        75.0% <
`, b.String())
}

func TestInTree(t *testing.T) {
	require.True(t, inTree("core", "core"))
	require.True(t, inTree("core/a", "core"))
	require.False(t, inTree("coreutils", "core"))
	require.False(t, inTree("explorer", "core"))
}
