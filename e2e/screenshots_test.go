//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// viewport is a screen size the layout is judged at.
type viewport struct {
	name          string
	width, height int64
	mobile        bool
}

var viewports = []viewport{
	{"desktop", 1280, 800, false},
	{"phone", 390, 844, true},
}

var themes = []string{"light", "dark"}

// screenshotDir is where the e2e run leaves its pictures for a person to
// look at: $KX_SCREENSHOTS, else build/screenshots above the package.
func screenshotDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("KX_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join("..", "build", "screenshots")
	}
	abs, err := filepath.Abs(dir)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(abs, 0o755))
	return abs
}

// emulate sets the tab's viewport to vp (a phone: mobile and touch).
func emulate(vp viewport) chromedp.Action[chromedp.Void] {
	if vp.mobile {
		return chromedp.EmulateViewport(vp.width, vp.height, chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	return chromedp.EmulateViewport(vp.width, vp.height)
}

// settleExpr is true once a tab shows its first results.
var settleExpr = map[string]string{
	"gates":   `document.querySelector("#panel-gates .gates-table tbody tr") !== null`,
	"kubelet": `document.querySelector("#panel-kubelet .kubelet-pod-card") !== null`,
	"kubefed": `document.querySelector("#panel-kubefed")?.dataset.kubefedRenders`,
}

// Every tab at both sizes in both themes, as PNGs in build/screenshots (the
// directory is printed). The pictures are for people; the assertions about
// the layout are in layout_test.go.
func TestScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	for _, theme := range themes {
		for _, vp := range viewports {
			p := openPageAfter(t, "/", fmt.Sprintf(`localStorage.setItem("kubexplorer.theme", %q)`, theme))
			require.NoError(t, chromedp.Do(p.Ctx, emulate(vp)))
			for _, id := range tabIDs {
				eval[bool](t, p, `(document.getElementById("tab-`+id+`").click(), true)`)
				waitFor(t, p, settleExpr[id], 30*time.Second)
				if id == "kubelet" {
					// Some virtual time, so the timeline has something to show.
					eval[bool](t, p, `(() => { const s = document.querySelector("#panel-kubelet .kubelet-speed"); s.value = "30"; s.dispatchEvent(new Event("change")); document.querySelector("#panel-kubelet .kubelet-play").click(); return true })()`)
					time.Sleep(3 * time.Second)
					eval[bool](t, p, `(document.querySelector("#panel-kubelet .kubelet-play").click(), true)`)
				}
				time.Sleep(700 * time.Millisecond)
				eval[bool](t, p, `(window.scrollTo(0, 0), true)`)
				shot, err := chromedp.Run(p.Ctx, chromedp.CaptureScreenshot())
				require.NoError(t, err)
				name := filepath.Join(dir, fmt.Sprintf("%s-%s-%s.png", id, vp.name, theme))
				require.NoError(t, os.WriteFile(name, shot, 0o644))
			}
			shot := fleetView(t, p, vp)
			require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("gates-fleet-%s-%s.png", vp.name, theme)), shot, 0o644))
		}
	}
	t.Logf("screenshots of every tab: %s", dir)
	fmt.Printf("e2e: screenshots of every tab in %s\n", dir)
}
