// The page's state: what share links, files and autosave keep.
//
// A state is {v, tab, release, tabs: {<tab id>: <that tab's getState()>}};
// v is the state's format version (STATE_VERSION). Links carry it in the URL
// fragment (linkformat.js: versioned, compressed, bounded), files as JSON,
// autosave in localStorage (savedwork.js). Anything that cannot be read back
// — damaged, from a newer version, the wrong shape — throws a StateError
// whose message says why; the page shows its examples and that message,
// never a blank tab.
//
// planState() is the one place that decides which parts of a state the page
// can use (known tabs, offered releases) and says what it ignored.

import { decodeLink, encodeLink, LinkError } from "./linkformat.js";
import { describeRange } from "./releases.js";

export { LinkError, MAX_LINK_DATA_CHARS, MAX_INFLATED_BYTES, parseFragment as parseLinkFragment } from "./linkformat.js";

/** The format of states this page writes. */
export const STATE_VERSION = 1;
/** The oldest format this page still reads (older ones would be migrated here). */
export const OLDEST_STATE_VERSION = 1;
// Longer links are truncated or refused by chat tools and mail clients.
export const MAX_LINK_CHARS = 16000;

export class StateError extends Error {
  /** reason: "shape" or "newer". */
  constructor(reason, message) {
    super(message);
    this.name = "StateError";
    this.reason = reason;
  }
}

function isObject(x) {
  return x != null && typeof x === "object" && !Array.isArray(x);
}

/**
 * Validates the outer shape of a state and brings an older format up to
 * STATE_VERSION. Returns the state; throws StateError.
 */
export function checkState(state) {
  if (!isObject(state)) throw new StateError("shape", "The data is not a kubexplorer state.");
  if (!Number.isInteger(state.v) || state.v < OLDEST_STATE_VERSION) {
    throw new StateError("shape", `The data is not a kubexplorer state (its format is ${JSON.stringify(state.v) ?? "missing"}).`);
  }
  if (state.v > STATE_VERSION) {
    throw new StateError("newer", `The data is from a newer version of kubexplorer (format ${state.v}; this page reads up to ${STATE_VERSION}).`);
  }
  if (state.tabs != null && !isObject(state.tabs)) throw new StateError("shape", "The data has no valid tab states.");
  // Migrations from older formats go here, one step per version.
  return state;
}

/**
 * Decides what of a (checked) state the page can use.
 * known: {tabs: [ids], releases: [names]}. Returns
 * {tab, release, tabs: {id: state}, ignored: [text]}; tab and release are
 * null when the state names none or one the page does not know.
 */
export function planState(state, { tabs: tabIds, releases }) {
  const ignored = [];
  const plan = { tab: null, release: null, tabs: {}, ignored };
  if (state.tab != null) {
    if (tabIds.includes(state.tab)) plan.tab = state.tab;
    else ignored.push(`the tab “${String(state.tab)}” (this page has ${tabIds.join(", ")})`);
  }
  if (state.release != null) {
    if (releases.includes(state.release)) plan.release = state.release;
    else ignored.push(`Kubernetes release “${String(state.release)}” (this page offers ${describeRange(releases)})`);
  }
  for (const [id, tabState] of Object.entries(state.tabs || {})) {
    if (!tabIds.includes(id)) ignored.push(`a state for an unknown tab “${id}”`);
    else if (!isObject(tabState)) ignored.push(`the ${id} tab's state (it is not an object)`);
    else plan.tabs[id] = tabState;
  }
  return plan;
}

/** Encodes a state into the fragment text (without the leading #). */
export async function encodeState(state) {
  return encodeLink({ ...state, v: STATE_VERSION });
}

/**
 * Decodes a fragment (with or without #); null when it holds no state.
 * Throws LinkError or StateError, whose messages say why.
 */
export async function decodeState(fragment) {
  const link = await decodeLink(fragment);
  if (!link) return null;
  if (link.format === 1 && isObject(link.value) && link.value.v !== 1) {
    // Format-1 links were only ever made with states of format 1.
    throw new LinkError("damaged", "The link's data is damaged (it is not a kubexplorer state).");
  }
  return checkState(link.value);
}

/** Offers the state as a downloadable file. */
export function downloadState(state, filename = "kubexplorer.json") {
  downloadText(JSON.stringify({ ...state, v: STATE_VERSION }, null, 2), filename);
}

/** Offers text as a downloadable file. */
export function downloadText(text, filename, type = "application/json") {
  const blob = new Blob([text], { type });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** Reads a state from a file the user picked. */
export async function readStateFile(file) {
  let parsed;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    throw new StateError("shape", `${file.name} is not a kubexplorer file (it is not JSON).`);
  }
  return checkState(parsed);
}
