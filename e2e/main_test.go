//go:build e2e

// Package e2e drives the real built site in headless Chromium. Run it with
// make test (which builds the site first), or:
//
//	go test -tags e2e ./e2e/   (with build/site built and Chromium installed)
//
// A missing browser or site is a failure, never a skip: these tests are the
// only proof that Go → wasm → worker → page works.
package e2e

import (
	"fmt"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

var env *browsertest.Env

func TestMain(m *testing.M) {
	site, err := browsertest.SiteDir()
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	env, err = browsertest.Start(site)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	code := m.Run()
	env.Close()
	os.Exit(code)
}

// openPage opens the explorer (path is appended to the base URL, e.g.
// "/#kubelet"), waits for the engine and for what the page loads after its
// first result (CodeMirror, the other tabs), and checks at the end of the test that
// the page made no request off 127.0.0.1 and broke no CSP rule.
func openPage(t *testing.T, path string) *browsertest.Page {
	t.Helper()
	return openPageAfter(t, path, "")
}

// openPageAfter is openPage with a script that runs in the page before any
// of the page's own (it may wrap the page's APIs to watch them).
func openPageAfter(t *testing.T, path, script string) *browsertest.Page {
	t.Helper()
	p := openAnyPageAfter(t, path, script)
	// Settled: the editors and tabs the first paint went without have loaded
	// (main.js afterFirstResult).
	if err := p.WaitFor(browsertest.EngineReadyExpr+" && window.kx.settled", 30*time.Second); err != nil {
		t.Fatalf("%v; page errors: %q", err, p.Problems())
	}
	return p
}

// openAnyPage opens a page of the site (an embedding page, say) with the
// same end-of-test checks as openPage, without waiting for anything.
func openAnyPage(t *testing.T, path string) *browsertest.Page {
	t.Helper()
	return openAnyPageAfter(t, path, "")
}

func openAnyPageAfter(t *testing.T, path, script string) *browsertest.Page {
	t.Helper()
	// Each test gets a browser context of its own: no localStorage, caches
	// or service worker left behind by another test.
	p, err := env.NewPage(90*time.Second, chromedp.WithNewBrowserContext())
	if err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	t.Cleanup(func() {
		if foreign := p.ForeignRequests(); len(foreign) > 0 {
			t.Errorf("requests left 127.0.0.1: %q", foreign)
		}
		if v, err := browsertest.Eval[[]string](p, `(window.kx || window.kxEmbed || {cspViolations: []}).cspViolations`); err == nil && len(v) > 0 {
			t.Errorf("CSP violations: %q", v)
		}
		if problems := p.Problems(); len(problems) > 0 {
			t.Errorf("the page reported errors: %q", problems)
		}
		p.Close()
	})
	if script != "" {
		if _, err := chromedp.Call(p.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script}); err != nil {
			t.Fatalf("adding the start-up script: %v", err)
		}
	}
	navigate(t, p, env.BaseURL+path)
	return p
}

func navigate(t *testing.T, p *browsertest.Page, url string) {
	t.Helper()
	if err := browsertest.Navigate(p, url); err != nil {
		t.Fatalf("navigating to %s: %v", url, err)
	}
}

// eval runs JavaScript in the page and fails the test on error.
func eval[T any](t *testing.T, p *browsertest.Page, expr string) T {
	t.Helper()
	v, err := browsertest.Eval[T](p, expr)
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

func waitFor(t *testing.T, p *browsertest.Page, expr string, timeout time.Duration) {
	t.Helper()
	if err := p.WaitFor(expr, timeout); err != nil {
		t.Fatal(err)
	}
}

func get(t *testing.T, path string, header ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest("GET", env.BaseURL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}
