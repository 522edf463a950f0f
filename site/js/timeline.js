// The kubelet timeline: an SVG with a lane per container, its states as
// bands (running, waiting, back-off or error, terminated), the kubelet's
// events as marks, restarts as ticks and the crash back-off window that is
// running now, up to the next restart. The time axis ends at the virtual
// clock's now (or at a pending restart after it), so it advances while
// the simulation plays.
//
// The component keeps the history itself: the tab feeds it every pod card
// and event it gets (record, events) and asks for a drawing (render), at
// most a few times a second while playing. It draws into an element it owns
// and reads nothing outside it.

import { h, svg, uid, replaceChildren } from "./ui.js";

export const MAX_LANES = 24;
const MAX_EVENT_MARKS = 400;
const LANE_H = 16;
const LANE_GAP = 8;
const AXIS_H = 22;
const PAD_R = 12;

/** The band class of a container card: run, wait, bad or term. */
export function bandOf(c) {
  if (c.state === "Running") return "run";
  if (c.state === "Terminated") return "term";
  if (/BackOff|Err|Error|Invalid|Failed/.test(c.reason || "")) return "bad";
  return "wait";
}

/** The words of a container card's state, for titles and summaries. */
export function stateWords(c) {
  if (c.state === "Running") return c.ready ? "Running, ready" : "Running";
  if (c.state === "Terminated") return `Terminated${c.reason ? `: ${c.reason}` : ""}${c.exitCode != null ? ` (exit ${c.exitCode})` : ""}`;
  return `Waiting${c.reason ? `: ${c.reason}` : ""}`;
}

/**
 * Ticks for an axis from 0 to end: a step of 1, 2 or 5 × 10^n seconds that
 * gives at most maxTicks ticks.
 */
export function ticks(end, maxTicks = 8) {
  const span = Math.max(end, 1e-9);
  const raw = span / Math.max(1, maxTicks);
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) || 10 * pow;
  const out = [];
  for (let t = 0; t <= span + step * 1e-6; t += step) out.push(Number(t.toPrecision(12)));
  return out;
}

const fmt = (t) => `${Number.isInteger(t) ? t : Number(t.toFixed(1))}s`;

