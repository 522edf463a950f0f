package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/explorer"
)

// The build's replies: the script's small ones, and per mechanism its first
// result and its gallery; a session reply is the first session of a fresh
// engine. (e2e/static_test.go holds every reply to the wasm engine's.)
func TestStaticReplies(t *testing.T) {
	s, err := staticReplies()
	require.NoError(t, err)
	assert.Len(t, s.InScript, len(inScript))
	assert.Contains(t, s.InScript, "releases {}")
	require.ElementsMatch(t, []string{"gates", "kubelet", "kubefed"}, keys(s.Files))
	first := map[string]string{"gates": "gates.evaluate ", "kubelet": "kubelet.load ", "kubefed": "kubefed.load "}
	for mech, f := range s.Files {
		var results, examples int
		for key := range f.Replies {
			assert.NotContains(t, s.InScript, key, "%s: in the script already", key)
			switch {
			case strings.HasPrefix(key, first[mech]):
				results++
			case strings.HasPrefix(key, mech+".example "):
				examples++
			default:
				t.Errorf("%s: unexpected reply %s", mech, key)
			}
		}
		assert.Equal(t, 1, results, "%s: its first result", mech)
		assert.Greater(t, examples, 3, "%s: its gallery's examples (the default one is in the script)", mech)
		for _, key := range f.Sessions {
			var r struct{ Session string }
			require.NoError(t, json.Unmarshal(f.Replies[key], &r))
			assert.Equal(t, mech+"-1", r.Session, "the first session of a fresh engine")
		}
	}
	assert.Empty(t, s.Files["gates"].Sessions)
	assert.Len(t, s.Files["kubelet"].Sessions, 1)
	assert.Len(t, s.Files["kubefed"].Sessions, 1)
	// The keys are the tabs' requests: the gates tab's for its default example.
	assert.Contains(t, s.Files["kubefed"].Replies, `kubefed.load {"example":"o22-override-unready-cluster","steps":[]}`)
	assert.Contains(t, s.Files["kubelet"].Replies, `kubelet.load {"example":"crashloop","release":"`+explorer.Releases().Default+`"}`)
	for key := range s.Files["gates"].Replies {
		if strings.HasPrefix(key, "gates.evaluate ") {
			assert.Contains(t, key, `"configDir":"/etc/kubernetes/kubelet.conf.d","dropIns":[{"content":`)
			assert.NotContains(t, key, `"env"`)
		}
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
