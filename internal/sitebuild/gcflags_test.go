package sitebuild

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The Makefile builds the site's engines and kxbench measures them: both
// must build them the same way, with the engines' gcflags and their jumps
// threaded.
func TestMakefileBuildsEnginesWithEngineGCFlags(t *testing.T) {
	mk, err := os.ReadFile("../../Makefile")
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^ENGINE_GCFLAGS := (.*)$`).FindSubmatch(mk)
	require.NotNil(t, m, "the Makefile defines no ENGINE_GCFLAGS")
	require.Equal(t, EngineGCFlags, strings.Fields(string(m[1])))
	build := regexp.MustCompile(`(?m)^engine-build = .*$`)
	def := build.Find(mk)
	require.NotNil(t, def, "the Makefile defines no engine-build")
	require.Regexp(t, `^engine-build = GOOS=js GOARCH=wasm \$\(GO\) build .*\$\(foreach f,\$\(ENGINE_GCFLAGS\),-gcflags='\$\(f\)'\).* -o \$\(1\) \$\(2\) && \$\(KXTHREAD\) \$\(1\)$`, string(def))
	rest := string(build.ReplaceAll(mk, nil))
	require.NotRegexp(t, `GOOS=js GOARCH=wasm \$\(GO\) build`, rest, "a js/wasm build in the Makefile that is not $(call engine-build,…)")
	require.Regexp(t, `(?m)^test-wasm: .*\n\t.*GOOS=js GOARCH=wasm \$\(GO\) test \$\(foreach f,\$\(ENGINE_GCFLAGS\),-gcflags='\$\(f\)'\) \\\n\t\t-exec '\$\(CURDIR\)/\$\(KXTHREAD\) -exec'`, rest,
		"the js/wasm tests run what the engines are built as")
}
