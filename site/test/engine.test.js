// The router's replies computed at build time (engine.js Engines): answered
// without an engine, session replies given once and replayed on the engine
// before its first call, the replay's reply checked; and the same for the
// replies remembered from earlier visits (replymemo.js).
import { test } from "node:test";
import assert from "node:assert/strict";

import { Engines, canonicalJSON, replyFiles } from "../js/engine.js";
import { FORMAT, openMemo } from "../js/replymemo.js";

/**
 * An engine that answers like the explorer's: *.load opens the next
 * session of its own counter, *.close answers {}, anything else echoes.
 * gate: a promise every call waits for (an engine still loading).
 */
class FakeEngine extends EventTarget {
  constructor({ mechanism }, { firstSession = 1, gate = null, fail = null } = {}) {
    super();
    this.mechanism = mechanism;
    this.next = firstSession;
    this.gate = gate;
    this.fail = fail;
    this.calls = [];
    this.state = "idle";
  }

  start() {
    return Promise.resolve();
  }

  async call(method, request) {
    this.calls.push(`${method} ${canonicalJSON(request)}`);
    if (this.gate) await this.gate;
    if (this.fail) throw this.fail;
    if (method.endsWith(".load")) return { session: `${this.mechanism}-${this.next++}`, example: request.example };
    if (method.endsWith(".close")) return {};
    return { echo: method, request };
  }

  /** What the engine forwards after a crash. */
  restarted() {
    this.next = 1;
    this.dispatchEvent(new CustomEvent("restart", { detail: { reason: "exit", message: "crashed", culprits: [] } }));
  }
}

const LOAD = { example: "crashloop", release: "1.37" };
const LOAD_KEY = `kubelet.load ${canonicalJSON(LOAD)}`;
const FILES = {
  kubelet: {
    replies: { [LOAD_KEY]: { session: "kubelet-1", example: "crashloop" }, [`kubelet.example ${canonicalJSON({ name: "sidecar" })}`]: { name: "sidecar" } },
    sessions: [LOAD_KEY],
  },
  gates: { replies: { [`gates.evaluate ${canonicalJSON({ release: "1.37", commandLine: "kubelet" })}`]: { gates: ["A"] } } },
};

/** A router over fake engines; files are served by load(mechanism). */
function router({ engineOpts = {}, load = (url) => Promise.resolve(FILES[url]), primary = null } = {}) {
  const engines = {};
  const r = new Engines({
    urls: { gates: "g.wasm", kubelet: "k.wasm" },
    workerURL: "w.js",
    primary,
    staticReplies: { "releases {}": { releases: ["1.37"], default: "1.37" } },
    files: { gates: "gates", kubelet: "kubelet" },
    load,
    create: (opts) => (engines[opts.mechanism] = new FakeEngine(opts, engineOpts[opts.mechanism])),
  });
  return { r, engines };
}

test("replies the build computed come without an engine, each a copy", async () => {
  const { r, engines } = router();
  assert.deepEqual(await r.call("releases", {}), { releases: ["1.37"], default: "1.37" });
  const req = { commandLine: "kubelet", release: "1.37" }; // keys in another order
  const a = await r.call("gates.evaluate", req);
  assert.deepEqual(a, { gates: ["A"] });
  a.gates.push("mutated");
  assert.deepEqual(await r.call("gates.evaluate", req), { gates: ["A"] }, "a pure reply is given again, unchanged");
  assert.deepEqual(await r.call("kubelet.example", { name: "sidecar" }), { name: "sidecar" });
  assert.deepEqual(Object.keys(engines).sort(), ["gates", "kubelet"], "a tab's first result starts its engine");
  assert.equal(engines.gates.calls.length + engines.kubelet.calls.length, 0, "and sends it nothing");
  // Another request goes to the engine.
  assert.deepEqual(await r.call("gates.evaluate", { release: "1.36", commandLine: "kubelet" }), { echo: "gates.evaluate", request: { release: "1.36", commandLine: "kubelet" } });
  assert.equal(engines.gates.calls.length, 1);
});

