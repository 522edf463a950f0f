// replymemo.js: the memo's bounds and order, records of another version or
// format, corrupt records and entries, storages that throw, and the
// coalesced, merged writes of openMemo.
import { test } from "node:test";
import assert from "node:assert/strict";

import { ReplyMemo, FORMAT, CACHE_NAME, WRITE_DELAY_MS, MAX_ENTRIES, MAX_BYTES, cacheStorage, firstSession, openMemo } from "../js/replymemo.js";

const keys = (memo) => [...memo.entries.keys()];
const record = (version, entries) => ({ format: FORMAT, version, entries });

test("at most maxEntries replies, the least recently used out first", () => {
  const memo = new ReplyMemo("v1", { maxEntries: 3 });
  for (const k of ["a", "b", "c"]) memo.remember(k, { k });
  memo.use("a"); // a is now the most recently used
  memo.remember("d", { k: "d" });
  assert.deepEqual(keys(memo), ["c", "a", "d"], "b, the least recently used, went first");
  memo.remember("c", { k: "c2" }); // remembering again refreshes it
  memo.remember("e", { k: "e" });
  assert.deepEqual(keys(memo), ["d", "c", "e"]);
  assert.deepEqual(memo.lookup().replies.c, { k: "c2" });
  memo.use("nothing"); // an unknown key changes nothing
  assert.deepEqual(keys(memo), ["d", "c", "e"]);
});

test("at most maxBytes of JSON; a reply larger than that alone is not kept", () => {
  const memo = new ReplyMemo("v1", { maxEntries: 100, maxBytes: 100 });
  const reply = { text: "x".repeat(30) }; // 41 characters of JSON, and the key's
  memo.remember("a", reply);
  memo.remember("b", reply);
  assert.deepEqual(keys(memo), ["a", "b"]);
  assert.equal(memo.bytes, 2 * (1 + 41));
  memo.remember("c", reply);
  assert.deepEqual(keys(memo), ["b", "c"], "a went to make room");
  memo.remember("huge", { text: "x".repeat(200) });
  assert.deepEqual(keys(memo), ["b", "c"], "too large to keep, and nothing went for it");
  assert.ok(memo.bytes <= 100);
  // The defaults: about 1.5 MB for three mechanisms.
  assert.equal(MAX_ENTRIES, 8);
  assert.ok(3 * MAX_BYTES <= 1_600_000);
});

test("a session reply is kept as a fresh engine's first session", () => {
  assert.equal(firstSession("kubelet-12"), "kubelet-1");
  assert.equal(firstSession("kubefed-1"), "kubefed-1");
  const memo = new ReplyMemo("v1");
  const reply = { session: "kubefed-3", time: 0 };
  memo.remember("kubefed.load {}", reply, true);
  assert.deepEqual(memo.lookup(), { replies: { "kubefed.load {}": { session: "kubefed-1", time: 0 } }, sessions: ["kubefed.load {}"] });
  assert.equal(reply.session, "kubefed-3", "the caller's reply is not changed");
  memo.remember("kubefed.load {\"x\":1}", { time: 0 }, true);
  assert.equal(memo.entries.size, 1, "a session reply without a session is not kept");
});

test("a record of another version or format, or not a record, gives an empty memo", () => {
  const good = record("v1", [["a", { n: 1 }, false], ["s", { session: "kubelet-1" }, true]]);
  assert.deepEqual(ReplyMemo.fromRecord(good, "v1").lookup(), { replies: { a: { n: 1 }, s: { session: "kubelet-1" } }, sessions: ["s"] });
  for (const [what, rec] of [
    ["another version", good],
    ["another format", { ...good, format: FORMAT + 1, version: "v2" }],
    ["null", null],
    ["a string", "{"],
    ["an array", []],
    ["entries not a list", { format: FORMAT, version: "v2", entries: {} }],
  ]) {
    assert.equal(ReplyMemo.fromRecord(rec, "v2").entries.size, 0, what);
  }
});

test("corrupt entries are skipped, the others kept", () => {
  const rec = record("v1", [["a", { n: 1 }, false], "x", [1, {}, false], ["b", "not an object", false], ["c", [1], false], ["d", null, false], null, ["e", { n: 5 }]]);
  const memo = ReplyMemo.fromRecord(rec, "v1");
  assert.deepEqual(keys(memo), ["a", "e"]);
  assert.deepEqual(memo.lookup().sessions, [], "a missing session flag is no session");
});

