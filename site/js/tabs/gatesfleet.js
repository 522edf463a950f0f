// The fleet check of the Feature gates tab: a folder of node dumps (one
// file or one folder per node, any form of docs/node-dumps.md), dropped or
// picked, or several files, checked by gates.check against the upgrade
// from the header's release to the tab's upgrade target. A table gives a
// row per node (verdict, blocking errors, warnings, gates whose effective
// value changes) and a summary line; a node's button opens its
// drill-down: each error and warning at its file, line and column, and
// the gates that change.
//
// The files stay in memory only (a fleet is not part of the saved work);
// a change of release or target checks them again.

import { h, uid, replaceChildren, scrollRegion, thousands } from "../ui.js";
import { location } from "../diagnostics.js";
import { FLEET, BoundError, dropEntries, collect, stripFolder, read } from "./gatesfiles.js";

const VERDICTS = { unchanged: "unchanged", changes: "changes", fails: "fails", badInput: "bad input" };
// A fleet of 2,000 nodes takes seconds in the engine; the default limit
// is for one evaluation.
const CHECK_TIMEOUT_MS = 60000;

/**
 * createFleet({app, target()}) returns {el, refresh()}: target() is the
 * upgrade target ("" for none: the fleet is then checked on the header's
 * release alone).
 */
