package sitebuild

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Options.Data: files the scripts fetch, hashed and compressed like the
// scripts, their names in KX_DATA.
func TestBuildData(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "site")
	writeFiles(t, src, map[string]string{
		"index.html":   `<script type="module" src="{{app.js}}"></script>`,
		"js/main.js":   `console.log(KX_DATA["replies-gates.json"]);`,
		"js/worker.js": `self.onmessage = () => new Go();`,
		"css/main.css": `body { color: red }`,
	})
	writeFiles(t, tmp, map[string]string{"gates.wasm": "\x00asm", "wasm_exec.js": "class Go {}"})
	data := `{"replies":{"gates.evaluate {}":` + strings.Repeat(`{"a":1},`, 100) + `{}}}`
	out := filepath.Join(tmp, "out")
	m, err := Build(Options{Src: src, Engines: []Engine{{"gates", filepath.Join(tmp, "gates.wasm")}}, WasmExec: filepath.Join(tmp, "wasm_exec.js"),
		Data: map[string][]byte{"replies-gates.json": []byte(data)}, Out: out, Minify: true, BrotliQuality: 5})
	require.NoError(t, err)
	name := m.Assets["replies-gates.json"]
	assert.Regexp(t, `^replies-gates\.[0-9a-f]{10}\.json$`, name)
	assert.Equal(t, data, read(t, out, name))
	assert.Equal(t, data, unbrotli(t, filepath.Join(out, name+".br")))
	assert.Contains(t, read(t, out, m.Assets["app.js"]), name, "the scripts know the file's hashed name")
	found := false
	for _, f := range m.Files {
		found = found || f.Name == name
	}
	assert.True(t, found, "build.json lists it (the service worker caches it)")
}
