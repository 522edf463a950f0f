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
//                  {type: "exit", code}, {type: "error", message}
// Replies are the engine's JSON envelopes, passed through as strings.

/* global Go */

let go = null;

function exitedReply(message) {
  return JSON.stringify({ ok: false, error: { code: "engine_exit", message } });
}

async function compile(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`downloading the engine failed: HTTP ${res.status}`);
  if (WebAssembly.compileStreaming && (res.headers.get("Content-Type") || "").startsWith("application/wasm")) {
    return WebAssembly.compileStreaming(res);
  }
  return WebAssembly.compile(await res.arrayBuffer());
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
  self.__kubexplorerReady = (version) => postMessage({ type: "ready", version });
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance).then(() => postMessage({ type: "exit", code: exitCode }));
}

async function call(msg) {
  if (!go || go.exited || !self.kubexplorer) {
    postMessage({ type: "reply", id: msg.id, reply: exitedReply("the engine is not running") });
    return;
  }
  try {
    const reply = await self.kubexplorer.call(msg.method, msg.request);
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
