// The engine's call timeout (engine.js Engine): a method's first call on a
// fresh worker, which also pays for V8 compiling its code, gets
// COLD_TIMEOUT_FACTOR times the timeout; a later call of the same method
// gets the timeout itself, and a worker that takes longer is ended.
import { test, mock } from "node:test";
import assert from "node:assert/strict";

import { COLD_TIMEOUT_FACTOR, Engine } from "../js/engine.js";

/** A worker that says it is ready at once and answers a call only when told. */
class QuietWorker {
  static all = [];
  constructor() {
    this.posted = [];
    this.terminated = false;
    QuietWorker.all.push(this);
    queueMicrotask(() => this.onmessage?.({ data: { type: "ready", version: "{}" } }));
  }
  postMessage(msg) {
    this.posted.push(msg);
  }
  terminate() {
    this.terminated = true;
  }
  answer(id) {
    this.onmessage({ data: { type: "reply", id, reply: JSON.stringify({ ok: true, result: { id } }) } });
  }
}

const ticks = () => new Promise((resolve) => setImmediate(resolve));

test("a method's first call on a fresh worker waits COLD_TIMEOUT_FACTOR times the timeout, a later one the timeout", async (t) => {
  const saved = globalThis.Worker;
  globalThis.Worker = QuietWorker;
  t.after(() => (globalThis.Worker = saved));
  mock.timers.enable({ apis: ["setTimeout"] });
  t.after(() => mock.timers.reset());

  const timeout = 1000;
  const engine = new Engine({ mechanism: "m", workerURL: "http://x/worker.js", wasmURL: "http://x/e.wasm", timeoutMs: timeout });
  await engine.start();
  const worker = QuietWorker.all.at(-1);
  assert.ok(COLD_TIMEOUT_FACTOR > 1);

  // The first call: still running at the timeout, answered before the cold one.
  const first = engine.call("m.run", {});
  await ticks();
  mock.timers.tick(timeout * COLD_TIMEOUT_FACTOR - 1);
  assert.equal(worker.terminated, false, "a cold call is not ended at the timeout");
  worker.answer(worker.posted.at(-1).id);
  assert.deepEqual(await first, { id: worker.posted.at(-1).id });

  // Another method is cold too; the same method is not.
  const other = engine.call("m.other", {});
  await ticks();
  mock.timers.tick(timeout + 1);
  assert.equal(worker.terminated, false, "another method's first call is cold too");
  worker.answer(worker.posted.at(-1).id);
  await other;

  const second = engine.call("m.run", {});
  const failed = assert.rejects(second, (err) => err.code === "timeout");
  await ticks();
  mock.timers.tick(timeout);
  await failed;
  assert.equal(worker.terminated, true, "a warm call that takes longer than the timeout ends the worker");
});
