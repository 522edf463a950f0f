package kubefed_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/explorer"
	xt "github.com/kubexplorer/kubexplorer/explorer/explorertest"
	"github.com/kubexplorer/kubexplorer/explorer/kubefed"
)

func TestMain(m *testing.M) { xt.Main(m, "kubefed.") }

func TestConformance(t *testing.T) { xt.Conformance(t, "kubefed.") }

// Every example of the gallery parses, runs, and ends without a step error
// unless the example is about one.
func TestExamples(t *testing.T) {
	e := explorer.New()
	var list kubefed.ExamplesReply
	xt.MustCall(t, e, "kubefed.examples", explorer.Empty{}, &list)
	if len(list.Examples) < 10 {
		t.Fatalf("want the facts file's ten example scenarios, got %d", len(list.Examples))
	}
	found := false
	for _, ex := range list.Examples {
		found = found || ex.Name == list.Default
		if ex.Title == "" || ex.Description == "" {
			t.Errorf("%s: title and description are required", ex.Name)
		}
		var one kubefed.ExampleReply
		xt.MustCall(t, e, "kubefed.example", kubefed.ExampleRequest{Name: ex.Name}, &one)
		var run kubefed.RunReply
		xt.MustCall(t, e, "kubefed.run", kubefed.RunRequest{Scenario: one.Scenario}, &run)
		if len(run.Transcript.Steps) == 0 || !strings.Contains(run.Text, "== step 1") {
			t.Errorf("%s: empty transcript", ex.Name)
		}
		failed := 0
		for _, st := range run.Transcript.Steps {
			if st.Error != "" {
				failed++
			}
		}
		assert.Len(t, run.Diagnostics, failed, "%s: one diagnostic per failed step", ex.Name)
	}
	assert.True(t, found, "default example %q is not in the gallery", list.Default)
	xe := xt.WantError(t, e, "kubefed.example", kubefed.ExampleRequest{Name: "../x"}, explorer.CodeNotFound)
	assert.Equal(t, `no kubefed example "../x"`, xe.Message)
}

// The versions the page offers are the model's, and each one loads.
func TestVersions(t *testing.T) {
	e := explorer.New()
	var v kubefed.VersionsReply
	xt.MustCall(t, e, "kubefed.versions", explorer.Empty{}, &v)
	require.Len(t, v.Versions, 15)
	assert.Equal(t, "v0.3.0", v.Versions[0])
	assert.Equal(t, v.Versions[len(v.Versions)-1], v.Default)
	for _, version := range v.Versions {
		var load kubefed.LoadReply
		xt.MustCall(t, e, "kubefed.load", kubefed.LoadRequest{Example: kubefed.DefaultExample, Version: version}, &load)
		assert.Equal(t, version, load.Transcript.Options.Version)
	}
}

// The default example says why its resource is in c1 and not in c3: the
// sync controller's own decisions, per cluster.
func TestLoadReportsSyncDecisions(t *testing.T) {
	e := explorer.New()
	var load kubefed.LoadReply
	xt.MustCall(t, e, "kubefed.load", kubefed.LoadRequest{Example: kubefed.DefaultExample}, &load)
	steps := load.Transcript.Steps
	snap := steps[len(steps)-1].Snapshot
	require.NotEmpty(t, snap.FederatedResources)
	fed := snap.FederatedResources[0]
	require.NotNil(t, fed.Reconciled)
	why := map[string]string{}
	for _, p := range fed.Placement {
		require.NotNil(t, p.Sync, "no decision for %s", p.Cluster)
		why[p.Cluster] = p.Sync.Why + "/" + p.Sync.Action
	}
	assert.Equal(t, "notReady/skip", why["c3"])
	assert.Equal(t, "placement/none", why["c1"])
}

