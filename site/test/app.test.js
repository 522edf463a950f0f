// The page's list of tabs (app.js TABS), whose modules load on demand.
import test from "node:test";
import assert from "node:assert/strict";
import { TABS, tabInfo, loadTab } from "../js/app.js";

test("each tab's id and title in TABS are its module's own", async () => {
  assert.deepEqual(TABS.map((t) => t.id), ["gates", "kubelet", "kubefed"]);
  for (const t of TABS) {
    const mod = await loadTab(t.id);
    assert.equal(mod.id, t.id);
    assert.equal(mod.title, t.title, `the ${t.id} tab's title`);
    assert.equal(typeof mod.mount, "function");
    assert.equal(await loadTab(t.id), mod, "a tab's module is loaded once");
  }
});

test("an unknown tab has no entry and does not load", async () => {
  assert.equal(tabInfo("nope"), null);
  await assert.rejects(loadTab("nope"), /no tab nope/);
});
