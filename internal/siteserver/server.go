// Package siteserver serves the built explorer site from a directory.
//
// It is a static file server with the few rules a Go WebAssembly page needs:
// the application/wasm MIME type (streaming compilation refuses anything
// else), precompressed .br and .gz siblings chosen by Accept-Encoding, the
// strict Content-Security-Policy of the design, year-long caching for
// content-hashed file names and revalidation for everything else, and proper
// 404 and 405 answers. Everything may be loaded from other origins (CORS),
// so documentation sites can embed the widgets. It never lists directories.
package siteserver

import (
	"bytes"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// CSP is the Content-Security-Policy sent with every response. Workers get
// their policy from their own response, so it is sent with scripts too.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'"

// hashedName matches file names that carry a content hash, like
// engine.3f2a9c1b.wasm or app.0badc0de.js: their content never changes.
var hashedName = regexp.MustCompile(`\.[0-9a-f]{8,}\.[a-z0-9]+$`)

var contentTypes = map[string]string{
	".wasm":        "application/wasm",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".json":        "application/json",
	".svg":         "image/svg+xml",
	".webmanifest": "application/manifest+json",
	".txt":         "text/plain; charset=utf-8",
	".yaml":        "text/yaml; charset=utf-8",
	".ico":         "image/x-icon",
	".png":         "image/png",
}

// Handler serves the site in root.
func Handler(root fs.FS) http.Handler {
	return &handler{root: root}
}

type handler struct {
	root fs.FS
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	header := w.Header()
	header.Set("Content-Security-Policy", CSP)
	header.Set("X-Content-Type-Options", "nosniff")
	header.Set("Referrer-Policy", "no-referrer")
	// The site is public and static: documentation pages on other origins
	// may load the widget script, its styles and the engine.
	header.Set("Access-Control-Allow-Origin", "*")
	header.Set("Cross-Origin-Resource-Policy", "cross-origin")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		header.Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, ok := h.resolve(r.URL.Path)
	if !ok {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	ext := path.Ext(name)
	ctype, known := contentTypes[ext]
	if !known {
		ctype = mime.TypeByExtension(ext)
	}
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	header.Set("Content-Type", ctype)
	if hashedName.MatchString(name) {
		header.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		header.Set("Cache-Control", "no-cache")
	}
	header.Add("Vary", "Accept-Encoding")

	served := name
	for _, enc := range []struct{ token, suffix string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if accepts(r.Header.Get("Accept-Encoding"), enc.token) && isFile(h.root, name+enc.suffix) {
			served = name + enc.suffix
			header.Set("Content-Encoding", enc.token)
			break
		}
	}
	data, err := fs.ReadFile(h.root, served)
	if err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	modTime := fileModTime(h.root, served)
	// A strong validator per representation so caches never mix encodings.
	header.Set("ETag", strconv.Quote(etag(data)))
	http.ServeContent(w, r, "", modTime, bytes.NewReader(data))
}

// resolve maps a URL path to a regular file in root: "/" and directories
// mean their index.html. Hidden files and the precompressed siblings
// themselves are not served by name.
func (h *handler) resolve(urlPath string) (string, bool) {
	if !strings.HasPrefix(urlPath, "/") {
		return "", false
	}
	clean := path.Clean(urlPath)
	name := strings.TrimPrefix(clean, "/")
	if name == "" {
		name = "index.html"
	}
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") {
			return "", false
		}
	}
	if !fs.ValidPath(name) {
		return "", false
	}
	if st, err := fs.Stat(h.root, name); err == nil && st.IsDir() {
		name = path.Join(name, "index.html")
	}
	if !isFile(h.root, name) {
		return "", false
	}
	return name, true
}

func isFile(root fs.FS, name string) bool {
	st, err := fs.Stat(root, name)
	return err == nil && st.Mode().IsRegular()
}

// accepts reports whether an Accept-Encoding header allows the coding token,
// honouring q=0 refusals and the * wildcard.
func accepts(header, token string) bool {
	allowed := false
	for _, part := range strings.Split(header, ",") {
		fields := strings.Split(strings.TrimSpace(part), ";")
		coding := strings.ToLower(strings.TrimSpace(fields[0]))
		if coding != token && coding != "*" {
			continue
		}
		q := 1.0
		for _, p := range fields[1:] {
			p = strings.TrimSpace(p)
			if v, ok := strings.CutPrefix(p, "q="); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		if coding == token {
			return q > 0 // an explicit entry beats the wildcard
		}
		allowed = q > 0
	}
	return allowed
}
