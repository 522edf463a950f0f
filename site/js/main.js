// The full page: header (release, share, reset, theme), the three tabs, the
// engine's status line, notices, autosave, share links, the history of
// earlier versions and the service worker. The contract with the tabs is in
// app.js.
//
// The user's work is never lost:
//
// - Autosave keeps the page's state (savedwork.js), debounced while typing
//   and at once when the page is hidden or left (pagehide,
//   visibilitychange), so the last keystrokes survive a quick reload.
// - A share link is a view. Opening one shows its content ("link mode")
//   without touching the saved work; a notice offers "Back to your work" and
//   "Keep the link's content". The work is replaced only when the user keeps
//   the link's content or edits it (an edit in a tab the link shows, or a
//   change of release); the tabs' earlier states then go to the history.
//   Tabs the link does not show stay the user's own and are saved as usual.
// - Anything else that replaces a tab's state — Reset to example, an
//   example, a file, restoring an earlier version — first puts the state it
//   replaces in that tab's history (the last 10, in the Share dialog).
// - A link, a file or saved work the page cannot read is reported in a
//   notice that says what was ignored and why; the tabs show their examples;
//   unreadable saved data is moved aside, never deleted.
// - With storage blocked or full the page works and says that work won't be
//   kept (storage.js).

import { Engines } from "./engine.js";
import { createApp, TABS, tabInfo, prefetchTabs } from "./app.js";
import { loadEditors } from "./editor.js";
import { h, debounce } from "./ui.js";
import * as pageState from "./state.js";
import { local as store, STATUS } from "./storage.js";
import { SavedWork } from "./savedwork.js";
import { createNotices } from "./notices.js";
import { pickRelease } from "./releases.js";
import { createReleaseField } from "./releasefield.js";
import { setIconLabel } from "./icons.js";
import { embedSnippets } from "./embedsnippet.js";

/* global KX_VERSION */

// The page's modules are evaluated (kxbench's breakdown of a first result).
performance.mark("kx-app");

const THEME_KEY = "kubexplorer.theme";
const RELEASE_KEY = "kubexplorer.release";
const TAB_IDS = TABS.map((t) => t.id);

