// Widgets for documentation pages: one module script defines
// <kx-feature-gates>, <kx-kubelet> and <kx-kubefed>.
//
//   <script type="module" src="https://EXPLORER/embed.HASH.js"></script>
//   <kx-feature-gates release="1.30">
//     <script type="text/plain" data-kind="flags">--feature-gates=...</script>
//   </kx-feature-gates>
//
// Each widget renders one tab in its own shadow root (the page's styles do
// not leak in or out: css/widget.css). All widgets of a page share one set
// of engines, one per mechanism: a page with several widgets of one kind
// runs one engine, and a page with only feature-gates widgets downloads
// only that engine. A widget shows its inputs at once, and its default
// example's result (replies the build computed need no engine, engine.js);
// any other result waits for its engine, which starts
// the first time it becomes visible or is touched (attribute
// loading="eager" starts at once, loading="click" waits for its Run
// button). Until then its calls wait behind a gate (gatedEngine).
// On the host page it adds no stylesheet, takes no focus, registers no
// service worker and sets one global, window.kxEmbed (docs/embedding.md).
// Attributes: release, theme ("light" | "dark"), loading; view, height,
// readonly, autoplay, gallery, release-picker (a widget is compact unless
// view="full": css/widget.css); plus whatever the tab reads (see its
// fromEmbed). docs/embedding.md documents them all. Inline <script type="text/plain"> or
// "text/yaml" blocks with data-kind (and data-name) carry the inputs.
//
// From another origin the widget needs, in the host page's CSP:
// script-src EXPLORER 'wasm-unsafe-eval'; worker-src blob:; connect-src
// EXPLORER; style-src EXPLORER. docs/embedding.md has the details, and the
// /embed/ iframe route for hosts that cannot allow that.

/* global KX_ASSET_APP_CSS, KX_ASSET_WORKER_JS, KX_ENGINES, KX_DATA */

import { Engines, replyFiles } from "./engine.js";
import { createApp, tabInfo, loadTab } from "./app.js";
import { loadEditors } from "./editor.js";
import { h, debounce } from "./ui.js";
import { decodeState, encodeState, STATE_VERSION } from "./state.js";

const base = new URL(".", import.meta.url);
const asset = (name) => new URL(name, base).href;

export const ELEMENTS = { "kx-feature-gates": "gates", "kx-kubelet": "kubelet", "kx-kubefed": "kubefed" };

// Recorded for the end-to-end tests, as on the full page.
const cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`));
window.kxEmbed = { engine: null, cspViolations };

let sharedEngine = null;
let releasesPromise = null;

/** The page's engines (engine.js Engines), created on first use. */
export function engine() {
  if (!sharedEngine) {
    let workerURL = asset(KX_ASSET_WORKER_JS);
    if (new URL(workerURL).origin !== location.origin) {
      // Workers must be same-origin: bootstrap one from a blob that imports
      // the real script.
      const boot = `importScripts(${JSON.stringify(workerURL)});`;
      workerURL = URL.createObjectURL(new Blob([boot], { type: "text/javascript" }));
    }
    const urls = Object.fromEntries(Object.entries(KX_ENGINES).map(([m, name]) => [m, asset(name)]));
    // On an /embed/ page, boot.js has started the widget's engine already.
    const files = Object.fromEntries(Object.entries(replyFiles(KX_DATA)).map(([m, name]) => [m, asset(name)]));
    sharedEngine = new Engines({ workerURL, urls, files, primary: globalThis.__kxBoot?.mechanism ?? null });
    window.kxEmbed.engine = sharedEngine;
  }
  return sharedEngine;
}

/**
 * A widget's door to the page's engines: the replies the build computed
 * (engine.js: the releases, the galleries, the default example's result) at
 * once, any other call once started resolves (the widget was seen or
 * touched). So a widget renders its inputs, and its default example's
 * result, without downloading or starting an engine.
 */
export function gatedEngine(engines, started) {
  return {
    engines, // the router behind the gate, shared by the page's widgets
    call: (method, request = {}, opts = {}) => engines.call(method, request, { ...opts, before: started }),
    addEventListener: (...args) => engines.addEventListener(...args),
    removeEventListener: (...args) => engines.removeEventListener(...args),
  };
}

let firstResultMarked = false;

/** The page's first widget result, for the benchmarks (cmd/kxbench), as main.js marks the page's. */
function markFirstResult() {
  if (firstResultMarked) return;
  firstResultMarked = true;
  requestAnimationFrame(() => performance.mark("kx-first-result"));
}

/**
 * The editor proper replaces the light ones (editor.js) once a widget that
 * was seen (started) shows a result: it does not compete with the first
 * result, and it is not made while every widget is off-screen, where
 * CodeMirror lays its gutter out only when first seen (a layout shift).
 */
function upgradeEditors() {
  requestAnimationFrame(() => loadEditors());
}

/** The engine starts so far, one after the other (KxWidget.start). */
let startQueue = Promise.resolve();

let sharedBootSheet = null;

/**
 * The rules a widget needs before its stylesheet has loaded: its box at
 * the height it will have (nothing on the host page moves when the styles
 * arrive), and its content hidden rather than shown unstyled.
 */
function bootSheet() {
  if (!sharedBootSheet) {
    sharedBootSheet = new CSSStyleSheet();
    sharedBootSheet.replaceSync(`:host { display: block; }
