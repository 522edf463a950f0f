// The Kubefed tab. Placeholder until its mechanism lands.
import { h } from "../ui.js";

export const id = "kubefed";
export const title = "Kubefed";

export function mount(panel) {
  panel.replaceChildren(
    h("h2", {}, title),
    h("p", { class: "lead" }, "Paste FederatedTypeConfigs and federated resources and watch kubefed's controllers propagate them to member clusters."),
    h("p", { class: "muted" }, "This part of the explorer is being built."),
  );
  return {};
}
