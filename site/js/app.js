// The contract between the page (or an embedded widget) and its tabs.
//
// A tab is a module in js/tabs/, listed in TABS below and loaded on demand
// (a chunk of its own: a first paint loads only the tab it shows), exporting:
//
//   id, title                 e.g. "gates", "Feature gates"
//   mount(panel, app)         builds the tab inside panel; returns hooks
//   fromEmbed({attributes, blocks})   optional: turns a <kx-*> element's
//                             attributes and inline <script type="text/plain"
//                             data-kind="..." data-name="..."> blocks into a
//                             state for setState
//
// hooks (all optional):
//   getState()       plain JSON of everything the user entered or chose in
//                    the tab (editors, settings, simulation time); autosaved
//                    and put in share links
//   setState(state)  restores such a state; must tolerate missing and unknown
//                    fields; throws an Error for a state it cannot use
//   reset()          back to the tab's default example
//   apply()          run now (Ctrl/Cmd+Enter)
//   onEngineRestart()  re-send the inputs to a restarted engine; not called
//                    for a tab whose own call was running when the engine
//                    died (a time-out or crash): that input is not fed to the
//                    new engine by itself; the page offers "Retry", which
//                    calls onEngineRestart (app.retry)
//   onRelease(release) the release selector changed
//   onShow()         the tab became visible
//   loadExample(name)  shows the named example of the tab's gallery (the
//                    page calls it for an address like #kubelet/crashloop);
//                    returns a Promise, rejecting for an unknown name
//   releaseControl   for a tab that models releases of its own (kubefed's
//                    v0.3.0 … v0.10.0) instead of the page's Kubernetes
//                    release: {label, releases() → [values], value(),
//                    set(value), onChange(fn)}. The page's header shows it
//                    in place of the Kubernetes release while the tab is
//                    shown, so the header always has one release control
//                    meaning "the release being modelled".
//
// Rules for tabs, so that they also work inside a widget's shadow root and
// next to other widgets on one page: touch only the DOM inside panel (no
// document.getElementById; make ids with uid()), put user text in the page
// only with textContent (h() does it), and call app.changed() after every
// change of the user's inputs.
//
// setState may return a Promise; a rejection (like a throw) makes the page
// show the tab's example and say what was ignored.
//
// app gives tabs: engine (call), release, releases, announce(text, state),
// onRelease(fn), changed(), embedded (true inside widgets and /embed/ pages),
// exampleShown(tabId, name) (call it when the user picks an example from the
// tab's gallery: the page puts #tabId/name in the address bar, so the example
// is linkable), resultShown(tabId) (call it each time the tab has put a
// result — or an error in place of one — on the page: the page marks its
// first result), reset(tabId) (the tab's Reset button: the page keeps what it
// replaces in the history, then calls the tab's reset hook), replacing(tabId,
// reason) (call it just before the tab replaces its inputs with something the
// user did not type, e.g. an imported node: the page keeps what the tab shows
// in the history, as for Reset), storage
// (storage.js's, or null: where a tab's workspace remembers its layout), and
// starting: on the page, a Promise that settles once the page has given the
// tab opened first the state it opens with (saved work, a link, an
// example's address) or knows it has none (null in widgets). A tab whose
// default example would go to an engine loads it only then, and only if
// nothing was given meanwhile: loading it first would make the engine load
// it too (engine.js replays the build's session) before the real input.
//
// app.engine routes each call to the engine of the method's mechanism
// (engine.js Engines): a tab's id is its mechanism's name.
//
// Tabs build their DOM on workspace.js (input and output panes with a
// splitter), so a tab looks and behaves the same on the page and in a
// widget.

import { h } from "./ui.js";
import { blamedTabs } from "./restartpolicy.js";

// The tabs, in the page's order. Each tab's module is loaded on demand (a
// chunk of its own, code splitting): a first paint loads only the opened
// tab (boot.js preloads it), and the page fetches the others after its
// first result (prefetchTabs). id and title are the module's own, repeated
// here so the page can name a tab it has not loaded (a Node test holds them
// equal).
export const TABS = [
  { id: "gates", title: "Feature gates", load: () => import("./tabs/gates.js") },
  { id: "kubelet", title: "Kubelet", load: () => import("./tabs/kubelet.js") },
  { id: "kubefed", title: "Kubefed", load: () => import("./tabs/kubefed.js") },
];

/** The tab's entry in TABS ({id, title, load}), or null. */
export function tabInfo(id) {
  return TABS.find((t) => t.id === id) || null;
}

const loaded = new Map(); // id → Promise of the tab's module

/** The tab's module, loaded once; rejects for an unknown tab or a chunk that did not load. */
export function loadTab(id) {
  const info = tabInfo(id);
  if (!info) return Promise.reject(new Error(`no tab ${id}`));
  if (!loaded.has(id)) {
    const p = info.load();
    // A chunk that failed to load (offline before the service worker had
    // it) may be asked for again.
    p.catch(() => loaded.delete(id));
    loaded.set(id, p);
  }
  return loaded.get(id);
}

/** Loads every tab's module (after the first result: switching tabs then waits for nothing). */
export function prefetchTabs() {
  return Promise.allSettled(TABS.map((t) => loadTab(t.id)));
}