const ftcs = `apiVersion: core.kubefed.io/v1beta1
kind: FederatedTypeConfig
metadata: {name: namespaces, namespace: kube-federation-system}
spec:
  targetType: {version: v1, kind: Namespace, pluralName: namespaces, scope: Cluster}
  propagation: Enabled
  federatedType: {group: types.kubefed.io, version: v1beta1, kind: FederatedNamespace, pluralName: federatednamespaces, scope: Namespaced}
---
apiVersion: core.kubefed.io/v1beta1
kind: FederatedTypeConfig
metadata: {name: configmaps, namespace: kube-federation-system}
spec:
  targetType: {version: v1, kind: ConfigMap, pluralName: configmaps, scope: Namespaced}
  propagation: Enabled
  federatedType: {group: types.kubefed.io, version: v1beta1, kind: FederatedConfigMap, pluralName: federatedconfigmaps, scope: Namespaced}
`

// A session driven step by step: load, apply, cluster change, advance,
// delete, restart, disable, enable, state, close.
func TestSession(t *testing.T) {
	e := explorer.New()
	var load kubefed.LoadReply
	xt.MustCall(t, e, "kubefed.load", kubefed.LoadRequest{Scenario: "clusters: [{name: c1}, {name: c2, labels: {env: prod}}]\nsteps: []\n"}, &load)
	require.NotEmpty(t, load.Session)
	require.Len(t, load.Transcript.Setup.Snapshot.Clusters, 2)
	assert.Equal(t, explorer.Seconds(0), load.Time)
	assert.Empty(t, load.Diagnostics)

	step := func(st kubefed.Step) kubefed.StepReply {
		t.Helper()
		var r kubefed.StepReply
		xt.MustCall(t, e, "kubefed.step", kubefed.StepRequest{Session: load.Session, Step: st}, &r)
		assert.Equal(t, load.Session, r.Session)
		return r
	}
	r := step(kubefed.Step{Apply: ftcs})
	require.Empty(t, r.Error)
	assert.Len(t, r.Snapshot.Controllers, 2)
	assert.Contains(t, strings.Join(r.LogText, "\n"), `Started sync controller for "FederatedConfigMap"`)
	fed := "apiVersion: v1\nkind: Namespace\nmetadata: {name: ns1}\n---\napiVersion: types.kubefed.io/v1beta1\nkind: FederatedNamespace\nmetadata: {name: ns1, namespace: ns1}\nspec: {placement: {clusterSelector: {}}}\n---\n" +
		"apiVersion: types.kubefed.io/v1beta1\nkind: FederatedConfigMap\nmetadata: {name: cm, namespace: ns1}\nspec:\n  template: {data: {a: \"1\"}}\n  placement: {clusterSelector: {matchLabels: {env: prod}}}\n"
	r = step(kubefed.Step{Apply: fed})
	require.Empty(t, r.Error)
	assert.Empty(t, r.Diagnostics)

	// A syntax error in the applied text: the step fails, and its
	// diagnostic points into that text, at the line of the unclosed brace
	// (the message says the same line).
	r = step(kubefed.Step{Apply: "apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: x\n"})
	require.NotEmpty(t, r.Error)
	require.Len(t, r.Diagnostics, 1)
	d := r.Diagnostics[0]
	assert.Equal(t, explorer.Diagnostic{Severity: explorer.SeverityError, Code: kubefed.CodeStep, Input: "step.apply",
		Document: 2, Line: 7, Message: "yaml: line 7: did not find expected ',' or '}'"}, d)
	assert.Equal(t, "line 7: "+d.Message, r.Error, "the error keeps its text; the diagnostic has the position as data")

	r = step(kubefed.Step{ClusterOp: &kubefed.ClusterOp{Name: "c1", Labels: map[string]string{"env": "prod"}}})
	require.Empty(t, r.Error)

	var adv kubefed.StepReply
	xt.MustCall(t, e, "kubefed.advance", kubefed.AdvanceRequest{Session: load.Session, By: "30s"}, &adv)
	assert.Equal(t, explorer.Seconds(30), adv.Time)
	assert.Equal(t, "advance 30s", adv.Action)
	to := explorer.Seconds(45)
	xt.MustCall(t, e, "kubefed.advance", kubefed.AdvanceRequest{Session: load.Session, To: &to}, &adv)
	assert.GreaterOrEqual(t, adv.Time, to, "the controllers settle after the clock reached the instant")
	assert.Less(t, adv.Time, to+1)

	// A step that runs and fails carries its error and a diagnostic
	// without a position.
	r = step(kubefed.Step{Delete: &kubefed.ObjectRef{Kind: "ConfigMap", Namespace: "ns1", Name: "nope", Cluster: "c9"}})
	require.NotEmpty(t, r.Error)
	assert.Equal(t, []explorer.Diagnostic{{Severity: explorer.SeverityError, Code: kubefed.CodeStep, Input: "step", Message: r.Error}}, r.Diagnostics)

	r = step(kubefed.Step{Restart: true})
	assert.Equal(t, "restart controller manager", r.Action)
	r = step(kubefed.Step{Disable: &kubefed.DisableOptions{Name: "configmaps"}})
	require.Empty(t, r.Error)

	var en kubefed.EnableReply
	xt.MustCall(t, e, "kubefed.enable", kubefed.EnableRequest{Options: kubefed.EnableOptions{Name: "deployments.apps", Output: "yaml"}}, &en)
	assert.Contains(t, en.Output, "kind: FederatedTypeConfig")
	assert.Nil(t, en.Step, "without a session nothing persists")
	xt.MustCall(t, e, "kubefed.enable", kubefed.EnableRequest{Session: load.Session, Options: kubefed.EnableOptions{Name: "secrets"}}, &en)
	require.NotNil(t, en.Step)
	assert.Empty(t, en.Error)
	xt.MustCall(t, e, "kubefed.enable", kubefed.EnableRequest{Session: load.Session, Options: kubefed.EnableOptions{Name: "nosuchthing"}}, &en)
	require.NotEmpty(t, en.Error)
	assert.Equal(t, []explorer.Diagnostic{{Severity: explorer.SeverityError, Code: kubefed.CodeEnable, Input: "options", Message: en.Error}}, en.Diagnostics)

	var st kubefed.StateReply
	xt.MustCall(t, e, "kubefed.state", explorer.SessionRequest{Session: load.Session}, &st)
	assert.GreaterOrEqual(t, st.Time, to)
	assert.Len(t, st.Snapshot.Clusters, 2)

	xt.MustCall(t, e, "kubefed.close", explorer.SessionRequest{Session: load.Session}, nil)
	xt.WantError(t, e, "kubefed.state", explorer.SessionRequest{Session: load.Session}, explorer.CodeNotFound)
}

