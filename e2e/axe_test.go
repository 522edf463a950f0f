//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// axeSource is axe-core, installed by make's npm ci into site/node_modules
// (a devDependency in site/package.json): a missing copy is a failure.
func axeSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "site", "node_modules", "axe-core", "axe.min.js"))
	require.NoError(t, err, "axe-core is installed by `make` (npm ci --prefix site)")
	return string(b)
}

// axeViolation is the part of an axe result a person needs to fix it.
type axeViolation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

// Every tab, in both themes, at both sizes: axe-core finds nothing (WCAG 2
// A and AA rules and axe's best practices, colour contrast included).
func TestAxeFindsNoViolations(t *testing.T) {
	src := axeSource(t)
	for _, theme := range themes {
		for _, vp := range viewports {
			t.Run(theme+"-"+vp.name, func(t *testing.T) {
				p := openPageAfter(t, "/", fmt.Sprintf(`localStorage.setItem("kubexplorer.theme", %q)`, theme))
				require.NoError(t, chromedp.Do(p.Ctx, emulate(vp)))
				require.True(t, eval[bool](t, p, src+"\n;typeof axe === \"object\""), "loading axe-core")
				for _, id := range tabIDs {
					showTab(t, p, id)
					panes := []string{""}
					if vp.mobile {
						panes = []string{"input", "output"}
					}
					for _, pane := range panes {
						if pane != "" {
							eval[bool](t, p, fmt.Sprintf(`([...document.querySelectorAll("#panel-%s .ws-switch-button")].find(b => b.textContent.toLowerCase().startsWith(%q)).click(), true)`, id, pane))
							time.Sleep(200 * time.Millisecond)
						}
						assert.Empty(t, axeRun(t, p, "document"), "axe on tab %s %s (%s theme, %s)", id, pane, theme, vp.name)
					}
				}
			})
		}
	}
}

// axeRun runs axe-core (loaded in the page) on context, a JavaScript
// expression for a node or the document, and gives one line per violation.
func axeRun(t *testing.T, p *browsertest.Page, context string) []string {
	t.Helper()
	got := eval[[]axeViolation](t, p, `axe.run(`+context+`, {resultTypes: ["violations"]}).then(r => r.violations.map(v => ({
  id: v.id, impact: v.impact || "", help: v.help,
  targets: v.nodes.slice(0, 5).map(n => n.target.join(" ") + (n.failureSummary ? " — " + n.failureSummary.split("\n").slice(1, 2).join("") : "")) })))`)
	var lines []string
	for _, v := range got {
		lines = append(lines, fmt.Sprintf("%s (%s): %s\n\t%s", v.ID, v.Impact, v.Help, strings.Join(v.Targets, "\n\t")))
	}
	return lines
}