.kx-widget:not(.styled) { visibility: hidden; }
.kx-widget.compact:not(.styled) { box-sizing: border-box; height: var(--kx-widget-height, 480px); }`);
  }
  return sharedBootSheet;
}

function releases() {
  if (!releasesPromise) releasesPromise = engine().call("releases", {});
  return releasesPromise;
}

/** Reads a widget's configuration from its attributes and inline blocks. */
export function readConfig(el) {
  const attributes = {};
  for (const a of el.attributes) attributes[a.name] = a.value;
  const blocks = [...el.querySelectorAll(":scope > script[data-kind], :scope > template[data-kind]")].map((b) => ({
    kind: b.dataset.kind,
    name: b.dataset.name || "",
    type: b.getAttribute("type") || "",
    text: dedent(b.tagName === "TEMPLATE" ? b.content.textContent : b.textContent),
  }));
  return { attributes, blocks };
}

/** Removes the common indentation and the blank first and last lines. */
export function dedent(text) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  while (lines.length && !lines[0].trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.match(/^[ \t]*/)[0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join("\n") + (lines.length ? "\n" : "");
}

/** Attributes of the widget itself (docs/embedding.md), not of its tab. */
export const WIDGET_ATTRIBUTES = ["view", "height", "readonly", "autoplay", "gallery", "release-picker"];

/**
 * The widget's height from its height attribute: a number of pixels or a
 * CSS length ("30rem"); null for none or one that is not a length.
 */
export function widgetHeight(value) {
  const v = (value || "").trim();
  if (!v) return null;
  if (/^\d+(\.\d+)?$/.test(v)) return `${v}px`;
  return globalThis.CSS?.supports?.("height", v) ? v : null;
}

class KxWidget extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    if (this.hasAttribute("data-from-location")) this.attributesFromQuery();
    const tabId = ELEMENTS[this.localName];
    const mod = tabInfo(tabId); // its title; the module itself loads meanwhile (init)
    loadTab(tabId).catch(() => {}); // a failure is reported by init
    const root = this.attachShadow({ mode: "open" });
    // Until the stylesheet has loaded: the widget's box at its final height
    // (nothing below it moves when the styles arrive) and nothing unstyled
    // in it. A constructed sheet, which a host's style-src does not govern.
    root.adoptedStyleSheets = [bootSheet()];
    const loading = this.getAttribute("loading") || "visible";
    this.status = h("p", { class: "engine-status", role: "status", "aria-live": "polite", "data-state": "idle" },
      loading === "click" ? "" : "The example runs when you scroll here or touch it.");
    this.releaseSelect = h("select", { "aria-label": "Kubernetes release", disabled: true });
    this.panel = h("div", { class: "panel kx-widget-panel" });
    const full = this.getAttribute("view") === "full";
    const footer = h("footer", { class: "kx-widget-footer" }, this.status);
    if (loading === "click") {
      const startButton = h("button", { class: "button primary", type: "button" }, `Run the ${mod.title} example`);
      startButton.addEventListener("click", () => {
        startButton.remove();
        this.start(true);
      });
      footer.prepend(startButton);
    }
    const sheet = h("link", { rel: "stylesheet", href: asset(KX_ASSET_APP_CSS) });
    for (const type of ["load", "error"]) sheet.addEventListener(type, () => this.section.classList.add("styled"), { once: true });
    root.append(
      sheet,
      (this.section = h(
        "section",
        { class: full ? "kx-widget" : "kx-widget compact", "aria-label": `kubexplorer: ${mod.title}` },
        h(
          "header",
          { class: "kx-widget-header" },
          h("strong", {}, `kubexplorer · ${mod.title}`),
          h("label", { class: "field-inline kx-widget-release" }, "Release ", this.releaseSelect),
          (this.fullLink = h("a", { href: new URL(`index.html#${tabId}`, base).href, target: "_blank", rel: "noopener" }, "Open the full explorer")),
        ),
        this.panel,
        footer,
      )),
    );
    const height = widgetHeight(this.getAttribute("height"));
    if (height) this.section.style.setProperty("--kx-widget-height", height);
    // The inputs show at once: calls the build answered (the releases, the
    // galleries, the default examples) need no engine; any other waits
    // until the widget starts.
    this.startedPromise = new Promise((resolve) => (this.openGate = resolve));
    this.firstResult = new Promise((resolve) => (this.resolveFirstResult = resolve));
    this.init(tabId);
    if (loading === "eager") this.start();
    else if (loading === "visible") {
      this.observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) this.start();
      });
      this.observer.observe(this);
    }
    if (loading !== "click") {
      // The reader reached for this widget: its engine goes first.
      for (const type of ["pointerdown", "click", "focusin"]) this.addEventListener(type, () => this.start(true), { passive: true });
    }
  }

  /** On the iframe route, the query sets the widget's own attributes (?view=upgrade&height=400). */
  attributesFromQuery() {
    const query = new URLSearchParams(location.search);
    for (const name of ["theme", ...WIDGET_ATTRIBUTES]) {
      if (query.has(name) && !this.hasAttribute(name)) this.setAttribute(name, query.get(name));
    }
  }

  disconnectedCallback() {
    this.observer?.disconnect();
  }

  /**
   * Starts the widget's engine (once): the inputs it shows run. Widgets
   * start one after the other, in the order they were seen, each once the
   * one before has shown its first result (or failed, or had 5 s after its
   * engine was ready): the first widget's result does not wait for a second
   * engine competing for the network and the processor. A widget the reader
   * reaches for (now: a pointer or the focus in it, its Run button) does not
   * wait for its turn: what the reader asked for comes before what is
   * merely on screen.
   */
  start(now = false) {
    if (!this.started) {
      this.started = true;
      this.observer?.disconnect();
      if (this.hasResult) upgradeEditors(); // a result from the build, shown before the widget was seen
      // engines.get, not engine(): a widget's status creates no engine.
      if ((engine().engines.get(ELEMENTS[this.localName])?.state ?? "idle") === "idle") {
        this.status.textContent = "Waiting for the engine…";
        this.status.dataset.state = "loading";
      }
      startQueue = startQueue.then(() => this.run());
    }
    if (now) this.run();
  }

  /** The widget's turn (once): its calls go to its engine, which starts. */
  run() {
    this.running ??= (async () => {
      this.openGate();
      try {
        await engine().start(ELEMENTS[this.localName]);
      } catch {
        return; // a failure is shown through the state
      }
      await Promise.race([this.firstResult, new Promise((resolve) => setTimeout(resolve, 5000))]);
    })();
    return this.running;
  }

  /** The widget's tab, mounted and filled from the widget's inputs; runs before the engine starts. */
  async init(tabId) {
    const announce = (text, state = "info") => {
      this.status.textContent = text;
      this.status.dataset.state = state;
    };
    const eng = engine();
    const app = createApp({ engine: gatedEngine(eng, this.startedPromise), announce, embedded: true, onResult: () => {
      this.hasResult = true;
      this.section.classList.add("has-result");
      this.resolveFirstResult();
      markFirstResult();
      if (this.started) upgradeEditors();
      this.resultShown?.();
    } });
    this.app = app;
    // Only this widget's engine speaks in its status line.
    eng.addEventListener("state", (e) => {
      if (e.detail.mechanism !== tabId) return;
      if (e.detail.state === "loading") announce("Loading the engine…", "loading");
      if (e.detail.state === "failed") announce(e.detail.message, "error");
      if (e.detail.state === "ready") announce("Ready.", "ready");
    });
    eng.addEventListener("restart", (e) => {
      if (e.detail.mechanism === tabId) announce(`${e.detail.message} Your inputs were re-applied.`, "restarted");
    });
    try {
      const reply = await releases();
      app.releases = reply.releases;
      const fromURL = this.hasAttribute("data-from-location") ? new URLSearchParams(location.search).get("release") : null;
      const wanted = this.getAttribute("release") || fromURL || (await this.pageFromLocation())?.release;
      const release = reply.releases.includes(wanted) ? wanted : reply.default;
      this.releaseSelect.replaceChildren(...reply.releases.map((r) => h("option", { value: r, selected: r === release }, r)));
      this.releaseSelect.disabled = false;
      this.releaseSelect.addEventListener("change", () => app.setRelease(this.releaseSelect.value));
      app.onRelease((r) => {
        if (this.releaseSelect.value !== r) this.releaseSelect.value = r;
      });
      app.release = release;
      // The releases are known without the engine: "Ready." waits for it.
      if (eng.engines.get(tabId)?.state === "ready") announce("Ready.", "ready");
    } catch (err) {
      announce(`The explorer could not start: ${err.message}`, "error");
      return;
    }
    const hooks = await app.mount(tabId, this.panel);
    if (!hooks) return; // the panel says why
    const mod = await loadTab(tabId);
    const readOnly = () => {
      if (!this.hasAttribute("readonly")) return;
      for (const ed of this.shadowRoot.querySelectorAll(".cm-editor, .kx-editor-light")) ed.kxEditor?.setReadOnly(true);
    };
    readOnly();
    try {
      const config = readConfig(this);
      const state = await this.initialState(mod, tabId, config);
      if (state !== undefined) await hooks.setState?.(state);
      else if (config.attributes.example && hooks.loadExample) await hooks.loadExample(config.attributes.example);
      if (this.linkError) announce(`The link's state could not be read (${this.linkError.message}); showing the example instead.`, "error");
    } catch (err) {
      announce(`This example could not be loaded: ${err.message}`, "error");
    }
    app.setRelease(app.release);
    readOnly();
    if (this.hasAttribute("autoplay")) this.autoplay();
    // "Open the full explorer" carries what the widget shows.
    // linkState is what the link shows once set; an encoding that finishes
    // after a newer one started is dropped.
    let linkSeq = 0;
    const updateLink = debounce(async () => {
      const seq = ++linkSeq;
      const page = { v: STATE_VERSION, tab: tabId, release: app.release, tabs: { [tabId]: hooks.getState?.() } };
      const fragment = await encodeState(page);
      if (seq !== linkSeq) return;
      this.fullLink.href = new URL(`index.html#${fragment}`, base).href;
      this.linkState = page;
    }, 300);
    app.onChange(updateLink);
    app.onRelease(updateLink);
    updateLink();
    this.dispatchEvent(new CustomEvent("kx-ready", { bubbles: true }));
  }

  /**
   * Plays the kubelet's virtual clock while the widget is visible, unless
   * the reader prefers reduced motion (then the Play button waits for them).
   */
  autoplay() {
    const play = this.shadowRoot.querySelector(".kubelet-play");
    if (!play || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const playing = () => play.getAttribute("aria-pressed") === "true";
    let userPaused = false;
    let visible = false;
    let loaded = Boolean(this.hasResult); // the clock plays once the scenario is loaded (its first result)
    play.addEventListener("click", (e) => {
      if (e.isTrusted && playing()) userPaused = true;
    });
    const follow = () => {
      if (loaded && !userPaused && visible !== playing()) play.click();
    };
    this.resultShown = () => {
      loaded = true;
      follow();
    };
    new IntersectionObserver((entries) => {
      visible = entries.some((e) => e.isIntersecting);
      follow();
    }).observe(this);
  }

  /** The page state in a share fragment, on the iframe route; else null. */
  async pageFromLocation() {
    if (!this.hasAttribute("data-from-location") || !location.hash.startsWith("#s=")) return null;
    try {
      return await decodeState(location.hash);
    } catch (err) {
      this.linkError = err; // reported once the widget is up
      return null;
    }
  }

  /**
   * The state from a share fragment (iframe route), or from the inline
   * blocks and the tab's own attributes; undefined when there are none (an
   * example attribute alone, or the tab's default example).
   */
  async initialState(mod, tabId, config) {
    const page = await this.pageFromLocation();
    if (page?.tabs?.[tabId] !== undefined) return page.tabs[tabId];
    // A whole tab state, as the page's "Embed this" writes it.
    const stateBlock = config.blocks.find((b) => b.kind === "state");
    if (stateBlock) return JSON.parse(stateBlock.text);
    // Attributes every widget has; any other one is the tab's to read.
    const generic = new Set(["release", "theme", "loading", "example", "id", "class", "style", "title", "data-from-location", ...WIDGET_ATTRIBUTES]);
    const tabAttributes = Object.keys(config.attributes).some((a) => !generic.has(a));
    if (mod.fromEmbed && (config.blocks.length > 0 || tabAttributes)) return mod.fromEmbed(config);
    return undefined;
  }
}

for (const name of Object.keys(ELEMENTS)) {
  if (!customElements.get(name)) customElements.define(name, class extends KxWidget {});
}
