// The Kubelet tab: a scenario (gates, node, runtime faults, pods, timeline)
// played by the kubelet model of the release in the header, on a virtual
// clock. The input pane holds the scenario, the runtime option for images
// the scenario does not list, and the live-edit panel (pods and faults sent
// while it runs: UPDATE/DELETE through the config source, faults to the fake
// runtime). The output pane shows a card per pod, a timeline of every
// container (states, restarts, back-off, events), the events like `kubectl
// describe`, the sync loop's cases (newest first, filterable by pod) and
// the pod workers. Play, pause, step and the speed sit in the toolbar.
//
// The state (getState/setState) is {example, scenario, speed, time,
// actions: [{at, action}], images, basis}: the page rebuilds the session
// with kubelet.load and replays the user's live actions at their times.
// images is the runtime option ("missing": images the scenario does not
// list do not exist); basis is the gallery example the inputs started from.
// The engine methods are in docs/api.md and docs/kubelet-json.md; the
// scenario format in docs/kubelet-scenario.md.
import { h, select, uid, replaceChildren, setOptions, scrollRegion } from "../ui.js";
import { createEditor } from "../editor.js";
import { route, fromError } from "../diagnostics.js";
import { createWorkspace } from "../workspace.js";
import { createProblems } from "../problems.js";
import { createExamplesMenu } from "../examplesmenu.js";
import { createTimeline, bandOf, stateWords } from "../timeline.js";
import { icon, setIconLabel } from "../icons.js";

export const id = "kubelet";
export const title = "Kubelet";

const DEFAULT_EXAMPLE = "crashloop";
const MAX_EVENTS = 400;
const MAX_LOOP = 300;
const MAX_ACTIONS = 200;
// Cards updated per animation frame at most; the rest wait for the next
// frame (only the newest state of a pod is kept), so a burst of changes
// never blocks a frame.
const MAX_CARDS_PER_FRAME = 40;
// While playing, the timeline is redrawn this often (its axis follows the
// clock), the logs and the workers table less often.
const TIMELINE_MS = 100;
const LOGS_MS = 250;
const WORKERS_MS = 500;
const DEFAULT_ACTION = `# One action, applied at the current virtual time:
# create: <Pod> | update: <Pod> | delete: {name: web} | fault: {...}
fault:
  exitContainer: {pod: web, container: app, exitCode: 137, oomKilled: true}
`;
const IMAGES = [
  { value: "", label: "exist: any name pulls (the fake runtime's default)" },
  { value: "missing", label: "do not exist: ErrImagePull, then ImagePullBackOff" },
];

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

