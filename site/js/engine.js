// The page's side of the engine: a Web Worker running the Go program.
//
// The page compiles the WebAssembly module once (streaming, while it
// downloads) and keeps it, so a worker can be restarted in milliseconds. It
// talks to the worker only with postMessage: requests carry ids, the worker
// announces readiness, replies are JSON envelopes {ok, result, error}.
//
// Two things end a worker: the Go program exiting (a bug the bridge could not
// recover from), and a call running past its time limit (terminated here).
// Either way the engine restarts from the cached module, pending calls fail
// with a clear error, and "restart" listeners re-feed the user's inputs.

/* global KX_ASSET_ENGINE_WASM, KX_ASSET_WORKER_JS */

export const DEFAULT_TIMEOUT_MS = 10000;
// More restarts than this within RESTART_WINDOW_MS means something is badly
// wrong: stop instead of looping.
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 30000;

export class EngineError extends Error {
  constructor(code, message, stack, diagnostics = []) {
    super(message);
    this.name = "EngineError";
    this.code = code;
    this.engineStack = stack;
    // Where the user's input is wrong, when the error is about it (docs/api.md).
    this.diagnostics = diagnostics;
  }
}

let compiled = null;

/** Compiles the engine once per page; shared by every Engine instance. */
export function compileEngine(url = KX_ASSET_ENGINE_WASM) {
  if (!compiled) {
    compiled = (async () => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`downloading the engine failed: HTTP ${res.status}`);
      if (WebAssembly.compileStreaming && (res.headers.get("Content-Type") || "").startsWith("application/wasm")) {
        return WebAssembly.compileStreaming(res);
      }
      return WebAssembly.compile(await res.arrayBuffer());
    })();
    compiled.catch(() => {
      compiled = null; // allow a retry
    });
  }
  return compiled;
}

export class Engine extends EventTarget {
  constructor({ workerURL = KX_ASSET_WORKER_JS, wasmURL = KX_ASSET_ENGINE_WASM } = {}) {
    super();
    this.workerURL = workerURL;
    this.wasmURL = wasmURL;
    this.worker = null;
    this.nextId = 1;
    this.pending = new Map();
    this.state = "idle";
    this.version = null;
    this.restarts = [];
    this.ready = null;
  }

  /** Starts the engine; resolves with the version reply when it is ready. */
  start() {
    if (!this.ready) this.ready = this.#spawn("loading");
    return this.ready;
  }

  #setState(state, detail = {}) {
    this.state = state;
    this.dispatchEvent(new CustomEvent("state", { detail: { state, ...detail } }));
  }

  async #spawn(state) {
    this.#setState(state);
    let module;
    try {
      module = await compileEngine(this.wasmURL);
    } catch (err) {
      this.#setState("failed", { message: `The engine could not be loaded: ${err.message}` });
      throw err;
    }
    const worker = new Worker(this.workerURL, { name: "kubexplorer-engine" });
    this.worker = worker;
    return new Promise((resolve, reject) => {
      worker.onmessage = (e) => {
        const msg = e.data;
        if (worker !== this.worker) return; // a terminated worker's late message
        switch (msg.type) {
          case "ready": {
            const reply = JSON.parse(msg.version);
            this.version = reply.ok ? reply.result : null;
            this.#setState("ready", { version: this.version, restarted: state === "restarting" });
            resolve(this.version);
            break;
          }
          case "reply":
            this.#settle(msg.id, msg.reply);
            break;
          case "exit":
            this.#restart("exit", `The engine stopped unexpectedly (exit code ${msg.code}).`);
            break;
          case "error":
            this.#setState("failed", { message: `The engine could not start: ${msg.message}` });
            reject(new Error(msg.message));
            break;
        }
      };
      worker.onerror = (e) => {
        e.preventDefault();
        if (worker !== this.worker) return;
        if (this.state === "ready") this.#restart("exit", `The engine crashed: ${e.message}`);
        else {
          this.#setState("failed", { message: `The engine could not start: ${e.message}` });
          reject(new Error(e.message));
        }
      };
      worker.postMessage({ type: "init", module });
    });
  }

  #settle(id, replyJSON) {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    let reply;
    try {
      reply = JSON.parse(replyJSON);
    } catch {
      p.reject(new EngineError("internal", "the engine sent a reply that is not JSON"));
      return;
    }
    if (reply.ok) p.resolve(reply.result);
    else p.reject(new EngineError(reply.error.code, reply.error.message, reply.error.stack, reply.error.diagnostics || []));
  }

  /**
   * Calls a method. Resolves with the result; rejects with an EngineError.
   * opts.timeout: milliseconds before the engine is restarted (default 10 s).
   */
  async call(method, request = {}, opts = {}) {
    await this.start();
    if (this.state !== "ready") await this.ready;
    const id = this.nextId++;
    const timeout = opts.timeout ?? DEFAULT_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#restart("timeout", `The engine took longer than ${(timeout / 1000).toFixed(1)} s on “${method}” and was restarted.`);
      }, timeout);
      this.pending.set(id, { resolve, reject, timer, method });
      this.worker.postMessage({ type: "call", id, method, request: JSON.stringify(request) });
    });
  }

  /** Ends the current worker and starts a new one from the cached module. */
  #restart(reason, message) {
    if (this.state === "restarting" || this.state === "failed") return;
    this.worker?.terminate();
    this.worker = null;
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new EngineError(reason === "timeout" ? "timeout" : "engine_exit", message));
    }
    this.pending.clear();
    const now = performance.now();
    this.restarts = this.restarts.filter((t) => now - t < RESTART_WINDOW_MS);
    this.restarts.push(now);
    if (this.restarts.length > MAX_RESTARTS) {
      this.#setState("failed", { message: `${message} It keeps failing, so it was not restarted again; reload the page to try again.` });
      return;
    }
    this.ready = this.#spawn("restarting");
    this.ready.then(
      () => this.dispatchEvent(new CustomEvent("restart", { detail: { reason, message } })),
      () => {},
    );
  }
}