// Recorded for the end-to-end tests: the page must run under its strict CSP.
const cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`);
});

const statusLine = document.getElementById("engine-status");
const releaseSelect = document.getElementById("release");
// The notices sit at the top of the main landmark, above the workspace; the
// live region exists before anything is put in it, so screen readers
// announce what arrives.
const noticeArea = h("div", { id: "notices", class: "notices", "aria-live": "polite" });
document.getElementById("main").prepend(noticeArea);
// The header's release control: Kubernetes, or the shown tab's own releases.
const releaseField = createReleaseField({
  kubernetes: document.getElementById("release-field"),
  own: document.getElementById("tab-release-field"),
  ownLabel: document.getElementById("tab-release-label"),
  ownSelect: document.getElementById("tab-release"),
});
const notices = createNotices(noticeArea);
const restartButton = h("button", { id: "engine-restart", class: "button", type: "button", hidden: true }, "Restart the engine");
statusLine.after(restartButton);

// One engine per mechanism, each started when its tab first needs it; the
// primary one (the tab the page opens with) is usually already loading
// (boot.js).
const engine = new Engines({ primary: globalThis.__kxBoot?.mechanism ?? null });
const work = new SavedWork(store);
// The first result the page paints: measured (kx-first-result) and the
// moment to fetch the rest for offline use (the service worker).
let firstResult = false;
// Whether the status line shows the engine's own progress ("Loading the
// engine…", "Engine ready."): only then may more progress replace it. An
// engine (one per mechanism) that finishes loading later must not cover
// what the page said meanwhile, such as that a link is shown.
let statusFromEngine = true;

// Settles once the page has given the first tab its state, or knows it
// has none (app.js: starting).
let startingDone;
const starting = new Promise((resolve) => (startingDone = resolve));

const app = createApp({
  engine,
  starting,
  onMount(id) {
    if (!pendingStates.has(id)) return;
    const { state, source } = pendingStates.get(id);
    pendingStates.delete(id);
    applyTabState(id, state, source);
  },
  onResult(tabId) {
    if (firstResult || tabId !== currentTab) return;
    firstResult = true;
    requestAnimationFrame(() => {
      // The mark counts the frame's style and layout of the result, on
      // every tab alike: without this, a tab whose own frame callback reads
      // layout (kubefed scrolls its log) was marked after its layout and the
      // others before theirs. The frame lays out next anyway: this costs
      // nothing more.
      document.documentElement.getBoundingClientRect();
      performance.mark("kx-first-result");
      afterFirstResult();
    });
  },
  storage: store,
  onReset: (id) => resetToExample(id),
  onReplace(id, reason) {
    if (mode === "link" && linkTabs.has(id)) adoptLink(reason);
    work.remember(id, currentState().tabs[id], `replaced by ${reason}`);
  },
  announce(text, state = "info") {
    statusLine.textContent = text;
    statusLine.dataset.state = state;
    statusFromEngine = false;
  },
  onExample(tabId, name) {
    // The example replaced the tab's saved state: keep that in the history.
    work.remember(tabId, savedState?.tabs?.[tabId], `replaced by the example “${name}”`, currentState().tabs[tabId]);
    history.replaceState(null, "", `#${tabId}/${encodeURIComponent(name)}`);
  },
  onSuspend(tabId, detail) {
    const title = tabInfo(tabId)?.title || tabId;
    notices.show(`suspended-${tabId}`, {
      kind: "warning",
      text: `${detail.message || "The engine restarted."} The ${title} input that was running then was not run again, so it cannot stop the engine a second time. Change it, or retry it as it is.`,
      actions: [{ label: `Retry the ${title} input`, run: () => app.retry(tabId) }],
    });
  },
});

// States for tabs not mounted yet (from a link, a file or the saved work).
const pendingStates = new Map();
let currentTab = null;
// "work": the page shows the user's work. "link": it shows a share link's
// content in the tabs of linkTabs (and the link's release).
let mode = "work";
let linkTabs = new Set();
// Settles when the link's content is in every tab (some tabs load it
// asynchronously); keeping the link waits for it.
let linkLoaded = Promise.resolve();
// The user's work as last saved or loaded: what "Back to your work" shows
// and what the history keeps when something replaces it.
let savedState = null;
// Nothing is saved before the saved work has been read and applied, or the
// defaults would overwrite it.
let started = false;
// Changes reported while the page itself fills the tabs are not the user's.
let applying = 0;
let defaultRelease = null;
// The address named a tab (#kubelet, #kubelet/crashloop) when the page opened.
const openedWithTab = TAB_IDS.includes(location.hash.slice(1)) || /^#[a-z]+\//.test(location.hash);

// Exposed for tests, benchmarks and curious users in the console.
window.kx = {
  engine,
  app,
  cspViolations,
  settled: false,
  version: KX_VERSION,
  currentState,
  work,
  store,
  notices,
  get mode() {
    return mode;
  },
};

function setupTheme() {
  const button = document.getElementById("theme-toggle");
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const stored = store.get(THEME_KEY);
  const apply = (theme) => {
    document.documentElement.dataset.theme = theme;
    const dark = theme === "dark";
    button.setAttribute("aria-pressed", String(dark));
    setIconLabel(button, dark ? "sun" : "moon", dark ? "Light theme" : "Dark theme", { hideLabel: true });
    button.setAttribute("aria-label", dark ? "Switch to the light theme" : "Switch to the dark theme");
  };
  apply(stored === "dark" || stored === "light" ? stored : media.matches ? "dark" : "light");
  media.addEventListener("change", (e) => {
    if (!store.get(THEME_KEY)) apply(e.matches ? "dark" : "light");
  });
  button.addEventListener("click", () => {
    const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    store.set(THEME_KEY, next);
    apply(next);
  });
}

