// Where both editors place a diagnostic's mark (lightmarks.js span, over a
// text's lines): node --test site/test/
import { test } from "node:test";
import assert from "node:assert/strict";

import { span, textLines } from "../js/lightmarks.js";

const text = "a: 1\nbb: two\n\nlast";
const at = (mark) => span(mark, ...textLines(text));

test("textLines gives each line's offsets, the newline left out", () => {
  const [line, lines] = textLines(text);
  assert.equal(lines, 4);
  assert.deepEqual([1, 2, 3, 4].map(line), [{ from: 0, to: 4 }, { from: 5, to: 12 }, { from: 13, to: 13 }, { from: 14, to: 18 }]);
  assert.deepEqual(textLines("")[0](1), { from: 0, to: 0 });
});

test("a mark without a column covers its line, with one it starts there", () => {
  assert.deepEqual(at({ line: 2 }), { from: 5, to: 12 });
  assert.deepEqual(at({ line: 2, column: 5 }), { from: 9, to: 12 });
  // An empty line: an empty range (a point).
  assert.deepEqual(at({ line: 3 }), { from: 13, to: 13 });
});

test("an end line and end column (exclusive) end the range", () => {
  assert.deepEqual(at({ line: 1, column: 4, endLine: 2, endColumn: 3 }), { from: 3, to: 7 });
  assert.deepEqual(at({ line: 1, column: 1, endLine: 2 }), { from: 0, to: 12 });
  assert.deepEqual(at({ line: 2, column: 2, endLine: 2, endColumn: 4 }), { from: 6, to: 8 });
});

test("positions are clamped to the text", () => {
  assert.deepEqual(at({ line: 9 }), { from: 14, to: 18 });
  assert.deepEqual(at({ line: 0, column: 0 }), { from: 0, to: 4 });
  assert.deepEqual(at({ line: 1, column: 99 }), { from: 4, to: 4 });
  assert.deepEqual(at({ line: 1, endLine: 9, endColumn: 99 }), { from: 0, to: 18 });
  // An end before the start is the start.
  assert.deepEqual(at({ line: 2, column: 6, endLine: 2, endColumn: 2 }), { from: 10, to: 10 });
});
