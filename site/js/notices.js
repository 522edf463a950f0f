// Notices: short messages above the tabs that need the user's attention or
// offer a choice ("You are looking at a shared link … Back to your work").
//
// Each notice has an id; showing one with the same id replaces it. Text goes
// in with textContent (ui.js's h), never as HTML. Errors are announced
// assertively (role="alert"), the rest politely.

import { h } from "./ui.js";

/** kind: "info" | "warning" | "error". */
export function createNotices(container) {
  const shown = new Map();
  const api = {
    /**
     * Shows (or replaces) a notice. actions: [{label, run, primary}];
     * a button runs its action and, unless keep is set, closes the notice.
     */
    show(id, { text, kind = "info", actions = [], dismissible = true, keep = false }) {
      const buttons = actions.map((a) =>
        h("button", {
          type: "button",
          class: a.primary ? "button primary" : "button",
          on: {
            click: () => {
              if (!keep) api.clear(id);
              a.run();
            },
          },
        }, a.label));
      const el = h("div", { class: "notice", role: kind === "error" ? "alert" : "status", "data-kind": kind, "data-notice": id },
        h("p", { class: "notice-text" }, text),
        buttons.length ? h("div", { class: "notice-actions" }, buttons) : null,
        dismissible ? h("button", { type: "button", class: "notice-dismiss", "aria-label": "Dismiss this message", on: { click: () => api.clear(id) } }, "×") : null);
      const old = shown.get(id);
      if (old) old.replaceWith(el);
      else container.append(el);
      shown.set(id, el);
      return el;
    },
    clear(id) {
      shown.get(id)?.remove();
      shown.delete(id);
    },
    has(id) {
      return shown.has(id);
    },
    text(id) {
      return shown.get(id)?.querySelector(".notice-text").textContent ?? null;
    },
  };
  return api;
}
