// A code editor for the tabs. The editor proper is CodeMirror (cmeditor.js),
// three quarters of the page's JavaScript: it is a chunk of its own, which
// the page loads after its first result (loadEditors). Until then an editor
// is a light one: a plain text area in a box with CodeMirror's metrics (its
// border, font, line height, padding, minimum height and line-number
// gutter), which shows the text at once and takes typing, selection and
// Ctrl/Cmd+Enter. When the chunk arrives, each light editor becomes a
// CodeMirror in place, with the same text, selection, scroll position and
// focus, in a box of the same size (nothing on the page moves). The object
// createEditor returns is the same before and after: calls made before the
// upgrade (diagnostics, read-only) are kept and applied to CodeMirror.
// Nothing the user did is lost in the upgrade: the light editor records its
// edits (textChange), which CodeMirror replays into its history, so Ctrl+Z
// goes on undoing what was typed before; and an upgrade waits for an input
// method's composition to end.
//
// Keyboard: neither editor binds Tab, so Tab leaves the editor (no keyboard
// trap). Ctrl/Cmd+Enter calls onApply when given.

import { h } from "./ui.js";

let codemirror = null; // cmeditor.js, once loaded
let loading = null;
const waiting = new Set(); // the light editors' upgrades

/**
 * Loads CodeMirror (once) and turns every light editor into one; resolves
 * when they all have been. Editors created afterwards are CodeMirror at once.
 */
export function loadEditors() {
  if (!loading) {
    // The light editors' syntax colours (lightcolors.js, through lightmarks.js), before CodeMirror.
    import("./lightmarks.js").then((m) => waiting.forEach((upgrade) => upgrade.colour(m)), () => {});
    loading = import("./cmeditor.js").then(
      (mod) => {
        codemirror = mod;
        for (const upgrade of waiting) upgrade();
        waiting.clear();
      },
      (err) => {
        loading = null; // the light editors keep working; a later call tries again
        console.warn("the code editor did not load:", err);
      },
    );
  }
  return loading;
}

/**
 * createEditor({parent, doc, id, language: "yaml"|"text", label, onChange, onApply, minHeight,
 * root}) returns {view, value (get/set), setDiagnostics([{line, column, endLine, message,
 * severity}]), reveal(line, column), focus(), setReadOnly(bool)}. root is the document or shadow
 * root the editor lives in (CodeMirror mounts its styles there); id is the editable element's
 * (for a label's for=). view is CodeMirror's EditorView, null until the editor is upgraded.
 */
export function createEditor(opts) {
  if (codemirror) return codemirror.createCodeMirror(opts);
  return createLightEditor(opts);
}

/**
 * The change {from, to, insert} that turns a into b; where the change could
 * be placed in several ways (typing "a" into "aa"), it starts at or before
 * cap (the edit's selection).
 */
export function textChange(a, b, cap = Infinity) {
  let from = 0;
  const max = Math.min(a.length, b.length, cap);
  while (from < max && a.charCodeAt(from) === b.charCodeAt(from)) from++;
  let ea = a.length;
  let eb = b.length;
  while (ea > from && eb > from && a.charCodeAt(ea - 1) === b.charCodeAt(eb - 1)) ea--, eb--;
  return { from, to: ea, insert: b.slice(from, eb) };
}

