// The pure helpers of ui.js.
import test from "node:test";
import assert from "node:assert/strict";
import { camelWords, thousands } from "../js/ui.js";

test("a gate's name splits into its CamelCase words, acronyms kept whole", () => {
  assert.deepEqual(camelWords("InPlacePodVerticalScaling"), ["In", "Place", "Pod", "Vertical", "Scaling"]);
  assert.deepEqual(camelWords("HPAScaleToZero"), ["HPAScale", "To", "Zero"]);
  assert.deepEqual(camelWords("CSIMigrationAWS"), ["CSIMigration", "AWS"]);
  assert.deepEqual(camelWords("Kubelet2Feature"), ["Kubelet2", "Feature"]);
  assert.deepEqual(camelWords("lower"), ["lower"]);
  assert.deepEqual(camelWords(""), [""]);
});

test("whole numbers get the separators toLocaleString(\"en\") gives them", () => {
  for (const n of [0, 7, 999, 1000, 2000, 12345, 999999, 1000000, 32 * 1024 * 1024]) {
    assert.equal(thousands(n), n.toLocaleString("en"), String(n));
  }
});
