// The tabs' code editor proper: CodeMirror 6, bundled (no CDN), themed with
// the page's CSS variables so it follows light and dark, with error markers.
// It is a chunk of its own, loaded after the first result; until then
// editor.js shows a light editor in its place.
//
// Keyboard: CodeMirror does not bind Tab, so Tab leaves the editor (no
// keyboard trap). Ctrl/Cmd+Enter calls onApply when given.

import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection } from "@codemirror/view";
import { EditorState, Compartment, EditorSelection, Transaction } from "@codemirror/state";
import { defaultKeymap, history, historyKeymap, isolateHistory, undo, redo } from "@codemirror/commands";
import { syntaxHighlighting, bracketMatching, indentOnInput } from "@codemirror/language";
import { yaml } from "@codemirror/lang-yaml";
import { lintGutter, setDiagnostics, lintKeymap, diagnosticCount } from "@codemirror/lint";
import { tags, tagHighlighter } from "@lezer/highlight";
import { span, describe } from "./lightmarks.js";
import { CLASSES } from "./lightcolors.js";

/**
 * CodeMirror's syntax colours: classes whose colours (both themes) are in
 * editor.css, where the light editor's colours (lightcolors.js, the same
 * classes) are too. YAML's tags: @lezer/yaml's highlighting.
 */
export const highlighter = tagHighlighter([
  { tag: [tags.keyword, tags.bool, tags.null], class: CLASSES.w },
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], class: CLASSES.k },
  { tag: [tags.string, tags.special(tags.string)], class: CLASSES.s },
  { tag: [tags.number], class: "kx-hl-number" },
  { tag: [tags.comment, tags.lineComment], class: CLASSES.c },
  { tag: [tags.meta, tags.punctuation, tags.separator], class: CLASSES.p },
]);

