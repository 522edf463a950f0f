// The Kubefed tab: a kubefed control plane (its release in the header, its
// scope and webhook beside the inputs), member clusters, FederatedTypeConfigs
// and federated resources. Apply, delete, advance virtual time and restart
// the controller manager (input pane), and see, side by side, what was
// propagated to each member cluster and why not where it was not — the sync
// controller's own decision per cluster: placement, the namespace rule, a
// cluster that is not ready, the overrides it applied — with the FTC
// controller's finalizers, status, running controllers and exact log lines
// (output pane).
//
// The state (getState/setState) is a base scenario (a gallery example name or
// scenario text) plus the user's actions as scenario steps:
// {example, scenario, scope, version, webhook, steps, editor, ftcEditor,
// target, enableName, enableGroup, verbosity}. The page rebuilds the session
// from it with kubefed.load (after an engine restart too). docs/api.md,
// docs/kubefed-json.md and docs/kubefed-scenario.md describe the formats.
import { h, select, setOptions, uid, replaceChildren, scrollRegion } from "../ui.js";
import { createEditor } from "../editor.js";
import { route } from "../diagnostics.js";
import { createWorkspace } from "../workspace.js";
import { createProblems } from "../problems.js";
import { createExamplesMenu } from "../examplesmenu.js";
import { icon } from "../icons.js";

export const id = "kubefed";
export const title = "Kubefed";

const MAX_STEPS = 200;
const DEFAULT_EXAMPLE = "o22-override-unready-cluster";
const DEFAULT_FTC = `apiVersion: core.kubefed.io/v1beta1
kind: FederatedTypeConfig
metadata: {name: configmaps, namespace: kube-federation-system}
spec:
  targetType: {version: v1, kind: ConfigMap, pluralName: configmaps, scope: Namespaced}
  propagation: Enabled
  federatedType: {group: types.kubefed.io, version: v1beta1, kind: FederatedConfigMap, pluralName: federatedconfigmaps, scope: Namespaced}
`;
const DEFAULT_EDITOR = `apiVersion: types.kubefed.io/v1beta1
kind: FederatedConfigMap
metadata: {name: cm, namespace: ns1}
spec:
  template:
    data: {a: "1"}
  placement:
    clusterSelector: {}
`;
// The words of the sync controller's rules (core/kubefed/controller/sync Decision.Why).
const WHY = {
  placement: "placement",
  namespace: "namespace rule",
  notReady: "cluster not ready",
  cache: "cache",
  placementError: "placement error",
};

/**
 * fromEmbed turns a <kx-kubefed> element into a state. Attributes: example
 * (a gallery name), scope, version. Blocks (data-kind): "scenario" (a whole
 * scenario), "apply" (YAML applied as one step; data-name: a member cluster
 * to apply to instead of the host), "editor" (the resource editor's text), "ftc" (the FTC editor's text).
 */
export function fromEmbed({ attributes = {}, blocks = [] }) {
  const state = { example: attributes.example || "", scenario: "", steps: [], scope: attributes.scope || "", version: attributes.version || "" };
  for (const b of blocks) {
    const text = b.text || "";
    switch (b.kind) {
      case "scenario":
        state.scenario = text;
        state.example = "";
        break;
      case "apply":
        state.steps.push(b.name ? { apply: text, cluster: b.name } : { apply: text });
        break;
      case "editor":
        state.editor = text;
        break;
      case "ftc":
        state.ftcEditor = text;
        break;
      default:
        throw new Error(`unknown block kind "${b.kind}" (want scenario, apply, editor or ftc)`);
    }
  }
  if (!state.example && !state.scenario && state.steps.length === 0) state.example = DEFAULT_EXAMPLE;
  return state;
}

/** Whether a member cluster holds the resource, and why, from one placement entry of the snapshot. */
export function clusterVerdict(p) {
  const d = p.sync;
  if (!d) {
    return { there: Boolean(p.actual), why: "", text: p.reason ? `${p.reason} (not reconciled by a sync controller yet)` : "not reconciled yet" };
  }
  const there = Boolean(p.actual) && d.action !== "delete" && d.action !== "waitForRemoval";
  return { there, why: WHY[d.why] || d.why, text: d.detail, placed: d.placed, status: d.status || "", overrides: d.overrides || [] };
}

