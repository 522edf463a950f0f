// The share-link format: how a state travels in a URL fragment.
//
// A link carries its state after "#s=", compressed with deflate-raw (the
// browser's CompressionStream) and base64url-encoded, so it is never sent to
// a server. The envelope has a version of its own, so that a link made today
// opens in every later version of the page, whatever the page then uses:
//
//   format 1   #s=<data>      links made before formats were numbered; the
//                             state inside says {"v": 1, ...}
//   format 2   #s=2.<data>    the format number comes first, then the data;
//                             what the page makes now
//
// base64url has no ".", so "<digits>." cannot begin format-1 data. A format
// newer than this page knows is refused with a message saying so; a page
// never guesses. Every format ever made keeps its decoder here, and
// site/test/testdata/links holds golden links of each, decoded by the tests.
//
// Decoding is bounded: the data may be at most MAX_LINK_DATA_CHARS long, and
// inflating stops as soon as the output passes MAX_INFLATED_BYTES (without
// the bound a 136 KB link inflated to 100 MB). The input is fed to the
// decompressor in small pieces and the output read in between, so memory
// stays near the bound even for a deflate bomb (deflate expands at most
// about 1032:1, so one piece adds at most ~1 MiB before the next check).
//
// Pure: only web platform globals that Node also has (CompressionStream,
// DecompressionStream, Blob, Response, atob, btoa, TextEncoder/Decoder).

export const LINK_PREFIX = "s=";
/** The format new links are made in. */
export const LINK_FORMAT = 2;
/** Every format this page reads. */
export const LINK_FORMATS = Object.freeze([1, 2]);
/** Longest data part accepted (links the page makes are at most ~16,000 characters). */
export const MAX_LINK_DATA_CHARS = 65536;
/** Most bytes a link may inflate to. */
export const MAX_INFLATED_BYTES = 2 * 1024 * 1024;
// Compressed bytes fed to the decompressor per step (see above).
const FEED_BYTES = 1024;

/**
 * Why a link could not be read. reason is one of: "too-long", "too-large",
 * "damaged", "not-json", "newer-format". message is for people.
 */
export class LinkError extends Error {
  constructor(reason, message, detail = {}) {
    super(message);
    this.name = "LinkError";
    this.reason = reason;
    Object.assign(this, detail);
  }
}

export function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Decodes base64url (no padding needed); throws LinkError("damaged"). */
export function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new LinkError("damaged", "The link's data is damaged: it has characters a link never contains, or it was cut short when it was copied.");
  }
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function deflate(bytes) {
  const out = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/**
 * Inflates deflate-raw data, stopping once the output passes maxBytes.
 * Throws LinkError "too-large" (with inflatedBytes: how far it got) or
 * "damaged".
 */
export async function inflateCapped(bytes, maxBytes = MAX_INFLATED_BYTES) {
  const ds = new DecompressionStream("deflate-raw");
  const writer = ds.writable.getWriter();
  const reader = ds.readable.getReader();
  const chunks = [];
  let total = 0;
  let tooLarge = false;
  // Errors of the side that lost the race are expected; keep them quiet.
  const quiet = (p) => p.catch(() => {});

  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > maxBytes) {
        tooLarge = true;
        quiet(reader.cancel());
        quiet(writer.abort());
        return;
      }
      chunks.push(value);
    }
  })();
  quiet(reading);

  try {
    for (let i = 0; i < bytes.length && !tooLarge; i += FEED_BYTES) {
      await writer.write(bytes.subarray(i, i + FEED_BYTES));
    }
    if (!tooLarge) await writer.close();
  } catch {
    /* reported below: by tooLarge, or by the reader */
  }
  try {
    await reading;
  } catch {
    if (!tooLarge) throw new LinkError("damaged", "The link's data is damaged (it may have been cut short when it was copied).");
  }
  if (tooLarge) {
    throw new LinkError("too-large", `The link's data unpacks to more than ${formatSize(maxBytes)}, more than any state the page makes; it was not opened.`, { inflatedBytes: total });
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function formatSize(n) {
  return n >= 1 << 20 ? `${n / (1 << 20)} MiB` : `${Math.round(n / 1024)} KiB`;
}

/**
 * Splits a fragment ("#s=2.abc", "s=abc") into {format, data}; null when it
 * is not a share link at all (an ordinary address such as "#kubelet").
 */
export function parseFragment(fragment) {
  const text = String(fragment).replace(/^#/, "");
  if (!text.startsWith(LINK_PREFIX)) return null;
  const rest = text.slice(LINK_PREFIX.length);
  const m = /^(\d{1,6})\.([\s\S]*)$/.exec(rest);
  return m ? { format: Number(m[1]), data: m[2] } : { format: 1, data: rest };
}

/** Encodes a JSON-able value as a fragment (without "#") in LINK_FORMAT. */
export async function encodeLink(value) {
  const json = new TextEncoder().encode(JSON.stringify(value));
  return `${LINK_PREFIX}${LINK_FORMAT}.${toBase64url(await deflate(json))}`;
}

// Formats 1 and 2 carry the same payload; only the envelope differs. A later
// format that changes the payload gets a decoder of its own here.
const decoders = {
  1: decodeDeflatedJSON,
  2: decodeDeflatedJSON,
};

async function decodeDeflatedJSON(data, limits) {
  const bytes = await inflateCapped(fromBase64url(data), limits.maxBytes);
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new LinkError("damaged", "The link's data is damaged (it is not text).");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new LinkError("not-json", "The link's data is damaged (it is not a kubexplorer state).");
  }
}

/**
 * Decodes a fragment. Returns null when it is not a share link, else
 * {format, value} with the parsed JSON value (not yet checked as a state).
 * Throws LinkError.
 */
export async function decodeLink(fragment, { maxChars = MAX_LINK_DATA_CHARS, maxBytes = MAX_INFLATED_BYTES } = {}) {
  const parsed = parseFragment(fragment);
  if (!parsed) return null;
  const { format, data } = parsed;
  if (data.length > maxChars) {
    throw new LinkError("too-long", `The link is ${data.length.toLocaleString("en")} characters long, more than the ${maxChars.toLocaleString("en")} a kubexplorer link may have; it was not opened.`);
  }
  if (format > LINK_FORMAT) {
    throw new LinkError("newer-format", `The link was made by a newer version of kubexplorer (link format ${format}; this page reads formats ${LINK_FORMATS.join(" and ")}). Open it with the newer version.`);
  }
  const decode = decoders[format];
  if (!decode) throw new LinkError("damaged", `The link's data is damaged (there is no link format ${format}).`);
  return { format, value: await decode(data, { maxBytes }) };
}
