// The engine's Web Worker. The build puts Go's wasm_exec.js (which defines
// the Go class) in front of this file.
//
// Protocol (see engine.js):
//   page → worker: {type: "init", module}, {type: "call", id, method, request}
//   worker → page: {type: "ready", version}, {type: "reply", id, reply},
//                  {type: "exit", code}, {type: "error", message}
// Replies are the engine's JSON envelopes, passed through as strings.

/* global Go */

let go = null;

function exitedReply(message) {
  return JSON.stringify({ ok: false, error: { code: "engine_exit", message } });
}

async function init(module) {
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
    init(msg.module).catch((err) => postMessage({ type: "error", message: String(err && err.message ? err.message : err) }));
  } else if (msg.type === "call") {
    call(msg);
  }
};