test("the record round-trips", () => {
  const memo = new ReplyMemo("v1");
  memo.remember("a", { n: 1 });
  memo.remember("s", { session: "kubelet-4" }, true);
  const again = ReplyMemo.fromRecord(JSON.parse(JSON.stringify(memo.toRecord())), "v1");
  assert.deepEqual(again.toRecord(), memo.toRecord());
  assert.deepEqual(again.lookup().replies.s, { session: "kubelet-1" });
});

test("merge adds what another tab wrote as older, keeps its own, and stays within bounds", () => {
  const memo = new ReplyMemo("v1", { maxEntries: 3 });
  memo.remember("mine", { n: 1 });
  memo.remember("both", { n: "mine" });
  memo.merge(record("v1", [["x", { n: 2 }, false], ["y", { n: 3 }, false], ["both", { n: "theirs" }, false]]));
  assert.deepEqual(keys(memo), ["y", "mine", "both"], "x, the oldest, went; the tab's own entries are the newest");
  assert.deepEqual(memo.lookup().replies.both, { n: "mine" });
  memo.merge(record("v0", [["old", { n: 0 }, false]]));
  assert.deepEqual(keys(memo), ["y", "mine", "both"], "another version's record is not merged");
});

/** A Cache Storage in memory: caches.has(name), caches.open(name) → {match, put}; fail: what throws. */
function fakeCaches({ fail = null } = {}) {
  const stores = new Map();
  return {
    stores,
    async has(name) {
      if (fail === "open") throw new DOMException("blocked", "SecurityError");
      return stores.has(name);
    },
    async open(name) {
      if (fail === "open") throw new DOMException("blocked", "SecurityError");
      if (!stores.has(name)) stores.set(name, new Map());
      const store = stores.get(name);
      return {
        async match(url) {
          const body = store.get(String(url));
          return body === undefined ? undefined : new Response(body);
        },
        async put(url, res) {
          if (fail === "put") throw new DOMException("full", "QuotaExceededError");
          store.set(String(url), await res.text());
        },
      };
    },
  };
}

test("cacheStorage keeps a record in its cache, and never rejects", async () => {
  const caches = fakeCaches();
  const s = cacheStorage("https://kx.test/memo-gates", caches);
  assert.equal(await s.read(), null, "nothing yet");
  assert.ok(!caches.stores.has(CACHE_NAME), "reading creates no cache");
  assert.equal(await s.write(record("v1", [])), true);
  assert.deepEqual(await s.read(), record("v1", []));
  assert.ok(caches.stores.get(CACHE_NAME).has("https://kx.test/memo-gates"));
  assert.ok(!CACHE_NAME.startsWith("kubexplorer-"), "sw.js deletes the kubexplorer-* caches that are not its own");
  caches.stores.get(CACHE_NAME).set("https://kx.test/memo-gates", "{not json");
  assert.equal(await s.read(), null, "a corrupt entry reads as none");
  const blocked = cacheStorage("https://kx.test/memo-gates", fakeCaches({ fail: "open" }));
  assert.equal(await blocked.read(), null);
  assert.equal(await blocked.write(record("v1", [])), false);
  assert.equal(await cacheStorage("https://kx.test/memo-gates", fakeCaches({ fail: "put" })).write(record("v1", [])), false);
  assert.equal(await cacheStorage("https://kx.test/memo-gates", undefined).read(), null, "no Cache Storage at all (an insecure page)");
});

/** A storage in memory, with a log of writes; throws: read and write throw (they must not). */
function memoryStorage(rec = null) {
  const s = {
    rec,
    writes: 0,
    async read() {
      return structuredClone(s.rec);
    },
    async write(r) {
      s.writes++;
      s.rec = structuredClone(r);
      return true;
    },
  };
  return s;
}

/** A schedule that runs when the test says: run() runs what is due. */
function manualSchedule() {
  const due = [];
  const schedule = (fn, ms) => due.push({ fn, ms });
  schedule.run = async () => {
    for (const { fn } of due.splice(0)) await fn();
  };
  schedule.due = due;
  return schedule;
}