test("the session reply is replayed on the engine before its first call", async () => {
  const { r, engines } = router();
  assert.deepEqual(await r.call("kubelet.load", LOAD), { session: "kubelet-1", example: "crashloop" });
  assert.equal(engines.kubelet?.calls.length ?? 0, 0, "the load did not go to the engine");
  const reply = await r.call("kubelet.advance", { session: "kubelet-1", instants: 1 });
  assert.equal(reply.echo, "kubelet.advance");
  assert.deepEqual(engines.kubelet.calls, [LOAD_KEY, `kubelet.advance ${canonicalJSON({ session: "kubelet-1", instants: 1 })}`]);
  await r.call("kubelet.state", { session: "kubelet-1" });
  assert.equal(engines.kubelet.calls.length, 3, "replayed once");
});

test("calls made while the engine loads wait for the replay, in order", async () => {
  let open;
  const gate = new Promise((resolve) => (open = resolve));
  const { r, engines } = router({ engineOpts: { kubelet: { gate } } });
  await r.call("kubelet.load", LOAD);
  const order = [];
  const a = r.call("kubelet.advance", { session: "kubelet-1", n: 1 }).then(() => order.push("a"));
  const b = r.call("kubelet.step", { session: "kubelet-1", n: 2 }).then(() => order.push("b"));
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(engines.kubelet.calls, [LOAD_KEY], "nothing is sent before the replay's reply");
  open();
  await Promise.all([a, b]);
  assert.deepEqual(engines.kubelet.calls.map((c) => c.split(" ")[0]), ["kubelet.load", "kubelet.advance", "kubelet.step"]);
  assert.deepEqual(order, ["a", "b"]);
});

test("a replay answered with another session fails the waiting calls and loads again", async () => {
  // The engine had opened a session already: the replay gets kubelet-2.
  const { r } = router({ engineOpts: { kubelet: { firstSession: 2 } } });
  const restarts = [];
  r.addEventListener("restart", (e) => restarts.push(e.detail));
  await r.call("kubelet.load", LOAD);
  await assert.rejects(r.call("kubelet.advance", { session: "kubelet-1" }), (err) => err.code === "not_found" && /kubelet-1.*kubelet-2/.test(err.message));
  assert.equal(restarts.length, 1);
  assert.equal(restarts[0].mechanism, "kubelet");
  assert.equal(restarts[0].reason, "replay");
  // Later calls go to the engine as usual.
  assert.equal((await r.call("kubelet.load", LOAD)).session, "kubelet-3");
});

test("a replay that fails at the engine fails the calls behind it with its error", async () => {
  const fail = Object.assign(new Error("could not start"), { code: "unavailable" });
  const { r } = router({ engineOpts: { kubelet: { fail } } });
  await r.call("kubelet.load", LOAD);
  await assert.rejects(r.call("kubelet.advance", { session: "kubelet-1" }), (err) => err === fail);
});

test("session replies are given, numbered as the engine numbers them, while it was sent nothing", async () => {
  const { r, engines } = router();
  assert.equal((await r.call("kubelet.load", LOAD)).session, "kubelet-1");
  assert.equal((await r.call("kubelet.load", LOAD)).session, "kubelet-2", "the engine's second session");
  assert.equal(engines.kubelet?.calls.length ?? 0, 0);
  // Closing one but the last goes to the engine, after the replays.
  await r.call("kubelet.close", { session: "kubelet-1" });
  assert.deepEqual(engines.kubelet.calls, [LOAD_KEY, LOAD_KEY, `kubelet.close ${canonicalJSON({ session: "kubelet-1" })}`]);
  assert.equal((await r.call("kubelet.load", LOAD)).session, "kubelet-3", "then loads are the engine's");
});

test("no session reply once the engine was sent a call", async () => {
  const { r, engines } = router();
  await r.call("kubelet.advance", { session: "x" });
  assert.equal((await r.call("kubelet.load", LOAD)).session, "kubelet-1");
  assert.deepEqual(engines.kubelet.calls.map((c) => c.split(" ")[0]), ["kubelet.advance", "kubelet.load"]);
});

