// Tests of site/js/tabs/gatesfiles.js and gatesimport.js's shellQuote:
// node --test site/test/
import { test } from "node:test";
import assert from "node:assert/strict";

import { NODE, FLEET, BoundError, collect, stripFolder, read, dropEntries } from "../js/tabs/gatesfiles.js";
import { shellQuote } from "../js/tabs/gatesimport.js";

const file = (name, content = "x", relative = "") => {
  const f = new File([content], name);
  if (relative) Object.defineProperty(f, "webkitRelativePath", { value: relative });
  return f;
};

test("collect names picked files by their relative path and skips hidden ones", async () => {
  const list = await collect([file("a.txt", "1", "dumps/a.txt"), file("x", "2", "dumps/.git/x"), file("b.json")], FLEET);
  assert.deepEqual(list.map((x) => x.path), ["dumps/a.txt", "b.json"]);
});

test("collect refuses past the bounds before reading", async () => {
  const many = Array.from({ length: NODE.files + 1 }, (_, i) => file(`f${i}`));
  await assert.rejects(collect(many, NODE), (err) => err instanceof BoundError && /More than 64 files/.test(err.message));
  const big = file("big", "y".repeat(NODE.fileBytes + 1));
  await assert.rejects(collect([big], NODE), /big is 1\.0 MiB: a node dump's file is at most 1\.0 MiB/);
  const limits = { ...FLEET, bytes: 10 };
  await assert.rejects(collect([file("a", "123456"), file("b", "123456")], limits), /more than 10 B/);
  assert.equal((await collect([file("a", "123456")], limits)).length, 1);
});

test("collect walks dropped folders", async () => {
  const dir = (name, children) => ({ name, isDirectory: true, createReader: () => {
    let done = false;
    return { readEntries: (ok) => { ok(done ? [] : children); done = true; } };
  } });
  const leaf = (name) => ({ name, isFile: true, file: (ok) => ok(file(name)) });
  const list = await collect({ entries: [dir("fleet", [leaf("n1.txt"), dir("n2", [leaf("ps"), leaf(".hidden")])])] }, FLEET);
  assert.deepEqual(list.map((x) => x.path), ["fleet/n1.txt", "fleet/n2/ps"]);
  assert.deepEqual(stripFolder(list).list.map((x) => x.path), ["n1.txt", "n2/ps"]);
  assert.equal(stripFolder(list).folder, "fleet");
});

test("stripFolder keeps paths not all in one folder", () => {
  const list = [{ path: "a/x" }, { path: "b/y" }];
  assert.deepEqual(stripFolder(list), { folder: "", list });
  assert.deepEqual(stripFolder([{ path: "a.txt" }]), { folder: "", list: [{ path: "a.txt" }] });
});

test("read gives the engine's files", async () => {
  assert.deepEqual(await read([{ path: "p", file: file("p", "text") }]), [{ path: "p", content: "text" }]);
});

test("dropEntries falls back to the files", () => {
  const f = file("a");
  assert.deepEqual(dropEntries({ items: [{ kind: "file", webkitGetAsEntry: () => null }], files: [f] }), { entries: [], files: [f] });
  const e = { name: "a" };
  assert.deepEqual(dropEntries({ items: [{ kind: "file", webkitGetAsEntry: () => e }], files: [f] }), { entries: [e], files: [] });
});

test("shellQuote writes an argv the model splits back", () => {
  assert.equal(shellQuote(["--config=/var/lib/kubelet/config.yaml", "--node-labels=role=gpu worker", "it's", "$HOME"]),
    `--config=/var/lib/kubelet/config.yaml '--node-labels=role=gpu worker' 'it'"'"'s' '$HOME'`);
});
