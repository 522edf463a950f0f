// A light editor's diagnostics (editor.js), drawn where and as CodeMirror's
// lint draws them (its lint gutter and cmeditor.js's theme), so that a user
// sees a problem at once and nothing moves when CodeMirror takes the
// editor's place: in the lint gutter a marker on each marked line, of its
// most severe mark, with the line's messages as its title (CodeMirror shows
// them when the marker is hovered); each marked range underlined, or a
// point where a range is empty, on a layer over the text area that holds
// the same text, transparent, and lets the pointer through (a flex item of
// no width before the text area, so it is where the text area is even
// when drawn while its tab is hidden). For screen
// readers the messages are the text area's description (describe, which
// CodeMirror's editor uses too). The page loads
// this module when an editor first has diagnostics, and with CodeMirror
// (span); it imports nothing, so that it adds no module to the page's first
// paint and splits none of its chunks.

// The marks' severities (diagnostics.js SEVERITIES), most severe first.
const SEVERITIES = ["error", "warning", "info"];
const rank = (m) => SEVERITIES.indexOf(m.severity) >>> 0;

let ids = 0;

/**
 * Where a mark (diagnostics.js toMark) lies in a text, as offsets {from,
 * to}: line(n) is the text's nth line (1-based) as {from, to}, of lines.
 * Positions are clamped to the text. Without a column a mark starts its
 * line; without an end column (exclusive) it runs to the end of its last
 * line. Both editors place their marks through it.
 */
export function span(mark, line, lines) {
  const at = (n) => line(Math.min(Math.max(1, n || 1), lines));
  const first = at(mark.line);
  const from = Math.min(first.from + Math.max(0, (mark.column || 1) - 1), first.to);
  const last = mark.endLine ? at(mark.endLine) : first;
  const to = mark.endLine && mark.endColumn ? Math.min(last.from + mark.endColumn - 1, last.to) : last.to;
  return { from, to: Math.max(from, to) };
}

/** A text's lines as span takes them: [line(n), lines]. */
export function textLines(text) {
  const rows = [];
  let from = 0;
  for (const row of text.split("\n")) rows.push({ from, to: (from += row.length + 1) - 1 });
  return [(n) => rows[n - 1], rows.length];
}

/** Puts a light editor's cursor at line:column (1-based, clamped), scrolls there and focuses it. */
export function reveal(box, area, line, column) {
  const pos = span({ line, column }, ...textLines(area.value)).from;
  area.focus();
  area.setSelectionRange(pos, pos);
  box.scrollIntoView({ block: "nearest" });
}

function h(tag, className, ...children) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.append(...children);
  return el;
}

const lineAt = (text, pos) => text.slice(0, pos).split("\n").length;

/**
 * Draws marks (toMark's) in a light editor's box over its text area, in
 * place of those drawn before; returns whether it drew any.
 */
export function drawMarks(box, area, marks) {
  for (const old of box.querySelectorAll(".kx-lint")) old.remove();
  area.removeAttribute("aria-describedby");
  if (!marks.length) return false;
  const text = area.value;
  const lines = textLines(text);
  const spans = marks.map((m) => ({ ...span(m, ...lines), severity: SEVERITIES[rank(m)] || "error", message: String(m.message ?? "") }));
  for (const s of spans) s.line = lineAt(text, s.from);
  spans.sort((a, b) => a.line - b.line || rank(a) - rank(b));

  const gutter = box.firstChild;
  for (const s of spans) {
    const own = spans.filter((o) => o.line === s.line);
    if (own[0] !== s) continue; // the line's most severe mark stands for them all
    const marker = h("div", `kx-lint kx-lint-marker kx-lint-marker-${s.severity}`);
    marker.title = own.map((o) => o.message).join("\n");
    marker.style.top = `calc(4px + ${s.line - 1} * 1.5em)`;
    gutter.append(marker);
  }

  // The text, cut where a range starts or ends; a piece inside ranges is in
  // a span per range, a point a span of its own.
  const cuts = [...new Set([0, text.length, ...spans.flatMap((s) => [s.from, s.to])])].sort((a, b) => a - b);
  const layer = h("div", "kx-lint kx-lint-text");
  layer.ariaHidden = "true";
  cuts.forEach((at, i) => {
    for (const s of spans) if (s.from === at && s.to === at) layer.append(h("span", `kx-lint-point kx-lint-point-${s.severity}`));
    const end = cuts[i + 1];
    if (end === undefined) return;
    let piece = text.slice(at, end);
    for (const s of spans) if (s.from <= at && s.to >= end && s.from < s.to) piece = h("span", `kx-lint-range kx-lint-${s.severity}`, piece);
    layer.append(piece);
  });

  const description = describe(spans);
  area.setAttribute("aria-describedby", description.id);
  area.before(layer);
  box.append(description);
  return true;
}

/**
 * The description of an editor with marks ({line, severity, message}) for
 * screen readers, which its editable element names (aria-describedby): a
 * hidden element with an id of its own, a paragraph per mark, by line,
 * most severe first. Both editors describe their marks through it, so the
 * description a user hears stays the same when CodeMirror takes the
 * light editor's place.
 */
export function describe(marks) {
  const sorted = [...marks].sort((a, b) => a.line - b.line || rank(a) - rank(b));
  const description = h("div", "kx-lint", ...sorted.map((s) => h("p", "", `line ${s.line}: ${SEVERITIES[rank(s)] || "error"}: ${s.message}`)));
  description.id = `kx-lint-${++ids}`;
  description.hidden = true;
  return description;
}

// The light editor's syntax colours come with its marks (editor.js loads
// them through this module, whose name the first paint already holds).
export { colour } from "./lightcolors.js";