test("closing the static session before the engine saw it cancels the replay", async () => {
  const { r, engines } = router();
  await r.call("kubelet.load", LOAD);
  assert.deepEqual(await r.call("kubelet.close", { session: "kubelet-1" }), {});
  assert.equal(engines.kubelet?.calls.length ?? 0, 0);
  // The engine is still fresh: the same session reply is given again (a
  // kubelet tab loads its example as it mounts, then again as the page
  // restores the saved work), and owed.
  assert.equal((await r.call("kubelet.load", LOAD)).session, "kubelet-1");
  assert.equal(engines.kubelet?.calls.length ?? 0, 0);
  await r.call("kubelet.advance", { session: "kubelet-1" });
  assert.deepEqual(engines.kubelet.calls.map((c) => c.split(" ")[0]), ["kubelet.load", "kubelet.advance"]);
  // A close once the engine runs goes to it.
  await r.call("kubelet.close", { session: "kubelet-1" });
  assert.equal(engines.kubelet.calls.length, 3);
});

test("a restart before the replay keeps it owed; after it, loads go to the engine", async () => {
  const { r, engines } = router();
  await r.call("kubelet.load", LOAD);
  const k = r.engine("kubelet");
  const restarts = [];
  r.addEventListener("restart", (e) => restarts.push(e.detail.mechanism));
  k.restarted();
  assert.deepEqual(restarts, ["kubelet"], "the engine's restart reaches the page");
  await r.call("kubelet.advance", { session: "kubelet-1" });
  assert.deepEqual(engines.kubelet.calls.map((c) => c.split(" ")[0]), ["kubelet.load", "kubelet.advance"]);
  k.restarted();
  // The tabs load again after a restart: that load is the engine's.
  assert.equal((await r.call("kubelet.load", LOAD)).session, "kubelet-1");
  assert.equal(engines.kubelet.calls.length, 3);
});

test("a call waits for its mechanism's replies file; an unreadable file leaves the calls to the engine", async () => {
  let deliver;
  const { r, engines } = router({ load: (url) => (url === "kubelet" ? new Promise((resolve) => (deliver = resolve)) : Promise.reject(new Error("404"))) });
  const load = r.call("kubelet.load", LOAD);
  const advance = r.call("kubelet.advance", { session: "kubelet-1" });
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(engines.kubelet?.calls.length ?? 0, 0);
  deliver(FILES.kubelet);
  assert.equal((await load).session, "kubelet-1");
  await advance;
  assert.deepEqual(engines.kubelet.calls.map((c) => c.split(" ")[0]), ["kubelet.load", "kubelet.advance"]);
  const warn = console.warn;
  console.warn = () => {};
  try {
    const req = { release: "1.37", commandLine: "kubelet" };
    assert.equal((await r.call("gates.evaluate", req)).echo, "gates.evaluate");
  } finally {
    console.warn = warn;
  }
});

test("the primary mechanism's file is fetched at once; opts.before holds only what goes to an engine", async () => {
  const asked = [];
  let open;
  const before = new Promise((resolve) => (open = resolve));
  const { r, engines } = router({ primary: "kubelet", load: (url) => (asked.push(url), Promise.resolve(FILES[url])) });
  await null;
  assert.deepEqual(asked, ["kubelet"], "before any call");
  assert.deepEqual(await r.call("gates.evaluate", { release: "1.37", commandLine: "kubelet" }, { before }), { gates: ["A"] });
  assert.deepEqual(Object.keys(engines), [], "behind a gate, no engine is created");
  assert.equal((await r.call("kubelet.load", LOAD, { before })).session, "kubelet-1");
  const advance = r.call("kubelet.advance", { session: "kubelet-1" }, { before });
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(engines.kubelet?.calls.length ?? 0, 0);
  open();
  await advance;
  assert.equal(engines.kubelet.calls.length, 2);
});