func TestSessionErrors(t *testing.T) {
	e := explorer.New()
	var load kubefed.LoadReply
	xt.MustCall(t, e, "kubefed.load", kubefed.LoadRequest{}, &load)
	past := explorer.Seconds(-1)
	tests := []struct {
		method      string
		req         any
		wantMessage string
		wantDiag    explorer.Diagnostic
	}{
		{"kubefed.step", map[string]any{"session": load.Session, "step": map[string]any{"restart": true, "advance": "1s"}},
			"step: exactly one of apply, delete, advance, clusterOp, restart, enable, disable, fault, startFailure must be set (found 2)",
			explorer.Diagnostic{Code: kubefed.CodeStep, Input: "step", Message: "exactly one of apply, delete, advance, clusterOp, restart, enable, disable, fault, startFailure must be set (found 2)"}},
		{"kubefed.advance", kubefed.AdvanceRequest{Session: load.Session, By: "soon"}, `by: Invalid value: "soon": a non-negative duration such as 5s or 1m`,
			explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "by", Message: `by: Invalid value: "soon": a non-negative duration such as 5s or 1m`}},
		{"kubefed.advance", kubefed.AdvanceRequest{Session: load.Session, To: &past}, `to: Invalid value: -1: time only moves forward (now 0s)`,
			explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "to", Message: `to: Invalid value: -1: time only moves forward (now 0s)`}},
		{"kubefed.load", kubefed.LoadRequest{Scenario: "steps: []\nbogus: 1\n"}, `scenario: line 2: unknown field "bogus"`,
			explorer.Diagnostic{Code: kubefed.CodeScenario, Input: "scenario", Line: 2, Message: `unknown field "bogus"`}},
		{"kubefed.load", kubefed.LoadRequest{Example: "o1-fresh-namespaced-ftc", Scenario: "steps: []"}, "set scenario or example, not both",
			explorer.Diagnostic{Code: explorer.CodeRequestInvalid, Input: "example", Message: "set scenario or example, not both"}},
		{"kubefed.load", kubefed.LoadRequest{Example: "o1-fresh-namespaced-ftc", Scope: "Global"},
			`controlPlane.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"`,
			explorer.Diagnostic{Code: kubefed.CodeScenario, Input: "controlPlane", Message: `scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"`}},
		{"kubefed.load", kubefed.LoadRequest{Steps: []kubefed.Step{{Advance: "5s", Restart: true}}},
			"steps[0]: exactly one of apply, delete, advance, clusterOp, restart, enable, disable, fault, startFailure must be set (found 2)",
			explorer.Diagnostic{Code: kubefed.CodeStep, Input: "steps[0]", Message: "exactly one of apply, delete, advance, clusterOp, restart, enable, disable, fault, startFailure must be set (found 2)"}},
		{"kubefed.run", kubefed.RunRequest{Scenario: "steps:\n  - advance: 5s\n    bogus: 1\n"}, `scenario: line 3: unknown field "steps[0].bogus"`,
			explorer.Diagnostic{Code: kubefed.CodeScenario, Input: "scenario", Line: 3, Message: `unknown field "steps[0].bogus"`}},
	}
	for _, tt := range tests {
		xe := xt.WantError(t, e, tt.method, tt.req, explorer.CodeBadRequest)
		assert.Equal(t, tt.wantMessage, xe.Message)
		tt.wantDiag.Severity = explorer.SeverityError
		assert.Equal(t, []explorer.Diagnostic{tt.wantDiag}, xe.Diagnostics, tt.wantMessage)
	}
	for _, m := range []string{"kubefed.step", "kubefed.advance", "kubefed.state", "kubefed.enable"} {
		xt.WantError(t, e, m, map[string]any{"session": "kubefed-99"}, explorer.CodeNotFound)
	}
	xt.WantError(t, e, "kubefed.load", kubefed.LoadRequest{Example: "nope"}, explorer.CodeNotFound)
}

