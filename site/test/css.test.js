// The stylesheets, read as text: rules every sheet keeps.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

const dir = new URL("../css/", import.meta.url);
const sheets = readdirSync(dir).filter((f) => f.endsWith(".css"));

test("no length is in rem: a docs widget's shadow root would take the host page's root font size", () => {
  assert.ok(sheets.length > 5, "the sheets were found");
  for (const name of sheets) {
    // Comments may speak of rem; declarations may not use it.
    const text = readFileSync(new URL(name, dir), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    const uses = text.match(/[\d.]rem\b/g) || [];
    assert.deepEqual(uses, [], `${name} has rem lengths`);
  }
});