test("the replies file boot.js fetched is adopted for its own mechanism and file, once", async () => {
  const asked = [];
  const load = (url) => (asked.push(url), Promise.resolve(FILES[url.split("/").pop()]));
  const files = { gates: "https://kx.test/gates", kubelet: "https://kx.test/kubelet" };
  const make = () =>
    new Engines({ urls: { gates: "g.wasm", kubelet: "k.wasm" }, workerURL: "w.js", primary: "kubelet", staticReplies: {}, files, load, create: (opts) => new FakeEngine(opts) });
  globalThis.__kxBoot = { replies: { mechanism: "kubelet", url: files.kubelet, promise: Promise.resolve(FILES.kubelet), claimed: false } };
  try {
    const r = make();
    await null;
    assert.deepEqual(asked, [], "the router did not fetch the file boot.js fetched");
    assert.equal((await r.call("kubelet.load", LOAD)).session, "kubelet-1");
    await r.call("gates.evaluate", { release: "1.37", commandLine: "kubelet" });
    assert.deepEqual(asked, [files.gates], "another mechanism's file is fetched as before");
    // A second router (the file was claimed) fetches its own.
    make();
    await null;
    assert.deepEqual(asked, [files.gates, files.kubelet]);
    // A file boot.js fetched from another address is not adopted.
    globalThis.__kxBoot = { replies: { mechanism: "kubelet", url: "https://kx.test/old", promise: Promise.resolve({}), claimed: false } };
    make();
    await null;
    assert.deepEqual(asked, [files.gates, files.kubelet, files.kubelet]);
  } finally {
    delete globalThis.__kxBoot;
  }
});

test("replyFiles picks the replies files out of KX_DATA", () => {
  assert.deepEqual(replyFiles({ "replies-gates.json": "replies-gates.1a.json", "other.json": "o.json" }), { gates: "replies-gates.1a.json" });
  assert.deepEqual(replyFiles(undefined), {});
});

// The memo of earlier visits (replymemo.js), through the router: the real
// openMemo over a storage in memory.

const EVAL_136 = { release: "1.36", commandLine: "kubelet" };
const EVAL_136_KEY = `gates.evaluate ${canonicalJSON(EVAL_136)}`;
const LOAD_136 = { example: "crashloop", release: "1.36" };
const LOAD_136_KEY = `kubelet.load ${canonicalJSON(LOAD_136)}`;

/** A storage in memory holding records by mechanism (replymemo.js's format). */
function memoStorage(entries = {}) {
  const recs = {};
  for (const [m, list] of Object.entries(entries)) recs[m] = { format: FORMAT, version: `${m[0]}.wasm`, entries: list };
  return {
    recs,
    of: (m) => ({
      read: async () => structuredClone(recs[m] ?? null),
      write: async (r) => ((recs[m] = structuredClone(r)), true),
    }),
  };
}

/** A router whose memo is read from storage; writes run when flush() is called. */
function memoRouter(storage, { engineOpts = {}, memo = null, primary = null, memoEarly = false } = {}) {
  const due = [];
  const engines = {};
  const r = new Engines({
    urls: { gates: "g.wasm", kubelet: "k.wasm" },
    workerURL: "w.js",
    primary,
    staticReplies: {},
    files: { gates: "gates", kubelet: "kubelet" },
    load: (url) => Promise.resolve(FILES[url]),
    memo: memo || ((m, url) => openMemo(m, url, { storage: storage.of(m), schedule: (fn) => due.push(fn), written() {} })),
    memoEarly,
    create: (opts) => (engines[opts.mechanism] = new FakeEngine(opts, engineOpts[opts.mechanism])),
  });
  const flush = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const fn of due.splice(0)) await fn();
  };
  return { r, engines, flush };
}

