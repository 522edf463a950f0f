package featuregate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
)

func TestOneMinor(t *testing.T) {
	for s, want := range map[string]int{"1.0": 0, "1.5": 5, "1.31": 31, "1.63": 63} {
		n, ok := oneMinor(s)
		assert.True(t, ok, s)
		assert.Equal(t, want, n, s)
	}
	for _, s := range []string{"", "1", "1.", "1.05", "1.00", "1.64", "1.100", "2.3", "1.3a", "1.-1", "v1.3", "1.3.0"} {
		_, ok := oneMinor(s)
		assert.False(t, ok, s)
	}
}

// The memo gives what version.Parse gives, one value per spelling.
func TestVersionMemo(t *testing.T) {
	m := &versionMemo{}
	for _, s := range []string{"1.31", "1.5", "1.05", "1.3.0", "1.31", "1.05", "2.0"} {
		got, err := m.parse(s)
		require.NoError(t, err, s)
		want, err := version.Parse(s)
		require.NoError(t, err, s)
		assert.Equal(t, want.String(), got.String(), s)
		again, err := m.parse(s)
		require.NoError(t, err, s)
		assert.Same(t, got, again, s)
	}
	_, err := m.parse("1.x")
	assert.Error(t, err)
}
