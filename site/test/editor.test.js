// The light editor's edits (editor.js textChange) and their replay into
// CodeMirror's history (cmeditor.js replayEdits, undoRuns): node --test site/test/
import { test } from "node:test";
import assert from "node:assert/strict";
import { EditorState, EditorSelection } from "@codemirror/state";
import { history, undo, redo, undoDepth, redoDepth } from "@codemirror/commands";

import { textChange } from "../js/editor.js";
import { replayEdits, undoRuns } from "../js/cmeditor.js";

test("textChange is the smallest change, placed at the edit's selection", () => {
  assert.deepEqual(textChange("abc", "abc"), { from: 3, to: 3, insert: "" });
  assert.deepEqual(textChange("", "x"), { from: 0, to: 0, insert: "x" });
  assert.deepEqual(textChange("abc", "aXc"), { from: 1, to: 2, insert: "X" });
  assert.deepEqual(textChange("abc", ""), { from: 0, to: 3, insert: "" });
  // "a" typed into "aa": after the first a with the cursor at 1, at the end without a cap.
  assert.deepEqual(textChange("aa", "aaa", 1), { from: 1, to: 1, insert: "a" });
  assert.deepEqual(textChange("aa", "aaa"), { from: 2, to: 2, insert: "a" });
  // Delete (forward) at 0 in "aa".
  assert.deepEqual(textChange("aa", "a", 0), { from: 0, to: 1, insert: "" });
  // A selection typed over.
  assert.deepEqual(textChange("# typed before", "# X before", 2), { from: 2, to: 7, insert: "X" });
  for (const [a, b, cap] of [["abab", "ab", 0], ["xyz", "xxyz", 1], ["a\nb", "a\n\nb", 2], ["😀", "😀😀", 0]]) {
    const c = textChange(a, b, cap);
    assert.equal(a.slice(0, c.from) + c.insert + a.slice(c.to), b, `${a} → ${b}`);
    assert.ok(c.from <= cap, `${a} → ${b} starts at ${c.from}`);
  }
});

// Times as Date.now() gives them (CodeMirror's history takes a time of 0 for none).
const T0 = Date.UTC(2026, 10, 26);

/** A light editor's text area, as editor.js records it: each input an edit; times in ms from T0. */
class Area {
  constructor(text = "") {
    this.base = this.text = text;
    this.edits = [];
  }
  input(type, next, before, after, time) {
    this.edits.push({ ...textChange(this.text, next, Math.min(...before, ...after)), type, time: T0 + time, before, after });
    this.text = next;
    return this;
  }
  type(at, s, time) {
    return this.input("insertText", this.text.slice(0, at) + s + this.text.slice(at), [at, at], [at + s.length, at + s.length], time);
  }
  backspace(at, time) {
    return this.input("deleteContentBackward", this.text.slice(0, at - 1) + this.text.slice(at), [at, at], [at - 1, at - 1], time);
  }
  /** The browser's own undo (redo), to the text it gave. */
  history(type, next, time) {
    return this.input(type, next, [0, 0], [0, 0], time);
  }
  /** CodeMirror after the upgrade. */
  upgrade() {
    return replayEdits(EditorState.create({ doc: this.base, extensions: [history()] }), this.edits, this.text);
  }
}

/** The texts each command gives in turn, until it has nothing left to do. */
function steps(state, command) {
  const texts = [];
  const editor = { state, dispatch: (tr) => (editor.state = tr.state) };
  while (command(editor)) texts.push(editor.state.doc.toString());
  return texts;
}

test("typing becomes CodeMirror's history, grouped as CodeMirror groups typing", () => {
  const a = new Area("key: 1\n");
  // A word typed key by key, a pause of more than 500 ms, another word.
  for (const [i, c] of [..."abc"].entries()) a.type(i, c, 1000 + 100 * i);
  for (const [i, c] of [..." def"].entries()) a.type(3 + i, c, 3000 + 100 * i);
  const s = a.upgrade();
  assert.equal(s.doc.toString(), "abc defkey: 1\n");
  assert.equal(undoDepth(s), 2);
  assert.deepEqual(steps(s, undo), ["abckey: 1\n", "key: 1\n"]);
  let back = s;
  steps(s, (ed) => undo(ed) && ((back = ed.state), true));
  assert.deepEqual(steps(back, redo), ["abckey: 1\n", "abc defkey: 1\n"]);
});

test("typing and its backspace within CodeMirror's delay are one group, a moved cursor starts one", () => {
  const a = new Area().type(0, "a", 0).type(1, "b", 100).backspace(2, 200);
  assert.deepEqual(steps(a.upgrade(), undo), [""]);
  // The cursor moved before the next key: a group of its own, and undo puts the cursor back.
  a.type(0, "X", 300);
  const s = a.upgrade();
  assert.equal(s.doc.toString(), "Xa");
  assert.equal(undoDepth(s), 2);
  const editor = { state: s, dispatch: (tr) => (editor.state = tr.state) };
  undo(editor);
  assert.equal(editor.state.doc.toString(), "a");
  assert.equal(editor.state.selection.main.head, 0);
});

