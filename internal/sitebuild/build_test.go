package sitebuild

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
}

func TestBuild(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "site")
	writeFiles(t, src, map[string]string{
		"index.html":      `<link href="{{app.css}}"><script src="{{boot.js}}"></script><script type="module" src="{{app.js}}"></script> v={{version}}`,
		"js/main.js":      `import { twice } from "./lib.js"; console.log(twice(KX_ASSET_WORKER_JS), KX_ENGINES.kubelet, KX_FIRST_MECHANISM, KX_VERSION, KX_STATIC_REPLIES["releases {}"].default);`,
		"js/boot.js":      `new Worker(KX_ASSET_WORKER_JS).postMessage(KX_ENGINES[KX_FIRST_MECHANISM]);`,
		"js/lib.js":       `export const twice = (s) => s + s;`,
		"js/worker.js":    `self.onmessage = () => new Go();`,
		"css/main.css":    `@import "./a.css"; body { color: red }`,
		"css/a.css":       `p { margin: 0 }`,
		"static/icon.svg": strings.Repeat("<svg/>", 200),
		"embed.html":      `<script src="{{root}}{{boot.js}}" data-mechanism="{{mechanism}}"></script><{{element}}>`,
	})
	writeFiles(t, tmp, map[string]string{
		"gates.wasm":   strings.Repeat("\x00asm", 300),
		"kubelet.wasm": strings.Repeat("\x00asm-kubelet", 100),
		"wasm_exec.js": "class Go {}",
	})
	out := filepath.Join(tmp, "out")
	require.NoError(t, os.MkdirAll(out, 0o755))
	writeFiles(t, out, map[string]string{"stale.txt": "old build"})

	engines := []Engine{{"gates", filepath.Join(tmp, "gates.wasm")}, {"kubelet", filepath.Join(tmp, "kubelet.wasm")}}
	replies := map[string]json.RawMessage{"releases {}": json.RawMessage(`{"releases":["1.18","1.37"],"default":"1.37"}`)}
	m, err := Build(Options{Src: src, Engines: engines, StaticReplies: replies, WasmExec: filepath.Join(tmp, "wasm_exec.js"), Out: out, Version: "v9", Minify: true, BrotliQuality: 5})
	require.NoError(t, err)

	hashed := regexp.MustCompile(`^[a-z-]+\.[0-9a-f]{10}\.[a-z]+$`)
	for _, logical := range []string{"engine-gates.wasm", "engine-kubelet.wasm", "worker.js", "boot.js", "app.js", "app.css"} {
		assert.Regexp(t, hashed, m.Assets[logical], logical)
	}
	assert.Equal(t, map[string]string{"gates": m.Assets["engine-gates.wasm"], "kubelet": m.Assets["engine-kubelet.wasm"]}, m.Engines)
	assert.NoFileExists(t, filepath.Join(out, "stale.txt"), "the output directory is replaced")

	index := read(t, out, "index.html")
	assert.Contains(t, index, m.Assets["app.js"])
	assert.Contains(t, index, m.Assets["app.css"])
	assert.Contains(t, index, m.Assets["boot.js"])
	assert.Contains(t, index, "v=v9")
	assert.NotContains(t, index, "{{")
	embed := read(t, out, "embed/kubelet/index.html")
	assert.Contains(t, embed, `src="../../`+m.Assets["boot.js"]+`" data-mechanism="kubelet"`, "an /embed/ page boots its widget's engine")

	app := read(t, out, m.Assets["app.js"])
	assert.Contains(t, app, m.Assets["worker.js"], "the page knows the worker's hashed name")
	assert.Contains(t, app, m.Assets["engine-kubelet.wasm"], "the page knows the engines' hashed names")
	assert.Contains(t, app, `"gates"`, "the page knows the first mechanism")
	assert.Contains(t, app, `"1.37"`, "the page has the static replies")
	assert.NotContains(t, app, "import", "modules are bundled (no chunk: nothing is shared or loaded on demand)")
	boot := read(t, out, m.Assets["boot.js"])
	assert.Contains(t, boot, m.Assets["engine-gates.wasm"])
	assert.True(t, strings.HasPrefix(read(t, out, m.Assets["worker.js"]), "class Go {}"), "wasm_exec.js comes first in the worker")
	assert.Contains(t, read(t, out, m.Assets["app.css"]), "margin:0", "CSS imports are inlined")
	assert.FileExists(t, filepath.Join(out, "icon.svg"))

	raw := read(t, out, m.Assets["engine-gates.wasm"])
	assert.Equal(t, raw, gunzip(t, filepath.Join(out, m.Assets["engine-gates.wasm"]+".gz")))
	assert.Equal(t, raw, unbrotli(t, filepath.Join(out, m.Assets["engine-gates.wasm"]+".br")))
	assert.NoFileExists(t, filepath.Join(out, m.Assets["engine-gates.wasm"]+".gz.br"), "siblings are not compressed again")

	var manifest Manifest
	require.NoError(t, json.Unmarshal([]byte(read(t, out, "build.json")), &manifest))
	assert.Equal(t, "v9", manifest.Version)
	assert.Equal(t, m.Engines, manifest.Engines)
	for _, f := range manifest.Files {
		if f.Name == m.Assets["engine-gates.wasm"] {
			assert.Equal(t, 1200, f.Size)
			assert.Positive(t, f.Brotli)
		}
	}

	checks, err := manifest.CheckBudgets(map[string]int{"gates": 1 << 20})
	require.NoError(t, err)
	require.Len(t, checks, 2)
	assert.False(t, checks[0].Over(), checks[0].String())
	assert.True(t, checks[1].Over(), "an engine without a budget fails the check: %s", checks[1])
	checks, err = manifest.CheckBudgets(map[string]int{"gates": 10, "kubelet": 1 << 20})
	require.NoError(t, err)
	assert.True(t, checks[0].Over(), checks[0].String())
	assert.Contains(t, checks[0].String(), "OVER")
}

