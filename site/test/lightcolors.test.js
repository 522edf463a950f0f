// The light editor's syntax colours (lightcolors.js) are CodeMirror's: the
// tokens of YAML snippets, the same colours as @lezer/yaml with
// cmeditor.js's highlighter gives (the examples, the snippets), random
// texts of every character that never throw, and edits that re-tokenize
// only what they change: node --test site/test/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { parser } from "@lezer/yaml";
import { highlightTree } from "@lezer/highlight";

import { tokenize, tokenizeLine, relex, START, CLASSES } from "../js/lightcolors.js";
import { highlighter } from "../js/cmeditor.js";

/** A text's tokens as [text, class key] pairs. */
const tokens = (text) => tokenize(text).map(([from, to, k]) => [text.slice(from, to), k]);

const cases = [
  ["a: 1", [["a", "k"], [":", "p"]]],
  ["key: value # a comment", [["key", "k"], [":", "p"], ["# a comment", "c"]]],
  // '#' inside a plain scalar is the scalar's; after a space, a comment.
  ["url: http://x/#top #c", [["url", "k"], [":", "p"], ["#c", "c"]]],
  ["# only a comment", [["# only a comment", "c"]]],
  ['"quoted key": "value" # c', [['"quoted key"', "k"], [":", "p"], ['"value"', "s"], ["# c", "c"]]],
  ["'it''s': 'x'", [["'it''s'", "k"], [":", "p"], ["'x'", "s"]]],
  ["a b: c:d", [["a b", "k"], [":", "p"]]],
  ["- one\n- two: 2", [["-", "p"], ["-", "p"], ["two", "k"], [":", "p"]]],
  ["- - x", [["-", "p"], ["-", "p"]]],
  // Not a sequence's dash, not a key: "-a" is a scalar.
  ["-a: b", [[":", "p"]]],
  ["a:\n  b:\n    - c", [["a", "k"], [":", "p"], ["b", "k"], [":", "p"], ["-", "p"]]],
  // Document markers and a directive.
  ["%YAML 1.2\n---\na: 1\n...", [["%YAML", "w"], ["1.2", "s"], ["---", "p"], ["a", "k"], [":", "p"], ["...", "p"]]],
  ["--- # doc\nx", [["---", "p"], ["# doc", "c"]]],
  // A string over lines, a '---' and a '#' in it included.
  ['a: "one\n---\n  # two" # c\nb: 2', [["a", "k"], [":", "p"], ['"one', "s"], ["---", "s"], ['  # two"', "s"], ["# c", "c"], ["b", "k"], [":", "p"]]],
  ['a: "esc \\" \\\n  on" # c', [["a", "k"], [":", "p"], ['"esc \\" \\', "s"], ['  on"', "s"], ["# c", "c"]]],
  // A block scalar: its header, then its content uncoloured until a line indented less.
  ["run: |- # header\n  echo # not a comment\n  key: not a key\n\n  'x'\nafter: 1", [["run", "k"], [":", "p"], ["|-", "s"], ["# header", "c"], ["after", "k"], [":", "p"]]],
  ["- >2\n   x: y\n  z\n- a: b", [["-", "p"], [">2", "s"], ["-", "p"], ["a", "k"], [":", "p"]]],
  ["a: |\n---\nb: 1", [["a", "k"], [":", "p"], ["|", "s"], ["---", "p"], ["b", "k"], [":", "p"]]],
  // A plain scalar over lines: its next lines are its own while indented more.
  ["a: one\n  two: x\nb: 2", [["a", "k"], [":", "p"], [":", "p"], ["b", "k"], [":", "p"]]],
  // Flow collections: a mapping's keys, a sequence's entries, a pair in a sequence.
  ["f: {a: 1, 'b': [x, y: z], c}", [["f", "k"], [":", "p"], ["{", "p"], ["a", "k"], [":", "p"], [",", "p"], ["'b'", "k"], [":", "p"], ["[", "p"], [",", "p"], ["y", "k"], [":", "p"], ["]", "p"], [",", "p"], ["c", "k"], ["}", "p"]]],
  ['{"a":1, b:2}', [["{", "p"], ['"a"', "k"], [":", "p"], [",", "p"], ["b:2", "k"], ["}", "p"]]],
  ["list: [\n  a, # c\n  'b'\n]", [["list", "k"], [":", "p"], ["[", "p"], [",", "p"], ["# c", "c"], ["'b'", "s"], ["]", "p"]]],
  ["[a]: b", [["[", "p"], ["]", "p"], [":", "p"]]],
  // Anchors, aliases and tags are uncoloured; a key after one is its scalar's colour.
  ["base: &b {x: 1}\nuse: *b\n!!str &a k: v\n&c 'q': v", [["base", "k"], [":", "p"], ["{", "p"], ["x", "k"], [":", "p"], ["}", "p"], ["use", "k"], [":", "p"], [":", "p"], ["'q'", "s"], [":", "p"]]],
  // Explicit keys.
  ["? complex key\n: value", [["?", "p"], ["complex key", "k"], [":", "p"]]],
  // A nested mapping on a key's line (Lezer reads one).
  ["a: b: c", [["a", "k"], [":", "p"], ["b", "k"], [":", "p"]]],
];

test("YAML snippets give the tokens CodeMirror colours", () => {
  for (const [text, want] of cases) assert.deepEqual(tokens(text), want, JSON.stringify(text));
});

/** Per character, the class CodeMirror gives it (its highlighter over @lezer/yaml's tree). */
function lezerClasses(text) {
  const out = new Array(text.length).fill("");
  highlightTree(parser.parse(text), highlighter, (from, to, cls) => out.fill(cls, from, to));
  return out;
}

