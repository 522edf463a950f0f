// The workspace every tab is built on: a toolbar, an input pane and an
// output pane side by side with a splitter between them; where the
// workspace is narrower than about 760 px the panes stack and a switch
// shows one of them. A pane is a plain element the tab fills, so the same
// workspace mounts into the page, a widget's shadow root or any other root:
// nothing here looks anything up in the document.
//
// The splitter is a window splitter in the ARIA sense (role="separator",
// focusable, aria-valuenow = the input pane's share in percent): drag it,
// or focus it and use ←/→ (Shift: bigger steps), Home/End for the limits,
// Enter to go back to the default. The position is remembered per
// workspace through storage.js when a storage is given.
//
// The toolbar's state chip says what the inputs are: the example they came
// from, or "Modified" with a Reset button; the output pane shows that its
// results are stale while an evaluation is pending (setStale).

import { h, uid } from "./ui.js";
import { icon } from "./icons.js";

export const SPLIT_MIN = 20;
export const SPLIT_MAX = 80;
const SPLIT_STEP = 2;
const SPLIT_BIG_STEP = 10;

/** Clamps a split (percent of the width given to the input pane). */
export function clampSplit(v, fallback = 45) {
  const n = Number(v);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, Math.round(n)));
}

/** The split after a key press on the splitter, or null for other keys. */
export function splitAfterKey(current, key, { shift = false, initial = 45 } = {}) {
  const step = shift ? SPLIT_BIG_STEP : SPLIT_STEP;
  switch (key) {
    case "ArrowLeft":
    case "ArrowUp":
      return clampSplit(current - step);
    case "ArrowRight":
    case "ArrowDown":
      return clampSplit(current + step);
    case "Home":
      return SPLIT_MIN;
    case "End":
      return SPLIT_MAX;
    case "Enter":
      return clampSplit(initial);
    default:
      return null;
  }
}

/**
 * createWorkspace({name, inputTitle, outputTitle, split, storage}) builds a
 * workspace; name keys the remembered split ("gates" → kubexplorer.split.gates).
 * Returns {root, bar, barStart, barEnd, input, output, inputActions,
 * outputActions, setTitles, setModified, setExample, setStale, show, onReset}.
 */