function setupStorageNotice() {
  store.onProblem(({ status }) => {
    const text =
      status === STATUS.FULL
        ? "This browser's storage for this site is full, so your latest changes will not be kept when you close the page. To keep them, use Share… → Download as file."
        : "This browser does not let the page store anything (site data is blocked or disabled). Everything works, but your work will not be kept when you close the page. To keep it, use Share… → Download as file.";
    notices.show("storage", { kind: "warning", text });
  });
  store.probe();
}

function tabs() {
  return [...document.querySelectorAll('[role="tablist"] [role="tab"]')];
}

function tabTitle(id) {
  return document.getElementById(`tab-${id}`)?.textContent || id;
}

function isLinkHash(hash = location.hash) {
  return pageState.parseLinkFragment(hash) !== null;
}

/**
 * Shows a tab; resolves to its hooks once it is mounted (its module loads
 * on demand, app.js).
 */
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
  if (!isLinkHash() && !location.hash.startsWith(`#${currentTab}/`) && location.hash !== `#${currentTab}`) {
    history.replaceState(null, "", `#${currentTab}`);
  }
  const shown = currentTab;
  return mountTab(shown).then((hooks) => {
    // Another tab may have been chosen while this one loaded.
    if (currentTab === shown) {
      releaseField.show(hooks);
      hooks?.onShow?.();
      autosave();
    }
    return hooks;
  });
}

// A state waiting for the tab (pendingStates) is given when it mounts (onMount).
function mountTab(id) {
  return app.mount(id, document.getElementById(`panel-${id}`));
}

/**
 * Gives a tab a state (now if it is mounted, else when it is). A state the
 * tab refuses — by throwing or by a rejected Promise — is reported and the
 * tab shows its example. Returns a Promise that settles when the tab is done.
 */
function applyTabState(id, tabState, source) {
  const hooks = app.mounted.get(id);
  if (!hooks) {
    pendingStates.set(id, { state: tabState, source });
    return Promise.resolve();
  }
  const refused = (err) => {
    console.warn(`the ${id} tab refused a state:`, err);
    notices.show(`state-${id}`, {
      kind: "error",
      text: `The ${tabTitle(id)} tab could not use its state from ${source} (${err && err.message ? err.message : err}); it shows its example instead.`,
    });
    resetTab(id);
  };
  try {
    return Promise.resolve(hooks.setState?.(tabState)).catch(refused);
  } catch (err) {
    refused(err);
    return Promise.resolve();
  }
}

/** Puts a tab back to its example. */
function resetTab(id) {
  pendingStates.delete(id);
  const hooks = app.mounted.get(id);
  if (!hooks?.reset) return Promise.resolve();
  try {
    return Promise.resolve(hooks.reset()).catch((err) => console.warn(`resetting the ${id} tab:`, err));
  } catch (err) {
    console.warn(`resetting the ${id} tab:`, err);
    return Promise.resolve();
  }
}

function setRelease(release) {
  if (!release || release === app.release) return;
  releaseSelect.value = release;
  app.setRelease(release);
}

/**
 * Applies a planned state (state.js planState) from source ("the link",
 * "your saved work", a file's name). Resolves when every tab is filled.
 */
function applyPlan(plan, source) {
  const done = [];
  applying++;
  try {
    setRelease(plan.release);
    for (const [id, tabState] of Object.entries(plan.tabs)) done.push(applyTabState(id, tabState, source));
    if (plan.tab) done.push(selectTab(plan.tab));
  } finally {
    applying--;
  }
  if (plan.ignored.length) {
    notices.show(`ignored-${source}`, { kind: "warning", text: `Parts of ${source} were ignored: ${plan.ignored.join("; ")}.` });
  }
  return Promise.all(done);
}

