// The one door to the browser's localStorage and sessionStorage.
//
// Storage is not always there: a browser with site data blocked throws on
// the very first touch of window.localStorage (SecurityError), private modes
// may refuse every write, and a full origin refuses the next one
// (QuotaExceededError). None of that may break the page. Every access here
// is guarded: reads answer null, writes answer false, and the storage
// remembers what went wrong (status) and tells its listeners once per kind
// of problem, so the page can say that work won't be kept.
//
// The module is pure apart from the two browser instances at the bottom:
// tests give GuardedStorage a backend of their own (anything with
// getItem/setItem/removeItem/key/length).

/** What a GuardedStorage knows about its backend. */
export const STATUS = Object.freeze({
  OK: "ok", // reads and writes work (as far as we know)
  UNAVAILABLE: "unavailable", // blocked, disabled or missing: nothing is kept
  FULL: "full", // the quota is used up: the last write was refused
});

const PROBE_KEY = "kubexplorer.probe";

function isQuotaError(err) {
  if (!err || typeof err !== "object") return false;
  // Chromium and Firefox name it; old WebKit only sets the legacy codes.
  return err.name === "QuotaExceededError" || err.name === "NS_ERROR_DOM_QUOTA_REACHED" || err.code === 22 || err.code === 1014;
}

export class GuardedStorage {
  /**
   * @param {() => Storage} getBackend  returns the backend; may throw (the
   *   browser refuses access) or return null/undefined (no storage at all)
   * @param {string} name  for messages ("localStorage")
   */
  constructor(getBackend, name = "storage") {
    this.name = name;
    this.getBackend = getBackend;
    this.status = STATUS.OK;
    this.problem = null; // the last error's message
    this.listeners = [];
    this.reported = new Set();
  }

  /** fn({status, message}) is called the first time each problem occurs. */
  onProblem(fn) {
    this.listeners.push(fn);
  }

  #fail(status, err) {
    this.status = status;
    this.problem = err && err.message ? err.message : String(err);
    if (this.reported.has(status)) return;
    this.reported.add(status);
    for (const fn of this.listeners) {
      try {
        fn({ status, message: this.problem });
      } catch {
        /* a listener's bug must not turn into a storage error */
      }
    }
  }

  #backend() {
    let b;
    try {
      b = this.getBackend();
    } catch (err) {
      this.#fail(STATUS.UNAVAILABLE, err);
      return null;
    }
    if (!b) {
      this.#fail(STATUS.UNAVAILABLE, new Error(`${this.name} is not available`));
      return null;
    }
    return b;
  }

  /**
   * Checks that a write and a read work; returns the status. Call it once at
   * start-up to learn early that nothing will be kept.
   */
  probe() {
    const b = this.#backend();
    if (!b) return this.status;
    try {
      b.setItem(PROBE_KEY, "1");
      const back = b.getItem(PROBE_KEY);
      b.removeItem(PROBE_KEY);
      if (back !== "1") throw new Error(`${this.name} did not keep a value`);
    } catch (err) {
      this.#fail(isQuotaError(err) ? STATUS.FULL : STATUS.UNAVAILABLE, err);
    }
    return this.status;
  }

  /** The value under key, or null (absent, or storage unusable). */
  get(key) {
    const b = this.#backend();
    if (!b) return null;
    try {
      return b.getItem(key);
    } catch (err) {
      this.#fail(STATUS.UNAVAILABLE, err);
      return null;
    }
  }

  /** Stores value; false when the browser refused (see status). */
  set(key, value) {
    const b = this.#backend();
    if (!b) return false;
    try {
      b.setItem(key, String(value));
    } catch (err) {
      this.#fail(isQuotaError(err) ? STATUS.FULL : STATUS.UNAVAILABLE, err);
      return false;
    }
    // A write that succeeds after the quota was full means space was freed.
    if (this.status === STATUS.FULL) {
      this.status = STATUS.OK;
      this.reported.delete(STATUS.FULL);
    }
    return true;
  }

  /** Removes key; false when the browser refused. */
  remove(key) {
    const b = this.#backend();
    if (!b) return false;
    try {
      b.removeItem(key);
      return true;
    } catch (err) {
      this.#fail(STATUS.UNAVAILABLE, err);
      return false;
    }
  }

  /** Every key that starts with prefix (empty when storage is unusable). */
  keys(prefix = "") {
    const b = this.#backend();
    if (!b) return [];
    try {
      const out = [];
      for (let i = 0; i < b.length; i++) {
        const k = b.key(i);
        if (k != null && k.startsWith(prefix)) out.push(k);
      }
      return out;
    } catch (err) {
      this.#fail(STATUS.UNAVAILABLE, err);
      return [];
    }
  }
}

/** A backend in memory, for tests and as a model of the Storage interface. */
export class MemoryBackend {
  constructor({ quota = Infinity } = {}) {
    this.map = new Map();
    this.quota = quota; // total characters of keys and values
  }
  get length() {
    return this.map.size;
  }
  key(i) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k) {
    return this.map.has(k) ? this.map.get(k) : null;
  }
  setItem(k, v) {
    const used = [...this.map].reduce((n, [a, b]) => (a === k ? n : n + a.length + b.length), 0);
    if (used + k.length + String(v).length > this.quota) {
      const err = new Error("The quota has been exceeded.");
      err.name = "QuotaExceededError";
      throw err;
    }
    this.map.set(k, String(v));
  }
  removeItem(k) {
    this.map.delete(k);
  }
}

// The browser's two storages. The getter runs on each access, inside the
// guard: touching window.localStorage is what throws when it is blocked.
export const local = new GuardedStorage(() => globalThis.localStorage, "localStorage");
export const session = new GuardedStorage(() => globalThis.sessionStorage, "sessionStorage");
