// The page's side of the engine: a Web Worker running the Go program.
//
// The page compiles the WebAssembly module once (streaming, while it
// downloads) and keeps it, so a worker can be restarted in milliseconds. It
// talks to the worker only with postMessage: requests carry ids, the worker
// announces readiness, replies are JSON envelopes {ok, result, error}.
//
// Two things end a worker: the Go program exiting (a bug the bridge could not
// recover from), and a call running past its time limit (terminated here).
// Either way pending calls fail with an EngineError that says what happened
// and what to do, and restartpolicy.js decides whether and when a new worker
// starts (back-off; past its limit the engine is "stopped" until the user
// presses Restart, restartNow()). The "restart" event names the calls that
// were running when the worker died (detail.culprits: [{method, owner}]), so
// the page does not feed the same input to the new worker by itself.
//
// States ("state" events, detail {state, message, ...}):
//   idle → loading → ready ⇄ restarting;  loading → failed (could not start);
//   restarting → stopped (too many failures). Calls in "stopped" or
//   "failed" reject with an EngineError; they never touch a missing worker.

/* global KX_ASSET_ENGINE_WASM, KX_ASSET_WORKER_JS */

import { RestartPolicy } from "./restartpolicy.js";

export const DEFAULT_TIMEOUT_MS = 10000;

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

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

export class Engine extends EventTarget {
  constructor({ workerURL = KX_ASSET_WORKER_JS, wasmURL = KX_ASSET_ENGINE_WASM, timeoutMs = DEFAULT_TIMEOUT_MS, policy = new RestartPolicy() } = {}) {
    super();
    this.workerURL = workerURL;
    this.wasmURL = wasmURL;
    this.timeoutMs = timeoutMs;
    this.policy = policy;
    this.worker = null;
    this.nextId = 1;
    this.pending = new Map();
    this.state = "idle";
    this.message = "";
    this.version = null;
    this.ready = null;
    this.lastCulprits = [];
  }

  /** Starts the engine; resolves with the version reply when it is ready. */
  start() {
    if (!this.ready) this.ready = this.#spawn("loading");
    return this.ready;
  }

