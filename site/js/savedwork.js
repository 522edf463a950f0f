// The user's saved work and its history, in the browser's storage.
//
// Three kinds of records, each JSON with a format version:
//
//   WORK_KEY         the page's state (state.js) as the user left it
//   HISTORY_KEY      {v, tabs: {<tab id>: [{at, reason, state}, ...]}}: for
//                    each tab the last HISTORY_PER_TAB states that something
//                    replaced — a link's content the user kept, a reset, an
//                    example, a file, a restore — newest first
//   UNREADABLE_PREFIX + key + "." + time
//                    a record this page could not read (damaged, or from a
//                    newer version), moved aside as it was — never deleted —
//                    so a newer page, or the user, can still get it back
//
// A record that cannot be moved aside (storage full) is left where it is,
// and the page then saves nothing over it (readOnly) rather than destroy it.
//
// Pure apart from the storage it is given (storage.js's GuardedStorage) and
// an injectable clock.

import { checkState, StateError, STATE_VERSION } from "./state.js";

export const WORK_KEY = "kubexplorer.state.v1";
export const HISTORY_KEY = "kubexplorer.history";
export const HISTORY_VERSION = 1;
export const UNREADABLE_PREFIX = "kubexplorer.unreadable.";
export const HISTORY_PER_TAB = 10;

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isObject(x) {
  return x != null && typeof x === "object" && !Array.isArray(x);
}

export class SavedWork {
  /** storage: a GuardedStorage; now: () => milliseconds since the epoch. */
  constructor(storage, { now = () => Date.now() } = {}) {
    this.storage = storage;
    this.now = now;
    this.readOnly = new Set(); // keys holding a record we could not move aside
    this.historyCache = null;
  }

  /**
   * Moves an unreadable record aside. Returns a sentence for the user that
   * says where it went (or why it stayed).
   */
  #setAside(key, raw, what) {
    const stamp = new Date(this.now()).toISOString().replace(/[:.]/g, "-");
    let aside = `${UNREADABLE_PREFIX}${key}.${stamp}`;
    for (let n = 2; this.storage.get(aside) !== null; n++) aside = `${UNREADABLE_PREFIX}${key}.${stamp}.${n}`;
    if (this.storage.set(aside, raw) && this.storage.remove(key)) {
      return { aside, text: `It was kept, not deleted, in this browser's storage under “${aside}”.` };
    }
    this.storage.remove(aside);
    this.readOnly.add(key);
    return { aside: null, text: `It could not be set aside (the browser's storage refused), so it stays where it is and this page will not save ${what} over it.` };
  }

  /**
   * Reads the saved work: {state} when there is some, {} when there is none,
   * and {problem: {text, aside, raw}} when it could not be read (it is then
   * set aside).
   */
  load() {
    const raw = this.storage.get(WORK_KEY);
    if (raw == null) return {};
    let why;
    try {
      return { state: checkState(JSON.parse(raw)) };
    } catch (err) {
      why = err instanceof StateError ? err.message : "The data is damaged (it is not JSON).";
    }
    const { aside, text } = this.#setAside(WORK_KEY, raw, "your work");
    return { problem: { text: `Your saved work could not be read. ${why} ${text}`, aside, raw } };
  }

  /** Saves the page's state; false when it was not kept (see storage.status). */
  save(state) {
    if (this.readOnly.has(WORK_KEY)) return false;
    return this.storage.set(WORK_KEY, JSON.stringify({ ...state, v: STATE_VERSION }));
  }

  /**
   * The history of every tab, {tabs: {id: [entry]}}, and a problem as load()
   * reports it when the stored history could not be read.
   */
  loadHistory() {
    if (this.historyCache) return { history: this.historyCache };
    const raw = this.storage.get(HISTORY_KEY);
    const empty = { v: HISTORY_VERSION, tabs: {} };
    if (raw == null) {
      this.historyCache = empty;
      return { history: empty };
    }
    let why = null;
    let parsed;
    try {
      parsed = JSON.parse(raw);
    } catch {
      why = "It is damaged (it is not JSON).";
    }
    if (!why) {
      if (!isObject(parsed) || !isObject(parsed.tabs) || !Number.isInteger(parsed.v)) why = "It is not a kubexplorer history.";
      else if (parsed.v > HISTORY_VERSION) why = `It is from a newer version of kubexplorer (format ${parsed.v}; this page reads ${HISTORY_VERSION}).`;
    }
    if (why) {
      const { aside, text } = this.#setAside(HISTORY_KEY, raw, "the history");
      this.historyCache = empty;
      return { history: empty, problem: { text: `The history of earlier versions could not be read. ${why} ${text}`, aside, raw } };
    }
    // Keep only well-formed entries; a damaged one must not break the list.
    const tabs = {};
    for (const [id, list] of Object.entries(parsed.tabs)) {
      if (!Array.isArray(list)) continue;
      tabs[id] = list.filter((e) => isObject(e) && Number.isFinite(e.at) && typeof e.reason === "string" && isObject(e.state)).slice(0, HISTORY_PER_TAB);
    }
    this.historyCache = { v: HISTORY_VERSION, tabs };
    return { history: this.historyCache };
  }

  /** The history of one tab, newest first. */
  history(tabId) {
    return this.loadHistory().history.tabs[tabId] || [];
  }

  /**
   * Keeps a tab's state that is about to be replaced. Nothing is kept when
   * it is missing, or the same as the newest entry or as its replacement.
   * Returns true when an entry was added.
   */
  remember(tabId, tabState, reason, replacement) {
    if (!isObject(tabState)) return false;
    if (replacement !== undefined && same(tabState, replacement)) return false;
    const { history } = this.loadHistory();
    const list = history.tabs[tabId] || [];
    if (list.length && same(list[0].state, tabState)) return false;
    history.tabs[tabId] = [{ at: this.now(), reason, state: tabState }, ...list].slice(0, HISTORY_PER_TAB);
    this.#saveHistory();
    return true;
  }

  #saveHistory() {
    if (this.readOnly.has(HISTORY_KEY)) return false;
    return this.storage.set(HISTORY_KEY, JSON.stringify(this.historyCache));
  }

  /** The records set aside so far: [{key, raw}]. */
  unreadable() {
    return this.storage.keys(UNREADABLE_PREFIX).sort().map((key) => ({ key, raw: this.storage.get(key) }));
  }
}