function plan(state) {
  return pageState.planState(state, { tabs: TAB_IDS, releases: app.releases });
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
    if (!started) return;
    if (isLinkHash()) {
      openLink();
      return;
    }
    // Leaving a link's address (the Back button, an edited address) is
    // leaving its view.
    if (mode === "link") backToWork({ keepAddress: true });
    if (parseExampleHash()) showExampleFromHash();
    else {
      const id = location.hash.slice(1);
      if (TAB_IDS.includes(id) && id !== currentTab) selectTab(id);
    }
  });
}

/** The whole page's state as shown: what share links and files carry. */
function currentState() {
  const tabsState = {};
  for (const t of TABS) {
    const hooks = app.mounted.get(t.id);
    const s = hooks?.getState ? hooks.getState() : pendingStates.get(t.id)?.state;
    if (s !== undefined) tabsState[t.id] = s;
  }
  return { v: pageState.STATE_VERSION, tab: currentTab, release: app.release, tabs: tabsState };
}

/**
 * What autosave keeps: the page as shown; in a link's view, only the tabs
 * the link does not show (the rest of the work stays as it was).
 */
function workToSave() {
  const shown = currentState();
  if (mode === "work") return shown;
  const tabsState = { ...(savedState?.tabs || {}) };
  for (const [id, s] of Object.entries(shown.tabs)) if (!linkTabs.has(id)) tabsState[id] = s;
  return { v: pageState.STATE_VERSION, tab: shown.tab, release: savedState?.release ?? null, tabs: tabsState };
}

function saveWork(state) {
  if (!started) return;
  savedState = state;
  // storage.js reports a refusal once, as a notice (setupStorageNotice).
  work.save(state);
}

const autosave = debounce(() => {
  if (started) saveWork(workToSave());
}, 400);

function setupAutosave() {
  // The last keystrokes too: a reload or a closed tab does not wait for the debounce.
  window.addEventListener("pagehide", () => autosave.flush());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") autosave.flush();
  });
  app.onChange(() => {
    if (!started || applying) return;
    if (app.suspended.has(currentTab)) {
      app.resume(currentTab);
      notices.clear(`suspended-${currentTab}`);
    }
    if (mode === "link" && linkTabs.has(currentTab)) adoptLink("you edited it");
    else autosave();
  });
}

// --- share links: a link is a view --------------------------------------

async function openLink() {
  const fragment = location.hash;
  let state;
  try {
    state = await pageState.decodeState(fragment);
  } catch (err) {
    if (location.hash !== fragment) return false; // another address meanwhile
    const own = mode === "link" ? "" : " Your own work is shown, unchanged.";
    notices.show("link", { kind: "error", text: `The link could not be opened. ${err.message}${own}` });
    app.announce(`The link could not be opened: ${err.message}`, "error");
    if (mode === "link") backToWork({ keepAddress: true });
    history.replaceState(null, "", `#${currentTab}`);
    return false;
  }
  if (!state || location.hash !== fragment) return false;
  if (mode === "work") autosave.flush();
  else backToWork({ keepAddress: true, quiet: true }); // one link replaced by another
  const p = plan(state);
  mode = "link";
  linkTabs = new Set(Object.keys(p.tabs));
  if (p.release) linkTabs.add("release");
  linkLoaded = applyPlan(p, "the link");
  await linkLoaded;
  if (mode !== "link") return true; // kept or left while it loaded
  notices.show("link", {
    kind: "info",
    dismissible: false,
    text: "You are looking at a shared link. Your own work is kept as it was. Editing here makes the link's content your work (your earlier work goes to the history).",
    actions: [
      { label: "Back to your work", primary: true, run: () => backToWork() },
      { label: "Keep the link's content", run: () => adoptLink("you chose to keep it") },
    ],
  });
  app.announce("Showing the state from the link; your own work is kept.", "ready");
  return true;
}

