// The full page: header (release, share, reset, theme), the three tabs, the
// engine's status line, autosave, share links and the service worker. The
// contract with the tabs is in app.js.

import { Engine } from "./engine.js";
import { createApp, TABS } from "./app.js";
import { h, debounce } from "./ui.js";
import * as saved from "./state.js";

/* global KX_VERSION */

const THEME_KEY = "kubexplorer.theme";
const RELEASE_KEY = "kubexplorer.release";

// Recorded for the end-to-end tests: the page must run under its strict CSP.
const cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`);
});

const statusLine = document.getElementById("engine-status");
const releaseSelect = document.getElementById("release");
const engine = new Engine();
const app = createApp({
  engine,
  announce(text, state = "info") {
    statusLine.textContent = text;
    statusLine.dataset.state = state;
  },
  onExample(tabId, name) {
    history.replaceState(null, "", `#${tabId}/${encodeURIComponent(name)}`);
  },
});
// States for tabs not mounted yet (restored from a link or autosave).
const pendingStates = new Map();
let currentTab = null;
let restoredFromLink = false;

// Exposed for tests, benchmarks and curious users in the console.
window.kx = { engine, app, cspViolations, version: KX_VERSION, currentState };

function setupTheme() {
  const button = document.getElementById("theme-toggle");
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const stored = localStorage.getItem(THEME_KEY);
  const apply = (theme) => {
    document.documentElement.dataset.theme = theme;
    const dark = theme === "dark";
    button.setAttribute("aria-pressed", String(dark));
    button.textContent = dark ? "Light theme" : "Dark theme";
    button.setAttribute("aria-label", dark ? "Switch to the light theme" : "Switch to the dark theme");
  };
  apply(stored === "dark" || stored === "light" ? stored : media.matches ? "dark" : "light");
  media.addEventListener("change", (e) => {
    if (!localStorage.getItem(THEME_KEY)) apply(e.matches ? "dark" : "light");
  });
  button.addEventListener("click", () => {
    const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    localStorage.setItem(THEME_KEY, next);
    apply(next);
  });
}

function tabs() {
  return [...document.querySelectorAll('[role="tablist"] [role="tab"]')];
}

function selectTab(id, focus = false) {
  const tab = document.getElementById(`tab-${id}`) || tabs()[0];
  for (const t of tabs()) {
    const selected = t === tab;
    t.setAttribute("aria-selected", String(selected));
    t.tabIndex = selected ? 0 : -1;
    document.getElementById(t.getAttribute("aria-controls")).hidden = !selected;
  }
  if (focus) tab.focus();
  currentTab = tab.id.replace(/^tab-/, "");
  if (!location.hash.startsWith("#s=") && !location.hash.startsWith(`#${currentTab}/`) && location.hash !== `#${currentTab}`) {
    history.replaceState(null, "", `#${currentTab}`);
  }
  mountTab(currentTab)?.onShow?.();
  autosave();
}

function mountTab(id) {
  const first = !app.mounted.has(id);
  const hooks = app.mount(id, document.getElementById(`panel-${id}`));
  if (first && hooks && pendingStates.has(id)) {
    applyTabState(id, hooks, pendingStates.get(id));
    pendingStates.delete(id);
  }
  return hooks;
}

function applyTabState(id, hooks, state) {
  try {
    hooks.setState?.(state);
  } catch (err) {
    app.announce(`The saved ${id} tab could not be restored (${err.message}); it shows its example instead.`, "error");
    hooks.reset?.();
  }
}

function setupTabs() {
  const tablist = document.querySelector('[role="tablist"]');
  tablist.addEventListener("click", (e) => {
    const tab = e.target.closest('[role="tab"]');
    if (tab) selectTab(tab.id.replace(/^tab-/, ""));
  });
  tablist.addEventListener("keydown", (e) => {
    const all = tabs();
    const i = all.indexOf(document.activeElement);
    if (i < 0) return;
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: all.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    selectTab(all[(next + all.length) % all.length].id.replace(/^tab-/, ""), true);
  });
  window.addEventListener("hashchange", () => {
    if (location.hash.startsWith("#s=")) restoreFromLink();
    else if (parseExampleHash()) showExampleFromHash();
    else {
      const id = location.hash.slice(1);
      if (TABS.some((t) => t.id === id) && id !== currentTab) selectTab(id);
    }
  });
}