test("undo restores the selection the edit was typed over, backward as it was", () => {
  const a = new Area("# typed before").input("insertText", "# X before", [7, 2], [3, 3], 0);
  const editor = { state: a.upgrade(), dispatch: (tr) => (editor.state = tr.state) };
  assert.equal(editor.state.selection.main.head, 3);
  undo(editor);
  assert.equal(editor.state.doc.toString(), "# typed before");
  assert.deepEqual([editor.state.selection.main.anchor, editor.state.selection.main.head], [7, 2]);
});

test("the browser's undo and redo before the upgrade are CodeMirror's", () => {
  // Two words CodeMirror would group apart, which the browser undoes at once.
  const a = new Area();
  for (const [i, c] of [..."hello"].entries()) a.type(i, c, 100 * i);
  for (const [i, c] of [..." world"].entries()) a.type(5 + i, c, 2000 + 100 * i);
  a.history("historyUndo", "", 3000);
  let s = a.upgrade();
  assert.equal(s.doc.toString(), "");
  assert.equal(undoDepth(s), 0, "nothing left to undo");
  assert.equal(redoDepth(s), 2);
  assert.deepEqual(steps(s, redo), ["hello", "hello world"]);
  // Redone in the light editor: back in the undo history.
  a.history("historyRedo", "hello world", 4000);
  s = a.upgrade();
  assert.equal(redoDepth(s), 0);
  assert.deepEqual(steps(s, undo), ["hello", ""]);
});

test("an undo the browser makes finer than CodeMirror's groups isolates its run", () => {
  // Typing and a backspace CodeMirror would group; the browser undoes the backspace alone.
  const a = new Area().type(0, "a", 0).type(1, "b", 100).type(2, "c", 200).backspace(3, 300);
  a.history("historyUndo", "abc", 400);
  let s = a.upgrade();
  assert.equal(s.doc.toString(), "abc");
  assert.deepEqual(steps(s, undo), [""]);
  assert.deepEqual(steps(s, redo), ["ab"]);
  a.history("historyRedo", "ab", 500);
  s = a.upgrade();
  assert.equal(s.doc.toString(), "ab");
  assert.deepEqual(steps(s, undo), ["abc", ""]);
  // A new edit after an undo drops what was undone, in both.
  a.history("historyUndo", "abc", 600).type(3, "d", 5000);
  s = a.upgrade();
  assert.equal(redoDepth(s), 0);
  assert.deepEqual(steps(s, undo), ["abc", ""]);
});

test("undoRuns: the runs each undo reverts, and undos that match none", () => {
  const a = new Area().type(0, "a", 0).type(1, "b", 100).backspace(2, 200).history("historyUndo", "ab", 300);
  assert.deepEqual(undoRuns(a.base, a.edits), { isolate: new Map([[2, "full"]]), unmatched: new Set() });
  // A redo with nothing undone, an undo to a text no run leads to.
  const b = new Area("x").history("historyRedo", "xy", 0).history("historyUndo", "zzz", 100);
  assert.deepEqual(undoRuns(b.base, b.edits).unmatched, new Set([0, 1]));
  const s = b.upgrade();
  assert.equal(s.doc.toString(), "zzz");
  assert.deepEqual(steps(s, undo).at(-1), "x", "they are edits of their own");
});

test("text the page set after the user's edits is an edit of its own", () => {
  const a = new Area().type(0, "mine", 0).input("set", "example: 1\n", [4, 4], [11, 11], 100);
  const s = a.upgrade();
  assert.equal(s.doc.toString(), "example: 1\n");
  assert.deepEqual(steps(s, undo), ["mine", ""]);
});

test("an input method's composition is one group", () => {
  const a = new Area("x")
    .input("insertCompositionText", "xk", [1, 1], [2, 2], 0)
    .input("insertCompositionText", "xか", [1, 2], [2, 2], 2000)
    .input("insertCompositionText", "x漢", [1, 2], [2, 2], 4000);
  assert.deepEqual(steps(a.upgrade(), undo), ["x"]);
});

test("whatever the edits, the text is the light editor's", () => {
  const bad = new Area("abc");
  bad.edits.push({ from: 10, to: 20, insert: "?", type: "insertText", time: 0, before: [0, 0], after: [0, 0] });
  bad.text = "typed";
  const warn = console.warn;
  console.warn = () => {};
  try {
    assert.equal(bad.upgrade().doc.toString(), "typed");
  } finally {
    console.warn = warn;
  }
  // Selections past the end are clamped.
  const a = new Area("ab").input("deleteContentBackward", "a", [9, 9], [9, 9], 0);
  const s = a.upgrade();
  assert.equal(s.doc.toString(), "a");
  assert.ok(s.selection.main.head <= 1);
  assert.ok(EditorSelection.single(0).eq(EditorState.create({ doc: "" }).selection));
});
