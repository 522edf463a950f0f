// The page's side of the engines: one Web Worker per mechanism, each
// running that mechanism's Go engine (engine-gates.wasm, engine-kubelet.wasm,
// engine-kubefed.wasm), started the first time something calls it; and
// engines that serve a few methods of a mechanism on demand
// (engine-gatestools.wasm: ON_DEMAND_ENGINES).
//
// Engines (the router) is what the page and the widgets hold. Callers do not
// know which engine serves them: call("gates.evaluate", …) goes to the gates
// engine, starting it if needed; a method without a mechanism prefix (the
// engine's own: "version", "echo", "debug.*") goes to the primary engine,
// the one of the tab the page opened with.
//
// Replies the build computed (cmd/kxbuild static.go) are answered at once,
// without any engine; the cores are deterministic, so they are the replies
// the engine gives (e2e/static_test.go holds them to it). The small ones
// every tab needs before its first result (the releases, the galleries, the
// default examples) are compiled in (KX_STATIC_REPLIES); each mechanism's
// first result (its default example evaluated or loaded) and its gallery's
// examples are in a file of its own (KX_DATA replies-MECHANISM.json),
// fetched for the primary mechanism at once and for the others on their
// first call, so a tab's first result waits for its own replies only.
// A call of a mechanism whose file is on its way waits for it, in order.
//
// Replies this browser's engines gave on earlier visits are answered the
// same way (replymemo.js, loaded on demand): after the build's, for the
// tabs' first-result methods (replymemo.js MEMO_METHODS: the memo keeps
// no other), so that a returning visitor's
// saved work shows its result as soon as a first-time visitor's default
// example does. The memo is keyed by the engine's content-hashed address:
// a new build never shows an old one's reply. Only an engine's ok replies
// are remembered, never an error, a timeout or an engine that exited; a
// call that waits for the memo to be read starts its engine meanwhile. The
// memo is the page's (boot.js ran), not a widget's on another site's page.
//
// A reply that opens a session (kubelet.load, kubefed.load: "kubelet-1") is
// the first session of a fresh engine. The router gives such replies while
// that engine has been sent nothing, numbered as the engine numbers its
// sessions (explorer.Engine.AddSession: the n-th is "kubelet-n"), and owes
// the engine their replay: before it forwards the engine's next call it
// sends the recorded calls, in order, and the calls behind wait for their
// replies. (A kubelet tab loads its example as it mounts and again as the
// page restores the saved work, the first still on its way: both are given.)
// A replay whose reply differs (another session id, another result) is a
// bug between the build (or the memo) and the engine: the router fails the
// waiting calls (not_found) and sends a "restart" event, so the tabs load
// again from the engine, as after an engine restart. Closing the last
// session given before anything was forwarded (a tab that loads another
// example) cancels its replay and is answered here ({}), as the engine
// answers any close. A restart of the engine before the replay keeps it
// owed; after, the sessions are lost like any other and the tabs load again.
//
// Engine is one mechanism's worker. The first worker downloads and compiles
// its engine itself (streaming, off the page's thread) and sends the
// compiled module back, so a restart only instantiates it again, in
// milliseconds. boot.js, the first script of the page, has often started
// the primary engine's worker before this module even loaded: Engine adopts
// that worker (and the messages it already sent). The worker protocol is in
// worker.js; replies are JSON envelopes {ok, result, error}.
//
// Two things end a worker: the Go program exiting (a bug the bridge could not
// recover from), and a call running past its time limit (terminated here).
// Either way pending calls fail with an EngineError that says what happened
// and what to do, and the engine's own restartpolicy.js decides whether and
// when a new worker starts (back-off; past its limit the engine is "stopped"
// until the user presses Restart, restartNow()). The "restart" event names
// the calls that were running when the worker died (detail.culprits:
// [{method, owner}]), so the page does not feed the same input to the new
// worker by itself. Engines re-dispatches every engine's events with
// detail.mechanism added.
//
// States ("state" events, detail {state, message, mechanism, ...}):
//   idle → loading → ready ⇄ restarting;  loading → failed (could not start);
//   restarting → stopped (too many failures). Calls in "stopped" or
//   "failed" reject with an EngineError; they never touch a missing worker.

/* global KX_ENGINES, KX_ASSET_WORKER_JS, KX_STATIC_REPLIES, KX_DATA */

import { RestartPolicy } from "./restartpolicy.js";

