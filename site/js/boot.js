// The page's first script: it starts the engine of the tab the page will
// open with before anything else loads, so that downloading and compiling
// the engine (in its worker) overlaps loading the page's own scripts and
// editors. engine.js adopts the worker (globalThis.__kxBoot) with the
// messages it sent meanwhile. Nothing here may fail the page: any problem
// leaves the start to engine.js.
//
// The engine: the script's data-mechanism (an /embed/ page), else the tab
// the address names (#kubelet, #kubefed/NAME), else the one the saved work
// was left on, else the first. A share link (#s=…) names its tab inside its
// compressed state: the guess may then be wrong, which costs a download in
// the background, not correctness.

/* global KX_ENGINES, KX_ASSET_WORKER_JS, KX_FIRST_MECHANISM, KX_TAB_SCRIPTS, KX_DATA */

import { WORK_KEY } from "./savedwork.js";

/** The saved work, or null: a read-only peek (storage.js owns writing it). */
function savedWork() {
  try {
    // eslint-disable-next-line no-restricted-globals
    return JSON.parse(localStorage.getItem(WORK_KEY) || "null");
  } catch {
    return null; // storage blocked, or the record unreadable: the first tab
  }
}

(() => {
  try {
    performance.mark("kx-boot");
    const script = document.currentScript;
    // Assets are beside this script (an /embed/ page is two levels down).
    const base = script?.src || location.href;
    const mechanisms = Object.keys(KX_ENGINES);
    const saved = savedWork();
    const pick = [script?.dataset.mechanism, (/^#([a-z]+)/.exec(location.hash) || [])[1], saved?.tab, KX_FIRST_MECHANISM];
    const mechanism = pick.find((m) => mechanisms.includes(m));
    const url = new URL(KX_ENGINES[mechanism], base).href;
    const worker = new Worker(new URL(KX_ASSET_WORKER_JS, base), { name: `kubexplorer-${mechanism}` });
    // saved: a returning visitor, whose first calls engine.js looks up in
    // the memo of earlier replies at once.
    const boot = { mechanism, url, worker, messages: [], errors: [], claimed: false, replies: null, saved: Boolean(saved) };
    worker.onmessage = (e) => boot.messages.push(e);
    worker.onerror = (e) => {
      e.preventDefault();
      boot.errors.push(e);
    };
    worker.postMessage({ type: "init", url });
    globalThis.__kxBoot = boot;
    // The opening tab's replies file (the build's answers to its first
    // calls, engine.js): fetched and parsed now, while the page's scripts
    // load, so that the tab's first call is answered in the task that
    // mounts it rather than in a later one behind the page's first layout
    // (the trace of the first result, cmd/kxbench trace.go). engine.js
    // adopts the promise; a failure leaves the calls to the engine.
    const replies = KX_DATA[`replies-${mechanism}.json`];
    if (replies) {
      const href = new URL(replies, base).href;
      const promise = fetch(href).then((res) => {
        if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
        return res.json();
      });
      promise.catch(() => {}); // reported by engine.js, which adopts it
      boot.replies = { mechanism, url: href, promise, claimed: false };
    }
    // The opening tab's scripts (a tab is loaded on demand, app.js): fetched
    // now, with the page's modules, not after them. A tab's id is its
    // mechanism's name.
    for (const file of KX_TAB_SCRIPTS[mechanism] || []) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = new URL(file, base).href;
      document.head.append(link);
    }
  } catch (err) {
    console.warn("kubexplorer: the engine will start with the page:", err);
  }
})();
