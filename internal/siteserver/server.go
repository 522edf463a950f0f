// Package siteserver serves the built explorer site from a directory.
//
// It is a static file server with the few rules a Go WebAssembly page needs:
// the application/wasm MIME type (streaming compilation refuses anything
// else), precompressed .br and .gz siblings chosen by Accept-Encoding (and
// never served under their own names), the strict Content-Security-Policy
// of the design, year-long caching for content-hashed file names and
// revalidation for everything else, and proper 404 and 405 answers.
// Everything may be loaded from other origins (CORS), so documentation
// sites can embed the widgets. It never lists directories.
//
// Files are streamed from disk, never read whole per request; a file's
// ETag (a hash of its bytes) is computed once per version of the file.
// NewServer adds the timeouts and header bounds that keep slow or hostile
// clients from holding the server's memory.
package siteserver

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// CSP is the Content-Security-Policy sent with every response. Workers get
// their policy from their own response, so it is sent with scripts too.
// The page has no <base> element and no forms.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'"

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

// encodings are the precompressed siblings, in order of preference.
var encodings = []struct{ token, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// Handler serves the site in root.
func Handler(root fs.FS) http.Handler {
	return &handler{root: root, etags: newETagCache(root)}
}

type handler struct {
	root  fs.FS
	etags *etagCache
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
	if isHashedName(name) {
		header.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		header.Set("Cache-Control", "no-cache")
	}
	header.Add("Vary", "Accept-Encoding")

	served, encoding := name, ""
	accept := r.Header.Get("Accept-Encoding")
	for _, enc := range encodings {
		if accepts(accept, enc.token) && isFile(h.root, name+enc.suffix) {
			served, encoding = name+enc.suffix, enc.token
			break
		}
	}
	f, err := h.root.Open(served)
	if err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	content, ok := f.(io.ReadSeeker)
	if !ok {
		http.Error(w, "500 file cannot seek", http.StatusInternalServerError)
		return
	}
	if encoding != "" {
		header.Set("Content-Encoding", encoding)
	}
	// A strong validator per representation so caches never mix encodings.
	if tag, err := h.etags.get(served, st); err == nil {
		header.Set("ETag", strconv.Quote(tag))
	}
	http.ServeContent(w, r, "", st.ModTime(), content)
}

// resolve maps a URL path to a regular file in root: "/" and directories
// mean their index.html. Hidden files and the precompressed siblings
// themselves (.br, .gz) are not served by name: only Accept-Encoding
// selects them.
func (h *handler) resolve(urlPath string) (string, bool) {
	if !strings.HasPrefix(urlPath, "/") {
		return "", false
	}
	name := strings.TrimPrefix(path.Clean(urlPath), "/")
	if name == "" {
		name = "index.html"
	}
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") {
			return "", false
		}
	}
	for _, enc := range encodings {
		if strings.HasSuffix(name, enc.suffix) {
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

// isHashedName reports file names that carry a content hash, like
// engine.3f2a9c1b.wasm or app.0badc0de.js (a dot, at least eight lowercase
// hex digits, a dot and an extension at the end): their content never
// changes.
func isHashedName(name string) bool {
	ext := path.Ext(name)
	if len(ext) < 2 || strings.Trim(ext[1:], "abcdefghijklmnopqrstuvwxyz0123456789") != "" {
		return false
	}
	stem := strings.TrimSuffix(name, ext)
	i := strings.LastIndexByte(stem, '.')
	if i < 0 {
		return false
	}
	hash := stem[i+1:]
	return len(hash) >= 8 && strings.Trim(hash, "0123456789abcdef") == ""
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

// Timeouts and bounds of NewServer.
const (
	ReadHeaderTimeout = 5 * time.Second
	// ReadTimeout covers a whole request; the site takes no bodies.
	ReadTimeout = 15 * time.Second
	// WriteTimeout covers a whole response: the largest file (the raw
	// engine, about 11 MB) at 100 KB/s.
	WriteTimeout = 2 * time.Minute
	IdleTimeout  = time.Minute
	// MaxHeaderBytes bounds a request's headers (browsers send 1-2 KB).
	MaxHeaderBytes = 16 << 10
	// ShutdownTimeout is how long Serve waits for requests in flight.
	ShutdownTimeout = 5 * time.Second
)

// NewServer is an http.Server for h with the timeouts and bounds above.
func NewServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      WriteTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
	}
}

// Serve serves on ln with NewServer until ctx ends (SIGINT or SIGTERM in
// the CLI), then shuts down gracefully: no new connections, and requests
// in flight get ShutdownTimeout to finish.
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := NewServer(h)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
