package kubeletstart

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// typeMeta reads apiVersion and kind from the decoded document only where
// that gives what json.Unmarshal gives, and says so.
func TestTypeMetaIsUnmarshal(t *testing.T) {
	for _, c := range []struct {
		doc string
		ok  bool
	}{
		{"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n", true},
		{"kind: KubeletConfiguration\n", true},
		{"kind: null\napiVersion: v1\nmaxPods: 3\n", true},
		{"{}\n", true},
		{"kind: 3\n", false},
		{"kind: [a]\n", false},
		{"apiVersion: true\n", false},
		{"KIND: KubeletConfiguration\n", false},
		{"kind: A\nKind: B\n", false},
		{"\u212aind: KubeletConfiguration\n", false}, // the Kelvin sign folds to k
		{"apiverſion: v1\n", false},                  // the long s folds to s
		{"- kind: A\n", false},
		{"kind\n", false},
	} {
		f := parseFile([]byte(c.doc))
		av, kind, ok := f.typeMeta()
		assert.Equal(t, c.ok, ok, c.doc)
		if !ok {
			continue
		}
		var tm struct {
			APIVersion string `json:"apiVersion,omitempty"`
			Kind       string `json:"kind,omitempty"`
		}
		require.NoError(t, json.Unmarshal(f.js, &tm), c.doc)
		assert.Equal(t, []string{tm.APIVersion, tm.Kind}, []string{av, kind}, c.doc)
	}
}
