package sitebuild

import (
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// The Makefile builds the site's engines and kxbench measures them: both
// must build them the same way.
func TestMakefileBuildsEnginesWithEngineGCFlags(t *testing.T) {
	mk, err := os.ReadFile("../../Makefile")
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^ENGINE_GCFLAGS := (.*)$`).FindSubmatch(mk)
	require.NotNil(t, m, "the Makefile defines no ENGINE_GCFLAGS")
	require.Equal(t, EngineGCFlags, string(m[1]))
	builds := regexp.MustCompile(`(?m)GOOS=js GOARCH=wasm \$\(GO\) build .*$`).FindAll(mk, -1)
	require.NotEmpty(t, builds)
	for _, b := range builds {
		require.Contains(t, string(b), "-gcflags '$(ENGINE_GCFLAGS)'", "a js/wasm build in the Makefile")
	}
}
