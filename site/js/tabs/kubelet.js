// The Kubelet tab: a scenario (release, gates, node, runtime faults, pods,
// timeline) played by the kubelet model on a virtual clock. Play, pause,
// step, change the speed, reset; edit pods and faults live (they reach the
// kubelet as UPDATE/DELETE through its config source); watch a card per
// pod, the events like `kubectl describe`, the sync loop's cases and the pod
// workers, and a timeline of container states.
//
// The state (getState/setState) is {example, scenario, speed, time,
// actions: [{at, action}]}: the page rebuilds the session with kubelet.load
// and replays the user's live actions at their times. The engine methods are
// in docs/api.md and docs/kubelet-json.md; the scenario format in docs/kubelet-scenario.md.
import { h, select, uid, replaceChildren } from "../ui.js";
import { createEditor } from "../editor.js";
import { route, fromError } from "../diagnostics.js";

export const id = "kubelet";
export const title = "Kubelet";

const DEFAULT_EXAMPLE = "crashloop";
const MAX_EVENTS = 400;
const MAX_LOOP = 150;
const MAX_CHART_PODS = 12;
const MAX_ACTIONS = 200;
// Cards updated per animation frame at most; the rest wait for the next
// frame (only the newest state of a pod is kept), so a burst of changes
// never blocks a frame.
const MAX_CARDS_PER_FRAME = 40;
const DEFAULT_ACTION = `# One action, applied at the current virtual time:
# create: <Pod> | update: <Pod> | delete: {name: web} | fault: {...}
fault:
  exitContainer: {pod: web, container: app, exitCode: 137, oomKilled: true}
`;

/**
 * fromEmbed turns a <kx-kubelet> element into a state. Attributes: example
 * (a gallery name), speed. Blocks (data-kind): "scenario" (a whole
 * scenario).
 */
export function fromEmbed({ attributes = {}, blocks = [] }) {
  const state = { example: attributes.example || "", scenario: "", speed: Number(attributes.speed) || 5, actions: [] };
  for (const b of blocks) {
    if (b.kind === "scenario") {
      state.scenario = b.text || "";
      state.example = "";
    } else {
      throw new Error(`unknown block kind "${b.kind}" (want scenario)`);
    }
  }
  if (!state.example && !state.scenario) state.example = DEFAULT_EXAMPLE;
  return state;
}

// Instants are seconds since t=0; durations in requests are Go duration strings.
const fmtT = (t) => `t=${Number.isInteger(t) ? t : t.toFixed(1)}s`;
const duration = (seconds) => `${seconds.toFixed(6)}s`;

// markError puts an engine error's diagnostics on the editor of input.
function markError(editor, input, err) {
  editor.setDiagnostics(route(fromError(err), [{ key: editor, inputs: [input] }]).marks.get(editor));
}

function stateLabel(c) {
  if (c.state === "Running") return c.ready ? "▶ Running ✓" : "▶ Running";
  if (c.state === "Terminated") return `■ Terminated${c.reason ? ": " + c.reason : ""}${c.exitCode != null ? ` (exit ${c.exitCode})` : ""}`;
  return `⏸ Waiting${c.reason ? ": " + c.reason : ""}`;
}

function chartKey(c) {
  if (c.state === "Running") return "run";
  if (c.state === "Terminated") return "term";
  if (c.reason === "CrashLoopBackOff" || /BackOff|Err|Error/.test(c.reason || "")) return "bad";
  return "wait";
}

