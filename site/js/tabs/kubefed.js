// The Kubefed tab: a kubefed control plane (scope, version, webhook), member
// clusters, FederatedTypeConfigs and federated resources. Apply, delete,
// advance virtual time and restart the controller manager, and watch the FTC
// controller's finalizers, status, running controllers and exact log lines,
// and what lands in each member cluster (with a diff against the template).
//
// The state (getState/setState) is a base scenario (a gallery example name or
// scenario text) plus the user's actions as scenario steps:
// {example, scenario, scope, version, webhook, steps, editor, ftcEditor,
// target, enableName, enableGroup, verbosity}. The page rebuilds the session from it with
// kubefed.load (after an engine restart too). docs/api.md, docs/kubefed-json.md and
// docs/kubefed-scenario.md describe the formats.
import { h, select, setOptions, uid, replaceChildren } from "../ui.js";
import { createEditor } from "../editor.js";
import { route } from "../diagnostics.js";

export const id = "kubefed";
export const title = "Kubefed";

const MAX_STEPS = 200;
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
  if (!state.example && !state.scenario && state.steps.length === 0) state.example = "o22-override-unready-cluster";
  return state;
}

export function mount(panel, app) {
  const state = {
    example: "",
    scenario: "",
    steps: [],
    session: "",
    snapshot: null,
    log: [],
    history: [],
    examples: null,
    gen: 0,
    busy: Promise.resolve(),
  };

  // --- inputs -------------------------------------------------------------
  const galleryList = h("ul", { class: "kubefed-gallery-list" });
  const galleryNote = h("p", { class: "kubefed-gallery-note muted" });
  const gallery = h("details", { class: "kubefed-gallery", open: true }, h("summary", {}, "Examples"), galleryList, galleryNote);
  gallery.addEventListener("toggle", () => gallery.open && loadGallery());

  const scopeId = uid("kf-scope");
  const versionId = uid("kf-version");
  const webhookId = uid("kf-webhook");
  const scopeSel = select({ id: scopeId, class: "kubefed-scope", on: { change: () => reloadWith() } }, [
    { value: "Cluster", label: "Cluster (KubeFedConfig scope: Cluster)" },
    { value: "Namespaced", label: "Namespaced (scope: Namespaced)" },
  ], "Cluster");
  const versionSel = select({ id: versionId, class: "kubefed-version", on: { change: () => reloadWith() } }, [
    { value: "v0.10.0", label: "kubefed v0.10.0" },
    { value: "v0.3.0", label: "kubefed v0.3.0 (2020)" },
  ], "v0.10.0");
  const webhookBox = h("input", { type: "checkbox", id: webhookId, class: "kubefed-webhook", checked: true, on: { change: () => reloadWith() } });
  const planeRow = h("div", { class: "kubefed-row" },
    h("label", { for: scopeId }, "Control plane scope "), scopeSel,
    h("label", { for: versionId }, "Version "), versionSel,
    h("label", { for: webhookId }, webhookBox, " validating webhook"));

  // Member clusters.
  const clusterTable = h("tbody");
  const newName = h("input", { type: "text", class: "kubefed-new-cluster", placeholder: "name, e.g. c4", "aria-label": "New cluster name", size: 10 });
  const newLabels = h("input", { type: "text", class: "kubefed-new-labels", placeholder: "env=prod,region=eu", "aria-label": "New cluster labels", size: 18 });
  const addBtn = h("button", { type: "button", class: "button kubefed-add-cluster", on: { click: () => addCluster() } }, "Join cluster");
  const clusters = h("section", { class: "kubefed-clusters" },
    h("h3", {}, "Member clusters"),
    h("div", { class: "kubefed-table-wrap" }, h("table", { class: "kubefed-table" },
      h("thead", {}, h("tr", {}, ["Cluster", "Ready", "Labels", "Objects", "Actions"].map((c) => h("th", { scope: "col" }, c)))),
      clusterTable)),
    h("div", { class: "kubefed-row" }, newName, newLabels, addBtn));

  // The FTC editor: FederatedTypeConfigs go to the host.
  const ftcEditorBox = h("div", { class: "kubefed-editor kubefed-ftc-editor" });
  const ftcEditor = createEditor({
    parent: ftcEditorBox, doc: DEFAULT_FTC, language: "yaml", label: "FederatedTypeConfigs to apply (YAML)",
    minHeight: "8em", onChange: () => app.changed(), onApply: () => applyFTCs(),
  });
  const ftcApplyBtn = h("button", { type: "button", class: "button primary kubefed-apply-ftc", on: { click: () => applyFTCs() } }, "Apply FTCs");

  // The editor of federated resources and other objects.
  const editorBox = h("div", { class: "kubefed-editor kubefed-resource-editor" });
  const editor = createEditor({
    parent: editorBox, doc: DEFAULT_EDITOR, language: "yaml", label: "Objects to apply (YAML, several documents separated by ---)",
    minHeight: "12em", onChange: () => app.changed(), onApply: () => applyEditor(),
  });
  const targetId = uid("kf-target");
  const targetSel = select({ id: targetId, class: "kubefed-target", on: { change: () => app.changed() } }, [{ value: "", label: "host cluster (kubefed API)" }], "");
  const applyBtn = h("button", { type: "button", class: "button primary kubefed-apply", on: { click: () => applyEditor() } }, "Apply");
  const advanceInput = h("input", { type: "text", class: "kubefed-advance-input", value: "5s", size: 6, "aria-label": "Time to advance (e.g. 5s, 1m)" });
  const advanceBtn = h("button", { type: "button", class: "button kubefed-advance", on: { click: () => advance(advanceInput.value.trim()) } }, "Advance time");
  const restartBtn = h("button", { type: "button", class: "button kubefed-restart", on: { click: () => doStep({ restart: true }) } }, "Restart controller manager");
  const resetBtn = h("button", { type: "button", class: "button kubefed-reset", on: { click: () => resetSteps() } }, "Undo all actions");
  const status = h("p", { class: "kubefed-status", role: "status", "aria-live": "polite" });
  const inputs = h("section", { class: "kubefed-inputs" },
    h("h3", {}, "FederatedTypeConfigs"),
    h("p", { class: "muted" }, "Edit and apply to the host (try propagation: Disabled, or a namespaced FTC without the namespaces FTC). Ctrl/Cmd+Enter applies."),
    ftcEditorBox,
    h("div", { class: "kubefed-row" }, ftcApplyBtn),
    h("h3", {}, "Federated resources and other objects"),
    h("p", { class: "muted" }, "Namespaces, Federated<Kind> resources with placement and overrides — or plain objects to a member cluster."),
    editorBox,
    h("div", { class: "kubefed-row" }, h("label", { for: targetId }, "Apply to "), targetSel, applyBtn),
    h("div", { class: "kubefed-row" }, advanceInput, advanceBtn, restartBtn, resetBtn),
    status);

  // The kubefedctl enable generator.
  const enableName = h("input", { type: "text", class: "kubefed-enable-name", value: "deployments.apps", size: 22, "aria-label": "Type to enable (kind, plural, short name or plural.group)" });
  const enableGroup = h("input", { type: "text", class: "kubefed-enable-group", value: "", placeholder: "types.kubefed.io", size: 18, "aria-label": "--federated-group" });
  const enableOut = h("pre", { class: "kubefed-enable-out", tabindex: "0" });
  const enable = h("details", { class: "kubefed-enable" },
    h("summary", {}, "kubefedctl enable"),
    h("div", { class: "kubefed-row" },
      h("code", {}, "kubefedctl enable "), enableName, h("code", {}, " --federated-group "), enableGroup,
      h("button", { type: "button", class: "button kubefed-enable-yaml", on: { click: () => runEnable(false) } }, "-o yaml"),
      h("button", { type: "button", class: "button kubefed-enable-create", on: { click: () => runEnable(true) } }, "Create in the host")),
    enableOut);

  // --- outputs ------------------------------------------------------------
  const clock = h("p", { class: "kubefed-clock" });
  const ftcBody = h("tbody");
  const ftcSection = h("section", { class: "kubefed-ftcs" }, h("h3", {}, "FederatedTypeConfigs"),
    h("div", { class: "kubefed-table-wrap" }, h("table", { class: "kubefed-table kubefed-ftc-table" },
      h("thead", {}, h("tr", {}, ["FTC", "propagation", "finalizers", "generation / observedGeneration", "propagationController", "statusController", ""].map((c) => h("th", { scope: "col" }, c)))),
      ftcBody)));
  const controllersList = h("ul", { class: "kubefed-controllers" });
  const queuesList = h("ul", { class: "kubefed-queues" });
  const logBox = h("pre", { class: "kubefed-log", tabindex: "0", "aria-label": "Controller manager log" });
  const verbosityId = uid("kf-v");
  const verbositySel = select({ id: verbosityId, class: "kubefed-verbosity", on: { change: () => {
    renderLog();
    app.changed();
  } } }, [0, 1, 2, 3, 4].map((v) => ({ value: String(v), label: `--v=${v}${v === 4 ? " (all lines)" : ""}` })), "4");
  const historyList = h("ol", { class: "kubefed-history" });
  const fedBox = h("div", { class: "kubefed-federated" });
  const memberBox = h("div", { class: "kubefed-members" });

  panel.replaceChildren(
    h("h2", {}, title),
    h("p", { class: "lead" }, "Paste FederatedTypeConfigs and federated resources, choose the control plane's scope, add or break member clusters, and watch kubefed's FTC controller and sync controllers (v0.10.0, or the 2020 v0.3.0) react, with their exact log lines."),
    gallery,
    planeRow,
    h("div", { class: "kubefed-grid" }, inputs, clusters),
    enable,
    clock,
    ftcSection,
    h("div", { class: "kubefed-grid" },
      h("section", {}, h("h3", {}, "Running controllers"), controllersList, h("h4", {}, "Work queues"), queuesList),
      h("section", {}, h("h3", {}, "Actions"), historyList)),
    h("section", {}, h("h3", {}, "Controller manager log"),
      h("div", { class: "kubefed-row" }, h("label", { for: verbosityId }, "Log verbosity "), verbositySel,
        h("span", { class: "muted" }, "klog V levels; the controller manager prints the lines up to its --v")),
      logBox),
    h("section", {}, h("h3", {}, "Federated resources"), fedBox),
    h("section", {}, h("h3", {}, "Member cluster objects"), memberBox),
  );

  // --- engine calls -------------------------------------------------------
  function serialize(fn) {
    const next = state.busy.then(fn, fn);
    state.busy = next.catch(() => {});
    return next;
  }

  function loadRequest(overrides) {
    const req = overrides ? { scope: scopeSel.value, version: versionSel.value, webhook: webhookBox.checked, steps: state.steps } : { steps: state.steps };
    if (state.example) req.example = state.example;
    else req.scenario = state.scenario;
    return req;
  }

  function load({ overrides = true } = {}) {
    const gen = ++state.gen;
    return serialize(async () => {
      if (gen !== state.gen) return;
      const old = state.session;
      let reply;
      try {
        reply = await app.engine.call("kubefed.load", loadRequest(overrides));
      } catch (err) {
        setStatus(`Could not load: ${err.message}`, true);
        app.resultShown(id);
        return;
      }
      if (old) app.engine.call("kubefed.close", { session: old }).catch(() => {});
      state.session = reply.session;
      const t = reply.transcript;
      const cp = t.controlPlane || {};
      scopeSel.value = cp.scope || "Cluster";
      versionSel.value = cp.version || "v0.10.0";
      webhookBox.checked = cp.webhook !== false;
      const entries = [t.setup, ...t.steps].flatMap((st) => st.logs);
      state.log = reply.logText.map((text, i) => ({ text, v: entries[i]?.v ?? 0 }));
      state.history = t.steps.map((s) => ({ action: s.action, note: s.note, output: s.output, error: s.error }));
      const last = t.steps.length ? t.steps[t.steps.length - 1].snapshot : t.setup.snapshot;
      const errs = t.steps.filter((s) => s.error);
      setStatus(errs.length ? `Loaded; ${errs.length} step(s) failed: ${errs[errs.length - 1].error}` : `Loaded ${t.name || "the scenario"}.`, errs.length > 0);
      render(last);
      app.resultShown(id);
    });
  }

  function reloadWith() {
    app.changed();
    load();
  }

  function doStep(step, { record = true } = {}) {
    return serialize(async () => {
      if (!state.session) return null;
      let reply;
      try {
        reply = await app.engine.call("kubefed.step", { session: state.session, step });
      } catch (err) {
        if (err.code === "not_found") {
          // The engine restarted: rebuild the session, then retry once.
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
        app.changed();
      }
      state.log.push(...reply.logText.map((text, i) => ({ text, v: reply.logs[i]?.v ?? 0 })));
      state.history.push({ action: reply.action, output: reply.output, error: reply.error });
      setStatus(reply.error ? `${reply.action}: ${reply.error}` : `${reply.action}${reply.output.length ? ": " + reply.output.join("; ") : ""}`, !!reply.error);
      render(reply.snapshot);
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
  // YAML came from (they point into that text).
  function markApplied(ed, reply) {
    ed.setDiagnostics(route(reply?.diagnostics, [{ key: ed, inputs: ["step.apply"] }]).marks.get(ed));
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

  // --- rendering ----------------------------------------------------------
  function render(snap) {
    state.snapshot = snap;
    if (!snap) return;
    clock.textContent = `Virtual time ${snap.time} (+${snap.elapsed}) · controller manager ${snap.controllerManager.running ? "running" : "not running"} (starts ${snap.controllerManager.starts})${snap.controllerManager.exitReason ? " · " + snap.controllerManager.exitReason : ""}`;
    renderFTCs(snap.ftcs || []);
    replaceChildren(controllersList, ...(snap.controllers.length ? snap.controllers.map((c) => h("li", {}, h("code", {}, c.key), ` ${c.type} controller for ${c.kind}`)) : [h("li", { class: "muted" }, "none")]));
    replaceChildren(queuesList, ...(snap.queues || []).map((q) => h("li", {}, h("code", {}, q.controller), ` ${q.reconciles} reconciles`,
      q.pending.length ? ` · pending: ${q.pending.map((p) => `${p.key} at ${p.at.slice(11, 19)}${p.backoff ? ` (backoff ${p.backoff})` : ""}`).join(", ")}` : " · idle")));
    renderLog();
    replaceChildren(historyList, ...state.history.map((s) => h("li", { class: s.error ? "failed" : "" }, s.action, s.note ? h("span", { class: "muted" }, ` — ${s.note}`) : null,
      s.error ? h("span", { class: "kubefed-error" }, ` ✗ ${s.error}`) : null)));
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
    logBox.scrollTop = logBox.scrollHeight;
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
      const labelInput = h("input", { type: "text", size: 14, value: Object.entries(c.labels || {}).map(([k, v]) => `${k}=${v}`).join(","), "aria-label": `Labels of ${c.name}` });
      return h("tr", { dataset: { cluster: c.name } },
        h("th", { scope: "row" }, h("code", {}, c.name), c.joined ? null : h("span", { class: "muted" }, " (unjoined)")),
        h("td", { class: c.ready ? "kubefed-ready" : "kubefed-notready" }, c.ready ? "✓ Ready" : `✗ not ready (${c.health})`),
        h("td", {}, labelInput, h("button", { type: "button", class: "button small", on: { click: () => {
          try {
            doStep({ clusterOp: { name: c.name, labels: parseLabels(labelInput.value) } });
          } catch (err) {
            setStatus(err.message, true);
          }
        } } }, "Set")),
        h("td", {}, String((c.objects || []).length)),
        h("td", {}, c.joined ? [
          h("button", { type: "button", class: "button small kubefed-health", on: { click: () => doStep({ clusterOp: { name: c.name, health: c.ready ? "notok" : "ok" } }) } }, c.ready ? "Make unready" : "Make ready"),
          " ",
          h("button", { type: "button", class: "button small kubefed-unjoin", on: { click: () => doStep({ clusterOp: { name: c.name, remove: true } }) } }, "Unjoin"),
        ] : null));
    }));
  }

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
      return h("details", { class: "kubefed-fed", open: true, dataset: { kind: f.kind, name: qname } },
        h("summary", {}, h("code", {}, `${f.kind} ${qname}`), ` · ${cond} · finalizers: ${f.finalizers.length ? f.finalizers.join(", ") : "none"}`,
          f.deletionTimestamp ? " · deleting" : ""),
        h("div", { class: "kubefed-row" }, h("button", { type: "button", class: "button small", on: { click: () => doStep({ delete: { apiVersion: f.apiVersion, kind: f.kind, namespace: f.namespace, name: f.name } }) } }, "Delete")),
        h("table", { class: "kubefed-table" },
          h("thead", {}, h("tr", {}, ["Cluster", "Placement (explorer's explanation)", "status.clusters", "Diff desired → actual"].map((c) => h("th", { scope: "col" }, c)))),
          h("tbody", {}, (f.placement || []).map((p) => h("tr", { dataset: { cluster: p.cluster } },
            h("th", { scope: "row" }, p.cluster),
            h("td", {}, p.selected ? `✓ ${p.reason}` : `— ${p.reason}`),
            h("td", {}, perCluster.get(p.cluster) || "—"),
            h("td", {}, diffCell(p)))))),
        f.events && f.events.length ? h("ul", { class: "kubefed-events" }, f.events.map((e) => h("li", { class: e.type === "Warning" ? "warning" : "" },
          `${e.type === "Warning" ? "⚠ " : ""}${e.type} ${e.reason}: ${e.message}${e.count > 1 ? ` (×${e.count})` : ""}`))) : null);
    }));
  }

  function diffCell(p) {
    if (p.desired && !p.actual) {
      return h("details", {}, h("summary", {}, "not in the cluster; the desired object"), h("pre", { class: "kubefed-diff" }, JSON.stringify(p.desired, null, 2)));
    }
    if (!p.actual) return "—";
    if (!p.diff || !p.diff.length) return "identical";
    return h("pre", { class: "kubefed-diff" }, p.diff.join("\n"));
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
        h("pre", { class: "kubefed-object" }, JSON.stringify(o, null, 2)))))));
  }

  // --- gallery, state -----------------------------------------------------
  async function loadGallery() {
    if (state.examples) return;
    try {
      const reply = await app.engine.call("kubefed.examples", {});
      state.examples = reply.examples;
    } catch (err) {
      galleryNote.textContent = `The examples could not be loaded: ${err.message}`;
      return;
    }
    replaceChildren(galleryList, ...state.examples.map((ex) => h("li", {},
      h("button", { type: "button", class: "button kubefed-example", "data-example": ex.name, title: ex.description, on: { click: () => pick(ex.name) } }, ex.title))));
  }

  async function showExample(name) {
    const ex = await app.engine.call("kubefed.example", { name });
    state.example = ex.name;
    state.scenario = "";
    state.steps = [];
    galleryNote.textContent = `${ex.title}: ${ex.description}`;
    // The example's own control plane applies, not the switches' values.
    await load({ overrides: false });
  }

  async function pick(name) {
    try {
      await showExample(name);
      app.changed();
      app.exampleShown(id, name);
    } catch (err) {
      galleryNote.textContent = `The example could not be loaded: ${err.message}`;
    }
  }

  function setState(s) {
    if (s == null || typeof s !== "object" || Array.isArray(s)) throw new Error("not a kubefed state");
    state.example = typeof s.example === "string" ? s.example : "";
    state.scenario = typeof s.scenario === "string" ? s.scenario : "";
    state.steps = Array.isArray(s.steps) ? s.steps.filter((x) => x && typeof x === "object").slice(-MAX_STEPS) : [];
    if (typeof s.scope === "string" && s.scope) scopeSel.value = s.scope;
    if (typeof s.version === "string" && s.version) versionSel.value = s.version;
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
    if (!state.example && !state.scenario && !state.steps.length) state.example = "o22-override-unready-cluster";
    return load();
  }

  function reset() {
    editor.value = DEFAULT_EDITOR;
    ftcEditor.value = DEFAULT_FTC;
    return showExample("o22-override-unready-cluster").catch((err) => setStatus(`Could not load the example: ${err.message}`, true));
  }

  reset();
  loadGallery();
  return {
    getState() {
      const s = { scope: scopeSel.value, version: versionSel.value, webhook: webhookBox.checked, steps: state.steps, editor: editor.value, ftcEditor: ftcEditor.value, target: targetSel.value,
        enableName: enableName.value, enableGroup: enableGroup.value, verbosity: verbositySel.value };
      if (state.example) s.example = state.example;
      else s.scenario = state.scenario;
      return s;
    },
    setState,
    reset,
    apply: () => applyEditor(),
    onEngineRestart: () => load(),
    onShow: () => loadGallery(),
    loadExample: (name) => showExample(name),
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