const URL_GATES = "https://kx.test/site/engine-gates.0123456789.wasm";
const EVAL = 'gates.evaluate {"release":"1.36"}';
const LOAD = 'kubelet.load {"example":"x"}';

test("openMemo answers what earlier visits kept, for this engine version only", async () => {
  const storage = memoryStorage(record("engine-gates.0123456789.wasm", [[EVAL, { gates: [] }, false]]));
  const m = await openMemo("gates", URL_GATES, { storage, schedule: manualSchedule(), written() {} });
  assert.deepEqual(m.replies, { [EVAL]: { gates: [] } });
  const other = await openMemo("gates", "https://kx.test/site/engine-gates.abcdefabcd.wasm", { storage, schedule: manualSchedule(), written() {} });
  assert.deepEqual(other.replies, {}, "a new build does not see the old one's replies");
});

test("openMemo keeps the first-result methods' replies, one write for a burst, merged with the stored record", async () => {
  const storage = memoryStorage(record("engine-gates.0123456789.wasm", [["gates.evaluate {\"old\":1}", { n: 0 }, false]]));
  const schedule = manualSchedule();
  let written = 0;
  const m = await openMemo("gates", URL_GATES, { storage, schedule, written: () => written++ });
  m.remember(EVAL, { n: 1 });
  m.remember('gates.explain {"gate":"A"}', { n: 2 }); // not a first-result method
  m.remember('gates.evaluate {"release":"1.35"}', { n: 3 });
  assert.equal(schedule.due.length, 1, "one write for the burst");
  assert.equal(schedule.due[0].ms, WRITE_DELAY_MS);
  assert.deepEqual(m.replies, { "gates.evaluate {\"old\":1}": { n: 0 } }, "what this visit learns answers the next one, not this one");
  // Another tab wrote meanwhile.
  storage.rec.entries.push(['gates.evaluate {"tab":2}', { n: 4 }, false]);
  await schedule.run();
  assert.equal(storage.writes, 1);
  assert.equal(written, 1);
  assert.deepEqual(
    storage.rec.entries.map((e) => e[0]),
    ['gates.evaluate {"tab":2}', 'gates.evaluate {"old":1}', EVAL, 'gates.evaluate {"release":"1.35"}'],
    "the other tab's entry is older than this tab's own",
  );
  // Reading again after a write: a hit is used (and written again).
  m.use('gates.evaluate {"old":1}');
  assert.equal(schedule.due.length, 1);
  await schedule.run();
  assert.equal(storage.rec.entries.at(-1)[0], 'gates.evaluate {"old":1}', "the used reply is the most recent");
});

test("openMemo keeps a session's reply as a fresh engine's first; a failed call is not kept", async () => {
  const storage = memoryStorage();
  const schedule = manualSchedule();
  const m = await openMemo("kubelet", "k.wasm", { storage, schedule, written() {} });
  m.keep(LOAD, Promise.resolve({ session: "kubelet-2", pods: [] }));
  m.keep('kubelet.load {"example":"bad"}', Promise.reject(new Error("engine_exit")));
  await new Promise((resolve) => setTimeout(resolve, 0));
  await schedule.run();
  assert.deepEqual(storage.rec, record("k.wasm", [[LOAD, { session: "kubelet-1", pods: [] }, true]]));
});

test("openMemo with a storage that throws is an empty memo that writes nothing", async () => {
  const throwing = {
    read() {
      throw new Error("blocked");
    },
    write() {
      throw new Error("blocked");
    },
  };
  // cacheStorage never throws; a storage that does is a bug, but openMemo's
  // callers (the router) treat a rejected memo as an empty one.
  await assert.rejects(openMemo("gates", URL_GATES, { storage: throwing, schedule: manualSchedule() }));
  const schedule = manualSchedule();
  let written = 0;
  const m = await openMemo("gates", URL_GATES, { storage: cacheStorage("https://kx.test/memo-gates", fakeCaches({ fail: "open" })), schedule, written: () => written++ });
  assert.deepEqual(m.replies, {});
  m.remember(EVAL, { n: 1 });
  await schedule.run();
  assert.equal(written, 0, "a failed write is dropped");
});
