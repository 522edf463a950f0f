// The release diff of the Feature gates tab: gates.diff between the
// header's release and the upgrade target — every gate the two releases'
// kubelets register differently (promotions, default changes, locks,
// removals, additions), from the catalogs alone, so an operator sees what
// an upgrade changes before checking any node. Fetched when the panel is
// opened, again when either release changes.

import { h, uid, replaceChildren, select, scrollRegion } from "../ui.js";

// The kinds in the order the filter offers them, with their words.
const KINDS = [
  ["removed", "removed"], ["locked", "locked to the default"], ["defaultChanged", "default changed"],
  ["promoted", "promoted"], ["demoted", "demoted"], ["deprecated", "deprecated"], ["added", "added"],
  ["unlocked", "unlocked"], ["dependenciesChanged", "dependencies changed"],
];
const KIND_WORDS = Object.fromEntries(KINDS);

/** createDiff({app, target()}) returns {el, refresh()}. */
export function createDiff({ app, target }) {
  const filterId = uid("gates-diff-kind");
  const filter = select({ id: filterId, class: "gates-diff-filter", on: { change: () => renderRows() } }, [{ value: "", label: "every kind" }], "");
  const summaryText = h("span", {}, "What the upgrade changes in the gates");
  const line = h("p", { class: "gates-diff-counts", "aria-live": "polite" });
  const tbody = h("tbody");
  const body = h("div", { class: "gates-diff-body" },
    line,
    h("div", { class: "row" }, h("label", { for: filterId, class: "field" }, "Show", filter)),
    scrollRegion(h("div", { class: "table-wrap" }, h("table", { class: "gates-diff-table data-table" },
      h("caption", { class: "visually-hidden" }, "Gates that differ between the releases"),
      h("thead", {}, h("tr", {}, ...["Gate", "Change", "Before", "After", "Components"].map((c) => h("th", { scope: "col" }, c)))),
      tbody)), "Release diff table"));
  const el = h("details", { class: "section fold gates-diff", hidden: true, on: { toggle: () => el.open && refresh() } },
    h("summary", {}, summaryText), body);
  const state = { reply: null, key: "", seq: 0 };

  async function refresh() {
    const to = target();
    el.hidden = !to;
    if (!to || !app.release) return;
    summaryText.textContent = `What ${app.release} → ${to} changes in the gates`;
    const key = `${app.release}→${to}`;
    if (!el.open || key === state.key) return;
    const seq = ++state.seq;
    el.classList.add("stale");
    try {
      const reply = await app.engine.call("gates.diff", { from: app.release, to });
      if (seq !== state.seq) return;
      state.reply = reply;
      state.key = key;
    } catch (err) {
      if (seq !== state.seq) return;
      state.reply = null;
      state.key = "";
      line.textContent = `The release diff could not be computed: ${err.message}`;
      line.className = "gates-diff-counts error";
      replaceChildren(tbody);
      return;
    } finally {
      if (seq === state.seq) el.classList.remove("stale");
    }
    line.className = "gates-diff-counts";
    const counts = state.reply.counts || {};
    line.textContent = `${state.reply.changes.length} gates differ: ${KINDS.filter(([k]) => counts[k]).map(([k, w]) => `${counts[k]} ${w}`).join(", ") || "none"}.`;
    setFilterOptions(counts);
    renderRows();
  }

  function setFilterOptions(counts) {
    const keep = filter.value;
    replaceChildren(filter, h("option", { value: "" }, "every kind"),
      ...KINDS.filter(([k]) => counts[k]).map(([k, w]) => h("option", { value: k, selected: k === keep }, `${w} (${counts[k]})`)));
  }

  const readers = (list) => (list == null ? "—" : list.length ? list.join(", ") : "none reads it");
  const side = (g) => (g ? `${g.stage}, default ${g.default}${g.locked ? ", locked" : ""}` : "—");

  function renderRows() {
    const r = state.reply;
    if (!r) return;
    const kind = filter.value;
    const rows = r.changes.filter((c) => !kind || c.kinds.includes(kind));
    replaceChildren(tbody, ...rows.map((c) => h("tr", { class: c.kinds.includes("removed") || c.kinds.includes("locked") ? "gates-diff-breaking" : "" },
      h("th", { scope: "row" }, c.name),
      h("td", {}, c.kinds.map((k) => KIND_WORDS[k] || k).join(", "), h("div", { class: "muted" }, c.description)),
      h("td", {}, side(c.from)),
      h("td", {}, side(c.to)),
      h("td", {}, readers(c.readBy)))));
    if (!rows.length) tbody.append(h("tr", {}, h("td", { colspan: "5", class: "muted" }, "No gate differs.")));
  }

  return { el, refresh };
}