const theme = EditorView.theme({
  "&": { color: "var(--fg)", backgroundColor: "var(--editor-bg)", border: "1px solid var(--border-strong)", borderRadius: "var(--radius-sm)", fontSize: "var(--fs-sm)" },
  "&.cm-focused": { outline: "2px solid var(--focus)", outlineOffset: "1px" },
  ".cm-content": { caretColor: "var(--fg)", fontFamily: "var(--mono)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--fg)" },
  ".cm-gutters": { backgroundColor: "var(--editor-gutter)", color: "var(--muted)", borderRight: "1px solid var(--border)" },
  ".cm-activeLine": { backgroundColor: "var(--editor-active)" },
  // The selection is drawn under the lines, so an opaque active line
  // would hide it on the cursor's line: while text is selected the line
  // is marked in the gutter only (as in the light editor, editor.js).
  "&.kx-editor-ranged .cm-activeLine": { backgroundColor: "transparent" },
  ".cm-activeLineGutter": { backgroundColor: "var(--editor-active)" },
  // The base theme's focused selection (#d7d4f0) is the more specific rule.
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground": { backgroundColor: "var(--editor-selection)" },
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

/** The user event CodeMirror gives the edit a light editor's input of type makes (after one of prev). */
function userEvent(type, prev) {
  if (type === "insertCompositionText") return prev === type ? "input.type.compose" : "input.type.compose.start";
  if (type === "insertText" || type === "insertReplacementText") return "input.type";
  if (type === "insertFromPaste") return "input.paste";
  if (type === "insertFromDrop") return "input.drop";
  if (type === "deleteByCut") return "delete.cut";
  if (type.startsWith("delete")) return type.endsWith("Backward") ? "delete.backward" : type.endsWith("Forward") ? "delete.forward" : "delete";
  return type === "set" ? undefined : "input";
}

const apply = (text, e) => text.slice(0, e.from) + e.insert + text.slice(e.to);

/**
 * The light editor's own undo and redo, in its edits: each undo (redo)
 * reverts (repeats) the latest run of edits that leads to its text. Returns
 * per edit index how CodeMirror isolates it in its history ("before",
 * "after", "full"), so that each run is whole groups of CodeMirror's,
 * which its undo then reverts as the browser did; and the undos and redos
 * that match no run (they are replayed as edits of their own).
 */
export function undoRuns(base, edits) {
  const isolate = new Map();
  const unmatched = new Set();
  const mark = (i, side) => isolate.set(i, isolate.has(i) && isolate.get(i) !== side ? "full" : side);
  let text = base;
  let done = []; // indices of the edits in effect, with the text before each
  let undone = []; // runs, as done's entries
  edits.forEach((e, i) => {
    const target = apply(text, e);
    if (e.type === "historyUndo" || e.type === "historyRedo") {
      let run = null;
      if (e.type === "historyUndo") {
        let k = done.length;
        while (k > 0 && done[k - 1].text !== target) k--;
        if (k > 0) run = done.splice(k - 1);
      } else if (undone.length && undone[undone.length - 1].reduce((t, r) => apply(t, edits[r.i]), text) === target) {
        run = undone[undone.length - 1];
      }
      if (run) {
        mark(run[0].i, "before");
        mark(run[run.length - 1].i, "after");
        if (e.type === "historyUndo") undone.push(run);
        else done.push(...undone.pop());
        text = target;
        return;
      }
      unmatched.add(i);
    }
    if (e.type === "set") {
      // Setting the text empties the browser's undo stack; for CodeMirror it is an edit of its own.
      mark(i, "before");
      mark(i, "after");
      done = [];
    } else done.push({ i, text });
    undone = [];
    text = target;
  });
  return { isolate, unmatched };
}

const single = ([anchor, head], length) => EditorSelection.single(Math.min(anchor, length), Math.min(head, length));

/**
 * The state after a light editor's edits (editor.js), from state with the
 * text they start from: each edit a transaction of CodeMirror's history,
 * at the time it was made, with the user event CodeMirror gives such an
 * edit (so its undo groups them as it groups typing), from the selection it
 * was made in; the light editor's undos and redos are CodeMirror's. Its text
 * is text, whatever the edits.
 */
export function replayEdits(state, edits, text) {
  try {
    const { isolate, unmatched } = undoRuns(state.doc.toString(), edits);
    edits.forEach((e, i) => {
      const time = Transaction.time.of(e.time);
      if (/^history(Undo|Redo)$/.test(e.type) && !unmatched.has(i)) {
        const target = apply(state.doc.toString(), e);
        const editor = { state, dispatch: (tr) => (editor.state = tr.state) };
        const command = e.type === "historyUndo" ? undo : redo;
        while (editor.state.doc.toString() !== target && command(editor));
        if (editor.state.doc.toString() === target) return void (state = editor.state);
      }
      const from = single(e.before, state.doc.length);
      if (!from.eq(state.selection)) state = state.update({ selection: from, userEvent: "select", annotations: time }).state;
      const annotations = isolate.has(i) ? [time, isolateHistory.of(isolate.get(i))] : time;
      const length = state.doc.length - (e.to - e.from) + e.insert.length;
      state = state.update({ changes: e, selection: single(e.after, length), userEvent: userEvent(e.type, edits[i - 1]?.type), annotations }).state;
    });
  } catch (err) {
    console.warn("the light editor's edits are not in the history:", err);
  }
  if (state.doc.toString() === text) return state;
  return state.update({ changes: { from: 0, to: state.doc.length, insert: text } }).state;
}

/**
 * createCodeMirror({parent, doc, selection, id, language: "yaml"|"text", label, onChange,
 * onApply, minHeight, root}) returns {view, value (get/set), setDiagnostics([{line, column,
 * endLine, message, severity}]), reveal(line, column), focus(), setReadOnly(bool)}. root is the
 * document or shadow root the editor lives in (CodeMirror mounts its styles there); selection
 * ({anchor, head}) the initial one; id the content element's; history ({base, edits}) a
 * light editor's edits that led to doc (replayEdits); scroll ({top, left, height}) where a light
 * editor of scrollHeight height was scrolled to. Without parent, the caller puts view.dom in
 * the page.
 */
export function createCodeMirror({ parent, doc = "", selection, history: edited, scroll, id, language = "yaml", label = "Editor", onChange, onApply, minHeight = "8em", root }) {
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
    syntaxHighlighting(highlighter),
    lintGutter(),
    lang.of(language === "yaml" ? yaml() : []),
    editable.of([]),
    keymap.of([
      // Ctrl or Cmd, on every platform, as in the light editor.
      ...(onApply ? ["Ctrl-Enter", "Meta-Enter"].map((key) => ({ key, run: () => (onApply(), true) })) : []),
      ...defaultKeymap,
      ...historyKeymap,
      ...lintKeymap,
    ]),
    theme,
    EditorView.editorAttributes.compute(["selection"], (s) => (s.selection.main.empty ? {} : { class: "kx-editor-ranged" })),
    EditorView.theme({ ".cm-content, .cm-gutter": { minHeight } }),
    // tabindex: the content is a tab stop anyway (contenteditable); said
    // explicitly, checkers see that its scroller has focusable content.
    EditorView.contentAttributes.of({ "aria-label": label, "aria-multiline": "true", tabindex: "0" }),
    // The light editor's scroll position, set once CodeMirror has measured
    // its lines (setting it before, on estimated heights, lands elsewhere).
    EditorView.scrollHandler.of((view) => {
      if (!scroll) return false;
      view.scrollDOM.scrollTop = scroll.top;
      view.scrollDOM.scrollLeft = scroll.left;
      scroll = null;
      return true;
    }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged && onChange && !silent) onChange(u.state.doc.toString());
    }),
  ];
  let state = EditorState.create({ doc: edited ? edited.base : doc, extensions, selection: edited ? undefined : selection });
  if (edited) {
    state = replayEdits(state, edited.edits, doc);
    const at = selection && single([selection.anchor, selection.head], state.doc.length);
    if (at && !at.eq(state.selection)) state = state.update({ selection: at, userEvent: "select" }).state;
  }
  // Near the line at the top (lines are all of a height), so that it is drawn.
  if (!scroll?.top && !scroll?.left) scroll = null;
  const top = scroll && state.doc.line(Math.min(state.doc.lines, 1 + Math.floor((state.doc.lines * scroll.top) / scroll.height || 0))).from;
  const view = new EditorView({ parent, root, state, scrollTo: scroll && EditorView.scrollIntoView(top) });
  if (id) view.contentDOM.id = id;
  const at = (mark) => span(mark, (n) => view.state.doc.line(n), view.state.doc.lines);
  let description = null; // the diagnostics' (setDiagnostics)
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
      // An edit of its own in the history, as the light editor's are (replayEdits).
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, annotations: isolateHistory.of("full") });
      silent = false;
    },
    setDiagnostics(diags) {
      const marks = [];
      for (const x of diags || []) {
        if (x.line >= 1) marks.push({ ...at(x), severity: x.severity || "error", message: x.message });
      }
      // For screen readers the messages are the content's description,
      // as they are the light editor's (lightmarks.js describe).
      description?.remove();
      description = marks.length ? describe(marks.map((m) => ({ ...m, line: view.state.doc.lineAt(m.from).number }))) : null;
      if (description) view.dom.append(description), view.contentDOM.setAttribute("aria-describedby", description.id);
      else view.contentDOM.removeAttribute("aria-describedby");
      // Clearing marks an editor does not have: no update (see set value).
      if (marks.length === 0 && diagnosticCount(view.state) === 0) return;
      view.dispatch(setDiagnostics(view.state, marks));
    },
    /** Puts the cursor at line:column (1-based, clamped), scrolls there and focuses the editor. */
    reveal(line, column = 1) {
      const pos = at({ line, column }).from;
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