/** The link's content becomes the user's work; the work it replaces goes to the history. */
function adoptLink(why) {
  if (mode !== "link") return;
  const kept = linkTabs;
  const before = savedState;
  mode = "work";
  linkTabs = new Set();
  history.replaceState(null, "", `#${currentTab}`);
  notices.clear("link");
  // A tab may still be loading the link's content: keep it once it is there.
  linkLoaded.then(() => {
    autosave.cancel();
    const next = currentState();
    const replaced = [];
    for (const id of kept) {
      if (id === "release") continue;
      if (work.remember(id, before?.tabs?.[id], `replaced by a shared link's content (${why})`, next.tabs[id])) replaced.push(id);
    }
    saveWork(next);
    showAdopted(before, replaced);
  });
}

function showAdopted(before, replaced) {
  notices.show("adopted", {
    kind: "info",
    text: replaced.length
      ? `The link's content is now your work. What it replaced (${replaced.map(tabTitle).join(", ")}) is in the history: Share… → Earlier versions.`
      : "The link's content is now your work.",
    actions: replaced.length ? [{ label: "Undo: back to my earlier work", run: () => restoreTabs(before, replaced, "replaced when you undid keeping a link") }] : [],
  });
}

/** Leaves a link's view: the tabs it showed get the saved work (or their examples) back. */
function backToWork({ keepAddress = false, quiet = false } = {}) {
  if (mode !== "link") return;
  const shown = linkTabs;
  mode = "work";
  linkTabs = new Set();
  applying++;
  try {
    for (const id of shown) {
      if (id === "release") continue;
      const s = savedState?.tabs?.[id];
      if (s !== undefined) applyTabState(id, s, "your saved work");
      else resetTab(id);
    }
    const { release } = pickRelease([savedState?.release, store.get(RELEASE_KEY)], app.releases, defaultRelease);
    setRelease(release);
  } finally {
    applying--;
  }
  if (!keepAddress) history.replaceState(null, "", `#${currentTab}`);
  notices.clear("link");
  if (!quiet) app.announce("Back to your work.", "ready");
}

/**
 * Gives tabs ids the states in from (a page state), each replacing what it
 * shows; the replaced states go to the history with reason.
 */
function restoreTabs(from, ids, reason) {
  if (mode === "link") backToWork({ quiet: true });
  const shown = currentState();
  const done = [];
  applying++;
  try {
    for (const id of ids) {
      const s = from?.tabs?.[id];
      work.remember(id, shown.tabs[id], reason, s);
      done.push(s !== undefined ? applyTabState(id, s, "the history") : resetTab(id));
    }
    if (from?.release && app.releases.includes(from.release)) setRelease(from.release);
  } finally {
    applying--;
  }
  return Promise.all(done).then(() => autosave.flush());
}

// --- examples in the address (#kubelet/crashloop) -------------------------

/** #tab/name addresses a gallery example; returns {tab, name} or null. */
function parseExampleHash() {
  const m = /^#([a-z]+)\/(.+)$/.exec(location.hash);
  if (!m || !TAB_IDS.includes(m[1])) return null;
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
  const mounted = selectTab(ex.tab);
  history.replaceState(null, "", `#${ex.tab}/${encodeURIComponent(ex.name)}`);
  const hooks = await mounted;
  if (!hooks?.loadExample) return false;
  try {
    await hooks.loadExample(ex.name);
    work.remember(ex.tab, savedState?.tabs?.[ex.tab], `replaced by the example “${ex.name}” from the address`, currentState().tabs[ex.tab]);
    app.announce(`Showing the example “${ex.name}”.`, "ready");
    return true;
  } catch (err) {
    app.announce(`There is no example “${ex.name}” in this tab (${err.message}).`, "error");
    return false;
  }
}

// --- the share dialog: links, files, earlier versions ----------------------

