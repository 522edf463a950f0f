// The tabs' code editor proper: CodeMirror 6, bundled (no CDN), themed with
// the page's CSS variables so it follows light and dark, with error markers.
// It is a chunk of its own, loaded after the first result; until then
// editor.js shows a light editor in its place.
//
// Keyboard: CodeMirror does not bind Tab, so Tab leaves the editor (no
// keyboard trap). Ctrl/Cmd+Enter calls onApply when given.

import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection } from "@codemirror/view";
import { EditorState, Compartment, EditorSelection } from "@codemirror/state";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { HighlightStyle, syntaxHighlighting, bracketMatching, indentOnInput } from "@codemirror/language";
import { yaml } from "@codemirror/lang-yaml";
import { lintGutter, setDiagnostics, lintKeymap, diagnosticCount } from "@codemirror/lint";
import { tags } from "@lezer/highlight";

const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.bool, tags.null], color: "var(--hl-keyword)" },
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: "var(--hl-key)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--hl-string)" },
  { tag: [tags.number], color: "var(--hl-number)" },
  { tag: [tags.comment, tags.lineComment], color: "var(--hl-comment)", fontStyle: "italic" },
  { tag: [tags.meta, tags.punctuation, tags.separator], color: "var(--hl-punct)" },
]);

