//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// editorLook is what the computed styles inside a widget's shadow root say
// about its first editor: proof that CodeMirror's base theme and ours were
// mounted in that root, not in the host document.
type editorLook struct {
	Display       string  `json:"display"`
	Font          string  `json:"font"`
	GutterBg      string  `json:"gutterBg"`
	GutterBorder  float64 `json:"gutterBorder"`
	ContentSpaces string  `json:"contentSpaces"`
}

func lookOf(t *testing.T, p *browsertest.Page, root string) editorLook {
	t.Helper()
	return eval[editorLook](t, p, `(() => { const r = `+root+`;
		const cs = (sel) => getComputedStyle(r.querySelector(sel));
		return {display: cs(".cm-editor").display, font: cs(".cm-content").fontFamily,
			gutterBg: cs(".cm-gutters").backgroundColor, gutterBorder: parseFloat(cs(".cm-gutters").borderRightWidth),
			contentSpaces: cs(".cm-content").whiteSpace} })()`)
}

// checkStyledEditors asserts that the editors in root (a shadow root
// expression) are themed in light and dark, that End moves the cursor to the
// end of the line, and that a YAML error shows a visible lint marker.
// host is the widget element's expression; badEditor the index of a YAML
// editor; apply, a selector of a button to click after the edit, or "".
func checkStyledEditors(t *testing.T, p *browsertest.Page, host string, badEditor int, apply string) {
	t.Helper()
	root := host + `.shadowRoot`
	waitFor(t, p, root+` && `+root+`.querySelector(".cm-editor .cm-line") !== null`, 60*time.Second)
	eval[bool](t, p, `(`+host+`.setAttribute("theme", "light"), true)`)
	light := lookOf(t, p, root)
	assert.Equal(t, "flex", light.Display, "CodeMirror's base theme reached the shadow root")
	assert.Contains(t, light.Font, "monospace")
	assert.Equal(t, "pre", light.ContentSpaces, "lines do not wrap (the base theme)")
	assert.NotEqual(t, "rgba(0, 0, 0, 0)", light.GutterBg, "the gutter has the theme's background")
	assert.Equal(t, 1.0, light.GutterBorder, "the gutter has the theme's border")
	eval[bool](t, p, `(`+host+`.setAttribute("theme", "dark"), true)`)
	dark := lookOf(t, p, root)
	assert.NotEqual(t, light.GutterBg, dark.GutterBg, "the dark theme reaches the editor")
	assert.Contains(t, dark.Font, "monospace")

	// End: from the start of the first line to its end (a layout question:
	// CodeMirror measures the line, which needs its styles).
	eval[bool](t, p, `(() => { const v = `+root+`.querySelector(".cm-editor").kxView; v.focus(); v.dispatch({selection: {anchor: 0}}); return true })()`)
	require.NoError(t, chromedp.Do(p.Ctx, chromedp.KeyEvent(kb.End)))
	assert.True(t, eval[bool](t, p, `(() => { const v = `+root+`.querySelector(".cm-editor").kxView; return v.state.selection.main.head === v.state.doc.line(1).to && v.state.doc.line(1).length > 0 })()`), "End puts the cursor at the end of the line")

	// A YAML error: a lint marker the reader can see.
	eval[bool](t, p, fmt.Sprintf(`(() => { const v = [...%s.querySelectorAll(".cm-editor")][%d].kxView; v.dispatch({changes: {from: v.state.doc.length, insert: "\nbad: [\n"}}); return true })()`, root, badEditor))
	if apply != "" {
		eval[bool](t, p, `(`+root+`.querySelector(`+fmt.Sprintf("%q", apply)+`).click(), true)`)
	}
	waitFor(t, p, root+`.querySelector(".cm-lint-marker-error") !== null`, 20*time.Second)
	assert.True(t, eval[bool](t, p, `(() => { const r = `+root+`.querySelector(".cm-lint-marker-error").getBoundingClientRect(); return r.width > 0 && r.height > 0 })()`), "the lint marker has a size")
}

// Editors inside every widget's shadow root, and on the /embed/ iframe
// route, get CodeMirror's styles in that root (issue 12, item 1).
func TestWidgetEditorsStyled(t *testing.T) {
	t.Run("kx-feature-gates", func(t *testing.T) {
		p := openAnyPage(t, "/embed-example.html")
		checkStyledEditors(t, p, `document.querySelector("kx-feature-gates")`, 1, "")
	})
	t.Run("kx-kubelet", func(t *testing.T) {
		p := openAnyPage(t, "/embed-example.html")
		eval[bool](t, p, `(document.querySelector("kx-kubelet").scrollIntoView(), true)`)
		checkStyledEditors(t, p, `document.querySelector("kx-kubelet")`, 0, ".kubelet-load")
	})
	t.Run("embed-route", func(t *testing.T) {
		p := openAnyPage(t, "/embed/feature-gates/")
		checkStyledEditors(t, p, `document.querySelector("kx-feature-gates")`, 1, "")
		shot, err := chromedp.Run(p.Ctx, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(screenshotDir(t), "embed-route-feature-gates.png"), shot, 0o644))
	})
}
