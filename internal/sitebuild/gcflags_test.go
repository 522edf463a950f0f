package sitebuild

import (
	"os"
	"regexp"
	"strings"
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
	require.Equal(t, EngineGCFlags, strings.Fields(string(m[1])))
	require.Regexp(t, `(?m)^ENGINE_BUILD := GOOS=js GOARCH=wasm \$\(GO\) build .*\$\(foreach f,\$\(ENGINE_GCFLAGS\),-gcflags='\$\(f\)'\)`, string(mk))
	require.NotRegexp(t, `GOOS=js GOARCH=wasm \$\(GO\) build`, regexp.MustCompile(`(?m)^ENGINE_BUILD := .*$`).ReplaceAllString(string(mk), ""),
		"a js/wasm build in the Makefile that is not $(ENGINE_BUILD)")
}
