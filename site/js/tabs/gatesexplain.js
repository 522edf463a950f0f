// "Why is it on?" in the Feature gates tab: for the gate picked in the
// effective-gates table, gates.explain's chain — every source that set it
// in the order the kubelet applied them (the release's default, the
// emulation version, --feature-gates, the config file, each drop-in, the
// flags again over the files, the dynamic checkpoint where the release
// has one, AllAlpha/AllBeta) — with the one that won marked, and the
// components whose code reads the gate. With an upgrade target, the same
// on the target release.
//
// The panel follows the inputs: each new evaluation explains the gate
// again.

import { h, uid, replaceChildren } from "../ui.js";

const EFFECTS = { won: "won", overridden: "overridden", deleted: "deleted (the default applies)", refused: "refused: start-up stopped here", ignored: "ignored (after the winner)" };

/** readersText says which components read a gate, for people. */
export function readersText(readBy) {
  if (readBy == null) return "The release does not register this gate.";
  if (readBy.length === 0) return "No Kubernetes binary reads it: setting it changes nothing anywhere.";
  return `Read by ${readBy.join(", ")}${readBy.includes("kubelet") ? "" : " — not by the kubelet: setting it on a node changes nothing there"}.`;
}

/**
 * createExplain({app, request(), labels()}) returns {el, show(gate,
 * opener), refresh()}: request() is the tab's gates.evaluate request,
 * labels() the last reply's labels; opener gets the focus back on Close.
 */
export function createExplain({ app, request, labels }) {
  const headId = uid("gates-explain-h");
  // The heading and Close stay while the explanation is redone (the
  // inputs changed), so the focus stays where it was.
  const heading = h("h3", { id: headId, tabindex: "-1" });
  const closeButton = h("button", { type: "button", class: "button small gates-explain-close", on: { click: () => close() } }, "Close");
  const body = h("div", { class: "gates-explain-body" });
  const el = h("section", { class: "section gates-explain", hidden: true, "aria-labelledby": headId },
    h("div", { class: "section-head" }, heading, closeButton), body);
  const state = { gate: "", opener: null, seq: 0 };

  async function refresh() {
    if (!state.gate) return;
    const seq = ++state.seq;
    el.classList.add("stale");
    const req = { ...request(), gate: state.gate };
    let reply;
    let note = "";
    try {
      reply = await app.engine.call("gates.explain", req);
    } catch (err) {
      // A gate the target release no longer has is still explained on the
      // release itself.
      if (req.targetRelease && err.code === "not_found") {
        note = err.message;
        delete req.targetRelease;
        reply = await app.engine.call("gates.explain", req).catch((e) => ({ error: e.message }));
      } else reply = { error: err.message };
    }
    if (seq !== state.seq) return;
    el.classList.remove("stale");
    render(reply.error ? null : reply, reply.error || "", note);
  }

  function close() {
    state.gate = "";
    el.hidden = true;
    replaceChildren(body);
    state.opener?.focus();
  }

  function chain(x) {
    const source = (s) => {
      const label = labels()?.sources?.[s.source] || s.source;
      const via = s.via ? ` (via ${labels()?.sources?.[s.via] || s.via})` : "";
      const where = s.path ? ` ${s.source === "dropin" ? s.path.split("/").pop() : s.path}${s.line ? `:${s.line}` : ""}` : "";
      return `${label}${via}${where}`;
    };
    return h("ol", { class: "gates-explain-chain" }, ...x.steps.map((s, i) => h("li", { class: `gates-step effect-${s.effect}${i === x.winner ? " winner" : ""}` },
      h("span", { class: "gates-step-source" }, source(s)),
      " ", h("span", { class: `gates-value ${s.value ? "on" : "off"}` }, s.value == null ? "no value" : String(s.value)),
      " ", h("span", { class: "gates-step-effect" }, i === x.winner ? "✓ won" : EFFECTS[s.effect] || s.effect),
      h("div", { class: "gates-step-detail muted" }, s.detail))));
  }

  function explanation(x, title) {
    return h("div", { class: "gates-explain-one" },
      title ? h("h4", {}, title) : null,
      h("p", { class: "gates-explain-summary" }, x.summary, x.wouldStart ? "" : ` (the kubelet stops at the ${labels()?.stages?.[x.stage] || x.stage}, so it never runs with it)`),
      chain(x),
      h("p", { class: "gates-readby" }, readersText(x.readBy)));
  }

  function render(reply, error, note) {
    const x = reply?.explanation;
    const on = x ? (x.enabled ? "on" : "off") : "on or off";
    heading.textContent = `Why is ${state.gate} ${on}?`;
    closeButton.setAttribute("aria-label", `Close the explanation of ${state.gate}`);
    replaceChildren(body,
      error ? h("p", { class: "error" }, error) : null,
      note ? h("p", { class: "hint" }, `After the upgrade: ${note}.`) : null,
      x ? explanation(x, reply.target ? `On ${x.release}` : "") : null,
      reply?.target ? explanation(reply.target, `After the upgrade to ${reply.target.release}`) : null);
  }

  return {
    el,
    async show(gate, opener) {
      state.gate = gate;
      state.opener = opener || null;
      el.hidden = false;
      await refresh();
      heading.focus();
    },
    refresh,
  };
}
