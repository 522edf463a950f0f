package kubelet_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/explorer"
	xt "github.com/kubexplorer/kubexplorer/explorer/explorertest"
	"github.com/kubexplorer/kubexplorer/explorer/kubelet"
)

func TestMain(m *testing.M) { xt.Main(m, "kubelet.") }

func TestConformance(t *testing.T) { xt.Conformance(t, "kubelet.") }

func TestExamplesAllParseAndRun(t *testing.T) {
	e := explorer.New()
	var list kubelet.ExamplesReply
	xt.MustCall(t, e, "kubelet.examples", explorer.Empty{}, &list)
	require.NotEmpty(t, list.Examples)
	assert.Equal(t, "crashloop", list.Examples[0].Name)
	for _, ex := range list.Examples {
		assert.Empty(t, ex.Scenario, "the list leaves the scenarios out")
		var one kubelet.Example
		xt.MustCall(t, e, "kubelet.example", kubelet.ExampleRequest{Name: ex.Name}, &one)
		assert.NotEmpty(t, one.Scenario)
		var r kubelet.RunReply
		xt.MustCall(t, e, "kubelet.run", kubelet.RunRequest{Example: ex.Name}, &r)
		assert.NotEmpty(t, r.Transcript.Snapshots, ex.Name)
		assert.NotEmpty(t, r.Text, ex.Name)
	}
	var def kubelet.Example
	xt.MustCall(t, e, "kubelet.example", kubelet.ExampleRequest{}, &def)
	assert.Equal(t, kubelet.DefaultExample, def.Name)
	xe := xt.WantError(t, e, "kubelet.example", kubelet.ExampleRequest{Name: "nope"}, explorer.CodeNotFound)
	assert.Equal(t, `no kubelet example "nope"`, xe.Message)
}

func TestRun(t *testing.T) {
	r, err := kubelet.Run(kubelet.RunRequest{Example: "crashloop", Until: "20s"})
	require.NoError(t, err)
	assert.Equal(t, "20s", r.Transcript.Until)
	assert.Contains(t, r.Text, "CrashLoopBackOff")
}

// A scenario that does not parse is a bad request whose diagnostic has the
// position as data; the message keeps the text the CLI prints.
func TestRunErrors(t *testing.T) {
	e := explorer.New()
	diag := func(input, code, msg string, line, col int) []explorer.Diagnostic {
		return []explorer.Diagnostic{{Severity: explorer.SeverityError, Code: code, Message: msg, Input: input, Line: line, Column: col}}
	}
	tests := []struct {
		name        string
		req         kubelet.RunRequest
		wantMessage string
		wantDiags   []explorer.Diagnostic
	}{
		{name: "unknown field",
			req:         kubelet.RunRequest{Scenario: "release: \"1.30\"\npods:\n- metadata: {name: a}\n  spec:\n    containers: [{name: c, image: x, bogus: 1}]\n"},
			wantMessage: `line 5, column 38: spec.containers[0].bogus: unknown field "bogus"`,
			wantDiags:   diag("scenario", kubelet.CodeScenario, `spec.containers[0].bogus: unknown field "bogus"`, 5, 38)},
		{name: "YAML syntax",
			req:         kubelet.RunRequest{Scenario: "release: \"1.30\"\npods: [\n"},
			wantMessage: "line 2, column 1: did not find expected node content",
			wantDiags:   diag("scenario", kubelet.CodeScenario, "did not find expected node content", 2, 1)},
		{name: "release out of range",
			req:         kubelet.RunRequest{Scenario: "release: \"1.99\"\n"},
			wantMessage: `line 1, column 1: release: release "1.99" is not modelled (have 1.18 … 1.37)`,
			wantDiags:   diag("scenario", kubelet.CodeScenario, `release: release "1.99" is not modelled (have 1.18 … 1.37)`, 1, 1)},
		{name: "no scenario", req: kubelet.RunRequest{Scenario: " \n"}, wantMessage: "no scenario",
			wantDiags: diag("scenario", kubelet.CodeScenario, "no scenario", 0, 0)},
		{name: "until", req: kubelet.RunRequest{Example: "crashloop", Until: "soon"}, wantMessage: `until: invalid duration "soon" (use 10s, 2m, 1h30m)`,
			wantDiags: diag("until", explorer.CodeRequestInvalid, `invalid duration "soon" (use 10s, 2m, 1h30m)`, 0, 0)},
		{name: "until too long", req: kubelet.RunRequest{Example: "crashloop", Until: "49h"}, wantMessage: "until: at most 48h0m0s",
			wantDiags: diag("until", explorer.CodeRequestInvalid, "at most 48h0m0s", 0, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			xe := xt.WantError(t, e, "kubelet.run", tt.req, explorer.CodeBadRequest)
			assert.Equal(t, tt.wantMessage, xe.Message)
			assert.Equal(t, tt.wantDiags, xe.Diagnostics)
		})
	}
	xt.WantError(t, e, "kubelet.run", kubelet.RunRequest{Example: "nope"}, explorer.CodeNotFound)
}