func TestBuildNeedsEngines(t *testing.T) {
	_, err := Build(Options{Src: t.TempDir(), Out: filepath.Join(t.TempDir(), "out")})
	assert.ErrorContains(t, err, "no engines")
	_, err = Build(Options{Src: t.TempDir(), Out: filepath.Join(t.TempDir(), "out"), Engines: []Engine{{"a.b", "x.wasm"}}})
	assert.ErrorContains(t, err, "one word")
}

func TestBuildReportsBundleErrorsWithPosition(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "site")
	writeFiles(t, src, map[string]string{
		"index.html":   "x",
		"js/main.js":   "import { nope } from './missing.js';",
		"js/worker.js": "",
		"css/main.css": "",
	})
	writeFiles(t, tmp, map[string]string{"engine.wasm": "x", "wasm_exec.js": ""})
	_, err := Build(Options{Src: src, Engines: []Engine{{"gates", filepath.Join(tmp, "engine.wasm")}}, WasmExec: filepath.Join(tmp, "wasm_exec.js"), Out: filepath.Join(tmp, "out")})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "main.js:1:")
	assert.Contains(t, err.Error(), "missing.js")
}

// The modules are split: what the page and the widgets share is in chunks
// both import, a dynamic import is a chunk of its own, loaded on demand;
// the pages preload what their entry imports, boot.js knows each tab's
// scripts, and the manifest lists every chunk (the service worker caches
// them all).
func TestBuildSplitsModules(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "site")
	writeFiles(t, src, map[string]string{
		"index.html":      `<head>{{modulepreload:app.js}}<script type="module" src="{{app.js}}"></script>`,
		"embed.html":      `<script src="{{root}}{{boot.js}}"></script>{{modulepreload:embed.js}}<script type="module" src="{{root}}{{embed.js}}"></script>`,
		"js/main.js":      `import { shared } from "./shared.js"; shared(); import("./tabs/one.js").then((m) => m.mount());`,
		"js/embed.js":     `import { shared } from "./shared.js"; shared(); import("./tabs/one.js");`,
		"js/shared.js":    `export function shared() { return "shared code"; }`,
		"js/tabs/one.js":  `import { helper } from "../helper.js"; export function mount() { return helper() + "tab one"; } import("./view.js");`,
		"js/tabs/view.js": `import { helper } from "../helper.js"; export const view = "an operator view" + helper();`,
		"js/helper.js":    `export function helper() { return "helper"; }`,
		"js/boot.js":      `console.log(KX_TAB_SCRIPTS);`,
		"js/worker.js":    ``,
		"css/main.css":    ``,
	})
	writeFiles(t, tmp, map[string]string{"one.wasm": "x", "wasm_exec.js": ""})
	out := filepath.Join(tmp, "out")
	m, err := Build(Options{Src: src, Engines: []Engine{{"one", filepath.Join(tmp, "one.wasm")}}, WasmExec: filepath.Join(tmp, "wasm_exec.js"), Out: out, Version: "v1", BrotliQuality: 5})
	require.NoError(t, err)

	chunk := regexp.MustCompile(`^[a-z]+\.[A-Z2-7]{8}\.js$`)
	require.NotEmpty(t, m.Chunks)
	for _, c := range m.Chunks {
		assert.Regexp(t, chunk, c)
		assert.FileExists(t, filepath.Join(out, c))
	}
	files := map[string]bool{}
	for _, f := range m.Files {
		files[f.Name] = true
	}
	for _, c := range m.Chunks {
		assert.True(t, files[c], "build.json lists %s (the service worker precaches what it lists)", c)
	}

	app := read(t, out, m.Assets["app.js"])
	assert.NotContains(t, app, "shared code", "code the page and the widgets share is in a chunk")
	assert.NotContains(t, app, "tab one", "a dynamic import is a chunk of its own")
	require.Len(t, m.Tabs["one"], 2, "a tab's scripts: its chunk and the chunk of what it imports")
	var tabChunk string
	for _, f := range m.Tabs["one"] {
		if strings.Contains(read(t, out, f), "tab one") {
			tabChunk = f
		}
	}
	require.NotEmpty(t, tabChunk)
	assert.Contains(t, m.Tabs, "view", "a tab's own dynamic import is a chunk of its own")
	for _, f := range m.Tabs["view"] {
		if strings.HasPrefix(f, "view.") {
			assert.NotContains(t, m.Tabs["one"], f, "and not among the tab's scripts")
		}
	}
	assert.Contains(t, read(t, out, m.Assets["boot.js"]), tabChunk, "boot.js knows each tab's scripts")

	assert.Contains(t, m.Preload["app.js"], m.Assets["app.js"])
	assert.Len(t, m.Preload["app.js"], 2, "app.js and the shared chunk")
	index := read(t, out, "index.html")
	for _, f := range m.Preload["app.js"] {
		assert.Contains(t, index, `<link rel="modulepreload" href="`+f+`">`)
	}
	assert.NotContains(t, index, tabChunk, "the page preloads no tab: boot.js preloads the one it opens with")
	embedPage := read(t, out, "embed/kubelet/index.html")
	for _, f := range m.Preload["embed.js"] {
		assert.Contains(t, embedPage, `<link rel="modulepreload" href="../../`+f+`">`)
	}
	assert.NotContains(t, embedPage, "{{")

	assert.ElementsMatch(t, append([]string{m.Assets["boot.js"]}, append(m.Preload["app.js"], m.Tabs["one"]...)...), m.FirstPaint("one"))
	assert.Nil(t, m.FirstPaint("two"))
	checks, err := m.CheckFirstPaint(map[string]int{"one": 1})
	require.NoError(t, err)
	require.Len(t, checks, 1)
	assert.True(t, checks[0].Over(), checks[0].String())
	assert.Contains(t, checks[0].String(), "first paint")
	_, err = m.CheckFirstPaint(map[string]int{"two": 1})
	assert.ErrorContains(t, err, "no tab two")
}

