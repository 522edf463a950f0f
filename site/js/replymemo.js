// The reply memo: replies this browser's engines gave on earlier visits,
// kept for the next one, so that a returning visitor's first result comes
// at once, as a first-time visitor's comes from the replies the build
// computed (engine.js Engines). The cores are deterministic: one engine
// (its content-hashed file, which holds its version) gives one reply to one
// request, so a remembered reply is the engine's reply, exactly as the
// build's are.
//
// What is kept: per mechanism, the replies of the tabs' first-result
// methods (engine.js MEMO_METHODS), by the key the build's replies use
// ("method canonicalJSON(request)"), for one engine version; a record of
// another version is ignored and replaced by the next write. A reply that
// opens a session is kept as the first session of a fresh engine (its id
// renumbered "kubelet-3" → "kubelet-1", explorer.Engine.AddSession counts
// from 1 per engine): the router gives it only to a page whose engine was
// sent nothing yet and replays it there, as it does the build's session
// replies, and a replay that differs restarts the tabs and corrects the
// record.
//
// Bounds: at most MAX_ENTRIES replies and MAX_BYTES of JSON per mechanism
// (three mechanisms: at most about 1.5 MB in all), the least recently used
// out first; a reply larger than MAX_BYTES alone is not kept.
//
// It is a cache, never the user's work: it lives in Cache Storage (one
// entry per mechanism in the cache CACHE_NAME), not in localStorage, whose
// quota the saved work uses and whose state the page reports to the user.
// Nothing here may fail the page: a storage that is missing, refuses, throws
// or holds something unreadable gives an empty memo, and a write that fails
// is dropped. Writes are coalesced (WRITE_DELAY_MS after the last reply)
// and merged with what another tab of the site may have written meanwhile.
//
// This module is loaded on demand (engine.js imports it when the page
// starts), so none of it weighs on the first paint. ReplyMemo is the pure
// state; cacheStorage is the backend; openMemo joins them for the router.

/**
 * The methods whose replies are kept: the tabs' first results, those the
 * build answers for the default examples (cmd/kxbuild static.go). A *.load
 * opens a session.
 */
export const MEMO_METHODS = ["gates.evaluate", "kubelet.load", "kubefed.load"];

/** The most replies kept per mechanism. */
export const MAX_ENTRIES = 8;
/** The most JSON kept per mechanism, in characters (a gates.evaluate reply is about 60 kB). */
export const MAX_BYTES = 512_000;
/** The format of a stored record; another is ignored. */
export const FORMAT = 1;
/**
 * The Cache Storage cache that holds the records. Not "kubexplorer-…": the
 * service worker deletes those caches but its own when a new build
 * activates (sw.js).
 */
export const CACHE_NAME = "kubexplorer.memo";
/** How long after the last reply a write waits, to coalesce a burst of edits. */
export const WRITE_DELAY_MS = 1000;

/** A session id as the first session of a fresh engine gives it: "kubelet-3" → "kubelet-1". */
export function firstSession(id) {
  return String(id).replace(/-\d+$/, "-1");
}

/** One mechanism's remembered replies for one engine version, the least recently used first. */
export class ReplyMemo {
  constructor(version, { maxEntries = MAX_ENTRIES, maxBytes = MAX_BYTES } = {}) {
    this.version = version;
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    // key → {result, session, size}; a Map keeps the order of use.
    this.entries = new Map();
    this.bytes = 0;
  }

  /**
   * The memo of a stored record: empty when the record is not one (corrupt,
   * another format) or is another version's; entries that are not
   * [key, result, session] are skipped.
   */
  static fromRecord(record, version, limits) {
    const memo = new ReplyMemo(version, limits);
    memo.merge(record);
    return memo;
  }

  /** Adds the entries of a stored record of this version that this memo does not have, as less recently used than its own. */
  merge(record) {
    if (!record || typeof record !== "object" || record.format !== FORMAT || record.version !== this.version || !Array.isArray(record.entries)) return;
    const mine = [...this.entries];
    this.entries.clear();
    this.bytes = 0;
    for (const e of record.entries) {
      if (Array.isArray(e) && typeof e[0] === "string" && e[1] && typeof e[1] === "object" && !Array.isArray(e[1])) this.#put(e[0], e[1], e[2] === true);
    }
    for (const [key, e] of mine) this.#put(key, e.result, e.session);
  }

  /** Remembers key's reply as the most recently used; a session's as a fresh engine's first. */
  remember(key, result, session = false) {
    if (session) {
      if (typeof result?.session !== "string") return;
      result = { ...result, session: firstSession(result.session) };
    }
    this.#put(key, result, session);
  }

