// storage.js: every access guarded; problems reported once.

import { test } from "node:test";
import assert from "node:assert/strict";

import { GuardedStorage, MemoryBackend, STATUS } from "../js/storage.js";

function watch(s) {
  const seen = [];
  s.onProblem((p) => seen.push(p.status));
  return seen;
}

test("a working backend: get, set, remove, keys", () => {
  const s = new GuardedStorage(() => new MemoryBackend());
  const backend = new MemoryBackend();
  const t = new GuardedStorage(() => backend);
  assert.equal(t.probe(), STATUS.OK);
  assert.equal(backend.length, 0, "the probe leaves nothing behind");
  assert.equal(t.get("a"), null);
  assert.equal(t.set("a", "1"), true);
  assert.equal(t.set("ab", 2), true);
  assert.equal(t.set("b", "3"), true);
  assert.equal(t.get("ab"), "2", "values are stored as strings");
  assert.deepEqual(t.keys("a").sort(), ["a", "ab"]);
  assert.equal(t.remove("a"), true);
  assert.equal(t.get("a"), null);
  assert.equal(s.status, STATUS.OK);
});

test("blocked storage: the getter throws; nothing throws out, the problem is reported once", () => {
  const s = new GuardedStorage(() => {
    const err = new Error("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.");
    err.name = "SecurityError";
    throw err;
  }, "localStorage");
  const seen = watch(s);
  assert.equal(s.probe(), STATUS.UNAVAILABLE);
  assert.equal(s.get("x"), null);
  assert.equal(s.set("x", "1"), false);
  assert.equal(s.remove("x"), false);
  assert.deepEqual(s.keys(), []);
  assert.deepEqual(seen, [STATUS.UNAVAILABLE]);
  assert.match(s.problem, /Access is denied/);
});

test("no storage at all (undefined backend)", () => {
  const s = new GuardedStorage(() => undefined, "sessionStorage");
  const seen = watch(s);
  assert.equal(s.get("x"), null);
  assert.equal(s.set("x", "y"), false);
  assert.deepEqual(seen, [STATUS.UNAVAILABLE]);
  assert.match(s.problem, /sessionStorage is not available/);
});

test("every method of a backend that throws", () => {
  const boom = () => {
    throw new Error("disabled");
  };
  const backend = { getItem: boom, setItem: boom, removeItem: boom, key: boom, get length() { return boom(); } };
  const s = new GuardedStorage(() => backend);
  assert.equal(s.get("k"), null);
  assert.equal(s.set("k", "v"), false);
  assert.equal(s.remove("k"), false);
  assert.deepEqual(s.keys(), []);
  assert.equal(s.probe(), STATUS.UNAVAILABLE);
});

test("a write that does not stick is found by the probe", () => {
  const backend = { getItem: () => null, setItem() {}, removeItem() {} };
  assert.equal(new GuardedStorage(() => backend).probe(), STATUS.UNAVAILABLE);
});

test("quota exceeded: status full, reported once; a later successful write clears it", () => {
  const backend = new MemoryBackend({ quota: 20 });
  const s = new GuardedStorage(() => backend);
  const seen = watch(s);
  assert.equal(s.set("k", "0123456789"), true);
  assert.equal(s.set("big", "x".repeat(50)), false);
  assert.equal(s.status, STATUS.FULL);
  assert.equal(s.set("big2", "x".repeat(50)), false);
  assert.deepEqual(seen, [STATUS.FULL], "reported once");
  assert.equal(s.get("k"), "0123456789", "what was stored is still there");
  s.remove("k");
  assert.equal(s.set("big", "x".repeat(15)), true);
  assert.equal(s.status, STATUS.OK);
  assert.equal(s.set("big", "x".repeat(50)), false);
  assert.deepEqual(seen, [STATUS.FULL, STATUS.FULL], "a new episode is reported again");
});

test("legacy quota error codes (old WebKit)", () => {
  for (const code of [22, 1014]) {
    const backend = {
      setItem() {
        const err = new Error("quota");
        err.code = code;
        throw err;
      },
    };
    const s = new GuardedStorage(() => backend);
    assert.equal(s.set("k", "v"), false);
    assert.equal(s.status, STATUS.FULL, `code ${code}`);
  }
});

test("a listener that throws does not break storage", () => {
  const s = new GuardedStorage(() => null);
  s.onProblem(() => {
    throw new Error("listener bug");
  });
  assert.equal(s.get("x"), null);
});