  #setState(state, detail = {}) {
    this.state = state;
    this.message = detail.message || "";
    this.dispatchEvent(new CustomEvent("state", { detail: { state, ...detail } }));
  }

  /** A worker could not start: the first time, the engine failed; on a restart, it is one more failure. */
  #startFailed(state, message) {
    if (state === "restarting") {
      this.#afterFailure("start", `The engine could not start again: ${message}`, this.lastCulprits);
      return new EngineError("engine_restart", message);
    }
    this.ready = Promise.reject(new EngineError("unavailable", message));
    this.ready.catch(() => {});
    this.#setState("failed", { message });
    return new EngineError("unavailable", message);
  }

  async #spawn(state) {
    this.#setState(state);
    let module;
    try {
      module = await compileEngine(this.wasmURL);
    } catch (err) {
      throw this.#startFailed(state, `The engine could not be loaded: ${err.message}`);
    }
    let worker;
    try {
      worker = new Worker(this.workerURL, { name: "kubexplorer-engine" });
    } catch (err) {
      throw this.#startFailed(state, `The engine could not start: ${err.message}`);
    }
    this.worker = worker;
    return new Promise((resolve, reject) => {
      let started = false;
      const startFailed = (message) => {
        if (worker !== this.worker) return;
        this.worker = null;
        worker.terminate();
        reject(this.#startFailed(state, message));
      };
      worker.onmessage = (e) => {
        const msg = e.data;
        if (worker !== this.worker) return; // a terminated worker's late message
        switch (msg.type) {
          case "ready": {
            started = true;
            let reply = null;
            try {
              reply = JSON.parse(msg.version);
            } catch {
              /* no version line, still usable */
            }
            this.version = reply && reply.ok ? reply.result : null;
            this.policy.started();
            this.#setState("ready", { version: this.version, restarted: state === "restarting" });
            resolve(this.version);
            break;
          }
          case "reply":
            this.#settle(msg.id, msg.reply);
            break;
          case "exit":
            if (started) this.#restart("exit", `The engine stopped unexpectedly (exit code ${msg.code}).`);
            else startFailed(`the engine exited while starting (exit code ${msg.code})`);
            break;
          case "error":
            startFailed(`The engine could not start: ${msg.message}`);
            break;
        }
      };
      worker.onerror = (e) => {
        e.preventDefault();
        if (worker !== this.worker) return;
        if (started) this.#restart("exit", `The engine crashed: ${e.message}`);
        else startFailed(`The engine could not start: ${e.message}`);
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

  /** Waits until a worker is up; throws an EngineError when there will be none. */
  async #whenReady() {
    for (;;) {
      if (this.state === "ready" && this.worker) return;
      if (this.state === "stopped") throw new EngineError("stopped", this.message);
      if (!this.ready) this.start();
      const waiting = this.ready;
      try {
        await waiting;
      } catch (err) {
        // A failed restart is followed by another (or by "stopped"): look again.
        if (this.ready !== waiting && this.state !== "failed") continue;
        throw err instanceof EngineError ? err : new EngineError("unavailable", err.message);
      }
      if (this.ready === waiting && this.state !== "ready") {
        throw new EngineError("unavailable", this.message || "The engine is not running.");
      }
    }
  }

  /**
   * Calls a method. Resolves with the result; rejects with an EngineError.
   * opts.timeout: milliseconds before the engine is restarted (default 10 s);
   * opts.owner: who asked (a tab id), reported if the call kills the engine.
   */
  async call(method, request = {}, opts = {}) {
    await this.#whenReady();
    const id = this.nextId++;
    const timeout = opts.timeout ?? this.timeoutMs;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#restart("timeout", `The engine took longer than ${seconds(timeout)} on “${method}”, so it was ended.`, [id]);
      }, timeout);
      this.pending.set(id, { resolve, reject, timer, method, owner: opts.owner });
      this.worker.postMessage({ type: "call", id, method, request: JSON.stringify(request) });
    });
  }

  /**
   * Ends the current worker after it died or hung. culpritIds: the calls to
   * blame (default: every pending call; a crash does not say which).
   */
  #restart(reason, message, culpritIds = null) {
    if (this.state !== "ready") return;
    this.worker?.terminate();
    this.worker = null;
    const culprits = [];
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      if (!culpritIds || culpritIds.includes(id)) {
        culprits.push({ method: p.method, owner: p.owner });
        const advice = " This input was not run again; change it, or retry it once the engine is back.";
        p.reject(new EngineError(reason === "timeout" ? "timeout" : "engine_exit", message + advice));
      } else {
        p.reject(new EngineError("engine_restart", "The engine was restarted before it answered (another call had to be stopped); this will be run again."));
      }
    }
    this.pending.clear();
    this.#afterFailure(reason, message, culprits);
  }

  #afterFailure(reason, message, culprits) {
    this.lastCulprits = culprits;
    const decision = this.policy.failed();
    if (!decision.restart) {
      const minutes = Math.round(this.policy.opts.windowMs / 60000);
      this.ready = null;
      this.#setState("stopped", {
        message: `${message} It failed ${decision.failures === 1 ? "once" : `${decision.failures} times`} within ${minutes} minutes, so it was not started again; press “Restart the engine” to start it.`,
        culprits,
      });
      return;
    }
    this.#setState("restarting", { message, delayMs: decision.delayMs, attempt: decision.attempt });
    const ready = sleep(decision.delayMs).then(() => this.#spawn("restarting"));
    this.ready = ready;
    ready.then(
      () => this.dispatchEvent(new CustomEvent("restart", { detail: { reason, message, culprits } })),
      () => {},
    );
  }

  /**
   * The user's Restart: starts a worker now, whatever the failures so far.
   * Resolves when it is ready.
   */
  restartNow() {
    if (this.state === "ready" || this.state === "loading" || this.state === "restarting") return this.ready;
    const initial = this.state === "idle" || this.state === "failed";
    this.policy.reset();
    const culprits = this.lastCulprits;
    const ready = this.#spawn(initial ? "loading" : "restarting");
    this.ready = ready;
    ready.then(
      () => this.dispatchEvent(new CustomEvent("restart", { detail: { reason: "user", message: "The engine was restarted.", culprits } })),
      () => {},
    );
    return ready;
  }
}