  /** Marks key as just used (it is evicted last). */
  use(key) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.entries.set(key, e);
  }

  #put(key, result, session) {
    let size;
    try {
      size = key.length + JSON.stringify(result).length;
    } catch {
      return; // not JSON (a cycle): never an engine's reply
    }
    this.#drop(key);
    if (size > this.maxBytes) return;
    this.entries.set(key, { result, session, size });
    this.bytes += size;
    for (const [old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.#drop(old);
    }
  }

  #drop(key) {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= e.size;
    this.entries.delete(key);
  }

  /** The replies by key and the keys whose reply opens a session: what the router looks up (engine.js). */
  lookup() {
    const replies = {};
    const sessions = [];
    for (const [key, e] of this.entries) {
      replies[key] = e.result;
      if (e.session) sessions.push(key);
    }
    return { replies, sessions };
  }

  /** The record to store. */
  toRecord() {
    return { format: FORMAT, version: this.version, entries: [...this.entries].map(([key, e]) => [key, e.result, e.session]) };
  }
}

/**
 * The storage of one mechanism's record: the entry url of the cache
 * CACHE_NAME. read() resolves with the record, or null when there is none
 * or it cannot be read; write(record) resolves with whether it was kept.
 * Neither rejects.
 */
export function cacheStorage(url, caches = globalThis.caches) {
  const open = () => caches.open(CACHE_NAME);
  return {
    async read() {
      try {
        // has() first: open() would create the cache of a page that never
        // kept a reply.
        if (!(await caches.has(CACHE_NAME))) return null;
        const res = await (await open()).match(url);
        return res ? await res.json() : null;
      } catch {
        return null; // no Cache Storage (an insecure page), refused, or not JSON
      }
    },
    async write(record) {
      try {
        const body = JSON.stringify(record);
        await (await open()).put(url, new Response(body, { headers: { "Content-Type": "application/json" } }));
        return true;
      } catch {
        return false; // refused (quota, private mode): the memo is a cache
      }
    },
  };
}

/**
 * Opens a mechanism's memo for the router: resolves (never rejects) with
 * {replies, sessions, use(key), remember(key, result), keep(key, reply)}. replies
 * and sessions are what earlier visits left (the router answers from those
 * only: within a visit the warm engine answers, and benchmarks of it stay
 * honest); use and remember update the memo, written WRITE_DELAY_MS after
 * the last change. engineURL is the engine's content-hashed address: the
 * version, and where the record is kept (beside the engine, so a site
 * served under a path has its own). opts.storage, opts.schedule (a
 * setTimeout) and opts.written (called after each write that was kept) are
 * for the tests and the benchmarks.
 */
export async function openMemo(mechanism, engineURL, opts = {}) {
  const version = String(engineURL).split(/[?#]/)[0].split("/").pop();
  const storage = opts.storage || cacheStorage(new URL(`memo-${mechanism}`, new URL(engineURL, globalThis.location?.href)).href);
  const schedule = opts.schedule || ((fn, ms) => setTimeout(fn, ms));
  const mark = (name) => {
    try {
      performance.mark(name);
    } catch {
      /* only a measurement */
    }
  };
  const written = opts.written || (() => mark(`kx-${mechanism}-memo-written`));
  const memo = ReplyMemo.fromRecord(await storage.read(), version);
  let pending = false;
  const flush = async () => {
    pending = false;
    // Another tab of the site may have written since this one read.
    memo.merge(await storage.read());
    if (await storage.write(memo.toRecord())) written();
  };
  const changed = () => {
    if (pending) return;
    pending = true;
    schedule(flush, WRITE_DELAY_MS);
  };
  return {
    ...memo.lookup(),
    // The router answered key from the memo (kx-MECHANISM-memo:METHOD marks the first).
    use(key) {
      const name = `kx-${mechanism}-memo:${key.slice(0, key.indexOf(" "))}`;
      if (!performance.getEntriesByName(name).length) mark(name);
      memo.use(key);
      changed();
    },
    // key is "method canonicalJSON(request)": only MEMO_METHODS' are kept.
    remember(key, result) {
      const method = key.slice(0, key.indexOf(" "));
      if (!MEMO_METHODS.includes(method)) return;
      memo.remember(key, result, method.endsWith(".load"));
      changed();
    },
    /** Remembers the reply an engine call (a promise) resolves with; a failed call is not kept. */
    keep(key, reply) {
      reply.then((result) => this.remember(key, result), () => {});
    },
  };
}
