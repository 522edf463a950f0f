// "Embed this" (the share dialog): the tab on screen as a snippet for a
// documentation page, in both forms docs/embedding.md describes: the custom
// element, its state inline as a JSON block (embed.js reads data-kind
// "state"), and the /embed/ iframe route with a share fragment.

/** The element and the /embed/ route of each tab. */
export const EMBED_TARGETS = {
  gates: { element: "kx-feature-gates", route: "embed/feature-gates/" },
  kubelet: { element: "kx-kubelet", route: "embed/kubelet/" },
  kubefed: { element: "kx-kubefed", route: "embed/kubefed/" },
};

const escapeAttribute = (s) => String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * embedSnippets({base, script, tab, release, state, fragment}) returns
 * {element, iframe}: HTML for tab's state. base is the explorer's address
 * (ending in /), script the embed script's file name, fragment a share
 * fragment ("s=…") of the same state. Null for a tab with no widget.
 */
export function embedSnippets({ base, script, tab, release, state, fragment }) {
  const target = EMBED_TARGETS[tab];
  if (!target) return null;
  // JSON in a <script> block: "<" escaped, so no "</script>" can end it.
  const json = JSON.stringify(state ?? {}, null, 2).replace(/</g, "\\u003c");
  const indented = json.split("\n").map((l) => `    ${l}`).join("\n");
  const src = new URL(script, base).href;
  const element = [
    `<script type="module" src="${escapeAttribute(src)}"></script>`,
    `<${target.element} release="${escapeAttribute(release)}">`,
    `  <script type="application/json" data-kind="state">`,
    indented,
    `  </script>`,
    `</${target.element}>`,
  ].join("\n");
  const route = new URL(target.route, base);
  route.searchParams.set("release", release);
  if (fragment) route.hash = fragment;
  const iframe = `<iframe src="${escapeAttribute(route.href)}" title="kubexplorer" width="100%" height="500" loading="lazy"></iframe>`;
  return { element, iframe };
}