/** The tabs to blame for an engine restart (see restartpolicy.js blamedTabs). */
export function culpritTabs(culprits = []) {
  return blamedTabs(culprits, TABS.map((t) => t.id));
}

function tabTitle(id) {
  return tabInfo(id)?.title || id;
}

/**
 * createApp({engine, announce, embedded, onExample, onSuspend, onResult,
 * onReset, onReplace, storage}) returns the object tabs receive. announce(text, state)
 * shows a message in the host's status line. onSuspend(tabId, detail) is told
 * when a tab's input was not re-fed after a restart (default: a status line
 * message). onResult(tabId) is told when a tab shows a result. onReset(tabId)
 * replaces the default reset (the tab's own). onReplace(tabId, reason) is
 * told before a tab replaces its inputs (default: nothing kept).
 */
export function createApp({ engine, announce, embedded = false, onExample = () => {}, onSuspend = null, onResult = () => {}, onReset = null, onReplace = null, onMount = null, starting = null, storage = null }) {
  const app = {
    engine,
    embedded,
    storage,
    starting,
    release: null,
    releases: [],
    mounted: new Map(), // id → hooks, once mounted
    mounting: new Map(), // id → Promise of the hooks
    releaseListeners: [],
    changeListeners: [],
    announce,
    onRelease(fn) {
      this.releaseListeners.push(fn);
    },
    /** Tabs call this after any change of the user's inputs. */
    changed() {
      for (const fn of this.changeListeners) fn();
    },
    onChange(fn) {
      this.changeListeners.push(fn);
    },
    /** Tabs call this when the user picks a named example. */
    exampleShown(tabId, name) {
      onExample(tabId, name);
    },
    /** Tabs call this when they have shown a result. */
    resultShown(tabId) {
      onResult(tabId);
    },
    /** A tab's Reset button: the host keeps what it replaces, then resets the tab. */
    reset(tabId) {
      if (onReset) return onReset(tabId);
      return Promise.resolve(this.mounted.get(tabId)?.reset?.()).finally(() => this.changed());
    },
    /** A tab is about to replace its inputs: the host keeps what it shows. */
    replacing(tabId, reason) {
      onReplace?.(tabId, reason);
    },
    setRelease(release) {
      this.release = release;
      for (const fn of this.releaseListeners) fn(release);
      for (const hooks of this.mounted.values()) hooks.onRelease?.(release);
    },
    /**
     * Mounts a tab into panel once, after loading its module; resolves to
     * its hooks (null for an unknown tab). A tab that fails to load or to
     * mount says so in its panel and gets no hooks.
     */
    mount(id, panel) {
      if (!this.mounting.has(id)) {
        const info = tabInfo(id);
        const done = !info
          ? Promise.resolve(null)
          : loadTab(id).then(
            (mod) => {
              let hooks = {};
              try {
                hooks = mod.mount(panel, this) || {};
              } catch (err) {
                panel.replaceChildren(h("p", { class: "error", role: "alert" }, `This tab failed to start: ${err.message}`));
                console.error(err);
              }
              this.mounted.set(id, hooks);
              // At once, before anything the tab queued when it mounted
              // runs: a state waiting for the tab replaces its default.
              onMount?.(id, hooks);
              return hooks;
            },
            (err) => {
              this.mounting.delete(id); // switching to the tab again tries again
              panel.replaceChildren(h("p", { class: "error", role: "alert" }, `This tab could not be loaded: ${err.message}`));
              console.error(err);
              return null;
            },
          );
        this.mounting.set(id, done);
      }
      return this.mounting.get(id);
    },
    /**
     * Tabs whose input was running when the engine died: id → the restart's
     * detail. They are not re-fed until the user retries or edits them.
     */
    suspended: new Map(),
    /**
     * Tells every mounted tab that its engine restarted (detail.mechanism;
     * tabs of other mechanisms kept theirs), except the tabs whose call was
     * running when it died (detail.culprits).
     */
    refeed(detail = {}) {
      const blamed = culpritTabs(detail.culprits);
      for (const [id, hooks] of this.mounted) {
        if (detail.mechanism && tabInfo(id) && id !== detail.mechanism) continue; // another engine's tab
        if (this.suspended.has(id) && !blamed.has(id)) continue; // still waiting for the user
        if (blamed.has(id)) {
          this.suspended.set(id, detail);
          const notify = onSuspend || (() => announce(`${detail.message || "The engine restarted."} The ${tabTitle(id)} input that was running was not run again; change it or run it (Ctrl/Cmd+Enter) to try again.`, "restarted"));
          notify(id, detail);
          continue;
        }
        try {
          hooks.onEngineRestart?.();
        } catch (err) {
          console.error(err);
        }
      }
    },
    /** Runs a suspended tab's input again (the user's Retry). */
    retry(id) {
      this.suspended.delete(id);
      this.mounted.get(id)?.onEngineRestart?.();
    },
    /** The user changed a suspended tab's input: it runs again as usual. */
    resume(id) {
      this.suspended.delete(id);
    },
  };
  engine.addEventListener("restart", (e) => app.refeed(e.detail));
  return app;
}
