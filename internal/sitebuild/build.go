// Package sitebuild turns site/ and the compiled engine into the static site
// that kubexplorer serve (or any static host) serves.
//
// The output is flat and cache-friendly: every script, style sheet and the
// engine carry a content hash in their name, so a host may cache them
// forever; only the HTML pages, the service worker and build.json keep fixed
// names. JavaScript is bundled with esbuild (no CDN, no request to another
// origin); the engine's worker gets Go's wasm_exec.js in front of it. Every
// text asset and the engine get precompressed .br and .gz siblings.
package sitebuild

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/evanw/esbuild/pkg/api"
)

// Options says where things are.
type Options struct {
	Src      string // the site sources (site/)
	Wasm     string // the compiled engine
	WasmExec string // Go's wasm_exec.js, from the same toolchain as Wasm
	Out      string // output directory; replaced entirely
	Version  string // engine version, recorded in build.json
	// Minify shrinks scripts and styles; off only to debug the page.
	Minify bool
	// BrotliQuality is 0-11; 11 is the best and slowest.
	BrotliQuality int
}

// Manifest is written to build.json: what was built, for the benchmarks and
// the service worker.
type Manifest struct {
	Version string `json:"version"`
	// Assets maps a logical name ("engine.wasm", "app.js", ...) to its
	// hashed file name.
	Assets map[string]string `json:"assets"`
	// Files lists every served file (without the compressed siblings).
	Files []FileInfo `json:"files"`
}

// FileInfo gives the sizes of one file and of its compressed siblings.
type FileInfo struct {
	Name   string `json:"name"`
	Size   int    `json:"size"`
	Gzip   int    `json:"gzip,omitempty"`
	Brotli int    `json:"brotli,omitempty"`
}

// pages are the HTML entry points: their names stay fixed and their
// {{asset}} placeholders are replaced by hashed names.
var pages = []string{"index.html", "embed-example.html"}

// embedRoutes are the chrome-less /embed/<name>/ pages, one widget each, for
// hosts that can only embed an iframe. They are made from embed.html.
var embedRoutes = []struct{ dir, element string }{
	{"embed/feature-gates", "kx-feature-gates"},
	{"embed/kubelet", "kx-kubelet"},
	{"embed/kubefed", "kx-kubefed"},
}

// entries are the script bundles: logical name → source, format.
var entries = []struct {
	name, src string
	format    api.Format
}{
	// The worker is a classic script: it imports wasm_exec.js's globals.
	{"worker.js", "js/worker.js", api.FormatIIFE},
	{"app.js", "js/main.js", api.FormatESModule},
	{"embed.js", "js/embed.js", api.FormatESModule},
}

// Build writes the site.
func Build(o Options) (*Manifest, error) {
	if o.BrotliQuality == 0 {
		o.BrotliQuality = brotli.BestCompression
	}
	if err := os.RemoveAll(o.Out); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, err
	}
	b := &builder{o: o, m: &Manifest{Version: o.Version, Assets: map[string]string{}}}
	// Styles and the engine come first: scripts refer to their hashed names.
	steps := []func() error{b.engine, b.styles, b.scripts, b.static, b.pages, b.compress}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	sort.Slice(b.m.Files, func(i, j int) bool { return b.m.Files[i].Name < b.m.Files[j].Name })
	data, err := json.MarshalIndent(b.m, "", "  ")
	if err != nil {
		return nil, err
	}
	return b.m, os.WriteFile(filepath.Join(o.Out, "build.json"), append(data, '\n'), 0o644)
}

type builder struct {
	o       Options
	m       *Manifest
	written []string // output files, relative, to compress
}

// hashed writes data under base.<hash>.ext and records it as logical.
func (b *builder) hashed(logical string, data []byte) error {
	sum := sha256.Sum256(data)
	ext := path.Ext(logical)
	name := strings.TrimSuffix(logical, ext) + "." + hex.EncodeToString(sum[:5]) + ext
	b.m.Assets[logical] = name
	return b.write(name, data)
}

func (b *builder) write(name string, data []byte) error {
	full := filepath.Join(b.o.Out, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return err
	}
	b.written = append(b.written, name)
	return os.WriteFile(full, data, 0o644)
}

func (b *builder) engine() error {
	data, err := os.ReadFile(b.o.Wasm)
	if err != nil {
		return fmt.Errorf("reading the engine: %w", err)
	}
	return b.hashed("engine.wasm", data)
}

func (b *builder) scripts() error {
	wasmExec, err := os.ReadFile(b.o.WasmExec)
	if err != nil {
		return fmt.Errorf("reading wasm_exec.js: %w", err)
	}
	for _, e := range entries {
		src := filepath.Join(b.o.Src, filepath.FromSlash(e.src))
		if _, err := os.Stat(src); err != nil {
			if e.name == "app.js" || e.name == "worker.js" {
				return err
			}
			continue // optional entry points
		}
		define := map[string]string{"KX_VERSION": jsString(b.o.Version)}
		for logical, name := range b.m.Assets {
			define["KX_ASSET_"+constName(logical)] = jsString(name)
		}
		opts := api.BuildOptions{
			EntryPoints:       []string{mustAbs(src)},
			Bundle:            true,
			Format:            e.format,
			Platform:          api.PlatformBrowser,
			Target:            api.ES2022,
			MinifyWhitespace:  b.o.Minify,
			MinifyIdentifiers: b.o.Minify,
			MinifySyntax:      b.o.Minify,
			Define:            define,
			LegalComments:     api.LegalCommentsEndOfFile,
			Write:             false,
			Outdir:            "out",
			LogLevel:          api.LogLevelSilent,
			AbsWorkingDir:     mustAbs(b.o.Src),
			Plugins:           []api.Plugin{styleModPlugin},
		}
		if e.name == "worker.js" {
			opts.Banner = map[string]string{"js": string(wasmExec)}
		}
		res := api.Build(opts)
		if len(res.Errors) > 0 {
			return fmt.Errorf("bundling %s: %s", e.src, formatMessages(res.Errors))
		}
		var js []byte
		for _, f := range res.OutputFiles {
			if strings.HasSuffix(f.Path, ".js") {
				js = f.Contents
			}
		}
		if err := b.hashed(e.name, js); err != nil {
			return err
		}
	}
	return nil
}

