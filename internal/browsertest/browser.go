// Package browsertest drives the real built site in headless Chromium for
// the end-to-end tests (e2e/) and the page benchmarks (cmd/kxbench).
//
// It serves the site directory with the same handler as kubexplorer serve,
// on 127.0.0.1 and a free port, starts Chromium with a fresh profile and the
// flags that keep it off the network, and records every request a page
// makes so a test can prove nothing leaves 127.0.0.1.
package browsertest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/kubexplorer/kubexplorer/internal/siteserver"
)

// ChromiumPath finds the browser: $KX_CHROMIUM, then /usr/bin/chromium, then
// chromium or chromium-browser on PATH.
func ChromiumPath() (string, error) {
	if p := os.Getenv("KX_CHROMIUM"); p != "" {
		return p, nil
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium", nil
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no Chromium found: install Debian's chromium package (apt-get install chromium) or set KX_CHROMIUM")
}

// SiteDir finds the built site: $KX_SITE_DIR, else build/site above the
// working directory.
func SiteDir() (string, error) {
	if d := os.Getenv("KX_SITE_DIR"); d != "" {
		return d, checkSite(d)
	}
	dir, _ := os.Getwd()
	for range 4 {
		d := filepath.Join(dir, "build", "site")
		if checkSite(d) == nil {
			return d, nil
		}
		dir = filepath.Dir(dir)
	}
	return "", errors.New("no built site found: run make build (or set KX_SITE_DIR)")
}

func checkSite(d string) error {
	if _, err := os.Stat(filepath.Join(d, "index.html")); err != nil {
		return fmt.Errorf("no built site in %s: %w (run make build)", d, err)
	}
	return nil
}

// Env is a served site and a running browser.
type Env struct {
	BaseURL string // http://127.0.0.1:PORT
	Server  *http.Server
	browser context.Context
	mu      sync.Mutex
	hits    []Hit // the requests the server answered, in the order it finished them
	extra   map[string]http.Handler
	cancel  []context.CancelFunc
}

// Option changes how Start launches the browser.
type Option func(*[]chromedp.ExecAllocatorOption)

// JSFlags gives V8 command-line flags (Chromium's --js-flags), for
// measurements that compare the engine with one of V8's behaviours turned
// off: flags no page can set, so nothing a visitor gets.
func JSFlags(flags string) Option {
	return func(opts *[]chromedp.ExecAllocatorOption) {
		*opts = append(*opts, chromedp.Flag("js-flags", flags))
	}
}

// Start serves siteDir and launches Chromium. Close releases both.
func Start(siteDir string, options ...Option) (*Env, error) {
	chromium, err := ChromiumPath()
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	env := &Env{BaseURL: "http://" + ln.Addr().String()}
	site := siteserver.Handler(os.DirFS(siteDir))
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if serveLauncher(w, r) {
			return // Visit's, not the site's: not a hit
		}
		env.mu.Lock()
		h := env.extra[r.URL.Path]
		env.mu.Unlock()
		if h != nil {
			h.ServeHTTP(w, r) // the caller's, not the site's: not a hit
			return
		}
		cw := &countingWriter{ResponseWriter: w}
		site.ServeHTTP(cw, r)
		env.mu.Lock()
		env.hits = append(env.hits, Hit{Path: r.URL.Path, Bytes: cw.n})
		env.mu.Unlock()
	}), ReadHeaderTimeout: 10 * time.Second}
	env.Server = srv
	go func() { _ = srv.Serve(ln) }()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("no-proxy-server", true),
		chromedp.WindowSize(1280, 900),
	)
	for _, o := range options {
		o(&opts)
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, bcancel := chromedp.NewContext(actx)
	env.cancel = []context.CancelFunc{bcancel, acancel}
	env.browser = bctx
	// Start the browser now, so a missing or broken browser fails here.
	if err := chromedp.Do(bctx); err != nil {
		env.Close()
		return nil, fmt.Errorf("starting %s: %w", chromium, err)
	}
	return env, nil
}

