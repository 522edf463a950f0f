package release

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var rewrite = flag.Bool("rewrite", false, "rewrite the Kubelet table of docs/release-differences.md")

func TestRegistry(t *testing.T) {
	names := map[string]bool{}
	for _, c := range All() {
		in := Lookup(c)
		require.NotEmpty(t, in.Name, "change %d has no entry", c)
		require.False(t, names[in.Name], "duplicate name %s", in.Name)
		names[in.Name] = true
		require.Contains(t, Areas, in.Area, in.Name)
		require.True(t, in.Since > Oldest && in.Since <= Newest, "%s: since 1.%d has no release before it", in.Name, in.Since)
		for _, f := range []string{in.Before, in.After, in.Upstream, in.Model} {
			require.NotEmpty(t, f, in.Name)
		}
		got, ok := ByName(in.Name)
		require.True(t, ok)
		require.Equal(t, c, got)
	}
}

func TestHas(t *testing.T) {
	require.False(t, Of(24).Has(PodFailedReason))
	require.True(t, Of(25).Has(PodFailedReason))
	require.True(t, Of(Newest).Has(PodFailedReason))
	require.False(t, Release{}.Has(InitRestartAfterSandboxLoss), "the zero release is older than every change")
}

func TestParse(t *testing.T) {
	for in, want := range map[string]string{"1.18": "1.18", "v1.30.2": "1.30", "1.37": "1.37"} {
		r, err := Parse(in)
		require.NoError(t, err, in)
		require.Equal(t, want, r.String())
	}
	for _, in := range []string{"", "1", "2.18", "1.x", "1.17", "1.38"} {
		_, err := Parse(in)
		require.Error(t, err, in)
	}
}

const (
	docPath    = "../../../docs/release-differences.md"
	beginTable = "<!-- BEGIN kubelet table: generated from core/kubelet/release; go test ./core/kubelet/release -rewrite -->"
	endTable   = "<!-- END kubelet table -->"
)

// TestDocTable keeps the Kubelet table of docs/release-differences.md in
// step with the registry.
func TestDocTable(t *testing.T) {
	b, err := os.ReadFile(filepath.FromSlash(docPath))
	require.NoError(t, err)
	doc := string(b)
	i, j := strings.Index(doc, beginTable), strings.Index(doc, endTable)
	require.True(t, i >= 0 && j > i, "the markers of the Kubelet table are missing")
	want := doc[:i+len(beginTable)] + "\n" + markdown() + doc[j:]
	if *rewrite {
		require.NoError(t, os.WriteFile(filepath.FromSlash(docPath), []byte(want), 0o644))
		return
	}
	require.Equal(t, want, doc, "docs/release-differences.md is stale: go test ./core/kubelet/release -rewrite")
}

// markdown renders the registry: one table per area, rows by release.
func markdown() string {
	var b strings.Builder
	for _, a := range Areas {
		var rows []Info
		for _, c := range All() {
			if in := Lookup(c); in.Area == a {
				rows = append(rows, in)
			}
		}
		slices.SortStableFunc(rows, func(x, y Info) int { return x.Since - y.Since })
		fmt.Fprintf(&b, "\n### %s\n\n", a)
		b.WriteString("| Since | Up to the release before | From this release | Upstream | PR | Model | Boundary test |\n")
		b.WriteString("|---|---|---|---|---|---|---|\n")
		for _, in := range rows {
			since := fmt.Sprintf("1.%d", in.Since)
			if in.Gate != "" {
				since += " (gate " + in.Gate + ")"
			}
			if in.Backported != "" {
				since += "; also in " + in.Backported
			}
			pr := in.PR
			if pr == "" {
				pr = "—"
			} else {
				var links []string
				for _, n := range strings.Split(pr, ", ") {
					links = append(links, fmt.Sprintf("[%s](https://github.com/kubernetes/kubernetes/pull/%s)", n, strings.TrimPrefix(n, "#")))
				}
				pr = strings.Join(links, ", ")
			}
			test := fmt.Sprintf("[`%s`](../core/kubelet/scenario/testdata/releases/%s): 1.%d vs 1.%d", in.Name, in.Name, in.Since-1, in.Since)
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", since, cell(in.Before), cell(in.After), cell(in.Upstream), pr, cell(in.Model), test)
		}
	}
	return b.String()
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