export const DEFAULT_TIMEOUT_MS = 10000;
// A method's first call on a fresh worker also pays for V8 compiling the
// Go code it runs (several times what a later call costs, more on a slow
// or busy machine): it gets this many times the timeout before the engine
// is ended as hung.
export const COLD_TIMEOUT_FACTOR = 3;

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

// The owner of the calls Engines replays (see there).
const REPLAY = "replay";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Puts a start-up milestone on the page's timeline once per name
 * (kx-<mechanism>-<what>, and kx-<mechanism>-asked:<method>, posted:,
 * reply: for each method's first call; kxbench reads them for the
 * breakdown of a first result). at: the time on the page's clock (default now).
 */
function markOnce(name, at = undefined, detail = undefined) {
  if (performance.getEntriesByName(name, "mark").length > 0) return;
  try {
    performance.mark(name, at === undefined ? { detail } : { startTime: Math.max(0, at), detail });
  } catch {
    /* a timeline that refuses a mark loses the measurement only */
  }
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * What boot.js started (started: globalThis.__kxBoot, or its replies) if it
 * is mechanism's at url and still unclaimed; claimed once. The worker:
 * {worker, messages, errors} (what it sent before anyone listened); the
 * replies file: {promise} of the parsed file.
 */
function adoptBoot(started, mechanism, url) {
  if (!started || started.claimed || started.mechanism !== mechanism || started.url !== new URL(url, globalThis.location?.href).href) return null;
  started.claimed = true;
  return started;
}

export class Engine extends EventTarget {
  constructor({ mechanism = "", workerURL = KX_ASSET_WORKER_JS, wasmURL, timeoutMs = DEFAULT_TIMEOUT_MS, policy = new RestartPolicy() } = {}) {
    super();
    this.mechanism = mechanism;
    this.workerURL = workerURL;
    // The worker resolves relative URLs against its own script (or cannot,
    // when it is a blob): it gets an absolute one.
    this.wasmURL = new URL(wasmURL, globalThis.location?.href).href;
    this.timeoutMs = timeoutMs;
    this.policy = policy;
    this.worker = null;
    this.module = null; // the compiled engine, once a worker sent it
    this.nextId = 1;
    this.pending = new Map();
    this.warm = new Set(); // the methods the current worker has answered
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

  /** A worker: boot.js's when it started this engine, else a new one told what to run. */
  #worker() {
    const boot = this.module ? null : adoptBoot(globalThis.__kxBoot, this.mechanism, this.wasmURL);
    if (boot) return boot;
    const worker = new Worker(this.workerURL, { name: `kubexplorer-${this.mechanism || "engine"}` });
    worker.postMessage(this.module ? { type: "init", module: this.module } : { type: "init", url: this.wasmURL });
    return { worker, messages: [], errors: [] };
  }

  async #spawn(state) {
    this.#setState(state);
    let started;
    try {
      started = this.#worker();
    } catch (err) {
      throw this.#startFailed(state, `The engine could not start: ${err.message}`);
    }
    const { worker } = started;
    this.worker = worker;
    this.warm.clear();
    return new Promise((resolve, reject) => {
      let running = false;
      const startFailed = (message) => {
        if (worker !== this.worker) return;
        this.worker = null;
        worker.terminate();
        reject(this.#startFailed(state, message));
      };
      const onMessage = (e) => {
        const msg = e.data;
        if (worker !== this.worker) return; // a terminated worker's late message
        switch (msg.type) {
          case "mark":
            // The worker's clock: an absolute time, put on the page's.
            markOnce(`kx-${this.mechanism}-${msg.name}`, msg.at - performance.timeOrigin, msg.detail);
            break;
          case "module":
            this.module = msg.module;
            break;
          case "ready": {
            running = true;
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
            if (running) this.#restart("exit", `The engine stopped unexpectedly (exit code ${msg.code}).`);
            else startFailed(`the engine exited while starting (exit code ${msg.code})`);
            break;
          case "error":
            startFailed(`The engine could not ${this.module ? "start" : "be loaded"}: ${msg.message}`);
            break;
        }
      };
      const onError = (e) => {
        e.preventDefault?.();
        if (worker !== this.worker) return;
        if (running) this.#restart("exit", `The engine crashed: ${e.message}`);
        else startFailed(`The engine could not start: ${e.message}`);
      };
      worker.onmessage = onMessage;
      worker.onerror = onError;
      // What the worker said before anyone listened (boot.js kept it).
      for (const e of started.messages) onMessage(e);
      for (const e of started.errors) onError(e);
    });
  }

  #settle(id, replyJSON) {
    const p = this.pending.get(id);
    if (!p) return;
    if (p.owner !== REPLAY) markOnce(`kx-${this.mechanism}-reply:${p.method}`);
    this.pending.delete(id);
    clearTimeout(p.timer);
    this.warm.add(p.method);
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
   * opts.timeout: milliseconds before the engine is restarted (default 10 s,
   * COLD_TIMEOUT_FACTOR times that for a method the worker has not answered yet);
   * opts.owner: who asked (a tab id), reported if the call kills the engine.
   */
  async call(method, request = {}, opts = {}) {
    // A replay (Engines) is not a result: its milestones would hide the first one's.
    const mark = opts.owner === REPLAY ? () => {} : markOnce;
    mark(`kx-${this.mechanism}-asked:${method}`);
    await this.#whenReady();
    mark(`kx-${this.mechanism}-posted:${method}`);
    const id = this.nextId++;
    const timeout = opts.timeout ?? (this.warm.has(method) ? this.timeoutMs : this.timeoutMs * COLD_TIMEOUT_FACTOR);
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

/**
 * Methods that a mechanism's engine leaves to an engine loaded on demand,
 * by that engine's name: the feature-gates methods for operators are in the
 * gatestools engine (explorer/gatestools), so that the first tab's engine
 * stays small. wasm/cmd's tests keep this list what explorer/gatestools
 * registers.
 */
export const ON_DEMAND_ENGINES = {
  gatestools: ["gates.explain", "gates.import", "gates.check", "gates.diff", "gates.components"],
};

/**
 * The engine that serves a method: its mechanism ("gates.evaluate" →
 * "gates"), or the on-demand engine that has it ("gates.check" →
 * "gatestools"), or null for the engines' own methods.
 */
export function mechanismOf(method, mechanisms) {
  for (const [engine, methods] of Object.entries(ON_DEMAND_ENGINES)) {
    if (methods.includes(method) && mechanisms.includes(engine)) return engine;
  }
  const dot = String(method).indexOf(".");
  const prefix = dot > 0 ? method.slice(0, dot) : "";
  return mechanisms.includes(prefix) ? prefix : null;
}

/** A reply the build computed (or the memo kept), as the caller's own copy. */
function answered(mechanism, method, result) {
  markOnce(`kx-${mechanism}-static:${method}`);
  return Promise.resolve(structuredClone(result));
}

/** JSON with object keys sorted: the key of a static reply, as the build wrote it. */
export function canonicalJSON(value) {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v);
}

/** The replies file of each mechanism, by mechanism (KX_DATA's replies-MECHANISM.json). */
export function replyFiles(data) {
  const out = {};
  for (const [logical, name] of Object.entries(data || {})) {
    const m = /^replies-([a-z]+)\.json$/.exec(logical);
    if (m) out[m[1]] = name;
  }
  return out;
}

/**
 * The table of a mechanism in tables (replies by key, the keys that open a
 * session), created on first use: read() resolves with {replies, sessions}
 * (and, from a memo, its methods: t.memo); until then t.loaded is false and
 * t.promise resolves when it is read. No read(), or one that fails, is
 * an empty table.
 */
function tableOf(tables, name, read) {
  let t = tables.get(name);
  if (!t) {
    t = { loaded: !read, replies: {}, sessions: new Set(), promise: null };
    if (read) {
      t.promise = Promise.resolve()
        .then(read)
        .then((got) => {
          t.replies = got?.replies || {};
          t.sessions = new Set(got?.sessions || []);
          if (got?.remember) t.memo = got;
        }, () => {}) // the engine answers (the failed request is in the browser's network log)
        .finally(() => (t.loaded = true));
    }
    tables.set(name, t);
  }
  return t;
}

/** Fetches a replies file: {replies: {key: result}, sessions: [key]}. */
async function fetchReplies(url) {
  const res = await fetch(new URL(url, globalThis.location?.href));
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  return res.json();
}

/**
 * The router: one Engine per mechanism, created and started on first use.
 * urls: {mechanism: engine URL}; primary: the mechanism whose engine
 * answers the engines' own methods (default: the first one started);
 * staticReplies: {"method canonicalJSON(request)": result}; files:
 * {mechanism: URL of its replies file}, read with load(url); memo:
 * (mechanism, engine URL) => a promise of its memo (replymemo.js openMemo),
 * or null for none (default: the page's, when boot.js ran).
 */
export class Engines extends EventTarget {
  constructor({
    urls = KX_ENGINES,
    workerURL = KX_ASSET_WORKER_JS,
    primary = null,
    staticReplies = KX_STATIC_REPLIES,
    files = replyFiles(KX_DATA),
    load = fetchReplies,
    // The page's memo: replymemo.js, loaded when first needed.
    memo = globalThis.__kxBoot && ((m, url) => import("./replymemo.js").then((x) => x.openMemo(m, url))),
    // Whether to read the opening tab's memo at once, beside its replies
    // file: when boot.js found saved work (a returning visitor, whose first
    // call the build rarely answers). A first visit reads it only for a
    // call the build lacks, so its start does no Cache Storage work.
    memoEarly = Boolean(globalThis.__kxBoot?.saved),
    timeoutMs = DEFAULT_TIMEOUT_MS,
    create = (opts) => new Engine(opts),
  } = {}) {
    super();
    this.urls = urls;
    this.mechanisms = Object.keys(urls);
    this.workerURL = workerURL;
    this.primary = primary;
    this.staticReplies = staticReplies || {};
    this.files = files || {};
    this.load = load;
    this.memo = memo;
    this.timeoutMs = timeoutMs;
    this.create = create;
    this.engines = new Map();
    // The replies files by mechanism: {loaded, replies, sessions, promise};
    // the memos the same way, by "memo MECHANISM" (with memo: replymemo.js's).
    this.tables = new Map();
    // Per engine (by name): whether it was sent a call, the session replay
    // it is owed and the replay on its way.
    this.sent = new Map();
    if (primary) {
      this.table(primary);
      if (memoEarly) this.memoTable(primary);
    }
  }

  /** The engine of a mechanism, created (not started) on first use. */
  engine(mechanism) {
    if (!this.urls[mechanism]) throw new EngineError("unavailable", `No engine for “${mechanism}”.`);
    let e = this.engines.get(mechanism);
    if (!e) {
      e = this.create({ mechanism, workerURL: this.workerURL, wasmURL: this.urls[mechanism], timeoutMs: this.timeoutMs, policy: new RestartPolicy() });
      for (const type of ["state", "restart"]) {
        e.addEventListener(type, (ev) => this.dispatchEvent(new CustomEvent(type, { detail: { ...ev.detail, mechanism } })));
      }
      this.engines.set(mechanism, e);
      this.primary ??= mechanism;
    }
    return e;
  }

  /**
   * A mechanism's replies file, fetched on first use; a file that cannot be
   * read counts as empty (its calls go to the engine).
   */
  table(mechanism) {
    const url = this.files[mechanism];
    // boot.js may have fetched it already (the opening tab's).
    return tableOf(this.tables, mechanism, url && (() => adoptBoot(globalThis.__kxBoot?.replies, mechanism, url)?.promise || this.load(url)));
  }

  /** A mechanism's memo of earlier visits' replies, read on first use; one that cannot be read is empty. */
  memoTable(mechanism) {
    return tableOf(this.tables, `memo ${mechanism}`, this.memo && (() => this.memo(mechanism, this.urls[mechanism])));
  }

  /** The engine that serves method (opts.mechanism overrides). */
  route(method, opts = {}) {
    return this.engine(this.#served(method, opts));
  }

  /** The name of the engine that serves method. */
  #served(method, opts) {
    return opts.mechanism || mechanismOf(method, this.mechanisms) || this.primary || this.mechanisms[0];
  }

  /** What an engine (by name) was sent; an engine not created yet was sent nothing. */
  #sent(name) {
    if (!this.sent.has(name)) this.sent.set(name, { any: false, owed: [], replay: null });
    return this.sent.get(name);
  }

  /** Starts a mechanism's engine (default: the primary); resolves when it is ready. */
  start(mechanism = this.primary || this.mechanisms[0]) {
    return this.engine(mechanism).start();
  }

  /**
   * Calls a method on the engine that serves it; see Engine.call. A reply
   * the build computed comes at once. opts.before: a promise to wait for
   * before the call goes to an engine (a widget's start).
   */
  call(method, request = {}, opts = {}) {
    const key = `${method} ${canonicalJSON(request)}`;
    const mechanism = mechanismOf(method, this.mechanisms);
    if (Object.hasOwn(this.staticReplies, key)) return answered(mechanism || "page", method, this.staticReplies[key]);
    const name = this.#served(method, opts);
    const sent = this.#sent(name);
    // The build's replies, then the memo's (read once a call the build
    // lacks comes, unless it was read early: never before a reply of the
    // build). A reply of either sends nothing to an engine, but a tab's
    // first result starts its engine, to be ready for the first edit (not
    // behind a widget's gate: its engine starts with the widget).
    const tables = [];
    for (const open of mechanism ? [() => this.table(mechanism), () => this.memoTable(mechanism)] : []) {
      const table = open();
      tables.push(table);
      if (table.loaded && !Object.hasOwn(table.replies, key)) continue;
      if (!opts.before) this.start(name).catch(() => {}); // a failure is shown through the state
      if (!table.loaded) return table.promise.then(() => this.call(method, request, opts));
      table.memo?.use(key); // (it marks kx-MECHANISM-memo:METHOD)
      if (!table.sessions.has(key)) return answered(mechanism, method, table.replies[key]);
      // The next session of a fresh engine.
      if (!sent.any) {
        const result = { ...table.replies[key], session: String(table.replies[key].session).replace(/\d+$/, sent.owed.length + 1) };
        sent.owed.push({ method, request, result });
        return answered(mechanism, method, result);
      }
    }
    if (!sent.any && /\.close$/.test(method) && request?.session === sent.owed.at(-1)?.result.session) {
      sent.owed.pop(); // never replayed: closed before the engine saw it
      return answered(mechanism, method, {});
    }
    const { before, ...rest } = opts;
    // The engine is created once the call may go to it (a widget's engine
    // exists once the widget started).
    const forward = () => this.#forward(this.route(method, rest), method, request, rest);
    let reply;
    try {
      reply = before ? Promise.resolve(before).then(forward) : forward();
    } catch (err) {
      return Promise.reject(err);
    }
    // The engine's answer, for the next visit.
    tables[1]?.memo?.keep(key, reply);
    return reply;
  }

  /** Sends a call to its engine, after the replays the engine is owed. */
  #forward(engine, method, request, opts) {
    const sent = this.#sent(engine.mechanism);
    sent.any = true;
    if (sent.owed.length) sent.replay = this.#replay(engine, sent.owed.splice(0));
    const replay = sent.replay;
    if (!replay) return engine.call(method, request, opts);
    return replay.then((failure) => {
      if (sent.replay === replay) sent.replay = null;
      if (failure) throw failure;
      return engine.call(method, request, opts);
    });
  }

  /**
   * Sends the engine the session calls answered from the build or the
   * memo, in order; resolves with null when their replies are the same,
   * else with the error for the calls that wait for them.
   */
  async #replay(engine, owed) {
    const { mechanism } = engine;
    for (const o of owed) {
      let result;
      try {
        result = await engine.call(o.method, o.request, { owner: REPLAY });
      } catch (err) {
        markOnce(`kx-${mechanism}-replayed`, undefined, { ok: false });
        return err;
      }
      if (canonicalJSON(result) !== canonicalJSON(o.result)) {
        markOnce(`kx-${mechanism}-replayed`, undefined, { ok: false });
        const message = "The engine's session differed from the one the page showed first, so it was loaded again.";
        this.dispatchEvent(new CustomEvent("restart", { detail: { mechanism, reason: "replay", message, culprits: [] } }));
        return new EngineError("not_found", `${message} (${o.result.session} is not the engine's ${result?.session})`);
      }
    }
    markOnce(`kx-${mechanism}-replayed`, undefined, { ok: true });
    return null;
  }

  /** The user's Restart: every stopped or failed engine starts again. */
  restartNow() {
    const waiting = [];
    for (const e of this.engines.values()) {
      if (e.state === "stopped" || e.state === "failed") waiting.push(e.restartNow());
    }
    return Promise.all(waiting);
  }

  /** The primary engine (the page's status line and its tests look at it). */
  get main() {
    return this.route("");
  }

  get state() {
    return this.main.state;
  }

  get message() {
    return this.main.message;
  }

  get version() {
    return this.main.version;
  }

  get policy() {
    return this.main.policy;
  }
}