/** The whole page's state: what share links and autosave keep. */
function currentState() {
  const tabsState = {};
  for (const t of TABS) {
    const hooks = app.mounted.get(t.id);
    const s = hooks?.getState ? hooks.getState() : pendingStates.get(t.id);
    if (s !== undefined) tabsState[t.id] = s;
  }
  return { v: saved.STATE_VERSION, tab: currentTab, release: app.release, tabs: tabsState };
}

const autosave = debounce(() => {
  if (!app.release) return; // not started yet
  if (!saved.save(currentState())) app.announce("Your work could not be saved in this browser (storage is full or disabled).", "error");
}, 400);

app.onChange(() => {
  if (restoredFromLink) {
    // The page no longer shows what the link says.
    restoredFromLink = false;
    history.replaceState(null, "", `#${currentTab}`);
  }
  autosave();
});

/** Applies a whole-page state. */
function applyState(state) {
  if (state.release && app.releases.includes(state.release)) {
    releaseSelect.value = state.release;
    app.setRelease(state.release);
  }
  for (const [id, tabState] of Object.entries(state.tabs || {})) {
    if (!TABS.some((t) => t.id === id)) continue;
    const hooks = app.mounted.get(id);
    if (hooks) applyTabState(id, hooks, tabState);
    else pendingStates.set(id, tabState);
  }
  if (state.tab && TABS.some((t) => t.id === state.tab)) selectTab(state.tab);
}

/** #tab/name addresses a gallery example; returns {tab, name} or null. */
function parseExampleHash() {
  const m = /^#([a-z]+)\/(.+)$/.exec(location.hash);
  if (!m || !TABS.some((t) => t.id === m[1])) return null;
  try {
    return { tab: m[1], name: decodeURIComponent(m[2]) };
  } catch {
    return null;
  }
}

function showExampleFromHash() {
  const ex = parseExampleHash();
  return ex ? showExample(ex) : false;
}

async function showExample(ex) {
  selectTab(ex.tab);
  history.replaceState(null, "", `#${ex.tab}/${encodeURIComponent(ex.name)}`);
  const hooks = app.mounted.get(ex.tab);
  if (!hooks?.loadExample) return false;
  try {
    await hooks.loadExample(ex.name);
    app.announce(`Showing the example “${ex.name}”.`, "ready");
    return true;
  } catch (err) {
    app.announce(`There is no example “${ex.name}” in this tab (${err.message}).`, "error");
    return false;
  }
}

async function restoreFromLink() {
  try {
    const state = await saved.decodeState(location.hash);
    if (!state) return false;
    applyState(state);
    restoredFromLink = true;
    app.announce("Restored the state from the link.", "ready");
    return true;
  } catch (err) {
    app.announce(`The link could not be opened: ${err.message}`, "error");
    history.replaceState(null, "", `#${currentTab}`);
    return false;
  }
}