const theme = EditorView.theme({
  "&": { color: "var(--fg)", backgroundColor: "var(--editor-bg)", border: "1px solid var(--border-strong)", borderRadius: "var(--radius-sm)", fontSize: "var(--fs-sm)" },
  "&.cm-focused": { outline: "2px solid var(--focus)", outlineOffset: "1px" },
  ".cm-content": { caretColor: "var(--fg)", fontFamily: "var(--mono)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--fg)" },
  ".cm-gutters": { backgroundColor: "var(--editor-gutter)", color: "var(--muted)", borderRight: "1px solid var(--border)" },
  ".cm-activeLine": { backgroundColor: "var(--editor-active)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--editor-active)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground": { backgroundColor: "var(--editor-selection)" },
  ".cm-scroller": { fontFamily: "var(--mono)", lineHeight: "1.5" },
  // The lint package draws its squiggles as data: images, which the strict
  // CSP (no img-src data:) blocks; a wavy underline needs no image.
  ".cm-lintRange-error": { backgroundImage: "none", textDecoration: "underline wavy var(--err)" },
  ".cm-lintRange-warning": { backgroundImage: "none", textDecoration: "underline wavy var(--warn)" },
  ".cm-lintRange-info, .cm-lintRange-hint": { backgroundImage: "none", textDecoration: "underline dotted var(--muted)" },
  ".cm-lintRange-active": { backgroundColor: "var(--editor-selection)" },
  // Gutter markers too (the package's are data: images as well): a
  // symbol of its own per severity, not only a colour.
  ".cm-lint-marker": { content: "normal", width: "1em", height: "1em", lineHeight: "1", textAlign: "center", fontWeight: "bold", fontFamily: "var(--sans)" },
  ".cm-lint-marker-error::before": { content: '"✕"', color: "var(--err)" },
  ".cm-lint-marker-warning::before": { content: '"▲"', color: "var(--warn)" },
  ".cm-lint-marker-info::before": { content: '"i"', color: "var(--muted)" },
  ".cm-tooltip": { backgroundColor: "var(--bg)", color: "var(--fg)", border: "1px solid var(--border-strong)", borderRadius: "var(--radius-sm)" },
  ".cm-diagnostic": { fontFamily: "var(--sans)", fontSize: "var(--fs-sm)" },
  ".cm-diagnostic-error": { borderLeftColor: "var(--err)" },
  ".cm-diagnostic-warning": { borderLeftColor: "var(--warn)" },
});

/**
 * createCodeMirror({parent, doc, selection, id, language: "yaml"|"text", label, onChange,
 * onApply, minHeight, root}) returns {view, value (get/set), setDiagnostics([{line, column,
 * endLine, message, severity}]), reveal(line, column), focus(), setReadOnly(bool)}. root is the
 * document or shadow root the editor lives in (CodeMirror mounts its styles there); selection
 * ({anchor, head}) the initial one; id the content element's. Without parent, the caller puts
 * view.dom in the page.
 */
export function createCodeMirror({ parent, doc = "", selection, id, language = "yaml", label = "Editor", onChange, onApply, minHeight = "8em", root }) {
  const lang = new Compartment();
  const editable = new Compartment();
  let silent = false;
  const extensions = [
    lineNumbers(),
    highlightActiveLineGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    highlightActiveLine(),
    syntaxHighlighting(highlight),
    lintGutter(),
    lang.of(language === "yaml" ? yaml() : []),
    editable.of([]),
    keymap.of([
      ...(onApply ? [{ key: "Mod-Enter", run: () => (onApply(), true) }] : []),
      ...defaultKeymap,
      ...historyKeymap,
      ...lintKeymap,
    ]),
    theme,
    EditorView.theme({ ".cm-content, .cm-gutter": { minHeight } }),
    // tabindex: the content is a tab stop anyway (contenteditable); said
    // explicitly, checkers see that its scroller has focusable content.
    EditorView.contentAttributes.of({ "aria-label": label, "aria-multiline": "true", tabindex: "0" }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged && onChange && !silent) onChange(u.state.doc.toString());
    }),
  ];
  const view = new EditorView({ parent, root, state: EditorState.create({ doc, extensions, selection }) });
  if (id) view.contentDOM.id = id;
  // The end-to-end tests type into any editor through this, like a paste.
  view.dom.kxView = view;
  const api = {
    view,
    get value() {
      return view.state.doc.toString();
    },
    /** Replaces the text without firing onChange. */
    set value(text) {
      // Every update reads the page's selection, which makes the browser
      // lay out the whole page first when it has changed (on a cold load,
      // hundreds of ms per update): an update that changes nothing is not
      // made.
      if (text === view.state.doc.toString()) return;
      silent = true;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      silent = false;
    },
    setDiagnostics(diags) {
      const d = view.state.doc;
      const marks = [];
      for (const x of diags || []) {
        if (!x.line || x.line < 1) continue;
        const line = d.line(Math.min(x.line, d.lines));
        const from = Math.min(line.from + Math.max(0, (x.column || 1) - 1), line.to);
        const endLine = x.endLine ? d.line(Math.min(x.endLine, d.lines)) : line;
        // The end column (exclusive) ends the span; without one it runs to the end of its line.
        const to = x.endLine && x.endColumn ? Math.min(endLine.from + x.endColumn - 1, endLine.to) : endLine.to;
        marks.push({ from, to: Math.max(from, to), severity: x.severity || "error", message: x.message });
      }
      // Clearing marks an editor does not have: no update (see set value).
      if (marks.length === 0 && diagnosticCount(view.state) === 0) return;
      view.dispatch(setDiagnostics(view.state, marks));
    },
    /** Puts the cursor at line:column (1-based, clamped), scrolls there and focuses the editor. */
    reveal(line, column = 1) {
      const d = view.state.doc;
      const l = d.line(Math.min(Math.max(1, line || 1), d.lines));
      const pos = Math.min(l.from + Math.max(0, (column || 1) - 1), l.to);
      view.dispatch({ selection: EditorSelection.cursor(pos), effects: EditorView.scrollIntoView(pos, { y: "center" }) });
      view.focus();
      // The pane scrolls too: bring the editor itself into view.
      view.dom.scrollIntoView({ block: "nearest" });
    },
    focus() {
      view.focus();
    },
    /** Read-only: the text can be selected and copied, not changed (a widget's readonly attribute). */
    setReadOnly(readOnly) {
      view.dispatch({ effects: editable.reconfigure(readOnly ? [EditorState.readOnly.of(true), EditorView.editable.of(false)] : []) });
    },
  };
  // A widget reaches the editors of its tab through this (readonly).
  view.dom.kxEditor = api;
  return api;
}
