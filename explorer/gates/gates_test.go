package gates_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/explorer"
	xt "github.com/kubexplorer/kubexplorer/explorer/explorertest"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
)

func TestMain(m *testing.M) { xt.Main(m, "gates.") }

func TestConformance(t *testing.T) { xt.Conformance(t, "gates.") }

func TestEvaluate(t *testing.T) {
	e := explorer.New()
	var out gates.EvaluateReply
	reply := xt.Call(t, e, "gates.evaluate", gates.EvaluateRequest{Release: "1.37", CommandLine: "--feature-gates=NoSuchGate=true"}, &out)
	require.True(t, reply.OK, "%+v", reply.Error)
	if out.Result.WouldStart || out.Result.ExitCode != 1 || out.Result.Stage != "flagGates" {
		t.Fatalf("unknown gate must stop the kubelet: %+v", out.Result)
	}
	assert.Equal(t, []explorer.Diagnostic{{Severity: explorer.SeverityError, Code: "gates.flagGates",
		Message: "unrecognized feature gate: NoSuchGate", Input: gates.InputCommandLine, Line: 1, Column: 17, EndLine: 1, EndColumn: 27}}, out.Result.Diagnostics)
	// Stable field names the page and docs rely on.
	var raw map[string]map[string]any
	require.NoError(t, json.Unmarshal(reply.Result, &raw))
	for _, k := range []string{"release", "library", "wouldStart", "exitCode", "stage", "error", "lines", "gates", "diagnostics", "notes", "args"} {
		assert.Contains(t, raw["result"], k)
	}
}

