// The Feature gates tab: a kubelet's command line, config file and
// drop-ins (input pane) → would it start on the release being modelled, the
// effective gates with where each value came from, the exact lines it prints
// and the upgrade check against a second release (output pane). Results
// update live (debounced) as you type; the output dims while an evaluation
// is pending. Beside it (on the page, not in widgets): importing a
// real node (gatesimport.js), the fleet check (gatesfleet.js) and the
// release diff (gatesdiff.js); a gate's name in the table opens "Why is it
// on?" (gatesexplain.js).
//
// The state (getState/setState) is the gates.evaluate request without the
// release, which is the page's: {commandLine, config: {path, content},
// configDir, dropIns: [{path, content}], env, dynamicCheckpoint: {path,
// content}, targetRelease}, plus basis: the gallery example the inputs
// started from (the "modified" marker compares with it; Reset goes back to
// it). docs/gates-json.md describes the request's fields.
import { h, wordBreaks, debounce, select, setOptions, uid, replaceChildren, scrollRegion } from "../ui.js";
import { createEditor } from "../editor.js";
import { route, fromError, location } from "../diagnostics.js";
import { createWorkspace } from "../workspace.js";
import { createProblems } from "../problems.js";
import { createExamplesMenu } from "../examplesmenu.js";
import { icon } from "../icons.js";
import { createImport, shellQuote } from "./gatesimport.js";
import { createFleet } from "./gatesfleet.js";
import { createDiff } from "./gatesdiff.js";
import { createExplain } from "./gatesexplain.js";

export const id = "gates";
export const title = "Feature gates";

const DEBOUNCE_MS = 250;
const STAGES = ["ALPHA", "BETA", "GA", "DEPRECATED", "PRE-ALPHA", "UNKNOWN"];
const DEFAULT_CONFIG_PATH = "/var/lib/kubelet/config.yaml";
const DEFAULT_CONFIG_DIR = "/etc/kubernetes/kubelet.conf.d";
const DEFAULT_CHECKPOINT_PATH = "/var/lib/kubelet/dynamic-config/store/checkpoints/kubelet";
const NEW_DROPIN = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n";

/**
 * fromEmbed turns a <kx-feature-gates> element into a state. Blocks
 * (data-kind): "flags" (the command line), "config" (data-name: its path),
 * "dropin" (data-name: path below the drop-in directory), "checkpoint"
 * (dynamic config, 1.18–1.23), "env" (KEY=VALUE lines). Attributes:
 * target-release, config-dir, example (a gallery name, used when there are
 * no blocks).
 */
export function fromEmbed({ attributes = {}, blocks = [] }) {
  if (blocks.length === 0 && attributes.example) return { example: attributes.example, targetRelease: attributes["target-release"] || "" };
  const state = { commandLine: "", dropIns: [], targetRelease: attributes["target-release"] || "" };
  if (attributes["config-dir"]) state.configDir = attributes["config-dir"];
  for (const b of blocks) {
    const text = b.text || "";
    switch (b.kind) {
      case "flags":
      case "command-line":
        state.commandLine = text.trim();
        break;
      case "config":
        state.config = { path: b.name || DEFAULT_CONFIG_PATH, content: text };
        break;
      case "dropin":
      case "drop-in":
        state.dropIns.push({ path: b.name || `${10 + state.dropIns.length * 10}-dropin.conf`, content: text });
        break;
      case "checkpoint":
        state.dynamicCheckpoint = { path: b.name || DEFAULT_CHECKPOINT_PATH, content: text };
        break;
      case "env":
        state.env = parseEnv(text);
        break;
      default:
        throw new Error(`unknown block kind "${b.kind}" (want flags, config, dropin, checkpoint or env)`);
    }
  }
  return state;
}

function parseEnv(text) {
  const env = {};
  for (const piece of text.split(/\s+/)) {
    if (!piece) continue;
    const i = piece.indexOf("=");
    if (i > 0) env[piece.slice(0, i)] = piece.slice(i + 1);
    else if (i < 0) env[piece] = "";
  }
  return env;
}

function formatEnv(env) {
  return Object.entries(env || {}).map(([k, v]) => `${k}=${v}`).join(" ");
}