func TestSession(t *testing.T) {
	e := explorer.New()
	var st kubelet.State
	xt.MustCall(t, e, "kubelet.load", kubelet.LoadRequest{Example: "crashloop"}, &st)
	assert.Equal(t, explorer.Seconds(0), st.Time)
	assert.True(t, st.Full)
	require.Len(t, st.Pods, 1)
	assert.Equal(t, "web", st.Pods[0].Name)

	// Advance 20 virtual seconds: only changes since the cursor come back,
	// with their instants in seconds.
	var st2 kubelet.State
	xt.MustCall(t, e, "kubelet.advance", kubelet.AdvanceRequest{Session: st.Session, By: "20s", Cursor: st.Cursor}, &st2)
	assert.Equal(t, explorer.Seconds(20), st2.Time)
	require.NotEmpty(t, st2.Events)
	require.NotEmpty(t, st2.Loop)
	reasons := []string{}
	for _, ev := range st2.Events {
		reasons = append(reasons, ev.Reason)
		assert.True(t, ev.Time >= 0 && ev.Time <= 20, "event time %v in seconds", ev.Time)
	}
	assert.Contains(t, reasons, "BackOff")
	require.Len(t, st2.Pods, 1)
	c := st2.Pods[0].Containers[0]
	assert.Equal(t, int32(2), c.RestartCount)
	require.NotNil(t, c.NextRestart)
	assert.Greater(t, float64(*c.NextRestart), 20.0)
	assert.NotEmpty(t, c.BackOff)
	// The history has every change of the pod at its own instant (the
	// first run, the exit at 3s, the restarts), not only the state at 20s.
	var seen []string
	for _, h := range st2.History {
		require.Len(t, h.Containers, 1)
		hc := h.Containers[0]
		seen = append(seen, fmt.Sprintf("%v %s %s %d", h.Time, hc.State, hc.Reason, hc.RestartCount))
	}
	assert.Equal(t, []string{"0 Waiting ContainerCreating 0", "1 Running  0", "3 Terminated Error 0", "4 Running  1",
		"6 Terminated Error 1", "16 Waiting CrashLoopBackOff 1", "17 Running  2", "19 Terminated Error 2"}, seen)

	// state reads without changing anything; a zero cursor lists every pod.
	var st3 kubelet.State
	xt.MustCall(t, e, "kubelet.state", kubelet.StateRequest{Session: st.Session}, &st3)
	assert.Equal(t, st2.Time, st3.Time)
	assert.True(t, st3.Full)
	assert.Equal(t, st2.Cursor, st3.Cursor)

	// An instant with work, then to an instant, with caps.
	xt.MustCall(t, e, "kubelet.advance", kubelet.AdvanceRequest{Session: st.Session, Instants: 1, Cursor: st2.Cursor}, &st3)
	assert.Greater(t, st3.Time, st2.Time)
	to := explorer.Seconds(30)
	xt.MustCall(t, e, "kubelet.advance", kubelet.AdvanceRequest{Session: st.Session, To: &to, MaxEvents: 1, MaxLoop: 1, SkipWorkers: true}, &st3)
	assert.Equal(t, to, st3.Time)
	assert.Len(t, st3.Events, 1)
	assert.Len(t, st3.Loop, 1)
	assert.Nil(t, st3.Workers)

	// A live delete reaches the kubelet.
	xt.MustCall(t, e, "kubelet.step", kubelet.StepRequest{Session: st.Session, Action: "delete: {name: web}", Cursor: st3.Cursor}, &st3)
	xt.MustCall(t, e, "kubelet.advance", kubelet.AdvanceRequest{Session: st.Session, By: "60s", Cursor: st3.Cursor}, &st3)
	require.Len(t, st3.Pods, 1)
	assert.True(t, st3.Pods[0].Deleted, "the deleted pod comes back once as deleted")
	var st4 kubelet.State
	xt.MustCall(t, e, "kubelet.state", kubelet.StateRequest{Session: st.Session, Cursor: st3.Cursor}, &st4)
	assert.Empty(t, st4.Pods)

	xt.MustCall(t, e, "kubelet.close", explorer.SessionRequest{Session: st.Session}, nil)
	xt.WantError(t, e, "kubelet.state", kubelet.StateRequest{Session: st.Session}, explorer.CodeNotFound)
}

