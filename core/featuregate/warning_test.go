package featuregate

import "testing"

// TestWarningMessage holds every warning's words in each dialect of the
// library (v0.36+ structured, v0.35 with the renamed method, earlier
// klog.Warningf), with a name that %q would escape.
func TestWarningMessage(t *testing.T) {
	for _, tc := range []struct {
		lib  Library
		kind WarningKind
		want string
	}{
		{34, WarnSetDeprecated, `Setting deprecated feature gate Gate"X=true. It will be removed in a future release.`},
		{34, WarnSetGA, `Setting GA feature gate Gate"X=true. It will be removed in a future release.`},
		{34, WarnOverrideDeprecated, `Overriding default of deprecated feature gate Gate"X=true. It will be removed in a future release.`},
		{34, WarnOverrideGA, `Overriding default of GA feature gate Gate"X=true. It will be removed in a future release.`},
		{34, WarnEmulationChange, `SetEmulationVersion will change already queried feature:Gate"X from false to true`},
		{35, WarnEmulationChange, `SetEmulationVersionAndMinCompatibilityVersion will change already queried feature:Gate"X from false to true`},
		{36, WarnSetDeprecated, `"Warning: setting deprecated feature gate. It will be removed in a future release." featureGate="Gate\"X" value=true`},
		{36, WarnSetGA, `"Warning: setting GA feature gate. It will be removed in a future release." featureGate="Gate\"X" value=true`},
		{36, WarnOverrideDeprecated, `"Warning: overriding default of deprecated feature gate. It will be removed in a future release." featureGate="Gate\"X" value=true`},
		{36, WarnOverrideGA, `"Warning: overriding default of GA feature gate. It will be removed in a future release." featureGate="Gate\"X" value=true`},
		{36, WarnEmulationChange, `"Warning: SetEmulationVersionAndMinCompatibilityVersion will change already queried feature" featureGate="Gate\"X" oldValue=false newValue=true`},
		{36, WarningKind(99), ``},
		{30, WarningKind(99), ``},
	} {
		w := Warning{Kind: tc.kind, Library: tc.lib, Feature: `Gate"X`, Value: true}
		if got := w.Message(); got != tc.want {
			t.Errorf("v0.%d kind %d:\n got %s\nwant %s", tc.lib, tc.kind, got, tc.want)
		}
	}
}
