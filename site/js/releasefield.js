// The header's release control. It always means "the release being
// modelled": the Kubernetes release for the tabs that model Kubernetes
// (feature gates, kubelet), and the tab's own releases for a tab that
// models something else (kubefed's v0.3.0 … v0.10.0, from the engine). Such
// a tab describes its control with the releaseControl hook (app.js); while
// it is shown, its control takes the Kubernetes release's place.

import { setOptions } from "./ui.js";

/**
 * createReleaseField({kubernetes, own, ownLabel, ownSelect}) takes the two
 * fields of the header (elements) and returns {show(hooks)}: show the
 * control of the tab whose hooks are given.
 */
export function createReleaseField({ kubernetes, own, ownLabel, ownSelect }) {
  let control = null;
  let unsubscribe = null;
  function refresh() {
    if (!control) return;
    const value = control.value();
    setOptions(ownSelect, control.releases().map((r) => ({ value: r, label: r })), value);
  }
  ownSelect.addEventListener("change", () => control?.set(ownSelect.value));
  return {
    show(hooks) {
      unsubscribe?.();
      unsubscribe = null;
      control = hooks?.releaseControl || null;
      kubernetes.hidden = Boolean(control);
      own.hidden = !control;
      if (!control) return;
      ownLabel.textContent = control.label;
      ownSelect.setAttribute("aria-label", `${control.label} release being modelled`);
      refresh();
      unsubscribe = control.onChange(refresh);
    },
  };
}
