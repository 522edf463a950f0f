package sitebuild

import (
	"fmt"
	"os"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// styleModPlugin makes CodeMirror work under the page's strict CSP.
//
// CodeMirror injects its styles through the style-mod package, which uses a
// constructed style sheet (document.adoptedStyleSheets, allowed by
// style-src 'self') only inside shadow roots; for a document it writes a
// <style> element, which style-src 'self' blocks. The plugin removes the
// "is not a document" condition at bundle time so documents get a
// constructed sheet too. If style-mod changes and the condition is not found,
// the build fails instead of shipping an editor without styles.
var styleModPlugin = api.Plugin{
	Name: "style-mod-csp",
	Setup: func(b api.PluginBuild) {
		b.OnLoad(api.OnLoadOptions{Filter: `[/\\]style-mod[/\\].*\.js$`}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			src, err := os.ReadFile(args.Path)
			if err != nil {
				return api.OnLoadResult{}, err
			}
			patched, err := patchStyleMod(string(src))
			if err != nil {
				return api.OnLoadResult{}, fmt.Errorf("%s: %w", args.Path, err)
			}
			return api.OnLoadResult{Contents: &patched, Loader: api.LoaderJS}, nil
		})
	},
}

const styleModCondition = "!root.head && root.adoptedStyleSheets"

func patchStyleMod(src string) (string, error) {
	if strings.Count(src, styleModCondition) != 1 {
		return "", fmt.Errorf("style-mod changed: cannot find %q to make its styles CSP-safe", styleModCondition)
	}
	return strings.Replace(src, styleModCondition, "root.adoptedStyleSheets", 1), nil
}
