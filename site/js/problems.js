// The problems list: every diagnostic of the inputs, errors first, each
// entry a button that puts the cursor on its spot in its editor (or, for a
// problem without a place, says where it belongs). The entries come from
// diagnostics.js route(), so a problem reads the same here, in the editor's
// tooltip and in the CLI.

import { h, replaceChildren } from "./ui.js";
import { icon } from "./icons.js";

const ICONS = { error: "cross", warning: "warning", info: "info" };

/**
 * createProblems({title}) returns {el, set(items, editors)}: items are
 * route().items; editors maps a route key to an editor (createEditor's
 * object) to jump to. The list hides itself when it is empty.
 */
export function createProblems({ title = "Problems" } = {}) {
  const count = h("span", { class: "problems-count" });
  const list = h("ul", { class: "problems-list" });
  const el = h("section", { class: "problems", hidden: true, "aria-label": title },
    h("h3", { class: "problems-title" }, title, " ", count), list);
  return {
    el,
    set(items, editors = new Map()) {
      const shown = items || [];
      el.hidden = shown.length === 0;
      const errors = shown.filter((i) => i.problem.severity === "error").length;
      count.textContent = shown.length ? `(${errors} error${errors === 1 ? "" : "s"}, ${shown.length - errors} other)` : "";
      replaceChildren(list, shown.map((item) => {
        const p = item.problem;
        const editor = item.key != null ? editors.get(item.key) : null;
        const body = [icon(ICONS[p.severity] || "info"), h("span", { class: "problem-where" }, p.location), " ", h("span", { class: "problem-message" }, p.message)];
        const label = `${p.severity}: ${p.message} (${p.location})`;
        if (!editor) return h("li", { class: `problem ${p.severity}` }, h("span", { class: "problem-entry", "aria-label": label }, body));
        return h("li", { class: `problem ${p.severity}` },
          h("button", {
            type: "button",
            class: "problem-entry",
            "aria-label": `${label}; go there`,
            on: { click: () => editor.reveal(item.mark?.line || 1, item.mark?.column || 1) },
          }, body));
      }));
    },
  };
}