function ourClasses(text) {
  const out = new Array(text.length).fill("");
  for (const [from, to, k] of tokenize(text)) out.fill(CLASSES[k], from, to);
  return out;
}

/** The characters (not white space: its colour is not seen) whose colours differ. */
function differences(text) {
  const [a, b] = [lezerClasses(text), ourClasses(text)];
  const out = [];
  for (let i = 0; i < text.length; i++) {
    if (!/\s/.test(text[i]) && a[i] !== b[i]) out.push(`${JSON.stringify(text.slice(Math.max(0, i - 20), i))}|${JSON.stringify(text.slice(i, i + 10))}: CodeMirror ${a[i] || "none"}, light ${b[i] || "none"}`);
  }
  return out;
}

function examples() {
  const root = new URL("../../examples/", import.meta.url);
  const out = [];
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const f of readdirSync(new URL(dir.name + "/", root))) if (/\.ya?ml$/.test(f)) out.push(readFileSync(new URL(`${dir.name}/${f}`, root), "utf8"));
  }
  return out;
}

test("the colours are CodeMirror's: the examples and the snippets", () => {
  const texts = [...examples(), ...cases.map(([text]) => text)];
  assert.ok(texts.length > 20, "the examples are found");
  for (const text of texts) assert.deepEqual(differences(text), [], text.slice(0, 200));
});

// A seeded generator (mulberry32): the same texts on every run.
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Lines a user types, in pieces to join at random indentations.
const PIECES = ["key: value", "- item", "- a: 1", '"quoted": "v"', "'s': 'it''s'", "x: [a, b: c, {d: e}]", "m: {a: 1, b: [2]}", "# comment", "k: v # c", "t: !!str &a x", "r: *a",
  "s: |", "  block text: no key # no comment", "f: >-", "? ex", ": val", "---", "...", "url: http://h/#x", "n: -1", "e:", "  nested: true", "  - deep", '  "k": 1'];

test("typical texts: the colours are CodeMirror's", () => {
  const next = random(1);
  for (let n = 0; n < 300; n++) {
    const lines = [];
    for (let k = 1 + Math.floor(next() * 12); k > 0; k--) lines.push(" ".repeat(2 * Math.floor(next() * 3) * (next() < 0.3)) + PIECES[Math.floor(next() * PIECES.length)]);
    const text = lines.join("\n");
    // Where Lezer recovers from an error its tree is its own; those texts are left out.
    let broken = false;
    parser.parse(text).iterate({ enter: (node) => void (node.type.isError && (broken = true)) });
    if (!broken) assert.deepEqual(differences(text), [], text);
  }
});

// Every UTF-16 code unit, and the characters YAML gives a meaning.
const ALPHABET = [...'-?:,[]{}#&*!|>\'"%@`\\ \t\n\r.0123456789abcAZ_/<=+', "\ufeff", "\u00a0", "é", "😀", "\u2028"];

function checkTokens(text) {
  const list = tokenize(text);
  let end = 0;
  for (const [from, to, k] of list) {
    assert.ok(from >= end && to > from && to <= text.length, `${JSON.stringify(text)}: token ${from}-${to} after ${end}`);
    assert.ok(k in CLASSES, `${JSON.stringify(text)}: class ${k}`);
    assert.ok(!text.slice(from, to).includes("\n"), `${JSON.stringify(text)}: a token across lines`);
    end = to;
  }
}

test("any text tokenizes without throwing, in ordered tokens within each line", () => {
  for (let c = 0; c < 0x10000; c++) {
    const ch = String.fromCharCode(c);
    checkTokens(`${ch}: ${ch}\n- [${ch}, {${ch}: ${ch}}]\n"${ch}\n${ch}\na: |\n ${ch}`);
  }
  const next = random(2);
  for (let n = 0; n < 3000; n++) {
    let text = "";
    for (let k = Math.floor(next() * 60); k > 0; k--) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
    checkTokens(text);
  }
});

test("an edit re-tokenizes from its line until the states meet, and gives the whole text's tokens", () => {
  const next = random(3);
  const lex = (text) => {
    const out = [];
    let state = START;
    for (const line of text.split("\n")) {
      const [tokens, after] = tokenizeLine(line, state);
      out.push({ text: line, state, tokens });
      state = after;
    }
    return out;
  };
  const pool = [...PIECES, '"open', "close' x", "[a,", "b]", "{", "}", "", "|", "  more"];
  let text = "a: 1";
  let lines = lex(text);
  for (let n = 0; n < 2000; n++) {
    const rows = text.split("\n");
    const at = Math.floor(next() * rows.length);
    const piece = pool[Math.floor(next() * pool.length)];
    const r = next();
    if (r < 0.4) rows.splice(at, 0, piece);
    else if (r < 0.7 && rows.length > 1) rows.splice(at, 1);
    else rows[at] = piece;
    text = rows.join("\n");
    const [first, count, fresh] = relex(lines, rows);
    lines = lines.slice(0, first).concat(fresh, lines.slice(first + count));
    assert.deepEqual(lines, lex(text), text);
  }
  // An edit inside a long text re-tokenizes its own line only.
  const long = Array.from({ length: 1000 }, (_, i) => `k${i}: v`);
  const before = lex(long.join("\n"));
  long[500] = "k500: changed";
  const [first, count, fresh] = relex(before, long);
  assert.deepEqual([first, count, fresh.length], [500, 1, 1]);
  // Opening a string re-tokenizes every line after it; closing it again, none past the edit.
  long[10] = 'k10: "open';
  const opened = relex(before, long);
  assert.equal(opened[2].length, 990);
});
