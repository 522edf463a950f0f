// state.js and releases.js: which states the page reads, what of them it uses.

import { test } from "node:test";
import assert from "node:assert/strict";

import { checkState, planState, StateError, STATE_VERSION, readStateFile } from "../js/state.js";
import { pickRelease, describeRange } from "../js/releases.js";

const known = { tabs: ["gates", "kubelet", "kubefed"], releases: ["1.18", "1.19", "1.30"] };

test("checkState accepts this version and refuses others with reasons", () => {
  assert.deepEqual(checkState({ v: STATE_VERSION }), { v: STATE_VERSION });
  const cases = [
    [null, "shape", /not a kubexplorer state/],
    [[1], "shape", /not a kubexplorer state/],
    ["x", "shape", /not a kubexplorer state/],
    [{}, "shape", /its format is missing/],
    [{ v: "1" }, "shape", /its format is "1"/],
    [{ v: 0 }, "shape", /its format is 0/],
    [{ v: 1.5 }, "shape", /not a kubexplorer state/],
    [{ v: STATE_VERSION + 1 }, "newer", /newer version of kubexplorer/],
    [{ v: 1, tabs: [] }, "shape", /no valid tab states/],
    [{ v: 1, tabs: "gates" }, "shape", /no valid tab states/],
  ];
  for (const [s, reason, message] of cases) {
    assert.throws(() => checkState(s), (err) => err instanceof StateError && err.reason === reason && message.test(err.message), JSON.stringify(s));
  }
});

test("planState keeps what the page knows and says what it ignored", () => {
  const plan = planState(
    { v: 1, tab: "nope", release: "9.99", tabs: { gates: { a: 1 }, kubelet: "text", kubefed: null, other: {} } },
    known,
  );
  assert.equal(plan.tab, null);
  assert.equal(plan.release, null);
  assert.deepEqual(plan.tabs, { gates: { a: 1 } });
  assert.deepEqual(plan.ignored, [
    "the tab “nope” (this page has gates, kubelet, kubefed)",
    "Kubernetes release “9.99” (this page offers 1.18–1.30)",
    "the kubelet tab's state (it is not an object)",
    "the kubefed tab's state (it is not an object)",
    "a state for an unknown tab “other”",
  ]);
  const good = planState({ v: 1, tab: "kubelet", release: "1.19", tabs: { kubelet: {} } }, known);
  assert.deepEqual(good, { tab: "kubelet", release: "1.19", tabs: { kubelet: {} }, ignored: [] });
  assert.deepEqual(planState({ v: 1 }, known), { tab: null, release: null, tabs: {}, ignored: [] });
});

test("pickRelease: the first known candidate, else the fallback, else the newest", () => {
  assert.deepEqual(pickRelease(["1.19", "1.18"], known.releases, "1.30"), { release: "1.19", ignored: [] });
  assert.deepEqual(pickRelease([null, "", undefined, "1.18"], known.releases, "1.30"), { release: "1.18", ignored: [] });
  assert.deepEqual(pickRelease(["2.0", "1.30"], known.releases, "1.18"), { release: "1.30", ignored: ["2.0"] });
  assert.deepEqual(pickRelease(["2.0"], known.releases, "1.19"), { release: "1.19", ignored: ["2.0"] });
  assert.deepEqual(pickRelease([], known.releases, "no such"), { release: "1.30", ignored: [] });
  assert.deepEqual(pickRelease(["1.30"], [], "1.30"), { release: null, ignored: ["1.30"] });
});

test("describeRange", () => {
  assert.equal(describeRange([]), "");
  assert.equal(describeRange(["1.30"]), "1.30");
  assert.equal(describeRange(known.releases), "1.18–1.30");
});

test("readStateFile: JSON states only, with the file's name in the message", async () => {
  const file = (name, text) => ({ name, text: async () => text });
  assert.deepEqual(await readStateFile(file("a.json", '{"v":1,"tab":"gates"}')), { v: 1, tab: "gates" });
  await assert.rejects(readStateFile(file("b.txt", "hello")), /b\.txt is not a kubexplorer file/);
  await assert.rejects(readStateFile(file("c.json", '{"v":42}')), /newer version/);
});
