package siteserver

import (
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countingFS counts the bytes read from its files.
type countingFS struct {
	fs.FS
	read atomic.Int64
}

func (c *countingFS) Open(name string) (fs.File, error) {
	f, err := c.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return &countingFile{f.(fileSeeker), &c.read}, nil
}

type fileSeeker interface {
	fs.File
	io.Seeker
}

type countingFile struct {
	fileSeeker
	read *atomic.Int64
}

func (f *countingFile) Read(p []byte) (int, error) {
	n, err := f.fileSeeker.Read(p)
	f.read.Add(int64(n))
	return n, err
}

// Files are streamed: after the first request hashed a file for its ETag,
// a range request reads the range, a HEAD and a revalidation read nothing.
func TestFilesAreStreamed(t *testing.T) {
	big := strings.Repeat("x", 4<<20)
	cfs := &countingFS{FS: fstest.MapFS{"engine.0123abcd.wasm": {Data: []byte(big)}}}
	h := Handler(cfs)
	do := func(method string, hdr map[string]string) *http.Response {
		req := httptest.NewRequest(method, "/engine.0123abcd.wasm", nil)
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Result()
	}
	first := do("GET", nil)
	require.Equal(t, 200, first.StatusCode)
	cfs.read.Store(0)
	res := do("GET", map[string]string{"Range": "bytes=0-9"})
	assert.Equal(t, http.StatusPartialContent, res.StatusCode)
	assert.Less(t, cfs.read.Load(), int64(64<<10), "a range request reads the range, not the file")
	cfs.read.Store(0)
	do("HEAD", nil)
	assert.Zero(t, cfs.read.Load(), "HEAD reads nothing")
	res = do("GET", map[string]string{"If-None-Match": first.Header.Get("ETag")})
	assert.Equal(t, http.StatusNotModified, res.StatusCode)
	assert.Zero(t, cfs.read.Load(), "a revalidation reads nothing")
}

func TestNewServerBounds(t *testing.T) {
	srv := NewServer(http.NotFoundHandler())
	assert.Equal(t, ReadHeaderTimeout, srv.ReadHeaderTimeout)
	assert.NotZero(t, srv.ReadTimeout)
	assert.NotZero(t, srv.WriteTimeout)
	assert.NotZero(t, srv.IdleTimeout)
	assert.Equal(t, MaxHeaderBytes, srv.MaxHeaderBytes)
	assert.Contains(t, CSP, "base-uri 'none'")
	assert.Contains(t, CSP, "form-action 'none'")
}

func FuzzPath(f *testing.F) {
	for _, p := range []string{"/", "/index.html", "/docs/", "/../x", "/%2e%2e/", "/engine.0123abcd.wasm.br", "//a//b", "/.secret", "/a\x00b", "/docs/../index.html"} {
		f.Add(p)
	}
	h := Handler(testSite())
	f.Fuzz(func(t *testing.T, p string) {
		name, ok := h.(*handler).resolve(p)
		if !ok {
			return
		}
		if !fs.ValidPath(name) || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") || strings.Contains("/"+name, "/.") {
			t.Fatalf("%q resolved to %q", p, name)
		}
		if _, err := fs.Stat(testSite(), name); err != nil {
			t.Fatalf("%q resolved to a missing %q", p, name)
		}
	})
}

func FuzzAcceptEncoding(f *testing.F) {
	for _, h := range []string{"", "br", "gzip, deflate, br", "br;q=0, gzip", "*", "*;q=0", "gzip;q=NaN", "br;q=1e400", ",,;;", "BR ; Q=0.5"} {
		f.Add(h)
	}
	h := Handler(testSite())
	f.Fuzz(func(t *testing.T, ae string) {
		req := httptest.NewRequest("GET", "/engine.0123abcd.wasm", nil)
		req.Header.Set("Accept-Encoding", ae)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		enc := rec.Result().Header.Get("Content-Encoding")
		switch enc {
		case "":
			if rec.Body.String() != "\x00asm raw" {
				t.Fatalf("%q: identity body %q", ae, rec.Body.String())
			}
		case "br", "gzip":
			if !accepts(ae, enc) {
				t.Fatalf("%q: %s served but not accepted", ae, enc)
			}
		default:
			t.Fatalf("%q: encoding %q", ae, enc)
		}
	})
}
