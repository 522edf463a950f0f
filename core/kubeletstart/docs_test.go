package kubeletstart

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestDocsCLIExample keeps docs/gates-cli.md honest: the klog lines its
// example shows must be lines the model prints for that command (real
// catalogs), header file:line included.
func TestDocsCLIExample(t *testing.T) {
	data, err := os.ReadFile("../../docs/gates-cli.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	cmd := regexp.MustCompile(`(?m)^\$ kubexplorer gates --release (\S+) --flags '([^']*)'`).FindStringSubmatch(doc)
	if cmd == nil {
		t.Fatal("docs/gates-cli.md: no example command found")
	}
	res, err := Evaluate(Input{Release: cmd[1], CommandLine: cmd[2]})
	if err != nil {
		t.Fatal(err)
	}
	printed := map[string]bool{}
	for _, l := range res.Lines {
		printed[l.Text] = true
	}
	klog := regexp.MustCompile(`^[IWEF]\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ \S+:\d+\] `)
	checked := 0
	for _, l := range strings.Split(doc[strings.Index(doc, cmd[0]):], "\n") {
		if l == "```" {
			break
		}
		l = strings.TrimSpace(l)
		if !klog.MatchString(l) {
			continue
		}
		checked++
		if !printed[l] {
			t.Errorf("docs/gates-cli.md shows %q, which the model does not print for %s", l, cmd[0])
		}
	}
	if checked == 0 {
		t.Fatal("docs/gates-cli.md: the example shows no klog line to check")
	}
}
