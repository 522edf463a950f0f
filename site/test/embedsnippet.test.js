import { test } from "node:test";
import assert from "node:assert/strict";
import { embedSnippets } from "../js/embedsnippet.js";

test("embedSnippets: the element carries the state, the iframe the fragment", () => {
  const s = embedSnippets({ base: "https://x.example/kx/", script: "embed.abc.js", tab: "gates", release: "1.30", state: { commandLine: "--v=1 </script><b>" }, fragment: "s=AAA" });
  assert.match(s.element, /^<script type="module" src="https:\/\/x\.example\/kx\/embed\.abc\.js"><\/script>\n<kx-feature-gates release="1\.30">/);
  assert.ok(!s.element.includes("</script><b>"), "user text cannot end the block");
  const json = s.element.split('data-kind="state">\n')[1].split("\n  </script>")[0];
  assert.deepEqual(JSON.parse(json), { commandLine: "--v=1 </script><b>" });
  assert.equal(s.iframe, '<iframe src="https://x.example/kx/embed/feature-gates/?release=1.30#s=AAA" title="kubexplorer" width="100%" height="500" loading="lazy"></iframe>');
  assert.equal(embedSnippets({ base: "https://x/", script: "e.js", tab: "nope", release: "1", state: {} }), null);
});
