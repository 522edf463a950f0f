// The workspace's splitter arithmetic and the timeline's axis and bands:
// the pure parts of workspace.js and timeline.js.
import test from "node:test";
import assert from "node:assert/strict";
import { clampSplit, splitAfterKey, SPLIT_MIN, SPLIT_MAX } from "../js/workspace.js";
import { ticks, bandOf, stateWords } from "../js/timeline.js";

test("a split is clamped to its limits and rounded; junk falls back", () => {
  assert.equal(clampSplit(5), SPLIT_MIN);
  assert.equal(clampSplit(95), SPLIT_MAX);
  assert.equal(clampSplit("44.6"), 45);
  assert.equal(clampSplit("nope", 42), 42);
  assert.equal(clampSplit(null, 42), SPLIT_MIN, "null is 0, clamped");
});

test("the splitter's keys: arrows step (Shift: bigger), Home/End the limits, Enter the default", () => {
  assert.equal(splitAfterKey(45, "ArrowRight"), 47);
  assert.equal(splitAfterKey(45, "ArrowLeft"), 43);
  assert.equal(splitAfterKey(45, "ArrowRight", { shift: true }), 55);
  assert.equal(splitAfterKey(79, "ArrowRight"), SPLIT_MAX);
  assert.equal(splitAfterKey(45, "Home"), SPLIT_MIN);
  assert.equal(splitAfterKey(45, "End"), SPLIT_MAX);
  assert.equal(splitAfterKey(70, "Enter", { initial: 42 }), 42);
  assert.equal(splitAfterKey(45, "a"), null);
});

test("axis ticks are 1, 2 or 5 × 10^n apart and reach the end", () => {
  assert.deepEqual(ticks(10, 5), [0, 2, 4, 6, 8, 10]);
  assert.deepEqual(ticks(100, 4), [0, 50, 100]);
  const t = ticks(37.4, 8);
  assert.ok(t.length <= 9 && t[0] === 0 && t[t.length - 1] <= 37.4 + 1e-9);
  assert.ok(ticks(0.5, 5).every((v, i, a) => i === 0 || v > a[i - 1]));
});

test("container states map to bands and words", () => {
  assert.equal(bandOf({ state: "Running" }), "run");
  assert.equal(bandOf({ state: "Terminated", reason: "Error" }), "term");
  assert.equal(bandOf({ state: "Waiting", reason: "CrashLoopBackOff" }), "bad");
  assert.equal(bandOf({ state: "Waiting", reason: "ImagePullBackOff" }), "bad");
  assert.equal(bandOf({ state: "Waiting", reason: "ErrImagePull" }), "bad");
  assert.equal(bandOf({ state: "Waiting", reason: "ContainerCreating" }), "wait");
  assert.equal(stateWords({ state: "Terminated", reason: "Error", exitCode: 1 }), "Terminated: Error (exit 1)");
  assert.equal(stateWords({ state: "Running", ready: true }), "Running, ready");
});
