// ESLint for the page's JavaScript (make lint-js). Flat config; the versions
// are pinned in package.json and installed by npm ci.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/**"] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-implicit-globals": "error",
      "no-restricted-properties": [
        "error",
        { property: "innerHTML", message: "User text reaches the page only through textContent (ui.js h())." },
        { property: "outerHTML", message: "User text reaches the page only through textContent (ui.js h())." },
        { object: "document", property: "write", message: "Never." },
        ...["window", "globalThis", "self"].flatMap((object) =>
          ["localStorage", "sessionStorage"].map((property) => ({ object, property, message: "Use storage.js: storage may be blocked or full." })),
        ),
      ],
      "no-restricted-globals": [
        "error",
        { name: "localStorage", message: "Use storage.js: storage may be blocked or full." },
        { name: "sessionStorage", message: "Use storage.js: storage may be blocked or full." },
      ],
    },
  },
  {
    files: ["js/**/*.js"],
    // Build-time constants (KX_VERSION, KX_ASSET_*) are declared with /* global */ where used.
    languageOptions: { globals: globals.browser },
  },
  {
    // The one module that touches the browser's storages.
    files: ["js/storage.js"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    // The worker runs with Go's wasm_exec.js in front of it (/* global Go */).
    files: ["js/worker.js"],
    languageOptions: { globals: globals.worker },
  },
  {
    // A classic script in a scope of its own.
    files: ["static/sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
    rules: { "no-implicit-globals": "off" },
  },
  {
    files: ["test/**/*.js", "eslint.config.js"],
    languageOptions: { globals: globals.node },
  },
];
