//go:build e2e

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A widget the reader reaches for does not wait for its turn: widgets start
// their engines one after the other, in the order they were seen, but a
// click in one starts its engine at once. The gates widget at the top of
// the embedding example is seen first, and its engine is held back (Fetch
// domain) for the whole test: a click on the kubelet widget's Step still
// runs, on the kubelet engine. Before, the kubelet widget waited for the
// gates widget's first result, here forever.
func TestWidgetReachedForStartsAtOnce(t *testing.T) {
	p, err := env.NewPage(90*time.Second, chromedp.WithNewBrowserContext())
	require.NoError(t, err)
	t.Cleanup(func() {
		assert.Empty(t, p.Problems(), "the page reported errors")
		p.Close()
	})
	held := make(chan fetch.RequestID, 4)
	require.NoError(t, chromedp.Listen(p.Ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			held <- e.RequestID
		}
	}))
	t.Cleanup(func() {
		for {
			select {
			case id := <-held:
				_, _ = chromedp.Call(p.Ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: id, ErrorReason: "Aborted"})
			default:
				return
			}
		}
	})
	// No service worker: its fetches would pass the page's Fetch domain by.
	noSW := `navigator.serviceWorker.register = () => new Promise(() => {});`
	_, err = chromedp.Call(p.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: noSW})
	require.NoError(t, err)
	_, err = chromedp.Call(p.Ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/engine-gates.*"}}})
	require.NoError(t, err)
	navigate(t, p, env.BaseURL+"/embed-example.html")

	const root = `document.querySelector("kx-kubelet").shadowRoot`
	waitFor(t, p, root+` && `+root+`.querySelector(".kubelet-pod-card[data-pod=web]") !== null`, 60*time.Second)
	select {
	case <-held:
	case <-time.After(60 * time.Second):
		t.Fatal("the gates widget, seen first, did not ask for its engine")
	}
	eval[bool](t, p, `(`+root+`.querySelector(".kubelet-step").click(), true)`)
	waitFor(t, p, root+`.querySelector(".kubelet-events tbody tr") !== null`, 60*time.Second)
}