export function mount(panel, app) {
  // gen counts setState calls: an example that arrives after the user (or a
  // saved state) has already filled the inputs must not overwrite them.
  const state = { dropIns: [], target: "", lastReply: null, seq: 0, gen: 0, examples: null, basis: "default", baseline: null };
  const run = debounce(() => evaluate(), DEBOUNCE_MS);
  // Until the first evaluation, nobody is typing: the inputs and the
  // release arrive from the page within one task (an example, saved work,
  // a link), so they are evaluated at the end of it rather than after the
  // typing pause, which would only delay the first result.
  let firstQueued = false;
  const runSoon = () => {
    // Nothing to evaluate before the inputs first arrive: their fill runs
    // it (an evaluation of the empty inputs would only keep the engine busy
    // while the page waits for its first result).
    if (state.gen === 0) return;
    if (state.seq > 0) return run();
    if (firstQueued) return;
    firstQueued = true;
    queueMicrotask(() => {
      firstQueued = false;
      run.flush();
    });
  };
  const changed = () => {
    ws.setStale(true);
    run();
    updateModified();
    app.changed();
  };

  const ws = createWorkspace({ name: "gates", inputTitle: "Kubelet inputs", outputTitle: "Start-up", split: 44, storage: app.storage });
  ws.onReset(() => app.reset(id));
  const menu = createExamplesMenu({ itemClass: "gates-example", onPick: (name) => pick(name) });
  ws.barStart.append(menu.el);

  // Inputs.
  const cmdId = uid("gates-cmd");
  const cmdEditor = h("div", { class: "gates-editor editor-box" });
  const cfgPathId = uid("gates-cfgpath");
  const cfgPath = h("input", { id: cfgPathId, type: "text", class: "gates-path path-input", value: DEFAULT_CONFIG_PATH, spellcheck: "false", on: { input: changed } });
  const cfgEditor = h("div", { class: "gates-editor editor-box" });
  const dirId = uid("gates-dir");
  const dirInput = h("input", { id: dirId, type: "text", class: "gates-path path-input", value: DEFAULT_CONFIG_DIR, spellcheck: "false", on: { input: changed } });
  const dropList = h("div", { class: "gates-dropins" });
  const addDrop = h("button", { type: "button", class: "button small", on: { click: () => addDropIn(nextDropInName(), NEW_DROPIN, true) } }, "Add drop-in");
  const envId = uid("gates-env");
  const envInput = h("input", { id: envId, type: "text", class: "gates-path path-input", placeholder: "KUBELET_CONFIG_DROPIN_DIR_ALPHA=1", spellcheck: "false", on: { input: changed } });
  const cpPathId = uid("gates-cppath");
  const cpPath = h("input", { id: cpPathId, type: "text", class: "gates-path path-input", value: DEFAULT_CHECKPOINT_PATH, spellcheck: "false", on: { input: changed } });
  const cpEditor = h("div", { class: "gates-editor editor-box" });
  const targetId = uid("gates-target");
  const targetSel = select({ id: targetId, class: "gates-target-select", on: { change: () => {
    state.target = targetSel.value;
    changed();
    fleet?.refresh();
    diff?.refresh();
  } } }, [{ value: "", label: "none" }], "");

  const root = panel.getRootNode();
  const editorRoot = root instanceof ShadowRoot ? root : undefined;
  const cmd = createEditor({ parent: cmdEditor, id: cmdId, language: "text", label: "kubelet command line", onChange: changed, onApply: () => run.flush(), minHeight: "3em", root: editorRoot });
  const cfg = createEditor({ parent: cfgEditor, label: "kubelet config file (YAML)", onChange: changed, onApply: () => run.flush(), root: editorRoot });
  const cp = createEditor({ parent: cpEditor, label: "dynamic config checkpoint (YAML)", onChange: changed, onApply: () => run.flush(), minHeight: "4em", root: editorRoot });
  // For the bench probe (cmd/kxbench/gates.go), which edits like typing does.
  cmdEditor.kxEditor = cmd;

  // The second release sits beside the inputs it checks.
  ws.inputActions.append(h("label", { for: targetId, class: "field gates-target" }, "Upgrade check to", targetSel));

  // The operator's panels: a real node in, a fleet and the release diff
  // out. Widgets (app.embedded) show one kubelet; they have none of them.
  const importer = app.embedded ? null : createImport({ app, onImport: (reply, what) => fromImport(reply, what) });
  if (importer) importer.dropTarget(ws.input);

  ws.input.append(
    h("p", { class: "lead" }, "A kubelet's command line, config file and drop-ins: does it start on the release in the header, which gates are in effect and where each value came from, and what an upgrade changes."),
    ...(importer ? [importer.el] : []),
    h("div", { class: "editor-field" }, h("label", { for: cmdId, class: "label" }, "Command line"), cmdEditor),
    h("div", { class: "editor-field" }, h("label", { for: cfgPathId, class: "label" }, "Config file (--config)"), cfgPath, cfgEditor),
    h("div", { class: "editor-field" },
      h("label", { for: dirId, class: "label" }, "Drop-in directory (--config-dir, 1.28+)"), dirInput, dropList, addDrop),
    h("div", { class: "editor-field" }, h("label", { for: envId, class: "label" }, "Environment (KEY=VALUE …)"), envInput),
    h("details", { class: "fold gates-dynamic" },
      h("summary", {}, "Dynamic config checkpoint (1.18–1.23)"),
      h("div", { class: "editor-field" }, h("label", { for: cpPathId, class: "label" }, "Checkpoint file"), cpPath, cpEditor)),
  );

  // Results.
  const status = h("p", { class: "gates-status visually-hidden", role: "status", "aria-live": "polite" });
  const verdict = h("div", { class: "gates-verdict verdict info" }, h("span", { class: "verdict-detail" }, "Evaluating…"));
  const problems = createProblems();
  const lines = h("pre", { class: "gates-lines output", tabindex: "0", "aria-label": "lines the kubelet prints" });
  const notes = h("ul", { class: "gates-notes hint" });
  const search = h("input", { type: "search", class: "gates-search", placeholder: "Search gates", "aria-label": "Search gates", on: { input: () => renderTable() } });
  const stageSel = select({ class: "gates-stage-filter", "aria-label": "Filter by stage", on: { change: () => renderTable() } }, [{ value: "", label: "all stages" }, ...STAGES.map((s) => ({ value: s, label: s }))], "");
  const onlyId = uid("gates-only");
  const onlyChanged = h("input", { type: "checkbox", id: onlyId, class: "gates-only-changed", checked: true, on: { change: () => renderTable() } });
  const tbody = h("tbody");
  const table = h("table", { class: "gates-table data-table" },
    h("caption", { class: "visually-hidden" }, "Effective feature gates"),
    h("thead", {}, h("tr", {}, ...["Gate", "Enabled", "Stage", "Default", "Source", "Notes"].map((c) => h("th", { scope: "col" }, c)))),
    tbody);
  const count = h("span", { class: "muted gates-count", "aria-live": "polite" });
  const upgrade = h("section", { class: "gates-upgrade section", "aria-label": "Upgrade check" });
  const explain = createExplain({ app, request: () => request(), labels: () => state.lastReply?.labels });
  const fleet = app.embedded ? null : createFleet({ app, target: () => currentTarget() });
  const diff = app.embedded ? null : createDiff({ app, target: () => currentTarget() });

  ws.output.append(
    status,
    verdict,
    problems.el,
    h("section", { class: "section gates-gates", "aria-labelledby": `${onlyId}-h` },
      h("div", { class: "section-head" }, h("h3", { id: `${onlyId}-h` }, "Effective gates"), count),
      h("div", { class: "gates-filters row" }, search, stageSel,
        h("label", { for: onlyId, class: "field" }, onlyChanged, "only set, not at default, or with a problem")),
      h("p", { class: "hint gates-explain-hint" }, "Choose a gate's name to see why it is on or off."),
      scrollRegion(h("div", { class: "gates-table-wrap table-wrap" }, table), "Effective gates table")),
    explain.el,
    upgrade,
    ...(diff ? [diff.el] : []),
    h("details", { class: "section fold gates-printed", open: true }, h("summary", {}, "Lines it prints"), lines, notes),
    ...(fleet ? [fleet.el] : []),
  );
  panel.replaceChildren(ws.root);

  function nextDropInName() {
    const used = new Set(state.dropIns.map((d) => d.path));
    for (let n = 10; ; n += 10) {
      const name = `${n}-dropin.conf`;
      if (!used.has(name)) return name;
    }
  }

  function addDropIn(path, content, byUser) {
    const d = { path, editorBox: h("div", { class: "gates-editor editor-box" }) };
    const nameId = uid("gates-drop");
    d.name = h("input", { id: nameId, type: "text", class: "gates-path path-input", value: path, spellcheck: "false", "aria-label": "drop-in file name", on: { input: () => { d.path = d.name.value; changed(); } } });
    d.editor = createEditor({ parent: d.editorBox, label: "drop-in file (YAML)", onChange: changed, onApply: () => run.flush(), minHeight: "4em", root: editorRoot });
    d.editor.value = content;
    const remove = h("button", { type: "button", class: "button small gates-remove", on: { click: () => {
      state.dropIns = state.dropIns.filter((x) => x !== d);
      d.box.remove();
      changed();
      addDrop.focus();
    } } }, "Remove");
    remove.setAttribute("aria-label", "Remove this drop-in");
    d.box = h("div", { class: "gates-dropin" }, h("div", { class: "gates-dropin-head" }, h("label", { for: nameId, class: "label" }, "File"), d.name, remove), d.editorBox);
    state.dropIns.push(d);
    dropList.appendChild(d.box);
    if (byUser) {
      d.name.focus();
      changed();
    }
    return d;
  }

  function request() {
    const req = { release: app.release || "", commandLine: cmd.value };
    if (cfg.value !== "") req.config = { path: cfgPath.value.trim(), content: cfg.value };
    if (state.dropIns.length > 0) {
      req.configDir = dirInput.value.trim();
      req.dropIns = state.dropIns.map((d) => ({ path: d.path, content: d.editor.value }));
    }
    const env = parseEnv(envInput.value);
    if (Object.keys(env).length > 0) req.env = env;
    if (cp.value !== "") req.dynamicCheckpoint = { path: cpPath.value.trim(), content: cp.value };
    const target = currentTarget();
    if (target) req.targetRelease = target;
    return req;
  }

  // The upgrade target in effect: a release the page models, not the
  // header's own.
  function currentTarget() {
    return state.target && state.target !== app.release && app.releases.includes(state.target) ? state.target : "";
  }

  async function evaluate() {
    if (!app.release) return;
    const seq = ++state.seq;
    const started = performance.now();
    ws.setStale(true);
    let reply;
    try {
      reply = await app.engine.call("gates.evaluate", request());
    } catch (err) {
      if (seq !== state.seq) return;
      // A request the model cannot evaluate (an unterminated quote) still
      // marks the input at fault.
      markEditors(fromError(err));
      status.textContent = `Could not evaluate: ${err.message}`;
      status.className = "gates-status visually-hidden error";
      setVerdict(false, "Fails: cannot evaluate", err.message);
      ws.setStale(false);
      panel.dataset.evaluated = String(seq);
      app.resultShown(id);
      return;
    }
    if (seq !== state.seq) return;
    state.lastReply = reply;
    render(reply);
    ws.setStale(false);
    // Time from the debounce firing to the updated table, for the bench probe.
    panel.dataset.renderMs = String(Math.round(performance.now() - started));
    panel.dataset.evaluated = String(seq);
    app.resultShown(id);
  }

  function setVerdict(ok, title, detail) {
    verdict.className = `gates-verdict verdict ${ok ? "ok" : "fail"}`;
    replaceChildren(verdict, icon(ok ? "check" : "cross"),
      h("div", {}, h("div", { class: "gates-badge verdict-title" }, title), detail ? h("div", { class: "verdict-detail" }, detail) : null));
  }

  const stageLabel = (reply, stage) => reply.labels?.stages?.[stage] || stage;

  function render(reply) {
    const r = reply.result;
    ws.setTitles({ output: `Start-up on Kubernetes ${r.release}` });
    status.className = "gates-status visually-hidden";
    status.textContent = r.wouldStart ? `kubelet ${r.release} would start.` : `kubelet ${r.release} would not start (exit status ${r.exitCode}).`;
    if (r.wouldStart) setVerdict(true, `Starts on ${r.release}`, `Every feature-gate and configuration step succeeds (component-base ${r.library}).`);
    else setVerdict(false, `Fails at the ${stageLabel(reply, r.stage)} (exit status ${r.exitCode})`, r.error);
    lines.textContent = r.lines.length ? r.lines.map((l) => l.text).join("\n") : "(nothing printed by the feature-gate steps)";
    replaceChildren(notes, ...[...(r.alternatives || []).map((a) => `The real kubelet may report instead: ${a}`), ...(r.notes || [])].map((n) => h("li", {}, n)));
    // The upgrade's own findings (a gate set that no kubelet code of the
    // target reads) are marked at the setting too.
    markEditors([...r.diagnostics, ...(reply.upgrade?.diagnostics || [])]);
    renderTable();
    renderUpgrade(reply.upgrade);
    explain.refresh();
  }

  // markEditors puts each diagnostic on the editor of its input (the
  // request field it names; a drop-in by path) and in the problems list.
  // Diagnostics about a whole input mark its first line.
  function markEditors(diags) {
    const targets = [
      { key: cmd, inputs: ["commandLine", "args"] },
      { key: cfg, inputs: ["config"] },
      { key: cp, inputs: ["dynamicCheckpoint"] },
      ...state.dropIns.map((d) => ({ key: d.editor, inputs: ["dropIns"], path: d.path })),
    ];
    const { marks, items } = route(diags, targets, { fallbackLine: 1 });
    for (const [editor, list] of marks) editor.setDiagnostics(list);
    problems.set(items, new Map(targets.map((t) => [t.key, t.key])));
  }

  function sourceText(reply, g) {
    const label = reply.labels?.sources?.[g.source] || g.source;
    if (!g.sourcePath) return label;
    const file = g.source === "dropin" ? g.sourcePath.split("/").pop() : g.sourcePath;
    return `${label} ${file}${g.sourceLine ? `:${g.sourceLine}` : ""}`;
  }

  function renderTable() {
    const reply = state.lastReply;
    if (!reply) return;
    const q = search.value.trim().toLowerCase();
    const stage = stageSel.value;
    const rows = reply.result.gates.filter((g) =>
      (!q || g.name.toLowerCase().includes(q)) &&
      (!stage || g.stage === stage) &&
      (!onlyChanged.checked || g.source !== "default" || g.problem || g.enabled !== g.default));
    count.textContent = `${rows.length} of ${reply.result.gates.length} shown`;
    replaceChildren(tbody, ...rows.map((g) => {
      const hints = [];
      if (g.dependencies?.length) hints.push(`needs ${g.dependencies.join(", ")}`);
      if (g.requested != null && g.requested !== g.enabled) hints.push(`requested ${g.requested}`);
      if (g.problem) hints.push(`⚠ ${g.problem}`);
      const why = h("button", { type: "button", class: "gates-why", on: { click: () => explain.show(g.name, why) } }, ...wordBreaks(g.name));
      why.setAttribute("aria-label", `${g.name}: why is it ${g.enabled ? "on" : "off"}?`);
      return h("tr", { class: g.problem ? "problem" : "" },
        h("th", { scope: "row" }, g.name ? why : "(empty name)"),
        h("td", {}, h("span", { class: `gates-value ${g.enabled ? "on" : "off"}` }, g.enabled ? "true" : "false")),
        h("td", {}, h("span", { class: `gates-stage stage-${g.stage.toLowerCase()}` }, g.stage), g.locked ? h("span", { class: "gates-lock", title: "locked to its default" }, "locked") : null),
        h("td", {}, String(g.default)),
        h("td", { class: "gates-source" }, sourceText(reply, g)),
        h("td", {}, hints.join("; ")));
    }));
    if (!rows.length) tbody.append(h("tr", {}, h("td", { colspan: "6", class: "muted" }, "No gate matches.")));
  }

  function renderUpgrade(u) {
    if (!u) {
      replaceChildren(upgrade);
      upgrade.hidden = true;
      return;
    }
    upgrade.hidden = false;
    // What breaks, and what happens to gates the inputs set, comes first;
    // the release's other changes (new gates, flipped defaults) fold away.
    const mine = (c) => c.kinds.includes("breaks") || c.kinds.includes("dependency") ||
      (c.before && c.before.source !== "default") || (c.after && c.after.source !== "default");
    const item = (c) => h("li", { class: c.kinds.includes("breaks") ? "breaks" : "" },
      c.kinds.includes("breaks") ? "✗ " : "", h("strong", {}, c.name), ` [${c.kinds.join(", ")}] `, c.message);
    // Gates the inputs set that no kubelet code of the target reads.
    const unread = (u.diagnostics || []).map((d) => h("li", { class: "gates-unread" }, "⚠ ", d.message, d.path || d.line ? h("span", { class: "muted" }, ` (${location(d)})`) : null));
    const first = u.changes.filter(mine);
    const rest = u.changes.filter((c) => !mine(c));
    first.sort((a, b) => Number(b.kinds.includes("breaks")) - Number(a.kinds.includes("breaks")));
    replaceChildren(upgrade,
      h("h3", {}, `Upgrade to ${u.target.release}`),
      h("p", { class: u.target.wouldStart ? "gates-upgrade-summary" : "gates-upgrade-summary error" }, u.target.wouldStart ? "✓ " : "✗ ", u.summary),
      unread.length ? h("ul", { class: "gates-changes gates-unread-list" }, ...unread) : null,
      first.length
        ? h("ul", { class: "gates-changes gates-changes-mine" }, ...first.map(item))
        : h("p", { class: "muted" }, "No gate this kubelet sets changes its effect."),
      rest.length
        ? h("details", { class: "gates-changes-rest fold" },
          h("summary", {}, `${rest.length} other changes in ${u.target.release} (new gates, defaults, stages)`),
          h("ul", { class: "gates-changes" }, ...rest.map(item)))
        : null,
      u.target.wouldStart ? null : h("pre", { class: "gates-lines output", tabindex: "0", "aria-label": "lines on the target release" }, u.target.lines.map((l) => l.text).join("\n")));
  }

  function refreshTargets() {
    setOptions(targetSel, [{ value: "", label: "none" }, ...app.releases.filter((r) => r !== app.release).map((r) => ({ value: r, label: r }))], state.target);
    if (targetSel.value !== state.target) {
      // A target equal to the release (or unknown) is kept in the state but not offered.
      targetSel.value = "";
    }
    // The fleet and the release diff follow both releases (each skips
    // what it has already shown).
    fleet?.refresh();
    diff?.refresh();
  }

  // The inputs as a string, to compare with the example's (the release is
  // the page's, so it is not part of it).
  function inputsKey() {
    const s = getState();
    delete s.basis;
    return JSON.stringify(s);
  }

  function updateModified() {
    ws.setModified(state.baseline !== null && inputsKey() !== state.baseline);
  }

  // The example the inputs started from, as the modified marker's baseline.
  function setBasis(name, ex) {
    state.basis = name || "default";
    menu.setCurrent(state.basis);
    ws.setExample(ex?.title || state.examples?.find((e) => e.name === state.basis)?.title || state.basis);
  }

  function fill(s) {
    cmd.value = typeof s.commandLine === "string" ? s.commandLine : "";
    cfgPath.value = typeof s.config?.path === "string" ? s.config.path : DEFAULT_CONFIG_PATH;
    cfg.value = typeof s.config?.content === "string" ? s.config.content : "";
    dirInput.value = typeof s.configDir === "string" && s.configDir ? s.configDir : DEFAULT_CONFIG_DIR;
    for (const d of state.dropIns) d.box.remove();
    state.dropIns = [];
    for (const d of Array.isArray(s.dropIns) ? s.dropIns : []) {
      if (d && typeof d.path === "string") addDropIn(d.path, typeof d.content === "string" ? d.content : "", false);
    }
    envInput.value = s.env && typeof s.env === "object" ? formatEnv(s.env) : "";
    cpPath.value = typeof s.dynamicCheckpoint?.path === "string" ? s.dynamicCheckpoint.path : DEFAULT_CHECKPOINT_PATH;
    cp.value = typeof s.dynamicCheckpoint?.content === "string" ? s.dynamicCheckpoint.content : "";
    state.target = typeof s.targetRelease === "string" ? s.targetRelease : "";
    refreshTargets();
    ws.setStale(true);
    runSoon();
  }

  // fromImport fills the inputs from a gates.import reply; what they held
  // goes to the history first. The node's release (kubelet --version)
  // becomes the header's when the page models it.
  function fromImport(reply, what) {
    app.replacing(id, `an imported node (${reply.node}, from ${what})`);
    const req = reply.request;
    state.gen++;
    fill({
      commandLine: req.commandLine || (Array.isArray(req.args) ? shellQuote(req.args) : ""),
      config: req.config, configDir: req.configDir, dropIns: req.dropIns, env: req.env,
      dynamicCheckpoint: req.dynamicCheckpoint, targetRelease: state.target,
    });
    updateModified();
    let note = "";
    if (req.release && req.release !== app.release) {
      if (app.releases.includes(req.release)) {
        app.setRelease(req.release);
        note = ` Its kubelet is ${req.release}: the header shows that release now.`;
      } else note = ` Its kubelet is ${req.release}, a release the page does not model: evaluated on ${app.release}.`;
    }
    app.changed();
    app.announce(`Imported ${reply.node} from ${what}; what the inputs held is in the history (Share… → Earlier versions).${note}`, "ready");
  }

  // fillExample shows an example's request and makes it the baseline.
  function fillExample(name, ex, req) {
    fill(req);
    setBasis(name, ex);
    state.baseline = inputsKey();
    updateModified();
  }

  function setState(s) {
    if (s == null || typeof s !== "object" || Array.isArray(s)) throw new Error("not a feature-gates state");
    state.gen++;
    if (typeof s.example === "string" && s.example) {
      // A widget naming a gallery example.
      loadExample(s.example, s.targetRelease).catch((err) => app.announce(`The example “${s.example}” could not be loaded: ${err.message}`, "error"));
      return;
    }
    fill(s);
    // The example it started from, fetched to tell whether it was changed.
    const basis = typeof s.basis === "string" && s.basis ? s.basis : "default";
    setBasis(basis);
    state.baseline = null;
    updateModified();
    const gen = state.gen;
    fetchExample(basis).then((ex) => {
      if (gen !== state.gen) return;
      setBasis(basis, ex);
      const saved = getState();
      fill(exampleRequest(ex));
      state.baseline = inputsKey();
      fill(saved);
      updateModified();
    }).catch(() => {
      ws.setModified(true);
    });
  }

  function exampleRequest(ex, targetOverride) {
    const req = { ...ex.request };
    if (targetOverride) req.targetRelease = targetOverride;
    if (req.targetRelease && req.targetRelease === (req.release || app.release)) req.targetRelease = "";
    return req;
  }

  async function fetchExample(name) {
    return app.engine.call("gates.example", { name });
  }

  async function loadExample(name, targetOverride) {
    const gen = ++state.gen;
    const ex = await fetchExample(name);
    if (gen !== state.gen) return;
    const req = exampleRequest(ex, targetOverride);
    if (req.release && req.release !== app.release && app.releases.includes(req.release)) {
      app.setRelease(req.release);
      app.announce(`The example runs on Kubernetes ${req.release}.`, "ready");
    }
    fillExample(name, ex, req);
  }

  function loadGallery() {
    state.galleryLoad ??= fetchGallery();
    return state.galleryLoad;
  }

  async function fetchGallery() {
    try {
      const reply = await app.engine.call("gates.examples", {});
      state.examples = reply.examples;
    } catch (err) {
      app.announce(`The feature-gates examples could not be loaded: ${err.message}`, "error");
      state.galleryLoad = null; // try again when the tab is shown
      return;
    }
    menu.set(state.examples.map((ex) => ({ ...ex, hint: ex.release ? `${ex.release}${ex.targetRelease ? ` → ${ex.targetRelease}` : ""}` : "" })));
    menu.setCurrent(state.basis);
    setBasis(state.basis);
  }

  async function pick(name) {
    try {
      await loadExample(name);
      app.changed();
      app.exampleShown(id, name);
      run.flush();
    } catch (err) {
      app.announce(`The example could not be loaded: ${err.message}`, "error");
    }
  }

  async function reset() {
    const gen = state.gen;
    const name = state.basis || "default";
    try {
      const ex = await fetchExample(name);
      if (gen !== state.gen) return; // the inputs were filled meanwhile
      state.gen++;
      fillExample(name, ex, exampleRequest(ex));
    } catch (err) {
      app.announce(`Could not load the example: ${err.message}`, "error");
    }
  }

  function getState() {
    const req = request();
    delete req.release;
    req.configDir = dirInput.value;
    req.config = { path: cfgPath.value, content: cfg.value };
    req.targetRelease = state.target;
    if (req.dynamicCheckpoint === undefined && cpPath.value !== DEFAULT_CHECKPOINT_PATH) req.dynamicCheckpoint = { path: cpPath.value, content: "" };
    req.basis = state.basis;
    return req;
  }

  reset();
  loadGallery();
  return {
    getState,
    setState,
    reset: () => {
      state.gen++;
      return reset();
    },
    apply: () => run.flush(),
    onEngineRestart: () => {
      if (state.gen === 0) reset(); // the first example never arrived
      if (!state.examples) loadGallery();
      run.flush();
    },
    onRelease: () => {
      refreshTargets();
      ws.setStale(true);
      runSoon();
    },
    onShow: () => {
      loadGallery();
      runSoon();
    },
    loadExample: (name) => loadExample(name),
  };
}