// Handle serves h at path, before the site and without counting its
// requests as hits: a measurement's own page beside the site (same
// origin, so it can load the site's workers and engines) or the address
// it reports to.
func (e *Env) Handle(path string, h http.Handler) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.extra == nil {
		e.extra = map[string]http.Handler{}
	}
	e.extra[path] = h
}

// Hit is one request the server answered: its path and the bytes of the
// response body it wrote (compressed, when it sent a .br or .gz sibling).
type Hit struct {
	Path  string
	Bytes int
}

// Hits returns the requests the server answered so far, in the order it
// finished them, workers' and service workers' included (a page's request
// log has only the page's own).
func (e *Env) Hits() []Hit {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]Hit(nil), e.hits...)
}

// Served returns how many requests for each path the server answered so far.
func (e *Env) Served() map[string]int {
	out := map[string]int{}
	for _, h := range e.Hits() {
		out[h.Path]++
	}
	return out
}

// countingWriter counts the body bytes a handler writes.
type countingWriter struct {
	http.ResponseWriter
	n int
}

func (w *countingWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseWriter.Write(b)
	w.n += n
	return n, err
}

// Close stops the browser and the server.
func (e *Env) Close() {
	for _, c := range e.cancel {
		c()
	}
	_ = e.Server.Close()
}

// Page is one browser tab.
type Page struct {
	Ctx      context.Context
	cancel   context.CancelFunc
	mu       sync.Mutex
	requests []string
	problems []string
}

// NewPage opens a tab that records the URL of every request it makes. The
// tab lives until Close or until timeout passes. Give
// chromedp.WithNewBrowserContext() for a tab with empty caches.
func (e *Env) NewPage(timeout time.Duration, opts ...chromedp.ContextOption) (*Page, error) {
	tctx, tcancel := chromedp.NewContext(e.browser, opts...)
	ctx, cancel := context.WithTimeout(tctx, timeout)
	p := &Page{Ctx: ctx, cancel: func() { cancel(); tcancel() }}
	requests := chromedp.Events(ctx, network.RequestWillBeSent)
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	console := chromedp.Events(ctx, runtime.ConsoleAPICalled)
	if err := chromedp.Do(ctx); err != nil { // opens the tab
		p.Close()
		return nil, err
	}
	if _, err := chromedp.Call(ctx, runtime.Enable, cdp.Empty{}); err != nil {
		p.Close()
		return nil, err
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		p.Close()
		return nil, err
	}
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			text := ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil && ev.ExceptionDetails.Exception.Description != "" {
				text = ev.ExceptionDetails.Exception.Description
			}
			p.problem("uncaught exception: " + text)
		}
	}()
	go func() {
		for ev, err := range console {
			if err != nil {
				return
			}
			if ev.Type != runtime.ConsoleAPICalledTypeError {
				continue
			}
			var parts []string
			for _, a := range ev.Args {
				if a.Description != "" {
					parts = append(parts, a.Description)
				} else {
					parts = append(parts, string(a.Value))
				}
			}
			p.problem("console.error: " + strings.Join(parts, " "))
		}
	}()
	go func() {
		for ev, err := range requests {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.requests = append(p.requests, ev.Request.URL)
			p.mu.Unlock()
		}
	}()
	return p, nil
}

func (p *Page) problem(s string) {
	p.mu.Lock()
	p.problems = append(p.problems, s)
	p.mu.Unlock()
}

// Problems returns the uncaught exceptions and console.error messages so far.
func (p *Page) Problems() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.problems...)
}

// Close closes the tab.
func (p *Page) Close() { p.cancel() }

// Requests returns the URLs requested so far.
func (p *Page) Requests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.requests...)
}

// ForeignRequests returns the requests that did not go to 127.0.0.1 (data:
// and blob: URLs stay inside the page and are allowed).
func (p *Page) ForeignRequests() []string {
	var out []string
	for _, r := range p.Requests() {
		u, err := url.Parse(r)
		if err != nil {
			out = append(out, r)
			continue
		}
		switch u.Scheme {
		case "data", "blob":
			continue
		}
		if u.Hostname() != "127.0.0.1" {
			out = append(out, r)
		}
	}
	return out
}