function formatWhen(ms) {
  const d = new Date(ms);
  return d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

function renderHistory() {
  const list = document.getElementById("history-list");
  const title = document.getElementById("history-title");
  title.textContent = `Earlier versions of the ${tabTitle(currentTab)} tab`;
  const entries = work.history(currentTab);
  if (!entries.length) {
    list.replaceChildren(h("li", { class: "muted history-empty" }, "None yet. When a link's content, an example, a reset, a file or a restore replaces this tab's work, the work it replaced is kept here (the last 10)."));
    return;
  }
  list.replaceChildren(
    ...entries.map((entry) =>
      h("li", { class: "history-entry" },
        h("span", {}, `${formatWhen(entry.at)}: ${entry.reason}`),
        " ",
        h("button", {
          type: "button",
          class: "button history-restore",
          on: {
            click: () => {
              document.getElementById("history-dialog").close();
              const id = currentTab;
              restoreTabs({ tabs: { [id]: entry.state } }, [id], "replaced when you restored an earlier version").then(() =>
                app.announce(`Restored an earlier version of the ${tabTitle(id)} tab; what it replaced is in the history.`, "ready"));
            },
          },
        }, "Restore"))),
  );
}

/** "Embed this": the shown tab as an element and as an iframe (embedsnippet.js). */
function fillEmbed(fragment) {
  const page = currentState();
  const snippets = embedSnippets({ base: new URL(".", location.href).href, script: document.getElementById("share-embed-element").dataset.script, tab: page.tab, release: app.release, state: page.tabs?.[page.tab], fragment });
  document.getElementById("share-embed-element").value = snippets?.element ?? "";
  document.getElementById("share-embed-iframe").value = snippets?.iframe ?? "";
}

function setupSharing() {
  const dialog = document.getElementById("share-dialog");
  const linkField = document.getElementById("share-link");
  const note = document.getElementById("share-note");
  document.getElementById("share-button").addEventListener("click", async () => {
    const fragment = await pageState.encodeState(currentState());
    const url = `${location.origin}${location.pathname}#${fragment}`;
    if (url.length > pageState.MAX_LINK_CHARS) {
      linkField.value = "";
      linkField.disabled = true;
      note.textContent = `This state needs a ${url.length.toLocaleString()}-character link, more than the ${pageState.MAX_LINK_CHARS.toLocaleString()} that links survive being pasted. Download it as a file instead and share the file; “Open file” reads it back.`;
      note.dataset.state = "error";
    } else {
      linkField.disabled = false;
      linkField.value = url;
      note.textContent = "Anyone who opens this link sees exactly this page. The state is in the link itself; nothing is uploaded.";
      note.dataset.state = "info";
    }
    fillEmbed(fragment);
    dialog.showModal();
    if (!linkField.disabled) linkField.select();
  });
  for (const button of dialog.querySelectorAll("[data-copy]")) {
    button.addEventListener("click", async () => {
      const field = document.getElementById(button.dataset.copy);
      try {
        await navigator.clipboard.writeText(field.value);
        note.textContent = "Copied.";
      } catch {
        field.select();
        note.textContent = "Copying is not allowed here; the snippet is selected, press Ctrl+C.";
      }
    });
  }
  document.getElementById("share-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(linkField.value);
      note.textContent = "Copied.";
    } catch {
      linkField.select();
      note.textContent = "Copying is not allowed here; the link is selected, press Ctrl+C.";
    }
  });
  document.getElementById("share-download").addEventListener("click", () => pageState.downloadState(currentState()));
  const fileInput = document.getElementById("share-file");
  document.getElementById("share-open").addEventListener("click", () => fileInput.click());
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files[0];
    fileInput.value = "";
    if (!file) return;
    let state;
    try {
      state = await pageState.readStateFile(file);
    } catch (err) {
      note.textContent = err.message;
      note.dataset.state = "error";
      return;
    }
    dialog.close();
    // Opening a file replaces the work: what it replaces goes to the history.
    if (mode === "link") backToWork({ quiet: true });
    const p = plan(state);
    const shown = currentState();
    for (const [id, s] of Object.entries(p.tabs)) work.remember(id, shown.tabs[id], `replaced by the file ${file.name}`, s);
    await applyPlan(p, file.name);
    autosave.flush();
    app.announce(`Opened ${file.name}.`, "ready");
  });
  document.getElementById("share-close").addEventListener("click", () => dialog.close());
  const historyDialog = document.getElementById("history-dialog");
  document.getElementById("history-button").addEventListener("click", () => {
    renderHistory();
    historyDialog.showModal();
  });
  document.getElementById("history-close").addEventListener("click", () => historyDialog.close());
  setIconLabel(document.getElementById("history-button"), "history", "History");
  setIconLabel(document.getElementById("share-button"), "share", "Share");
}