export function mount(panel, app) {
  const st = {
    example: "",
    basis: DEFAULT_EXAMPLE,
    scenario: "",
    loadedText: null, // the scenario text of the session, to tell edits
    session: "",
    release: "",
    cursor: { events: 0, loop: 0, snapshots: 0 },
    time: 0,
    idle: false,
    playing: false,
    inflight: false,
    speed: 5,
    images: "",
    actions: [],
    pods: new Map(), // uid -> card entry
    loop: [], // newest last
    podNames: new Set(),
    examples: null,
    gen: 0,
    lastFrame: 0,
    lastTimeline: 0,
    lastLogs: 0,
    lastWorkers: 0,
    logsDirty: false,
    pending: new Map(), // uid -> pod card waiting to be drawn
    stateGen: 0, // the newest setState/showExample wins over older ones still waiting
    flushQueued: false,
  };

  const ws = createWorkspace({ name: "kubelet", inputTitle: "Scenario", outputTitle: "Kubelet", split: 42, storage: app.storage });
  ws.onReset(() => app.reset(id));
  const menu = createExamplesMenu({ itemClass: "kubelet-example", dataKey: "name", onPick: (name) => pickExample(name) });
  ws.barStart.append(menu.el);
  const root = panel.getRootNode();
  const editorRoot = root instanceof ShadowRoot ? root : undefined;

  // --- the player (toolbar) ------------------------------------------------
  const clock = h("output", { class: "kubelet-clock", "aria-live": "off", "aria-label": "virtual time" }, "t=0s");
  const playBtn = h("button", { type: "button", class: "button primary kubelet-play", "aria-pressed": "false", on: { click: () => (st.playing ? pauseByUser() : play()) } });
  setIconLabel(playBtn, "play", "Play");
  const stepBtn = h("button", { type: "button", class: "button kubelet-step", title: "Run the next instant that has work", on: { click: () => step() } });
  setIconLabel(stepBtn, "step", "Step");
  const speedId = uid("kl-speed");
  const speedSel = select({ id: speedId, class: "kubelet-speed", on: { change: () => { st.speed = Number(speedSel.value); app.changed(); } } },
    [1, 2, 5, 10, 30, 60, 300].map((v) => ({ value: String(v), label: `${v}×` })), "5");
  const restartBtn = h("button", { type: "button", class: "button kubelet-reset", title: "Load the scenario again from t=0 (Ctrl+Enter)", on: { click: () => reload() } });
  setIconLabel(restartBtn, "restart", "Restart");
  ws.barEnd.append(
    h("div", { class: "player", role: "group", "aria-label": "Virtual clock" },
      clock, playBtn, stepBtn,
      h("label", { for: speedId, class: "field", title: "virtual seconds per second" }, "Speed", speedSel),
      restartBtn));

  // --- inputs ---------------------------------------------------------------
  const editorBox = h("div", { class: "kubelet-editor editor-box" });
  const editor = createEditor({
    parent: editorBox, doc: "", language: "yaml", label: "Kubelet scenario (YAML)", minHeight: "14em", root: editorRoot,
    onChange: () => {
      st.example = "";
      st.scenario = editor.value;
      updateModified();
      markEdited();
      app.changed();
    },
    onApply: () => reload(),
  });
  const loadBtn = h("button", { type: "button", class: "button primary small kubelet-load", title: "Ctrl+Enter", on: { click: () => reload() } }, "Load scenario");
  ws.inputActions.append(loadBtn);
  const imagesId = uid("kl-images");
  const imagesSel = select({ id: imagesId, class: "kubelet-images", on: { change: () => setImages(imagesSel.value) } }, IMAGES, "");

  const actionBox = h("div", { class: "kubelet-action-editor editor-box" });
  const actionEditor = createEditor({
    parent: actionBox, doc: DEFAULT_ACTION, language: "yaml", label: "Live edit or fault (YAML)", minHeight: "6em", root: editorRoot,
    onApply: () => applyAction(),
  });
  const applyBtn = h("button", { type: "button", class: "button kubelet-apply", on: { click: () => applyAction() } }, "Apply now");
  const actionsNote = h("span", { class: "hint kubelet-actions-note" });
  const editsTitle = uid("kl-edits");
  const edits = h("section", { class: "section kubelet-edits", "aria-labelledby": editsTitle },
    h("h3", { id: editsTitle }, "Live edit: pods and faults while it runs"),
    h("p", { class: "hint" }, "Creates, updates and deletes go through the API server to the kubelet's config source (ADD, UPDATE, DELETE, REMOVE); faults change the fake runtime. Each applies at the current virtual time and is kept with your work."),
    actionBox, h("div", { class: "row" }, applyBtn, actionsNote));

  ws.input.append(
    h("p", { class: "lead" }, "Pods, runtime faults and a timeline, played by the kubelet of the release in the header on a virtual clock. Edit, then Load (Ctrl+Enter)."),
    h("div", { class: "editor-field" }, editorBox),
    h("div", { class: "editor-field" }, h("label", { for: imagesId, class: "label" }, "Images the scenario does not list"), imagesSel),
    edits);

  // --- outputs ----------------------------------------------------------------
  const status = h("p", { class: "kubelet-status", role: "status", "aria-live": "polite" });
  const problems = createProblems();
  const assumed = h("div", { class: "kubelet-assumed notice", hidden: true });
  const cards = h("div", { class: "kubelet-cards", role: "list", "aria-label": "Pods" });
  const timeline = createTimeline();
  const eventsBody = h("tbody");
  const eventsTitle = uid("kl-events");
  const eventsTable = h("section", { class: "section kubelet-events", "aria-labelledby": eventsTitle },
    h("div", { class: "section-head" }, h("h3", { id: eventsTitle }, "Events"), h("span", { class: "hint" }, "newest first")),
    h("div", { class: "kubelet-table-wrap table-wrap scroll-box", tabindex: "0", "aria-labelledby": eventsTitle }, h("table", { class: "kubelet-table data-table" },
      h("thead", {}, h("tr", {}, ["Time", "Type", "Reason", "Object", "Message"].map((c) => h("th", { scope: "col" }, c)))), eventsBody)));
  const loopList = h("ol", { class: "kubelet-loop", reversed: true });
  const loopFilterId = uid("kl-loopfilter");
  const loopFilter = select({ id: loopFilterId, class: "kubelet-loop-filter", on: { change: () => renderLoop() } }, [{ value: "", label: "all pods" }], "");
  const loopTitle = uid("kl-loop");
  const workersBody = h("tbody");
  const loopView = h("section", { class: "section kubelet-loopview", "aria-labelledby": loopTitle },
    h("div", { class: "section-head" }, h("h3", { id: loopTitle }, "Sync loop"),
      h("label", { for: loopFilterId, class: "field" }, "Pod", loopFilter)),
    h("p", { class: "hint" }, "Which syncLoopIteration case fired, by which select rule, and which pods it dispatched; newest first."),
    h("div", { class: "scroll-box", tabindex: "0", "aria-labelledby": loopTitle }, loopList));
  const workersTitle = uid("kl-workers");
  const workersView = h("section", { class: "section", "aria-labelledby": workersTitle },
    h("h3", { id: workersTitle }, "Pod workers"),
    scrollRegion(h("div", { class: "kubelet-table-wrap table-wrap" }, h("table", { class: "kubelet-table kubelet-workers data-table" },
      h("thead", {}, h("tr", {}, ["Pod", "State", "Busy", "Next sync", "Last error"].map((c) => h("th", { scope: "col" }, c)))), workersBody)), "Pod workers table"));
  const timelineTitle = uid("kl-timeline");
  const chartView = h("section", { class: "section kubelet-chartview", "aria-labelledby": timelineTitle },
    h("div", { class: "section-head" }, h("h3", { id: timelineTitle }, "Timeline"),
      h("span", { class: "tl-legend" },
        h("span", { class: "tl-key tl-run" }), "running ", h("span", { class: "tl-key tl-wait" }), "waiting ",
        h("span", { class: "tl-key tl-bad" }), "back-off or error ", h("span", { class: "tl-key tl-term" }), "terminated ",
        h("span", { class: "tl-key tl-backoff-key" }), "back-off window ▲ event")),
    timeline.el);

  ws.output.append(status, problems.el, assumed,
    h("section", { class: "section", "aria-label": "Pods" }, cards),
    chartView, eventsTable, loopView, workersView);
  panel.replaceChildren(ws.root);

  // --- engine ------------------------------------------------------------------------
  function say(text, error = false) {
    status.textContent = text;
    status.classList.toggle("error", error);
  }

  function errMsg(e) {
    return (e && e.message) || String(e);
  }

  // markError puts an engine error's diagnostics on the editor of input
  // and in the problems list.
  function markError(err) {
    const targets = [{ key: editor, inputs: ["scenario"] }, { key: actionEditor, inputs: ["action"] }];
    const { marks, items } = route(fromError(err), targets);
    for (const [ed, list] of marks) ed.setDiagnostics(list);
    problems.set(items, new Map(targets.map((t) => [t.key, t.key])));
  }

  function clearMarks() {
    editor.setDiagnostics([]);
    actionEditor.setDiagnostics([]);
    problems.set([]);
  }

  async function loadGallery() {
    if (st.examples) return;
    try {
      const r = await app.engine.call("kubelet.examples", {});
      st.examples = r.examples;
      menu.set(r.examples.map((ex) => ({ name: ex.name, title: ex.title || ex.name, description: ex.description })));
      menu.setCurrent(st.basis);
      showBasis();
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
    st.basis = name;
    st.scenario = "";
    st.actions = [];
    editor.value = ex.scenario;
    showBasis();
    updateModified();
    app.changed();
    await load();
  }

  function showBasis() {
    menu.setCurrent(st.basis);
    ws.setExample(st.examples?.find((e) => e.name === st.basis)?.title || st.basis);
  }

  function updateModified() {
    ws.setModified(st.scenario !== "" || st.actions.length > 0 || st.images !== "");
    actionsNote.textContent = st.actions.length ? `${st.actions.length} live action${st.actions.length === 1 ? "" : "s"} kept with your work` : "";
  }

  // markEdited shows that the scenario differs from the session's.
  function markEdited() {
    if (st.loadedText !== null && editor.value !== st.loadedText) ws.setStale(true, "Scenario edited: Load (Ctrl+Enter) to run it");
    else ws.setStale(false);
  }

  function clearViews() {
    st.pods.clear();
    st.pending.clear();
    st.loop = [];
    st.podNames.clear();
    timeline.clear();
    cards.replaceChildren();
    eventsBody.replaceChildren();
    loopList.replaceChildren();
    workersBody.replaceChildren();
    setOptions(loopFilter, [{ value: "", label: "all pods" }], "");
  }

  function setImages(v) {
    st.images = v === "missing" ? "missing" : "";
    imagesSel.value = st.images;
    updateModified();
    app.changed();
    // The option applies from t=0: rebuild the session, keeping the time
    // and the live actions.
    return setState(getState());
  }

  function reload() {
    st.actions = [];
    updateModified();
    app.changed();
    ws.show("output");
    return load();
  }

  // The session is built on the header's release, which the page learns
  // from the engine: a load before that waits for it.
  const releaseWaiters = [];
  function releaseKnown() {
    return app.release ? Promise.resolve() : new Promise((resolve) => releaseWaiters.push(resolve));
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
    await releaseKnown();
    if (gen !== st.gen) return;
    const req = st.example && !st.scenario ? { example: st.example } : { scenario: editor.value };
    req.release = app.release;
    st.loadingRelease = app.release;
    if (st.images) req.unknownImages = st.images;
    const text = editor.value;
    if (st.session) app.engine.call("kubelet.close", { session: st.session }).catch(() => {});
    st.session = "";
    ws.setStale(true);
    try {
      const r = await app.engine.call("kubelet.load", req);
      if (gen !== st.gen) return;
      st.loadingRelease = "";
      st.session = r.session;
      st.release = r.release;
      st.loadedText = text;
      st.cursor = { events: 0, loop: 0, snapshots: 0 };
      clearViews();
      render(r);
      clearMarks();
      // A compact widget has no release picker to point at.
      const modelled = app.embedded ? `kubelet ${r.release} runs it` : "the release in the header is the one modelled";
      const other = r.scenarioRelease ? ` The scenario names ${r.scenarioRelease}; ${modelled}.` : "";
      say(`Loaded on kubelet ${r.release}. Press Play or Step.${other}`);
      ws.setStale(false);
      markEdited();
      app.resultShown(id);
    } catch (e) {
      if (gen !== st.gen) return;
      st.loadingRelease = "";
      say(errMsg(e), true);
      markError(e);
      ws.setStale(true, "The scenario has errors");
      ws.show("input");
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

  function setPlaying(playing) {
    st.playing = playing;
    setIconLabel(playBtn, playing ? "pause" : "play", playing ? "Pause" : "Play");
    playBtn.setAttribute("aria-pressed", String(playing));
  }

  function play() {
    if (!st.session) return;
    setPlaying(true);
    st.lastFrame = performance.now();
    requestAnimationFrame(frame);
  }

  function pause() {
    if (st.playing) setPlaying(false);
  }

  // A pause by the user brings the logs and the workers table up to date.
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
        const skipWorkers = now - st.lastWorkers <= WORKERS_MS;
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
      problems.set([]);
      if (st.actions.length < MAX_ACTIONS) st.actions.push({ at: st.time, action: text });
      updateModified();
      app.changed();
      say(`Applied at ${fmtT(st.time)}.`);
    } catch (e) {
      say(errMsg(e), true);
      markError(e);
    }
  }

  // --- rendering ---------------------------------------------------------------------
  function render(r) {
    st.cursor = r.cursor;
    st.time = r.time;
    st.idle = r.idle;
    clock.textContent = fmtT(r.time);
    ws.setTitles({ output: `Kubelet ${r.release}, ${fmtT(r.time)}${r.idle ? " (idle)" : ""}` });
    // The timeline draws each change at its own instant (a step may
    // cover many), then the card as it is now.
    for (const hs of r.history || []) timeline.record(hs, hs.time, { history: true });
    for (const p of r.pods) {
      timeline.record(p, r.time);
      st.pending.set(p.uid, p);
      if (!p.deleted && !st.podNames.has(p.name)) {
        st.podNames.add(p.name);
        setOptions(loopFilter, [{ value: "", label: "all pods" }, ...[...st.podNames].sort().map((n) => ({ value: n, label: n }))], loopFilter.value);
      }
    }
    flushCards();
    if (r.events.length) {
      timeline.events(r.events);
      renderEvents(r.events);
    }
    if (r.loop.length) {
      st.loop.push(...r.loop);
      if (st.loop.length > MAX_LOOP) st.loop = st.loop.slice(-MAX_LOOP);
      st.logsDirty = true;
    }
    renderAssumed(r.assumedImages || []);
    const now = performance.now();
    if (!st.playing || now - st.lastLogs > LOGS_MS) {
      st.lastLogs = now;
      if (st.logsDirty) renderLoop();
    }
    // The workers table is rebuilt at most twice a second while playing.
    if (r.workers && (!st.playing || now - st.lastWorkers > WORKERS_MS)) {
      st.lastWorkers = now;
      renderWorkers(r.workers);
    }
    // The timeline's axis follows the clock, so it is redrawn as time passes.
    if (!st.playing || now - st.lastTimeline > TIMELINE_MS) {
      st.lastTimeline = now;
      timeline.render(r.time);
    }
  }

  function renderAssumed(images) {
    assumed.hidden = images.length === 0 || st.images === "missing";
    if (assumed.hidden) return;
    const names = images.join(", ");
    replaceChildren(assumed,
      icon("info"),
      h("p", { class: "notice-text-plain" },
        `The fake runtime pulled ${names} only because it treats any image name as pullable; a real registry may not have ${images.length === 1 ? "it" : "them"}.`),
      h("button", { type: "button", class: "button small kubelet-make-missing", on: { click: () => setImages("missing") } }, "Make unlisted images not exist"));
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
    const next = c.nextRestart != null ? h("span", { class: "kubelet-next" }, ` · next restart ${fmtT(c.nextRestart)} (back-off ${c.backOff})`) : null;
    return h("li", { class: `kubelet-container ${bandOf(c)}` },
      h("span", { class: `tl-key tl-${bandOf(c)}` }),
      h("code", {}, c.name), c.sidecar ? " (sidecar)" : c.init ? " (init)" : "", ": ", stateWords(c), ` · restarts ${c.restartCount}`, next,
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
      const el = h("div", { class: "kubelet-pod-card", role: "listitem", dataset: { pod: p.name } });
      entry = {
        el, status: h("span", { class: "kubelet-kubectl-status" }), ready: h("span", { class: "kubelet-ready" }), restarts: h("span", { class: "kubelet-restarts" }),
        phase: h("div", { class: "kubelet-phase" }), msg: h("div", { class: "kubelet-msg muted" }),
        ctrs: h("ul", { class: "kubelet-containers" }), conds: h("ul", { class: "kubelet-conditions" }),
        ctrSigs: [], condSig: "", bad: false,
      };
      el.append(h("div", { class: "kubelet-pod-head" }, h("strong", { class: "kubelet-pod-name" }, p.name),
        h("span", { class: "kubelet-kv" }, h("span", { class: "muted" }, "STATUS "), entry.status),
        h("span", { class: "kubelet-kv" }, h("span", { class: "muted" }, "READY "), entry.ready),
        h("span", { class: "kubelet-kv" }, h("span", { class: "muted" }, "RESTARTS "), entry.restarts)),
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

  // Events newest first: each batch goes on top, newest row first.
  function renderEvents(events) {
    const rows = events.map((e) => {
      const o = e.involvedObject || {};
      return h("tr", { class: e.type === "Warning" ? "warning" : "" },
        h("td", {}, fmtT(e.time)), h("td", {}, e.type === "Warning" ? `⚠ ${e.type}` : e.type), h("td", { class: "kubelet-reason" }, e.reason),
        h("td", {}, `pod/${o.name}${o.fieldPath ? " " + o.fieldPath : ""}`), h("td", {}, e.message));
    }).reverse();
    eventsBody.prepend(...rows);
    while (eventsBody.childElementCount > MAX_EVENTS) eventsBody.lastElementChild.remove();
  }

  function renderLoop() {
    st.logsDirty = false;
    const pod = loopFilter.value;
    const shown = [];
    for (let i = st.loop.length - 1; i >= 0 && shown.length < 150; i--) {
      const e = st.loop[i];
      if (pod && !(e.pods || []).some((p) => p === pod || p.startsWith(`${pod}_`) || p.endsWith(`/${pod}`))) continue;
      shown.push(e);
    }
    replaceChildren(loopList, shown.map((e) => h("li", { class: `kubelet-loop-${e.case}` },
      h("span", { class: "kubelet-loop-t" }, fmtT(e.time)), " ", h("strong", {}, e.case), e.rule ? ` (${e.rule})` : "",
      e.detail ? ` ${e.detail}` : "", e.pods && e.pods.length ? ` → ${e.pods.join(", ")}` : "")));
    if (!shown.length) loopList.append(h("li", { class: "muted" }, pod ? `Nothing for pod ${pod} yet.` : "Nothing yet."));
  }

  function renderWorkers(list) {
    replaceChildren(workersBody, (list || []).slice(0, 200).map((w) => h("tr", {},
      h("td", {}, w.pod), h("td", {}, w.state), h("td", {}, w.working ? (w.waitingForCache ? "waiting for PLEG" : "syncing") : "idle"),
      h("td", {}, w.nextSync || ""), h("td", { class: "kubelet-msg" }, w.lastError || ""))));
  }

  // --- state -------------------------------------------------------------------------
  async function replay(targetTime, actions) {
    for (const a of actions) {
      await call("kubelet.advance", { to: a.at });
      await call("kubelet.step", { action: a.action });
    }
    if (targetTime > st.time) await call("kubelet.advance", { to: targetTime });
  }

  function getState() {
    const s = { example: st.scenario ? "" : st.example, scenario: st.scenario, speed: st.speed, time: st.time, actions: st.actions, basis: st.basis };
    if (st.images) s.images = st.images;
    return s;
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
    st.basis = typeof s.basis === "string" && s.basis ? s.basis : name || DEFAULT_EXAMPLE;
    st.scenario = scenario;
    st.speed = speed;
    st.images = s.images === "missing" ? "missing" : "";
    imagesSel.value = st.images;
    speedSel.value = String(st.speed);
    st.actions = actions.map((a) => ({ at: Number(a.at), action: a.action }));
    showBasis();
    updateModified();
    if (!text) {
      try {
        text = (await app.engine.call("kubelet.example", { name })).scenario;
      } catch (e) {
        // No such example: the basis falls back to the default, so the
        // page's "show the example instead" (reset) has one to show.
        if (token === st.stateGen && st.basis === name) {
          st.basis = DEFAULT_EXAMPLE;
          showBasis();
        }
        throw e;
      }
      // A newer setState or example pick arrived meanwhile: it wins.
      if (token !== st.stateGen) return;
    }
    editor.value = text;
    await load();
    if (token !== st.stateGen) return;
    await replay(Number(s.time) || 0, st.actions);
  }

  function reset() {
    return setState({ example: st.basis || DEFAULT_EXAMPLE }).catch((e) => say(errMsg(e), true));
  }

  loadGallery();
  let mountLoad = { done: reset(), gen: st.stateGen };

  return {
    getState,
    setState,
    reset,
    apply: () => reload(),
    onEngineRestart: () => {
      const s = getState();
      st.session = "";
      setState(s).catch((e) => say(errMsg(e), true));
    },
    // The release is the header's: the session is rebuilt on it, at the
    // same time and with the same live actions.
    onRelease: (release) => {
      for (const resolve of releaseWaiters.splice(0)) resolve();
      const modelled = st.loadingRelease || st.release;
      if (!modelled || release === modelled) return;
      setState(getState()).catch((e) => say(errMsg(e), true));
    },
    onShow: () => loadGallery(),
    loadExample: (name) => showExample(name),
  };
}
