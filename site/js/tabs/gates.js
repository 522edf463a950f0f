// The Feature gates tab. Placeholder until its mechanism lands.
import { h } from "../ui.js";

export const id = "gates";
export const title = "Feature gates";

export function mount(panel) {
  panel.replaceChildren(
    h("h2", {}, title),
    h("p", { class: "lead" }, "Paste a kubelet command line, config file and drop-ins, pick a release, and see whether the kubelet starts and which gates are in effect."),
    h("p", { class: "muted" }, "This part of the explorer is being built."),
  );
  return {};
}