/** A tab's Reset button: back to its example; what it showed goes to the history. */
function resetToExample(id) {
  const hooks = app.mounted.get(id);
  if (mode === "link" && linkTabs.has(id)) adoptLink("you reset a tab");
  work.remember(id, currentState().tabs[id], "replaced by Reset to example");
  app.announce(`The ${tabTitle(id)} tab shows its example again; what it showed is in the history.`, "ready");
  return Promise.resolve(hooks?.reset?.())
    .catch((err) => console.warn(err))
    .finally(() => app.changed());
}

function setupShortcuts() {
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  for (const el of document.querySelectorAll("[data-mod-key]")) el.textContent = mac ? "⌘" : "Ctrl";
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented) return;
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (app.suspended.has(currentTab)) {
        notices.clear(`suspended-${currentTab}`);
        app.retry(currentTab);
        return;
      }
      app.mounted.get(currentTab)?.apply?.();
    }
  });
}

// --- the engine ------------------------------------------------------------

/** Shows the engine's progress unless the status line says something else. */
function announceProgress(text, state) {
  if (!statusFromEngine) return;
  app.announce(text, state);
  statusFromEngine = true;
}

function setupEngineStatus() {
  engine.addEventListener("state", (e) => {
    const { state, message, version, restarted, delayMs } = e.detail;
    restartButton.hidden = state !== "stopped" && state !== "failed";
    restartButton.textContent = state === "failed" ? "Try again" : "Restart the engine";
    if (state !== "stopped") notices.clear("engine");
    if (state === "loading") announceProgress("Loading the engine…", "loading");
    else if (state === "restarting") {
      app.announce(message ? `${message} Restarting the engine${delayMs >= 1000 ? ` in ${Math.round(delayMs / 1000)} s` : ""}…` : "Restarting the engine…", "loading");
    } else if (state === "failed") app.announce(message, "error");
    else if (state === "stopped") {
      app.announce(message, "error");
      notices.show("engine", {
        kind: "error",
        dismissible: false,
        text: `The engine stopped. ${message}`,
        actions: [{ label: "Restart the engine", primary: true, run: () => restartEngine() }],
      });
    } else if (state === "ready" && !restarted) {
      announceProgress("Engine ready.", "ready");
      if (performance.getEntriesByName("kx-engine-ready").length === 0) performance.mark("kx-engine-ready");
      document.getElementById("engine-version").textContent = version ? `engine ${version.version} · ${version.goVersion} · ${version.platform}` : "";
    }
  });
  engine.addEventListener("restart", (e) => {
    const blamed = [...app.suspended.keys()];
    const kept = blamed.length ? ` The ${blamed.map(tabTitle).join(" and ")} input that was running was not run again.` : "";
    app.announce(`${e.detail.message} Your inputs were kept and re-applied.${kept}`, "restarted");
  });
  restartButton.addEventListener("click", () => restartEngine());
}

function restartEngine() {
  const wasFailed = engine.state === "failed";
  engine.restartNow().catch(() => {}); // a failure is shown through the state
  if (wasFailed && !app.release) startEngine();
}

/**
 * Starts the primary engine and learns the releases (a reply the build
 * computed: no engine needed); the rest of start-up waits for the releases.
 */