test("a remembered reply comes at once, like the build's, and starts the engine", async () => {
  const storage = memoStorage({ gates: [[EVAL_136_KEY, { gates: ["remembered"] }, false]] });
  const { r, engines, flush } = memoRouter(storage);
  assert.deepEqual(await r.call("gates.evaluate", { commandLine: "kubelet", release: "1.36" }), { gates: ["remembered"] });
  assert.ok(engines.gates, "the engine was started for the next edit");
  assert.deepEqual(engines.gates.calls, [], "and sent nothing");
  // The build's replies come first; what the memo lacks goes to the engine.
  assert.deepEqual(await r.call("gates.evaluate", { release: "1.37", commandLine: "kubelet" }), { gates: ["A"] });
  const other = { release: "1.35", commandLine: "kubelet" };
  assert.equal((await r.call("gates.evaluate", other)).echo, "gates.evaluate");
  await flush();
  assert.deepEqual(
    storage.recs.gates.entries.map((e) => e[0]),
    [EVAL_136_KEY, `gates.evaluate ${canonicalJSON(other)}`],
    "the engine's reply is kept for the next visit; the build's is not",
  );
});

test("a new engine version does not answer from an old one's memo", async () => {
  const storage = memoStorage({ gates: [[EVAL_136_KEY, { gates: ["remembered"] }, false]] });
  storage.recs.gates.version = "g.0ld.wasm";
  const { r, engines } = memoRouter(storage);
  assert.equal((await r.call("gates.evaluate", EVAL_136)).echo, "gates.evaluate");
  assert.equal(engines.gates.calls.length, 1);
});

test("only an engine's ok replies are kept, never a failure", async () => {
  const fail = Object.assign(new Error("The engine took longer than 30.0 s"), { code: "timeout" });
  const storage = memoStorage();
  const { r, flush } = memoRouter(storage, { engineOpts: { gates: { fail } } });
  await assert.rejects(r.call("gates.evaluate", EVAL_136), (err) => err === fail);
  await flush();
  assert.equal(storage.recs.gates, undefined, "nothing was written");
});

test("a build's reply never waits for the memo; a call the build lacks does, with its engine starting meanwhile", { timeout: 5000 }, async () => {
  let deliver;
  const pending = new Promise((resolve) => (deliver = resolve));
  const { r, engines } = memoRouter(null, { memo: () => pending });
  assert.deepEqual(await r.call("kubelet.example", { name: "sidecar" }), { name: "sidecar" });
  assert.equal(engines.gates, undefined);
  let answered = null;
  r.call("gates.evaluate", EVAL_136).then((v) => (answered = v));
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(answered, null, "it waits for the memo");
  assert.ok(engines.gates, "while its engine starts");
  assert.deepEqual(engines.gates.calls, []);
  deliver({ replies: { [EVAL_136_KEY]: { gates: ["remembered"] } }, sessions: [], remember() {}, use() {}, keep() {} });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(answered, { gates: ["remembered"] });
  assert.deepEqual(await r.call("gates.evaluate", { release: "1.37", commandLine: "kubelet" }), { gates: ["A"] });
});

test("a first visit reads no memo while the build answers; a returning one reads the opening tab's at once", async () => {
  const opened = [];
  const memo = (m) => (opened.push(m), Promise.resolve({ replies: {}, sessions: [], remember() {}, use() {}, keep() {} }));
  const first = memoRouter(null, { memo, primary: "kubelet" });
  assert.deepEqual(await first.r.call("kubelet.example", { name: "sidecar" }), { name: "sidecar" });
  assert.deepEqual(await first.r.call("gates.evaluate", { release: "1.37", commandLine: "kubelet" }), { gates: ["A"] });
  assert.deepEqual(opened, [], "the build answered both: no memo was read");
  assert.equal((await first.r.call("gates.evaluate", EVAL_136)).echo, "gates.evaluate");
  assert.deepEqual(opened, ["gates"], "a call the build lacks reads its tab's memo");
  opened.length = 0;
  memoRouter(null, { memo, primary: "kubelet", memoEarly: true });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(opened, ["kubelet"], "saved work: the opening tab's memo is read as the router starts");
});

test("a memo that cannot be read leaves the calls to the engine", async () => {
  const { r, engines } = memoRouter(null, { memo: () => Promise.reject(new Error("import failed")) });
  assert.equal((await r.call("gates.evaluate", EVAL_136)).echo, "gates.evaluate");
  assert.equal(engines.gates.calls.length, 1);
});