export function createFleet({ app, target }) {
  const folderPicker = h("input", { type: "file", multiple: true, webkitdirectory: true, hidden: true, "aria-label": "Choose a folder of node dumps", on: { change: () => picked(folderPicker) } });
  const filesPicker = h("input", { type: "file", multiple: true, hidden: true, "aria-label": "Choose node dump files", on: { change: () => picked(filesPicker) } });
  const status = h("p", { class: "gates-fleet-status", role: "status" });
  const summary = h("div", { class: "gates-fleet-summary" });
  const tableBox = h("div", { class: "gates-fleet-results" });
  const drop = h("div", { class: "gates-drop gates-fleet-drop" },
    h("p", {}, "Drop a folder of node dumps here (one file or folder per node; mixed releases allowed), or several files, or choose them:"),
    h("div", { class: "row" },
      h("button", { type: "button", class: "button small gates-fleet-folder", on: { click: () => folderPicker.click() } }, "Choose a folder…"),
      h("button", { type: "button", class: "button small gates-fleet-files", on: { click: () => filesPicker.click() } }, "Choose files…"),
      folderPicker, filesPicker),
    h("p", { class: "hint" }, `At most ${thousands(FLEET.files)} files and 32 MiB in the page; the CLI (kubexplorer gates check) has no such bound.`));
  const headId = uid("gates-fleet-h");
  const el = h("details", { class: "section fold gates-fleet" },
    h("summary", {}, h("span", { id: headId }, "Fleet check"), " ", h("span", { class: "muted" }, "— many real nodes against the upgrade")),
    drop, status, summary, tableBox);
  // key is the upgrade the shown table checked: refresh() skips it.
  const state = { files: null, name: "", seq: 0, open: null, key: "" };

  for (const t of [drop, el]) {
    t.addEventListener("dragover", (e) => {
      if (![...(e.dataTransfer?.types || [])].includes("Files")) return;
      e.preventDefault();
      drop.classList.add("gates-dragover");
    });
    t.addEventListener("dragleave", () => drop.classList.remove("gates-dragover"));
  }
  el.addEventListener("drop", (e) => {
    if (!e.dataTransfer?.files?.length) return;
    e.preventDefault();
    e.stopPropagation();
    drop.classList.remove("gates-dragover");
    load(dropEntries(e.dataTransfer));
  });

  function picked(input) {
    const files = [...input.files];
    input.value = "";
    load({ files });
  }

  async function load(source) {
    el.open = true;
    try {
      const { folder, list } = stripFolder(await collect(source, FLEET));
      if (list.length === 0) throw new BoundError("No files to check (hidden files are skipped).");
      status.className = "gates-fleet-status";
      status.textContent = `Reading ${list.length} files…`;
      state.files = await read(list);
      state.name = folder ? `the folder ${folder}` : `${list.length} files`;
    } catch (err) {
      fail(err instanceof BoundError ? err.message : `The files could not be read: ${err.message}`);
      return;
    }
    state.open = null;
    state.key = "";
    await check();
  }

  function fail(message) {
    status.className = "gates-fleet-status error";
    status.textContent = message;
    app.announce(message, "error");
  }

  async function check() {
    const to = target() || app.release;
    if (!state.files || !app.release || state.key === `${app.release}→${to}`) return;
    const seq = ++state.seq;
    state.key = `${app.release}→${to}`;
    status.className = "gates-fleet-status";
    status.textContent = `Checking ${state.name}: ${app.release} → ${to}…`;
    el.classList.add("stale");
    let reply;
    try {
      reply = await app.engine.call("gates.check", { from: app.release, to, files: state.files }, { timeout: CHECK_TIMEOUT_MS });
    } catch (err) {
      if (seq !== state.seq) return;
      state.key = "";
      el.classList.remove("stale");
      replaceChildren(summary);
      replaceChildren(tableBox);
      const where = (err.diagnostics || []).map(location).filter(Boolean)[0];
      fail(`The fleet could not be checked: ${err.message}${where && !err.message.includes(where) ? ` (${where})` : ""}`);
      return;
    }
    if (seq !== state.seq) return;
    el.classList.remove("stale");
    status.textContent = target() ? `Checked ${state.name}.` : `Checked ${state.name} on ${app.release} only: choose a release in “Upgrade check to” to check an upgrade.`;
    render(reply);
  }

  function render(reply) {
    const s = reply.summary;
    const counts = Object.entries(s.verdicts).filter(([, n]) => n > 0).map(([v, n]) => `${n} ${VERDICTS[v] || v}`);
    replaceChildren(summary,
      h("p", { class: `gates-fleet-line ${reply.exit > 1 ? "error" : ""}` },
        `${s.nodes} node${s.nodes === 1 ? "" : "s"}: ${counts.join(", ") || "none"}; upgrade ${reply.from || "(each node's release)"} → ${reply.to}; exit status ${reply.exit}.`),
      s.problems.length
        ? h("details", { class: "fold gates-fleet-problems" }, h("summary", {}, `${s.problems.length} distinct problem${s.problems.length === 1 ? "" : "s"}`),
          h("ul", {}, ...s.problems.map((p) => h("li", { class: p.severity }, `${p.severity} on ${p.nodes} node${p.nodes === 1 ? "" : "s"} (e.g. ${p.example}): ${p.message}`))))
        : null);
    const tbody = h("tbody");
    for (const n of reply.nodes) tbody.append(...row(reply, n));
    const table = h("table", { class: "gates-fleet-table data-table" },
      h("caption", { class: "visually-hidden" }, "Nodes of the fleet check; a node's button shows its detail"),
      h("thead", {}, h("tr", {}, ...["Node", "Release", "Verdict", "Errors", "Warnings", "Gates that change"].map((c) => h("th", { scope: "col" }, c)))),
      tbody);
    replaceChildren(tableBox, scrollRegion(h("div", { class: "table-wrap" }, table), "Fleet check table"));
  }

  function row(reply, n) {
    const detailId = uid("gates-fleet-node");
    const changes = reply.changeSets[n.changeSet] || [];
    const open = state.open === n.node;
    const detail = h("tr", { class: "gates-fleet-detail", id: detailId, hidden: !open }, h("td", { colspan: "6" }, open ? drill(n, changes) : null));
    const button = h("button", {
      type: "button", class: "gates-fleet-node", "aria-expanded": String(open), "aria-controls": detailId,
      on: { click: () => {
        const show = button.getAttribute("aria-expanded") !== "true";
        button.setAttribute("aria-expanded", String(show));
        detail.hidden = !show;
        replaceChildren(detail.firstChild, show ? drill(n, changes) : null);
        state.open = show ? n.node : null;
      } },
    }, n.node);
    const names = changes.map((c) => c.gate);
    return [
      h("tr", { class: `gates-fleet-row verdict-${n.verdict}` },
        h("th", { scope: "row" }, button),
        h("td", { class: "gates-fleet-release" }, n.from ? `${n.from} → ${n.to}` : `? → ${n.to}`),
        h("td", {}, h("span", { class: `gates-verdict-tag ${n.verdict}` }, VERDICTS[n.verdict] || n.verdict)),
        h("td", { class: n.errors ? "error" : "" }, String(n.errors)),
        h("td", {}, String(n.warnings)),
        h("td", { class: "gates-fleet-gates" }, names.length ? `${names.length}: ${names.slice(0, 3).join(", ")}${names.length > 3 ? ", …" : ""}` : "0")),
      detail,
    ];
  }

  // drill is a node's detail: its diagnostics at their place, the gates
  // that change.
  function drill(n, changes) {
    const bool = (b) => (b == null ? "absent" : String(b));
    return h("div", { class: "gates-fleet-drill" },
      h("p", {}, `${n.node}: ${n.from ? `kubelet ${n.from}` : "release unknown"}${n.releaseFrom === "default" ? " (the header's release: the dump states none)" : ""}; ${n.startsNow === false ? "does not start now; " : ""}${n.starts === false ? `would not start on ${n.to}` : n.starts ? `starts on ${n.to}` : "not evaluated"}.`),
      n.diagnostics.length
        ? h("ul", { class: "gates-fleet-diags" }, ...n.diagnostics.map((d) => h("li", { class: d.severity },
          h("span", { class: "gates-fleet-sev" }, d.severity), " ", d.path ? h("code", {}, location(d)) : null, " ", d.message, h("span", { class: "muted" }, ` [${d.code}]`))))
        : h("p", { class: "muted" }, "No errors or warnings."),
      changes.length
        ? h("details", { class: "fold", open: changes.length <= 10 }, h("summary", {}, `${changes.length} gate${changes.length === 1 ? "" : "s"} whose effective value changes`),
          h("ul", { class: "gates-fleet-changes" }, ...changes.map((c) => h("li", {}, h("strong", {}, c.gate), ` ${bool(c.before)} → ${bool(c.after)}: ${c.message}`))))
        : h("p", { class: "muted" }, "No gate changes its effective value."));
  }

  return {
    el,
    refresh: () => check(),
    load,
  };
}
