// The page's HTML shell (index.html), read as text: what its first paint
// must not cost.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const read = (path) => readFileSync(new URL(path, import.meta.url), "utf8");

test("the header's mark is drawn inline, as the favicon draws it: no SVG document to fetch and parse before the first result", () => {
  const html = read("../index.html");
  const icon = read("../static/favicon.svg");
  const brand = /<svg class="brand-mark"[^>]*>([\s\S]*?)<\/svg>/.exec(html);
  assert.ok(brand, "index.html has the brand mark");
  assert.doesNotMatch(brand[1], /<use\b/, "the mark refers to no other file");
  const drawing = /<g\b[\s\S]*<\/g>/.exec(icon)[0];
  assert.equal(brand[1], drawing, "the header's mark is the favicon's drawing");
});