test("a remembered session is given to a fresh engine and replayed before its first call", async () => {
  // The previous visit's engine gave kubelet-2 (its build session came first): kept as kubelet-1.
  const storage = memoStorage();
  const first = memoRouter(storage, { engineOpts: { kubelet: { firstSession: 2 } } });
  assert.equal((await first.r.call("kubelet.load", LOAD_136)).session, "kubelet-2");
  await first.flush();
  assert.deepEqual(storage.recs.kubelet.entries, [[LOAD_136_KEY, { session: "kubelet-1", example: "crashloop" }, true]]);
  // The next visit.
  const { r, engines } = memoRouter(storage);
  assert.deepEqual(await r.call("kubelet.load", LOAD_136), { session: "kubelet-1", example: "crashloop" });
  assert.deepEqual(engines.kubelet.calls, [], "the load did not go to the engine");
  await r.call("kubelet.advance", { session: "kubelet-1" });
  assert.deepEqual(engines.kubelet.calls.map((c) => c.split(" ")[0]), ["kubelet.load", "kubelet.advance"], "replayed first");
  // The engine was sent calls: the same load again is the engine's.
  assert.equal((await r.call("kubelet.load", LOAD_136)).session, "kubelet-2");
});

test("a remembered session is not given once the engine was sent a call; after the build's, it is the second", async () => {
  const entries = { kubelet: [[LOAD_136_KEY, { session: "kubelet-1", example: "crashloop" }, true]] };
  const sent = memoRouter(memoStorage(entries));
  await sent.r.call("kubelet.advance", { session: "x" });
  await sent.r.call("kubelet.load", LOAD_136);
  assert.deepEqual(sent.engines.kubelet.calls.map((c) => c.split(" ")[0]), ["kubelet.advance", "kubelet.load"]);
  // After the build's session, the memo's is the engine's second.
  const owed = memoRouter(memoStorage(entries));
  assert.equal((await owed.r.call("kubelet.load", LOAD)).session, "kubelet-1", "the build's");
  assert.equal((await owed.r.call("kubelet.load", LOAD_136)).session, "kubelet-2", "the memo's, renumbered");
  assert.deepEqual(owed.engines.kubelet?.calls ?? [], []);
  await owed.r.call("kubelet.advance", { session: "kubelet-2" });
  assert.deepEqual(owed.engines.kubelet.calls.map((c) => c.split(" ").slice(0, 2).join(" ")), [LOAD_KEY, LOAD_136_KEY, `kubelet.advance ${canonicalJSON({ session: "kubelet-2" })}`]);
});

test("a remembered session that the engine replays otherwise restarts the tabs, and the engine's reply is kept", async () => {
  const storage = memoStorage({ kubelet: [[LOAD_136_KEY, { session: "kubelet-1", example: "stale" }, true]] });
  const { r, flush } = memoRouter(storage);
  const restarts = [];
  r.addEventListener("restart", (e) => restarts.push(e.detail));
  assert.equal((await r.call("kubelet.load", LOAD_136)).example, "stale");
  await assert.rejects(r.call("kubelet.advance", { session: "kubelet-1" }), (err) => err.code === "not_found");
  assert.deepEqual(restarts.map((d) => [d.mechanism, d.reason]), [["kubelet", "replay"]]);
  // The tab loads again: from the engine, and that reply replaces the wrong one.
  assert.equal((await r.call("kubelet.load", LOAD_136)).example, "crashloop");
  await flush();
  assert.deepEqual(storage.recs.kubelet.entries, [[LOAD_136_KEY, { session: "kubelet-1", example: "crashloop" }, true]]);
});

test("a page without boot.js (a widget on another site) has no memo", () => {
  assert.equal(globalThis.__kxBoot, undefined);
  const r = new Engines({ urls: { gates: "g.wasm" }, workerURL: "w.js", staticReplies: {}, files: {}, create: (opts) => new FakeEngine(opts) });
  assert.ok(!r.memo);
  assert.equal(r.memoTable("gates").loaded, true);
});
