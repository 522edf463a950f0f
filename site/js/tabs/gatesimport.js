// Importing a real node into the Feature gates tab: files dropped on the
// panel or picked, or text pasted, go to gates.import, which recognises
// each form (configz JSON, kubeadm's kubelet-config ConfigMap, a ps line,
// /proc/PID/cmdline, systemd units with drop-ins and environment files,
// KubeletConfiguration files; docs/node-dumps.md) and fills the start-up
// inputs. The tab then shows them like typed input (editable, saved).
//
// A dump that cannot be read changes nothing: the error, which names the
// form, the file, the line and the column, goes to the panel's problems
// list and the status line.

import { h, uid, replaceChildren } from "../ui.js";
import { createProblems } from "../problems.js";
import { route } from "../diagnostics.js";
import { NODE, BoundError, dropEntries, collect, stripFolder, read } from "./gatesfiles.js";

/**
 * createImport({app, onImport(reply, what)}) returns {el, dropTarget(el)}:
 * the "Import a real node" panel; onImport fills the inputs from a
 * gates.import reply (what names the source, for the history and the
 * status line). dropTarget(el) makes el accept dropped files as one node.
 */
export function createImport({ app, onImport }) {
  const pasteId = uid("gates-paste");
  const paste = h("textarea", { id: pasteId, class: "gates-paste", rows: "4", spellcheck: "false", placeholder: "kubectl get --raw /api/v1/nodes/NODE/proxy/configz, a ps line, a kubelet.service …" });
  const picker = h("input", { type: "file", multiple: true, hidden: true, "aria-label": "Choose a node's files", class: "gates-import-files", on: { change: () => {
    const files = [...picker.files];
    picker.value = "";
    fromFiles({ files }, "");
  } } });
  const pick = h("button", { type: "button", class: "button small gates-import-pick", on: { click: () => picker.click() } }, "Choose files…");
  const importPaste = h("button", { type: "button", class: "button small gates-import-paste", on: { click: () => fromPaste() } }, "Import pasted text");
  const result = h("div", { class: "gates-import-result" });
  const problems = createProblems({ title: "Import problems" });
  const el = h("details", { class: "fold gates-import" },
    h("summary", {}, "Import a real node"),
    h("p", { class: "hint" },
      "Drop a node's files on this panel or choose them (one node: configz JSON, kubeadm's kubelet-config ConfigMap, a ps or /proc/PID/cmdline line, a systemd unit with its drop-ins and EnvironmentFiles, config files, kubelet --version), or paste one of them. The form is recognised and the inputs below are filled; what they held goes to the history. docs/node-dumps.md says how to collect a dump."),
    h("div", { class: "row gates-import-actions" }, pick, picker),
    h("div", { class: "editor-field" }, h("label", { for: pasteId, class: "label" }, "Paste a node dump"), paste, importPaste),
    problems.el,
    result);

  async function fromPaste() {
    if (!paste.value.trim()) {
      showError("Nothing to import: paste a node dump first.", []);
      paste.focus();
      return;
    }
    await run([{ path: "pasted", content: paste.value }], "", "the pasted text");
  }

  async function fromFiles(source, nodeName) {
    let files;
    let folder;
    try {
      const stripped = stripFolder(await collect(source, NODE));
      folder = stripped.folder;
      if (stripped.list.length === 0) throw new BoundError("No files to import (hidden files are skipped).");
      files = await read(stripped.list);
    } catch (err) {
      showError(err instanceof BoundError ? err.message : `The files could not be read: ${err.message}`, []);
      return;
    }
    const what = folder ? `the folder ${folder}` : files.length === 1 ? `the file ${files[0].path}` : `${files.length} files`;
    // The node is named as the fleet check names it: after its folder, or
    // its one file without the extension.
    const node = nodeName || folder || (files.length === 1 ? files[0].path.replace(/\.[^.]*$/, "") : "");
    await run(files, node, what);
  }

  async function run(files, node, what) {
    el.open = true;
    let reply;
    try {
      reply = await app.engine.call("gates.import", { node, files });
    } catch (err) {
      showError(`Could not import ${what}: ${err.message}. The inputs are unchanged.`, err.diagnostics || []);
      return;
    }
    onImport(reply, what);
    const uses = reply.parts.map((p) => h("li", {}, h("code", {}, p.file + (p.line > 1 ? `:${p.line}` : "")), ` ${p.form || "unrecognised"}: ${p.use}`));
    problems.set(route(reply.diagnostics, []).items);
    replaceChildren(result,
      h("p", { class: "gates-import-done" }, `Imported ${reply.node} from ${what}${reply.version ? ` (kubelet ${reply.version})` : reply.releaseHint ? ` (kubeadm names release ${reply.releaseHint})` : ""}.`),
      h("ul", { class: "gates-import-parts" }, ...uses),
      reply.notes?.length ? h("ul", { class: "gates-import-notes hint" }, ...reply.notes.map((n) => h("li", {}, n))) : null);
  }

  function showError(message, diagnostics) {
    el.open = true;
    const diags = diagnostics.length ? diagnostics : [{ severity: "error", code: "gates.import", message, input: "files" }];
    problems.set(route(diags, []).items);
    replaceChildren(result, h("p", { class: "error gates-import-error" }, message));
    app.announce(message, "error");
  }

  function dropTarget(target) {
    target.addEventListener("dragover", (e) => {
      if (![...(e.dataTransfer?.types || [])].includes("Files")) return;
      e.preventDefault();
      target.classList.add("gates-dragover");
    });
    target.addEventListener("dragleave", () => target.classList.remove("gates-dragover"));
    target.addEventListener("drop", (e) => {
      // An editor that took the drop (CodeMirror inserts a file's text) keeps it.
      if (e.defaultPrevented || !e.dataTransfer?.files?.length) return;
      e.preventDefault();
      target.classList.remove("gates-dragover");
      fromFiles(dropEntries(e.dataTransfer), "");
    });
  }

  dropTarget(el);
  return { el, dropTarget };
}

/** shellQuote writes an argv as one command line the model splits back. */
export function shellQuote(args) {
  return args.map((a) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", `'"'"'`)}'`)).join(" ");
}
