// The page: header (release, theme), the three tabs, the engine status line.
//
// Each tab is a module in js/tabs/ exporting {id, title, mount(panel, app)}.
// mount may return an object with hooks:
//   onEngineRestart(): re-send the tab's inputs to a restarted engine
//   onRelease(release): the header's release changed
//   onShow(): the tab became visible
// app gives tabs: engine (call), release, releases, announce(text),
// onRelease(fn).

import { Engine } from "./engine.js";
import { h } from "./ui.js";
import * as gates from "./tabs/gates.js";
import * as kubelet from "./tabs/kubelet.js";
import * as kubefed from "./tabs/kubefed.js";

/* global KX_VERSION */

const TABS = [gates, kubelet, kubefed];
const THEME_KEY = "kubexplorer.theme";

// Recorded for the end-to-end tests: the page must run under its strict CSP.
const cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`);
});

const engine = new Engine();
const statusLine = document.getElementById("engine-status");
const releaseSelect = document.getElementById("release");

const app = {
  engine,
  release: null,
  releases: [],
  mounted: new Map(),
  releaseListeners: [],
  /** Says something in the status line (read by screen readers). */
  announce(text, state = "info") {
    statusLine.textContent = text;
    statusLine.dataset.state = state;
  },
  onRelease(fn) {
    this.releaseListeners.push(fn);
  },
};

// Exposed for tests, benchmarks and curious users in the console.
window.kx = { engine, app, cspViolations, version: KX_VERSION };

setupTheme();
setupTabs();
setupEngine();

function setupTheme() {
  const button = document.getElementById("theme-toggle");
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const saved = localStorage.getItem(THEME_KEY);
  const apply = (theme) => {
    document.documentElement.dataset.theme = theme;
    const dark = theme === "dark";
    button.setAttribute("aria-pressed", String(dark));
    button.textContent = dark ? "Light theme" : "Dark theme";
    button.setAttribute("aria-label", dark ? "Switch to the light theme" : "Switch to the dark theme");
  };
  apply(saved === "dark" || saved === "light" ? saved : media.matches ? "dark" : "light");
  media.addEventListener("change", (e) => {
    if (!localStorage.getItem(THEME_KEY)) apply(e.matches ? "dark" : "light");
  });
  button.addEventListener("click", () => {
    const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    localStorage.setItem(THEME_KEY, next);
    apply(next);
  });
}

function setupTabs() {
  const tablist = document.querySelector('[role="tablist"]');
  const tabs = [...tablist.querySelectorAll('[role="tab"]')];
  const select = (tab, focus) => {
    for (const t of tabs) {
      const selected = t === tab;
      t.setAttribute("aria-selected", String(selected));
      t.tabIndex = selected ? 0 : -1;
      document.getElementById(t.getAttribute("aria-controls")).hidden = !selected;
    }
    if (focus) tab.focus();
    const id = tab.id.replace(/^tab-/, "");
    if (location.hash !== `#${id}` && !location.hash.startsWith(`#${id}/`)) {
      history.replaceState(null, "", `#${id}`);
    }
    mountTab(id)?.onShow?.();
  };
  tablist.addEventListener("click", (e) => {
    const tab = e.target.closest('[role="tab"]');
    if (tab) select(tab, false);
  });
  tablist.addEventListener("keydown", (e) => {
    const i = tabs.indexOf(document.activeElement);
    if (i < 0) return;
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(tabs[(next + tabs.length) % tabs.length], true);
  });
  const fromHash = tabs.find((t) => location.hash.slice(1).split("/")[0] === t.id.replace(/^tab-/, ""));
  select(fromHash || tabs[0], false);
}

/** Mounts a tab's module the first time it is shown. */
function mountTab(id) {
  if (app.mounted.has(id)) return app.mounted.get(id);
  const mod = TABS.find((t) => t.id === id);
  const panel = document.getElementById(`panel-${id}`);
  if (!mod || !panel) return null;
  let hooks = {};
  try {
    hooks = mod.mount(panel, app) || {};
  } catch (err) {
    panel.replaceChildren(h("p", { class: "error", role: "alert" }, `This tab failed to start: ${err.message}`));
    console.error(err);
  }
  app.mounted.set(id, hooks);
  return hooks;
}

async function setupEngine() {
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
    for (const hooks of app.mounted.values()) {
      try {
        hooks.onEngineRestart?.();
      } catch (err) {
        console.error(err);
      }
    }
  });
  try {
    await engine.start();
    const reply = await engine.call("releases", {});
    app.releases = reply.releases;
    const initial = reply.releases.includes(localStorage.getItem("kubexplorer.release")) ? localStorage.getItem("kubexplorer.release") : reply.default;
    releaseSelect.replaceChildren(...reply.releases.map((r) => h("option", { value: r, selected: r === initial }, r)));
    setRelease(initial);
  } catch (err) {
    console.error(err);
  }
  releaseSelect.addEventListener("change", () => {
    localStorage.setItem("kubexplorer.release", releaseSelect.value);
    setRelease(releaseSelect.value);
  });
}

function setRelease(release) {
  app.release = release;
  for (const fn of app.releaseListeners) fn(release);
  for (const hooks of app.mounted.values()) hooks.onRelease?.(release);
}