async function startEngine() {
  engine.start().catch(() => {}); // a failure is shown through the state
  try {
    const reply = await engine.call("releases", {});
    app.releases = reply.releases;
    defaultRelease = reply.default;
  } catch (err) {
    console.warn("the engine did not start:", err); // the status line says it
    startingDone();
    return false;
  }
  releaseSelect.replaceChildren(...app.releases.map((r) => h("option", { value: r }, r)));
  try {
    await restoreInitialState();
  } finally {
    startingDone();
  }
  return true;
}

/** The first state: the link's view, else the saved work; then an example from the address. */
async function restoreInitialState() {
  const loaded = work.load();
  if (loaded.problem) reportUnreadable("work", loaded.problem);
  const hist = work.loadHistory();
  if (hist.problem) reportUnreadable("history", hist.problem);
  savedState = loaded.state || null;
  const savedPlan = savedState ? plan(savedState) : null;
  const { release } = pickRelease([savedPlan?.release, store.get(RELEASE_KEY)], app.releases, defaultRelease);
  releaseSelect.value = release;
  app.setRelease(release);
  // A tab named in the address the page was opened with (#kubelet) wins
  // over the saved work's tab.
  if (savedPlan) await applyPlan({ ...savedPlan, release: null, tab: openedWithTab ? null : savedPlan.tab }, "your saved work");
  started = true;
  // A link shows over the saved work, which it leaves as it is.
  if (isLinkHash() && (await openLink())) return;
  // An example's address (#kubelet/crashloop) wins over that tab's saved work.
  const example = parseExampleHash();
  if (example) await showExample(example);
}

function reportUnreadable(what, problem) {
  const actions = problem.raw
    ? [{ label: "Download the unreadable data", run: () => pageState.downloadText(problem.raw, `kubexplorer-unreadable-${what}.json`) }]
    : [];
  notices.show(`unreadable-${what}`, {
    kind: "error",
    keep: true,
    text: what === "work" ? `${problem.text} The tabs show their examples.` : problem.text,
    actions,
  });
}

async function start() {
  setupEngineStatus();
  // A tab may switch the release itself (an example that names one).
  app.onRelease((release) => {
    if (releaseSelect.value !== release) releaseSelect.value = release;
  });
  releaseSelect.addEventListener("change", () => {
    app.setRelease(releaseSelect.value);
    // The release is part of a link's content: changing it keeps the link.
    if (mode === "link") adoptLink("you changed the release");
    store.set(RELEASE_KEY, releaseSelect.value);
    autosave();
  });
  // The tab from the address shows at once; the engine loads meanwhile.
  const hashTab = parseExampleHash()?.tab || location.hash.slice(1);
  await selectTab(TAB_IDS.includes(hashTab) ? hashTab : TAB_IDS[0]);
  performance.mark("kx-mounted");
  // Offline use is set up after the first result (onResult), so that it does
  // not compete with it; or a while after the page loaded, without one.
  window.addEventListener("load", () => setTimeout(afterFirstResult, 15000), { once: true });
  await startEngine();
}

/**
 * What the first paint did without: the editor (CodeMirror replaces the
 * light editors in place, editor.js), the other tabs, offline use.
 */
function afterFirstResult() {
  if (afterFirstResultStarted) return;
  afterFirstResultStarted = true;
  // settled: the page has all it loads on demand (the end-to-end tests wait for it).
  Promise.all([loadEditors(), prefetchTabs()]).then(() => (window.kx.settled = true));
  registerServiceWorker();
}

let afterFirstResultStarted = false;

let serviceWorkerRegistered = false;

/** Registers the service worker, which then caches the whole site, every engine included. */
function registerServiceWorker() {
  if (serviceWorkerRegistered || !("serviceWorker" in navigator)) return;
  serviceWorkerRegistered = true;
  navigator.serviceWorker.register("sw.js").catch((err) => console.warn("offline mode unavailable:", err));
}

setupStorageNotice();
setupTheme();
setupTabs();
setupAutosave();
setupSharing();
setupShortcuts();
start();
