//go:build e2e

package e2e

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The light editor's colours keep in step with what is typed: the layer
// holds the text area's text after each edit, a typed key and comment take
// their colours, an opened string colours the lines after it until it is
// closed; a text too long to colour (lightcolors.js MAX, pasted) shows the
// text area's own text, and colours come back when it is short again.
func TestLightEditorColoursFollowTyping(t *testing.T) {
	p, _ := pageHoldingCodeMirror(t, "/#gates")
	require.True(t, eval[bool](t, p, lightColoured), "the light editor shows the syntax colours")
	area := configEditor + `.querySelector("textarea")`
	inStep := `(() => { const e = ` + configEditor + `, l = e.querySelector(".kx-hl-text"); return !!l && l.textContent === e.querySelector("textarea").value + "\n" })()`
	classOf := func(text string) string {
		return eval[string](t, p, `(() => { const s = [...`+configEditor+`.querySelectorAll(".kx-hl-text span span")].find((s) => s.textContent === `+jsString(text)+`); return s ? s.className : "none" })()`)
	}
	eval[bool](t, p, `(() => { const a = `+area+`; a.focus(); a.setSelectionRange(a.value.length, a.value.length); return true })()`)
	for _, piece := range []string{"\ntypedKey", ": value", " # typed comment", "\nq: \"open", "\nnext: 1"} {
		typeText(t, p, piece)
		require.True(t, eval[bool](t, p, inStep), "the colours hold the text after %q", piece)
	}
	assert.Equal(t, "kx-hl-key", classOf("typedKey"))
	assert.Equal(t, "kx-hl-comment", classOf("# typed comment"))
	assert.Equal(t, "kx-hl-string", classOf(`"open`))
	assert.Equal(t, "kx-hl-string", classOf("next: 1"), "an open string goes on on the next line")
	typeText(t, p, "\"\nafter: 2")
	require.True(t, eval[bool](t, p, inStep))
	assert.Equal(t, `kx-hl-string`, classOf(`next: 1"`))
	assert.Equal(t, "kx-hl-key", classOf("after"), "the closed string colours no more")
	press(t, p, "\b")
	require.True(t, eval[bool](t, p, inStep), "a deletion")
	assert.Equal(t, "rgba(0, 0, 0, 0)", eval[string](t, p, `getComputedStyle(`+area+`).color`), "the text area's own text is the layer's")

	// Too long to colour (a paste): the text area shows its text.
	eval[bool](t, p, `(() => { const a = `+area+`; a.setRangeText("long: text\n".repeat(2000), 0, a.value.length, "end");
		a.dispatchEvent(new InputEvent("input", {inputType: "insertFromPaste"})); return true })()`)
	assert.False(t, eval[bool](t, p, configEditor+`.querySelector(".kx-hl-text") !== null`), "no layer over a long text")
	assert.NotEqual(t, "rgba(0, 0, 0, 0)", eval[string](t, p, `getComputedStyle(`+area+`).color`))
	eval[bool](t, p, `(() => { const a = `+area+`; a.setSelectionRange(0, a.value.length); return true })()`)
	typeText(t, p, "short: again")
	require.True(t, eval[bool](t, p, inStep), "colours again")
	assert.Equal(t, "kx-hl-key", classOf("short"))
}

// A screen reader hears an editor's diagnostics as its description, in the
// light editor (lightmarks.js) and in CodeMirror, and the same one across
// the upgrade; without diagnostics the editor has no description.
func TestEditorDiagnosticsDescribed(t *testing.T) {
	p, release := pageHoldingCodeMirror(t, "/#gates")
	described := func(el string) string {
		return eval[string](t, p, `(() => { const e = `+el+`, id = e.getAttribute("aria-describedby"); return id === null ? "none" : e.getRootNode().getElementById(id)?.textContent ?? "missing" })()`)
	}
	eval[bool](t, p, `(`+configEditor+`.kxEditor.setDiagnostics([{line: 3, severity: "warning", message: "a warning"}, {line: 2, column: 3, endLine: 2, endColumn: 9, severity: "error", message: "an error"}]), true)`)
	want := "line 2: error: an errorline 3: warning: a warning"
	waitFor(t, p, configEditor+`.querySelector("textarea").hasAttribute("aria-describedby")`, 10*time.Second)
	assert.Equal(t, want, described(configEditor+`.querySelector("textarea")`), "the light editor's description")

	upgrade(t, p, release, configEditor+`.matches(".cm-editor")`)
	content := configEditor + `.querySelector(".cm-content")`
	assert.Equal(t, want, described(content), "CodeMirror's description, after the upgrade")
	assert.Equal(t, 1, eval[int](t, p, configEditor+`.querySelectorAll(".kx-lint").length`), "one description")

	eval[bool](t, p, `(`+configEditor+`.kxEditor.setDiagnostics([{line: 1, severity: "info", message: "a note"}]), true)`)
	assert.Equal(t, "line 1: info: a note", described(content), "CodeMirror's description follows its diagnostics")
	eval[bool](t, p, `(`+configEditor+`.kxEditor.setDiagnostics([]), true)`)
	assert.Equal(t, "none", described(content), "no diagnostics, no description")
	assert.Equal(t, 0, eval[int](t, p, configEditor+`.querySelectorAll(".kx-lint").length`))
}