func TestSessionErrors(t *testing.T) {
	e := explorer.New()
	var st kubelet.State
	xt.MustCall(t, e, "kubelet.load", kubelet.LoadRequest{Example: "crashloop"}, &st)
	past := explorer.Seconds(-1)
	far := explorer.Seconds(49 * 3600)
	tests := []struct {
		method      string
		req         any
		wantMessage string
		wantDiag    explorer.Diagnostic
	}{
		{"kubelet.advance", kubelet.AdvanceRequest{Session: st.Session, By: "-1s"}, "time only moves forward (now t=0s)",
			explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "by", Message: "time only moves forward (now t=0s)"}},
		{"kubelet.advance", kubelet.AdvanceRequest{Session: st.Session, By: "soon"}, `by: "soon" is not a duration such as 90s or 250ms`,
			explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "by", Message: `by: "soon" is not a duration such as 90s or 250ms`}},
		{"kubelet.advance", kubelet.AdvanceRequest{Session: st.Session, To: &past}, "time only moves forward (now t=0s)",
			explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "to", Message: "time only moves forward (now t=0s)"}},
		{"kubelet.advance", kubelet.AdvanceRequest{Session: st.Session, To: &far}, "at most 48h0m0s of virtual time",
			explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "to", Message: "at most 48h0m0s of virtual time"}},
		{"kubelet.advance", kubelet.AdvanceRequest{Session: st.Session, By: "49h"}, "at most 48h0m0s of virtual time",
			explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "by", Message: "at most 48h0m0s of virtual time"}},
		{"kubelet.step", kubelet.StepRequest{Session: st.Session, Action: "explode: {}"}, `line 1, column 1: timeline[0].explode: unknown field "explode"`,
			explorer.Diagnostic{Code: kubelet.CodeAction, Input: "action", Message: `timeline[0].explode: unknown field "explode"`, Line: 1, Column: 1}},
		{"kubelet.step", kubelet.StepRequest{Session: st.Session, Action: "fault: {killSandbox: {pod: nope}}"}, "pod nope has no ready sandbox",
			explorer.Diagnostic{Code: kubelet.CodeAction, Input: "action", Message: "pod nope has no ready sandbox"}},
	}
	for _, tt := range tests {
		xe := xt.WantError(t, e, tt.method, tt.req, explorer.CodeBadRequest)
		assert.Equal(t, tt.wantMessage, xe.Message)
		tt.wantDiag.Severity = explorer.SeverityError
		assert.Equal(t, []explorer.Diagnostic{tt.wantDiag}, xe.Diagnostics)
	}
	for _, m := range []string{"kubelet.advance", "kubelet.step", "kubelet.state"} {
		xt.WantError(t, e, m, map[string]any{"session": "kubelet-99"}, explorer.CodeNotFound)
	}
	xt.WantError(t, e, "kubelet.load", kubelet.LoadRequest{Scenario: "pods: 1\n"}, explorer.CodeBadRequest)
}

// The page's release control replaces the scenario's release; images the
// scenario does not list are reported as assumed, and with unknownImages
// "missing" they do not exist.
func TestLoadOverrides(t *testing.T) {
	e := explorer.New()
	const sc = "release: \"1.18\"\npods:\n- metadata: {name: web}\n  spec: {containers: [{name: app, image: \"made-up:1\"}]}\n"
	var st kubelet.State
	xt.MustCall(t, e, "kubelet.load", kubelet.LoadRequest{Scenario: sc}, &st)
	assert.Equal(t, "1.18", st.Release)
	assert.Empty(t, st.ScenarioRelease)
	xt.MustCall(t, e, "kubelet.load", kubelet.LoadRequest{Scenario: sc, Release: "1.37"}, &st)
	assert.Equal(t, "1.37", st.Release)
	assert.Equal(t, "1.18", st.ScenarioRelease)
	assert.Empty(t, st.AssumedImages, "nothing pulled yet")
	xt.MustCall(t, e, "kubelet.advance", kubelet.AdvanceRequest{Session: st.Session, By: "2s"}, &st)
	assert.Equal(t, []string{"made-up:1"}, st.AssumedImages)
	assert.Equal(t, "Running", st.Pods[0].Containers[0].State)

	xt.MustCall(t, e, "kubelet.load", kubelet.LoadRequest{Scenario: sc, Release: "1.37", UnknownImages: "missing"}, &st)
	xt.MustCall(t, e, "kubelet.advance", kubelet.AdvanceRequest{Session: st.Session, By: "12s"}, &st)
	assert.Empty(t, st.AssumedImages)
	assert.Equal(t, "ImagePullBackOff", st.Pods[0].Containers[0].Reason)

	for _, tt := range []struct {
		req  kubelet.LoadRequest
		diag explorer.Diagnostic
	}{
		{kubelet.LoadRequest{Scenario: sc, Release: "1.99"}, explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "release",
			Message: `release: release "1.99" is not modelled (have 1.18 … 1.37)`}},
		{kubelet.LoadRequest{Scenario: sc, UnknownImages: "maybe"}, explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "unknownImages",
			Message: `unknownImages: "maybe" is not one of "pull", "missing"`}},
	} {
		xe := xt.WantError(t, e, "kubelet.load", tt.req, explorer.CodeBadRequest)
		tt.diag.Severity = explorer.SeverityError
		assert.Equal(t, []explorer.Diagnostic{tt.diag}, xe.Diagnostics)
	}
}
