package release

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	r, err := Parse("controlPlane.version", "")
	if err != nil || r.String() != Latest {
		t.Fatalf(`Parse("") = %v, %v; want %s`, r, err, Latest)
	}
	for _, v := range Versions {
		r, err := Parse("version", v)
		if err != nil || r.String() != v {
			t.Errorf("Parse(%q) = %v, %v", v, r, err)
		}
	}
	_, err = Parse("controlPlane.version", "v0.2.0")
	want := `controlPlane.version: Unsupported value: "v0.2.0": supported values: "v0.3.0", "v0.3.1", "v0.4.0", "v0.4.1", "v0.5.0", "v0.5.1", "v0.6.0", "v0.6.1", "v0.7.0", "v0.8.0", "v0.8.1", "v0.9.0", "v0.9.1", "v0.9.2", "v0.10.0"`
	if err == nil || err.Error() != want {
		t.Errorf("Parse(v0.2.0) error = %v\nwant %s", err, want)
	}
	var zero Release
	if zero.String() != Latest || !zero.AtLeast(Latest) {
		t.Errorf("the zero Release is %s, want %s", zero, Latest)
	}
}

// TestChangesTable checks the table's shape: unique names, known releases,
// an Until after First, pull requests, and release order.
func TestChangesTable(t *testing.T) {
	seen := map[string]bool{}
	last := 0
	for i, c := range Changes() {
		if c.Name == "" || seen[c.Name] {
			t.Errorf("change %d: empty or repeated name %q", i, c.Name)
		}
		seen[c.Name] = true
		first := index(c.First)
		if first <= 0 {
			t.Errorf("%s: First %q is not a release after the oldest", c.Name, c.First)
		}
		if c.Until != "" && index(c.Until) <= first {
			t.Errorf("%s: Until %q is not after First %q", c.Name, c.Until, c.First)
		}
		if len(c.PRs) == 0 || c.Summary == "" {
			t.Errorf("%s: no pull request or summary", c.Name)
		}
		if first < last {
			t.Errorf("%s: First %s is out of release order", c.Name, c.First)
		}
		last = first
		if InfoOf(Change(i)).Name != c.Name {
			t.Errorf("InfoOf(%d) = %s, want %s", i, InfoOf(Change(i)).Name, c.Name)
		}
	}
}

// TestHasBoundaries: the release before a change's first lacks it, its first
// has it, and for an undone change the release before Until has it and Until
// lacks it.
func TestHasBoundaries(t *testing.T) {
	for i, c := range Changes() {
		ch := Change(i)
		first := index(c.First)
		if MustParse(Versions[first-1]).Has(ch) {
			t.Errorf("%s: %s has it", c.Name, Versions[first-1])
		}
		if !MustParse(c.First).Has(ch) {
			t.Errorf("%s: %s lacks it", c.Name, c.First)
		}
		if c.Until == "" {
			if !MustParse(Latest).Has(ch) {
				t.Errorf("%s: %s lacks it", c.Name, Latest)
			}
			continue
		}
		until := index(c.Until)
		if !MustParse(Versions[until-1]).Has(ch) || MustParse(c.Until).Has(ch) {
			t.Errorf("%s: wrong around Until %s", c.Name, c.Until)
		}
	}
}

func TestClientGo(t *testing.T) {
	for _, tc := range []struct {
		v, module string
		line      int
	}{
		{"v0.3.0", "v0.17.3", 105}, {"v0.3.1", "v0.18.6", 125}, {"v0.4.1", "v0.18.6", 125},
		{"v0.5.0", "v0.19.3", 156}, {"v0.6.1", "v0.19.3", 156}, {"v0.7.0", "v0.20.2", 167},
		{"v0.8.0", "v0.21.1", 167}, {"v0.8.1", "v0.21.2", 167}, {"v0.9.1", "v0.21.2", 167},
		{"v0.9.2", "v0.22.2", 167}, {"v0.10.0", "v0.22.2", 167},
	} {
		m, l := MustParse(tc.v).ClientGo()
		if m != tc.module || l != tc.line {
			t.Errorf("%s: client-go %s line %d, want %s line %d", tc.v, m, l, tc.module, tc.line)
		}
	}
}

// TestDocumented keeps docs/release-differences.md in step with the table:
// every change has a row naming it, its first release and its pull requests.
func TestDocumented(t *testing.T) {
	b, err := os.ReadFile("../../../docs/release-differences.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	if i := strings.Index(doc, "## Kubefed and kubefedctl"); i >= 0 {
		doc = doc[i:]
		if j := strings.Index(doc[3:], "\n## "); j >= 0 {
			doc = doc[:j+3]
		}
	} else {
		t.Fatal(`no "## Kubefed and kubefedctl" section`)
	}
	rows := map[string]string{}
	for _, l := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(l, "| ") {
			continue
		}
		cells := strings.Split(l, "|")
		if len(cells) > 2 {
			rows[strings.Trim(strings.TrimSpace(cells[1]), "`*")] = l
		}
	}
	for _, c := range Changes() {
		row, ok := rows[c.Name]
		if !ok {
			t.Errorf("%s has no row", c.Name)
			continue
		}
		if !strings.Contains(row, c.First) {
			t.Errorf("%s: the row does not name %s", c.Name, c.First)
		}
		for _, pr := range c.PRs {
			if !strings.Contains(row, fmt.Sprintf("#%d", pr)) {
				t.Errorf("%s: the row does not name #%d", c.Name, pr)
			}
		}
	}
}