// Each problem is a diagnostic at the input that caused it, named after the
// request's field, with the start-up step that rejected it as its code.
func TestEvaluateDiagnostics(t *testing.T) {
	config := "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  NoSuchGate: true\nbogus: 1\n"
	tests := []struct {
		name string
		req  gates.EvaluateRequest
		want []explorer.Diagnostic
	}{{
		name: "config file",
		req:  gates.EvaluateRequest{Release: "1.37", Config: &gates.File{Path: "/etc/kubelet.yaml", Content: config}},
		want: []explorer.Diagnostic{
			{Severity: "error", Code: "gates.defaulting", Message: "unrecognized feature gate: NoSuchGate", Input: gates.InputConfig, Path: "/etc/kubelet.yaml", Line: 4, Column: 3, EndLine: 4, EndColumn: 13},
		},
	}, {
		name: "a warning the kubelet starts with",
		req:  gates.EvaluateRequest{Release: "1.37", Config: &gates.File{Path: "/etc/kubelet.yaml", Content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nbogus: 1\n"}},
		want: []explorer.Diagnostic{
			{Severity: "warning", Code: gates.CodeWarning, Message: `unknown field "bogus" is ignored`, Input: gates.InputConfig, Path: "/etc/kubelet.yaml", Line: 3, Column: 1, EndLine: 3, EndColumn: 6},
		},
	}, {
		name: "args instead of a command line",
		req:  gates.EvaluateRequest{Release: "1.30", Args: []string{"--no-such-flag"}},
		want: []explorer.Diagnostic{{Severity: "error", Code: "gates.parse", Message: "unknown flag: --no-such-flag", Input: gates.InputArgs}},
	}, {
		name: "drop-in",
		req: gates.EvaluateRequest{Release: "1.37", DropIns: []gates.File{{Path: "10-a.conf", Content: ""}},
			ConfigDir: "/etc/kubernetes/kubelet.conf.d"},
		want: []explorer.Diagnostic{{Severity: "error", Code: "gates.mergeConfig", Message: "empty drop-in", Input: gates.InputDropIns, Path: "/etc/kubernetes/kubelet.conf.d/10-a.conf"}},
	}, {
		name: "dynamic checkpoint the kubelet ignores",
		req: gates.EvaluateRequest{Release: "1.22", CommandLine: "--dynamic-config-dir=/var/lib/kubelet/dynamic-config --feature-gates=DynamicKubeletConfig=true",
			DynamicCheckpoint: &gates.File{Path: "/cp", Content: "kind: [\n"}},
		want: []explorer.Diagnostic{{Severity: "error", Code: gates.CodeIgnored, Input: gates.InputDynamicCheckpoint, Path: "/cp", Line: 2, Column: 1}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := gates.Evaluate(tt.req)
			require.NoError(t, err)
			got := out.Result.Diagnostics
			if len(tt.want) == 1 && tt.want[0].Message == "" && len(got) == 1 {
				got[0].Message = "" // the decoder's text is not the point here
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestEvaluateUpgradeAndErrors(t *testing.T) {
	e := explorer.New()
	var ex gates.ExampleReply
	xt.MustCall(t, e, "gates.example", gates.ExampleRequest{}, &ex)
	ex.Request.Release, ex.Request.TargetRelease = "1.36", "1.37"
	var out gates.EvaluateReply
	xt.MustCall(t, e, "gates.evaluate", ex.Request, &out)
	require.NotNil(t, out.Upgrade)
	assert.Equal(t, "1.37", out.Upgrade.Target.Release)
	assert.NotNil(t, out.Upgrade.Target.Diagnostics)

	tests := []struct {
		req         gates.EvaluateRequest
		wantMessage string
		wantDiag    explorer.Diagnostic
	}{
		{req: gates.EvaluateRequest{}, wantMessage: "release is required",
			wantDiag: explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "release", Message: "release is required"}},
		{req: gates.EvaluateRequest{Release: "1.99"}, wantMessage: `release "1.99": component-base v0.99 is not modelled (have v0.18 … v0.37)`,
			wantDiag: explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "release", Message: `release "1.99": component-base v0.99 is not modelled (have v0.18 … v0.37)`}},
		{req: gates.EvaluateRequest{Release: "1.37", TargetRelease: "x"}, wantMessage: `target release: release "x": illegal version string "x"`,
			wantDiag: explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "targetRelease", Message: `release "x": illegal version string "x"`}},
		{req: gates.EvaluateRequest{Release: "1.37", CommandLine: `"unterminated`}, wantMessage: `unterminated " quote in the command line`,
			wantDiag: explorer.Diagnostic{Code: gates.CodeCommandLine, Input: "commandLine", Message: `unterminated " quote in the command line`}},
	}
	for _, tt := range tests {
		xe := xt.WantError(t, e, "gates.evaluate", tt.req, explorer.CodeBadRequest)
		assert.Equal(t, tt.wantMessage, xe.Message)
		tt.wantDiag.Severity = explorer.SeverityError
		assert.Equal(t, []explorer.Diagnostic{tt.wantDiag}, xe.Diagnostics)
	}
}

// Every gallery example loads and shows what its description promises.
func TestExamples(t *testing.T) {
	e := explorer.New()
	var list gates.ExamplesReply
	xt.MustCall(t, e, "gates.examples", explorer.Empty{}, &list)
	if len(list.Examples) < 5 || list.Examples[0].Name != "default" {
		t.Fatalf("gallery: %+v", list)
	}
	type want struct {
		starts, targetStarts bool
		stage                string
	}
	wants := map[string]want{
		"default":         {starts: true},
		"dependency":      {stage: "defaulting"},
		"upgrade-removed": {starts: true, stage: ""},
		"locked":          {stage: "flagGates"},
		"dropins":         {starts: true},
		"dynamic-config":  {},
		"newer-config":    {stage: "validate", targetStarts: true},
	}
	for _, s := range list.Examples {
		if s.Title == "" || s.Description == "" {
			t.Errorf("%s: title and description are required", s.Name)
		}
		var ex gates.ExampleReply
		xt.MustCall(t, e, "gates.example", gates.ExampleRequest{Name: s.Name}, &ex)
		req := ex.Request
		if req.Release == "" {
			req.Release = "1.37"
		}
		out, err := gates.Evaluate(req)
		require.NoError(t, err, s.Name)
		w, ok := wants[s.Name]
		if !ok {
			continue
		}
		if out.Result.WouldStart != w.starts || (w.stage != "" && out.Result.Stage != w.stage) {
			t.Errorf("%s: wouldStart=%v stage=%q error=%q", s.Name, out.Result.WouldStart, out.Result.Stage, out.Result.Error)
		}
		if req.TargetRelease != "" && (out.Upgrade == nil || out.Upgrade.Target.WouldStart != w.targetStarts) {
			t.Errorf("%s: upgrade %+v", s.Name, out.Upgrade)
		}
	}
	for _, name := range []string{"../x", "nope"} {
		xe := xt.WantError(t, e, "gates.example", gates.ExampleRequest{Name: name}, explorer.CodeNotFound)
		assert.Equal(t, `no feature-gates example "`+name+`"`, xe.Message)
	}
}

// Every stage the model can stop at and every source it gives a gate has a
// label people know, in the reply.
func TestLabels(t *testing.T) {
	out, err := gates.Evaluate(gates.EvaluateRequest{Release: "1.37", CommandLine: "--feature-gates=AllAlpha=true"})
	require.NoError(t, err)
	// The stages documented on Result.Stage.
	for _, stage := range []string{"parse", "command", "flagGates", "flagValidate", "loadConfig", "configDirEnv", "mergeConfig",
		"defaulting", "mergedGates", "validate", "dynamicLocked", "dynamicGates", "run", "help", "version"} {
		assert.NotEmpty(t, out.Labels.Stages[stage], "stage %s", stage)
	}
	assert.Equal(t, "--feature-gates flag", out.Labels.Stages["flagGates"])
	assert.Equal(t, "emulation version", out.Labels.Sources["emulationVersion"])
	// The sources the model gives gates, over the gallery and a few releases.
	requests := []gates.EvaluateRequest{{CommandLine: "--feature-gates=AllAlpha=true,AllBeta=false"}}
	var list gates.ExamplesReply
	e := explorer.New()
	xt.MustCall(t, e, "gates.examples", explorer.Empty{}, &list)
	for _, s := range list.Examples {
		var ex gates.ExampleReply
		xt.MustCall(t, e, "gates.example", gates.ExampleRequest{Name: s.Name}, &ex)
		requests = append(requests, ex.Request)
	}
	for _, req := range requests {
		for _, release := range []string{"1.18", "1.23", "1.30", "1.37"} {
			req.Release = release
			out, err := gates.Evaluate(req)
			require.NoError(t, err)
			for _, g := range out.Result.Gates {
				assert.NotEmpty(t, out.Labels.Sources[g.Source], "source %q of %s", g.Source, g.Name)
			}
			if out.Result.Stage != "" {
				assert.NotEmpty(t, out.Labels.Stages[out.Result.Stage], "stage %q", out.Result.Stage)
			}
		}
	}
}