export function createWorkspace({ name, inputTitle = "Input", outputTitle = "Output", split = 45, storage = null }) {
  const key = `kubexplorer.split.${name}`;
  const initial = clampSplit(split);
  let current = clampSplit(storage?.get(key) ?? initial, initial);
  let resetHandler = null;

  const inTitleId = uid(`${name}-in-title`);
  const outTitleId = uid(`${name}-out-title`);
  const inId = uid(`${name}-in`);
  const inTitle = h("h2", { class: "pane-title", id: inTitleId }, inputTitle);
  const outTitle = h("h2", { class: "pane-title", id: outTitleId }, outputTitle);
  const inputActions = h("div", { class: "pane-actions" });
  const outputActions = h("div", { class: "pane-actions" });
  const staleBadge = h("span", { class: "stale-badge", hidden: true }, "Updating…");
  const input = h("div", { class: "pane-body" });
  // The output scrolls on its own; a keyboard user reaches it with Tab.
  const output = h("div", { class: "pane-body", tabindex: "0", "aria-labelledby": outTitleId });
  const inPane = h("section", { class: "pane pane-in", id: inId, "aria-labelledby": inTitleId },
    h("header", { class: "pane-head" }, inTitle, inputActions), input);
  const outPane = h("section", { class: "pane pane-out", "aria-labelledby": outTitleId },
    h("header", { class: "pane-head" }, outTitle, staleBadge, outputActions), output);

  const splitter = h("div", {
    class: "ws-splitter",
    role: "separator",
    tabindex: "0",
    "aria-orientation": "vertical",
    "aria-controls": inId,
    "aria-valuemin": String(SPLIT_MIN),
    "aria-valuemax": String(SPLIT_MAX),
    "aria-label": "Resize the input and output panes (arrow keys; Home and End for the limits)",
  });
  const splitEl = h("div", { class: "ws-split" }, inPane, splitter, outPane);

  // The narrow layout's switch.
  const showIn = h("button", { type: "button", class: "ws-switch-button", "aria-pressed": "true", on: { click: () => show("input") } }, "Input");
  const outDot = h("span", { class: "ws-switch-dot", hidden: true }, h("span", { class: "visually-hidden" }, " (new results)"));
  const showOut = h("button", { type: "button", class: "ws-switch-button", "aria-pressed": "false", on: { click: () => show("output") } }, "Output", outDot);
  const switcher = h("div", { class: "ws-switch", role: "group", "aria-label": "Show the inputs or the results" }, showIn, showOut);

  // The toolbar: the tab fills barStart (examples) and barEnd (its controls).
  const stateText = h("span", { class: "ws-state-text" });
  const resetButton = h("button", { type: "button", class: "button small ws-reset", hidden: true, on: { click: () => resetHandler?.() } }, icon("reset"), h("span", {}, "Reset"));
  const stateChip = h("span", { class: "ws-state", role: "status" }, stateText, resetButton);
  const barStart = h("div", { class: "ws-bar-start" });
  const barEnd = h("div", { class: "ws-bar-end" });
  const bar = h("div", { class: "ws-bar" }, barStart, stateChip, barEnd);

  const root = h("div", { class: "ws", dataset: { show: "input", name } }, bar, switcher, splitEl);

  function apply(v, save) {
    current = clampSplit(v, current);
    splitEl.style.setProperty("--ws-split", `${current}%`);
    splitter.setAttribute("aria-valuenow", String(current));
    splitter.setAttribute("aria-valuetext", `input ${current}%, output ${100 - current}%`);
    if (save) storage?.set(key, String(current));
  }
  apply(current, false);

  splitter.addEventListener("keydown", (e) => {
    const next = splitAfterKey(current, e.key, { shift: e.shiftKey, initial });
    if (next === null) return;
    e.preventDefault();
    apply(next, true);
  });
  splitter.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    splitter.setPointerCapture(e.pointerId);
    splitter.focus();
    root.classList.add("ws-dragging");
    const move = (ev) => {
      const r = splitEl.getBoundingClientRect();
      if (r.width > 0) apply(((ev.clientX - r.left) / r.width) * 100, false);
    };
    const up = () => {
      splitter.removeEventListener("pointermove", move);
      splitter.removeEventListener("pointerup", up);
      splitter.removeEventListener("pointercancel", up);
      root.classList.remove("ws-dragging");
      apply(current, true);
    };
    splitter.addEventListener("pointermove", move);
    splitter.addEventListener("pointerup", up);
    splitter.addEventListener("pointercancel", up);
  });
  splitter.addEventListener("dblclick", () => apply(initial, true));

  function show(which) {
    root.dataset.show = which;
    showIn.setAttribute("aria-pressed", String(which === "input"));
    showOut.setAttribute("aria-pressed", String(which === "output"));
    if (which === "output") outDot.hidden = true;
  }

  let staleTimer = 0;
  return {
    root,
    bar,
    barStart,
    barEnd,
    input,
    output,
    inputActions,
    outputActions,
    splitter,
    get split() {
      return current;
    },
    setSplit: (v) => apply(v, true),
    setTitles({ input: i, output: o }) {
      if (i != null && inTitle.textContent !== i) inTitle.textContent = i;
      if (o != null && outTitle.textContent !== o) outTitle.textContent = o;
    },
    /** Says where the inputs came from: an example (by title) or nowhere in particular. */
    setExample(title) {
      root.dataset.example = title || "";
      if (root.dataset.modified !== "true") stateText.textContent = title ? `Example: ${title}` : "";
    },
    /** Marks the inputs as changed from the example (reset: what Reset does). */
    setModified(modified) {
      root.dataset.modified = String(Boolean(modified));
      resetButton.hidden = !modified;
      stateChip.classList.toggle("modified", Boolean(modified));
      const ex = root.dataset.example;
      stateText.textContent = modified ? (ex ? `Modified from “${ex}”` : "Modified") : ex ? `Example: ${ex}` : "";
    },
    onReset(fn) {
      resetHandler = fn;
      resetButton.setAttribute("aria-label", "Reset the inputs to the example");
    },
    /**
     * Marks the results stale (an evaluation is pending, or the inputs
     * changed and wait to be run: text says which) or current. The dimming
     * starts after a moment, so fast evaluations do not flicker.
     */
    setStale(stale, text = "Updating…") {
      clearTimeout(staleTimer);
      if (stale) staleBadge.textContent = text;
      outPane.setAttribute("aria-busy", String(Boolean(stale)));
      if (stale) {
        outPane.dataset.stale = "pending";
        staleTimer = setTimeout(() => {
          if (outPane.dataset.stale) {
            outPane.dataset.stale = "shown";
            staleBadge.hidden = false;
          }
        }, 150);
      } else {
        delete outPane.dataset.stale;
        staleBadge.hidden = true;
        if (root.dataset.show === "input") outDot.hidden = false;
      }
    },
    show,
  };
}