function setupSharing() {
  const dialog = document.getElementById("share-dialog");
  const linkField = document.getElementById("share-link");
  const note = document.getElementById("share-note");
  document.getElementById("share-button").addEventListener("click", async () => {
    const fragment = await saved.encodeState(currentState());
    const url = `${location.origin}${location.pathname}#${fragment}`;
    if (url.length > saved.MAX_LINK_CHARS) {
      linkField.value = "";
      linkField.disabled = true;
      note.textContent = `This state needs a ${url.length.toLocaleString()}-character link, more than the ${saved.MAX_LINK_CHARS.toLocaleString()} that links survive being pasted. Download it as a file instead and share the file; “Open file” reads it back.`;
      note.dataset.state = "error";
    } else {
      linkField.disabled = false;
      linkField.value = url;
      note.textContent = "Anyone who opens this link sees exactly this page. The state is in the link itself; nothing is uploaded.";
      note.dataset.state = "info";
    }
    dialog.showModal();
    if (!linkField.disabled) linkField.select();
  });
  document.getElementById("share-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(linkField.value);
      note.textContent = "Copied.";
    } catch {
      linkField.select();
      note.textContent = "Copying is not allowed here; the link is selected, press Ctrl+C.";
    }
  });
  document.getElementById("share-download").addEventListener("click", () => saved.downloadState(currentState()));
  const fileInput = document.getElementById("share-file");
  document.getElementById("share-open").addEventListener("click", () => fileInput.click());
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files[0];
    fileInput.value = "";
    if (!file) return;
    try {
      applyState(await saved.readStateFile(file));
      dialog.close();
      app.announce(`Opened ${file.name}.`, "ready");
      autosave();
    } catch (err) {
      note.textContent = err.message;
      note.dataset.state = "error";
    }
  });
  document.getElementById("share-close").addEventListener("click", () => dialog.close());
  document.getElementById("reset-button").addEventListener("click", () => {
    const hooks = app.mounted.get(currentTab);
    hooks?.reset?.();
    app.announce(`The ${document.getElementById(`tab-${currentTab}`).textContent} tab shows its example again.`, "ready");
    app.changed();
  });
}

function setupShortcuts() {
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  for (const el of document.querySelectorAll("[data-mod-key]")) el.textContent = mac ? "⌘" : "Ctrl";
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented) return;
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      app.mounted.get(currentTab)?.apply?.();
    }
  });
}

async function start() {
  engine.addEventListener("state", (e) => {
    const { state, message, version, restarted } = e.detail;
    if (state === "loading") app.announce("Loading the engine…", "loading");
    else if (state === "restarting") app.announce("Restarting the engine…", "loading");
    else if (state === "failed") app.announce(message, "error");
    else if (state === "ready" && !restarted) {
      app.announce("Engine ready.", "ready");
      performance.mark("kx-engine-ready");
      document.getElementById("engine-version").textContent = version ? `engine ${version.version} · ${version.goVersion} · ${version.platform}` : "";
    }
  });
  engine.addEventListener("restart", (e) => {
    app.announce(`${e.detail.message} Your inputs were kept and re-applied.`, "restarted");
  });
  // A tab may switch the release itself (an example that names one).
  app.onRelease((release) => {
    if (releaseSelect.value !== release) releaseSelect.value = release;
  });
  releaseSelect.addEventListener("change", () => {
    localStorage.setItem(RELEASE_KEY, releaseSelect.value);
    app.setRelease(releaseSelect.value);
    autosave();
  });

  // The tab from the address shows at once; the engine loads meanwhile.
  const hashTab = parseExampleHash()?.tab || location.hash.slice(1);
  selectTab(TABS.some((t) => t.id === hashTab) ? hashTab : TABS[0].id);
  registerServiceWorker();

  try {
    await engine.start();
    const reply = await engine.call("releases", {});
    app.releases = reply.releases;
    const stored = localStorage.getItem(RELEASE_KEY);
    const initial = reply.releases.includes(stored) ? stored : reply.default;
    releaseSelect.replaceChildren(...reply.releases.map((r) => h("option", { value: r, selected: r === initial }, r)));
    app.setRelease(initial);
  } catch (err) {
    console.error(err);
    return;
  }
  // A link wins over autosaved work; autosaved work over the default examples.
  if (location.hash.startsWith("#s=") && (await restoreFromLink())) return;
  const example = parseExampleHash();
  const { state, error } = saved.loadSaved();
  if (error) app.announce(error, "error");
  else if (state) applyState(state);
  // An example's address (#kubelet/crashloop) wins over that tab's saved work.
  if (example) await showExample(example);
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("sw.js").catch((err) => console.warn("offline mode unavailable:", err));
}

setupTheme();
setupTabs();
setupSharing();
setupShortcuts();
start();
