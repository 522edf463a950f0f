package siteserver

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
)

func testSite() fstest.MapFS {
	return fstest.MapFS{
		"index.html":                 {Data: []byte("<!doctype html><title>x</title>")},
		"engine.0123abcd.wasm":       {Data: []byte("\x00asm raw")},
		"engine.0123abcd.wasm.br":    {Data: []byte("brotli bytes")},
		"engine.0123abcd.wasm.gz":    {Data: []byte("gzip bytes")},
		"app.89abcdef.js":            {Data: []byte("console.log(1)")},
		"sw.js":                      {Data: []byte("self.x=1")},
		"docs/index.html":            {Data: []byte("docs")},
		".secret":                    {Data: []byte("no")},
		"examples/kubelet/a.yaml":    {Data: []byte("a: 1")},
		"examples/kubelet/a.yaml.gz": {Data: []byte("zz")},
	}
}

func TestServe(t *testing.T) {
	tests := []struct {
		name, method, path, acceptEncoding string
		wantStatus                         int
		wantBody, wantType, wantEncoding   string
		wantCache, wantAllow               string
	}{
		{name: "root is index.html", path: "/", wantStatus: 200, wantBody: "<!doctype html><title>x</title>", wantType: "text/html; charset=utf-8", wantCache: "no-cache"},
		{name: "index by name", path: "/index.html", wantStatus: 200, wantType: "text/html; charset=utf-8", wantCache: "no-cache"},
		{name: "directory index", path: "/docs/", wantStatus: 200, wantBody: "docs"},
		{name: "wasm raw", path: "/engine.0123abcd.wasm", wantStatus: 200, wantBody: "\x00asm raw", wantType: "application/wasm", wantCache: "public, max-age=31536000, immutable"},
		{name: "wasm brotli preferred", path: "/engine.0123abcd.wasm", acceptEncoding: "gzip, deflate, br", wantStatus: 200, wantBody: "brotli bytes", wantType: "application/wasm", wantEncoding: "br"},
		{name: "wasm gzip", path: "/engine.0123abcd.wasm", acceptEncoding: "gzip", wantStatus: 200, wantBody: "gzip bytes", wantEncoding: "gzip"},
		{name: "br refused with q=0", path: "/engine.0123abcd.wasm", acceptEncoding: "br;q=0, gzip", wantStatus: 200, wantBody: "gzip bytes", wantEncoding: "gzip"},
		{name: "wildcard", path: "/engine.0123abcd.wasm", acceptEncoding: "*", wantStatus: 200, wantBody: "brotli bytes", wantEncoding: "br"},
		{name: "identity only", path: "/engine.0123abcd.wasm", acceptEncoding: "identity", wantStatus: 200, wantBody: "\x00asm raw"},
		{name: "hashed js cached forever", path: "/app.89abcdef.js", wantStatus: 200, wantType: "text/javascript; charset=utf-8", wantCache: "public, max-age=31536000, immutable"},
		{name: "unhashed js revalidated", path: "/sw.js", wantStatus: 200, wantCache: "no-cache"},
		{name: "yaml example with gzip", path: "/examples/kubelet/a.yaml", acceptEncoding: "gzip", wantStatus: 200, wantBody: "zz", wantType: "text/yaml; charset=utf-8", wantEncoding: "gzip"},
		{name: "missing", path: "/nope.js", wantStatus: 404},
		{name: "brotli sibling by name", path: "/engine.0123abcd.wasm.br", acceptEncoding: "br", wantStatus: 404},
		{name: "gzip sibling by name", path: "/examples/kubelet/a.yaml.gz", wantStatus: 404},
		{name: "hidden file", path: "/.secret", wantStatus: 404},
		{name: "traversal", path: "/../../etc/passwd", wantStatus: 404},
		{name: "encoded traversal", path: "/%2e%2e/etc/passwd", wantStatus: 404},
		{name: "directory without index", path: "/examples/", wantStatus: 404},
		{name: "HEAD", method: "HEAD", path: "/", wantStatus: 200, wantBody: ""},
		{name: "POST", method: "POST", path: "/", wantStatus: 405, wantAllow: "GET, HEAD"},
		{name: "DELETE", method: "DELETE", path: "/app.89abcdef.js", wantStatus: 405, wantAllow: "GET, HEAD"},
	}
	h := Handler(testSite())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := tt.method
			if method == "" {
				method = "GET"
			}
			req := httptest.NewRequest(method, "http://127.0.0.1"+tt.path, nil)
			if tt.acceptEncoding != "" {
				req.Header.Set("Accept-Encoding", tt.acceptEncoding)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			res := rec.Result()
			assert.Equal(t, tt.wantStatus, res.StatusCode)
			assert.Equal(t, CSP, res.Header.Get("Content-Security-Policy"), "every response carries the CSP")
			assert.Equal(t, "*", res.Header.Get("Access-Control-Allow-Origin"), "widgets load from other origins")
			assert.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"))
			assert.Equal(t, "no-referrer", res.Header.Get("Referrer-Policy"))
			if tt.wantBody != "" || method == "HEAD" {
				assert.Equal(t, tt.wantBody, rec.Body.String())
			}
			if tt.wantType != "" {
				assert.Equal(t, tt.wantType, res.Header.Get("Content-Type"))
			}
			if tt.wantStatus == 200 {
				assert.Equal(t, tt.wantEncoding, res.Header.Get("Content-Encoding"))
				assert.Equal(t, "Accept-Encoding", res.Header.Get("Vary"))
			}
			if tt.wantCache != "" {
				assert.Equal(t, tt.wantCache, res.Header.Get("Cache-Control"))
			}
			assert.Equal(t, tt.wantAllow, res.Header.Get("Allow"))
		})
	}
}

func TestETagDiffersPerEncodingAndRevalidates(t *testing.T) {
	h := Handler(testSite())
	get := func(enc, inm string) *http.Response {
		req := httptest.NewRequest("GET", "/engine.0123abcd.wasm", nil)
		req.Header.Set("Accept-Encoding", enc)
		if inm != "" {
			req.Header.Set("If-None-Match", inm)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Result()
	}
	br, gz := get("br", ""), get("gzip", "")
	assert.NotEqual(t, br.Header.Get("ETag"), gz.Header.Get("ETag"))
	assert.Equal(t, http.StatusNotModified, get("br", br.Header.Get("ETag")).StatusCode)
}

func TestAccepts(t *testing.T) {
	for _, tt := range []struct {
		header, token string
		want          bool
	}{
		{"", "br", false},
		{"br", "br", true},
		{"BR;q=0.5", "br", true},
		{"br;q=0", "br", false},
		{"*;q=0, gzip", "br", false},
		{"*", "gzip", true},
		{"*, br;q=0", "br", false},
		{"gzip;q=garbage", "gzip", true},
	} {
		assert.Equal(t, tt.want, accepts(tt.header, tt.token), "%q %q", tt.header, tt.token)
	}
}
