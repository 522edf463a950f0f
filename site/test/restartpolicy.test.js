// restartpolicy.js: back-off, the stop, the window, the user's reset — on a fake clock.

import { test } from "node:test";
import assert from "node:assert/strict";

import { RestartPolicy, DEFAULT_POLICY, POLICY_STATE, blamedTabs } from "../js/restartpolicy.js";

function clock(start = 1000) {
  const c = { t: start, now: () => c.t, advance: (ms) => (c.t += ms) };
  return c;
}

test("delays double from the first and stop past the limit", () => {
  const c = clock();
  const p = new RestartPolicy({ now: c.now });
  const delays = [];
  for (let i = 0; i < DEFAULT_POLICY.maxFailures; i++) {
    const d = p.failed();
    assert.equal(d.restart, true, `failure ${i + 1}`);
    assert.equal(d.attempt, i + 1);
    assert.equal(p.state, POLICY_STATE.WAITING);
    delays.push(d.delayMs);
    c.advance(d.delayMs);
    p.started();
    assert.equal(p.state, POLICY_STATE.RUNNING);
    c.advance(10000); // a 10 s time-out before the next failure
  }
  assert.deepEqual(delays, [250, 500, 1000, 2000]);
  const last = p.failed();
  assert.deepEqual(last, { restart: false, failures: DEFAULT_POLICY.maxFailures + 1 });
  assert.equal(p.state, POLICY_STATE.STOPPED);
});

test("slow repeated failures (10 s time-outs) stop too", () => {
  // The old rule (5 restarts in 30 s) never tripped on 10 s time-outs.
  const c = clock();
  const p = new RestartPolicy({ now: c.now });
  let d;
  let n = 0;
  do {
    d = p.failed();
    n++;
    c.advance(10000 + (d.delayMs || 0));
  } while (d.restart && n < 100);
  assert.equal(n, 5);
});

test("failures spread wider than the window never stop", () => {
  const c = clock();
  const p = new RestartPolicy({ now: c.now });
  for (let i = 0; i < 50; i++) {
    const d = p.failed();
    assert.equal(d.restart, true, `failure ${i + 1}`);
    assert.equal(d.delayMs, 250, "each failure alone in its window");
    p.started();
    c.advance(DEFAULT_POLICY.windowMs);
  }
});

test("the window slides: old failures stop counting", () => {
  const c = clock();
  const p = new RestartPolicy({ now: c.now });
  p.failed();
  c.advance(60000);
  p.failed();
  c.advance(60001); // the first is now out of the window
  assert.equal(p.recentFailures(), 1);
  assert.equal(p.failed().delayMs, 500);
});

test("the delay is capped", () => {
  const c = clock();
  const p = new RestartPolicy({ now: c.now, maxFailures: 20, maxDelayMs: 3000 });
  const delays = [];
  for (let i = 0; i < 8; i++) delays.push(p.failed().delayMs);
  assert.deepEqual(delays, [250, 500, 1000, 2000, 3000, 3000, 3000, 3000]);
});

test("reset (the user's Restart) after a stop starts afresh", () => {
  const c = clock();
  const p = new RestartPolicy({ now: c.now, maxFailures: 1 });
  assert.equal(p.failed().restart, true);
  assert.equal(p.failed().restart, false);
  assert.equal(p.state, POLICY_STATE.STOPPED);
  p.reset();
  assert.equal(p.state, POLICY_STATE.RUNNING);
  assert.deepEqual(p.failed(), { restart: true, delayMs: 250, attempt: 1 });
});

test("started() only leaves the waiting state", () => {
  const p = new RestartPolicy({ now: () => 0, maxFailures: 0 });
  p.failed();
  assert.equal(p.state, POLICY_STATE.STOPPED);
  p.started();
  assert.equal(p.state, POLICY_STATE.STOPPED, "a stray ready does not undo a stop");
});

test("blamedTabs: the owners, or the tab a method is named after", () => {
  const ids = ["gates", "kubelet", "kubefed"];
  assert.deepEqual([...blamedTabs([{ method: "gates.evaluate" }], ids)], ["gates"]);
  assert.deepEqual([...blamedTabs([{ method: "kubelet.advance" }, { method: "kubefed.step" }, { method: "kubelet.load" }], ids)], ["kubelet", "kubefed"]);
  assert.deepEqual([...blamedTabs([{ method: "releases" }, { method: "debug.spin" }, { method: "echo" }], ids)], []);
  assert.deepEqual([...blamedTabs([{ method: "debug.spin", owner: "kubefed" }], ids)], ["kubefed"]);
  assert.deepEqual([...blamedTabs(undefined, ids)], []);
});