/** createTimeline({label}) returns {el, record(card, t, {history}), events(list), clear(), render(now)}. */
export function createTimeline({ label = "Container states over time" } = {}) {
  const titleId = uid("tl-title");
  const descId = uid("tl-desc");
  const patternId = uid("tl-backoff");
  const host = h("div", { class: "timeline" });
  const el = h("div", { class: "timeline-wrap" }, host);
  // pod uid → {name, lanes: Map(container → lane)}
  const pods = new Map();
  let marks = [];
  let width = 0;
  let lastNow = 0;

  const ro = new ResizeObserver((entries) => {
    const w = Math.floor(entries[0].contentRect.width);
    if (w && w !== width) {
      width = w;
      render(lastNow);
    }
  });
  ro.observe(host);

  function lane(pod, name) {
    let p = pods.get(pod.uid);
    if (!p) pods.set(pod.uid, (p = { name: pod.name, lanes: new Map() }));
    let l = p.lanes.get(name);
    if (!l) p.lanes.set(name, (l = { name, segs: [], restarts: [], restartCount: 0, next: null }));
    return l;
  }

  /**
   * Records a pod card's containers at time t. A history entry (the
   * engine's states of a pod at an earlier instant) has no next restart:
   * it leaves the back-off window to the card that follows it.
   */
  function record(card, t, { history = false } = {}) {
    if (card.deleted) return;
    for (const c of card.containers || []) {
      const l = lane(card, c.name);
      l.init = c.init && !c.sidecar;
      l.sidecar = c.sidecar;
      const key = bandOf(c);
      const words = stateWords(c);
      const last = l.segs[l.segs.length - 1];
      if (!last || last.words !== words) l.segs.push({ t, key, words });
      if (c.restartCount > l.restartCount) {
        for (let n = l.restartCount + 1; n <= c.restartCount; n++) l.restarts.push({ t, n });
        l.restartCount = c.restartCount;
      }
      if (history) continue;
      l.next = c.nextRestart != null ? { at: c.nextRestart, backOff: c.backOff, since: l.next?.since ?? t } : null;
    }
  }

  /** Records the kubelet's events (their involved object names the pod and container). */
  function events(list) {
    for (const e of list) {
      const o = e.involvedObject || {};
      const m = /\{(.+)\}/.exec(o.fieldPath || "");
      marks.push({ t: e.time, pod: o.name, container: m ? m[1] : "", warning: e.type === "Warning", text: `${e.reason}: ${e.message}` });
    }
    if (marks.length > MAX_EVENT_MARKS) marks = marks.slice(-MAX_EVENT_MARKS);
  }

  function clear() {
    pods.clear();
    marks = [];
    lastNow = 0;
    replaceChildren(host);
  }

  function render(now) {
    lastNow = now;
    const lanes = [];
    for (const p of pods.values()) for (const l of p.lanes.values()) if (lanes.length < MAX_LANES) lanes.push({ pod: p.name, ...l, ref: l });
    if (!lanes.length || !width) {
      replaceChildren(host, lanes.length ? null : h("p", { class: "muted timeline-empty" }, "No containers yet: press Play or Step."));
      return;
    }
    const labelW = Math.min(170, Math.max(90, Math.floor(width * 0.28)));
    const plotW = Math.max(40, width - labelW - PAD_R);
    const pending = lanes.map((l) => l.next?.at || 0);
    const end = Math.max(10, now, ...pending) * 1.02;
    const x = (t) => labelW + (Math.min(Math.max(t, 0), end) / end) * plotW;
    const height = AXIS_H + lanes.length * (LANE_H + LANE_GAP) + 4;

    const axis = svg("g", { class: "tl-axis" });
    for (const t of ticks(end, Math.max(2, Math.floor(plotW / 70)))) {
      if (t > end) break;
      axis.append(
        svg("line", { class: "tl-grid", x1: x(t), x2: x(t), y1: AXIS_H - 4, y2: height }),
        svg("text", { class: "tl-tick", x: x(t), y: AXIS_H - 8, "text-anchor": t === 0 ? "start" : "middle" }, fmt(t)));
    }
    const body = svg("g", {});
    lanes.forEach((l, i) => {
      const y = AXIS_H + i * (LANE_H + LANE_GAP);
      const name = `${l.pod}/${l.name}`;
      const g = svg("g", { class: "kubelet-bar tl-lane", "data-lane": name });
      g.append(svg("text", { class: "tl-label", x: 0, y: y + LANE_H - 4 }, svg("title", {}, `${name}${l.init ? " (init)" : l.sidecar ? " (sidecar)" : ""}`), clip(name, labelW)));
      l.segs.forEach((s, j) => {
        const until = j + 1 < l.segs.length ? l.segs[j + 1].t : now;
        const w = Math.max(1.5, x(until) - x(s.t));
        g.append(svg("rect", { class: `tl-band tl-${s.key}`, x: x(s.t), y, width: w, height: LANE_H, rx: 2 },
          svg("title", {}, `${name}: ${s.words}, ${fmt(s.t)}–${j + 1 < l.segs.length ? fmt(until) : "now"}`)));
      });
      if (l.next && l.next.at > l.next.since) {
        const x0 = x(Math.max(l.next.since, 0));
        g.append(svg("rect", { class: "tl-backoff", x: x0, y: y - 2, width: Math.max(2, x(l.next.at) - x0), height: LANE_H + 4, fill: `url(#${patternId})` },
          svg("title", {}, `${name}: crash back-off ${l.next.backOff || ""}, next restart at ${fmt(l.next.at)}`)),
        svg("line", { class: "tl-next", x1: x(l.next.at), x2: x(l.next.at), y1: y - 3, y2: y + LANE_H + 3 }));
      }
      for (const r of l.restarts) {
        g.append(svg("path", { class: "tl-restart", d: `M${x(r.t)} ${y - 3}v${LANE_H + 6}` }, svg("title", {}, `${name}: restart ${r.n} at ${fmt(r.t)}`)));
      }
      for (const m of marks) {
        if (m.pod !== l.pod || (m.container ? m.container !== l.name : l !== lanes.find((o) => o.pod === l.pod))) continue;
        const cx = x(m.t);
        g.append(svg("path", { class: `tl-event${m.warning ? " warning" : ""}`, d: `M${cx} ${y + LANE_H - 1}l3.5 4.5h-7z` }, svg("title", {}, `${fmt(m.t)} ${m.text}`)));
      }
      body.append(g);
    });
    const nowLine = svg("g", { class: "tl-now" },
      svg("line", { x1: x(now), x2: x(now), y1: AXIS_H - 4, y2: height }),
      svg("title", {}, `now: ${fmt(now)}`));
    const summary = lanes.map((l) => `${l.pod}/${l.name}: ${l.segs[l.segs.length - 1]?.words || "no state"}${l.restartCount ? `, ${l.restartCount} restarts` : ""}`).join("; ");
    const drawing = svg("svg", { class: "tl-svg", width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-labelledby": `${titleId} ${descId}` },
      svg("title", { id: titleId }, `${label}, t=0 to ${fmt(now)}`),
      svg("desc", { id: descId }, summary),
      svg("defs", {}, svg("pattern", { id: patternId, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
        svg("rect", { class: "tl-hatch-bg", width: 6, height: 6 }), svg("line", { class: "tl-hatch", x1: 0, y1: 0, x2: 0, y2: 6 }))),
      axis, body, nowLine);
    host.dataset.end = String(Math.round(end));
    host.dataset.now = String(now);
    replaceChildren(host, drawing);
  }

  return { el, record, events, clear, render, get now() { return lastNow; }, disconnect: () => ro.disconnect() };
}

// clip shortens a label to fit about w pixels of 12 px text.
function clip(text, w) {
  const max = Math.max(4, Math.floor(w / 7));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