export function mount(panel, app) {
  // Whether the tab was given what to show (a state, an example).
  let given = false;
  const state = {
    example: "",
    scenario: "",
    steps: [],
    session: "",
    snapshot: null,
    log: [],
    history: [],
    examples: null,
    versions: [],
    version: "v0.10.0",
    versionListeners: new Set(),
    baseline: null,
    gen: 0,
    busy: Promise.resolve(),
  };

  const ws = createWorkspace({ name: "kubefed", inputTitle: "Control plane and objects", outputTitle: "Propagation", split: 42, storage: app.storage });
  ws.onReset(() => app.reset(id));
  const menu = createExamplesMenu({ itemClass: "kubefed-example", onPick: (name) => pick(name) });
  ws.barStart.append(menu.el);
  const root = panel.getRootNode();
  const editorRoot = root instanceof ShadowRoot ? root : undefined;

  // --- the clock (toolbar) -------------------------------------------------
  const clock = h("output", { class: "kubefed-clock", "aria-label": "virtual time" });
  const advanceInput = h("input", { type: "text", class: "kubefed-advance-input", value: "5s", size: 5, "aria-label": "Time to advance (e.g. 5s, 1m)" });
  const advanceBtn = h("button", { type: "button", class: "button kubefed-advance", on: { click: () => advance(advanceInput.value.trim()) } }, icon("step"), h("span", {}, "Advance"));
  const restartBtn = h("button", { type: "button", class: "button kubefed-restart", title: "Restart the controller manager", on: { click: () => doStep({ restart: true }) } }, icon("restart"), h("span", {}, "Restart manager"));
  ws.barEnd.append(h("div", { class: "player", role: "group", "aria-label": "Virtual clock" }, clock, advanceInput, advanceBtn, restartBtn));

  // --- inputs -------------------------------------------------------------
  const scopeId = uid("kf-scope");
  const webhookId = uid("kf-webhook");
  const scopeSel = select({ id: scopeId, class: "kubefed-scope", on: { change: () => reloadWith() } }, [
    { value: "Cluster", label: "Cluster" },
    { value: "Namespaced", label: "Namespaced" },
  ], "Cluster");
  const webhookBox = h("input", { type: "checkbox", id: webhookId, class: "kubefed-webhook", checked: true, on: { change: () => reloadWith() } });
  const planeRow = h("div", { class: "row kubefed-plane" },
    h("label", { for: scopeId, class: "field" }, "KubeFedConfig scope", scopeSel),
    h("label", { for: webhookId, class: "field" }, webhookBox, "validating webhook"));

  // The FTC editor: FederatedTypeConfigs go to the host.
  const ftcEditorBox = h("div", { class: "kubefed-editor kubefed-ftc-editor editor-box" });
  const ftcLabel = uid("kf-ftc-editor");
  const resLabel = uid("kf-res-editor");
  const ftcEditor = createEditor({
    parent: ftcEditorBox, id: ftcLabel, doc: DEFAULT_FTC, language: "yaml", label: "FederatedTypeConfigs to apply (YAML)",
    minHeight: "6em", onChange: () => edited(), onApply: () => applyFTCs(), root: editorRoot,
  });
  const ftcApplyBtn = h("button", { type: "button", class: "button primary small kubefed-apply-ftc", on: { click: () => applyFTCs() } }, "Apply FTCs");

  // The editor of federated resources and other objects.
  const editorBox = h("div", { class: "kubefed-editor kubefed-resource-editor editor-box" });
  const editor = createEditor({
    parent: editorBox, id: resLabel, doc: DEFAULT_EDITOR, language: "yaml", label: "Objects to apply (YAML, several documents separated by ---)",
    minHeight: "8em", onChange: () => edited(), onApply: () => applyEditor(), root: editorRoot,
  });
  const targetId = uid("kf-target");
  const targetSel = select({ id: targetId, class: "kubefed-target", on: { change: () => app.changed() } }, [{ value: "", label: "host cluster (kubefed API)" }], "");
  const applyBtn = h("button", { type: "button", class: "button primary small kubefed-apply", on: { click: () => applyEditor() } }, "Apply");
  const undoBtn = h("button", { type: "button", class: "button small kubefed-reset", title: "Run the example again without your actions", on: { click: () => resetSteps() } }, "Undo all actions");

  // Member clusters.
  const clusterTable = h("tbody");
  const newName = h("input", { type: "text", class: "kubefed-new-cluster", placeholder: "name, e.g. c4", "aria-label": "New cluster name", size: 8 });
  const newLabels = h("input", { type: "text", class: "kubefed-new-labels", placeholder: "env=prod,region=eu", "aria-label": "New cluster labels", size: 14 });
  const addBtn = h("button", { type: "button", class: "button small kubefed-add-cluster", on: { click: () => addCluster() } }, "Join cluster");
  const clustersTitle = uid("kf-clusters");
  const clusters = h("section", { class: "section kubefed-clusters", "aria-labelledby": clustersTitle },
    h("h3", { id: clustersTitle }, "Member clusters"),
    scrollRegion(h("div", { class: "kubefed-table-wrap table-wrap" }, h("table", { class: "kubefed-table data-table" },
      h("thead", {}, h("tr", {}, ["Cluster", "Ready", "Labels", "Objects", "Actions"].map((c) => h("th", { scope: "col" }, c)))),
      clusterTable)), "Member clusters table"),
    h("div", { class: "row" }, newName, newLabels, addBtn));

  // The kubefedctl enable generator.
  const enableName = h("input", { type: "text", class: "kubefed-enable-name", value: "deployments.apps", size: 18, "aria-label": "Type to enable (kind, plural, short name or plural.group)" });
  const enableGroup = h("input", { type: "text", class: "kubefed-enable-group", value: "", placeholder: "types.kubefed.io", size: 14, "aria-label": "--federated-group" });
  const enableOut = h("pre", { class: "kubefed-enable-out output", tabindex: "0", "aria-label": "kubefedctl enable output" });
  const enable = h("details", { class: "kubefed-enable section fold" },
    h("summary", {}, "kubefedctl enable"),
    h("div", { class: "row" },
      h("code", {}, "kubefedctl enable"), enableName, h("code", {}, "--federated-group"), enableGroup,
      h("button", { type: "button", class: "button small kubefed-enable-yaml", on: { click: () => runEnable(false) } }, "-o yaml"),
      h("button", { type: "button", class: "button small kubefed-enable-create", on: { click: () => runEnable(true) } }, "Create in the host")),
    enableOut);

  ws.inputActions.append(undoBtn);
  ws.input.append(
    h("p", { class: "lead" }, "A kubefed control plane of the release in the header: apply FederatedTypeConfigs and federated resources, change the member clusters, advance time, and see what reaches each cluster, and why not."),
    planeRow,
    h("div", { class: "editor-field" },
      h("div", { class: "section-head" }, h("label", { for: ftcLabel, class: "label" }, "FederatedTypeConfigs (to the host)"), ftcApplyBtn),
      ftcEditorBox,
      h("p", { class: "hint" }, "Try propagation: Disabled, or a namespaced FTC without the namespaces FTC. Ctrl/Cmd+Enter applies.")),
    h("div", { class: "editor-field" },
      h("div", { class: "section-head" }, h("label", { for: resLabel, class: "label" }, "Federated resources and other objects"),
        h("label", { for: targetId, class: "field" }, "to", targetSel), applyBtn),
      editorBox,
      h("p", { class: "hint" }, "Namespaces, Federated<Kind> resources with placement and overrides, or plain objects to a member cluster.")),
    clusters,
    enable);

  // --- outputs ------------------------------------------------------------
  const status = h("p", { class: "kubefed-status", role: "status", "aria-live": "polite" });
  const problems = createProblems();
  const manager = h("p", { class: "kubefed-manager hint" });
  const ftcBody = h("tbody");
  const ftcTitle = uid("kf-ftcs");
  const ftcSection = h("section", { class: "section kubefed-ftcs", "aria-labelledby": ftcTitle }, h("h3", { id: ftcTitle }, "FederatedTypeConfigs"),
    scrollRegion(h("div", { class: "kubefed-table-wrap table-wrap" }, h("table", { class: "kubefed-table kubefed-ftc-table data-table" },
      h("thead", {}, h("tr", {}, ["FTC", "propagation", "finalizers", "generation / observed", "propagation controller", "status controller", "Actions"].map((c) => h("th", { scope: "col" }, c)))),
      ftcBody)), "FederatedTypeConfigs table"));
  const controllersList = h("ul", { class: "kubefed-controllers" });
  const queuesList = h("ul", { class: "kubefed-queues" });
  const logBox = h("pre", { class: "kubefed-log output", tabindex: "0", "aria-label": "Controller manager log" });
  const verbosityId = uid("kf-v");
  const verbositySel = select({ id: verbosityId, class: "kubefed-verbosity", on: { change: () => {
    renderLog();
    app.changed();
  } } }, [0, 1, 2, 3, 4].map((v) => ({ value: String(v), label: `--v=${v}${v === 4 ? " (all lines)" : ""}` })), "4");
  const historyList = h("ol", { class: "kubefed-history" });
  const fedBox = h("div", { class: "kubefed-federated" });
  const memberBox = h("div", { class: "kubefed-members" });
  const fedTitle = uid("kf-fed");
  const logTitle = uid("kf-log");

  ws.output.append(
    status,
    problems.el,
    manager,
    // The FTCs first (a row each): with the first federated resource
    // below, both are in view beside the inputs.
    ftcSection,
    h("section", { class: "section", "aria-labelledby": fedTitle },
      h("div", { class: "section-head" }, h("h3", { id: fedTitle }, "Federated resources: where they are, and why"),
        h("span", { class: "hint" }, "from the sync controller's last reconcile")),
      fedBox),
    h("details", { class: "section fold", open: true },
      h("summary", {}, "Running controllers and work queues"),
      h("div", { class: "kubefed-grid" }, controllersList, queuesList)),
    h("section", { class: "section", "aria-labelledby": logTitle },
      h("div", { class: "section-head" }, h("h3", { id: logTitle }, "Controller manager log"),
        h("label", { for: verbosityId, class: "field", title: "klog V levels: the controller manager prints the lines up to its --v" }, "Verbosity", verbositySel)),
      logBox),
    h("details", { class: "section fold" }, h("summary", {}, "Actions so far"), historyList),
    h("details", { class: "section fold" }, h("summary", {}, "Member cluster objects"), memberBox),
  );
  panel.replaceChildren(ws.root);

  // --- the release control in the header (app.js releaseControl) -----------
  const releaseControl = {
    label: "kubefed",
    releases: () => (state.versions.length ? state.versions : [state.version]),
    value: () => state.version,
    set(v) {
      if (!state.versions.includes(v) || v === state.version) return;
      state.version = v;
      reloadWith();
    },
    onChange(fn) {
      state.versionListeners.add(fn);
      return () => state.versionListeners.delete(fn);
    },
  };
  function setVersion(v) {
    if (!v || v === state.version) return;
    state.version = v;
    for (const fn of state.versionListeners) fn();
  }
  async function loadVersions() {
    if (state.versions.length) return;
    try {
      state.versions = (await app.engine.call("kubefed.versions", {})).versions;
      for (const fn of state.versionListeners) fn();
    } catch (err) {
      setStatus(`The kubefed releases could not be listed: ${err.message}`, true);
    }
  }

  // --- engine calls -------------------------------------------------------
  function serialize(fn) {
    const next = state.busy.then(fn, fn);
    state.busy = next.catch(() => {});
    return next;
  }

  function loadRequest(overrides) {
    const req = overrides ? { scope: scopeSel.value, version: state.version, webhook: webhookBox.checked, steps: state.steps } : { steps: state.steps };
    if (state.example) req.example = state.example;
    else req.scenario = state.scenario;
    return req;
  }

  function load({ overrides = true, baseline = false } = {}) {
    const gen = ++state.gen;
    ws.setStale(true);
    return serialize(async () => {
      if (gen !== state.gen) return;
      const old = state.session;
      let reply;
      try {
        reply = await app.engine.call("kubefed.load", loadRequest(overrides));
      } catch (err) {
        setStatus(`Could not load: ${err.message}`, true);
        problems.set(route(err.diagnostics, []).items);
        ws.setStale(false);
        app.resultShown(id);
        return;
      }
      if (old) app.engine.call("kubefed.close", { session: old }).catch(() => {});
      state.session = reply.session;
      const t = reply.transcript;
      const cp = t.controlPlane || {};
      scopeSel.value = cp.scope || "Cluster";
      setVersion(cp.version || "v0.10.0");
      webhookBox.checked = cp.webhook !== false;
      const entries = [t.setup, ...t.steps].flatMap((st) => st.logs);
      state.log = reply.logText.map((text, i) => ({ text, v: entries[i]?.v ?? 0 }));
      state.history = t.steps.map((s) => ({ action: s.action, note: s.note, output: s.output, error: s.error }));
      const last = t.steps.length ? t.steps[t.steps.length - 1].snapshot : t.setup.snapshot;
      const errs = t.steps.filter((s) => s.error);
      setStatus(errs.length ? `Loaded; ${errs.length} step(s) failed: ${errs[errs.length - 1].error}` : `Loaded ${t.name || "the scenario"} on kubefed ${cp.version || ""}.`, errs.length > 0);
      problems.set(route(reply.diagnostics, []).items);
      if (baseline) state.baseline = modifiedKey();
      updateModified();
      render(last);
      ws.setStale(false);
      app.resultShown(id);
    });
  }

  function reloadWith() {
    app.changed();
    updateModified();
    load();
  }

  function doStep(step, { record = true } = {}) {
    ws.setStale(true);
    return serialize(async () => {
      if (!state.session) {
        ws.setStale(false);
        return null;
      }
      let reply;
      try {
        reply = await app.engine.call("kubefed.step", { session: state.session, step });
      } catch (err) {
        ws.setStale(false);
        if (err.code === "not_found") {
          // The engine restarted: the page rebuilds the session (onEngineRestart).
          state.session = "";
          setStatus("The engine restarted; replaying the actions…", false);
          return null;
        }
        setStatus(err.message, true);
        return null;
      }
      if (record && !reply.error) {
        state.steps.push(step);
        if (state.steps.length > MAX_STEPS) state.steps.shift();
        updateModified();
        app.changed();
      }
      state.log.push(...reply.logText.map((text, i) => ({ text, v: reply.logs[i]?.v ?? 0 })));
      state.history.push({ action: reply.action, output: reply.output, error: reply.error });
      setStatus(reply.error ? `${reply.action}: ${reply.error}` : `${reply.action}${reply.output.length ? ": " + reply.output.join("; ") : ""}`, !!reply.error);
      render(reply.snapshot);
      ws.setStale(false);
      return reply;
    });
  }

  async function applyFTCs() {
    const text = ftcEditor.value;
    if (!text.trim()) {
      setStatus("Nothing to apply.", true);
      return;
    }
    const reply = await doStep({ apply: text });
    markApplied(ftcEditor, reply);
  }

  // markApplied puts the diagnostics of an apply step on the editor the
  // YAML came from (they point into that text) and in the problems list.
  function markApplied(ed, reply) {
    if (!reply) return;
    const { marks, items } = route(reply.diagnostics, [{ key: ed, inputs: ["step.apply"] }], { fallbackLine: 1 });
    ed.setDiagnostics(marks.get(ed));
    problems.set(items, new Map([[ed, ed]]));
    if (items.length) ws.show("input");
  }

  async function applyEditor() {
    const text = editor.value;
    if (!text.trim()) {
      setStatus("Nothing to apply.", true);
      return;
    }
    const step = targetSel.value ? { apply: text, cluster: targetSel.value } : { apply: text };
    const reply = await doStep(step);
    markApplied(editor, reply);
  }

  function advance(d) {
    if (!/^\d+(\.\d+)?(ms|s|m|h)$/.test(d)) {
      setStatus(`“${d}” is not a duration such as 5s, 90s or 2m.`, true);
      return;
    }
    doStep({ advance: d });
  }

  function addCluster() {
    const name = newName.value.trim();
    if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name)) {
      setStatus("A cluster name is a DNS label such as c4.", true);
      return;
    }
    let labels;
    try {
      labels = parseLabels(newLabels.value);
    } catch (err) {
      setStatus(err.message, true);
      return;
    }
    newName.value = "";
    newLabels.value = "";
    doStep({ clusterOp: { name, join: { name, labels } } });
  }

  function resetSteps() {
    state.steps = [];
    updateModified();
    app.changed();
    load();
  }

  async function runEnable(create) {
    const options = { name: enableName.value.trim() };
    if (enableGroup.value.trim()) options.federatedGroup = enableGroup.value.trim();
    app.changed();
    if (!create) {
      options.output = "yaml";
      try {
        const reply = await app.engine.call("kubefed.enable", { options });
        enableOut.textContent = reply.error ? `${reply.output}Error: ${reply.error}` : reply.output;
      } catch (err) {
        enableOut.textContent = err.message;
      }
      return;
    }
    const reply = await doStep({ enable: options });
    if (reply) enableOut.textContent = [...reply.output, reply.error ? `Error: ${reply.error}` : ""].join("\n");
  }

  function setStatus(text, error) {
    status.textContent = text;
    status.classList.toggle("error", !!error);
  }

  // --- the modified marker ---------------------------------------------------
  function modifiedKey() {
    return JSON.stringify({ scope: scopeSel.value, version: state.version, webhook: webhookBox.checked, steps: state.steps,
      editor: editor.value, ftcEditor: ftcEditor.value, scenario: state.scenario });
  }
  function updateModified() {
    ws.setModified(state.baseline !== null && modifiedKey() !== state.baseline);
  }
  function edited() {
    updateModified();
    app.changed();
  }
  function showBasis() {
    const name = state.example || "";
    menu.setCurrent(name);
    ws.setExample(name ? state.examples?.find((e) => e.name === name)?.title || name : "your scenario");
  }

  // --- rendering ----------------------------------------------------------
  function render(snap) {
    state.snapshot = snap;
    if (!snap) return;
    const cm = snap.controllerManager;
    clock.textContent = `+${snap.elapsed}`;
    clock.title = `virtual time ${snap.time}`;
    replaceChildren(manager, `Virtual time ${snap.time} (+${snap.elapsed}) · controller manager ${cm.running ? "running" : "not running"} (starts ${cm.starts})${cm.exitReason ? " · " + cm.exitReason : ""}`);
    ws.setTitles({ output: `Propagation on kubefed ${state.version}, +${snap.elapsed}` });
    renderFTCs(snap.ftcs || []);
    replaceChildren(controllersList, ...(snap.controllers.length ? snap.controllers.map((c) => h("li", {}, h("code", {}, c.key), ` ${c.type} controller for ${c.kind}`)) : [h("li", { class: "muted" }, "no controller runs")]));
    replaceChildren(queuesList, ...(snap.queues || []).map((q) => h("li", {}, h("code", {}, q.controller), ` ${q.reconciles} reconciles`,
      q.pending.length ? ` · pending: ${q.pending.map((p) => `${p.key} at ${p.at.slice(11, 19)}${p.backoff ? ` (backoff ${p.backoff})` : ""}`).join(", ")}` : " · idle")));
    renderLog();
    replaceChildren(historyList, ...(state.history.length ? state.history.map((s) => h("li", { class: s.error ? "failed" : "" }, s.action, s.note ? h("span", { class: "muted" }, ` — ${s.note}`) : null,
      s.error ? h("span", { class: "kubefed-error" }, ` ✗ ${s.error}`) : null)) : [h("li", { class: "muted" }, "none")]));
    renderClusters(snap.clusters || []);
    renderFederated(snap.federatedResources || []);
    renderMembers(snap.clusters || []);
    // A counter tests and probes wait on.
    panel.dataset.kubefedRenders = String(Number(panel.dataset.kubefedRenders || 0) + 1);
  }

  function renderLog() {
    const max = Number(verbositySel.value);
    const lines = state.log.filter((l) => l.v <= max).map((l) => l.text);
    logBox.textContent = lines.length ? lines.join("\n") : "(no log lines yet)";
    // Scrolled to the newest line once the render is done: scrollHeight
    // lays the page out, which in the middle of a render is done twice.
    requestAnimationFrame(() => {
      logBox.scrollTop = logBox.scrollHeight;
    });
  }

  function renderFTCs(ftcs) {
    if (!ftcs.length) {
      replaceChildren(ftcBody, h("tr", {}, h("td", { colspan: 7, class: "muted" }, "No FederatedTypeConfigs.")));
      return;
    }
    replaceChildren(ftcBody, ...ftcs.map((f) => {
      const st = f.status || {};
      const gen = `${f.generation} / ${st.observedGeneration ?? "—"}`;
      return h("tr", { dataset: { ftc: f.name }, class: f.deletionTimestamp ? "deleting" : "" },
        h("th", { scope: "row" }, h("code", {}, f.name), f.deletionTimestamp ? h("span", { class: "kubefed-tag" }, ` deleting since ${f.deletionTimestamp}`) : null,
          (f.explain || []).map((x) => h("div", { class: "kubefed-explain", title: "The explorer's note, not kubefed's" }, `ⓘ ${x}`))),
        h("td", {}, f.spec?.propagation ?? "—"),
        h("td", { class: "kubefed-finalizers" }, f.finalizers.length ? f.finalizers.join(", ") : "none"),
        h("td", { class: "kubefed-gen" }, gen),
        h("td", { class: "kubefed-pc" }, controllerState(st.propagationController)),
        h("td", { class: "kubefed-sc" }, controllerState(st.statusController)),
        h("td", {}, h("button", { type: "button", class: "button small", "aria-label": `Delete FTC ${f.name}`, on: { click: () => doStep({ delete: { kind: "FederatedTypeConfig", namespace: f.namespace, name: f.name } }) } }, "Delete")));
    }));
  }

  function controllerState(v) {
    if (!v) return h("span", { class: "muted" }, "no status");
    return h("span", { class: v === "Running" ? "kubefed-running" : "kubefed-notrunning" }, v === "Running" ? `▶ ${v}` : `■ ${v}`);
  }

  function renderClusters(list) {
    const names = list.filter((c) => c.joined).map((c) => c.name);
    const cur = targetSel.value;
    setOptions(targetSel, [{ value: "", label: "host cluster (kubefed API)" }, ...names.map((n) => ({ value: n, label: `member ${n}` }))], names.includes(cur) ? cur : "");
    if (!list.length) {
      replaceChildren(clusterTable, h("tr", {}, h("td", { colspan: 5, class: "muted" }, "No member clusters: join one below.")));
      return;
    }
    replaceChildren(clusterTable, ...list.map((c) => {
      const labelInput = h("input", { type: "text", size: 12, value: Object.entries(c.labels || {}).map(([k, v]) => `${k}=${v}`).join(","), "aria-label": `Labels of ${c.name}` });
      return h("tr", { dataset: { cluster: c.name } },
        h("th", { scope: "row" }, h("code", {}, c.name), c.joined ? null : h("span", { class: "muted" }, " (unjoined)")),
        h("td", { class: c.ready ? "kubefed-ready" : "kubefed-notready" }, c.ready ? "✓ Ready" : `✗ not ready (${c.health})`),
        h("td", {}, h("div", { class: "row nowrap" }, labelInput, h("button", { type: "button", class: "button small", "aria-label": `Set the labels of ${c.name}`, on: { click: () => {
          try {
            doStep({ clusterOp: { name: c.name, labels: parseLabels(labelInput.value) } });
          } catch (err) {
            setStatus(err.message, true);
          }
        } } }, "Set"))),
        h("td", {}, String((c.objects || []).length)),
        h("td", {}, c.joined ? h("div", { class: "row nowrap" },
          h("button", { type: "button", class: "button small kubefed-health", on: { click: () => doStep({ clusterOp: { name: c.name, health: c.ready ? "notok" : "ok" } }) } }, c.ready ? "Make unready" : "Make ready"),
          h("button", { type: "button", class: "button small kubefed-unjoin", on: { click: () => doStep({ clusterOp: { name: c.name, remove: true } }) } }, "Unjoin"),
        ) : null));
    }));
  }

  // renderFederated answers "why is my resource (not) in cluster X": per
  // resource, per cluster, whether it is there and the sync controller's
  // reason, with the propagation status and the diff.
  function renderFederated(list) {
    if (!list.length) {
      replaceChildren(fedBox, h("p", { class: "muted" }, "No federated resources."));
      return;
    }
    replaceChildren(fedBox, ...list.map((f) => {
      const qname = f.namespace ? `${f.namespace}/${f.name}` : f.name;
      const st = f.status || {};
      const cond = (st.conditions || []).map((c) => `${c.type}=${c.status}${c.reason ? ` (${c.reason})` : ""}`).join(", ") || "no conditions";
      const perCluster = new Map((st.clusters || []).map((c) => [c.name, c.status || "OK"]));
      const placement = f.placement || [];
      const there = placement.filter((p) => clusterVerdict(p).there).length;
      const rec = f.reconciled;
      return h("article", { class: "kubefed-fed", dataset: { kind: f.kind, name: qname } },
        h("div", { class: "kubefed-fed-head" },
          h("h4", {}, h("code", {}, `${f.kind} ${qname}`)),
          h("span", { class: "kubefed-fed-count" }, `in ${there} of ${placement.length} clusters`),
          h("button", { type: "button", class: "button small", "aria-label": `Delete ${f.kind} ${qname}`, on: { click: () => doStep({ delete: { apiVersion: f.apiVersion, kind: f.kind, namespace: f.namespace, name: f.name } }) } }, "Delete")),
        h("p", { class: "hint" }, `${cond} · finalizers: ${f.finalizers.length ? f.finalizers.join(", ") : "none"}${f.deletionTimestamp ? " · deleting" : ""}`,
          rec ? ` · reconciled at ${rec.at.slice(11, 19)} (generation ${rec.generation})` : " · not reconciled by a sync controller"),
        scrollRegion(h("div", { class: "table-wrap" }, h("table", { class: "kubefed-table kubefed-why data-table" },
          h("thead", {}, h("tr", {}, ["Cluster", "There?", "Why (the sync controller's decision)", "status.clusters", "Desired → actual"].map((c) => h("th", { scope: "col" }, c)))),
          h("tbody", {}, placement.map((p) => {
            const v = clusterVerdict(p);
            return h("tr", { dataset: { cluster: p.cluster }, class: v.there ? "there" : "absent" },
              h("th", { scope: "row" }, h("code", {}, p.cluster)),
              h("td", { class: v.there ? "kubefed-ready" : "kubefed-notready" }, v.there ? "✓ yes" : "✗ no"),
              h("td", {}, v.why ? h("span", { class: `kubefed-why-tag why-${p.sync?.why || "none"}` }, v.why) : null, " ", v.text),
              h("td", {}, perCluster.get(p.cluster) || "—"),
              h("td", {}, diffCell(p)));
          })))), `Where ${qname} is, per cluster`),
        f.events && f.events.length ? h("details", { class: "fold" }, h("summary", {}, `Events (${f.events.length})`),
          h("ul", { class: "kubefed-events" }, f.events.map((e) => h("li", { class: e.type === "Warning" ? "warning" : "" },
            `${e.type === "Warning" ? "⚠ " : ""}${e.type} ${e.reason}: ${e.message}${e.count > 1 ? ` (×${e.count})` : ""}`)))) : null);
    }));
  }

  function diffCell(p) {
    if (p.desired && !p.actual) {
      return h("details", {}, h("summary", {}, "not there; the desired object"), h("pre", { class: "kubefed-diff output" }, JSON.stringify(p.desired, null, 2)));
    }
    if (!p.actual) return "—";
    if (!p.diff || !p.diff.length) return "identical";
    return h("pre", { class: "kubefed-diff output" }, p.diff.join("\n"));
  }

  function renderMembers(list) {
    const withObjects = list.filter((c) => (c.objects || []).length);
    if (!withObjects.length) {
      replaceChildren(memberBox, h("p", { class: "muted" }, "No objects in member clusters yet (system namespaces are hidden)."));
      return;
    }
    replaceChildren(memberBox, ...withObjects.map((c) => h("details", { class: "kubefed-member", dataset: { cluster: c.name } },
      h("summary", {}, `${c.name}: ${c.objects.length} object(s)`),
      c.objects.map((o) => h("div", {}, h("h4", {}, `${o.kind} ${o.metadata?.namespace ? o.metadata.namespace + "/" : ""}${o.metadata?.name ?? ""}`),
        h("pre", { class: "kubefed-object output" }, JSON.stringify(o, null, 2)))))));
  }

  // --- gallery, state -----------------------------------------------------
  async function loadGallery() {
    if (state.examples) return;
    try {
      const reply = await app.engine.call("kubefed.examples", {});
      state.examples = reply.examples;
    } catch (err) {
      setStatus(`The examples could not be loaded: ${err.message}`, true);
      return;
    }
    menu.set(state.examples.map((ex) => ({ name: ex.name, title: ex.title, description: ex.description })));
    showBasis();
  }

  async function showExample(name) {
    const before = given;
    given = true;
    let ex;
    try {
      ex = await app.engine.call("kubefed.example", { name });
    } catch (err) {
      given = before; // an unknown example gives the tab nothing
      throw err;
    }
    state.example = ex.name;
    state.scenario = "";
    state.steps = [];
    showBasis();
    // The example's own control plane applies, not the switches' values.
    await load({ overrides: false, baseline: true });
  }

  async function pick(name) {
    try {
      await showExample(name);
      app.changed();
      app.exampleShown(id, name);
    } catch (err) {
      setStatus(`The example could not be loaded: ${err.message}`, true);
    }
  }

  function setState(s) {
    if (s == null || typeof s !== "object" || Array.isArray(s)) throw new Error("not a kubefed state");
    given = true;
    state.example = typeof s.example === "string" ? s.example : "";
    state.scenario = typeof s.scenario === "string" ? s.scenario : "";
    state.steps = Array.isArray(s.steps) ? s.steps.filter((x) => x && typeof x === "object").slice(-MAX_STEPS) : [];
    if (typeof s.scope === "string" && s.scope) scopeSel.value = s.scope;
    if (typeof s.version === "string" && s.version) setVersion(s.version);
    if (typeof s.webhook === "boolean") webhookBox.checked = s.webhook;
    if (typeof s.editor === "string") editor.value = s.editor;
    if (typeof s.ftcEditor === "string") ftcEditor.value = s.ftcEditor;
    if (typeof s.enableName === "string") enableName.value = s.enableName;
    if (typeof s.verbosity === "string" && /^[0-4]$/.test(s.verbosity)) verbositySel.value = s.verbosity;
    if (typeof s.enableGroup === "string") enableGroup.value = s.enableGroup;
    if (typeof s.target === "string") {
      if (![...targetSel.options].some((o) => o.value === s.target)) targetSel.append(h("option", { value: s.target }, `member ${s.target}`));
      targetSel.value = s.target;
    }
    if (!state.example && !state.scenario && !state.steps.length) state.example = DEFAULT_EXAMPLE;
    showBasis();
    // The baseline is the example as it loads without the user's actions:
    // asked once the state's own session is loaded, so that the engine
    // computes the result the page shows first.
    state.baseline = null;
    const done = load();
    const baseline = () =>
      baselineOf(s).then((key) => {
        state.baseline = key;
        updateModified();
      });
    done.then(baseline, baseline);
    return done;
  }

  // baselineOf is what the state's example (or scenario) looks like before
  // the user changed anything: its own control plane, no actions, the
  // default editors.
  async function baselineOf(s) {
    try {
      const reply = await app.engine.call("kubefed.load", state.example ? { example: state.example } : { scenario: state.scenario });
      app.engine.call("kubefed.close", { session: reply.session }).catch(() => {});
      const cp = reply.transcript.controlPlane || {};
      return JSON.stringify({ scope: cp.scope || "Cluster", version: cp.version || "v0.10.0", webhook: cp.webhook !== false, steps: [],
        editor: DEFAULT_EDITOR, ftcEditor: DEFAULT_FTC, scenario: typeof s.scenario === "string" ? s.scenario : "" });
    } catch {
      return null;
    }
  }

  function reset() {
    editor.value = DEFAULT_EDITOR;
    ftcEditor.value = DEFAULT_FTC;
    for (const ed of [editor, ftcEditor]) ed.setDiagnostics([]);
    problems.set([]);
    return showExample(state.example || DEFAULT_EXAMPLE).catch((err) => setStatus(`Could not load the example: ${err.message}`, true));
  }

  // What the tab shows first: the default example, unless the page gives
  // it a state as it starts (app.starting): then the engine loads that
  // alone, not the build's default session replayed first.
  if (app.starting) app.starting.then(() => given || reset());
  else reset();
  loadGallery();
  loadVersions();
  return {
    getState() {
      const s = { scope: scopeSel.value, version: state.version, webhook: webhookBox.checked, steps: state.steps, editor: editor.value, ftcEditor: ftcEditor.value, target: targetSel.value,
        enableName: enableName.value, enableGroup: enableGroup.value, verbosity: verbositySel.value };
      if (state.example) s.example = state.example;
      else s.scenario = state.scenario;
      return s;
    },
    setState,
    reset,
    apply: () => applyEditor(),
    onEngineRestart: () => given && load(),
    onShow: () => {
      loadGallery();
      loadVersions();
    },
    loadExample: (name) => showExample(name),
    releaseControl,
  };
}

/** Parses "k=v,k2=v2" into an object. */
function parseLabels(text) {
  const out = {};
  for (const part of text.split(",").map((x) => x.trim()).filter(Boolean)) {
    const i = part.indexOf("=");
    if (i <= 0) throw new Error(`label “${part}” is not key=value`);
    out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}