// Eval evaluates a JavaScript expression, awaiting it if it is a promise.
func Eval[T any](p *Page, expr string) (T, error) {
	return chromedp.Run(p.Ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}

// WaitFor polls a JavaScript expression until it is truthy.
func (p *Page) WaitFor(expr string, timeout time.Duration) error {
	_, err := chromedp.Run(p.Ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(10*time.Millisecond)))
	if err != nil {
		return fmt.Errorf("waiting for %s: %w", expr, err)
	}
	return nil
}

// EngineReadyExpr is true once the page's engine has said it is ready.
const EngineReadyExpr = `window.kx && window.kx.engine.state === "ready"`

// Navigate loads url in the tab and waits for its load event.
func Navigate(p *Page, url string) error {
	return chromedp.Do(p.Ctx, chromedp.Navigate(url))
}

// The launcher is the page Visit opens first: launcherPath?ms=N#URL
// navigates to URL (location.replace) N ms after it ran.
const (
	launcherPath   = "/__visit.html"
	launcherScript = "/__visit.js"
	launcherHTML   = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>visit</title>
<script src="` + launcherScript + `"></script></head><body></body></html>
`
	launcherJS = `setTimeout(() => location.replace(decodeURIComponent(location.hash.slice(1))),
  Number(new URLSearchParams(location.search).get("ms")) || 0);
`
)

// serveLauncher answers the launcher's two requests and reports whether r
// was one of them.
func serveLauncher(w http.ResponseWriter, r *http.Request) bool {
	switch r.URL.Path {
	case launcherPath:
		Static(launcherHTML, "text/html; charset=utf-8").ServeHTTP(w, r)
	case launcherScript:
		Static(launcherJS, "text/javascript; charset=utf-8").ServeHTTP(w, r)
	default:
		return false
	}
	return true
}

// Static answers every request with body, of type ctype and never cached:
// a measurement's own page or script, for Handle.
func Static(body, ctype string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Cache-Control", "no-store")
		_, _ = io.WriteString(w, body)
	})
}

// Visit loads path as a visitor's browser does, with no DevTools session
// on the tab: DevTools' agents (DOM, CSS, network, the page's) cost a page
// work a visitor's browser does not do, more the larger its document and
// style sheets, so a timing taken through them is not one a visitor sees.
// The tab opens in a new browser context (empty caches and storage) on a
// launcher page of the server's origin, which navigates to path by itself
// (location.replace) after settle, as a tab first opened at about:blank
// and then navigated would. Visit attaches a session only once until
// returns true (polled every 10 ms; after timeout it attaches anyway), and
// returns the tab, to read what the page recorded: marks and timings,
// which attaching later does not change. The launcher's requests are not
// hits. Closing the page closes the tab and disposes of its browser
// context.
func (e *Env) Visit(path string, settle time.Duration, until func() bool, timeout time.Duration) (*Page, error) {
	bc, err := chromedp.CallBrowser(e.browser, target.CreateBrowserContext, target.CreateBrowserContextParams{})
	if err != nil {
		return nil, err
	}
	dispose := func() {
		_, _ = chromedp.CallBrowser(e.browser, target.DisposeBrowserContext, target.DisposeBrowserContextParams(bc))
	}
	launcher := fmt.Sprintf("%s%s?ms=%d#%s", e.BaseURL, launcherPath, settle.Milliseconds(), url.QueryEscape(e.BaseURL+path))
	tab, err := chromedp.CallBrowser(e.browser, target.CreateTarget, target.CreateTargetParams{URL: launcher, BrowserContextID: bc.BrowserContextID})
	if err != nil {
		dispose()
		return nil, err
	}
	for deadline := time.Now().Add(timeout); !until() && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	tctx, tcancel := chromedp.NewContext(e.browser, chromedp.WithTargetID(tab.TargetID))
	ctx, cancel := context.WithTimeout(tctx, 2*time.Minute)
	p := &Page{Ctx: ctx, cancel: func() { cancel(); tcancel(); dispose() }}
	if err := chromedp.Do(ctx); err != nil { // attaches
		p.Close()
		return nil, err
	}
	return p, nil
}