// Each tab's first paint on the real page weighs no more than its budget
// (FirstPaintBudgets): the page's own scripts, built from site/ as make
// site builds them.
func TestFirstPaintBudgets(t *testing.T) {
	src, err := filepath.Abs("../../site")
	require.NoError(t, err)
	if _, err := os.Stat(filepath.Join(src, "node_modules", "@codemirror")); err != nil {
		t.Skip("site/node_modules is not installed (make site installs it)")
	}
	tmp := t.TempDir()
	writeFiles(t, tmp, map[string]string{"e.wasm": "x", "wasm_exec.js": ""})
	var engines []Engine
	for tab := range FirstPaintBudgets {
		engines = append(engines, Engine{tab, filepath.Join(tmp, "e.wasm")})
	}
	m, err := Build(Options{Src: src, Engines: engines, WasmExec: filepath.Join(tmp, "wasm_exec.js"), Out: filepath.Join(tmp, "out"), Version: "dev", Minify: true})
	require.NoError(t, err)
	checks, err := m.CheckFirstPaint(FirstPaintBudgets)
	require.NoError(t, err)
	require.Len(t, checks, len(FirstPaintBudgets))
	for _, c := range checks {
		t.Log(c)
		assert.False(t, c.Over(), c.String())
	}
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	require.NoError(t, err)
	return string(b)
}

func gunzip(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	r, err := gzip.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	out, err := io.ReadAll(r)
	require.NoError(t, err)
	return string(out)
}

func unbrotli(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	out, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
	require.NoError(t, err)
	return string(out)
}

func TestPatchStyleMod(t *testing.T) {
	src := "let x = 1\n    if (!root.head && root.adoptedStyleSheets && win.CSSStyleSheet) {\n"
	got, err := patchStyleMod(src)
	require.NoError(t, err)
	assert.Contains(t, got, "if (root.adoptedStyleSheets && win.CSSStyleSheet)")
	_, err = patchStyleMod("if (root.adoptedStyleSheets) {}")
	assert.ErrorContains(t, err, "style-mod changed")
}