func (b *builder) styles() error {
	res := api.Build(api.BuildOptions{
		EntryPoints:      []string{mustAbs(filepath.Join(b.o.Src, "css", "main.css"))},
		Bundle:           true,
		MinifyWhitespace: b.o.Minify,
		MinifySyntax:     b.o.Minify,
		Write:            false,
		Outdir:           "out",
		LogLevel:         api.LogLevelSilent,
		AbsWorkingDir:    mustAbs(b.o.Src),
	})
	if len(res.Errors) > 0 {
		return fmt.Errorf("bundling css/main.css: %s", formatMessages(res.Errors))
	}
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".css") {
			return b.hashed("app.css", f.Contents)
		}
	}
	return fmt.Errorf("bundling css/main.css: no output")
}

// static copies site/static as it is (icons, the service worker, ...).
func (b *builder) static() error {
	root := filepath.Join(b.o.Src, "static")
	if _, err := os.Stat(root); os.IsNotExist(err) {
		return nil
	}
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return b.write(filepath.ToSlash(rel), b.substitute(data))
	})
}

func (b *builder) pages() error {
	for _, page := range pages {
		data, err := os.ReadFile(filepath.Join(b.o.Src, page))
		if os.IsNotExist(err) && page != "index.html" {
			continue
		}
		if err != nil {
			return err
		}
		if err := b.write(page, b.substitute(data)); err != nil {
			return err
		}
	}
	tmpl, err := os.ReadFile(filepath.Join(b.o.Src, "embed.html"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, r := range embedRoutes {
		root := strings.Repeat("../", strings.Count(r.dir, "/")+1)
		page := strings.NewReplacer("{{root}}", root, "{{element}}", r.element).Replace(string(tmpl))
		if err := b.write(r.dir+"/index.html", b.substitute([]byte(page))); err != nil {
			return err
		}
	}
	return nil
}

// substitute replaces {{logical}} with hashed asset names and {{version}}
// with the version.
func (b *builder) substitute(data []byte) []byte {
	pairs := []string{"{{version}}", b.o.Version}
	for logical, name := range b.m.Assets {
		pairs = append(pairs, "{{"+logical+"}}", name)
	}
	return []byte(strings.NewReplacer(pairs...).Replace(string(data)))
}

var compressible = map[string]bool{".wasm": true, ".js": true, ".css": true, ".html": true, ".svg": true, ".json": true, ".yaml": true, ".webmanifest": true}

func (b *builder) compress() error {
	for _, name := range b.written {
		data, err := os.ReadFile(filepath.Join(b.o.Out, filepath.FromSlash(name)))
		if err != nil {
			return err
		}
		info := FileInfo{Name: name, Size: len(data)}
		if compressible[path.Ext(name)] && len(data) >= 512 {
			gz, br, err := compressBoth(data, b.o.BrotliQuality)
			if err != nil {
				return err
			}
			// Siblings are not recorded in written: they are not compressed again.
			full := filepath.Join(b.o.Out, filepath.FromSlash(name))
			if err := os.WriteFile(full+".gz", gz, 0o644); err != nil {
				return err
			}
			if err := os.WriteFile(full+".br", br, 0o644); err != nil {
				return err
			}
			info.Gzip, info.Brotli = len(gz), len(br)
		}
		b.m.Files = append(b.m.Files, info)
	}
	return nil
}

func compressBoth(data []byte, brotliQuality int) (gz, br []byte, err error) {
	var g bytes.Buffer
	gw, _ := gzip.NewWriterLevel(&g, gzip.BestCompression)
	if _, err := gw.Write(data); err != nil {
		return nil, nil, err
	}
	if err := gw.Close(); err != nil {
		return nil, nil, err
	}
	var r bytes.Buffer
	bw := brotli.NewWriterLevel(&r, brotliQuality)
	if _, err := bw.Write(data); err != nil {
		return nil, nil, err
	}
	if err := bw.Close(); err != nil {
		return nil, nil, err
	}
	return g.Bytes(), r.Bytes(), nil
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// constName turns "engine.wasm" into "ENGINE_WASM".
func constName(logical string) string {
	return strings.ToUpper(strings.NewReplacer(".", "_", "-", "_").Replace(logical))
}

func mustAbs(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return a
}

func formatMessages(msgs []api.Message) string {
	var parts []string
	for _, m := range msgs {
		if m.Location != nil {
			parts = append(parts, fmt.Sprintf("%s:%d:%d: %s", m.Location.File, m.Location.Line, m.Location.Column, m.Text))
		} else {
			parts = append(parts, m.Text)
		}
	}
	return strings.Join(parts, "; ")
}
