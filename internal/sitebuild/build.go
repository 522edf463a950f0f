// Package sitebuild turns site/ and the compiled engines into the static
// site that kubexplorer serve (or any static host) serves.
//
// The output is flat and cache-friendly: every script, style sheet and
// engine carry a content hash in their name, so a host may cache them
// forever; only the HTML pages, the service worker and build.json keep fixed
// names. JavaScript is bundled with esbuild (no CDN, no request to another
// origin); the engines' worker gets Go's wasm_exec.js in front of it. Every
// text asset and engine get precompressed .br and .gz siblings.
//
// There is one engine per mechanism (engine-gates.wasm, …): a page or a
// widget downloads only the engines of the tabs it shows. The scripts learn
// their hashed names from KX_ENGINES ({mechanism: file}) and which one the
// page opens with by default from KX_FIRST_MECHANISM; KX_STATIC_REPLIES
// holds replies computed at build time (Options.StaticReplies), which the
// page answers without an engine.
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
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/evanw/esbuild/pkg/api"
)

// Options says where things are.
type Options struct {
	Src string // the site sources (site/)
	// Engines are the compiled engines, one per mechanism, in the order of
	// the page's tabs: the first is the one a page opens with by default.
	Engines  []Engine
	WasmExec string // Go's wasm_exec.js, from the same toolchain as the engines
	// StaticReplies are replies the page gives without an engine, by
	// "method request" with the request as JSON with sorted keys (engine.js
	// canonicalJSON); each value is the reply's result.
	StaticReplies map[string]json.RawMessage
	Out           string // output directory; replaced entirely
	Version       string // engine version, recorded in build.json
	// Minify shrinks scripts and styles; off only to debug the page.
	Minify bool
	// BrotliQuality is 0-11; 11 is the best and slowest.
	BrotliQuality int
	// Data are files the scripts fetch, by logical name ("replies-gates.json"):
	// written with a content hash like the scripts, their names in
	// KX_DATA ({logical: file}).
	Data map[string][]byte
}

// Engine is one mechanism's compiled engine.
type Engine struct {
	Mechanism string // "gates", the prefix of its methods
	Wasm      string // path of the compiled module
}

