package kubeletstart

import (
	"strings"
	"testing"
)

// TestNestedChecks pins each nested check's text per release, with the
// gates given directly (the fixture catalog lacks several of them); the
// texts were read from each release's validation.go and compared with the
// real 1.24 and 1.37 kubelets by tools/conformance.
func TestNestedChecks(t *testing.T) {
	cases := []struct {
		minor int
		gates string // enabled gates, space-separated
		cfg   map[string]any
		want  string // errors joined by " | "
	}{
		{22, "NodeSwap", map[string]any{"memorySwap": map[string]any{"swapBehavior": "NoSwap"}},
			"invalid configuration: MemorySwap.SwapBehavior NoSwap must be one of: LimitedSwap, UnlimitedSwap"},
		{23, "NodeSwap", map[string]any{"memorySwap": map[string]any{"swapBehavior": "UnlimitedSwap"}}, ""},
		{24, "", map[string]any{"memorySwap": map[string]any{"swapBehavior": "x"}},
			"invalid configuration: memorySwap.swapBehavior cannot be set when NodeSwap feature flag is disabled"},
		{30, "NodeSwap", map[string]any{"memorySwap": map[string]any{"swapBehavior": "NoSwap"}}, ""},
		{21, "", map[string]any{"memorySwap": map[string]any{"swapBehavior": "x"}}, ""},
		{20, "", map[string]any{"shutdownGracePeriod": "30s"},
			"invalid configuration: Specifying ShutdownGracePeriod or ShutdownGracePeriodCriticalPods requires feature gate GracefulNodeShutdown"},
		{24, "GracefulNodeShutdown", map[string]any{"shutdownGracePeriod": "-1s"},
			"invalid configuration: shutdownGracePeriodCriticalPods {0s} must be <= shutdownGracePeriod {-1s} | invalid configuration: shutdownGracePeriod {-1s} must be either zero or otherwise >= 1 sec"},
		{19, "", map[string]any{"shutdownGracePeriod": "30s"}, ""},
		{23, "", map[string]any{"registerWithTaints": []any{map[string]any{"key": "a", "effect": "NoSchedule", "value": "x/y"}}},
			"invalid taint: {a x/y NoSchedule <nil>}"},
		{37, "", map[string]any{"registerWithTaints": []any{map[string]any{"key": "example.com/a_b", "effect": "PreferNoSchedule"},
			map[string]any{"key": "Example.com/a"}, map[string]any{"key": "a/b/c"}, map[string]any{"key": strings.Repeat("k", 64)}}},
			"invalid taint: {Example.com/a   <nil>} | invalid taint: {a/b/c   <nil>} | invalid taint: {" + strings.Repeat("k", 64) + "   <nil>}"},
		{20, "", map[string]any{"reservedMemory": []any{map[string]any{"limits": map[string]any{"memory": "0"}}}}, ""},
		{23, "", map[string]any{"reservedMemory": []any{map[string]any{"numaNode": 2.0, "limits": map[string]any{"memory": nil, "hugepages-1Gi": "1Gi"}}}},
			`reserved memory may not be zero for NUMA node 2 and resource "memory"`},
		{25, "", map[string]any{"logging": map[string]any{"format": "json"}},
			"logging.format: Forbidden: Log format json is disabled, see LoggingBetaOptions feature"},
		{24, "", map[string]any{"logging": map[string]any{"format": "json", "vmodule": []any{map[string]any{"filePattern": "x,y"}}}},
			`logging.vmodule: Forbidden: Only supported for text log format | logging.vmodule[0]: Invalid value: "x,y": File pattern must not contain equal sign or comma`},
		{22, "", map[string]any{"logging": map[string]any{"vmodule": []any{map[string]any{}}}}, ""},
		{29, "", map[string]any{"logging": map[string]any{"options": map[string]any{"json": map[string]any{"splitStream": true, "infoBufferSize": "0"}}}},
			"logging.options.json.splitStream: Forbidden: Feature LoggingAlphaOptions is disabled"},
		{37, "LoggingAlphaOptions LoggingBetaOptions", map[string]any{"logging": map[string]any{"format": "json",
			"options": map[string]any{"text": map[string]any{"splitStream": true}}}}, ""},
		{24, "", map[string]any{"tracing": map[string]any{"endpoint": "http://x"}}, ""},
		{25, "KubeletTracing", map[string]any{"tracing": map[string]any{"endpoint": "unix:///run/otel.sock", "samplingRatePerMillion": 1000000.0}}, ""},
		{37, "", map[string]any{"tracing": map[string]any{"endpoint": "//host"}},
			`tracing.endpoint: Invalid value: "//host": unsupported scheme: .  Options are none, dns, unix, or unix-abstract.  See https://github.com/grpc/grpc/blob/master/doc/naming.md`},
		{37, "", map[string]any{"tracing": map[string]any{"endpoint": "[::1]:4317"}}, ""},
	}
	for _, tc := range cases {
		e, err := eraFor(tc.minor)
		if err != nil {
			t.Fatal(err)
		}
		st := configState{}
		for k, v := range tc.cfg {
			st[k] = fieldValue{val: v}
		}
		on := map[string]bool{}
		for _, g := range strings.Fields(tc.gates) {
			on[g] = true
		}
		c := &nestedChecks{fieldChecks: fieldChecks{st: st, e: e}, enabled: func(g string) bool { return on[g] }}
		c.taints()
		c.shutdown()
		c.swap()
		c.reservedMemory()
		c.logging()
		c.tracing()
		var got []string
		for _, fc := range c.out {
			got = append(got, fc.err.Error())
		}
		if g := strings.Join(got, " | "); g != tc.want {
			t.Errorf("1.%d %v:\n got %s\nwant %s", tc.minor, tc.cfg, g, tc.want)
		}
	}
}

// TestParseQuantity pins ParseQuantity's three errors and its zero values.
func TestParseQuantity(t *testing.T) {
	for s, want := range map[string]string{
		"0": "zero", "-0.000Ki": "zero", "Ti": "zero", ".": "zero", "+": "zero", ".n": "zero", "1e-20": "", "1Gi": "", "0.5": "",
		"": errQuantityFormat.Error(), "1.2.3": errQuantityFormat.Error(), "1Gi5x": errQuantityFormat.Error(),
		"1Q": errQuantityFormat.Error(), "1ki": errQuantitySuffix.Error(), "1e": errQuantitySuffix.Error(), "1ex": errQuantityFormat.Error(),
		"e-10": errQuantityNumeric.Error(), "+.e-12": errQuantityNumeric.Error(), "Pi": errQuantityNumeric.Error(),
		"-Ei": errQuantityNumeric.Error(), ".e-9": "zero", "1Pi": "", "e4294967286": errQuantityNumeric.Error(),
	} {
		zero, err := parseQuantity(s)
		got := ""
		switch {
		case err != nil:
			got = err.Error()
		case zero:
			got = "zero"
		}
		if got != want {
			t.Errorf("parseQuantity(%q) = %q, want %q", s, got, want)
		}
	}
}
