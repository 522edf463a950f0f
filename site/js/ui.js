// Small DOM helpers shared by the page and its tabs.
//
// The one rule: user-controlled text only ever reaches the page through
// textContent or attribute values set with setAttribute — never innerHTML.
// h() enforces it: strings become text nodes.

/**
 * Creates an element. attrs: plain attributes, plus
 *   class: string, dataset: {..}, on: {event: handler}, text: string.
 * children: nodes, strings (become text nodes), arrays, null/false (skipped).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "on") for (const [ev, fn] of Object.entries(v)) el.addEventListener(ev, fn);
    else if (k === "value" || k === "checked" || k === "selected" || k === "disabled") el[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c == null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

/**
 * A CamelCase name (a feature gate's) as text with a line-break
 * opportunity before each inner word, so a narrow column wraps
 * "InPlacePodVerticalScaling" between words instead of mid-word.
 */
export function wordBreaks(name) {
  return camelWords(name).flatMap((p, i) => (i ? [document.createElement("wbr"), p] : [p]));
}

/** The words of a CamelCase name: "HPAScaleToZero" → ["HPAScale", "To", "Zero"]. */
export function camelWords(name) {
  return String(name).split(/(?<=[a-z0-9])(?=[A-Z])/);
}

/** Replaces all children of el. */
export function replaceChildren(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/** Returns a function that runs fn once calls stop for ms milliseconds. */
export function debounce(fn, ms) {
  let timer = 0;
  const debounced = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  debounced.flush = (...args) => {
    clearTimeout(timer);
    fn(...args);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}

/** Creates a <select> with options [{value, label}] or strings. */
export function select(attrs, options, selected) {
  const el = h("select", attrs);
  setOptions(el, options, selected);
  return el;
}

export function setOptions(el, options, selected) {
  el.replaceChildren(
    ...options.map((o) => {
      const { value, label } = typeof o === "string" ? { value: o, label: o } : o;
      return h("option", { value, selected: value === selected }, label);
    }),
  );
}

/** A unique id for label/aria wiring. */
let idCounter = 0;
export function uid(prefix = "kx") {
  idCounter += 1;
  return `${prefix}-${idCounter}`;
}

/**
 * Formats a whole number with thousands separators (2,000), as
 * toLocaleString("en") does; that one first loads the browser's locale data,
 * which costs a cold page 150–350 ms of main thread.
 */
export function thousands(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Formats a byte count for people. */
export function formatBytes(n) {
  if (n >= 1 << 20) return `${(n / (1 << 20)).toFixed(1)} MiB`;
  if (n >= 1 << 10) return `${(n / (1 << 10)).toFixed(0)} KiB`;
  return `${n} B`;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Creates an SVG element: attributes are set with setAttribute (presentation
 * attributes such as fill are attributes, which the page's CSP allows;
 * colours come from CSS classes). children as for h().
 */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === "class") el.setAttribute("class", v);
    else if (k === "text") el.textContent = v;
    else if (k === "on") for (const [ev, fn] of Object.entries(v)) el.addEventListener(ev, fn);
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

/**
 * Makes el reachable by keyboard while its content overflows it (a wide
 * table on a phone): then it is a focusable region named label, so arrow
 * keys scroll it; otherwise it is no tab stop. Returns el.
 */
export function scrollRegion(el, label) {
  const update = () => {
    const over = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    if (over === el.hasAttribute("tabindex")) return;
    if (over) {
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "region");
      el.setAttribute("aria-label", label);
    } else {
      el.removeAttribute("tabindex");
      el.removeAttribute("role");
      el.removeAttribute("aria-label");
    }
  };
  const ro = new ResizeObserver(update);
  ro.observe(el);
  for (const child of el.children) ro.observe(child);
  return el;
}
