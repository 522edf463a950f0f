// Saving and sharing the page's state, with no server.
//
// A state is {v, tab, release, tabs: {<tab id>: <that tab's getState()>}}.
// Share links carry it in the URL fragment (never sent to a server),
// compressed with the browser's CompressionStream and base64url-encoded:
// #s=<data>. Autosave keeps it in localStorage. Anything that cannot be read
// back — corrupt, from another version, too big — is ignored with a notice
// and never breaks the page.

export const STATE_VERSION = 1;
export const STORAGE_KEY = "kubexplorer.state.v1";
// Longer links are truncated or refused by chat tools and mail clients.
export const MAX_LINK_CHARS = 16000;
const PREFIX = "s=";

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** Encodes a state into the fragment text (without the leading #). */
export async function encodeState(state) {
  const json = new TextEncoder().encode(JSON.stringify({ ...state, v: STATE_VERSION }));
  return PREFIX + toBase64url(await pipe(json, new CompressionStream("deflate-raw")));
}

/** Decodes a fragment (with or without #); null when it holds no state. Throws on corrupt data. */
export async function decodeState(fragment) {
  const text = fragment.replace(/^#/, "");
  if (!text.startsWith(PREFIX)) return null;
  let json;
  try {
    json = new TextDecoder().decode(await pipe(fromBase64url(text.slice(PREFIX.length)), new DecompressionStream("deflate-raw")));
  } catch {
    throw new Error("The link's data is damaged (it may have been cut short when it was copied).");
  }
  return checkState(JSON.parse(json));
}

/** Validates the outer shape of a state. */
export function checkState(state) {
  if (!state || typeof state !== "object" || Array.isArray(state)) throw new Error("The saved data is not a kubexplorer state.");
  if (state.v !== STATE_VERSION) throw new Error(`The saved data is from another version of kubexplorer (format ${state.v}, this page reads ${STATE_VERSION}).`);
  if (state.tabs != null && (typeof state.tabs !== "object" || Array.isArray(state.tabs))) throw new Error("The saved data has no valid tab states.");
  return state;
}

/** Reads the autosaved state: {state} or {error} or {} when there is none. */
export function loadSaved(storage = localStorage) {
  let raw;
  try {
    raw = storage.getItem(STORAGE_KEY);
  } catch {
    return {};
  }
  if (raw == null) return {};
  try {
    return { state: checkState(JSON.parse(raw)) };
  } catch (err) {
    try {
      storage.removeItem(STORAGE_KEY);
    } catch {
      /* storage unavailable */
    }
    return { error: err instanceof SyntaxError ? "The saved work could not be read and was discarded." : `${err.message} It was discarded.` };
  }
}

/** Saves a state; returns false when storage is full or unavailable. */
export function save(state, storage = localStorage) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ ...state, v: STATE_VERSION }));
    return true;
  } catch {
    return false;
  }
}

export function clearSaved(storage = localStorage) {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    /* storage unavailable */
  }
}

/** Offers the state as a downloadable file. */
export function downloadState(state, filename = "kubexplorer.json") {
  const blob = new Blob([JSON.stringify({ ...state, v: STATE_VERSION }, null, 2)], { type: "application/json" });
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
    throw new Error(`${file.name} is not a kubexplorer file (it is not JSON).`);
  }
  return checkState(parsed);
}
