// Icons as inline SVG, drawn with currentColor: no icon font, no glyph that
// a font may lack (⏸ is missing from common fonts), no image request (the
// page's CSP allows none from data: URLs). Every icon is decorative
// (aria-hidden); the control that holds it carries the name.

import { svg } from "./ui.js";

// 16×16 paths.
const PATHS = {
  play: ["M4 2.5v11l9-5.5z"],
  pause: ["M4 2.5h3v11H4z", "M9 2.5h3v11H9z"],
  step: ["M3 2.5v11l7-5.5z", "M11 2.5h2.5v11H11z"],
  restart: ["M8 3a5 5 0 1 1-4.9 6h1.7A3.3 3.3 0 1 0 8 4.7V7L4.5 3.9 8 .8z"],
  reset: ["M3 3.5h6.5a4 4 0 0 1 0 8H5v-1.7h4.5a2.3 2.3 0 0 0 0-4.6H3V7L.5 4.35 3 1.7z"],
  share: ["M11 1.5a2.5 2.5 0 1 1-2.3 3.5L6.3 6.3a2.5 2.5 0 0 1 0 3.4l2.4 1.3a2.5 2.5 0 1 1-.7 1.5L5.3 11a2.5 2.5 0 1 1 0-6L8 3.6A2.5 2.5 0 0 1 11 1.5z"],
  history: ["M8 1.5A6.5 6.5 0 1 1 1.6 9.2h1.7A4.8 4.8 0 1 0 4.6 4.6L6.5 6.5H1.5v-5l1.9 1.9A6.5 6.5 0 0 1 8 1.5z", "M7.2 4.5h1.6v3.2l2.3 1.4-.8 1.4-3.1-1.9z"],
  sun: ["M8 4.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7z", "M7.3 0h1.4v2.5H7.3zM7.3 13.5h1.4V16H7.3zM0 7.3h2.5v1.4H0zM13.5 7.3H16v1.4h-2.5zM2.1 3.1l1-1 1.8 1.8-1 1zM11.1 12.1l1-1 1.8 1.8-1 1zM2.1 12.9l1.8-1.8 1 1-1.8 1.8zM11.1 3.9l1.8-1.8 1 1-1.8 1.8z"],
  moon: ["M6.2 1.2A6.8 6.8 0 1 0 14.8 9.8 5.4 5.4 0 0 1 6.2 1.2z"],
  chevron: ["M4 6l4 4 4-4z"],
  check: ["M6.3 11.6 2.7 8l1.2-1.2 2.4 2.4 5.8-5.8 1.2 1.2z"],
  cross: ["M4.2 3 8 6.8 11.8 3 13 4.2 9.2 8l3.8 3.8-1.2 1.2L8 9.2 4.2 13 3 11.8 6.8 8 3 4.2z"],
  warning: ["M8 1.2 15.3 14H.7zM7.2 5.5v4.3h1.6V5.5zM7.2 11v1.6h1.6V11z"],
  info: ["M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1zM7.2 7v5h1.6V7zM7.2 4v1.6h1.6V4z"],
  pin: ["M9.5 1 15 6.5l-1.2 1.2-1-.4-2.6 2.6.3 2.6-1.2 1.2-2.8-2.8L2.2 15l-1.1-.1 4.1-4.4-2.8-2.8L3.6 6.5l2.6.3 2.6-2.6-.4-1z"],
};

/** An inline SVG icon, 1em square, drawn in currentColor. */
export function icon(name, { className = "" } = {}) {
  const paths = PATHS[name];
  if (!paths) throw new Error(`no icon ${name}`);
  return svg("svg", { class: `icon icon-${name} ${className}`.trim(), viewBox: "0 0 16 16", "aria-hidden": "true", focusable: "false" },
    paths.map((d) => svg("path", { d, "fill-rule": "evenodd" })));
}

/** Replaces a button's content with an icon and a label (the label may be visually hidden). */
export function setIconLabel(button, name, label, { hideLabel = false } = {}) {
  const text = document.createElement("span");
  text.className = hideLabel ? "visually-hidden" : "button-label";
  text.textContent = label;
  button.replaceChildren(icon(name), text);
  if (hideLabel) button.title = label;
}