// kubefed.load takes an example, control-plane overrides and extra steps,
// which is how the page rebuilds a session from its saved state; a failed
// step is located in the scenario or in the request's steps.
func TestLoadOverridesAndDiagnostics(t *testing.T) {
	e := explorer.New()
	var load kubefed.LoadReply
	webhook := false
	req := kubefed.LoadRequest{Example: "o1-fresh-namespaced-ftc", Scope: "Namespaced", Webhook: &webhook,
		Steps: []kubefed.Step{{Advance: "5s"}, {Restart: true}, {Apply: "apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\nmetadata: {name: [\n"}}}
	xt.MustCall(t, e, "kubefed.load", req, &load)
	assert.Equal(t, "Namespaced", load.Transcript.Options.Scope)
	assert.False(t, load.Transcript.Options.WebhookEnabled())
	require.Len(t, load.Transcript.Steps, 5, "the example's 2 steps and 3 more")
	assert.Equal(t, "restart controller manager", load.Transcript.Steps[3].Action)
	require.Len(t, load.Diagnostics, 1)
	d := load.Diagnostics[0]
	assert.Equal(t, "steps[2].apply", d.Input)
	assert.Equal(t, 2, d.Document)
	assert.Equal(t, 5, d.Line)

	scenarioText := "clusters: [{name: c1}]\nsteps:\n  - delete: {kind: ConfigMap, name: nope, namespace: x}\n"
	var run kubefed.RunReply
	xt.MustCall(t, e, "kubefed.run", kubefed.RunRequest{Scenario: scenarioText}, &run)
	require.Len(t, run.Diagnostics, 1)
	assert.Equal(t, "scenario", run.Diagnostics[0].Input)
	assert.Equal(t, 3, run.Diagnostics[0].Line, "a failed step without a position marks the step's line")
}
