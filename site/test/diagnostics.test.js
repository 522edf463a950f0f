// Tests of site/js/diagnostics.js: node --test site/test/
import { test } from "node:test";
import assert from "node:assert/strict";

import { severity, toMark, location, problem, sorted, samePath, route, fromError } from "../js/diagnostics.js";

const configError = { severity: "error", code: "gates.defaulting", message: "unrecognized feature gate: NoSuchGate", input: "config", path: "/var/lib/kubelet/config.yaml", line: 4 };
const unknownField = { severity: "error", code: "request.unknownField", message: 'unknown field "valu"', input: "request", line: 2, column: 2, endLine: 2, endColumn: 8 };

test("severity defaults to error", () => {
  assert.equal(severity({ severity: "warning" }), "warning");
  assert.equal(severity({ severity: "info" }), "info");
  assert.equal(severity({ severity: "fatal" }), "error");
  assert.equal(severity({}), "error");
  assert.equal(severity(null), "error");
});

test("toMark keeps the structured position", () => {
  assert.deepEqual(toMark(unknownField), { line: 2, column: 2, endLine: 2, endColumn: 8, severity: "error", message: 'unknown field "valu"' });
  assert.deepEqual(toMark(configError), { line: 4, severity: "error", message: "unrecognized feature gate: NoSuchGate" });
});

test("toMark of a diagnostic without a line", () => {
  const d = { severity: "warning", message: "empty drop-in", input: "dropIns", column: 3 };
  assert.equal(toMark(d), null, "no mark unless asked for a fallback line");
  assert.deepEqual(toMark(d, { fallbackLine: 1 }), { line: 1, severity: "warning", message: "empty drop-in" }, "a column without a line is dropped");
  assert.equal(toMark({ line: 0 }), null);
  assert.equal(toMark({ line: 1.5 }), null);
  assert.deepEqual(toMark({ line: 3, endLine: 2, endColumn: 4 }), { line: 3, severity: "error", message: "" }, "an end before the start is dropped");
});

test("location names the file or input, the document and the position", () => {
  assert.equal(location(configError), "/var/lib/kubelet/config.yaml:4");
  assert.equal(location(unknownField), "request:2:2");
  assert.equal(location({ input: "step.apply", document: 2, line: 5 }), "step.apply (document 2):5");
  assert.equal(location({ input: "commandLine" }), "commandLine");
  assert.equal(location({}), "input");
});

test("problem is the list entry, with the CLI's line", () => {
  assert.deepEqual(problem(configError), {
    severity: "error", code: "gates.defaulting", message: "unrecognized feature gate: NoSuchGate",
    location: "/var/lib/kubelet/config.yaml:4", text: "/var/lib/kubelet/config.yaml:4: error: unrecognized feature gate: NoSuchGate",
  });
  assert.equal(problem({ message: "<b>x</b>" }).text, "input: error: <b>x</b>", "text is data, never markup");
});

test("sorted puts errors first, then input and position", () => {
  const list = [
    { severity: "warning", input: "config", line: 1 },
    { severity: "error", input: "config", line: 9 },
    { severity: "info", input: "a" },
    { severity: "error", input: "config", line: 3, column: 2 },
    { severity: "error", input: "config", line: 3, column: 1 },
  ];
  assert.deepEqual(sorted(list).map((d) => [d.severity, d.line ?? 0, d.column ?? 0]),
    [["error", 3, 1], ["error", 3, 2], ["error", 9, 0], ["warning", 1, 0], ["info", 0, 0]]);
  assert.deepEqual(sorted(undefined), []);
  assert.equal(list[0].severity, "warning", "the input is not reordered in place");
});

test("samePath matches a relative drop-in against the absolute path", () => {
  assert.ok(samePath("/etc/kubernetes/kubelet.conf.d/10-a.conf", "10-a.conf"));
  assert.ok(samePath("10-a.conf", "10-a.conf"));
  assert.ok(samePath("/etc/k/sub/05.conf", "/sub/05.conf"));
  assert.ok(!samePath("/etc/k/110-a.conf", "10-a.conf"), "a suffix must start at a path separator");
  assert.ok(!samePath("", "x"));
  assert.ok(!samePath("/x", ""));
});

test("route sends each diagnostic to its input's editor", () => {
  const targets = [
    { key: "cmd", inputs: ["commandLine", "args"] },
    { key: "cfg", inputs: ["config"] },
    { key: "drop10", inputs: ["dropIns"], path: "10-a.conf" },
    { key: "drop20", inputs: ["dropIns"], path: "20-b.conf" },
  ];
  const diags = [
    configError,
    { severity: "error", message: "unknown flag: --x", input: "commandLine" },
    { severity: "warning", message: "empty", input: "dropIns", path: "/etc/kubernetes/kubelet.conf.d/20-b.conf", line: 2 },
    { severity: "error", message: "elsewhere", input: "dynamicCheckpoint", line: 1 },
  ];
  const { marks, problems, unplaced } = route(diags, targets, { fallbackLine: 1 });
  assert.deepEqual(marks.get("cmd"), [{ line: 1, severity: "error", message: "unknown flag: --x" }]);
  assert.deepEqual(marks.get("cfg"), [{ line: 4, severity: "error", message: "unrecognized feature gate: NoSuchGate" }]);
  assert.deepEqual(marks.get("drop10"), [], "every target gets a list, so old marks are cleared");
  assert.deepEqual(marks.get("drop20"), [{ line: 2, severity: "warning", message: "empty" }]);
  assert.deepEqual(unplaced.map((d) => d.input), ["dynamicCheckpoint"]);
  assert.equal(problems.length, 4, "the problem list has every diagnostic");
  assert.equal(problems[problems.length - 1].severity, "warning");
});

test("route lists every diagnostic with the target and mark it jumps to", () => {
  const targets = [{ key: "cfg", inputs: ["config"] }];
  const { items } = route([
    { severity: "warning", message: "w", input: "config", line: 3, column: 2 },
    { severity: "error", message: "e", input: "config", line: 7 },
    { severity: "error", message: "elsewhere", input: "request" },
  ], targets);
  assert.deepEqual(items.map((i) => [i.key, i.mark?.line ?? null, i.problem.severity]), [
    ["cfg", 7, "error"],
    [null, null, "error"],
    ["cfg", 3, "warning"],
  ]);
  assert.equal(items[2].mark.column, 2);
  assert.equal(items[0].problem.text, "config:7: error: e");
});

test("route without a fallback leaves whole-input diagnostics unmarked", () => {
  const { marks } = route([{ input: "scenario", message: "no scenario" }], [{ key: "s", inputs: ["scenario"] }]);
  assert.deepEqual(marks.get("s"), []);
});

test("fromError reads an engine error's diagnostics", () => {
  assert.deepEqual(fromError({ code: "bad_request", diagnostics: [configError] }), [configError]);
  assert.deepEqual(fromError(new Error("x")), []);
  assert.deepEqual(fromError(undefined), []);
  assert.deepEqual(fromError({ diagnostics: "nope" }), []);
});
