// The Kubelet tab. Placeholder until its mechanism lands.
import { h } from "../ui.js";

export const id = "kubelet";
export const title = "Kubelet";

export function mount(panel) {
  panel.replaceChildren(
    h("h2", {}, title),
    h("p", { class: "lead" }, "Paste pods, inject runtime faults and watch the kubelet's sync loop drive them, on a virtual clock."),
    h("p", { class: "muted" }, "This part of the explorer is being built."),
  );
  return {};
}
