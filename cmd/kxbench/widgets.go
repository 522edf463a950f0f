package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path"
	"strings"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/chromedp"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// A documentation page with two widgets (issue 12): a feature-gates widget
// with inline blocks and a kubelet widget with its default example, both in
// the first screen, on a page of another origin (as a docs site is) that
// sends the CSP docs/embedding.md documents. Each load is cold (a new
// browser context). The time is embed.js's kx-first-result mark (the first
// widget result painted, ms since navigation); the bytes are the files the
// page fetched before it, counted at their brotli size (the build's
// manifest for the explorer's files; the docs page compressed here), by
// kind.

func init() { tabProbes = append(tabProbes, docsWidgetsProbe) }

const docsWidgetsPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Docs page, two widgets</title>
<script type="module" src="%s"></script></head>
<body><h1>Upgrading a kubelet</h1>
<kx-feature-gates release="1.30">
  <script type="text/plain" data-kind="flags">--config=/var/lib/kubelet/config.yaml --feature-gates=GracefulNodeShutdown=true</script>
  <script type="text/yaml" data-kind="config" data-name="/var/lib/kubelet/config.yaml">
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
featureGates:
  SidecarContainers: true
  </script>
</kx-feature-gates>
<kx-kubelet example="crashloop"></kx-kubelet>
</body></html>
`

func docsWidgetsProbe(env *browsertest.Env, c *config) ([]row, error) {
	m, err := readManifest(c.siteDir)
	if err != nil {
		return nil, err
	}
	brotliSize := map[string]int{}
	for _, f := range m.Files {
		brotliSize["/"+f.Name] = f.Brotli
		if f.Brotli == 0 {
			brotliSize["/"+f.Name] = f.Size
		}
	}
	html := fmt.Sprintf(docsWidgetsPage, env.BaseURL+"/"+m.Assets["embed.js"])
	csp := fmt.Sprintf("script-src 'self' %[1]s 'wasm-unsafe-eval'; worker-src blob:; connect-src %[1]s; style-src 'self' %[1]s;", env.BaseURL)
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", csp)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, html)
	}))
	defer host.Close()
	htmlBrotli := len(compress([]byte(html), func(w io.Writer) io.WriteCloser { return brotli.NewWriterLevel(w, 11) }))

	var ms []float64
	var bytes map[string]int
	for i := 0; i < c.rounds; i++ {
		t, sent, err := docsWidgetsLoad(env, host.URL+"/", brotliSize)
		if err != nil {
			return nil, fmt.Errorf("docs page, two widgets: %w", err)
		}
		ms = append(ms, t)
		sent["html"] += htmlBrotli
		bytes = sent
	}
	total := 0
	var parts []string
	for _, kind := range []string{"html", "js", "css", "wasm", "other"} {
		if bytes[kind] > 0 {
			total += bytes[kind]
			parts = append(parts, fmt.Sprintf("%s %s", kind, kb(bytes[kind])))
		}
	}
	return []row{{"first result", "docs page, two widgets",
		fmt.Sprintf("median %.0f ms, max %.0f ms; %s before it", percentile(ms, 50), percentile(ms, 100), kb(total)),
		fmt.Sprintf("gates (inline blocks) + kubelet (crashloop) widgets on another origin under the documented CSP; %d cold loads; brotli bytes before the first widget result: %s", len(ms), strings.Join(parts, ", "))}}, nil
}

// docsWidgetsLoad opens url cold and returns its kx-first-result mark and
// the brotli bytes of the explorer's files served before it, by kind.
func docsWidgetsLoad(env *browsertest.Env, url string, brotliSize map[string]int) (float64, map[string]int, error) {
	p, err := env.NewPage(2*time.Minute, chromedp.WithNewBrowserContext())
	if err != nil {
		return 0, nil, err
	}
	defer p.Close()
	if err := chromedp.Do(p.Ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		return 0, nil, err
	}
	time.Sleep(settle) // as the first results' loads do (firstresult.go)
	start := len(env.Hits())
	if err := browsertest.Navigate(p, url); err != nil {
		return 0, nil, err
	}
	if err := p.WaitFor(`performance.getEntriesByName("kx-first-result").length > 0`, time.Minute); err != nil {
		return 0, nil, err
	}
	hits := env.Hits()[start:]
	ms, err := browsertest.Eval[float64](p, `performance.getEntriesByName("kx-first-result")[0].startTime`)
	if err != nil {
		return 0, nil, err
	}
	sent := map[string]int{}
	for _, h := range hits {
		kind := strings.TrimPrefix(path.Ext(h.Path), ".")
		switch kind {
		case "js", "css", "wasm", "html":
		default:
			kind = "other"
		}
		sent[kind] += brotliSize[h.Path]
	}
	return ms, sent, nil
}
