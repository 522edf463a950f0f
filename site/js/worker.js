// An engine's Web Worker: one per mechanism. The build puts Go's
// wasm_exec.js (which defines the Go class) in front of this file.
//
// Protocol (see engine.js):
//   page → worker: {type: "init", url} (download and compile the engine
//                  here, streaming, off the page's thread) or
//                  {type: "init", module} (a restart: the compiled module);
//                  {type: "call", id, method, request}
//   worker → page: {type: "module", module} (after compiling from url, so a
//                  restart can skip the download and the compile),
//                  {type: "ready", version}, {type: "reply", id, reply},
//                  {type: "exit", code}, {type: "error", message},
//                  {type: "mark", name, at, detail} (start-up milestones,
//                  below)
// Replies are the engine's JSON envelopes, passed through as strings.
//
// Start-up milestones: the worker has its own clock, so each milestone is
// sent as an absolute time (performance.timeOrigin + now) and the page puts
// it on its own timeline (engine.js: kx-<mechanism>-<name>), where kxbench
// reads the breakdown of a first result. "worker": this script started;
// "response": the engine's response headers; "compiled" (detail.streaming:
// whether it compiled while downloading); "downloaded" (the body's end, from
// the resource timing); "instantiated"; "main" and "warmed": called by the
// Go program (wasm.Mark); "ready"; "call:<method>" and "replied:<method>": each method's first
// call.

/* global Go */

let go = null;
const called = new Set();

function mark(name, detail = undefined, at = performance.timeOrigin + performance.now()) {
  postMessage({ type: "mark", name, at, detail });
}
mark("worker");
// For the Go program's own milestones (wasm.Mark).
self.__kxMark = (name) => mark(name);

function exitedReply(message) {
  return JSON.stringify({ ok: false, error: { code: "engine_exit", message } });
}

async function compile(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`downloading the engine failed: HTTP ${res.status}`);
  mark("response");
  const streaming = Boolean(WebAssembly.compileStreaming && (res.headers.get("Content-Type") || "").startsWith("application/wasm"));
  const module = await (streaming ? WebAssembly.compileStreaming(res) : res.arrayBuffer().then((b) => WebAssembly.compile(b)));
  mark("compiled", { streaming });
  const timing = performance.getEntriesByName(url, "resource")[0];
  if (timing?.responseEnd) mark("downloaded", undefined, performance.timeOrigin + timing.responseEnd);
  return module;
}

async function init(msg) {
  let module = msg.module;
  if (!module) {
    module = await compile(msg.url);
    postMessage({ type: "module", module });
  }
  go = new Go();
  let exitCode = 0;
  go.exit = (code) => {
    exitCode = code;
  };
  self.__kubexplorerReady = (version) => {
    mark("ready");
    postMessage({ type: "ready", version });
  };
  const instance = await WebAssembly.instantiate(module, go.importObject);
  mark("instantiated");
  go.run(instance).then(() => postMessage({ type: "exit", code: exitCode }));
}

async function call(msg) {
  if (!go || go.exited || !self.kubexplorer) {
    postMessage({ type: "reply", id: msg.id, reply: exitedReply("the engine is not running") });
    return;
  }
  try {
    const first = !called.has(msg.method);
    called.add(msg.method);
    if (first) mark(`call:${msg.method}`);
    const reply = await self.kubexplorer.call(msg.method, msg.request);
    if (first) mark(`replied:${msg.method}`);
    postMessage({ type: "reply", id: msg.id, reply });
  } catch (err) {
    // "Go program has already exited" and friends.
    postMessage({ type: "reply", id: msg.id, reply: exitedReply(String(err && err.message ? err.message : err)) });
  }
}

self.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === "init") {
    init(msg).catch((err) => postMessage({ type: "error", message: String(err && err.message ? err.message : err) }));
  } else if (msg.type === "call") {
    call(msg);
  }
};
