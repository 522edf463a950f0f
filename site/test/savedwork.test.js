// savedwork.js: saved work, per-tab history, unreadable records kept aside.

import { test } from "node:test";
import assert from "node:assert/strict";

import { GuardedStorage, MemoryBackend, STATUS } from "../js/storage.js";
import { SavedWork, WORK_KEY, HISTORY_KEY, UNREADABLE_PREFIX, HISTORY_PER_TAB } from "../js/savedwork.js";
import { STATE_VERSION } from "../js/state.js";

function setup({ quota, now = () => Date.UTC(2026, 0, 2, 3, 4, 5) } = {}) {
  const backend = new MemoryBackend({ quota });
  const storage = new GuardedStorage(() => backend);
  return { backend, storage, work: new SavedWork(storage, { now }) };
}

const state = { v: 1, tab: "gates", release: "1.30", tabs: { gates: { commandLine: "kubelet --v=2" } } };

test("nothing saved: an empty load", () => {
  const { work } = setup();
  assert.deepEqual(work.load(), {});
  assert.deepEqual(work.history("gates"), []);
});

test("save then load round-trips, with the format version", () => {
  const { work, backend } = setup();
  assert.equal(work.save({ ...state, v: undefined }), true);
  assert.equal(JSON.parse(backend.getItem(WORK_KEY)).v, STATE_VERSION);
  assert.deepEqual(work.load(), { state });
});

for (const [name, raw, why] of [
  ["not JSON", '{"v":1,"tab":', /damaged \(it is not JSON\)/],
  ["a newer version", '{"v":99,"tab":"kubelet"}', /newer version of kubexplorer \(format 99/],
  ["the wrong shape", "[1,2,3]", /not a kubexplorer state/],
  ["tabs not an object", '{"v":1,"tabs":"gates"}', /no valid tab states/],
  ["no version", '{"tab":"gates"}', /not a kubexplorer state/],
]) {
  test(`unreadable saved work (${name}) is set aside, reported, never deleted`, () => {
    const { work, backend } = setup();
    backend.setItem(WORK_KEY, raw);
    const { state: s, problem } = work.load();
    assert.equal(s, undefined);
    assert.match(problem.text, why);
    assert.ok(problem.aside.startsWith(`${UNREADABLE_PREFIX}${WORK_KEY}.2026-01-02T03-04-05`), problem.aside);
    assert.match(problem.text, new RegExp(problem.aside.replace(/\./g, "\\.")));
    assert.equal(backend.getItem(problem.aside), raw, "kept as it was");
    assert.equal(backend.getItem(WORK_KEY), null, "moved, so new work can be saved");
    assert.equal(problem.raw, raw);
    assert.deepEqual(work.unreadable(), [{ key: problem.aside, raw }]);
    assert.equal(work.save(state), true);
  });
}

test("two unreadable records at the same moment do not overwrite each other", () => {
  const { work, backend } = setup();
  backend.setItem(WORK_KEY, "first");
  const a = work.load().problem.aside;
  backend.setItem(WORK_KEY, "second");
  const b = work.load().problem.aside;
  assert.notEqual(a, b);
  assert.deepEqual(work.unreadable().map((u) => u.raw).sort(), ["first", "second"]);
});

test("an unreadable record that cannot be set aside stays, and nothing is saved over it", () => {
  const raw = `{"v":99,"big":"${"x".repeat(60)}"}`;
  const { work, backend } = setup({ quota: raw.length + WORK_KEY.length + 10 });
  backend.setItem(WORK_KEY, raw);
  const { problem } = work.load();
  assert.equal(problem.aside, null);
  assert.match(problem.text, /could not be set aside/);
  assert.equal(backend.getItem(WORK_KEY), raw);
  assert.equal(work.save(state), false);
  assert.equal(backend.getItem(WORK_KEY), raw, "still there after a save");
  assert.deepEqual(backend.length, 1, "no half-written copy left behind");
});

test("history: newest first, deduplicated, at most HISTORY_PER_TAB, per tab", () => {
  let t = 0;
  const { work, backend } = setup({ now: () => ++t });
  assert.equal(work.remember("gates", { n: 0 }, "r0"), true);
  assert.equal(work.remember("gates", { n: 0 }, "again"), false, "same as the newest");
  assert.equal(work.remember("gates", { n: 1 }, "same as replacement", { n: 1 }), false);
  assert.equal(work.remember("gates", undefined, "nothing"), false);
  assert.equal(work.remember("gates", "not an object", "nothing"), false);
  for (let i = 1; i <= 12; i++) work.remember("gates", { n: i }, `r${i}`);
  work.remember("kubelet", { k: 1 }, "k");
  const h = work.history("gates");
  assert.equal(h.length, HISTORY_PER_TAB);
  assert.deepEqual(h.map((e) => e.state.n), [12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  assert.equal(h[0].reason, "r12");
  assert.ok(h[0].at > h[1].at);
  assert.deepEqual(work.history("kubelet").map((e) => e.reason), ["k"]);
  // It is stored, with a version, and read back by a new page.
  const stored = JSON.parse(backend.getItem(HISTORY_KEY));
  assert.equal(stored.v, 1);
  const again = new SavedWork(new GuardedStorage(() => backend));
  assert.deepEqual(again.history("gates"), h);
});

test("a damaged history is set aside; damaged entries are dropped one by one", () => {
  const { work, backend } = setup();
  backend.setItem(HISTORY_KEY, "{oops");
  const { history, problem } = work.loadHistory();
  assert.deepEqual(history.tabs, {});
  assert.match(problem.text, /history of earlier versions could not be read/);
  assert.equal(backend.getItem(problem.aside), "{oops");

  const { work: w2, backend: b2 } = setup();
  b2.setItem(HISTORY_KEY, JSON.stringify({ v: 1, tabs: { gates: [{ at: 1, reason: "ok", state: {} }, { at: "x" }, null, 5], kubelet: "no" } }));
  assert.equal(w2.loadHistory().problem, undefined);
  assert.deepEqual(w2.history("gates"), [{ at: 1, reason: "ok", state: {} }]);
  assert.deepEqual(w2.history("kubelet"), []);

  const { work: w3, backend: b3 } = setup();
  b3.setItem(HISTORY_KEY, JSON.stringify({ v: 7, tabs: {} }));
  assert.match(w3.loadHistory().problem.text, /newer version/);
});

test("with storage blocked, history still works for the page's lifetime", () => {
  const storage = new GuardedStorage(() => {
    throw new Error("blocked");
  });
  const work = new SavedWork(storage);
  assert.deepEqual(work.load(), {});
  assert.equal(work.save(state), false);
  assert.equal(storage.status, STATUS.UNAVAILABLE);
  work.remember("gates", { a: 1 }, "r");
  assert.equal(work.history("gates").length, 1);
});