function lineCount(text) {
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

function createLightEditor(opts) {
  const { parent, doc = "", id, label = "Editor", onChange, onApply, minHeight = "8em" } = opts;
  const area = h("textarea", {
    class: "kx-editor-light-text",
    "aria-label": label,
    spellcheck: "false",
    autocapitalize: "off",
    autocomplete: "off",
    autocorrect: "off",
    writingsuggestions: "false",
    translate: "no",
    wrap: "off",
  });
  // CodeMirror's tab stops (its content's style), not the text area's 8.
  area.style.tabSize = 4;
  if (id) area.id = id;
  area.value = doc;
  const gutter = h("div", { class: "kx-editor-light-gutter", "aria-hidden": "true" });
  const box = h("div", { class: "kx-editor-light" }, gutter, area);
  // CodeMirror's minimum height is its content's (theme in cmeditor.js);
  // set through the CSSOM, which the strict CSP allows. The gutter
  // stretches to the text area's height.
  area.style.minHeight = minHeight;
  let lines = 0;
  // The text area is as tall as its lines, as CodeMirror's content is: the
  // box scrolls, not the text area.
  let paint; // the syntax colours' update (lightcolors.js), once loaded
  const fit = () => {
    paint?.();
    const n = lineCount(area.value);
    if (n === lines) return;
    lines = n;
    area.style.height = `calc(${n} * 1.5em + 8px)`;
    gutter.textContent = Array.from({ length: n }, (_, i) => i + 1).join("\n");
  };
  fit();
  // The line of the cursor (the selection's head), which CodeMirror
  // highlights (highlightActiveLine): a custom property, which
  // editor.css turns into the text area's and the gutter's stripe; the
  // text's is left out while text is selected (cmeditor.js).
  const activeLine = () => {
    box.style.setProperty("--kx-line", lineCount(area.value.slice(0, selection()[1])) - 1);
    box.classList.toggle("kx-editor-ranged", area.selectionStart < area.selectionEnd);
  };
  // The diagnostics, drawn as CodeMirror's lint draws them by a module
  // loaded only when an editor has some (lightmarks.js).
  let diagnostics = [];
  let drawn = false;
  const mark = () => {
    if (diagnostics.length || drawn)
      import("./lightmarks.js").then((m) => real || (drawn = m.drawMarks(box, area, diagnostics)), () => {});
  };
  // The edits since the text was last set (base), for CodeMirror's history:
  // {from, to, insert, type (the input's inputType, or "set"), time,
  // before and after (the selection, [anchor, head])}.
  let base = area.value;
  let text = base;
  let edits = [];
  let before = null;
  const selection = () => (area.selectionDirection === "backward" ? [area.selectionEnd, area.selectionStart] : [area.selectionStart, area.selectionEnd]);
  const record = (type, was) => {
    const after = selection();
    if (edits.length > 9999) (base = text), (edits = []);
    edits.push({ ...textChange(text, area.value, Math.min(...was, ...after)), type, time: Date.now(), before: was, after });
    text = area.value;
  };
  area.addEventListener("beforeinput", () => (before = selection()));
  area.addEventListener("input", (e) => {
    record(e.inputType || "insertText", before || selection());
    before = null;
    fit();
    mark();
    if (!real) onChange?.(area.value);
  });
  // An input method's composition is the textarea's until it ends.
  let composing = false;
  area.addEventListener("compositionstart", () => (composing = true));
  area.addEventListener("compositionend", () => {
    composing = false;
    if (codemirror && !real) setTimeout(upgrade);
  });
  area.addEventListener("selectionchange", activeLine);
  activeLine();
  area.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && onApply) {
      e.preventDefault();
      onApply();
    }
  });
  // Someone about to type: the editor proper is wanted now.
  area.addEventListener("focus", () => loadEditors(), { once: true });
  parent.append(box);

  let real = null; // the CodeMirror api, once upgraded
  let readOnly = false;
  const upgrade = () => {
    if (real || composing) return; // compositionend upgrades
    const host = box.getRootNode();
    const focused = host.activeElement === area;
    const [anchor, head] = selection();
    real = codemirror.createCodeMirror({
      ...opts,
      parent: undefined,
      doc: area.value,
      history: { base, edits },
      selection: { anchor, head },
      scroll: { top: box.scrollTop, left: box.scrollLeft, height: box.scrollHeight },
    });
    box.replaceWith(real.view.dom);
    if (readOnly) real.setReadOnly(true);
    if (diagnostics.length) real.setDiagnostics(diagnostics);
    if (focused) real.view.focus();
    api.view = real.view;
    real.view.dom.kxEditor = api;
  };
  // Its syntax colours (lightcolors.js), once: loadEditors may try again.
  upgrade.colour = (m) => paint || (paint = m.colour(box, area, opts.language));
  waiting.add(upgrade);

  const api = {
    view: null,
    get value() {
      return real ? real.value : area.value;
    },
    /** Replaces the text without firing onChange. */
    set value(value) {
      if (real) real.value = value;
      else if (value !== area.value) {
        const was = selection();
        area.value = value;
        // Before the user's first edit, the start; after, an edit of its own.
        if (edits.length) record("set", was);
        else base = text = area.value;
        fit();
        activeLine();
        mark();
      }
    },
    setDiagnostics(diags) {
      if (real) real.setDiagnostics(diags);
      else (diagnostics = diags || []), mark();
    },
    /** Puts the cursor at line:column (1-based, clamped), scrolls there and focuses the editor. */
    reveal(line, column = 1) {
      if (real) return real.reveal(line, column);
      // Asked from a problem's entry: lightmarks.js has drawn the problem.
      import("./lightmarks.js").then((m) => (real ? real.reveal(line, column) : m.reveal(box, area, line, column)), () => {});
    },
    focus() {
      if (real) real.focus();
      else area.focus();
    },
    /** Read-only: the text can be selected and copied, not changed (a widget's readonly attribute). */
    setReadOnly(value) {
      readOnly = value;
      if (real) real.setReadOnly(value);
      else area.readOnly = value;
    },
  };
  // A widget reaches the editors of its tab through this (readonly).
  box.kxEditor = api;
  return api;
}
