package featuregate

import (
	"testing"

	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/featuregate/version"
)

// The control-plane --feature-gates of 1.31+: pieces are stored while
// parsing and applied per component afterwards (upstream's registry tests
// use the same shapes).
func TestComponentGates(t *testing.T) {
	newGates := func() map[string]MutableVersionedFeatureGate {
		kube := NewVersionedFeatureGate(version.MustParse("1.37"))
		require.NoError(t, kube.AddVersioned(map[Feature]VersionedSpecs{
			"KubeA":   {{Version: version.MustParse("1.30"), Default: true, LockToDefault: true, PreRelease: GA}},
			"KubeB":   {{Version: version.MustParse("1.30"), PreRelease: Alpha}},
			"CommonC": {{Version: version.MustParse("1.30"), PreRelease: Beta, Default: true}},
		}))
		test := NewVersionedFeatureGate(version.MustParse("1.37"))
		require.NoError(t, test.AddVersioned(map[Feature]VersionedSpecs{
			"TestA":   {{Version: version.MustParse("1.30"), PreRelease: Alpha}},
			"CommonC": {{Version: version.MustParse("1.30"), PreRelease: Alpha}},
		}))
		return map[string]MutableVersionedFeatureGate{"kube": kube, "test": test}
	}
	for _, tc := range []struct {
		name     string
		flags    []string
		parseErr string
		applyErr string
		kube     map[Feature]bool
		test     map[Feature]bool
	}{
		{name: "unprefixed is kube; repeats append",
			flags: []string{"--feature-gates=KubeB=false,test:CommonC=true", "--feature-gates=CommonC=false,KubeB=true"},
			kube:  map[Feature]bool{"KubeB": true, "CommonC": false}, test: map[Feature]bool{"CommonC": true}},
		{name: "mixing kube: and no prefix",
			flags:    []string{"--feature-gates=kube:KubeB=false,test:CommonC=true", "--feature-gates=CommonC=false"},
			applyErr: "set kube feature gates with default empty prefix or kube: prefix consistently, do not mix use"},
		{name: "locked, not wrapped by pflag",
			flags: []string{"--feature-gates=KubeA=false"}, applyErr: "cannot set feature gate KubeA to false, feature is locked to true"},
		{name: "unknown gate", flags: []string{"--feature-gates=test:TestD=true"}, applyErr: "unrecognized feature gate: TestD"},
		{name: "unknown component", flags: []string{"--feature-gates=test3:CommonC=true"}, applyErr: "component not registered: test3"},
		{name: "bad bool surfaces at apply", flags: []string{"--feature-gates=KubeB=maybe"},
			applyErr: `invalid value of KubeB=maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax`},
		{name: "spaces trimmed, empty pieces skipped", flags: []string{"--feature-gates= test : TestA=true ,,"},
			test: map[Feature]bool{"TestA": true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gates := newGates()
			c := NewComponentGates()
			fs := pflag.NewFlagSet("kube-apiserver", pflag.ContinueOnError)
			c.AddFlag(fs, gates)
			err := fs.Parse(tc.flags)
			if tc.parseErr != "" {
				require.EqualError(t, err, tc.parseErr)
				return
			}
			require.NoError(t, err)
			err = c.Apply(gates)
			if tc.applyErr != "" {
				require.EqualError(t, err, tc.applyErr)
				return
			}
			require.NoError(t, err)
			for name, want := range tc.kube {
				assert.Equal(t, want, gates["kube"].Enabled(name), "kube:%s", name)
			}
			for name, want := range tc.test {
				assert.Equal(t, want, gates["test"].Enabled(name), "test:%s", name)
			}
		})
	}
	c := NewComponentGates()
	require.NoError(t, c.Value().Set("b:x=1,a:y=0"))
	require.NoError(t, c.Value().Set("b:z=1"))
	assert.Equal(t, "a:y=0,b:x=1,b:z=1", c.Value().String())
	assert.Equal(t, "colonSeparatedMultimapStringString", c.Value().Type())
	assert.Equal(t, map[string][]string{"a": {"y=0"}, "b": {"x=1", "z=1"}}, c.Config())
	// AddFlag closes the gates, as upstream's registry does.
	gates := newGates()
	NewComponentGates().AddFlag(pflag.NewFlagSet("x", pflag.ContinueOnError), gates)
	assert.Error(t, gates["kube"].Add(map[Feature]FeatureSpec{"New": {}}))
}

// The control plane's parsers never panic, and what the gate's parser
// accepts round-trips through String.
func FuzzParseGateString(f *testing.F) {
	for _, s := range []string{"", "A=true", " a = TRUE , b=0 ,", "=true", "a", "a=maybe", ",,", "kube:A=true,B=false"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseGateString(s)
		if err == nil {
			g := NewFeatureGate()
			_ = g.SetFromMap(m)
			_ = g.String()
		}
		c := NewComponentGates()
		if c.Value().Set(s) == nil {
			_ = c.Apply(map[string]MutableVersionedFeatureGate{"kube": NewFeatureGate()})
			_ = c.Value().String()
		}
	})
}