// Manifest is written to build.json: what was built, for the benchmarks and
// the service worker.
type Manifest struct {
	Version string `json:"version"`
	// Assets maps a logical name ("engine-gates.wasm", "app.js", ...) to its
	// hashed file name.
	Assets map[string]string `json:"assets"`
	// Engines maps a mechanism to its engine's hashed file name.
	Engines map[string]string `json:"engines"`
	// Chunks are the scripts the modules share or load on demand (code
	// splitting), by their served names.
	Chunks []string `json:"chunks,omitempty"`
	// Preload maps a module entry (app.js, embed.js) to the scripts it
	// needs before it runs: itself and every chunk it imports statically.
	Preload map[string][]string `json:"preload,omitempty"`
	// Tabs maps a tab (js/tabs/NAME.js, imported on demand) to the scripts
	// it needs before it mounts: its chunk and the chunks that imports.
	Tabs map[string][]string `json:"tabs,omitempty"`
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
var embedRoutes = []struct{ dir, element, mechanism string }{
	{"embed/feature-gates", "kx-feature-gates", "gates"},
	{"embed/kubelet", "kx-kubelet", "kubelet"},
	{"embed/kubefed", "kx-kubefed", "kubefed"},
}

// entries are the classic scripts: logical name → source. They are bundled
// one by one, around the modules (modules): the worker first (the modules
// know its name), boot.js last (it knows the modules' chunks).
var entries = []struct{ name, src string }{
	// The worker is a classic script: it imports wasm_exec.js's globals.
	{"worker.js", "js/worker.js"},
	// The page's first script, classic so that it runs before the modules.
	{"boot.js", "js/boot.js"},
}

// modules are the ES module entry points, bundled together with code
// splitting: what they share (the engine router, the tabs, CodeMirror) is in
// chunks both load, and what they import dynamically (each tab, the gates
// operator views, CodeMirror) is in chunks of its own, loaded on demand.
var modules = []struct{ name, src string }{
	{"app.js", "js/main.js"},
	{"embed.js", "js/embed.js"},
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
	if len(o.Engines) == 0 {
		return nil, fmt.Errorf("no engines to build the site with")
	}
	b := &builder{o: o, m: &Manifest{Version: o.Version, Assets: map[string]string{}, Engines: map[string]string{}}}
	// Styles and the engine come first: scripts refer to their hashed names.
	steps := []func() error{b.engines, b.data, b.styles, b.scripts, b.static, b.pages, b.compress}
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

func (b *builder) engines() error {
	for _, e := range b.o.Engines {
		if e.Mechanism == "" || strings.ContainsAny(e.Mechanism, "./ ") {
			return fmt.Errorf("engine %q: a mechanism is one word", e.Mechanism)
		}
		if _, dup := b.m.Engines[e.Mechanism]; dup {
			return fmt.Errorf("engine %q listed twice", e.Mechanism)
		}
		data, err := os.ReadFile(e.Wasm)
		if err != nil {
			return fmt.Errorf("reading the %s engine: %w", e.Mechanism, err)
		}
		logical := "engine-" + e.Mechanism + ".wasm"
		if err := b.hashed(logical, data); err != nil {
			return err
		}
		b.m.Engines[e.Mechanism] = b.m.Assets[logical]
	}
	return nil
}

// data writes Options.Data.
func (b *builder) data() error {
	for logical, data := range b.o.Data {
		if err := b.hashed(logical, data); err != nil {
			return err
		}
	}
	return nil
}

// defines are the build-time constants the scripts read.
func (b *builder) defines() (map[string]string, error) {
	define := map[string]string{
		"KX_VERSION":         jsString(b.o.Version),
		"KX_FIRST_MECHANISM": jsString(b.o.Engines[0].Mechanism),
	}
	for logical, name := range b.m.Assets {
		define["KX_ASSET_"+constName(logical)] = jsString(name)
	}
	engines, err := json.Marshal(b.m.Engines)
	if err != nil {
		return nil, err
	}
	define["KX_ENGINES"] = string(engines)
	replies := b.o.StaticReplies
	if replies == nil {
		replies = map[string]json.RawMessage{}
	}
	static, err := json.Marshal(replies)
	if err != nil {
		return nil, fmt.Errorf("static replies: %w", err)
	}
	define["KX_STATIC_REPLIES"] = string(static)
	data := map[string]string{}
	for logical := range b.o.Data {
		data[logical] = b.m.Assets[logical]
	}
	dataJSON, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	define["KX_DATA"] = string(dataJSON)
	// The scripts each tab needs before it mounts (boot.js preloads the
	// opening tab's); known once the modules are bundled.
	tabs, err := json.Marshal(b.m.Tabs)
	if err != nil {
		return nil, err
	}
	if b.m.Tabs == nil {
		tabs = []byte("{}")
	}
	define["KX_TAB_SCRIPTS"] = string(tabs)
	return define, nil
}

func (b *builder) scripts() error {
	wasmExec, err := os.ReadFile(b.o.WasmExec)
	if err != nil {
		return fmt.Errorf("reading wasm_exec.js: %w", err)
	}
	worker, boot := entries[0], entries[1]
	if err := b.classic(worker.name, worker.src, string(wasmExec)); err != nil {
		return err
	}
	if err := b.modules(); err != nil {
		return err
	}
	return b.classic(boot.name, boot.src, "")
}

// options are the esbuild options every script bundle shares.
func (b *builder) options(define map[string]string) api.BuildOptions {
	return api.BuildOptions{
		Bundle:            true,
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
}

// classic bundles one classic script (an IIFE), with banner in front.
func (b *builder) classic(name, rel, banner string) error {
	src := filepath.Join(b.o.Src, filepath.FromSlash(rel))
	if _, err := os.Stat(src); err != nil {
		if name == "worker.js" {
			return err
		}
		return nil // optional entry points
	}
	define, err := b.defines()
	if err != nil {
		return err
	}
	opts := b.options(define)
	opts.EntryPoints = []string{mustAbs(src)}
	opts.Format = api.FormatIIFE
	if banner != "" {
		opts.Banner = map[string]string{"js": banner}
	}
	res := api.Build(opts)
	if len(res.Errors) > 0 {
		return fmt.Errorf("bundling %s: %s", rel, formatMessages(res.Errors))
	}
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".js") {
			return b.hashed(name, f.Contents)
		}
	}
	return fmt.Errorf("bundling %s: no output", rel)
}

// modules bundles the ES module entry points in one build with code
// splitting. The entries get hashed names like every asset; the chunks keep
// esbuild's names (name.HASH.js, a content hash too), since the entries and
// other chunks import them by those names.
func (b *builder) modules() error {
	define, err := b.defines()
	if err != nil {
		return err
	}
	opts := b.options(define)
	opts.Format = api.FormatESModule
	opts.Splitting = true
	opts.Metafile = true
	opts.EntryNames = "[name]"
	opts.ChunkNames = "[name].[hash]"
	var present []string
	for _, m := range modules {
		src := filepath.Join(b.o.Src, filepath.FromSlash(m.src))
		if _, err := os.Stat(src); err != nil {
			if m.name == "app.js" {
				return err
			}
			continue // optional entry points
		}
		opts.EntryPointsAdvanced = append(opts.EntryPointsAdvanced, api.EntryPoint{InputPath: mustAbs(src), OutputPath: strings.TrimSuffix(m.name, ".js")})
		present = append(present, m.name)
	}
	res := api.Build(opts)
	if len(res.Errors) > 0 {
		return fmt.Errorf("bundling %s: %s", strings.Join(present, ", "), formatMessages(res.Errors))
	}
	g, err := parseGraph(res.Metafile)
	if err != nil {
		return err
	}
	for _, f := range res.OutputFiles {
		name := path.Base(filepath.ToSlash(f.Path))
		if !strings.HasSuffix(name, ".js") {
			continue
		}
		if slices.Contains(present, name) {
			if err := b.hashed(name, f.Contents); err != nil {
				return err
			}
			continue
		}
		b.m.Chunks = append(b.m.Chunks, name)
		if err := b.write(name, f.Contents); err != nil {
			return err
		}
	}
	sort.Strings(b.m.Chunks)
	b.m.Preload = map[string][]string{}
	for _, name := range present {
		b.m.Preload[name] = g.closure(name, b.m.Assets)
	}
	b.m.Tabs = map[string][]string{}
	for file, entry := range g.entries {
		if dir, base := path.Split(entry); dir == "js/tabs/" && !slices.Contains(present, file) {
			b.m.Tabs[strings.TrimSuffix(base, ".js")] = g.closure(file, b.m.Assets)
		}
	}
	return nil
}

// graph is esbuild's metafile, reduced to what the preloads need.
type graph struct {
	imports map[string][]string // output file → the files it imports statically
	entries map[string]string   // output file → its entry point (entries and dynamic imports)
}

func parseGraph(metafile string) (*graph, error) {
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string `json:"entryPoint"`
			Imports    []struct {
				Path string `json:"path"`
				Kind string `json:"kind"`
			} `json:"imports"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(metafile), &meta); err != nil {
		return nil, fmt.Errorf("esbuild's metafile: %w", err)
	}
	g := &graph{imports: map[string][]string{}, entries: map[string]string{}}
	for out, o := range meta.Outputs {
		file := path.Base(out)
		if o.EntryPoint != "" {
			g.entries[file] = o.EntryPoint
		}
		for _, imp := range o.Imports {
			if imp.Kind == "import-statement" {
				g.imports[file] = append(g.imports[file], path.Base(imp.Path))
			}
		}
	}
	return g, nil
}

// closure is file and every file it imports statically, directly or not:
// what must arrive before it runs. Entries are given by their hashed names.
func (g *graph) closure(file string, assets map[string]string) []string {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(f string) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, imp := range g.imports[f] {
			walk(imp)
		}
	}
	walk(file)
	var out []string
	for f := range seen {
		if hashed, ok := assets[f]; ok {
			f = hashed
		}
		out = append(out, f)
	}
	sort.Strings(out)
	return out
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
	tmpl = []byte(strings.ReplaceAll(string(tmpl), "{{modulepreload:embed.js}}", b.preloadLinks("embed.js", "{{root}}")))
	for _, r := range embedRoutes {
		root := strings.Repeat("../", strings.Count(r.dir, "/")+1)
		page := strings.NewReplacer("{{root}}", root, "{{element}}", r.element, "{{mechanism}}", r.mechanism).Replace(string(tmpl))
		if err := b.write(r.dir+"/index.html", b.substitute([]byte(page))); err != nil {
			return err
		}
	}
	return nil
}

// preloadLinks are <link rel="modulepreload"> elements for the scripts a
// module entry needs before it runs, each href prefixed: the browser
// fetches them all at once instead of finding each import in turn.
func (b *builder) preloadLinks(entry, prefix string) string {
	var links []string
	for _, f := range b.m.Preload[entry] {
		links = append(links, `<link rel="modulepreload" href="`+prefix+f+`">`)
	}
	return strings.Join(links, "\n")
}

// substitute replaces {{logical}} with hashed asset names, {{version}} with
// the version and {{modulepreload:ENTRY}} with preloadLinks.
func (b *builder) substitute(data []byte) []byte {
	pairs := []string{"{{version}}", b.o.Version}
	for entry := range b.m.Preload {
		pairs = append(pairs, "{{modulepreload:"+entry+"}}", b.preloadLinks(entry, ""))
	}
	for logical, name := range b.m.Assets {
		pairs = append(pairs, "{{"+logical+"}}", name)
	}
	return []byte(strings.NewReplacer(pairs...).Replace(string(data)))
}

var compressible = map[string]bool{".wasm": true, ".js": true, ".css": true, ".html": true, ".svg": true, ".json": true, ".yaml": true, ".webmanifest": true}

// compress writes the .gz and .br siblings, on every core: brotli at its
// best quality is the slowest step of the build (seconds per engine).
func (b *builder) compress() error {
	infos := make([]FileInfo, len(b.written))
	errs := make([]error, len(b.written))
	work := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				infos[i], errs[i] = b.compressOne(b.written[i])
			}
		}()
	}
	for i := range b.written {
		work <- i
	}
	close(work)
	wg.Wait()
	for i := range infos {
		if errs[i] != nil {
			return errs[i]
		}
		b.m.Files = append(b.m.Files, infos[i])
	}
	return nil
}

func (b *builder) compressOne(name string) (FileInfo, error) {
	full := filepath.Join(b.o.Out, filepath.FromSlash(name))
	data, err := os.ReadFile(full)
	if err != nil {
		return FileInfo{}, err
	}
	info := FileInfo{Name: name, Size: len(data)}
	if !compressible[path.Ext(name)] || len(data) < 512 {
		return info, nil
	}
	gz, br, err := compressBoth(data, b.o.BrotliQuality)
	if err != nil {
		return FileInfo{}, err
	}
	// Siblings are not recorded in written: they are not compressed again.
	if err := os.WriteFile(full+".gz", gz, 0o644); err != nil {
		return FileInfo{}, err
	}
	if err := os.WriteFile(full+".br", br, 0o644); err != nil {
		return FileInfo{}, err
	}
	info.Gzip, info.Brotli = len(gz), len(br)
	return info, nil
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

// constName turns "engine-gates.wasm" into "ENGINE_GATES_WASM".
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
