// The examples menu of a tab's toolbar: a disclosure button that opens a
// list of the gallery's examples, each with its title, what it shows and
// the releases it is about. Picking one closes the menu. Keyboard: the
// button toggles it (Enter/Space), Esc closes it and returns the focus,
// ↑/↓ move between the entries.

import { h, replaceChildren, uid } from "./ui.js";
import { icon } from "./icons.js";

/**
 * createExamplesMenu({onPick, itemClass, dataKey}) returns {el, set(examples),
 * setCurrent(name), close()}: examples are [{name, title, description,
 * hint}]; each entry is a button with itemClass and data-<dataKey>=name.
 */
export function createExamplesMenu({ onPick, itemClass = "", dataKey = "example" }) {
  const listId = uid("examples");
  const button = h("button", { type: "button", class: "button examples-button", "aria-expanded": "false", "aria-controls": listId },
    h("span", {}, "Examples"), icon("chevron"));
  const list = h("ul", { class: "examples-list", id: listId, role: "list" });
  const popup = h("div", { class: "examples-popup", hidden: true }, list);
  const el = h("div", { class: "examples-menu" }, button, popup);
  let current = "";

  const entries = () => [...list.querySelectorAll("button")];
  function open() {
    popup.hidden = false;
    button.setAttribute("aria-expanded", "true");
    (list.querySelector("[aria-current=true]") || entries()[0])?.focus();
  }
  function close(focus = false) {
    if (popup.hidden) return;
    popup.hidden = true;
    button.setAttribute("aria-expanded", "false");
    if (focus) button.focus();
  }
  button.addEventListener("click", () => (popup.hidden ? open() : close()));
  el.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !popup.hidden) {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if ((e.key === "ArrowDown" || e.key === "ArrowUp") && !popup.hidden) {
      const all = entries();
      const i = all.indexOf(e.target.closest("button"));
      if (i < 0) return;
      e.preventDefault();
      all[(i + (e.key === "ArrowDown" ? 1 : all.length - 1)) % all.length].focus();
    }
  });
  // A click or focus outside closes it.
  el.addEventListener("focusout", (e) => {
    if (e.relatedTarget && !el.contains(e.relatedTarget)) close();
  });
  document.addEventListener("pointerdown", (e) => {
    if (!e.composedPath().includes(el)) close();
  });

  return {
    el,
    set(examples) {
      replaceChildren(list, examples.map((ex) => h("li", {},
        h("button", {
          type: "button",
          class: `examples-item ${itemClass}`.trim(),
          dataset: { [dataKey]: ex.name },
          "aria-current": String(ex.name === current),
          on: { click: () => {
            close(true);
            onPick(ex.name);
          } },
        },
        h("span", { class: "examples-item-title" }, ex.title || ex.name),
        ex.hint ? h("span", { class: "examples-item-hint" }, ex.hint) : null,
        ex.description ? h("span", { class: "examples-item-description" }, ex.description) : null))));
    },
    setCurrent(name) {
      current = name || "";
      for (const b of entries()) b.setAttribute("aria-current", String(b.dataset[dataKey] === current));
    },
    close,
  };
}
