// Reading node dumps from the user's disk into the Feature gates tab: the
// files of a drop (a folder is walked with webkitGetAsEntry) or of a file
// picker (a folder picker names each file by webkitRelativePath), within
// bounds checked before anything is read, so a drop of a home directory is
// refused at once instead of filling the tab's memory.
//
// The bounds (docs/node-dumps.md, "In the page"): one node as
// core/nodeimport reads it (64 files of at most 1 MiB); a fleet at most
// FLEET.files files and FLEET.bytes in all. The CLI has no such bound
// beyond the engine's (10,000 nodes).

import { formatBytes, thousands } from "../ui.js";

const MiB = 1 << 20;

/** One node's dump: core/nodeimport's MaxFiles and MaxFileSize. */
export const NODE = { files: 64, fileBytes: MiB, bytes: 8 * MiB, what: "a node dump" };
/** A fleet dropped on the page. */
export const FLEET = { files: 2000, fileBytes: MiB, bytes: 32 * MiB, what: "a fleet" };

/** An input over a bound; its message says which and what to do. */
export class BoundError extends Error {}

/**
 * dropEntries takes what a drop event carries, synchronously (the items
 * are gone once the handler returns): the file system entries when the
 * browser gives them, else the plain files.
 */
export function dropEntries(dt) {
  const items = [...(dt?.items || [])].filter((i) => i.kind === "file");
  const entries = items.map((i) => (typeof i.webkitGetAsEntry === "function" ? i.webkitGetAsEntry() : null));
  if (items.length > 0 && entries.every(Boolean)) return { entries, files: [] };
  return { entries: [], files: [...(dt?.files || [])] };
}

/**
 * collect turns dropEntries' result, or a FileList from a picker, into
 * [{path, file}] (hidden files and folders skipped, as the engine skips
 * them), throwing a BoundError as soon as the list passes limits.
 */
export async function collect(source, limits) {
  const out = [];
  const add = (path, file) => {
    if (path.split("/").some((seg) => seg.startsWith("."))) return;
    out.push({ path, file });
    check(out, limits);
  };
  if (source.entries?.length) {
    for (const e of source.entries) await walk(e, "", add);
  } else {
    for (const f of source.files || source) add(f.webkitRelativePath || f.name, f);
  }
  return out;
}

async function walk(entry, dir, add) {
  const path = dir ? `${dir}/${entry.name}` : entry.name;
  if (entry.name.startsWith(".")) return;
  if (entry.isFile) {
    add(path, await new Promise((resolve, reject) => entry.file(resolve, reject)));
    return;
  }
  if (!entry.isDirectory) return;
  const reader = entry.createReader();
  for (;;) {
    // readEntries gives a directory's entries in batches; an empty one ends it.
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    for (const e of batch) await walk(e, path, add);
  }
}

function check(list, limits) {
  if (list.length > limits.files) {
    throw new BoundError(`More than ${thousands(limits.files)} files: the page reads at most that many for ${limits.what} (docs/node-dumps.md). For more, use the CLI: kubexplorer gates check DIR.`);
  }
  const last = list[list.length - 1];
  if (last.file.size > limits.fileBytes) {
    throw new BoundError(`${last.path} is ${formatBytes(last.file.size)}: a node dump's file is at most ${formatBytes(limits.fileBytes)} (docs/node-dumps.md).`);
  }
  const total = list.reduce((n, x) => n + x.file.size, 0);
  if (total > limits.bytes) {
    throw new BoundError(`The files come to more than ${formatBytes(limits.bytes)}, the most the page reads for ${limits.what} (docs/node-dumps.md). For more, use the CLI: kubexplorer gates check DIR.`);
  }
}

/**
 * stripFolder drops the folder every path is in, when there is one: a
 * folder dropped or picked is the fleet (or the node) itself, not a node
 * (or a directory) in it. Returns {folder, list}.
 */
export function stripFolder(list) {
  const first = list[0]?.path.split("/")[0];
  if (!first || !list.every((x) => x.path.startsWith(`${first}/`))) return { folder: "", list };
  return { folder: first, list: list.map((x) => ({ ...x, path: x.path.slice(first.length + 1) })) };
}

/** read gives the files' text as the engine's File: [{path, content}]. */
export async function read(list) {
  return Promise.all(list.map(async ({ path, file }) => ({ path, content: await file.text() })));
}