export function mount(panel, app) {
  const st = {
    example: "",
    scenario: "",
    session: "",
    cursor: { events: 0, loop: 0, snapshots: 0 },
    time: 0,
    idle: false,
    playing: false,
    inflight: false,
    speed: 5,
    actions: [],
    pods: new Map(), // uid -> {card, el}
    chart: new Map(), // uid -> {name, containers: Map(name -> [{t, key, label}])}
    examples: null,
    gen: 0,
    lastFrame: 0,
    chartDirty: false,
    lastChart: 0,
    pending: new Map(), // uid -> pod card waiting to be drawn
    stateGen: 0, // the newest setState/showExample wins over older ones still waiting
    flushQueued: false,
  };

  // --- gallery ------------------------------------------------------------
  const galleryList = h("ul", { class: "kubelet-gallery-list" });
  const gallery = h("details", { class: "kubelet-gallery", open: true }, h("summary", {}, "Examples"), galleryList);

  // --- scenario editor -------------------------------------------------------
  const editorBox = h("div", { class: "kubelet-editor" });
  const editor = createEditor({
    parent: editorBox, doc: "", language: "yaml", label: "Kubelet scenario (YAML)", minHeight: "14em",
    onChange: () => { st.example = ""; st.scenario = editor.value; app.changed(); },
    onApply: () => load(),
  });
  const loadBtn = h("button", { type: "button", class: "button primary kubelet-load", on: { click: () => load() } }, "Load scenario");

  // --- controls --------------------------------------------------------------
  const clock = h("output", { class: "kubelet-clock", "aria-live": "off" }, "t=0s");
  const playBtn = h("button", { type: "button", class: "button primary kubelet-play", on: { click: () => (st.playing ? pauseByUser() : play()) } }, "▶ Play");
  const stepBtn = h("button", { type: "button", class: "button kubelet-step", on: { click: () => step() } }, "Step");
  const speedId = uid("kl-speed");
  const speedSel = select({ id: speedId, class: "kubelet-speed", on: { change: () => { st.speed = Number(speedSel.value); app.changed(); } } },
    [1, 2, 5, 10, 30, 60, 300].map((v) => ({ value: String(v), label: `${v}× (virtual s per s)` })), "5");
  const resetBtn = h("button", { type: "button", class: "button kubelet-reset", on: { click: () => load() } }, "Reset");
  const status = h("p", { class: "kubelet-status", role: "status", "aria-live": "polite" });
  const controls = h("div", { class: "kubelet-row kubelet-controls" },
    clock, playBtn, stepBtn, h("label", { for: speedId }, "Speed "), speedSel, resetBtn);

  // --- live edits --------------------------------------------------------------
  const actionBox = h("div", { class: "kubelet-action-editor" });
  const actionEditor = createEditor({
    parent: actionBox, doc: DEFAULT_ACTION, language: "yaml", label: "Live edit or fault (YAML)", minHeight: "6em",
    onApply: () => applyAction(),
  });
  const applyBtn = h("button", { type: "button", class: "button kubelet-apply", on: { click: () => applyAction() } }, "Apply now");
  const edits = h("details", { class: "kubelet-edits" }, h("summary", {}, "Edit pods and faults while it runs"),
    h("p", { class: "muted" }, "Creates, updates and deletes go through the API server to the kubelet's config source (ADD, UPDATE, DELETE, REMOVE); faults change the fake runtime."),
    actionBox, h("div", { class: "kubelet-row" }, applyBtn));

  // --- views -----------------------------------------------------------------------
  const cards = h("div", { class: "kubelet-cards", role: "list", "aria-label": "Pods" });
  const eventsBody = h("tbody");
  const eventsTable = h("section", { class: "kubelet-events" }, h("h3", {}, "Events"),
    h("div", { class: "kubelet-table-wrap" }, h("table", { class: "kubelet-table" },
      h("thead", {}, h("tr", {}, ["Time", "Type", "Reason", "Object", "Message"].map((c) => h("th", { scope: "col" }, c)))), eventsBody)));
  const loopList = h("ol", { class: "kubelet-loop" });
  const workersBody = h("tbody");
  const loopView = h("section", { class: "kubelet-loopview" }, h("h3", {}, "Sync loop"),
    h("p", { class: "muted" }, "Which syncLoopIteration case fired, by which select rule, and which pods it dispatched (newest last)."),
    loopList,
    h("h3", {}, "Pod workers"),
    h("div", { class: "kubelet-table-wrap" }, h("table", { class: "kubelet-table kubelet-workers" },
      h("thead", {}, h("tr", {}, ["Pod", "State", "Busy", "Next sync", "Last error"].map((c) => h("th", { scope: "col" }, c)))), workersBody)));
  const chart = h("div", { class: "kubelet-chart", role: "img", "aria-label": "Container states over time" });
  const chartView = h("section", { class: "kubelet-chartview" }, h("h3", {}, "Container states over time"),
    h("p", { class: "muted kubelet-legend" }, "▶ running · ⏸ waiting · ✗ back-off or error · ■ terminated"), chart);

  panel.replaceChildren(
    h("h2", {}, title),
    h("p", { class: "lead" }, "Paste pods, inject runtime faults and watch the kubelet's sync loop drive them, on a virtual clock."),
    gallery,
    h("div", { class: "kubelet-grid" },
      h("section", { class: "kubelet-inputs" }, h("h3", {}, "Scenario"), editorBox, h("div", { class: "kubelet-row" }, loadBtn), edits),
      h("section", { class: "kubelet-outputs" }, controls, status, h("h3", {}, "Pods"), cards)),
    chartView, eventsTable, loopView);

  // --- engine ------------------------------------------------------------------------
  function say(text, error = false) {
    status.textContent = text;
    status.classList.toggle("error", error);
  }

  function errMsg(e) {
    return (e && e.message) || String(e);
  }

  async function loadGallery() {
    if (st.examples) return;
    try {
      const r = await app.engine.call("kubelet.examples", {});
      st.examples = r.examples;
      replaceChildren(galleryList, r.examples.map((ex) => h("li", {},
        h("button", { type: "button", class: "button kubelet-example", dataset: { name: ex.name }, title: ex.description || "", on: { click: () => pickExample(ex.name) } }, ex.title || ex.name))));
    } catch (e) {
      say(`Could not list the examples: ${errMsg(e)}`, true);
    }
  }

  async function pickExample(name) {
    await showExample(name);
    app.exampleShown(id, name);
  }

  async function showExample(name) {
    // The address names the example the tab already loaded when it was
    // mounted, and nothing has replaced it since: keep it. Loading it again
    // would pause a Play pressed in between.
    const initial = mountLoad;
    mountLoad = null;
    if (initial && name === DEFAULT_EXAMPLE && initial.gen === st.stateGen) {
      await initial.done;
      return;
    }
    const token = ++st.stateGen;
    const ex = await app.engine.call("kubelet.example", { name });
    if (token !== st.stateGen) return;
    st.example = name;
    st.scenario = "";
    st.actions = [];
    editor.value = ex.scenario;
    app.changed();
    await load();
  }

  function clearViews() {
    st.pods.clear();
    st.pending.clear();
    st.chart.clear();
    cards.replaceChildren();
    eventsBody.replaceChildren();
    loopList.replaceChildren();
    workersBody.replaceChildren();
    chart.replaceChildren();
  }

  // load replaces the session; st.loading lets a live action wait for it
  // instead of running against no session (and being recorded as applied).
  function load() {
    const done = loadSession();
    st.loading = done;
    return done;
  }

  async function loadSession() {
    pause();
    const gen = ++st.gen;
    const req = st.example && !st.scenario ? { example: st.example } : { scenario: editor.value };
    if (st.session) app.engine.call("kubelet.close", { session: st.session }).catch(() => {});
    st.session = "";
    try {
      const r = await app.engine.call("kubelet.load", req);
      if (gen !== st.gen) return;
      st.session = r.session;
      st.cursor = { events: 0, loop: 0, snapshots: 0 };
      clearViews();
      render(r);
      say(`Loaded (release ${r.release}). Press Play or Step.`);
      editor.setDiagnostics([]);
      app.resultShown(id);
    } catch (e) {
      if (gen !== st.gen) return;
      say(errMsg(e), true);
      markError(editor, "scenario", e);
      app.resultShown(id);
    }
  }

  async function call(method, req) {
    if (!st.session) return null;
    st.inflight = true;
    const gen = st.gen;
    try {
      const r = await app.engine.call(method, { ...req, session: st.session, cursor: st.cursor });
      if (gen !== st.gen) return null;
      render(r);
      return r;
    } finally {
      st.inflight = false;
    }
  }

  async function step() {
    pause();
    try {
      await call("kubelet.advance", { instants: 1 });
    } catch (e) {
      say(errMsg(e), true);
    }
  }

  function play() {
    if (!st.session) return;
    st.playing = true;
    playBtn.textContent = "⏸ Pause";
    playBtn.setAttribute("aria-pressed", "true");
    st.lastFrame = performance.now();
    requestAnimationFrame(frame);
  }

  function pause() {
    st.playing = false;
    playBtn.textContent = "▶ Play";
    playBtn.setAttribute("aria-pressed", "false");
  }

  // While playing, the workers table is refreshed twice a second at most;
  // a pause by the user brings it up to date.
  async function pauseByUser() {
    pause();
    try {
      await call("kubelet.state", {});
    } catch (e) {
      say(errMsg(e), true);
    }
  }

  // One engine call per animation frame at most: the virtual time that
  // passed in the frame times the speed. The reply carries only changes.
  async function frame(now) {
    if (!st.playing) return;
    const dt = Math.min(0.25, (now - st.lastFrame) / 1000);
    st.lastFrame = now;
    if (!st.inflight && dt > 0) {
      try {
        const skipWorkers = now - (st.lastWorkers || 0) <= 500;
        const r = await call("kubelet.advance", { by: duration(dt * st.speed), maxEvents: MAX_EVENTS, maxLoop: MAX_LOOP, skipWorkers });
        if (r) st.time = r.time;
      } catch (e) {
        say(errMsg(e), true);
        pause();
        return;
      }
    }
    if (st.playing) requestAnimationFrame(frame);
  }

  async function applyAction() {
    const text = actionEditor.value;
    try {
      await st.loading;
      if (!st.session) {
        say("No scenario is loaded: fix the scenario above, then apply the action.", true);
        return;
      }
      await call("kubelet.step", { action: text });
      actionEditor.setDiagnostics([]);
      if (st.actions.length < MAX_ACTIONS) st.actions.push({ at: st.time, action: text });
      app.changed();
      say(`Applied at ${fmtT(st.time)}.`);
    } catch (e) {
      say(errMsg(e), true);
      markError(actionEditor, "action", e);
    }
  }

  // --- rendering ---------------------------------------------------------------------
  function render(r) {
    st.cursor = r.cursor;
    st.time = r.time;
    st.idle = r.idle;
    clock.textContent = fmtT(r.time);
    for (const p of r.pods) {
      track(p, r.time);
      st.pending.set(p.uid, p);
    }
    flushCards();
    if (r.events.length) renderEvents(r.events);
    if (r.loop.length) renderLoop(r.loop);
    const now = performance.now();
    // The workers table is rebuilt at most twice a second while playing.
    if (r.workers && (!st.playing || now - (st.lastWorkers || 0) > 500)) {
      st.lastWorkers = now;
      renderWorkers(r.workers);
    }
    if (st.chartDirty && (!st.playing || now - st.lastChart > 500)) {
      st.lastChart = now;
      st.chartDirty = false;
      renderChart(r.time);
    }
  }

  // flushCards draws at most MAX_CARDS_PER_FRAME waiting cards and asks
  // for another frame when some are left.
  function flushCards() {
    let n = 0;
    for (const [key, p] of st.pending) {
      if (n++ >= MAX_CARDS_PER_FRAME) break;
      st.pending.delete(key);
      renderPod(p);
    }
    if (st.pending.size && !st.flushQueued) {
      st.flushQueued = true;
      requestAnimationFrame(() => {
        st.flushQueued = false;
        flushCards();
      });
    }
  }

  const setText = (el, text) => {
    if (el.textContent !== text) el.textContent = text;
  };

  function containerItem(c) {
    const next = c.nextRestart != null ? h("span", { class: "kubelet-next" }, ` next restart ${fmtT(c.nextRestart)} (back-off ${c.backOff})`) : null;
    return h("li", { class: `kubelet-container ${chartKey(c)}` },
      h("code", {}, c.name), c.sidecar ? " (sidecar)" : c.init ? " (init)" : "", ": ", stateLabel(c), ` · restarts ${c.restartCount}`, next,
      c.message ? h("div", { class: "kubelet-msg muted" }, c.message) : null);
  }

  // renderPod updates a card in place: each part (head, phase line,
  // containers, conditions) is rebuilt only when its content changed.
  function renderPod(p) {
    let entry = st.pods.get(p.uid);
    if (p.deleted) {
      if (entry) {
        entry.el.classList.add("deleted");
        setText(entry.status, "(deleted)");
      }
      return;
    }
    if (!entry) {
      const el = h("article", { class: "kubelet-pod-card", role: "listitem", dataset: { pod: p.name } });
      entry = {
        el, status: h("span", { class: "kubelet-kubectl-status" }), ready: h("span", { class: "kubelet-ready" }), restarts: h("span", { class: "kubelet-restarts" }),
        phase: h("div", { class: "kubelet-phase" }), msg: h("div", { class: "kubelet-msg muted" }),
        ctrs: h("ul", { class: "kubelet-containers" }), conds: h("ul", { class: "kubelet-conditions" }),
        ctrSigs: [], condSig: "", bad: false,
      };
      el.append(h("header", { class: "kubelet-pod-head" }, h("strong", { class: "kubelet-pod-name" }, p.name), " ",
        entry.status, " ", h("span", { class: "muted" }, "READY "), entry.ready, " ", h("span", { class: "muted" }, "RESTARTS "), entry.restarts),
      h("div", { class: "kubelet-pod-body" }, entry.phase, entry.msg, entry.ctrs, entry.conds));
      st.pods.set(p.uid, entry);
      cards.append(el);
    }
    const k = p.kubectl || {};
    setText(entry.status, k.status || p.phase || "");
    setText(entry.ready, k.ready || "");
    setText(entry.restarts, String(k.restarts || "0"));
    const bad = /BackOff|Err|Error|OOMKilled|Failed|OutOf/.test(k.status || "");
    if (bad !== entry.bad) {
      entry.bad = bad;
      entry.el.classList.toggle("bad", bad);
    }
    setText(entry.phase, `phase ${p.phase || "?"}${p.reason ? ` · reason ${p.reason}` : ""}${p.terminating ? " · terminating" : ""}`);
    setText(entry.msg, p.message || "");
    entry.msg.hidden = !p.message;
    const ctrs = p.containers || [];
    const items = entry.ctrs.children;
    ctrs.forEach((c, i) => {
      const sig = JSON.stringify(c);
      if (entry.ctrSigs[i] === sig && items[i]) return;
      entry.ctrSigs[i] = sig;
      const li = containerItem(c);
      if (items[i]) items[i].replaceWith(li);
      else entry.ctrs.append(li);
    });
    while (entry.ctrs.childElementCount > ctrs.length) entry.ctrs.lastElementChild.remove();
    entry.ctrSigs.length = ctrs.length;
    const condSig = JSON.stringify(p.conditions || []);
    if (condSig !== entry.condSig) {
      entry.condSig = condSig;
      replaceChildren(entry.conds, (p.conditions || []).map((c) =>
        h("li", { class: c.status === "True" ? "ok" : "no" }, `${c.status === "True" ? "✓" : "✗"} ${c.type}${c.reason ? ` (${c.reason})` : ""}`)));
    }
  }

  // track records the timeline of a pod's containers (no DOM work).
  function track(p, t) {
    if (p.deleted) return;
    let ch = st.chart.get(p.uid);
    if (!ch) {
      ch = { name: p.name, containers: new Map() };
      st.chart.set(p.uid, ch);
    }
    for (const c of p.containers || []) {
      let segs = ch.containers.get(c.name);
      if (!segs) ch.containers.set(c.name, (segs = []));
      const key = chartKey(c);
      const label = stateLabel(c);
      const last = segs[segs.length - 1];
      if (!last || last.label !== label) {
        segs.push({ t, key, label });
        st.chartDirty = true;
      }
    }
  }

  function renderEvents(events) {
    const rows = events.map((e) => {
      const o = e.involvedObject || {};
      return h("tr", { class: e.type === "Warning" ? "warning" : "" },
        h("td", {}, fmtT(e.time)), h("td", {}, e.type === "Warning" ? `⚠ ${e.type}` : e.type), h("td", { class: "kubelet-reason" }, e.reason),
        h("td", {}, `pod/${o.name}${o.fieldPath ? " " + o.fieldPath : ""}`), h("td", {}, e.message));
    });
    eventsBody.append(...rows);
    while (eventsBody.childElementCount > MAX_EVENTS) eventsBody.firstElementChild.remove();
  }

  function renderLoop(entries) {
    loopList.append(...entries.map((e) => h("li", { class: `kubelet-loop-${e.case}` },
      h("span", { class: "kubelet-loop-t" }, fmtT(e.time)), " ", h("strong", {}, e.case), e.rule ? ` (${e.rule})` : "",
      e.detail ? ` ${e.detail}` : "", e.pods && e.pods.length ? ` → ${e.pods.join(", ")}` : "")));
    while (loopList.childElementCount > MAX_LOOP) loopList.firstElementChild.remove();
  }

  function renderWorkers(ws) {
    const list = (ws || []).slice(0, 200);
    replaceChildren(workersBody, list.map((w) => h("tr", {},
      h("td", {}, w.pod), h("td", {}, w.state), h("td", {}, w.working ? (w.waitingForCache ? "waiting for PLEG" : "syncing") : "idle"),
      h("td", {}, w.nextSync || ""), h("td", { class: "kubelet-msg" }, w.lastError || ""))));
  }

  function renderChart(t) {
    const end = Math.max(t, 1);
    const rows = [];
    let n = 0;
    for (const ch of st.chart.values()) {
      if (n++ >= MAX_CHART_PODS) break;
      for (const [name, segs] of ch.containers) {
        const bar = h("div", { class: "kubelet-bar" });
        segs.forEach((s, i) => {
          const until = i + 1 < segs.length ? segs[i + 1].t : end;
          const w = Math.max(0.2, ((until - s.t) / end) * 100);
          const seg = h("span", { class: `kubelet-seg ${s.key}`, title: `${fmtT(s.t)} ${s.label}` }, s.label.slice(0, 1));
          seg.style.width = `${w}%`;
          bar.append(seg);
        });
        rows.push(h("div", { class: "kubelet-chart-row" }, h("span", { class: "kubelet-chart-label" }, `${ch.name}/${name}`), bar));
      }
    }
    replaceChildren(chart, rows, h("div", { class: "kubelet-chart-axis muted" }, `0 … ${fmtT(Math.round(end))}`));
  }

  // --- state -------------------------------------------------------------------------
  async function replay(targetTime, actions) {
    for (const a of actions) {
      await call("kubelet.advance", { to: a.at });
      await call("kubelet.step", { action: a.action });
    }
    if (targetTime > st.time) await call("kubelet.advance", { to: targetTime });
  }

  // A live action applied while a state is being set waits for it.
  function setState(s) {
    const done = applyState(s);
    st.loading = done.catch(() => {});
    return done;
  }

  async function applyState(s) {
    if (!s || typeof s !== "object") throw new Error("not a kubelet state");
    const token = ++st.stateGen;
    const example = typeof s.example === "string" ? s.example : "";
    const scenario = typeof s.scenario === "string" ? s.scenario : "";
    const speed = Number(s.speed) > 0 ? Number(s.speed) : 5;
    const actions = Array.isArray(s.actions) ? s.actions.filter((a) => a && typeof a.action === "string" && Number(a.at) >= 0).slice(0, MAX_ACTIONS) : [];
    let text = scenario;
    const name = example || (scenario ? "" : DEFAULT_EXAMPLE);
    // The state is the tab's at once, before the engine answers: a save in
    // between (the page autosaves when the release changes) keeps it.
    st.example = scenario ? "" : name;
    st.scenario = scenario;
    st.speed = speed;
    speedSel.value = String(st.speed);
    st.actions = actions.map((a) => ({ at: Number(a.at), action: a.action }));
    if (!text) {
      text = (await app.engine.call("kubelet.example", { name })).scenario;
      // A newer setState or example pick arrived meanwhile: it wins.
      if (token !== st.stateGen) return;
    }
    editor.value = text;
    await load();
    if (token !== st.stateGen) return;
    await replay(Number(s.time) || 0, st.actions);
  }

  function reset() {
    return setState({ example: DEFAULT_EXAMPLE }).catch((e) => say(errMsg(e), true));
  }

  loadGallery();
  let mountLoad = { done: reset(), gen: st.stateGen };

  return {
    getState() {
      return { example: st.scenario ? "" : st.example, scenario: st.scenario, speed: st.speed, time: st.time, actions: st.actions };
    },
    setState,
    reset,
    apply: () => load(),
    onEngineRestart: () => {
      const s = { example: st.example, scenario: st.scenario, speed: st.speed, time: st.time, actions: st.actions };
      st.session = "";
      setState(s).catch((e) => say(errMsg(e), true));
    },
    onShow: () => loadGallery(),
    loadExample: (name) => showExample(name),
  };
}
